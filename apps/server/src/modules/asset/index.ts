/** The exchange's assets and each user's spot, contract and fiat books in the ledger. */
export { createAssetService, exchangeBook, userOwner, type AssetService, type AssetServiceDeps } from './asset.service';
export { registerAssetRoutes } from './asset.routes';
export { DEMO_HOLDINGS, ensureExchangeAssets, seedDemoHoldings } from './asset.seed';
export { TransferFailedError, UnknownAssetError } from './asset.errors';
