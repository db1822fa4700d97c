import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per switch that was ever set; a missing row means the switch's default. */
export const systemSwitches = pgTable('system_switches', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
