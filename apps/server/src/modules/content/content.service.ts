import type { ContentColumn, ContentColumnCode, ContentDetail, ContentDetailQuery, ContentListQuery, ContentSummary, Page } from '@tp/contract';
import { type Db, type DbOrTx, pageWindow } from '../../platform/db/index';
import { NotFoundError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import * as repo from './content.repo';
import { ensureLegalDocuments } from './exchange-content.service';

/** The columns every installation has, created at start so clients can rely on them. */
export const CONTENT_COLUMNS: { code: ContentColumnCode; name: string }[] = [
  { code: 'carousel', name: '轮播图' },
  { code: 'news', name: '新闻资讯' },
  { code: 'notice', name: '平台公告' },
  { code: 'help', name: '帮助中心' },
  { code: 'footer', name: '页脚页面' },
  { code: 'exchangeNotice', name: '交易所公告' },
  { code: 'exchangeHelp', name: '交易所帮助中心' },
  { code: 'exchangeFaq', name: '交易所常见问题' },
];

const CONTENT_NOT_FOUND = text('内容不存在或已下线', 'The content does not exist or was taken down', '內容不存在或已下線');

/**
 * Footer pages the clients now word from live settings. Earlier installations were seeded with a
 * static text for them that contradicted what the platform charges (the rate page said 万分之五 from
 * both sides while the seller pays the fee setting, 0.2 % by default), so those rows are removed.
 */
const RETIRED_STATIC_PAGES: readonly { slug: string; body: string }[] = [
  { slug: 'rate', body: '交易手续费按成交金额的万分之五向买卖双方收取。\n\n仓储费按仓库公示的收费标准按日计收；质检费以平台审核设定的金额为准。' },
];

/** The columns, and the exchange's legal texts in their first version: every installation has them from its first start. */
export async function ensureContentColumns(db: DbOrTx, now: Date = new Date()): Promise<void> {
  for (const column of CONTENT_COLUMNS) await repo.ensureColumn(db, column);
  for (const page of RETIRED_STATIC_PAGES) await repo.deleteItemBySlugAndBody(db, page.slug, page.body);
  await ensureLegalDocuments(db, now);
}

export interface ContentServiceDeps {
  db: Db;
}

export function createContentService({ db }: ContentServiceDeps) {
  return {
    async columns(): Promise<ContentColumn[]> {
      return (await repo.listColumns(db)).map((row) => ({ columnId: String(row.id), code: row.code, name: row.name }));
    },

    async list(query: ContentListQuery): Promise<Page<ContentSummary>> {
      const { rows, total } = await repo.listItems(db, { columnId: Number(query.columnId), ...pageWindow(query) });
      return { content: rows.map(toSummary), total, page: query.page, size: query.size };
    },

    async detail(query: ContentDetailQuery): Promise<ContentDetail> {
      const row = await repo.findItem(db, 'id' in query ? { id: Number(query.id) } : { slug: query.slug });
      if (!row) throw new NotFoundError(CONTENT_NOT_FOUND);
      return { ...toSummary(row), body: row.body };
    },
  };
}

function toSummary(row: repo.ContentItemRow): ContentSummary {
  return {
    id: String(row.id),
    columnId: String(row.columnId),
    title: row.title,
    summary: row.summary,
    slug: row.slug ?? '',
    publishedAt: row.publishedAt.toISOString(),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
