import { text, type LocalizedText } from '../../platform/i18n/index';

export { AdminFirmRow, AdminListRequest, LoadRightsRequest, RightEntry } from '@tp/contract';

/**
 * The rights catalogue: every action a firm's user may be allowed. A main account holds all of
 * them; a staff member holds the union of their roles' rights. Other modules check these codes
 * with `firm.requireRight` on every action, never only in the menu.
 */
export const RIGHTS = {
  'trade.list': text('挂牌', 'List goods for sale', '掛牌'),
  'trade.pick': text('摘牌', 'Pick listings', '摘牌'),
  'trade.bargain': text('议价', 'Bargain', '議價'),
  'trade.purchase': text('求购', 'Post purchase requests', '求購'),
  'trade.invoice': text('开票', 'Invoice', '開票'),
  'trade.delivery': text('交收与提货', 'Delivery and pickup', '交收與提貨'),
  'auction.publish': text('发布竞拍', 'Publish auctions', '發布競拍'),
  'auction.bid': text('竞拍报名与出价', 'Sign up and bid in auctions', '競拍報名與出價'),
  'contract.sign': text('合同签署', 'Sign contracts', '合同簽署'),
  'capital.view': text('资金查询', 'View funds', '資金查詢'),
  'capital.deposit': text('入金', 'Fund in', '入金'),
  'capital.withdraw': text('出金', 'Fund out', '出金'),
  'capital.sign': text('银行签约', 'Bank signing', '銀行簽約'),
  'capital.password': text('资金密码管理', 'Manage the fund password', '資金密碼管理'),
  'warehouse.apply': text('入库申请', 'Apply for warehousing', '入庫申請'),
  'warehouse.pickup': text('提货申请', 'Apply for pickup', '提貨申請'),
  'pledge.apply': text('质押融资', 'Pledge financing', '質押融資'),
  'mall.order': text('商城下单', 'Order in the mall', '商城下單'),
  'staff.manage': text('员工与角色管理', 'Manage staff and roles', '員工與角色管理'),
  'enterprise.certify': text('企业认证', 'Enterprise certification', '企業認證'),
} as const satisfies Record<string, LocalizedText>;

export type RightCode = keyof typeof RIGHTS;
export const RIGHT_CODES = Object.keys(RIGHTS) as RightCode[];

export function isRightCode(code: string): code is RightCode {
  return Object.hasOwn(RIGHTS, code);
}

/** `type` 3 of the spec's rights call: the function rights the UI shows and the server enforces. */
export const RIGHTS_TYPE_FUNCTIONS = 3;
