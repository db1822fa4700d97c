import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, and each row's hash covers the
 * previous row's hash, so an edit made around the trigger shows up in `verifyAuditChain`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    detail: jsonb('detail').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('audit_log_object_idx').on(t.objectType, t.objectId, t.id), index('audit_log_actor_idx').on(t.actorKind, t.actorId, t.id)],
);
