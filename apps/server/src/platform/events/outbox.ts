import { and, asc, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { WsPushType } from '@tp/contract';
import type { Clock } from '../clock';
import { textArray, withTransaction, type Db, type DbOrTx } from '../db/index';
import type { EventBus, Logger } from './bus';
import { coalesce } from './coalesce';
import { eventConsumers, outbox, outboxPublishSeq } from './events.tables';

export interface AppendEventInput {
  /** A named event constant, e.g. `SystemEvents.switchesChanged`. */
  type: string;
  topic: string;
  payload: unknown;
  /** Push the payload to WebSocket subscribers of `topic` as this message type. */
  push?: WsPushType;
}

/** Writes the event in the caller's transaction: it is published if and only if the change commits. */
export async function appendEvent(dbOrTx: DbOrTx, event: AppendEventInput): Promise<bigint> {
  const [row] = await dbOrTx
    .insert(outbox)
    .values({ type: event.type, topic: event.topic, payload: event.payload ?? null, pushType: event.push ?? null })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

/**
 * Deletes events published before `before`; the outbox is a hand-off, not a history. An event a
 * durable consumer of its type has not reached yet stays, however old.
 */
export async function pruneOutbox(db: DbOrTx, before: Date): Promise<number> {
  const awaited = db
    .select({ one: sql`1` })
    .from(eventConsumers)
    .where(sql`"outbox"."type" = any(${eventConsumers.types}) and "outbox"."publish_seq" > ${eventConsumers.position}`);
  const gone = await db
    .delete(outbox)
    .where(and(isNotNull(outbox.publishedAt), lt(outbox.publishedAt, before), notExists(awaited)))
    .returning({ id: outbox.id });
  return gone.length;
}

export interface OutboxPublisher {
  /**
   * Publishes every committed, unpublished event, oldest first; resolves with how many. Call it
   * after the transaction that appended events. Never rejects: a failure is logged and the
   * periodic poll publishes later.
   */
  flush(): Promise<number>;
  start(): void;
  /** Stops the poll and makes a last flush. */
  stop(): Promise<void>;
}

export interface OutboxPublisherDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** Called after published events are committed as such: durable consumers can read them now. */
  onPublished?: () => void;
}

/** Serialises publishers across instances, so events leave in id order. */
const OUTBOX_LOCK_KEY = 0x7470_6f62; // "tpob"

export function createOutboxPublisher(deps: OutboxPublisherDeps): OutboxPublisher {
  const { db, bus, clock, logger } = deps;
  const pollMs = deps.pollMs ?? 1000;
  const batchSize = deps.batchSize ?? 200;

  async function publishBatch(): Promise<number> {
    return withTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK_KEY})`);
      const rows = await tx
        .select()
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.id))
        .limit(batchSize);
      // Published before marked: a crash in between publishes again (at least once), never loses.
      for (const row of rows) {
        await bus.publish(row.topic, {
          type: row.type,
          pushType: row.pushType as WsPushType | null,
          payload: row.payload,
          eventId: row.id.toString(),
        });
      }
      if (rows.length > 0) {
        // Numbers taken under the lock, in id order: publishing order, which durable consumers follow.
        const taken = (await tx.execute(sql`select nextval(${outboxPublishSeq.seqName})::text as seq from generate_series(1, ${rows.length})`)) as unknown as { rows: { seq: string }[] };
        const seqs = taken.rows.map((r) => BigInt(r.seq)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        await tx.execute(sql`
          update ${outbox} set published_at = ${clock.now().toISOString()}::timestamptz, publish_seq = v.seq
          from unnest(${textArray(rows.map((r) => r.id.toString()))}::bigint[], ${textArray(seqs.map(String))}::bigint[]) as v(id, seq)
          where ${outbox.id} = v.id`);
      }
      return rows.length;
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const count = await publishBatch();
        total += count;
        if (count > 0) deps.onPublished?.();
        if (count < batchSize) return total;
      }
    } catch (err) {
      logger.error({ err }, 'outbox flush failed');
      return total;
    }
  }

  const flush = coalesce(drain);

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  function loop(): void {
    if (!running) return;
    void flush().then(() => {
      if (running) timer = setTimeout(loop, pollMs);
    });
  }

  return {
    flush,
    start() {
      if (running) return;
      running = true;
      loop();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}
