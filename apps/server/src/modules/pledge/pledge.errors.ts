import { text } from '../../platform/i18n/index';

export const MESSAGES = {
  financeNotFound: text('融资记录不存在', 'No such financing', '融資記錄不存在'),
  funderNotFound: text('资金方不存在或已停用（factorId）', 'No such active funder (factorId)', '資金方不存在或已停用（factorId）'),
  notFunder: text('贵企业不是平台资金方', 'Your firm is not a funder of the platform', '貴企業不是平台資金方'),
  productMissing: text('该资金方不为此品种提供质押融资', 'This funder offers no pledge financing for this commodity', '該資金方不為此品種提供質押融資'),
  termNotOffered: text('该资金方不提供此还款期限（paybackTimeId）', 'This funder offers no such term (paybackTimeId)', '該資金方不提供此還款期限（paybackTimeId）'),
  holdingNotFound: text('持仓不存在或不可质押（holdId）', 'No such holding to pledge (holdId)', '持倉不存在或不可質押（holdId）'),
  ownFunder: text('不能向本企业融资', 'A firm cannot borrow from itself', '不能向本企業融資'),
  state: text('融资当前状态不允许此操作', 'The financing status does not allow this', '融資當前狀態不允許此操作'),
  awaitingWarehouse: text('仓库尚未确认质押货物', 'The warehouse has not confirmed the pledged goods yet', '倉庫尚未確認質押貨物'),
  overLtv: text('融资金额（amount）超过货值乘以质押率', 'The amount (amount) exceeds the valuation times the loan-to-value', '融資金額（amount）超過貨值乘以質押率'),
  valueReason: text('修改参考价（referencePrice）须填写原因（reason）', 'Give the reason (reason) for another reference price (referencePrice)', '修改參考價（referencePrice）須填寫原因（reason）'),
  overPayoff: text('还款金额（amount）超过应还总额', 'The amount (amount) exceeds what is owed', '還款金額（amount）超過應還總額'),
  firmNotCertified: text('资金方须为已通过认证的企业（firmId）', 'A funder must be a certified enterprise (firmId)', '資金方須為已通過認證的企業（firmId）'),
  commodityNotFound: text('品种不存在（commodityTypeId）', 'No such commodity (commodityTypeId)', '品種不存在（commodityTypeId）'),
  saleState: text('仅融资中的质押货物可以挂牌出售', 'Pledged goods may be listed only while their loan is financing', '僅融資中的質押貨物可以掛牌出售'),
  saleCommodity: text('挂牌品种（commodityTypeId）须与质押货物一致', 'The listing’s commodity (commodityTypeId) must be that of the pledged goods', '掛牌品種（commodityTypeId）須與質押貨物一致'),
  saleQuantity: text('挂牌数量（quantity）超过尚未挂牌的质押货物', 'The quantity (quantity) exceeds the pledged goods not listed yet', '掛牌數量（quantity）超過尚未掛牌的質押貨物'),
  salePrice: text(
    '挂牌价格（price）过低：扣除手续费后的货款须至少偿还这部分货物所担保的欠款',
    'The price (price) is too low: the proceeds after the fee must repay at least the share of the debt these goods secure',
    '掛牌價格（price）過低：扣除手續費後的貨款須至少償還這部分貨物所擔保的欠款',
  ),
  listedGoods: text('该融资的质押货物正在挂牌出售，须待挂牌结束', 'Goods of this loan are listed for sale; wait until the listing ends', '該融資的質押貨物正在掛牌出售，須待掛牌結束'),
  contractMissing: text('融资尚未签订质押合同', 'No pledge contract has been signed yet', '融資尚未簽訂質押合同'),
} as const;

export { badRequest, conflict, forbidden, notFound } from '../../platform/http/index';
