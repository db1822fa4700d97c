import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../http/index';
import { text, type LocalizedText } from '../i18n/index';
import { UploadRefusedError } from './accept';

const NO_FILE = text('请选择要上传的文件', 'Choose a file to upload', '請選擇要上傳的檔案');
const MALFORMED = text('上传内容格式不正确', 'The upload is malformed', '上傳內容格式不正確');

/** The multipart body itself is broken (cut off, bad part headers): always a 400. */
export class MalformedUploadError extends BadRequestError {
  constructor() {
    super(MALFORMED);
  }
}

export interface UploadReadOptions {
  maxBytes: number;
  /** What the refusal of an oversized file says is accepted. */
  kind: 'image' | 'document';
  /** The message when the request carries no file (modules name their own field). */
  noFile?: LocalizedText;
}

/**
 * The one file of a multipart request, for every upload route. The file is read up to one byte
 * over the limit, so "too big" is told apart from "just fits"; a body cut off mid-stream or with
 * broken part headers is the client's fault and answers 400, never 500.
 */
export async function readUploadedFile(request: FastifyRequest, options: UploadReadOptions): Promise<Buffer> {
  const noFile = options.noFile ?? NO_FILE;
  if (!request.isMultipart()) throw new BadRequestError(noFile);
  let buffer: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: options.maxBytes + 1, files: 1 } });
    if (!file) throw new BadRequestError(noFile);
    buffer = await file.toBuffer();
  } catch (err) {
    if (err instanceof BadRequestError) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRefusedError(options.kind, options.maxBytes, 413);
    request.log.info({ err: { message: (err as Error).message } }, 'malformed upload');
    throw new MalformedUploadError();
  }
  if (buffer.length > options.maxBytes) throw new UploadRefusedError(options.kind, options.maxBytes, 413);
  return buffer;
}
