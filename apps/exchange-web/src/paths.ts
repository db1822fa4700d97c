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
  addresses: '/assets/addresses',
  notice: '/notice',
  help: '/help',
  about: '/about',
  contact: '/contact',
  fees: '/fees',
  download: '/download',
  presale: '/presale',
  presaleRecords: '/presale/records',
  lockup: '/lockup',
  futures: '/futures',
} as const;

/** Each legal text's page is at its kind: `/terms`, `/privacy`, `/kyc-aml`... */
export const legalPath = (kind: string) => `/${kind}`;

export const BASENAME = '/exchange';
