import { ResultCode, SpotCode } from '@tp/contract';
import { AppError } from '../../platform/http/index';
import { text, type LocalizedText } from '../../platform/i18n/index';

function withReason(base: LocalizedText, reason?: LocalizedText): LocalizedText {
  return reason ? { cn: `${base.cn}：${reason.cn}`, en: `${base.en}: ${reason.en}`, tw: `${base.tw}：${reason.tw}` } : base;
}

/** The spec's "failed to place an order", with the reason. */
export class PlaceFailedError extends AppError {
  constructor(reason?: LocalizedText, httpStatus = 400, params: Record<string, string | number> = {}) {
    super(SpotCode.placeFailed, httpStatus, withReason(text('下单失败', 'Failed to place an order', '下單失敗'), reason), params);
  }
}

/** The spec's "failed to cancel". */
export class CancelFailedError extends AppError {
  constructor(reason?: LocalizedText, httpStatus = 404) {
    super(SpotCode.cancelFailed, httpStatus, withReason(text('撤单失败', 'Failed to cancel', '撤單失敗'), reason));
  }
}

export const REASONS = {
  market: text('交易对不存在或已暂停', 'the market does not exist or is halted', '交易對不存在或已暫停'),
  tick: text('价格须为 {tick} 的整数倍', 'the price must be a multiple of {tick}', '價格須為 {tick} 的整數倍'),
  lot: text('数量须为 {lot} 的整数倍', 'the quantity must be a multiple of {lot}', '數量須為 {lot} 的整數倍'),
  notional: text('成交额不能低于 {min}', 'the order value must be at least {min}', '成交額不能低於 {min}'),
  tooLarge: text('数量超出上限', 'the quantity is above the maximum', '數量超出上限'),
  marketTif: text('市价单仅支持 IOC 或 FOK', 'market orders are IOC or FOK', '市價單僅支援 IOC 或 FOK'),
  notFound: text('订单不存在或已完成', 'the order does not exist or is done', '訂單不存在或已完成'),
  busy: text('交易对繁忙，请稍后重试', 'the market is busy, retry in a moment', '交易對繁忙，請稍後重試'),
  wouldTrigger: text('止损价已被触及，订单会立即触发', 'the stop price has already been reached; the order would trigger immediately', '止損價已被觸及，訂單會立即觸發'),
  stopPostOnly: text('止损单不能设为只做 Maker', 'stop orders cannot be post-only', '止損單不能設為只做 Maker'),
  ocoCross: text('OCO 的限价单会立即成交', 'the limit order of an OCO pair would trade at once', 'OCO 的限價單會立即成交'),
  disclosure: text('请先阅读并同意风险揭示书', 'read and accept the risk disclosure first', '請先閱讀並同意風險揭示書'),
} as const;

const BUSY = text('交易对繁忙，请稍后重试', 'The market is busy, retry in a moment', '交易對繁忙，請稍後重試');

/**
 * The instance running the market could not be reached, or the market is changing hands (its
 * owner stopped and another instance is taking it over): nothing was done, the caller retries.
 */
export function marketBusy(op: 'place' | 'cancel' | 'read'): AppError {
  if (op === 'place') return new PlaceFailedError(REASONS.busy, 503);
  if (op === 'cancel') return new CancelFailedError(REASONS.busy, 503);
  return new AppError(ResultCode.internal, 503, BUSY);
}
