import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { withTransaction, type Database } from '../src/platform/db/index';
import { createScheduler, HOUSEKEEPING_JOB, recurringKey, registerHousekeeping, type Job, type Scheduler } from '../src/platform/scheduler/index';
import { appendEvent, createInProcessBus, createOutboxPublisher } from '../src/platform/events/index';
import { outbox } from '../src/platform/events/events.tables';
import { jobs } from '../src/platform/scheduler/scheduler.tables';
import { openTestDatabase } from './harness';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

function schedulerOn(clock: ManualClock, options: { batchSize?: number; lockMs?: number; pollMs?: number } = {}): Scheduler {
  return createScheduler({ db: database.db, clock, logger: quiet, instanceId: randomUUID().slice(0, 8), ...options });
}

const uniqueName = (what: string) => `${what}.${randomUUID().slice(0, 8)}`;
const rowsOf = (name: string) => database.db.select().from(jobs).where(eq(jobs.name, name)).orderBy(asc(jobs.runAt), asc(jobs.id));

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Polls until a whole poll finds nothing due. */
async function drain(scheduler: Scheduler): Promise<void> {
  while ((await scheduler.runDue()) > 0) {
    // keep polling
  }
}

describe('scheduler', () => {
  it('runs a job at its time, once, with its payload', async () => {
    const clock = new ManualClock();
    const scheduler = schedulerOn(clock);
    const name = uniqueName('once');
    const seen: Job[] = [];
    scheduler.register(name, async (job) => {
      seen.push(job);
    });
    await scheduler.schedule(database.db, { name, key: 'k1', runAt: new Date(clock.now().getTime() + 60_000), payload: { orderId: '42' } });

    expect(await scheduler.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ name, key: 'k1', payload: { orderId: '42' }, attempt: 1 });
    const [row] = await rowsOf(name);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
    expect(row?.finishedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it('keeps the first row for a (name, key) and schedules only when the caller commits', async () => {
    const clock = new ManualClock();
    const scheduler = schedulerOn(clock);
    const name = uniqueName('idem');
    const at = clock.now();
    expect(await scheduler.schedule(database.db, { name, key: 'same', runAt: at, payload: { n: 1 } })).toBe(true);
    expect(await scheduler.schedule(database.db, { name, key: 'same', runAt: at, payload: { n: 2 } })).toBe(false);
    await expect(
      withTransaction(database.db, async (tx) => {
        await scheduler.schedule(tx, { name, key: 'rolled-back', runAt: at });
        throw new Error('business step failed');
      }),
    ).rejects.toThrow('business step failed');
    await withTransaction(database.db, (tx) => scheduler.schedule(tx, { name, key: 'committed', runAt: at }));

    const rows = await rowsOf(name);
    expect(rows.map((r) => [r.key, r.payload])).toEqual([
      ['same', { n: 1 }],
      ['committed', {}],
    ]);
  });

  it('runs each job once when two instances poll the same database at the same time', async () => {
    const clock = new ManualClock();
    const name = uniqueName('race');
    const runs = new Map<string, string[]>();
    const instances = ['a', 'b'].map((id) => {
      const scheduler = schedulerOn(clock, { batchSize: 3 });
      scheduler.register(name, async (job) => {
        runs.set(job.key, [...(runs.get(job.key) ?? []), id]);
        await new Promise((r) => setTimeout(r, 2));
      });
      return { id, scheduler };
    });
    for (let i = 0; i < 40; i++) await instances[0]!.scheduler.schedule(database.db, { name, key: `job-${i}`, runAt: clock.now() });

    await Promise.all(instances.map((i) => drain(i.scheduler)));

    expect(runs.size).toBe(40);
    for (const [key, by] of runs) expect(by, key).toHaveLength(1);
    const byInstance = new Set([...runs.values()].flat());
    expect(byInstance).toEqual(new Set(['a', 'b']));
    const rows = await rowsOf(name);
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it.runIf(onPostgres)('runs each job once with eight instances claiming over separate connections', async () => {
    const clock = new ManualClock();
    const name = uniqueName('race8');
    const runs: string[] = [];
    const schedulers = Array.from({ length: 8 }, () => {
      const scheduler = schedulerOn(clock, { batchSize: 2 });
      scheduler.register(name, async (job) => {
        runs.push(job.key);
      });
      return scheduler;
    });
    for (let i = 0; i < 100; i++) await schedulers[0]!.schedule(database.db, { name, key: `job-${i}`, runAt: clock.now() });

    await Promise.all(schedulers.map(drain));

    expect(runs).toHaveLength(100);
    expect(new Set(runs).size).toBe(100);
  });

  it('survives a restart: a new instance runs what the stopped one left pending', async () => {
    const clock = new ManualClock();
    const name = uniqueName('restart');
    const before = schedulerOn(clock);
    before.register(name, async () => {
      throw new Error('the old instance must not run it');
    });
    await before.schedule(database.db, { name, key: 'k', runAt: new Date(clock.now().getTime() + 5_000) });
    await before.stop();

    clock.advance(5_000);
    const after = schedulerOn(clock);
    const ran: string[] = [];
    after.register(name, async (job) => {
      ran.push(job.key);
    });
    expect(await after.runDue()).toBe(1);
    expect(ran).toEqual(['k']);
  });

  it('takes over a job whose instance died mid-run, and the dead claim cannot overwrite the result', async () => {
    const clock = new ManualClock();
    const name = uniqueName('crash');
    const stuck = deferred();
    const crashed = schedulerOn(clock, { lockMs: 30_000 });
    crashed.register(name, () => stuck.promise);
    await crashed.schedule(database.db, { name, key: 'k', runAt: clock.now() });
    const crashedPoll = crashed.runDue();
    await expect.poll(async () => (await rowsOf(name))[0]?.status).toBe('running');

    const survivor = schedulerOn(clock, { lockMs: 30_000 });
    const attempts: number[] = [];
    survivor.register(name, async (job) => {
      attempts.push(job.attempt);
    });
    expect(await survivor.runDue()).toBe(0);
    clock.advance(30_001);
    expect(await survivor.runDue()).toBe(1);
    expect(attempts).toEqual([2]);

    // The "dead" instance wakes up and reports success; its claim (attempt 1) is no longer the row's.
    stuck.resolve();
    await crashedPoll;
    const [row] = await rowsOf(name);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('retries with backoff, then marks the job failed with the last error', async () => {
    const clock = new ManualClock();
    const scheduler = schedulerOn(clock);
    const name = uniqueName('retry');
    let calls = 0;
    scheduler.register(
      name,
      async () => {
        calls++;
        throw new Error(`bank timeout ${calls}`);
      },
      { retryBackoffMs: 1000 },
    );
    await scheduler.schedule(database.db, { name, key: 'k', runAt: clock.now(), maxAttempts: 3 });

    expect(await scheduler.runDue()).toBe(1);
    let [row] = await rowsOf(name);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: bank timeout 1' });
    expect(row?.runAt.getTime()).toBe(clock.now().getTime() + 1000);

    expect(await scheduler.runDue()).toBe(0);
    clock.advance(1000);
    expect(await scheduler.runDue()).toBe(1);
    [row] = await rowsOf(name);
    expect(row?.runAt.getTime()).toBe(clock.now().getTime() + 2000);

    clock.advance(1999);
    expect(await scheduler.runDue()).toBe(0);
    clock.advance(1);
    expect(await scheduler.runDue()).toBe(1);
    [row] = await rowsOf(name);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'Error: bank timeout 3' });

    clock.advance(3_600_000);
    expect(await scheduler.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('runs a recurring job once per slot, whichever instances poll, and once after downtime', async () => {
    const clock = new ManualClock('2026-01-05T02:00:30.000Z');
    const name = uniqueName('tick');
    const ran: string[] = [];
    const [a, b] = [schedulerOn(clock), schedulerOn(clock)];
    for (const s of [a, b]) {
      s.register(name, async (job) => {
        ran.push(job.key);
      });
      s.every(name, 60_000);
    }

    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toEqual([]);
    expect((await rowsOf(name)).map((r) => r.key)).toEqual([recurringKey(name, new Date('2026-01-05T02:01:00.000Z'))]);

    clock.set('2026-01-05T02:01:00.000Z');
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toEqual([`${name}@2026-01-05T02:01:00.000Z`]);

    // Ten minutes down: one catch-up run, then back on the minute.
    clock.set('2026-01-05T02:11:10.000Z');
    await Promise.all([drain(a), drain(b)]);
    expect(ran).toHaveLength(2);
    const pending = (await rowsOf(name)).filter((r) => r.status === 'pending');
    expect(pending.map((r) => r.key)).toEqual([`${name}@2026-01-05T02:12:00.000Z`]);
  });

  it('stop() waits for the job in flight', async () => {
    const clock = new ManualClock();
    const scheduler = schedulerOn(clock, { pollMs: 5 });
    const name = uniqueName('stop');
    const release = deferred();
    let started = false;
    scheduler.register(name, async () => {
      started = true;
      await release.promise;
    });
    await scheduler.schedule(database.db, { name, key: 'k', runAt: clock.now() });
    await scheduler.start();
    await expect.poll(() => started).toBe(true);

    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect((await rowsOf(name))[0]?.status).toBe('done');
  });

  it('housekeeping drops events published a week ago and jobs finished a month ago, nothing newer', async () => {
    const clock = new ManualClock('2026-03-01T00:00:00.000Z');
    const quietBus = createInProcessBus(quiet);
    const publisher = createOutboxPublisher({ db: database.db, bus: quietBus, clock, logger: quiet });
    const oldEvent = await appendEvent(database.db, { type: 'test.old', topic: 'system', payload: {} });
    const worker = schedulerOn(clock);
    const name = uniqueName('finished');
    worker.register(name, async () => {});
    await worker.schedule(database.db, { name, key: 'old', runAt: clock.now() });
    await publisher.flush();
    await worker.runDue();

    clock.advance(8 * 86_400_000);
    const newEvent = await appendEvent(database.db, { type: 'test.new', topic: 'system', payload: {} });
    const unpublished = await appendEvent(database.db, { type: 'test.unpublished', topic: 'system', payload: {} });
    await publisher.flush();
    await appendEvent(database.db, { type: 'test.later', topic: 'system', payload: {} });
    await worker.schedule(database.db, { name, key: 'pending', runAt: new Date(clock.now().getTime() + 86_400_000 * 365) });

    const keeper = schedulerOn(clock);
    registerHousekeeping(keeper, { db: database.db, clock });
    clock.advance(3_600_000);
    await keeper.runDue();
    clock.advance(3_600_000);
    expect(await keeper.runDue()).toBe(1);
    const events = (await database.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id);
    expect(events).not.toContain(oldEvent);
    expect(events).toEqual(expect.arrayContaining([newEvent, unpublished]));
    expect((await rowsOf(name)).map((r) => r.key)).toEqual(['old', 'pending']);

    clock.advance(31 * 86_400_000);
    await drain(keeper);
    expect((await rowsOf(name)).map((r) => r.key)).toEqual(['pending']);
    expect((await rowsOf(HOUSEKEEPING_JOB)).filter((r) => r.status === 'pending')).toHaveLength(1);
  });
});
