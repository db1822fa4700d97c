import { describe, expect, it } from 'vitest';
import { PERSONAL_PAGES, groupRights, mayOpen, maySubmitCertification, visiblePages } from './access';

const viewer = (userType: 'personal' | 'enterprise', rights: string[]) => ({ userType, rights: new Set(rights) });

describe('personal center access', () => {
  it('shows an enterprise main account (all rights) every page but the personal real-name one, in menu order', () => {
    const all = ['enterprise.view', 'enterprise.certify', 'enterprise.seal', 'staff.manage'];
    expect(visiblePages(viewer('enterprise', all))).toEqual(PERSONAL_PAGES.filter((page) => page !== 'realName'));
    expect(visiblePages(viewer('enterprise', all))).toHaveLength(9);
  });

  it('hides enterprise pages from personal firms whatever their rights', () => {
    expect(visiblePages(viewer('personal', ['enterprise.view', 'enterprise.certify', 'enterprise.seal', 'staff.manage']))).toEqual([
      'accountInfo',
      'accountSafe',
      'realName',
      'myAddress',
      'electronicSignature',
    ]);
  });

  it('gives a staff member only what their rights open', () => {
    const trader = viewer('enterprise', ['trade.pick', 'enterprise.view']);
    expect(visiblePages(trader)).toEqual(['accountInfo', 'accountSafe', 'enterprise', 'myAddress', 'CompanyManagement', 'electronicSignature']);
    expect(mayOpen('staffAccountMgt', trader)).toBe(false);
    expect(mayOpen('enterpriseAuth', trader)).toBe(false);
    expect(visiblePages(viewer('enterprise', []))).toEqual(['accountInfo', 'accountSafe', 'myAddress']);
  });

  it('lets a firm submit before any submission and after a rejection only', () => {
    expect(['0', '1', '2', '3', '4', '5'].filter((s) => maySubmitCertification(s as '0'))).toEqual(['0', '3', '5']);
  });

  it('groups the right catalogue in its order', () => {
    const groups = groupRights([
      { rightCode: 'a', group: 'buyer', groupName: 'B' },
      { rightCode: 'b', group: 'capital', groupName: 'C' },
      { rightCode: 'c', group: 'buyer', groupName: 'B' },
    ]);
    expect(groups.map((g) => [g.group, g.entries.map((e) => e.rightCode)])).toEqual([
      ['buyer', ['a', 'c']],
      ['capital', ['b']],
    ]);
  });
});
