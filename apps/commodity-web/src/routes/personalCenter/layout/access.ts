import type { CertificationStatus } from '@tp/contract';

/** The pages of the personal center, by their path segment (the spec's names). */
export const PERSONAL_PAGES = [
  'accountInfo',
  'accountSafe',
  'realName',
  'enterprise',
  'enterpriseAuth',
  'myAddress',
  'CompanyManagement',
  'electronicSignature',
  'staffAccountMgt',
  'staffRoleMgt',
] as const;
export type PersonalPage = (typeof PERSONAL_PAGES)[number];

interface PageRule {
  /** Only for enterprise firms. */
  enterpriseOnly: boolean;
  /** Only for personal firms (enterprises trade under their certified name instead). */
  personalOnly?: boolean;
  /** Any one of these rights opens the page; empty means every logged-in user. */
  anyOf: readonly string[];
}

/** What each page needs. The server checks every call again; this only decides what to show. */
export const PAGE_RULES: Record<PersonalPage, PageRule> = {
  accountInfo: { enterpriseOnly: false, anyOf: [] },
  accountSafe: { enterpriseOnly: false, anyOf: [] },
  realName: { enterpriseOnly: false, personalOnly: true, anyOf: [] },
  enterprise: { enterpriseOnly: true, anyOf: ['enterprise.view', 'enterprise.certify'] },
  enterpriseAuth: { enterpriseOnly: true, anyOf: ['enterprise.certify'] },
  myAddress: { enterpriseOnly: false, anyOf: [] },
  CompanyManagement: { enterpriseOnly: true, anyOf: ['enterprise.view'] },
  electronicSignature: { enterpriseOnly: false, anyOf: ['enterprise.seal', 'enterprise.view'] },
  staffAccountMgt: { enterpriseOnly: true, anyOf: ['staff.manage'] },
  staffRoleMgt: { enterpriseOnly: true, anyOf: ['staff.manage'] },
};

export interface Viewer {
  userType: 'personal' | 'enterprise';
  rights: ReadonlySet<string>;
}

export function mayOpen(page: PersonalPage, viewer: Viewer): boolean {
  const rule = PAGE_RULES[page];
  if (rule.enterpriseOnly && viewer.userType !== 'enterprise') return false;
  if (rule.personalOnly && viewer.userType !== 'personal') return false;
  return rule.anyOf.length === 0 || rule.anyOf.some((code) => viewer.rights.has(code));
}

/** The menu entries the viewer may open, in the menu's order. */
export function visiblePages(viewer: Viewer): PersonalPage[] {
  return PERSONAL_PAGES.filter((page) => mayOpen(page, viewer));
}

/** Colour of a certification status tag. */
export const CERTIFICATION_COLOR: Record<CertificationStatus, string> = {
  '0': 'default',
  '1': 'processing',
  '2': 'success',
  '3': 'error',
  '4': 'processing',
  '5': 'error',
};

/** Whether the firm may (re)submit its certification: never submitted, or rejected at either level. */
export const maySubmitCertification = (status: CertificationStatus | undefined) => status === '0' || status === '3' || status === '5';

/** Groups a right catalogue for the role form, keeping the catalogue's order. */
export function groupRights<T extends { group: string; groupName: string }>(entries: readonly T[]): { group: string; groupName: string; entries: T[] }[] {
  const groups: { group: string; groupName: string; entries: T[] }[] = [];
  for (const entry of entries) {
    let bucket = groups.find((g) => g.group === entry.group);
    if (!bucket) {
      bucket = { group: entry.group, groupName: entry.groupName, entries: [] };
      groups.push(bucket);
    }
    bucket.entries.push(entry);
  }
  return groups;
}
