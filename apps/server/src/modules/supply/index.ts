/** Supply and demand notes (供求信息): released by firms, audited by staff, public once approved. */
export { createSupplyService } from './supply.service';
export type { SupplyService, SupplyServiceDeps } from './supply.service';
export { registerSupplyRoutes } from './supply.routes';
