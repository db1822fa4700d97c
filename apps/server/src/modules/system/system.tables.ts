import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns';
import type { SystemSwitches } from '@tp/contract';

/** A global switch's name: one of the contract's `SystemSwitches`. */
export type SwitchKey = keyof SystemSwitches;

/** One row per switch that was ever set; a missing row means the switch's default. */
export const systemSwitches = pgTable('system_switches', {
  key: text('key').$type<SwitchKey>().primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: at('updated_at').notNull(),
});
