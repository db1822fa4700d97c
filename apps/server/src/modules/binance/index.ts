/** The programmatic spot API in the shape of Binance's spot API v3, signed with API keys. */
export { createBinanceService, type BinanceService, type BinanceServiceDeps } from './binance.service';
export { createSignedAuth, type SignedAuth } from './binance.auth';
export { registerBinanceRoutes, BINANCE_PREFIX } from './binance.routes';
