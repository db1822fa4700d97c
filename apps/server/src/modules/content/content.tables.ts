import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContentColumnCode } from '@tp/contract';

/** A content column (栏目); clients ask for items by its id. */
export const contentColumns = pgTable(
  'content_columns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').$type<ContentColumnCode>().notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('content_columns_code_uq').on(t.code)],
);

export const contentItems = pgTable(
  'content_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 5001 }),
    columnId: bigint('column_id', { mode: 'number' })
      .notNull()
      .references(() => contentColumns.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    /** Footer pages only: the address part (`services`, `clauses`...). */
    slug: text('slug'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('content_items_column_published_idx').on(t.columnId, t.publishedAt), uniqueIndex('content_items_slug_uq').on(t.slug)],
);
