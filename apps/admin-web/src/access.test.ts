import { describe, expect, it } from 'vitest';
import { staffMay, type StaffAccess, type StaffRight } from '@tp/contract';
import { mayOpen } from '@tp/web-kit';
import { PAGE_RIGHTS, rightsOfPath } from './access';
import { paths } from './paths';

const reviewer: StaffAccess = { superAdmin: false, rights: ['certification.review', 'kyc.review', 'product.review', 'supply.review'] };
const opens = (access: StaffAccess, path: string) => mayOpen(rightsOfPath(path), (right) => staffMay(access, right as StaffRight));

describe('back-office page rights', () => {
  it('names a right for every page but the login', () => {
    const pages = Object.values(paths).filter((p) => p !== paths.login);
    expect(pages.filter((p) => (PAGE_RIGHTS[p] ?? []).length === 0)).toEqual([]);
  });

  it('opens the review pages to a reviewer and closes withdrawals, bank, roles and the audit log', () => {
    expect([paths.verification, paths.certificationMember, paths.product, paths.supply].every((p) => opens(reviewer, p))).toBe(true);
    expect([paths.withdrawals, paths.bank, paths.staffRoles, paths.auditLog, paths.users].some((p) => opens(reviewer, p))).toBe(false);
  });

  it('opens every page to the super-administrator, and none to a staff member without rights', () => {
    const pages = Object.keys(PAGE_RIGHTS);
    expect(pages.every((p) => opens({ superAdmin: true, rights: [] }, p))).toBe(true);
    expect(pages.some((p) => opens({ superAdmin: false, rights: [] }, p))).toBe(false);
  });

  it('reads an address with a trailing slash as its page', () => {
    expect(rightsOfPath('/withdrawals/')).toEqual(['withdrawal.approve']);
  });
});
