import { z } from 'zod';
import { pageFields, pageOf } from './envelope';

/** The exchange's announcements, help centre, FAQ and legal texts (in cn, en and tw), and their back office. */
export const ExchangeContentPath = {
  notices: '/api/exchange/content/notices',
  article: '/api/exchange/content/article',
  help: '/api/exchange/content/help',
  legal: '/api/exchange/legal',
  legalStatus: '/api/exchange/legal/status',
  legalAccept: '/api/exchange/legal/accept',
  adminArticles: '/api/admin/exchange/content/articles',
  adminSaveArticle: '/api/admin/exchange/content/articles/save',
  adminDeleteArticle: '/api/admin/exchange/content/articles/delete',
  adminLegalVersions: '/api/admin/exchange/legal/versions',
  adminPublishLegal: '/api/admin/exchange/legal/publish',
} as const;

/** The single service mailbox the legal texts and the contact page name. */
export const EXCHANGE_SERVICE_MAILBOX = 'service@tp-exchange.example';

export const ExchangeArticleKind = z.enum(['notice', 'help', 'faq']);
export type ExchangeArticleKind = z.infer<typeof ExchangeArticleKind>;

/** The legal texts of the exchange; each is also the page's address (`/exchange/terms`...). */
export const LEGAL_KINDS = ['terms', 'privacy', 'kyc-aml', 'legal-statement', 'risk-disclosure', 'fiat-agreement', 'asset-commitment', 'digital-assets'] as const;
export const LegalKind = z.enum(LEGAL_KINDS);
export type LegalKind = z.infer<typeof LegalKind>;

const numericId = z.string().regex(/^\d{1,12}$/);

/** A text staff write in every language of the exchange. */
export const Texts = (max: number) => z.strictObject({ cn: z.string().trim().min(1).max(max), en: z.string().trim().min(1).max(max), tw: z.string().trim().min(1).max(max) });
export type Texts = { cn: string; en: string; tw: string };

export const NoticeListQuery = z.strictObject({ ...pageFields(10, 50), pinned: z.enum(['1']).optional() });
export type NoticeListQuery = z.infer<typeof NoticeListQuery>;

/** An article in the reader's language (Accept-Language), falling back to cn. */
export const ExchangeArticle = z.object({
  id: z.string(),
  kind: ExchangeArticleKind,
  title: z.string(),
  summary: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});
export type ExchangeArticle = z.infer<typeof ExchangeArticle>;
export const ExchangeArticlePage = pageOf(ExchangeArticle);
export type ExchangeArticlePage = z.infer<typeof ExchangeArticlePage>;

export const ArticleQuery = z.strictObject({ id: numericId });
/** The body is plain paragraphs separated by blank lines; clients never render it as HTML. */
export const ExchangeArticleDetail = ExchangeArticle.extend({ body: z.string() });
export type ExchangeArticleDetail = z.infer<typeof ExchangeArticleDetail>;

/** The help centre: its articles and the FAQ, newest first. */
export const HelpCentre = z.object({ help: z.array(ExchangeArticleDetail), faq: z.array(ExchangeArticleDetail) });
export type HelpCentre = z.infer<typeof HelpCentre>;

export const LegalQuery = z.strictObject({ kind: LegalKind });
/** The version in force of one legal text, in the reader's language. */
export const LegalDocument = z.object({ kind: LegalKind, version: z.number().int(), title: z.string(), body: z.string(), publishedAt: z.string() });
export type LegalDocument = z.infer<typeof LegalDocument>;

/** Whether the logged-in user accepted the terms of service in force. */
export const TermsStatus = z.object({ version: z.number().int(), accepted: z.boolean(), acceptedVersion: z.number().int().nullable() });
export type TermsStatus = z.infer<typeof TermsStatus>;
export const AcceptTermsRequest = z.strictObject({ version: z.number().int().min(1) });
export type AcceptTermsRequest = z.infer<typeof AcceptTermsRequest>;

export const AdminArticleListRequest = z.strictObject({ kind: ExchangeArticleKind, ...pageFields(20, 100) });
export type AdminArticleListRequest = z.infer<typeof AdminArticleListRequest>;
export const AdminArticle = z.object({
  id: z.string(),
  kind: ExchangeArticleKind,
  pinned: z.boolean(),
  title: z.object({ cn: z.string(), en: z.string(), tw: z.string() }),
  summary: z.object({ cn: z.string(), en: z.string(), tw: z.string() }),
  body: z.object({ cn: z.string(), en: z.string(), tw: z.string() }),
  publishedAt: z.string(),
});
export type AdminArticle = z.infer<typeof AdminArticle>;
export const AdminArticlePage = pageOf(AdminArticle);
export type AdminArticlePage = z.infer<typeof AdminArticlePage>;

/** A new article without `id`; an edit with it. */
export const SaveArticleRequest = z.strictObject({
  id: numericId.optional(),
  kind: ExchangeArticleKind,
  pinned: z.boolean().default(false),
  title: Texts(120),
  summary: z.strictObject({ cn: z.string().trim().max(300), en: z.string().trim().max(300), tw: z.string().trim().max(300) }),
  body: Texts(20_000),
});
export type SaveArticleRequest = z.infer<typeof SaveArticleRequest>;
export const DeleteArticleRequest = z.strictObject({ id: numericId });

export const AdminLegalVersionsRequest = z.strictObject({ kind: LegalKind });
export const AdminLegalVersion = z.object({
  kind: LegalKind,
  version: z.number().int(),
  title: z.object({ cn: z.string(), en: z.string(), tw: z.string() }),
  body: z.object({ cn: z.string(), en: z.string(), tw: z.string() }),
  publishedAt: z.string(),
  publishedBy: z.string(),
});
export type AdminLegalVersion = z.infer<typeof AdminLegalVersion>;
/** Publishing always makes a new version; earlier versions stay as they were accepted. */
export const PublishLegalRequest = z.strictObject({ kind: LegalKind, title: Texts(120), body: Texts(50_000) });
export type PublishLegalRequest = z.infer<typeof PublishLegalRequest>;
