import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';

/**
 * Which server instance runs an engine that is taken on demand (an auction lot's writer), keyed
 * by the engine's name (`auction:<lot>`). The owner renews `expires_at` every couple of seconds
 * while the engine is busy and releases the row when it goes idle. Taking a row over (free, or its
 * lease expired) bumps `epoch`, so an owner that stalled sees at its next renewal that it lost it.
 */
export const clusterLeases = pgTable('cluster_leases', {
  name: text('name').primaryKey(),
  /** The owning process (random per start, so a restarted process is a new owner). */
  owner: text('owner').notNull(),
  /** Where the other instances forward the engine's commands (the owner's INSTANCE_URL). */
  url: text('url').notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  expiresAt: at('expires_at').notNull(),
});
