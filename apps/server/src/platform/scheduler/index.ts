export { createScheduler, scheduleJob, recurringKey, pruneJobs } from './scheduler';
export type { Scheduler, SchedulerDeps, Job, JobHandler, JobOptions, ScheduleInput } from './scheduler';
export { registerHousekeeping, HOUSEKEEPING_JOB } from './housekeeping';
