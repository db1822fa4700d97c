/** Addresses of the exchange's pages, relative to its base `/exchange/`. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forget: '/forget',
  user: '/user',
  verification: '/user/verification',
  security: '/user/security',
  apiKeys: '/user/api-keys',
  invite: '/user/invite',
  trade: '/trade',
  assets: '/assets',
  assetFlow: '/assets/flow',
  deposit: '/assets/deposit',
  withdraw: '/assets/withdraw',
  records: '/assets/records',
} as const;

export const BASENAME = '/exchange';
