import { bigint, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A warehouse (仓库) goods are stored in; fees accrue per `chargeStandard` and `warehousRate`. */
export const storages = pgTable(
  'storages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 201 }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    responsibleName: text('responsible_name').notNull(),
    responsiblePhone: text('responsible_phone').notNull(),
    note: text('note').notNull().default(''),
    /** CNY per weight unit per day. */
    chargeStandard: numeric('charge_standard', { precision: 18, scale: 4 }).notNull(),
    storageType: text('storage_type').notNull(),
    /** Decimal fraction of the goods' value. */
    warehousRate: numeric('warehous_rate', { precision: 10, scale: 6 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('storages_name_uq').on(t.name)],
);
