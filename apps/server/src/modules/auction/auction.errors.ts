import { text } from '../../platform/i18n/index';

export const MESSAGES = {
  auctionNotFound: text('竞拍不存在', 'No such auction', '競拍不存在'),
  orderNotFound: text('成交单不存在', 'No such winning order', '成交單不存在'),
  auctionState: text('竞拍当前状态不允许此操作', 'The auction status does not allow this', '競拍當前狀態不允許此操作'),
  orderState: text('成交单当前状态不允许此操作', 'The winning order status does not allow this', '成交單當前狀態不允許此操作'),
  notBidding: text('竞拍不在竞价阶段（startTime 至 endTime）', 'The auction is not in its bidding phase (startTime to endTime)', '競拍不在競價階段（startTime 至 endTime）'),
  notRegistered: text('未报名或保证金未冻结，不能出价', 'Sign up and have the deposit frozen before bidding', '未報名或保證金未凍結，不能出價'),
  lowOffer: text('出价（offerPrice）至少为 {min}', 'The bid (offerPrice) must be at least {min}', '出價（offerPrice）至少為 {min}'),
  highOffer: text('竞买出价（offerPrice）至多为 {max}', 'The bid (offerPrice) must be at most {max} (a margin buy: bids go down)', '競買出價（offerPrice）至多為 {max}'),
  noLowerBid: text('价格已无法再降，不能出价', 'The price cannot go any lower: no further bid is possible', '價格已無法再降，不能出價'),
  alreadyLeading: text('您已是最高出价者', 'You already hold the highest bid', '您已是最高出價者'),
  ownAuction: text('不能参与自己发布的竞拍', 'You cannot take part in your own auction', '不能參與自己發布的競拍'),
  alreadyEnrolled: text('已报名该竞拍', 'You have already signed up for this auction', '已報名該競拍'),
  signUpClosed: text('报名已截止（竞拍已结束或未公示）', 'Sign-up is closed (the auction has ended or is not public)', '報名已截止（競拍已結束或未公示）'),
  showTimePast: text('公示时间（showTime）不能早于当前时间', 'The notice time (showTime) cannot be in the past', '公示時間（showTime）不能早於當前時間'),
  warehouse: text('仓库（warehousId）与持仓所在仓库不符', 'The warehouse (warehousId) is not where the holding is stored', '倉庫（warehousId）與持倉所在倉庫不符'),
  holding: text('持仓（holdId）不存在或不可用', 'The holding (holdId) does not exist or is not available', '持倉（holdId）不存在或不可用'),
  reservePrice: text('保留价（reservePrice）不能低于起拍价（startingUnitPrice）', 'The reserve price (reservePrice) cannot be below the starting price (startingUnitPrice)', '保留價（reservePrice）不能低於起拍價（startingUnitPrice）'),
  proxyTooLow: text('委托最高价（maxPrice）至少为 {min}', 'The proxy maximum (maxPrice) must be at least {min}', '委託最高價（maxPrice）至少為 {min}'),
  proxyTooHigh: text('委托最低价（maxPrice）至多为 {max}', 'The proxy minimum (maxPrice) must be at most {max}', '委託最低價（maxPrice）至多為 {max}'),
  reserveAbove: text('保留价（reservePrice）不能高于起拍价（startingUnitPrice）', 'The reserve price (reservePrice) cannot be above the starting price (startingUnitPrice)', '保留價（reservePrice）不能高於起拍價（startingUnitPrice）'),
  lotBusy: text('竞拍出价繁忙，请重试', 'The auction is busy, please bid again', '競拍出價繁忙，請重試'),
  confirmLapsed: text('确认期限已过，卖方违约，成交单已失效', 'The confirmation deadline has passed: the seller defaulted and the winning order is void', '確認期限已過，賣方違約，成交單已失效'),
  reasonRequired: text('请填写原因（reason）', 'Give the reason (reason)', '請填寫原因（reason）'),
} as const;

export { badRequest, conflict, forbidden, notFound } from '../../platform/http/index';
