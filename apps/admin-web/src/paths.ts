/** Addresses of the back office's pages, relative to its base `/admin/`. */
export const paths = {
  home: '/users',
  login: '/login',
  users: '/users',
  firms: '/firms',
  outbox: '/outbox',
  system: '/system',
  verification: '/verification',
  withdrawals: '/withdrawals',
  chain: '/chain',
} as const;

export const BASENAME = '/admin';
