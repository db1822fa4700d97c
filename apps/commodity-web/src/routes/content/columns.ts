import type { ContentColumnCode } from '@tp/contract';
import { paths } from '../../paths';

/** The content columns with pages of their own: list address, detail address, title key. */
export const CONTENT_PAGES = {
  news: { list: paths.news, detail: (id: string) => `/news/newsList/newsDetails/${id}`, title: 'content.news' },
  notice: { list: paths.notice, detail: (id: string) => `/notice/noticeDetails/${id}`, title: 'content.notice' },
  help: { list: paths.helpCenter, detail: (id: string) => `/helpCenterDetail/${id}`, title: 'content.help' },
} as const satisfies Partial<Record<ContentColumnCode, unknown>>;

export type ContentPageColumn = keyof typeof CONTENT_PAGES;

/** Body text is plain paragraphs separated by blank lines; it is shown as text, never as markup. */
export function paragraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function formatDate(iso: string, locale: string): string {
  return new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
}
