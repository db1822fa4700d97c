import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContentColumn, ContentDetail, ContentDetailQuery, ContentListQuery, ContentPage, ContentPath } from '@tp/contract';
import { ok, replyOf } from '../../platform/http/index';
import type { ContentService } from './content.service';

/** Content reads are public GETs, as the spec's clients make them. */
export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  const http = app.withTypeProvider<ZodTypeProvider>();
  http.get(ContentPath.columns, { schema: { response: replyOf(z.array(ContentColumn)) } }, async () => ok(await content.columns()));
  http.get(ContentPath.list, { schema: { querystring: ContentListQuery, response: replyOf(ContentPage) } }, async (request) =>
    ok(await content.list(request.query)),
  );
  http.get(ContentPath.detail, { schema: { querystring: ContentDetailQuery, response: replyOf(ContentDetail) } }, async (request) =>
    ok(await content.detail(request.query)),
  );
}
