/** The commodity mall (商城): goods in classes audited by staff, orders paid into the mall's escrow by balance or mobile payment, shipped, received and completed. */
export { createMallService, MallJobs } from './mall.service';
export type { MallService, MallServiceDeps, MallMobilePay } from './mall.service';
export { registerMallRoutes } from './mall.routes';
