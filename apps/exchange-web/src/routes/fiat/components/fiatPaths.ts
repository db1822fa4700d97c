/** Addresses of the fiat pages, relative to the exchange's base. */
export const fiatPaths = {
  market: '/fiat',
  orders: '/fiat/orders',
  order: (orderId: string) => `/fiat/orders/${orderId}`,
  myAds: '/fiat/ads',
  postAd: '/fiat/ads/post',
  settings: '/fiat/settings',
  merchant: '/fiat/merchant',
} as const;
