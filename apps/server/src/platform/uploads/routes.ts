import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_IMAGE_MAX_BYTES, UploadedFile, UploadPath } from '@tp/contract';
import { caller, ok, replyOf } from '../http/index';
import { text } from '../i18n/index';
import { readUploadedFile } from './multipart';
import { sendStoredFile } from './send-file';
import type { UploadService } from './uploads';

const NO_FILE = text('请选择要上传的文件', 'Choose a file to upload', '請選擇要上傳的檔案');

/** Oversized files are refused with the same message as a wrong type. */
const readSingleFile = (request: FastifyRequest, maxBytes: number) => readUploadedFile(request, { maxBytes, kind: 'image', noFile: NO_FILE });

const IdParams = z.object({ id: z.uuid() });
const uploadSchema = { consumes: ['multipart/form-data'], response: replyOf(UploadedFile) };

export function registerUploadRoutes(app: FastifyInstance, deps: { uploads: Pick<UploadService, 'storeImage' | 'open'> }): void {
  const http = app.withTypeProvider<ZodTypeProvider>();
  const { uploads } = deps;

  http.post(UploadPath.image, { config: { auth: 'user' }, schema: uploadSchema }, async (request) =>
    ok(await uploads.storeImage(caller(request), await readSingleFile(request, UPLOAD_IMAGE_MAX_BYTES))),
  );
  http.post(UploadPath.adminImage, { config: { auth: { staff: 'upload.image' } }, schema: uploadSchema }, async (request) =>
    ok(await uploads.storeImage(caller(request), await readSingleFile(request, UPLOAD_IMAGE_MAX_BYTES))),
  );

  // Staff open the files of what they review or manage: any of those rights will do.
  const readers = { staff: ['certification.review', 'kyc.review', 'product.review', 'supply.review', 'warehouse.manage', 'listing.manage', 'contract.view', 'upload.image'] } as const;
  const downloads = [
    [UploadPath.file, 'user', 'file'],
    [UploadPath.thumb, 'user', 'thumb'],
    [UploadPath.adminFile, readers, 'file'],
    [UploadPath.adminThumb, readers, 'thumb'],
  ] as const;
  for (const [url, auth, variant] of downloads) {
    http.get(url, { config: { auth }, schema: { params: IdParams } }, async (request, reply) =>
      sendStoredFile(reply, await uploads.open(caller(request), request.params.id, variant), { disposition: 'inline', maxAgeSeconds: 3600 }),
    );
  }
}
