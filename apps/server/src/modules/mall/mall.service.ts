import { registerAfterSaleKind } from '../aftersale/index';
import { createMallContext, type MallServiceDeps } from './context';
import { createMallGoods } from './goods';
import { createMallOrders } from './orders';

export { MallJobs } from './context';
export type { MallServiceDeps, MallMobilePay } from './context';

/** The commodity mall: goods and classes in one file, orders and their money in another; returns go through the after-sale service. */
export function createMallService(deps: MallServiceDeps) {
  const ctx = createMallContext(deps);
  const orders = createMallOrders(ctx);
  registerAfterSaleKind('mall', {
    loadOrder: (tx, orderId) => orders.afterSaleOrder(tx, orderId),
    canOpen: (tx, orderId) => orders.afterSaleOpenable(tx, orderId),
    onRefund: (tx, r) => orders.afterSaleRefund(tx, r),
  });
  return { goods: createMallGoods(ctx), orders };
}

export type MallService = ReturnType<typeof createMallService>;
