import { text } from '../../platform/i18n/index';

export const MESSAGES = {
  listingNotFound: text('挂牌不存在', 'No such listing', '掛牌不存在'),
  pickNotFound: text('摘牌单不存在', 'No such pick', '摘牌單不存在'),
  bargainNotFound: text('议价不存在', 'No such offer', '議價不存在'),
  listingState: text('挂牌当前状态不允许此操作', 'The listing status does not allow this', '掛牌當前狀態不允許此操作'),
  pickState: text('摘牌单当前状态不允许此操作', 'The pick status does not allow this', '摘牌單當前狀態不允許此操作'),
  bargainState: text('议价当前状态不允许此操作', 'The offer status does not allow this', '議價當前狀態不允許此操作'),
  payState: text('摘牌单的付款状态不允许此操作', 'The payment status of the pick does not allow this', '摘牌單的付款狀態不允許此操作'),
  invoiceState: text('发票状态不允许此操作', 'The invoice status does not allow this', '發票狀態不允許此操作'),
  deliveryState: text('预售货物尚未入库', 'The presale goods are not stocked in yet', '預售貨物尚未入庫'),
  overPick: text('摘牌数量超过挂牌剩余数量', 'The quantity exceeds what is left on the listing', '摘牌數量超過掛牌剩餘數量'),
  ownListing: text('不能摘自己的挂牌', 'You cannot pick your own listing', '不能摘自己的掛牌'),
  badCatalog: text('品种或等级与持仓不符', 'The commodity type or grade does not match the holding', '品種或等級與持倉不符'),
  amountTooSmall: text('摘牌金额过小', 'The amount is too small', '摘牌金額過小'),
  wrongSide: text('该挂牌方向不支持此摘牌方式', 'This kind of pick does not fit the listing’s direction', '該掛牌方向不支援此摘牌方式'),
  holdRequired: text('请选择持仓（holdId）', 'Choose a holding (holdId)', '請選擇持倉（holdId）'),
  holdNotAllowed: text('预售挂牌不能指定持仓（holdId）', 'A presale listing takes no holding (holdId)', '預售掛牌不能指定持倉（holdId）'),
  putWarehousDay: text('预售挂牌需要不早于今天的入库日期（putWarehousDay）', 'A presale listing needs a stock-in day (putWarehousDay) not before today', '預售掛牌需要不早於今天的入庫日期（putWarehousDay）'),
  weightTolerance: text('实际重量超出磅差（poundsPoor）允许范围', 'The actual weight is outside the weight tolerance (poundsPoor)', '實際重量超出磅差（poundsPoor）允許範圍'),
  wrongCode: text('付款校验码（code）与应付尾款不符', 'The payment code (code) does not match the balance due', '付款校驗碼（code）與應付尾款不符'),
  reasonRequired: text('请填写审核不通过的原因（reason）', 'Give the reason (reason) for failing the audit', '請填寫審核不通過的原因（reason）'),
  fileRequired: text('请选择要上传的文件', 'Choose a file to upload', '請選擇要上傳的檔案'),
  invoiceAmount: text('发票金额（amount）须等于货款', 'The invoice amount (amount) must equal the amount of the pick', '發票金額（amount）須等於貨款'),
  sandboxOnly: text('仅测试环境可用', 'Only available in the sandbox', '僅測試環境可用'),
  sameCounter: text('还价须包含价格与数量（price, quantity）', 'A counter-offer needs a price and a quantity (price, quantity)', '還價須包含價格與數量（price, quantity）'),
  pledgedNotAllowed: text('质押货物须由质押融资挂牌（financeId）', 'Pledged goods are listed through their pledge financing (financeId)', '質押貨物須由質押融資掛牌（financeId）'),
} as const;

export { badRequest, conflict, forbidden, notFound } from '../../platform/http/index';
