import { ConflictError, NotFoundError } from '../../platform/http/index';
import { text, type LocalizedText } from '../../platform/i18n/index';

export const MESSAGES = {
  listingNotFound: text('挂牌不存在', 'No such listing', '掛牌不存在'),
  pickNotFound: text('摘牌单不存在', 'No such pick', '摘牌單不存在'),
  listingState: text('挂牌当前状态不允许此操作', 'The listing status does not allow this', '掛牌當前狀態不允許此操作'),
  pickState: text('摘牌单当前状态不允许此操作', 'The pick status does not allow this', '摘牌單當前狀態不允許此操作'),
  overPick: text('摘牌数量超过挂牌剩余数量', 'The quantity exceeds what is left on the listing', '摘牌數量超過掛牌剩餘數量'),
  ownListing: text('不能摘自己的挂牌', 'You cannot pick your own listing', '不能摘自己的掛牌'),
  badCatalog: text('品种或等级与持仓不符', 'The commodity type or grade does not match the holding', '品種或等級與持倉不符'),
  amountTooSmall: text('摘牌金额过小', 'The amount is too small', '摘牌金額過小'),
} as const;

export const notFound = (message: LocalizedText) => new NotFoundError(message);
export const conflict = (message: LocalizedText) => new ConflictError(message);
