import {
  EXCHANGE_SERVICE_MAILBOX,
  LEGAL_KINDS,
  type AdminArticle,
  type AdminArticleListRequest,
  type AdminArticlePage,
  type AdminLegalVersion,
  type ContentColumnCode,
  type ExchangeArticleDetail,
  type ExchangeArticleKind,
  type ExchangeArticlePage,
  type HelpCentre,
  type Language,
  type LegalDocument,
  type LegalKind,
  type NoticeListQuery,
  type PublishLegalRequest,
  type SaveArticleRequest,
  type TermsStatus,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { appendAudit } from '../../platform/audit/index';
import { type Db, type DbOrTx, pageWindow, withTransaction } from '../../platform/db/index';
import { ConflictError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import * as repo from './content.repo';
import { INITIAL_LEGAL_TEXTS } from './legal.texts';

const COLUMN_OF: Record<ExchangeArticleKind, ContentColumnCode> = { notice: 'exchangeNotice', help: 'exchangeHelp', faq: 'exchangeFaq' };
const KIND_OF = new Map(Object.entries(COLUMN_OF).map(([kind, code]) => [code, kind as ExchangeArticleKind]));

const ARTICLE_NOT_FOUND = text('内容不存在或已下线', 'The content does not exist or was taken down', '內容不存在或已下線');
const TERMS_CHANGED = text('服务条款已更新，请阅读最新版本后再同意', 'The terms of service have changed: read the new version before accepting', '服務條款已更新，請閱讀最新版本後再同意');
/** Help centre pages list at most this many articles of each kind. */
const HELP_LIMIT = 100;

/** The first version of every legal text, at each start; versions staff publish later are kept. */
export async function ensureLegalDocuments(db: DbOrTx, now: Date): Promise<void> {
  for (const kind of LEGAL_KINDS) {
    if (await repo.currentLegal(db, kind)) continue;
    const initial = INITIAL_LEGAL_TEXTS[kind];
    try {
      await repo.insertLegalVersion(db, { kind, title: initial.title, body: initial.body, publishedAt: now, publishedBy: 'system' });
    } catch (error) {
      // Another instance starting at the same moment published it first.
      if (!(await repo.currentLegal(db, kind))) throw error;
    }
  }
}

const withMailbox = (body: string) => body.replaceAll('{email}', EXCHANGE_SERVICE_MAILBOX);

function localized(row: repo.ContentItemRow, language: Language): { title: string; summary: string; body: string } {
  const own = { title: row.title, summary: row.summary, body: row.body };
  if (language === 'cn') return own;
  return row.translations[language] ?? own;
}

function kindOf(row: repo.ContentItemRow, columns: Map<number, ExchangeArticleKind>): ExchangeArticleKind {
  const kind = columns.get(row.columnId);
  if (!kind) throw new NotFoundError(ARTICLE_NOT_FOUND);
  return kind;
}

export interface ExchangeContentDeps {
  db: Db;
  clock: Clock;
  /** Registration accepts the terms in force (the register form demands it): its time tells which version. */
  users: { registeredAt(userId: number): Promise<Date | undefined> };
}

export function createExchangeContentService({ db, clock, users }: ExchangeContentDeps) {
  async function columnId(kind: ExchangeArticleKind): Promise<number> {
    const id = await repo.columnIdOf(db, COLUMN_OF[kind]);
    if (id === undefined) throw new Error(`content column ${COLUMN_OF[kind]} is missing`);
    return id;
  }

  async function exchangeColumns(): Promise<Map<number, ExchangeArticleKind>> {
    const rows = await repo.listColumns(db);
    return new Map(rows.flatMap((row) => (KIND_OF.has(row.code) ? [[row.id, KIND_OF.get(row.code)!] as const] : [])));
  }

  function toDetail(row: repo.ContentItemRow, kind: ExchangeArticleKind, language: Language): ExchangeArticleDetail {
    return { id: String(row.id), kind, pinned: row.pinned, publishedAt: row.publishedAt.toISOString(), ...localized(row, language) };
  }

  function toAdmin(row: repo.ContentItemRow, kind: ExchangeArticleKind): AdminArticle {
    const en = localized(row, 'en');
    const tw = localized(row, 'tw');
    return {
      id: String(row.id),
      kind,
      pinned: row.pinned,
      title: { cn: row.title, en: en.title, tw: tw.title },
      summary: { cn: row.summary, en: en.summary, tw: tw.summary },
      body: { cn: row.body, en: en.body, tw: tw.body },
      publishedAt: row.publishedAt.toISOString(),
    };
  }

  async function articles(kind: ExchangeArticleKind, window: { offset: number; limit: number; pinnedOnly?: boolean }) {
    return repo.listItems(db, { columnId: await columnId(kind), ...window });
  }

  async function currentTerms(): Promise<repo.LegalDocumentRow> {
    const row = await repo.currentLegal(db, 'terms');
    if (!row) throw new NotFoundError(ARTICLE_NOT_FOUND);
    return row;
  }

  /**
   * The latest terms version the user accepted. A user with no acceptance on record accepted the
   * version in force when they registered; it is recorded, with the registration's time, on first read.
   */
  async function acceptedTerms(userId: number): Promise<number | null> {
    const recorded = await repo.latestAcceptance(db, userId, 'terms');
    if (recorded !== null) return recorded;
    const registeredAt = await users.registeredAt(userId);
    if (!registeredAt) return null;
    const version = await repo.legalVersionAt(db, 'terms', registeredAt);
    if (version === undefined) return null;
    await repo.acceptLegal(db, { userId, kind: 'terms', version, acceptedAt: registeredAt });
    return version;
  }

  return {
    /** Announcements, pinned first, then newest first. */
    async notices(query: NoticeListQuery, language: Language): Promise<ExchangeArticlePage> {
      const { rows, total } = await articles('notice', { ...pageWindow(query), pinnedOnly: query.pinned === '1' });
      return {
        content: rows.map((row) => {
          const { body: _body, ...summary } = toDetail(row, 'notice', language);
          return summary;
        }),
        total,
        page: query.page,
        size: query.size,
      };
    },

    async article(id: string, language: Language): Promise<ExchangeArticleDetail> {
      const row = await repo.findItem(db, { id: Number(id) });
      if (!row) throw new NotFoundError(ARTICLE_NOT_FOUND);
      return toDetail(row, kindOf(row, await exchangeColumns()), language);
    },

    async help(language: Language): Promise<HelpCentre> {
      const [help, faq] = await Promise.all([articles('help', { offset: 0, limit: HELP_LIMIT }), articles('faq', { offset: 0, limit: HELP_LIMIT })]);
      return { help: help.rows.map((row) => toDetail(row, 'help', language)), faq: faq.rows.map((row) => toDetail(row, 'faq', language)) };
    },

    async legal(kind: LegalKind, language: Language): Promise<LegalDocument> {
      const row = await repo.currentLegal(db, kind);
      if (!row) throw new NotFoundError(ARTICLE_NOT_FOUND);
      return { kind, version: row.version, title: row.title[language], body: withMailbox(row.body[language]), publishedAt: row.publishedAt.toISOString() };
    },

    async termsStatus(auth: AuthContext): Promise<TermsStatus> {
      const [current, acceptedVersion] = await Promise.all([currentTerms(), acceptedTerms(Number(auth.userId))]);
      return { version: current.version, accepted: acceptedVersion !== null && acceptedVersion >= current.version, acceptedVersion };
    },

    /** Records the user's acceptance of the version they read; an older version than the one in force is refused. */
    async acceptTerms(auth: AuthContext, version: number): Promise<TermsStatus> {
      const current = await currentTerms();
      if (version !== current.version) throw new ConflictError(TERMS_CHANGED);
      await repo.acceptLegal(db, { userId: Number(auth.userId), kind: 'terms', version, acceptedAt: clock.now() });
      return this.termsStatus(auth);
    },

    async adminArticles(request: AdminArticleListRequest): Promise<AdminArticlePage> {
      const { rows, total } = await articles(request.kind, pageWindow(request));
      return { content: rows.map((row) => toAdmin(row, request.kind)), total, page: request.page, size: request.size };
    },

    async saveArticle(staff: AuthContext, request: SaveArticleRequest): Promise<AdminArticle> {
      const fields = {
        title: request.title.cn,
        summary: request.summary.cn,
        body: request.body.cn,
        pinned: request.kind === 'notice' && request.pinned,
        translations: {
          en: { title: request.title.en, summary: request.summary.en, body: request.body.en },
          tw: { title: request.title.tw, summary: request.summary.tw, body: request.body.tw },
        },
      };
      const targetColumn = await columnId(request.kind);
      return withTransaction(db, async (tx) => {
        const now = clock.now();
        let row: repo.ContentItemRow | undefined;
        if (request.id) {
          const existing = await repo.findItem(tx, { id: Number(request.id) });
          if (!existing || existing.columnId !== targetColumn) throw new NotFoundError(ARTICLE_NOT_FOUND);
          row = await repo.updateItem(tx, existing.id, fields);
        } else {
          row = await repo.insertItem(tx, { ...fields, columnId: targetColumn, publishedAt: now });
        }
        if (!row) throw new NotFoundError(ARTICLE_NOT_FOUND);
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: request.id ? 'content.article.update' : 'content.article.create',
          objectType: 'content_item',
          objectId: String(row.id),
          detail: { kind: request.kind, title: request.title.cn, pinned: fields.pinned },
        });
        return toAdmin(row, request.kind);
      });
    },

    async deleteArticle(staff: AuthContext, id: string): Promise<{ id: string }> {
      const columns = await exchangeColumns();
      return withTransaction(db, async (tx) => {
        const row = await repo.findItem(tx, { id: Number(id) });
        // Only the exchange's articles are managed here; the commodity site's items are not reachable by id.
        if (!row || !columns.has(row.columnId)) throw new NotFoundError(ARTICLE_NOT_FOUND);
        await repo.deleteItem(tx, row.id);
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: staff.userId,
          action: 'content.article.delete',
          objectType: 'content_item',
          objectId: id,
          detail: { kind: kindOf(row, columns), title: row.title },
        });
        return { id };
      });
    },

    async legalVersions(kind: LegalKind): Promise<AdminLegalVersion[]> {
      return (await repo.legalVersions(db, kind)).map((row) => ({
        kind,
        version: row.version,
        title: row.title,
        body: row.body,
        publishedAt: row.publishedAt.toISOString(),
        publishedBy: row.publishedBy,
      }));
    },

    /** A new version in force at once; for the terms, every user is asked to accept it at their next visit. */
    async publishLegal(staff: AuthContext, request: PublishLegalRequest): Promise<AdminLegalVersion> {
      return withTransaction(db, async (tx) => {
        const now = clock.now();
        const row = await repo.insertLegalVersion(tx, { kind: request.kind, title: request.title, body: request.body, publishedAt: now, publishedBy: staff.userId });
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: 'content.legal.publish',
          objectType: 'legal_document',
          objectId: `${request.kind}:${row.version}`,
          detail: { kind: request.kind, version: row.version, title: request.title.cn },
        });
        return { kind: request.kind, version: row.version, title: row.title, body: row.body, publishedAt: now.toISOString(), publishedBy: staff.userId };
      });
    },
  };
}

export type ExchangeContentService = ReturnType<typeof createExchangeContentService>;
