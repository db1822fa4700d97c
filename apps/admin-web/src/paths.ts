/** Addresses of the back office's pages, relative to its base `/admin/`. */
export const paths = {
  home: '/users',
  login: '/login',
  users: '/users',
  firms: '/firms',
  outbox: '/outbox',
  system: '/system',
  verification: '/verification',
  certificationMember: '/certification/member',
  certificationRisk: '/certification/risk',
  withdrawals: '/withdrawals',
  refills: '/refills',
  chain: '/chain',
  bank: '/bank',
  warehouse: '/warehouse',
  supply: '/supply',
  product: '/product',
  listing: '/listing',
  contract: '/contract',
  staffRoles: '/staff/roles',
  staffMembers: '/staff/members',
  auditLog: '/audit',
  content: '/content',
  presale: '/presale',
  otc: '/otc',
} as const;

export const BASENAME = '/admin';
