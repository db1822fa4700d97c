import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import { withTransaction, type Db, type DbOrTx } from '../db/index';
import type { Logger } from './bus';
import { coalesce } from './coalesce';
import { eventConsumers, eventsSetAside, outbox } from './events.tables';

/** A published outbox event as a durable consumer receives it. */
export interface DurableEvent {
  id: bigint;
  /** Its place in publishing order. */
  seq: bigint;
  type: string;
  topic: string;
  payload: unknown;
  createdAt: Date;
}

/**
 * Handles every published event of its types once in effect, in publishing order, on one instance
 * of the cluster at a time, including events published while no instance ran it.
 */
export interface DurableConsumer {
  /** Stable: the stored position is kept under this name. */
  name: string;
  types: readonly string[];
  /**
   * Runs inside the transaction that advances the consumer's position, so its changes and the
   * position commit together. Throwing rolls its changes back and the event is tried again later;
   * throw `EventRefused` for an event that can never be handled.
   */
  handle(tx: DbOrTx, event: DurableEvent): Promise<void>;
  /** Failures after which an event is set aside and the consumer moves on (default 5). */
  maxAttempts?: number;
  /** Base of the exponential backoff between attempts (default 1 s, at most a minute). */
  retryBackoffMs?: number;
}

/** The event can never be handled (a payload of the wrong shape): it is set aside at once, not retried. */
export class EventRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventRefused';
  }
}

export interface EventConsumers {
  /** Register every consumer before the first drain. */
  register(consumer: DurableConsumer): void;
  /** Runs the consumers soon (the publisher calls it after it has published). */
  kick(): void;
  /**
   * Hands every waiting event to its consumers; resolves with how many were handled. Never
   * rejects: a failure is logged and the next kick or poll tries again.
   */
  drain(): Promise<number>;
  /** Polls as well as runs on kicks, and retries failed events when their backoff ends. */
  start(): void;
  /** No more runs; waits for the one in progress. */
  stop(): Promise<void>;
}

export interface EventConsumersDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The safety net behind kicks (another instance published, or a kick was missed). */
  pollMs?: number;
  /** Events handled per transaction. */
  batchSize?: number;
  /** How soon to look again when another instance was running a consumer. */
  busyRetryMs?: number;
}

const MAX_BACKOFF_MS = 60_000;
const LAST_ERROR_MAX = 2000;

const describe = (err: unknown): string => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, LAST_ERROR_MAX);

type Step = { handled: number } & ({ kind: 'idle' | 'more' | 'busy' } | { kind: 'wait'; ms: number });

