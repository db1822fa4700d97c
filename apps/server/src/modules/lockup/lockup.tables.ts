import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, identityKey, referenceTo, timestamps, userIdColumn } from '../../platform/db/columns';

/** A user's lock of platform tokens; `locked` is what is still held, `reward` the 30 % feedback over the term. */
export const lockupLocks = pgTable(
  'lockup_locks',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    asset: text('asset').notNull(),
    amount: amount('amount').notNull(),
    reward: amount('reward').notNull(),
    locked: amount('locked').notNull(),
    lockedAt: at('locked_at').notNull(),
    status: text('status').$type<'active' | 'completed'>().notNull(),
    ...timestamps(),
  },
  (t) => [index('lockup_locks_user_idx').on(t.userId, t.id)],
);

/** The lock's monthly schedule, planned at the lock; the scheduler pays each month once, in order. */
export const lockupMonths = pgTable(
  'lockup_months',
  {
    id: identityKey(),
    lockId: referenceTo('lock_id', () => lockupLocks.id),
    month: integer('month').notNull(),
    dueAt: at('due_at').notNull(),
    reward: amount('reward').notNull(),
    /** The planned release; the paid one adds the acceleration and is capped by what is still locked. */
    baseRelease: amount('base_release').notNull(),
    release: amount('release').notNull().default('0'),
    acceleration: amount('acceleration').notNull().default('0'),
    feesUsdt: amount('fees_usdt').notNull().default('0'),
    paidAt: at('paid_at'),
  },
  (t) => [uniqueIndex('lockup_months_lock_month_uq').on(t.lockId, t.month), index('lockup_months_due_idx').on(t.paidAt, t.dueAt)],
);
