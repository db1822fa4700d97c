/** Contract (leveraged) trading: listings on the spot markets' prices, entrustments, positions, the price watcher and the daily settlement. */
export { createFuturesService, riskAccount, type FuturesService, type FuturesServiceDeps } from './futures.service';
export { registerFuturesRoutes } from './futures.routes';
export { ensureDemoFuturesListings } from './futures.seed';

/** The watcher runs every second and the settlement is looked at hourly (it settles each day once), one instance at a time. */
export const FuturesJobs = { watch: 'futures.watch', settle: 'futures.settle' } as const;
export { markFromSpot } from './futures.mark';
