import type { Clock } from '../clock';
import type { Db } from '../db/index';
import { pruneOutbox } from '../events/index';
import { pruneJobs, type Scheduler } from './scheduler';

const DAY_MS = 86_400_000;
export const HOUSEKEEPING_JOB = 'platform.housekeeping';

/**
 * Hourly: drops events published a week ago and jobs finished a month ago. A job's (name, key)
 * stays idempotent for that month; keys are not meant to be reused later than that.
 */
export function registerHousekeeping(scheduler: Scheduler, deps: { db: Db; clock: Clock }): void {
  scheduler.register(HOUSEKEEPING_JOB, async () => {
    const now = deps.clock.now().getTime();
    await pruneOutbox(deps.db, new Date(now - 7 * DAY_MS));
    await pruneJobs(deps.db, new Date(now - 30 * DAY_MS));
  });
  scheduler.every(HOUSEKEEPING_JOB, 3_600_000);
}
