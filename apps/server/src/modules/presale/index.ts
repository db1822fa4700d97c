/** Pre-sale (token issue): projects, subscriptions with frozen payment, allocation at the end, staged unlocks. */
export { createPresaleService, SUBSCRIBE_INTERVAL_MS, PRESALE_LOCKED, type PresaleService, type PresaleServiceDeps } from './presale.service';
export { registerPresaleRoutes } from './presale.routes';
export { seedPresale } from './presale.seed';

/** Scheduler jobs: allocate ended projects, release due unlock stages. */
export const PresaleJobs = { allocate: 'presale.allocate', unlock: 'presale.unlock' } as const;
