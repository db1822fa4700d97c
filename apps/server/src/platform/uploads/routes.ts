import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_IMAGE_MAX_BYTES, UploadedFile, UploadPath } from '@tp/contract';
import { BadRequestError, caller, ok, replyOf } from '../http/index';
import { text } from '../i18n/index';
import { UploadRefusedError } from './accept';
import type { UploadService } from './uploads';

const NO_FILE = text('请选择要上传的文件', 'Choose a file to upload', '請選擇要上傳的檔案');
const MALFORMED = text('上传内容格式不正确', 'The upload is malformed', '上傳內容格式不正確');

/**
 * The one file of a multipart request. Oversized files are cut by the multipart limit (max + 1
 * bytes, so "too big" is still detectable) and refused with the same message as a wrong type.
 */
async function readSingleFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequestError(NO_FILE);
  try {
    const file = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
    if (!file) throw new BadRequestError(NO_FILE);
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof BadRequestError) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRefusedError('image', maxBytes, 413);
    // Everything else here is the client's stream: a cut-off or malformed multipart body.
    request.log.info({ err: { message: (err as Error).message } }, 'malformed upload');
    throw new BadRequestError(MALFORMED);
  }
}

const IdParams = z.object({ id: z.uuid() });
const uploadSchema = { consumes: ['multipart/form-data'], response: replyOf(UploadedFile) };

export function registerUploadRoutes(app: FastifyInstance, deps: { uploads: Pick<UploadService, 'storeImage' | 'open'> }): void {
  const http = app.withTypeProvider<ZodTypeProvider>();
  const { uploads } = deps;

  http.post(UploadPath.image, { config: { auth: 'user' }, schema: uploadSchema }, async (request) =>
    ok(await uploads.storeImage(caller(request), await readSingleFile(request, UPLOAD_IMAGE_MAX_BYTES))),
  );
  http.post(UploadPath.adminImage, { config: { auth: 'staff' }, schema: uploadSchema }, async (request) =>
    ok(await uploads.storeImage(caller(request), await readSingleFile(request, UPLOAD_IMAGE_MAX_BYTES))),
  );

  const downloads = [
    [UploadPath.file, 'user', 'file'],
    [UploadPath.thumb, 'user', 'thumb'],
    [UploadPath.adminFile, 'staff', 'file'],
    [UploadPath.adminThumb, 'staff', 'thumb'],
  ] as const;
  for (const [url, auth, variant] of downloads) {
    http.get(url, { config: { auth }, schema: { params: IdParams } }, async (request, reply) => {
      const file = await uploads.open(caller(request), request.params.id, variant);
      return reply
        .type(file.mime)
        .header('content-length', file.bytes)
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    });
  }
}
