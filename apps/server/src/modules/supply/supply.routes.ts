import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSupplyListRequest,
  AdminSupplyNote,
  AdminSupplyNotePage,
  SupplyAuditRequest,
  SupplyIdRequest,
  SupplyListRequest,
  SupplyMineRequest,
  SupplyNote,
  SupplyNotePage,
  SupplyNoteRequest,
  SupplyOffShelfRequest,
  SupplyPath,
  SupplyUpdateRequest,
  UploadedFile,
} from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import { readOptionalImage } from '../../platform/uploads/index';
import type { SupplyService } from './supply.service';

const ImageParams = z.object({ noteId: z.string().regex(/^\d{1,18}$/) });
/** Releasing and uploading are a few a minute for a person; more is a script filling the board. */
const WRITE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** Approved notes and their pictures are public; a logged-in viewer also sees contacts. Everything else needs a firm user or staff. */
export function registerSupplyRoutes(app: FastifyInstance, supply: SupplyService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  const staff = { auth: { staff: 'supply.review' } } as const;
  const optional = { auth: 'optional' } as const;

  r.post(SupplyPath.list, { schema: { body: SupplyListRequest, response: replyOf(SupplyNotePage) }, config: optional }, async (request) =>
    ok(await supply.list(request.auth, request.body)),
  );
  r.post(SupplyPath.detail, { schema: { body: SupplyIdRequest, response: replyOf(SupplyNote) }, config: optional }, async (request) =>
    ok(await supply.detail(request.auth, Number(request.body.noteId))),
  );
  for (const [url, variant] of [
    [SupplyPath.image, 'file'],
    [SupplyPath.thumb, 'thumb'],
  ] as const) {
    r.get(url, { schema: { params: ImageParams }, config: optional }, async (request, reply) => {
      const file = await supply.image(request.auth, Number(request.params.noteId), variant);
      return reply
        .type(file.mime)
        .header('content-length', file.bytes)
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .header('cache-control', 'private, max-age=300')
        .send(file.stream);
    });
  }

  r.post(SupplyPath.upload, { schema: { consumes: ['multipart/form-data'], response: replyOf(UploadedFile) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await supply.upload(caller(request), await readOptionalImage(request, 'supply'), request.lang)),
  );
  r.post(SupplyPath.mine, { schema: { body: SupplyMineRequest, response: replyOf(SupplyNotePage) }, config: user }, async (request) =>
    ok(await supply.mine(caller(request), request.body)),
  );
  r.post(SupplyPath.release, { schema: { body: SupplyNoteRequest, response: replyOf(SupplyNote) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await supply.release(caller(request), request.body, request.lang)),
  );
  r.post(SupplyPath.update, { schema: { body: SupplyUpdateRequest, response: replyOf(SupplyNote) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await supply.update(caller(request), request.body, request.lang)),
  );
  r.post(SupplyPath.undo, { schema: { body: SupplyIdRequest, response: replyOf(SupplyNote) }, config: user }, async (request) =>
    ok(await supply.undo(caller(request), Number(request.body.noteId))),
  );
  r.post(SupplyPath.top, { schema: { body: SupplyIdRequest, response: replyOf(SupplyNote) }, config: user }, async (request) =>
    ok(await supply.top(caller(request), Number(request.body.noteId))),
  );
  r.post(SupplyPath.untop, { schema: { body: SupplyIdRequest, response: replyOf(SupplyNote) }, config: user }, async (request) =>
    ok(await supply.untop(caller(request), Number(request.body.noteId))),
  );

  r.post(SupplyPath.adminList, { schema: { body: AdminSupplyListRequest, response: replyOf(AdminSupplyNotePage) }, config: staff }, async (request) =>
    ok(await supply.adminList(caller(request), request.body)),
  );
  r.post(SupplyPath.adminAudit, { schema: { body: SupplyAuditRequest, response: replyOf(AdminSupplyNote) }, config: staff }, async (request) =>
    ok(await supply.audit(caller(request), request.body)),
  );
  r.post(SupplyPath.adminOffShelf, { schema: { body: SupplyOffShelfRequest, response: replyOf(AdminSupplyNote) }, config: staff }, async (request) =>
    ok(await supply.offShelf(caller(request), request.body)),
  );
}
