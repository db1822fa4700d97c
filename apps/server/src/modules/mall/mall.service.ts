import { createMallContext, type MallServiceDeps } from './context';
import { createMallGoods } from './goods';
import { createMallOrders } from './orders';

export { MallJobs } from './context';
export type { MallServiceDeps, MallMobilePay } from './context';

/** The commodity mall: goods and classes in one file, orders and their money in another. */
export function createMallService(deps: MallServiceDeps) {
  const ctx = createMallContext(deps);
  return { goods: createMallGoods(ctx), orders: createMallOrders(ctx) };
}

export type MallService = ReturnType<typeof createMallService>;
