import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, blank, identityKey, referenceTo, userIdColumn } from '../../platform/db/columns';
import type { ContentColumnCode, LegalKind } from '@tp/contract';

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

/** An item's texts in the languages other than the Chinese its own columns hold (exchange articles). */
export type ItemTranslations = Partial<Record<'en' | 'tw', { title: string; summary: string; body: string }>>;

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
    /** Shown before the others (the exchange's home page and trading bar show pinned announcements). */
    pinned: boolean('pinned').notNull().default(false),
    translations: jsonb('translations').$type<ItemTranslations>().notNull().default({}),
  },
  (t) => [index('content_items_column_published_idx').on(t.columnId, t.publishedAt), uniqueIndex('content_items_slug_uq').on(t.slug)],
);

export interface LegalTexts {
  cn: string;
  en: string;
  tw: string;
}

/** Every published version of a legal text; a change is a new version, never an edit of one users accepted. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: identityKey(),
    kind: text('kind').$type<LegalKind>().notNull(),
    version: integer('version').notNull(),
    title: jsonb('title').$type<LegalTexts>().notNull(),
    body: jsonb('body').$type<LegalTexts>().notNull(),
    publishedAt: at('published_at').notNull(),
    /** Staff id, or `system` for the texts every installation starts with. */
    publishedBy: text('published_by').notNull(),
  },
  (t) => [uniqueIndex('legal_documents_kind_version_uq').on(t.kind, t.version)],
);

/** Which version of a legal text a user accepted, and when (at registration, or when asked again). */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    kind: text('kind').$type<LegalKind>().notNull(),
    version: integer('version').notNull(),
    acceptedAt: at('accepted_at').notNull(),
  },
  (t) => [uniqueIndex('legal_acceptances_user_kind_version_uq').on(t.userId, t.kind, t.version)],
);
