import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';

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
  },
  (t) => [index('outbox_unpublished_idx').on(t.publishedAt, t.id)],
);
