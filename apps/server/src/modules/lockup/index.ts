/** The lock-up reward: platform tokens locked ten months, 30 % feedback and a release the user's trading fees accelerate. */
export { createLockupService, LOCKUP_LOCKED, BelowMinimumError, type LockupService, type LockupServiceDeps } from './lockup.service';
export { registerLockupRoutes } from './lockup.routes';

export const LockupJobs = { monthly: 'lockup.monthly' } as const;
