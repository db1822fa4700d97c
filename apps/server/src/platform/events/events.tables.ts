import { bigint, bigserial, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, identityKey } from '../db/columns';

/**
 * The order events are published in. The publisher takes numbers only while it holds the
 * cluster-wide outbox lock, so once a number is visible every smaller one is visible too: durable
 * consumers read "after my position" without ever skipping an event that committed late.
 */
export const outboxPublishSeq = pgSequence('outbox_publish_seq');

/** Events written in the same transaction as the change they describe, published after commit. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    type: text('type').notNull(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    /** The WebSocket message type when the event is pushed to clients; null keeps it server-side. */
    pushType: text('push_type'),
    createdAt: at('created_at').notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** Set with `publishedAt` from `outbox_publish_seq`; durable consumers read in this order. */
    publishSeq: bigint('publish_seq', { mode: 'bigint' }),
  },
  (t) => [index('outbox_unpublished_idx').on(t.publishedAt, t.id), index('outbox_publish_seq_idx').on(t.publishSeq)],
);

/**
 * One row per durable consumer: the event types it handles and how far it has got. The row is
 * also its cluster-wide lock: a worker holds it FOR UPDATE while it handles events, so one
 * instance at a time runs a consumer.
 */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  /** Kept in the table so pruning knows which events a consumer still needs. */
  types: text('types').array().notNull(),
  /** The publish sequence number of the last event handled or set aside; 0 before the first. */
  position: bigint('position', { mode: 'bigint' }).notNull(),
  /** The event that is failing (the next one after `position`), its failures so far and when it is tried again. */
  failingSeq: bigint('failing_seq', { mode: 'bigint' }),
  attempts: integer('attempts').notNull().default(0),
  retryAt: at('retry_at'),
  lastError: text('last_error'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Events a consumer gave up on after its attempts, copied whole (the outbox row may be pruned), so
 * staff can see what was not done and why.
 */
export const eventsSetAside = pgTable(
  'events_set_aside',
  {
    id: identityKey(),
    consumer: text('consumer').notNull(),
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
    type: text('type').notNull(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull(),
    lastError: text('last_error').notNull(),
    setAsideAt: at('set_aside_at').notNull(),
  },
  (t) => [uniqueIndex('events_set_aside_consumer_event_uq').on(t.consumer, t.eventId)],
);
