import { text } from '../../platform/i18n/index';

export const MESSAGES = {
  requestNotFound: text('售后申请不存在', 'No such after-sale request', '售後申請不存在'),
  orderNotFound: text('订单不存在', 'No such order', '訂單不存在'),
  state: text('售后申请当前状态不允许此操作', 'The after-sale request status does not allow this', '售後申請當前狀態不允許此操作'),
  notOpenable: text('订单尚不能申请退换货（须已付清并收货）', 'This order cannot be returned or exchanged yet (it must be paid and received)', '訂單尚不能申請退換貨（須已付清並收貨）'),
  alreadyOpen: text('该订单已有处理中的售后申请', 'This order already has an after-sale request in progress', '該訂單已有處理中的售後申請'),
  refundedInFull: text('该订单已全额退款', 'This order has already been refunded in full', '該訂單已全額退款'),
  amountTooHigh: text('退款金额（amount）不能超过 {max}', 'The refund (amount) cannot exceed {max}', '退款金額（amount）不能超過 {max}'),
  amountZero: text('退款金额（amount）须大于 0', 'The refund (amount) must be more than 0', '退款金額（amount）須大於 0'),
  photos: text('图片（photoIds）须为本方上传的图片', 'The photos (photoIds) must be images your firm uploaded', '圖片（photoIds）須為本方上傳的圖片'),
  refuseReason: text('拒绝时请填写原因（reason）', 'Give the reason for refusing (reason)', '拒絕時請填寫原因（reason）'),
  onlyBuyer: text('只有买方可以执行此操作', 'Only the buyer can do this', '只有買方可以執行此操作'),
  onlySeller: text('只有卖方可以执行此操作', 'Only the seller can do this', '只有賣方可以執行此操作'),
  noPhoto: text('图片不存在', 'No such photo', '圖片不存在'),
} as const;

export { badRequest, conflict, forbidden, notFound } from '../../platform/http/index';
