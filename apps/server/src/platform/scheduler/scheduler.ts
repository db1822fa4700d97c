import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { withTransaction, type Db, type DbOrTx } from '../db/index';
import { jobs } from './scheduler.tables';

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface Job<P = unknown> {
  id: bigint;
  name: string;
  key: string;
  payload: P;
  runAt: Date;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<P = unknown> = (job: Job<P>) => Promise<void>;

export interface JobOptions {
  /** Base delay of the exponential retry backoff (delay = base × 2^(attempt-1), at most an hour), or a function of the attempt. */
  retryBackoffMs?: number | ((attempt: number) => number);
}

export interface ScheduleInput {
  name: string;
  /** Unique per name: scheduling the same (name, key) twice keeps the first row. */
  key: string;
  runAt: Date;
  payload?: unknown;
  maxAttempts?: number;
}

export interface Scheduler {
  register<P>(name: string, handler: JobHandler<P>, options?: JobOptions): void;
  schedule(dbOrTx: DbOrTx, input: ScheduleInput): Promise<boolean>;
  /** Runs a registered job every `intervalMs`, at UTC-aligned slots (multiples of the interval since the epoch). */
  every(name: string, intervalMs: number, options?: { maxAttempts?: number }): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One poll: claims due jobs, runs them, returns how many ran. */
  runDue(): Promise<number>;
}

export interface SchedulerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  pollMs?: number;
  /** Names this process in logs, so a job's run can be traced to its instance. */
  instanceId: string;
  /** How long a claim holds without renewal; a crashed instance's jobs are taken over after this. */
  lockMs?: number;
  batchSize?: number;
}

const MAX_BACKOFF_MS = 3_600_000;
const LAST_ERROR_MAX = 2000;

/**
 * Inserts a job row; returns false when (name, key) already exists. Takes the caller's
 * transaction, so a job is scheduled exactly when the business change commits.
 */
