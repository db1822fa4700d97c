import { createApplications } from './applications';
import { createWarehouseContext, type WarehouseServiceDeps } from './context';
import { createHoldings } from './holdings';
import { createPickups } from './pickups';
import { createStorageFees } from './storage-fees';
import { createStorages } from './storages';
import { createWarehouseViews } from './views';

export { WarehouseJournalType } from './applications';
export { WarehouseJobs } from './storage-fees';
export type { WarehouseServiceDeps } from './context';

/**
 * The warehouse: applications and inspection, holdings (the goods API other modules call), pickups
 * and logistics, the warehouses themselves and the daily storage-fee job, each in its own file.
 */
export function createWarehouseService(deps: WarehouseServiceDeps) {
  const ctx = createWarehouseContext(deps);
  const views = createWarehouseViews(ctx);
  const holdings = createHoldings(ctx, views);
  // Picking a part up belongs to the pickup flow; other modules never call it.
  const { pickUp: _pickUp, ...holdingsApi } = holdings;
  return {
    ...createStorages(ctx),
    ...createApplications(ctx, views),
    ...holdingsApi,
    ...createPickups(ctx, views, holdings),
    ...createStorageFees(ctx),
  };
}

export type WarehouseService = ReturnType<typeof createWarehouseService>;
