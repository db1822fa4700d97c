import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { UploadPath, isUploadableImage, type UploadedFile } from '@tp/contract';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/index';
import { NotFoundError, type AuthContext } from '../http/index';
import { text } from '../i18n/index';
import { acceptDocument, acceptImage, UploadRefusedError, type AcceptedFile } from './accept';
import { uploads } from './uploads.tables';

export type UploadRow = typeof uploads.$inferSelect;

const NO_SUCH_FILE = text('文件不存在', 'No such file', '檔案不存在');

/** A user's files belong to the firm, so its other staff see them too; staff files to staff. */
export function ownerOf(auth: AuthContext): { ownerKind: 'firm' | 'user' | 'staff'; ownerId: string } {
  if (auth.kind === 'staff') return { ownerKind: 'staff', ownerId: auth.userId };
  return auth.firmId ? { ownerKind: 'firm', ownerId: auth.firmId } : { ownerKind: 'user', ownerId: auth.userId };
}

/** The object-level check: staff read any file, users only their firm's (or, without a firm, their own). */
export function mayRead(auth: AuthContext, row: Pick<UploadRow, 'ownerKind' | 'ownerId'>): boolean {
  if (auth.kind === 'staff') return true;
  if (row.ownerKind === 'firm') return auth.firmId !== '' && row.ownerId === auth.firmId;
  if (row.ownerKind === 'user') return row.ownerId === auth.userId;
  return false;
}

/**
 * The upload row when `auth` may read it; otherwise not found, so another firm learns nothing about
 * the id. Modules that take an upload id from a client (an ID photo, an auction image) check it here.
 */
export async function findReadableUpload(dbOrTx: DbOrTx, auth: AuthContext, id: string): Promise<UploadRow> {
  const [row] = await dbOrTx.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row || !mayRead(auth, row)) throw new NotFoundError(NO_SUCH_FILE);
  return row;
}

export interface UploadServiceDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
}

export interface OpenedFile {
  stream: ReadStream;
  mime: string;
  bytes: number;
  filename: string;
}

export function createUploadService(deps: UploadServiceDeps) {
  const { db, clock } = deps;
  const root = path.resolve(deps.dataDir, 'uploads');

  function urlsOf(id: string, hasThumb: boolean, admin: boolean): UploadedFile {
    const file = admin ? UploadPath.adminFile : UploadPath.file;
    const thumb = admin ? UploadPath.adminThumb : UploadPath.thumb;
    return { id, url: file.replace(':id', id), thumbUrl: hasThumb ? thumb.replace(':id', id) : null };
  }

  async function save(auth: AuthContext, file: AcceptedFile): Promise<UploadedFile> {
    const id = randomUUID();
    const now = clock.now();
    const dir = path.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'));
    const rel = path.join(dir, `${id}.${file.ext}`);
    const thumbRel = file.thumb ? path.join(dir, `${id}.thumb.jpg`) : null;
    await mkdir(path.join(root, dir), { recursive: true });
    const written: string[] = [];
    try {
      await writeFile(path.join(root, rel), file.data, { flag: 'wx' });
      written.push(rel);
      if (file.thumb && thumbRel) {
        await writeFile(path.join(root, thumbRel), file.thumb, { flag: 'wx' });
        written.push(thumbRel);
      }
      await db.insert(uploads).values({
        id,
        ...ownerOf(auth),
        uploadedBy: auth.userId,
        kind: file.kind,
        mime: file.mime,
        bytes: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        path: rel,
        thumbPath: thumbRel,
        createdAt: now,
      });
    } catch (err) {
      await Promise.allSettled(written.map((p) => unlink(path.join(root, p))));
      throw err;
    }
    return urlsOf(id, thumbRel !== null, auth.kind === 'staff');
  }

  return {
    async storeImage(auth: AuthContext, buffer: Buffer): Promise<UploadedFile> {
      return save(auth, await acceptImage(buffer));
    },
    async storeDocument(auth: AuthContext, buffer: Buffer): Promise<UploadedFile> {
      return save(auth, await acceptDocument(buffer));
    },
    /** The file or its thumbnail, after the object-level check. */
    async open(auth: AuthContext, id: string, variant: 'file' | 'thumb'): Promise<OpenedFile> {
      const row = await findReadableUpload(db, auth, id);
      const rel = variant === 'thumb' ? row.thumbPath : row.path;
      if (!rel) throw new NotFoundError(NO_SUCH_FILE);
      const abs = path.join(root, rel);
      const info = await stat(abs).catch(() => null);
      if (!info) throw new NotFoundError(NO_SUCH_FILE);
      return {
        stream: createReadStream(abs),
        mime: variant === 'thumb' ? 'image/jpeg' : row.mime,
        bytes: info.size,
        filename: path.basename(rel),
      };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

/**
 * The upload a form names as a photo: one the caller may read that is a JPG or PNG within the
 * image limit. Anything else (missing, another firm's, not a picture) throws the form's own
 * refusal, which names its field.
 */
export async function readablePhotoOrRefuse(dbOrTx: DbOrTx, auth: AuthContext, id: string, refusal: () => Error): Promise<UploadRow> {
  try {
    const row = await findReadableUpload(dbOrTx, auth, id);
    if (row.kind === 'image' && isUploadableImage({ type: row.mime, size: row.bytes })) return row;
  } catch {
    // Reads as a refused photo, like a file of the wrong type.
  }
  throw refusal();
}

/**
 * Stores an uploaded image for a form; a missing file, or one the upload service refuses (not an
 * image, too large), throws the form's own refusal, which names its field.
 */
export async function storeImageOrRefuse(uploads: Pick<UploadService, 'storeImage'>, auth: AuthContext, buffer: Buffer | null, refusal: () => Error): Promise<UploadedFile> {
  if (buffer === null) throw refusal();
  try {
    return await uploads.storeImage(auth, buffer);
  } catch (error) {
    if (error instanceof UploadRefusedError) throw refusal();
    throw error;
  }
}
