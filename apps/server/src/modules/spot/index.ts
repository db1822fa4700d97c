/** Spot trading: markets, orders through the ledger, the in-memory books and their market data. */
export { createSpotService, type SpotService, type SpotServiceDeps } from './spot.service';
export { registerSpotRoutes } from './spot.routes';
export { ensureSpotMarkets, acceptCurrentDisclosure } from './spot.seed';
export { createMarketMaker, type MarketMakerDeps } from './market-maker';
export { MARKET_MAKER_ACCOUNTS, MARKET_MAKER_HOLDINGS, MARKET_MAKER_IDS } from './spot.seed';
export { feesOfTrades, feesPaidBetween, findAccountOrder, listAccountOrders, listAccountTrades, type AccountOrder, type AccountTrade } from './account-queries';
export { createSpotCluster, type SpotClusterDeps } from './spot.cluster';
export { registerSpotInternalRoutes } from './spot.internal-routes';
export { DEFAULT_LEASE_TIMING, type LeaseTiming } from './market-ownership';
/** How long each kline interval lasts, in milliseconds. */
export { INTERVAL_MS } from './market-data';