export async function scheduleJob(dbOrTx: DbOrTx, input: ScheduleInput): Promise<boolean> {
  const inserted = await dbOrTx
    .insert(jobs)
    .values({
      name: input.name,
      key: input.key,
      runAt: input.runAt,
      payload: input.payload ?? {},
      ...(input.maxAttempts ? { maxAttempts: input.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: [jobs.name, jobs.key] })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/** Deletes finished (done or failed) jobs that finished before `before`. */
export async function pruneJobs(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return gone.length;
}

/** The key of a recurring job's run at `slot`; both instances compute the same one, so only one row exists. */
export function recurringKey(name: string, slot: Date): string {
  return `${name}@${slot.toISOString()}`;
}

function nextSlot(now: Date, intervalMs: number): Date {
  return new Date((Math.floor(now.getTime() / intervalMs) + 1) * intervalMs);
}

function backoffOf(options: JobOptions | undefined, attempt: number): number {
  const spec = options?.retryBackoffMs ?? 1000;
  const delay = typeof spec === 'function' ? spec(attempt) : spec * 2 ** (attempt - 1);
  return Math.min(Math.max(0, delay), MAX_BACKOFF_MS);
}

function describe(err: unknown): string {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return message.slice(0, LAST_ERROR_MAX);
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const { db, clock, logger, instanceId } = deps;
  const pollMs = deps.pollMs ?? 1000;
  const lockMs = deps.lockMs ?? 60_000;
  const batchSize = deps.batchSize ?? 10;
  const handlers = new Map<string, { handler: JobHandler; options: JobOptions | undefined }>();
  const recurring = new Map<string, { intervalMs: number; maxAttempts: number | undefined }>();

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let recurringSeeded = false;

  async function seedRecurring(): Promise<void> {
    for (const [name, { intervalMs, maxAttempts }] of recurring) {
      const slot = nextSlot(clock.now(), intervalMs);
      await scheduleJob(db, { name, key: recurringKey(name, slot), runAt: slot, maxAttempts });
    }
    recurringSeeded = true;
  }

  async function claim(): Promise<(typeof jobs.$inferSelect)[]> {
    const names = [...handlers.keys()];
    if (names.length === 0) return [];
    const now = clock.now();
    // Only jobs this process can run: another deployment may share the table with other names.
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          or(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now))),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(jobs)
      .set({ status: 'running', lockedUntil: new Date(now.getTime() + lockMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning();
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  /** The claim is ours while status is running with our attempt number; a takeover bumps the number. */
  const ours = (row: typeof jobs.$inferSelect) =>
    and(eq(jobs.id, row.id), eq(jobs.status, 'running'), eq(jobs.attempts, row.attempts));

  async function finish(row: typeof jobs.$inferSelect, error: unknown | undefined): Promise<void> {
    const entry = handlers.get(row.name);
    const now = clock.now();
    const final = error === undefined || row.attempts >= row.maxAttempts;
    await withTransaction(db, async (tx) => {
      const set = error === undefined
        ? { status: 'done', lockedUntil: null, finishedAt: now }
        : final
          ? { status: 'failed', lockedUntil: null, finishedAt: now, lastError: describe(error) }
          : { status: 'pending', lockedUntil: null, lastError: describe(error), runAt: new Date(now.getTime() + backoffOf(entry?.options, row.attempts)) };
      const updated = await tx.update(jobs).set(set).where(ours(row)).returning({ id: jobs.id });
      const every = recurring.get(row.name);
      if (updated.length > 0 && final && every) {
        // From now, not from the missed slot: after downtime the job runs once, not once per missed slot.
        const slot = nextSlot(now, every.intervalMs);
        await scheduleJob(tx, { name: row.name, key: recurringKey(row.name, slot), runAt: slot, maxAttempts: every.maxAttempts });
      }
    });
  }

  async function runOne(row: typeof jobs.$inferSelect): Promise<void> {
    const entry = handlers.get(row.name);
    if (!entry) return;
    if (row.attempts > row.maxAttempts) {
      // Only a claim taken over from a crashed instance gets here: the job keeps killing its runner.
      await finish(row, new Error(`lock expired on ${row.attempts - 1} attempts`));
      return;
    }
    const renew = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: new Date(clock.now().getTime() + lockMs) })
        .where(ours(row))
        .catch((err: unknown) => logger.warn({ err, job: row.name, instanceId }, 'job lock renewal failed'));
    }, Math.max(1000, Math.floor(lockMs / 3)));
    renew.unref();
    let error: unknown;
    try {
      await entry.handler({
        id: row.id,
        name: row.name,
        key: row.key,
        payload: row.payload,
        runAt: row.runAt,
        attempt: row.attempts,
        maxAttempts: row.maxAttempts,
      });
    } catch (err) {
      error = err ?? new Error('job failed');
      logger.warn({ err, job: row.name, key: row.key, attempt: row.attempts, instanceId }, 'job failed');
    } finally {
      clearInterval(renew);
    }
    await finish(row, error);
  }

  async function runDue(): Promise<number> {
    if (!recurringSeeded && recurring.size > 0) await seedRecurring();
    const claimed = await claim();
    for (const row of claimed) {
      try {
        await runOne(row);
      } catch (err) {
        // The row stays running and is taken over when its lock expires.
        logger.error({ err, job: row.name, key: row.key, instanceId }, 'job bookkeeping failed');
      }
    }
    return claimed.length;
  }

  function loop(): void {
    if (!running) return;
    const poll = runDue().catch((err: unknown) => {
      logger.error({ err, instanceId }, 'scheduler poll failed');
      return 0;
    });
    inFlight = poll;
    void poll.then((count) => {
      if (!running) return;
      // A full batch means more may be due: poll again at once instead of waiting.
      timer = setTimeout(loop, count >= batchSize ? 0 : pollMs);
    });
  }

  return {
    register(name, handler, options) {
      handlers.set(name, { handler: handler as JobHandler, options });
    },
    schedule: scheduleJob,
    every(name, intervalMs, options) {
      if (!handlers.has(name)) throw new Error(`every(${name}): register the handler first`);
      if (!Number.isInteger(intervalMs) || intervalMs < 1000) throw new Error(`every(${name}): interval must be a whole number of ms, at least 1000`);
      recurring.set(name, { intervalMs, maxAttempts: options?.maxAttempts });
      recurringSeeded = false;
    },
    async start() {
      if (running) return;
      await seedRecurring();
      running = true;
      loop();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
    runDue,
  };
}
