/** Spot trading: markets, orders through the ledger, the in-memory books and their market data. */
export { createSpotService, type SpotService, type SpotServiceDeps } from './spot.service';
export { registerSpotRoutes } from './spot.routes';
export { ensureSpotMarkets } from './spot.seed';
