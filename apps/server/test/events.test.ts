import { randomUUID } from 'node:crypto';
import { inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { withTransaction, type Database } from '../src/platform/db/index';
import {
  appendEvent,
  createInProcessBus,
  createOutboxPublisher,
  createRedisBus,
  type BusMessage,
  type EventBus,
} from '../src/platform/events/index';
import { outbox } from '../src/platform/events/events.tables';
import { openTestDatabase, redisReachable, REDIS_URL } from './harness';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const redisUp = await redisReachable();

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const TestEvents = { noted: 'test.thing.noted' } as const;

function collect(bus: EventBus, pattern: string): BusMessage[] {
  const seen: BusMessage[] = [];
  bus.subscribe(pattern, (m) => seen.push(m));
  return seen;
}

async function unpublishedCount(): Promise<number> {
  return (await database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.publishedAt))).length;
}

describe('outbox and in-process bus', () => {
  it('publishes committed events once, in order, and never a rolled-back one', async () => {
    const clock = new ManualClock();
    const bus = createInProcessBus(quiet);
    const publisher = createOutboxPublisher({ db: database.db, bus, clock, logger: quiet });
    const topic = `user:${randomUUID()}`;
    const seen = collect(bus, topic);

    await withTransaction(database.db, async (tx) => {
      await appendEvent(tx, { type: TestEvents.noted, topic, payload: { n: 1 }, push: 'order' });
      await appendEvent(tx, { type: TestEvents.noted, topic, payload: { n: 2 } });
    });
    await expect(
      withTransaction(database.db, async (tx) => {
        await appendEvent(tx, { type: TestEvents.noted, topic, payload: { n: 'never' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await withTransaction(database.db, (tx) => appendEvent(tx, { type: TestEvents.noted, topic, payload: { n: 3 } }));

    expect(seen).toEqual([]);
    expect(await publisher.flush()).toBe(3);
    expect(seen.map((m) => m.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(seen[0]).toMatchObject({ type: TestEvents.noted, topic, pushType: 'order' });
    expect(seen[1]?.pushType).toBeNull();
    const ids = seen.map((m) => BigInt(m.eventId ?? '0'));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);

    const rows = await database.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((r) => r.publishedAt?.getTime() === clock.now().getTime())).toBe(true);
    expect(await publisher.flush()).toBe(0);
    expect(seen).toHaveLength(3);
  });

  it('publishes each event once when callers and instances flush at the same time', async () => {
    const clock = new ManualClock();
    const bus = createInProcessBus(quiet);
    const topic = `firm:${randomUUID()}`;
    const seen = collect(bus, topic);
    // Two instances (two publishers) sharing one database; the bus is shared only to observe.
    const publishers = [0, 1].map(() => createOutboxPublisher({ db: database.db, bus, clock, logger: quiet, batchSize: 7 }));
    for (let i = 0; i < 50; i++) await appendEvent(database.db, { type: TestEvents.noted, topic, payload: { i } });

    await Promise.all(publishers.flatMap((p) => [p.flush(), p.flush(), p.flush()]));

    expect(seen.map((m) => (m.payload as { i: number }).i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(await unpublishedCount()).toBe(0);
  });

  it('publishes from the periodic poll when nobody flushes, and stops polling on stop', async () => {
    const bus = createInProcessBus(quiet);
    const publisher = createOutboxPublisher({ db: database.db, bus, clock: new ManualClock(), logger: quiet, pollMs: 10 });
    const topic = `user:${randomUUID()}`;
    const seen = collect(bus, topic);
    publisher.start();
    await appendEvent(database.db, { type: TestEvents.noted, topic, payload: { by: 'poll' } });
    await expect.poll(() => seen.length).toBe(1);
    await publisher.stop();
    await appendEvent(database.db, { type: TestEvents.noted, topic, payload: { by: 'nobody' } });
    await new Promise((r) => setTimeout(r, 40));
    expect(seen).toHaveLength(1);
  });

  it('routes by topic pattern, isolates failing handlers and lets subscribers leave', async () => {
    const errors: unknown[] = [];
    const bus = createInProcessBus({ ...quiet, error: (obj: unknown) => errors.push(obj) });
    const users = collect(bus, 'user:*');
    const all = collect(bus, '*');
    bus.subscribe('user:*', () => {
      throw new Error('handler bug');
    });
    const exact: BusMessage[] = [];
    const leave = bus.subscribe('depth:BTC.USDT', (m) => exact.push(m));

    await bus.publish('user:7', { type: 'x', payload: { at: new Date('2026-01-05T00:00:00Z') } });
    await bus.publish('firm:7', { type: 'x', payload: null });
    await bus.publish('depth:BTC.USDT', { type: 'x', payload: 1 });
    await bus.publish('depth:BTCxUSDT', { type: 'x', payload: 2 });
    leave();
    await bus.publish('depth:BTC.USDT', { type: 'x', payload: 3 });

    expect(users.map((m) => m.topic)).toEqual(['user:7']);
    // Same shape the Redis bus delivers: JSON, so dates arrive as strings.
    expect(users[0]?.payload).toEqual({ at: '2026-01-05T00:00:00.000Z' });
    expect(all).toHaveLength(5);
    expect(exact.map((m) => m.payload)).toEqual([1]);
    expect(errors).toHaveLength(1);
  });
});

describe('Redis bus start', () => {
  it('refuses to start when Redis does not answer', async () => {
    await expect(createRedisBus({ url: 'redis://127.0.0.1:1', logger: quiet, connectTimeoutMs: 300 })).rejects.toThrow(/unreachable/);
  });
});

describe.skipIf(!redisUp)(`Redis bus (${redisUp ? REDIS_URL : `SKIPPED: no Redis answers at ${REDIS_URL}`})`, () => {
  const buses: EventBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });
  async function redisBus(channel: string): Promise<EventBus> {
    const bus = await createRedisBus({ url: REDIS_URL, logger: quiet, channel });
    buses.push(bus);
    return bus;
  }

  it('fans a message out to every instance, the publisher included, in order', async () => {
    const channel = `tp:test:${randomUUID()}`;
    const [one, two] = [await redisBus(channel), await redisBus(channel)];
    const onOne = collect(one, 'quotation:*');
    const onTwo = collect(two, 'quotation:*');
    const otherTopic = collect(two, 'system');

    for (let i = 0; i < 20; i++) await one.publish(`quotation:SR${i % 2}`, { type: 'q', pushType: 'quotation', payload: { i } });
    await expect.poll(() => onTwo.length).toBe(20);
    await expect.poll(() => onOne.length).toBe(20);

    expect(onTwo.map((m) => (m.payload as { i: number }).i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(onOne[0]).toEqual({ type: 'q', pushType: 'quotation', payload: { i: 0 }, topic: 'quotation:SR0' });
    expect(otherTopic).toEqual([]);
  });

  it('carries outbox events from one instance to another', async () => {
    const channel = `tp:test:${randomUUID()}`;
    const [publishing, receiving] = [await redisBus(channel), await redisBus(channel)];
    const topic = `user:${randomUUID()}`;
    const seen = collect(receiving, topic);
    const publisher = createOutboxPublisher({ db: database.db, bus: publishing, clock: new ManualClock(), logger: quiet });

    await withTransaction(database.db, (tx) => appendEvent(tx, { type: TestEvents.noted, topic, payload: { via: 'redis' }, push: 'order' }));
    await publisher.flush();

    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toMatchObject({ type: TestEvents.noted, topic, pushType: 'order', payload: { via: 'redis' } });
  });
});
