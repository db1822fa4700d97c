import type { FastifyRequest } from 'fastify';
import { UPLOAD_IMAGE_MAX_BYTES } from '@tp/contract';

/**
 * The one file of a multipart request, or null when there is none or it is larger than the limit
 * (read up to one byte more, so "too big" is detectable): the calling service refuses a null
 * naming its own field, so the user sees which picture was wrong rather than a generic error.
 */
export async function readOptionalImage(request: FastifyRequest, what: string): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  try {
    const file = await request.file({ limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES + 1, files: 1 } });
    if (!file) return null;
    const buffer = await file.toBuffer();
    return buffer.length > UPLOAD_IMAGE_MAX_BYTES ? null : buffer;
  } catch (error) {
    request.log.info({ err: { message: (error as Error).message } }, `${what} image refused`);
    return null;
  }
}