export function createEventConsumers(deps: EventConsumersDeps): EventConsumers {
  const { db, clock, logger } = deps;
  const pollMs = deps.pollMs ?? 1000;
  const batchSize = deps.batchSize ?? 20;
  const busyRetryMs = deps.busyRetryMs ?? 200;
  const consumers: DurableConsumer[] = [];
  let rowsReady = false;

  /** The consumer's row, created at its first run; its types follow the code. */
  async function ensureRows(): Promise<void> {
    if (rowsReady) return;
    for (const c of consumers) {
      const types = [...c.types].sort();
      const [row] = await db.select({ types: eventConsumers.types }).from(eventConsumers).where(eq(eventConsumers.name, c.name));
      if (row && row.types.length === types.length && [...row.types].sort().every((t, i) => t === types[i])) continue;
      await db
        .insert(eventConsumers)
        .values({ name: c.name, types, position: 0n, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: eventConsumers.name, set: { types, updatedAt: clock.now() } });
    }
    rowsReady = true;
  }

  /** Runs the handler in a savepoint: a failure undoes only its own changes. Returns the failure. */
  async function attempt(tx: DbOrTx, consumer: DurableConsumer, event: DurableEvent): Promise<unknown> {
    try {
      await tx.transaction((inner) => consumer.handle(inner as unknown as DbOrTx, event));
      return undefined;
    } catch (err) {
      return err ?? new Error('event handler failed');
    }
  }

  /** One transaction: the consumer's lock, its next events, their handling and the new position. */
  function step(consumer: DurableConsumer): Promise<Step> {
    return withTransaction(db, async (tx) => {
      const [row] = await tx.select().from(eventConsumers).where(eq(eventConsumers.name, consumer.name)).for('update', { skipLocked: true });
      if (!row) return { kind: 'busy', handled: 0 };
      const now = clock.now();
      if (row.retryAt && row.retryAt > now) return { kind: 'wait', ms: row.retryAt.getTime() - now.getTime(), handled: 0 };
      const rows = await tx
        .select()
        .from(outbox)
        .where(and(inArray(outbox.type, [...consumer.types]), gt(outbox.publishSeq, row.position)))
        .orderBy(asc(outbox.publishSeq))
        .limit(batchSize);
      if (rows.length === 0) return { kind: 'idle', handled: 0 };
      let position = row.position;
      let handled = 0;
      const advance = { failingSeq: null, attempts: 0, retryAt: null, lastError: null };
      for (const r of rows) {
        const event: DurableEvent = { id: r.id, seq: r.publishSeq!, type: r.type, topic: r.topic, payload: r.payload, createdAt: r.createdAt };
        const error = await attempt(tx, consumer, event);
        if (error === undefined) {
          position = event.seq;
          handled += 1;
          continue;
        }
        const attempts = (row.failingSeq === event.seq ? row.attempts : 0) + 1;
        const context = { err: error, consumer: consumer.name, eventId: event.id.toString(), type: event.type, attempt: attempts };
        if (error instanceof EventRefused || attempts >= (consumer.maxAttempts ?? 5)) {
          // Set aside, not dropped: recorded whole for staff, and the events behind it go on.
          await tx
            .insert(eventsSetAside)
            .values({ consumer: consumer.name, eventId: event.id, type: event.type, topic: event.topic, payload: event.payload ?? null, attempts, lastError: describe(error), setAsideAt: now })
            .onConflictDoNothing();
          logger.error(context, 'event set aside by its consumer');
          position = event.seq;
          continue;
        }
        const delay = Math.min((consumer.retryBackoffMs ?? 1000) * 2 ** (attempts - 1), MAX_BACKOFF_MS);
        logger.warn({ ...context, retryInMs: delay }, 'event handler failed; retrying');
        await tx
          .update(eventConsumers)
          .set({ position, failingSeq: event.seq, attempts, retryAt: new Date(now.getTime() + delay), lastError: describe(error), updatedAt: now })
          .where(eq(eventConsumers.name, consumer.name));
        return { kind: 'wait', ms: delay, handled };
      }
      await tx.update(eventConsumers).set({ position, ...advance, updatedAt: now }).where(eq(eventConsumers.name, consumer.name));
      return { kind: rows.length < batchSize ? 'idle' : 'more', handled };
    });
  }

  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  /** The next run: at the poll, sooner when a backoff ends or another instance was busy. */
  function schedule(waitMs: number | undefined, busy: boolean): void {
    if (stopped) return;
    let delay: number | undefined;
    if (running) delay = Math.min(pollMs, waitMs ?? pollMs);
    // Another instance holds a consumer and may have read before our events were published: look again shortly.
    if (busy) delay = Math.min(delay ?? busyRetryMs, busyRetryMs);
    if (delay === undefined) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void drain();
    }, delay);
    timer.unref();
  }

  async function run(): Promise<number> {
    let total = 0;
    let waitMs: number | undefined;
    let busy = false;
    try {
      await ensureRows();
      for (const consumer of consumers) {
        for (;;) {
          const result = await step(consumer);
          total += result.handled;
          if (result.kind === 'more') continue;
          if (result.kind === 'busy') busy = true;
          if (result.kind === 'wait') waitMs = Math.min(waitMs ?? result.ms, result.ms);
          break;
        }
      }
    } catch (err) {
      logger.error({ err }, 'durable event consumers failed');
    }
    schedule(waitMs, busy);
    return total;
  }

  const drain = coalesce(() => (stopped || consumers.length === 0 ? Promise.resolve(0) : run()));

  return {
    register(consumer) {
      if (consumers.some((c) => c.name === consumer.name)) throw new Error(`durable consumer ${consumer.name} registered twice`);
      if (consumer.types.length === 0) throw new Error(`durable consumer ${consumer.name} handles no event type`);
      consumers.push(consumer);
      rowsReady = false;
    },
    kick() {
      void drain();
    },
    drain,
    start() {
      if (running || stopped) return;
      running = true;
      // Events published while no instance ran (a crash, a deploy) are handled now.
      void drain();
    },
    async stop() {
      stopped = true;
      running = false;
      if (timer) clearTimeout(timer);
      await drain.settled();
    },
  };
}
