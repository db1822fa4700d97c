import { z } from 'zod';
import { pageFields, pageOf } from './envelope';

/** Content pages of the commodity platform: carousel, news, notices, help centre, footer pages. */
export const ContentPath = {
  columns: '/api/content/columns',
  list: '/api/content/list',
  detail: '/api/content/detail',
} as const;

/** The columns every installation has; `columnId` is what the clients send. */
export const ContentColumnCode = z.enum(['carousel', 'news', 'notice', 'help', 'footer', 'exchangeNotice', 'exchangeHelp', 'exchangeFaq']);
export type ContentColumnCode = z.infer<typeof ContentColumnCode>;

export const ContentColumn = z.object({ columnId: z.string(), code: ContentColumnCode, name: z.string() });
export type ContentColumn = z.infer<typeof ContentColumn>;

/** A column's items, newest first, 20 per page unless asked otherwise. */
export const ContentListQuery = z.strictObject({
  columnId: z.string().regex(/^\d{1,12}$/),
  ...pageFields(20),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

export const ContentSummary = z.object({
  id: z.string(),
  columnId: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Footer pages are addressed by a slug (`services`, `clauses`...); '' for other items. */
  slug: z.string(),
  publishedAt: z.string(),
});
export type ContentSummary = z.infer<typeof ContentSummary>;
export const ContentPage = pageOf(ContentSummary);

/** One item by id, or a footer page by slug. */
export const ContentDetailQuery = z.union([
  z.strictObject({ id: z.string().regex(/^\d{1,12}$/) }),
  z.strictObject({ slug: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/) }),
]);
export type ContentDetailQuery = z.infer<typeof ContentDetailQuery>;

/** The body is plain paragraphs separated by blank lines; clients never render it as HTML. */
export const ContentDetail = ContentSummary.extend({ body: z.string() });
export type ContentDetail = z.infer<typeof ContentDetail>;
