/** After-sale returns and exchanges of auction and mall orders: request, seller's answer, tracking, staff arbitration, refund. */
export { registerAfterSaleKind, hasOpenAfterSale, AFTER_SALE_KINDS } from './kinds';
export type { AfterSaleKind, AfterSaleOrder, AfterSaleKindHandler } from './kinds';
export { createAfterSaleService, AfterSaleJobs } from './aftersale.service';
export type { AfterSaleService, AfterSaleServiceDeps } from './aftersale.service';
export { registerAfterSaleRoutes } from './aftersale.routes';
