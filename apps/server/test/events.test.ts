import { randomUUID } from 'node:crypto';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { withTransaction, type Database, type DbOrTx } from '../src/platform/db/index';
import {
  appendEvent,
  createEventConsumers,
  createInProcessBus,
  createOutboxPublisher,
  createRedisBus,
  EventRefused,
  pruneOutbox,
  type BusMessage,
  type DurableConsumer,
  type DurableEvent,
  type EventBus,
  type EventConsumers,
} from '../src/platform/events/index';
import { eventConsumers, eventsSetAside, outbox } from '../src/platform/events/events.tables';
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

describe('durable consumers', () => {
  const sets: EventConsumers[] = [];
  afterAll(async () => {
    await Promise.all(sets.map((s) => s.stop()));
  });
  beforeAll(async () => {
    // What a handler changes, in the handler's transaction: a row per handling, so a second handling shows.
    await database.db.execute(sql`create table consumer_effects (consumer text not null, event_id bigint not null, n int)`);
  });

  /** Event types of one test's own, so other tests' events and consumers stay out of it. */
  const typesOf = () => {
    const id = randomUUID();
    return { a: `test.${id}.a`, b: `test.${id}.b`, other: `test.${id}.other` };
  };

  function consumersOf(clock: ManualClock, ...list: DurableConsumer[]): EventConsumers {
    const set = createEventConsumers({ db: database.db, clock, logger: quiet });
    for (const c of list) set.register(c);
    sets.push(set);
    return set;
  }

  async function effects(consumer: string): Promise<number[]> {
    const result = (await database.db.execute(sql`select n from consumer_effects where consumer = ${consumer} order by event_id`)) as unknown as { rows: { n: number }[] };
    return result.rows.map((r) => r.n);
  }

  /** Records the event's `n` in the handler's transaction and in `seen`. */
  function recording(name: string, types: string[], seen: number[], extra: Partial<DurableConsumer> = {}): DurableConsumer {
    return {
      name,
      types,
      async handle(tx: DbOrTx, event: DurableEvent) {
        const n = (event.payload as { n: number }).n;
        await tx.execute(sql`insert into consumer_effects (consumer, event_id, n) values (${name}, ${event.id.toString()}, ${n})`);
        seen.push(n);
      },
      ...extra,
    };
  }

  const state = async (name: string) => (await database.db.select().from(eventConsumers).where(eq(eventConsumers.name, name)))[0]!;

  it('hands each published event of its types to the consumer once, in order, never a rolled-back one; the position outlives the process', async () => {
    const clock = new ManualClock();
    const t = typesOf();
    const name = `test.${randomUUID()}`;
    const seen: number[] = [];
    const consumers = consumersOf(clock, recording(name, [t.a, t.b], seen));
    const publisher = createOutboxPublisher({ db: database.db, bus: createInProcessBus(quiet), clock, logger: quiet, onPublished: () => consumers.kick() });

    await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 1 } });
    await appendEvent(database.db, { type: t.other, topic: t.other, payload: { n: 99 } });
    await expect(
      withTransaction(database.db, async (tx) => {
        await appendEvent(tx, { type: t.a, topic: t.a, payload: { n: -1 } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await appendEvent(database.db, { type: t.b, topic: t.b, payload: { n: 2 } });
    // Committed but not yet published: not handed over before the bus has it.
    expect(await consumers.drain()).toBe(0);

    await publisher.flush();
    await expect.poll(() => seen).toEqual([1, 2]);
    await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 3 } });
    await publisher.flush();
    await expect.poll(() => seen).toEqual([1, 2, 3]);

    // Another process starting with the same consumer begins where the first stopped.
    await consumers.stop();
    const again: number[] = [];
    const restarted = consumersOf(clock, recording(name, [t.a, t.b], again));
    expect(await restarted.drain()).toBe(0);
    expect(again).toEqual([]);
    expect(await effects(name)).toEqual([1, 2, 3]);
  });

  it('handles an event published while no consumer ran (a crash between publishing and handling) once, when one starts', async () => {
    const clock = new ManualClock();
    const t = typesOf();
    const name = `test.${randomUUID()}`;
    // Known to the database (it ran before), then down while the events are published.
    const before = consumersOf(clock, recording(name, [t.a], []));
    await before.drain();
    await before.stop();
    const publisher = createOutboxPublisher({ db: database.db, bus: createInProcessBus(quiet), clock, logger: quiet });
    for (let n = 1; n <= 3; n++) await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n } });
    expect(await publisher.flush()).toBe(3);

    const seen: number[] = [];
    const started = consumersOf(clock, recording(name, [t.a], seen));
    started.start();
    await expect.poll(() => seen).toEqual([1, 2, 3]);
    await started.drain();
    expect(await effects(name)).toEqual([1, 2, 3]);
  });

  it('tries a failing event again after its backoff, with the failed attempt undone, and keeps the order', async () => {
    const clock = new ManualClock();
    const t = typesOf();
    const name = `test.${randomUUID()}`;
    const seen: number[] = [];
    let failures = 1;
    const consumers = consumersOf(clock, {
      ...recording(name, [t.a], seen),
      retryBackoffMs: 1000,
      async handle(tx, event) {
        const n = (event.payload as { n: number }).n;
        await tx.execute(sql`insert into consumer_effects (consumer, event_id, n) values (${name}, ${event.id.toString()}, ${n})`);
        if (n === 2 && failures-- > 0) throw new Error('database hiccup');
        seen.push(n);
      },
    });
    const publisher = createOutboxPublisher({ db: database.db, bus: createInProcessBus(quiet), clock, logger: quiet });
    for (let n = 1; n <= 3; n++) await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n } });
    await publisher.flush();

    expect(await consumers.drain()).toBe(1);
    expect(seen).toEqual([1]);
    expect(await effects(name)).toEqual([1]);
    expect(await state(name)).toMatchObject({ attempts: 1, lastError: 'Error: database hiccup', retryAt: new Date(clock.now().getTime() + 1000) });

    clock.advance(999);
    expect(await consumers.drain()).toBe(0);
    clock.advance(1);
    expect(await consumers.drain()).toBe(2);
    expect(seen).toEqual([1, 2, 3]);
    expect(await effects(name)).toEqual([1, 2, 3]);
    expect(await state(name)).toMatchObject({ attempts: 0, lastError: null, retryAt: null, failingSeq: null });
  });

  it('sets an event aside after its attempts (at once when refused), records it, and goes on with the rest', async () => {
    const clock = new ManualClock();
    const t = typesOf();
    const name = `test.${randomUUID()}`;
    const seen: number[] = [];
    const consumers = consumersOf(clock, {
      ...recording(name, [t.a], seen),
      maxAttempts: 3,
      retryBackoffMs: 100,
      async handle(_tx, event) {
        const n = (event.payload as { n?: number }).n;
        if (n === undefined) throw new EventRefused('no n in the payload');
        if (n === 2) throw new Error('always fails');
        seen.push(n);
      },
    });
    const publisher = createOutboxPublisher({ db: database.db, bus: createInProcessBus(quiet), clock, logger: quiet });
    await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 1 } });
    const failing = await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 2 } });
    await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 3 } });
    const refused = await appendEvent(database.db, { type: t.a, topic: t.a, payload: { m: 4 } });
    await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 5 } });
    await publisher.flush();

    await consumers.drain();
    expect(seen).toEqual([1]);
    // Attempts 2 and 3, each after its backoff (100 ms, then 200 ms); the third failure sets it aside.
    clock.advance(100);
    await consumers.drain();
    expect(seen).toEqual([1]);
    clock.advance(200);
    await consumers.drain();
    expect(seen).toEqual([1, 3, 5]);

    const aside = await database.db.select().from(eventsSetAside).where(eq(eventsSetAside.consumer, name)).orderBy(eventsSetAside.id);
    expect(aside.map((a) => [a.eventId, a.attempts, a.lastError, a.payload])).toEqual([
      [failing, 3, 'Error: always fails', { n: 2 }],
      [refused, 1, 'EventRefused: no n in the payload', { m: 4 }],
    ]);
    expect(await state(name)).toMatchObject({ attempts: 0, retryAt: null });
  });

  it('two instances running the same consumer at once hand each event over once, in order', async () => {
    const clock = new ManualClock();
    const t = typesOf();
    const name = `test.${randomUUID()}`;
    const seen: { n: number; by: string }[] = [];
    const slow = (by: string): DurableConsumer => ({
      name,
      types: [t.a],
      async handle(tx, event) {
        const n = (event.payload as { n: number }).n;
        await tx.execute(sql`insert into consumer_effects (consumer, event_id, n) values (${name}, ${event.id.toString()}, ${n})`);
        await new Promise((resolve) => setTimeout(resolve, 2));
        seen.push({ n, by });
      },
    });
    const instances = ['one', 'two'].map((by) => {
      const consumers = createEventConsumers({ db: database.db, clock, logger: quiet, batchSize: 4 });
      consumers.register(slow(by));
      sets.push(consumers);
      return { consumers, publisher: createOutboxPublisher({ db: database.db, bus: createInProcessBus(quiet), clock, logger: quiet, batchSize: 5, onPublished: () => consumers.kick() }) };
    });
    for (let n = 1; n <= 30; n++) await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n } });

    await Promise.all(instances.flatMap((i) => [i.publisher.flush(), i.consumers.drain(), i.publisher.flush(), i.consumers.drain()]));
    await expect.poll(() => seen.length).toBe(30);
    await Promise.all(instances.map((i) => i.consumers.drain()));

    const all = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(seen.map((s) => s.n)).toEqual(all);
    expect(await effects(name)).toEqual(all);
  });

  it('pruning keeps the events a durable consumer has not reached, however old, and drops them once handled', async () => {
    const clock = new ManualClock();
    const t = typesOf();
    const name = `test.${randomUUID()}`;
    let down = true;
    const consumers = consumersOf(clock, {
      name,
      types: [t.a],
      retryBackoffMs: 1000,
      async handle(_tx, event) {
        if ((event.payload as { n: number }).n === 2 && down) throw new Error('the database is down');
      },
    });
    const publisher = createOutboxPublisher({ db: database.db, bus: createInProcessBus(quiet), clock, logger: quiet });
    const ids: bigint[] = [];
    ids.push(await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 1 } }));
    ids.push(await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 2 } }));
    ids.push(await appendEvent(database.db, { type: t.other, topic: t.other, payload: { n: 3 } }));
    ids.push(await appendEvent(database.db, { type: t.a, topic: t.a, payload: { n: 4 } }));
    await publisher.flush();
    await consumers.drain();

    const left = async () => (await database.db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id)).map((r) => r.id);
    // A week later: handled (1) and nobody's (3) events go; the failing one (2) and what follows (4) stay.
    clock.advance(8 * 86_400_000);
    await pruneOutbox(database.db, new Date(clock.now().getTime() - 7 * 86_400_000));
    expect(await left()).toEqual([ids[1], ids[3]]);

    down = false;
    await consumers.drain();
    await pruneOutbox(database.db, new Date(clock.now().getTime() - 7 * 86_400_000));
    expect(await left()).toEqual([]);
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
