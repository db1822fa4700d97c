export { createWarehouseService } from './warehouse.service';
export type { WarehouseService, WarehouseServiceDeps } from './warehouse.service';
export { registerWarehouseRoutes } from './warehouse.routes';
export { seedStorages } from './warehouse.seed';
