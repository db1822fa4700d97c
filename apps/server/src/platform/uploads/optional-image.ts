import type { FastifyRequest } from 'fastify';
import { UPLOAD_IMAGE_MAX_BYTES } from '@tp/contract';
import { MalformedUploadError, readUploadedFile } from './multipart';

/**
 * The one file of a multipart request, or null when there is none or it is larger than the limit:
 * the calling service refuses a null naming its own field, so the user sees which picture was
 * wrong rather than a generic error. A broken multipart body is still a plain 400.
 */
export async function readOptionalImage(request: FastifyRequest, what: string): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  try {
    return await readUploadedFile(request, { maxBytes: UPLOAD_IMAGE_MAX_BYTES, kind: 'image' });
  } catch (error) {
    if (error instanceof MalformedUploadError) throw error;
    request.log.info({ err: { message: (error as Error).message } }, `${what} image refused`);
    return null;
  }
}
