import { bigint, numeric, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column builders the module tables share, so a table lists what is its own. Each builds exactly
 * the column the migrations already create: changing one here changes every table using it.
 */

/** A moment, stored with its time zone and read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money or a quantity of an asset: exact, never a float. */
export const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** The row's own id, assigned by the database; `startWith` keeps ids of different kinds apart. */
export const identityKey = (startWith?: number) => {
  const id = bigint('id', { mode: 'number' }).primaryKey();
  return startWith === undefined ? id.generatedAlwaysAsIdentity() : id.generatedAlwaysAsIdentity({ startWith });
};

/** The firm that owns the row (or takes part in it); reads filter by it. */
export const firmIdColumn = () => bigint('firm_id', { mode: 'number' });

/** The user who owns the row or acted on it. */
export const userIdColumn = () => bigint('user_id', { mode: 'number' });

/** Free text that is empty until someone fills it (a reason, a note, a bank reference). */
export const blank = (name: string) => text(name).notNull().default('');

/** When the row was written. */
export const createdAt = () => at('created_at').notNull();

/** When the row was written and last changed. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: at('updated_at').notNull() });

type ReferenceActions = Parameters<ReturnType<typeof bigint<'number'>>['references']>[1];

/** A required link to a row of another table, by its numeric id. */
export const referenceTo = (name: string, target: () => AnyPgColumn, actions?: ReferenceActions) =>
  bigint(name, { mode: 'number' }).notNull().references(target, actions);

/** A status change as a history table records it: the status it left, the one it reached, and who moved it. */
export const statusChange = <S extends string = string>() => ({
  fromStatus: text('from_status').$type<S>().notNull(),
  toStatus: text('to_status').$type<S>().notNull(),
  actor: text('actor').notNull(),
});
