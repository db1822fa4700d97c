import sharp from 'sharp';
import { ResultCode, UPLOAD_IMAGE_MAX_BYTES } from '@tp/contract';
import { AppError } from '../http/index';
import { text } from '../i18n/index';

export const THUMB_WIDTH = 300;
/**
 * Refuses decompression bombs: a small file that decodes to a huge bitmap costs seconds of CPU.
 * The pages show pictures at most a screen wide and keep 300 px thumbnails; 4096 × 4096 still takes
 * a 12-megapixel phone photo (4032 × 3024) as it comes off the camera.
 */
export const MAX_INPUT_PIXELS = 4096 * 4096;

const ONLY_IMAGES = text(
  '只能上传 {max} MB 以内的 JPG 或 PNG 图片',
  'Only JPG or PNG images under {max} MB can be uploaded',
  '只能上傳 {max} MB 以內的 JPG 或 PNG 圖片',
);
const ONLY_PDF = text('只能上传 {max} MB 以内的 PDF 文件', 'Only PDF files under {max} MB can be uploaded', '只能上傳 {max} MB 以內的 PDF 檔案');

/** A file refused for its content or size; the message says what is accepted. */
export class UploadRefusedError extends AppError {
  constructor(kind: 'image' | 'document', maxBytes: number, status: 400 | 413 = 400) {
    super(ResultCode.badRequest, status, kind === 'image' ? ONLY_IMAGES : ONLY_PDF, { max: +(maxBytes / (1024 * 1024)).toFixed(1) });
  }
}

export interface AcceptedFile {
  kind: 'image' | 'document';
  mime: 'image/jpeg' | 'image/png' | 'application/pdf';
  ext: 'jpg' | 'png' | 'pdf';
  data: Buffer;
  /** A JPEG at most 300 px wide, for images. */
  thumb: Buffer | null;
}

type Sniffed = Pick<AcceptedFile, 'mime' | 'ext'>;

const startsWith = (buffer: Buffer, magic: readonly number[]) => buffer.length >= magic.length && magic.every((b, i) => buffer[i] === b);

/** Decides the type from the first bytes; the client's file name and content type are not trusted. */
export function sniff(buffer: Buffer): Sniffed | null {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

/**
 * Accepts a JPEG or PNG by its content, re-encodes it in the same format (orientation applied, EXIF
 * and other metadata dropped, so no GPS position or payload survives) and makes the thumbnail.
 */
export async function acceptImage(buffer: Buffer, options: { maxBytes?: number } = {}): Promise<AcceptedFile> {
  const maxBytes = options.maxBytes ?? UPLOAD_IMAGE_MAX_BYTES;
  if (buffer.length > maxBytes) throw new UploadRefusedError('image', maxBytes, 413);
  const type = sniff(buffer);
  if (!type || type.ext === 'pdf') throw new UploadRefusedError('image', maxBytes);
  const input = () => sharp(buffer, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  try {
    // The header alone gives the size: an oversized bitmap is refused before any pixel is decoded.
    const meta = await input().metadata();
    if (meta.format !== (type.ext === 'jpg' ? 'jpeg' : 'png')) throw new UploadRefusedError('image', maxBytes);
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw new UploadRefusedError('image', maxBytes);
    const oriented = input().autoOrient();
    const data = type.ext === 'jpg' ? await oriented.jpeg({ quality: 90 }).toBuffer() : await oriented.png().toBuffer();
    const thumb = await input()
      .autoOrient()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { kind: 'image', ...type, data, thumb };
  } catch (err) {
    if (err instanceof UploadRefusedError) throw err;
    // Right magic bytes but an undecodable body: refused like any other non-image.
    throw new UploadRefusedError('image', maxBytes);
  }
}

/** Accepts a PDF by its content. PDFs are stored as sent: there is no safe re-encoder here. */
export async function acceptDocument(buffer: Buffer, options: { maxBytes?: number } = {}): Promise<AcceptedFile> {
  const maxBytes = options.maxBytes ?? UPLOAD_IMAGE_MAX_BYTES;
  if (buffer.length > maxBytes) throw new UploadRefusedError('document', maxBytes, 413);
  if (sniff(buffer)?.ext !== 'pdf') throw new UploadRefusedError('document', maxBytes);
  return { kind: 'document', mime: 'application/pdf', ext: 'pdf', data: buffer, thumb: null };
}
