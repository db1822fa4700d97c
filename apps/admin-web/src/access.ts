import type { StaffRight } from '@tp/contract';
import { paths } from './paths';

/**
 * The rights each back-office page needs (any one of them opens it), the same the server checks
 * on the page's calls. Menus show only the pages whose right the staff member holds.
 */
export const PAGE_RIGHTS: Record<string, readonly StaffRight[]> = {
  [paths.users]: ['users.manage'],
  [paths.firms]: ['users.manage'],
  [paths.verification]: ['kyc.review'],
  [paths.certificationMember]: ['certification.review'],
  [paths.certificationRisk]: ['certification.review'],
  [paths.withdrawals]: ['withdrawal.approve'],
  [paths.refills]: ['withdrawal.approve'],
  [paths.chain]: ['bank.monitor', 'sandbox.control'],
  [paths.bank]: ['bank.monitor'],
  [paths.mobilepay]: ['bank.monitor'],
  [paths.warehouse]: ['warehouse.manage'],
  [paths.supply]: ['supply.review'],
  [paths.product]: ['product.review'],
  [paths.mall]: ['mall.manage'],
  [paths.listing]: ['listing.manage', 'fee.settings'],
  // Auctions are audited, watched and stopped with the listing right, as the server's auction routes check.
  [paths.auction]: ['listing.manage'],
  [paths.contract]: ['contract.view'],
  [paths.outbox]: ['sandbox.control'],
  [paths.system]: ['system.switches'],
  [paths.staffRoles]: ['staff.manage'],
  [paths.staffMembers]: ['staff.manage'],
  [paths.auditLog]: ['audit.view'],
  [paths.content]: ['content.manage'],
  [paths.presale]: ['presale.manage'],
  [paths.futures]: ['futures.manage'],
  [paths.otc]: ['otc.merchant', 'otc.appeal', 'otc.ombudsman'],
  [paths.pledge]: ['pledge.manage'],
  [paths.chat]: ['chat.manage'],
  [paths.aftersale]: ['aftersale.arbitrate'],
  [paths.downloads]: ['content.manage'],
  [paths.integral]: ['integral.manage'],
};

/** The rights a page address needs; an unknown address needs none (it shows "not found"). */
export function rightsOfPath(pathname: string): readonly StaffRight[] {
  return PAGE_RIGHTS[pathname.replace(/\/+$/, '')] ?? [];
}
