import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { blank, identityKey, referenceTo } from '../../platform/db/columns';
import type { ContentColumnCode } from '@tp/contract';

/** A content column (栏目); clients ask for items by its id. */
export const contentColumns = pgTable(
  'content_columns',
  {
    id: identityKey(),
    code: text('code').$type<ContentColumnCode>().notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('content_columns_code_uq').on(t.code)],
);

export const contentItems = pgTable(
  'content_items',
  {
    id: identityKey(5001),
    columnId: referenceTo('column_id', () => contentColumns.id),
    title: text('title').notNull(),
    summary: blank('summary'),
    body: text('body').notNull(),
    /** Footer pages only: the address part (`services`, `clauses`...). */
    slug: text('slug'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('content_items_column_published_idx').on(t.columnId, t.publishedAt), uniqueIndex('content_items_slug_uq').on(t.slug)],
);
