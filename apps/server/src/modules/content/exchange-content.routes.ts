import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptTermsRequest,
  AdminArticle,
  AdminArticleListRequest,
  AdminArticlePage,
  AdminLegalVersion,
  AdminLegalVersionsRequest,
  ArticleQuery,
  DeleteArticleRequest,
  ExchangeArticleDetail,
  ExchangeArticlePage,
  ExchangeContentPath,
  HelpCentre,
  LegalDocument,
  LegalQuery,
  NoticeListQuery,
  PublishLegalRequest,
  SaveArticleRequest,
  TermsStatus,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { ExchangeContentService } from './exchange-content.service';

/** Readers GET the exchange's articles and legal texts in their language; staff manage them by POST. */
export function registerExchangeContentRoutes(app: FastifyInstance, content: ExchangeContentService): void {
  const http = app.withTypeProvider<ZodTypeProvider>();
  http.get(ExchangeContentPath.notices, { schema: { querystring: NoticeListQuery, response: replyOf(ExchangeArticlePage) } }, async (request) =>
    ok(await content.notices(request.query, request.lang)),
  );
  http.get(ExchangeContentPath.article, { schema: { querystring: ArticleQuery, response: replyOf(ExchangeArticleDetail) } }, async (request) =>
    ok(await content.article(request.query.id, request.lang)),
  );
  http.get(ExchangeContentPath.help, { schema: { response: replyOf(HelpCentre) } }, async (request) => ok(await content.help(request.lang)));
  http.get(ExchangeContentPath.legal, { schema: { querystring: LegalQuery, response: replyOf(LegalDocument) } }, async (request) =>
    ok(await content.legal(request.query.kind, request.lang)),
  );

  const post = postRoutes(app, { user: { auth: 'user' }, staff: { auth: { staff: 'content.manage' } } });
  post.user(ExchangeContentPath.legalStatus, z.strictObject({}), TermsStatus, (_body, request) => content.termsStatus(caller(request)));
  post.user(ExchangeContentPath.legalAccept, AcceptTermsRequest, TermsStatus, (body, request) => content.acceptTerms(caller(request), body.version));
  post.staff(ExchangeContentPath.adminArticles, AdminArticleListRequest, AdminArticlePage, (body) => content.adminArticles(body));
  post.staff(ExchangeContentPath.adminSaveArticle, SaveArticleRequest, AdminArticle, (body, request) => content.saveArticle(caller(request), body));
  post.staff(ExchangeContentPath.adminDeleteArticle, DeleteArticleRequest, z.object({ id: z.string() }), (body, request) => content.deleteArticle(caller(request), body.id));
  post.staff(ExchangeContentPath.adminLegalVersions, AdminLegalVersionsRequest, z.array(AdminLegalVersion), (body) => content.legalVersions(body.kind));
  post.staff(ExchangeContentPath.adminPublishLegal, PublishLegalRequest, AdminLegalVersion, (body, request) => content.publishLegal(caller(request), body));
}
