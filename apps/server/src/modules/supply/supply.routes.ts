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
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import { readOptionalImage, sendStoredFile } from '../../platform/uploads/index';
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
  const post = postRoutes(app, { user, staff, anyone: optional, userWrites: { ...user, rateLimit: WRITE_LIMIT } });

  post.anyone(SupplyPath.list, SupplyListRequest, SupplyNotePage, (body, request) => supply.list(request.auth, body));
  post.anyone(SupplyPath.detail, SupplyIdRequest, SupplyNote, (body, request) => supply.detail(request.auth, Number(body.noteId)));
  for (const [url, variant] of [
    [SupplyPath.image, 'file'],
    [SupplyPath.thumb, 'thumb'],
  ] as const) {
    r.get(url, { schema: { params: ImageParams }, config: optional }, async (request, reply) =>
      sendStoredFile(reply, await supply.image(request.auth, Number(request.params.noteId), variant), { disposition: 'inline', maxAgeSeconds: 300 }),
    );
  }

  r.post(SupplyPath.upload, { schema: { consumes: ['multipart/form-data'], response: replyOf(UploadedFile) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await supply.upload(caller(request), await readOptionalImage(request, 'supply'), request.lang)),
  );
  post.user(SupplyPath.mine, SupplyMineRequest, SupplyNotePage, (body, request) => supply.mine(caller(request), body));
  post.userWrites(SupplyPath.release, SupplyNoteRequest, SupplyNote, (body, request) => supply.release(caller(request), body, request.lang));
  post.userWrites(SupplyPath.update, SupplyUpdateRequest, SupplyNote, (body, request) => supply.update(caller(request), body, request.lang));
  post.user(SupplyPath.undo, SupplyIdRequest, SupplyNote, (body, request) => supply.undo(caller(request), Number(body.noteId)));
  post.user(SupplyPath.top, SupplyIdRequest, SupplyNote, (body, request) => supply.top(caller(request), Number(body.noteId)));
  post.user(SupplyPath.untop, SupplyIdRequest, SupplyNote, (body, request) => supply.untop(caller(request), Number(body.noteId)));

  post.staff(SupplyPath.adminList, AdminSupplyListRequest, AdminSupplyNotePage, (body, request) => supply.adminList(caller(request), body));
  post.staff(SupplyPath.adminAudit, SupplyAuditRequest, AdminSupplyNote, (body, request) => supply.audit(caller(request), body));
  post.staff(SupplyPath.adminOffShelf, SupplyOffShelfRequest, AdminSupplyNote, (body, request) => supply.offShelf(caller(request), body));
}
