/** Integrals (积分): points earned by rules, a ledger currency of their own, spent in the integral shop, expiring at year end. */
export { createIntegralService, type IntegralService, type IntegralServiceDeps } from './integral.service';
export { registerIntegralRoutes } from './integral.routes';

/** Scheduler job: the year-end expiry (checked hourly; one expiry per firm and year). */
export const IntegralJobs = { expire: 'integral.expire' } as const;
