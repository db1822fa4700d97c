import { FuturesCode } from '@tp/contract';
import { AppError } from '../../platform/http/index';
import { fillText, text, type LocalizedText } from '../../platform/i18n/index';

/** The fields refusals name, in the user's language. */
export const FIELDS = {
  lots: text('数量', 'Quantity', '數量'),
  price: text('价格', 'Price', '價格'),
  type: text('委托类型', 'Order type', '委託類型'),
  listingId: text('合约', 'Contract', '合約'),
  stopProfit: text('止盈价', 'Stop-profit price', '止盈價'),
  stopLoss: text('止损价', 'Stop-loss price', '止損價'),
  balance: text('合约账户可用余额', 'Contract account balance', '合約賬戶可用餘額'),
  positionId: text('持仓', 'Position', '持倉'),
  orderId: text('委托', 'Entrustment', '委託'),
  maxLots: text('单笔最大委托', 'Maximum per order', '單筆最大委託'),
  minLots: text('单笔最小委托', 'Minimum per order', '單筆最小委託'),
  maxPosition: text('最大持仓', 'Maximum position', '最大持倉'),
  priceDifference: text('点差', 'Price difference', '點差'),
  tickSize: text('最小变动价位', 'Minimum price change', '最小變動價位'),
  symbol: text('现货交易对', 'Spot market', '現貨交易對'),
  code: text('合约代码', 'Contract code', '合約代碼'),
  openFee: text('开仓手续费系数', 'Opening fee coefficient', '開倉手續費係數'),
  closeFee: text('平仓手续费系数', 'Closing fee coefficient', '平倉手續費係數'),
  overnightFee: text('隔夜费', 'Overnight fee', '隔夜費'),
  maintenanceRate: text('维持保证金比例', 'Maintenance rate', '維持保證金比例'),
  status: text('状态', 'Status', '狀態'),
} as const;
export type FuturesField = keyof typeof FIELDS;

export const REASONS = {
  atLeast: text('不能小于 {min}', 'must be at least {min}', '不能小於 {min}'),
  atMost: text('不能大于 {max}', 'must be at most {max}', '不能大於 {max}'),
  tick: text('须为 {tick} 的整数倍', 'must be a multiple of {tick}', '須為 {tick} 的整數倍'),
  positive: text('须大于 0', 'must be above 0', '須大於 0'),
  notNegative: text('不能为负', 'must not be negative', '不能為負'),
  limitNeedsPrice: text('限价委托须填写', 'is required for a limit order', '限價委託須填寫'),
  marketHasPrice: text('市价委托不填写', 'is not given for a market order', '市價委託不填寫'),
  notListed: text('未上市或已下市', 'is not listed', '未上市或已下市'),
  notAllowed: text('不允许此委托方式', 'does not allow this kind of order', '不允許此委託方式'),
  stopsNotAllowed: text('不允许设置止盈止损', 'does not allow stop-profit and stop-loss', '不允許設置止盈止損'),
  noPrice: text('暂无标记价格', 'has no mark price yet', '暫無標記價格'),
  insufficient: text('不足（需要 {need}）', 'is not enough (needs {need})', '不足（需要 {need}）'),
  aboveMark: text('须高于当前价格 {mark}', 'must be above the current price {mark}', '須高於當前價格 {mark}'),
  belowMark: text('须低于当前价格 {mark}', 'must be below the current price {mark}', '須低於當前價格 {mark}'),
  stopsRequired: text('止盈价与止损价至少填写一项', 'a stop-profit or a stop-loss price is required', '止盈價與止損價至少填寫一項'),
  closeTooMany: text('超过可平数量 {max}', 'is above what can be closed ({max})', '超過可平數量 {max}'),
  notFound: text('不存在', 'does not exist', '不存在'),
  notOpen: text('已成交或已撤销', 'is already filled or cancelled', '已成交或已撤銷'),
  unknownSymbol: text('不存在', 'does not exist', '不存在'),
  taken: text('已被使用', 'is already in use', '已被使用'),
  order: text('须满足 最小 ≤ 最大 ≤ 最大持仓', 'must satisfy minimum ≤ maximum ≤ maximum position', '須滿足 最小 ≤ 最大 ≤ 最大持倉'),
  listingStatus: text('不能从 {from} 改为 {to}', 'cannot change from {from} to {to}', '不能從 {from} 改為 {to}'),
  listingLocked: text('上市后不能修改', 'cannot change once the contract is listed', '上市後不能修改'),
} as const;

const HEADS = {
  [FuturesCode.placeFailed]: text('下单失败', 'Failed to place an order', '下單失敗'),
  [FuturesCode.cancelFailed]: text('撤单失败', 'Failed to cancel', '撤單失敗'),
  [FuturesCode.listingInvalid]: text('合约设置有误', 'The contract settings are wrong', '合約設置有誤'),
  [FuturesCode.stopsInvalid]: text('止盈止损设置有误', 'The stop-profit and stop-loss are wrong', '止盈止損設置有誤'),
  [FuturesCode.notFound]: text('记录不存在', 'Not found', '記錄不存在'),
} as const;

type Head = keyof typeof HEADS;

/**
 * A refusal of a contract trading request: what failed, the field, and why, in every language
 * ("Failed to place an order: Quantity must be at least 1"). `field` is the request's own name.
 */
export class FuturesError extends AppError {
  constructor(
    code: Head,
    httpStatus: number,
    readonly field: FuturesField,
    reason: LocalizedText,
    params: Record<string, string | number> = {},
  ) {
    super(code, httpStatus, fillText(text('{head}：{field}{reason}', '{head}: {field} {reason}', '{head}：{field}{reason}'), { head: HEADS[code], field: FIELDS[field], reason }), params);
  }
}

export const placeFailed = (field: FuturesField, reason: LocalizedText, params?: Record<string, string | number>, httpStatus = 422) =>
  new FuturesError(FuturesCode.placeFailed, httpStatus, field, reason, params);
export const listingInvalid = (field: FuturesField, reason: LocalizedText, params?: Record<string, string | number>) => new FuturesError(FuturesCode.listingInvalid, 422, field, reason, params);
export const stopsInvalid = (field: FuturesField, reason: LocalizedText, params?: Record<string, string | number>) => new FuturesError(FuturesCode.stopsInvalid, 422, field, reason, params);
export const futuresNotFound = (field: FuturesField) => new FuturesError(FuturesCode.notFound, 404, field, REASONS.notFound);
export const cancelFailed = (field: FuturesField, reason: LocalizedText, httpStatus = 409) => new FuturesError(FuturesCode.cancelFailed, httpStatus, field, reason);

/** Trading waits for the risk disclosure to be accepted, as the spot terminal does. */
export const DISCLOSURE_REFUSED = text('下单失败：请先阅读并同意风险揭示书', 'Failed to place an order: read and accept the risk disclosure first', '下單失敗：請先閱讀並同意風險揭示書');
