/** Pledge financing (仓单质押融资): funders and products, pledged holdings, loans, interest, repayment, overdue and collateral disposal. */
export { createPledgeService, PledgeEvents, PledgeJobs } from './pledge.service';
export type { PledgeService, PledgeServiceDeps } from './pledge.service';
export { registerPledgeRoutes, type PledgeRouteOptions } from './pledge.routes';
