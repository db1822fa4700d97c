import { text, type LocalizedText } from '../../platform/i18n/index';

export { AdminFirmRow, AdminListRequest, LoadRightsRequest, RightEntry } from '@tp/contract';

/**
 * The rights catalogue: every action a firm's user may be allowed. A main account holds all of
 * them; a staff member holds the union of their roles' rights. Other modules check these codes
 * with `firm.requireRight` on every action, never only in the menu.
 */
export const RIGHTS = {
  'buyer.view': text('买家中心查看', 'View the buyer center', '買家中心查看'),
  'trade.list': text('挂牌', 'List goods for sale', '掛牌'),
  'trade.pick': text('摘牌', 'Pick listings', '摘牌'),
  'trade.bargain': text('议价', 'Bargain', '議價'),
  'trade.purchase': text('求购', 'Post purchase requests', '求購'),
  'trade.pay': text('支付货款与尾款', 'Pay for goods and balances', '支付貨款與尾款'),
  'trade.invoice': text('开票', 'Invoice', '開票'),
  'trade.confirmInvoice': text('确认收票', 'Confirm received invoices', '確認收票'),
  'trade.delivery': text('交收与提货', 'Delivery and pickup', '交收與提貨'),
  'seller.view': text('卖家中心查看', 'View the seller center', '賣家中心查看'),
  'seller.product': text('商品发布与管理', 'Publish and manage products', '商品發布與管理'),
  'seller.shop': text('店铺管理', 'Manage the shop', '店鋪管理'),
  'auction.publish': text('发布竞拍', 'Publish auctions', '發布競拍'),
  'supply.publish': text('发布供求信息', 'Publish supply and demand notes', '發布供求資訊'),
  'auction.bid': text('竞拍报名与出价', 'Sign up and bid in auctions', '競拍報名與出價'),
  'contract.view': text('合同查看', 'View contracts', '合同查看'),
  'contract.sign': text('合同签署', 'Sign contracts', '合同簽署'),
  'capital.view': text('资金查询', 'View funds', '資金查詢'),
  'capital.deposit': text('入金', 'Fund in', '入金'),
  'capital.withdraw': text('出金', 'Fund out', '出金'),
  'capital.sign': text('银行签约', 'Bank signing', '銀行簽約'),
  'capital.password': text('资金密码管理', 'Manage the fund password', '資金密碼管理'),
  'warehouse.apply': text('入库申请', 'Apply for warehousing', '入庫申請'),
  'warehouse.inspection': text('质检报告', 'Quality inspection reports', '質檢報告'),
  'warehouse.pickup': text('提货申请', 'Apply for pickup', '提貨申請'),
  'logistics.manage': text('物流与自提单管理', 'Manage logistics and self-pickup bills', '物流與自提單管理'),
  'pledge.apply': text('质押融资', 'Pledge financing', '質押融資'),
  'pledge.repay': text('融资还款', 'Repay financing', '融資還款'),
  'mall.order': text('商城下单', 'Order in the mall', '商城下單'),
  'staff.manage': text('员工与角色管理', 'Manage staff and roles', '員工與角色管理'),
  'enterprise.view': text('企业信息查看', 'View enterprise information', '企業資訊查看'),
  'enterprise.certify': text('企业认证', 'Enterprise certification', '企業認證'),
  'enterprise.seal': text('电子签章管理', 'Manage the signature seal', '電子簽章管理'),
} as const satisfies Record<string, LocalizedText>;

export type RightCode = keyof typeof RIGHTS;
export const RIGHT_CODES = Object.keys(RIGHTS) as RightCode[];

export function isRightCode(code: string): code is RightCode {
  return Object.hasOwn(RIGHTS, code);
}

/** `type` 3 of the spec's rights call: the function rights the UI shows and the server enforces. */
export const RIGHTS_TYPE_FUNCTIONS = 3;

/** How the catalogue is grouped on the role form (买家, 卖家, 资金, 物流, 人员与企业). */
export const RIGHT_GROUPS = {
  buyer: text('买家', 'Buyer', '買家'),
  seller: text('卖家', 'Seller', '賣家'),
  capital: text('资金', 'Capital', '資金'),
  logistics: text('仓储与物流', 'Warehouse and logistics', '倉儲與物流'),
  personnel: text('人员与企业', 'Personnel and enterprise', '人員與企業'),
} as const satisfies Record<string, LocalizedText>;
export type RightGroup = keyof typeof RIGHT_GROUPS;

const GROUP_OF: Record<RightCode, RightGroup> = {
  'buyer.view': 'buyer',
  'trade.pick': 'buyer',
  'trade.bargain': 'buyer',
  'trade.purchase': 'buyer',
  'trade.pay': 'buyer',
  'trade.confirmInvoice': 'buyer',
  'auction.bid': 'buyer',
  'mall.order': 'buyer',
  'contract.view': 'buyer',
  'contract.sign': 'buyer',
  'seller.view': 'seller',
  'trade.list': 'seller',
  'trade.invoice': 'seller',
  'seller.product': 'seller',
  'seller.shop': 'seller',
  'auction.publish': 'seller',
  'supply.publish': 'seller',
  'capital.view': 'capital',
  'capital.deposit': 'capital',
  'capital.withdraw': 'capital',
  'capital.sign': 'capital',
  'capital.password': 'capital',
  'pledge.apply': 'capital',
  'pledge.repay': 'capital',
  'warehouse.apply': 'logistics',
  'warehouse.inspection': 'logistics',
  'warehouse.pickup': 'logistics',
  'trade.delivery': 'logistics',
  'logistics.manage': 'logistics',
  'staff.manage': 'personnel',
  'enterprise.view': 'personnel',
  'enterprise.certify': 'personnel',
  'enterprise.seal': 'personnel',
};

export function rightGroupOf(code: RightCode): RightGroup {
  return GROUP_OF[code];
}
