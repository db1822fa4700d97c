import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DesktopUpdateFeed, DesktopUpdateQuery, DownloadDeleteRequest, DownloadDocument, DownloadList, DownloadPath, DownloadUploadQuery, UPLOAD_IMAGE_MAX_BYTES } from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import { readUploadedFile, sendStoredFile } from '../../platform/uploads/index';
import type { DownloadService } from './download.service';

/** The list and the files are public; publishing and withdrawing are content work for staff, audited. */
export function registerDownloadRoutes(app: FastifyInstance, downloads: DownloadService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const post = postRoutes(app, { anyone: { auth: 'optional' }, withdraw: { auth: { staff: 'content.manage' }, audit: 'download.withdraw' } });
  post.anyone(DownloadPath.list, z.strictObject({}).optional(), DownloadList, () => downloads.list());
  r.get(DownloadPath.document, { schema: { params: z.object({ documentId: z.string().max(18) }) }, config: { auth: 'optional' } }, async (request, reply) =>
    sendStoredFile(reply, await downloads.document(request.params.documentId), { disposition: 'attachment', maxAgeSeconds: 0 }),
  );
  r.get(DownloadPath.installer, { schema: { params: z.object({ fileName: z.string().max(200) }) }, config: { auth: 'optional' } }, async (request, reply) =>
    sendStoredFile(reply, await downloads.installer(request.params.fileName), { disposition: 'attachment', maxAgeSeconds: 0 }),
  );
  // Asked by the desktop client at start and while it retries; not cached, a new build is offered at once.
  r.get(DownloadPath.desktopLatest, { schema: { querystring: DesktopUpdateQuery, response: replyOf(DesktopUpdateFeed) }, config: { auth: 'optional' } }, async (request) =>
    ok(await downloads.desktopLatest(request.query)),
  );
  r.post(DownloadPath.adminUpload, { schema: { querystring: DownloadUploadQuery, response: replyOf(DownloadDocument) }, config: { auth: { staff: 'content.manage' }, audit: 'download.publish' } }, async (request) => {
    const pdf = await readUploadedFile(request, { maxBytes: UPLOAD_IMAGE_MAX_BYTES, kind: 'document' });
    return ok(await downloads.publish(caller(request), request.query, pdf));
  });
  post.withdraw(DownloadPath.adminDelete, DownloadDeleteRequest, z.object({ documentId: z.string() }), (body) => downloads.withdraw(body.documentId));
}
