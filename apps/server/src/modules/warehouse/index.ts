/**
 * The warehouse module's public surface. Other modules move goods only through `freezeHolding`,
 * `moveFrozen` and `releaseHolding`, inside their own transaction.
 */
export { createWarehouseService, WarehouseJobs, WarehouseJournalType } from './warehouse.service';
export type { WarehouseService, WarehouseServiceDeps } from './warehouse.service';
export { registerWarehouseRoutes } from './warehouse.routes';
export { GOODS_STORED } from './applications';
export { seedStorages } from './warehouse.seed';
