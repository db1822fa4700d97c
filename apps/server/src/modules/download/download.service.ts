import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { compareVersions, DownloadPath, type DesktopPlatform, type DesktopUpdateFeed, type DownloadDocument, type DownloadInstaller, type DownloadList } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/index';
import { NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import type { OpenedFile, UploadService } from '../../platform/uploads/index';
import * as repo from './download.repo';

const NO_SUCH_DOCUMENT = text('文件不存在或已下架', 'No such file, or it has been withdrawn', '檔案不存在或已下架');

export interface DownloadServiceDeps {
  db: Db;
  clock: Clock;
  uploads: Pick<UploadService, 'storeDocument' | 'open'>;
  /** Where the desktop client's build puts its installers; none are listed when it is missing. */
  installerDir: string;
}

const PLATFORMS: [RegExp, DownloadInstaller['platform']][] = [
  [/\.exe$/i, 'windows'],
  [/\.dmg$/i, 'mac'],
  [/\.(AppImage|deb)$/i, 'linux'],
];

/** The feed's platform names and the listing's. */
const FEED_PLATFORM: Record<DesktopPlatform, DownloadInstaller['platform']> = { win: 'windows', mac: 'mac', linux: 'linux' };

/** Of two Linux installers of one version the AppImage is offered: it replaces itself without a package manager. */
const preference = (fileName: string) => (/\.AppImage$/i.test(fileName) ? 1 : 0);

async function sha512Of(file: string): Promise<string> {
  const hash = createHash('sha512');
  await pipeline(createReadStream(file), hash);
  return hash.digest('base64');
}

/** Published files are read as the staff member who published them; the listing is the public check. */
const publisher = (staffId: string): AuthContext => ({ kind: 'staff', sessionId: '', userId: staffId, firmId: '', marketId: '', isMainAccount: false, language: 'cn' });

/** The saved file's name travels in a header, which takes ASCII only. */
const asciiName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_');

function documentOf(row: repo.DocumentRow): DownloadDocument {
  return { documentId: String(row.id), title: row.title, version: row.version, bytes: row.bytes, url: DownloadPath.document.replace(':documentId', String(row.id)), publishedAt: row.createdAt.toISOString() };
}

/** The download centre: installers the desktop build left on the server, documents staff publish. */
export function createDownloadService(deps: DownloadServiceDeps) {
  const { db, clock } = deps;
  /** Hashing a large installer takes a while: once per file, again only when it is replaced. */
  const digests = new Map<string, { stamp: string; sha512: Promise<string> }>();

  function digest(installer: DownloadInstaller): Promise<string> {
    const stamp = `${installer.builtAt}/${installer.bytes}`;
    const known = digests.get(installer.fileName);
    if (known?.stamp === stamp) return known.sha512;
    const sha512 = sha512Of(path.join(deps.installerDir, installer.fileName));
    digests.set(installer.fileName, { stamp, sha512 });
    // A failed read is not remembered: the next request tries again.
    sha512.catch(() => digests.delete(installer.fileName));
    return sha512;
  }

  /** Notes for a version, when the build left `notes-<version>.txt` beside the installers. */
  async function notesOf(version: string): Promise<string | undefined> {
    const notes = await readFile(path.join(deps.installerDir, `notes-${version}.txt`), 'utf8').catch(() => undefined);
    return notes?.trim().slice(0, 2000) || undefined;
  }

  async function installers(): Promise<DownloadInstaller[]> {
    const names = await readdir(deps.installerDir).catch(() => [] as string[]);
    const found: DownloadInstaller[] = [];
    for (const fileName of names.sort()) {
      const platform = PLATFORMS.find(([re]) => re.test(fileName))?.[1];
      if (!platform) continue;
      const info = await stat(path.join(deps.installerDir, fileName)).catch(() => null);
      if (!info?.isFile()) continue;
      found.push({
        fileName,
        platform,
        version: /(\d+\.\d+\.\d+)/.exec(fileName)?.[1] ?? null,
        bytes: info.size,
        url: DownloadPath.installer.replace(':fileName', encodeURIComponent(fileName)),
        builtAt: info.mtime.toISOString(),
      });
    }
    return found;
  }

  return {
    async list(): Promise<DownloadList> {
      const [found, documents] = await Promise.all([installers(), repo.liveDocuments(db)]);
      return { installers: found, documents: documents.map(documentOf) };
    },

    /** The newest installer for the platform, offered when it is newer than the version the client runs. */
    async desktopLatest(query: { platform: DesktopPlatform; version: string }): Promise<DesktopUpdateFeed> {
      const newest = (await installers())
        .filter((i): i is DownloadInstaller & { version: string } => i.platform === FEED_PLATFORM[query.platform] && i.version !== null)
        .sort((a, b) => compareVersions(b.version, a.version) || preference(b.fileName) - preference(a.fileName))[0];
      if (!newest || compareVersions(newest.version, query.version) <= 0) return { available: false };
      const notes = await notesOf(newest.version);
      return { available: true, version: newest.version, fileName: newest.fileName, size: newest.bytes, sha512: await digest(newest), url: newest.url, ...(notes ? { notes } : {}) };
    },

    /** Only a name the listing shows is served, so no path outside the installer folder can be asked for. */
    async installer(fileName: string): Promise<OpenedFile> {
      const hit = (await installers()).find((i) => i.fileName === fileName);
      if (!hit) throw new NotFoundError(NO_SUCH_DOCUMENT);
      return { stream: createReadStream(path.join(deps.installerDir, hit.fileName)), mime: 'application/octet-stream', bytes: hit.bytes, filename: asciiName(hit.fileName) };
    },

    async document(documentId: string): Promise<OpenedFile> {
      const row = /^\d{1,18}$/.test(documentId) ? await repo.liveDocument(db, Number(documentId)) : undefined;
      if (!row) throw new NotFoundError(NO_SUCH_DOCUMENT);
      const file = await deps.uploads.open(publisher(row.createdBy), row.uploadId, 'file');
      return { ...file, filename: asciiName(`document-${row.id}-${row.version}.pdf`) };
    },

    async publish(staff: AuthContext, input: { title: string; version: string }, pdf: Buffer): Promise<DownloadDocument> {
      const stored = await deps.uploads.storeDocument(staff, pdf);
      const row = await repo.insertDocument(db, { title: input.title, version: input.version, uploadId: stored.id, bytes: pdf.length, createdBy: staff.userId, createdAt: clock.now() });
      return documentOf(row);
    },

    async withdraw(documentId: string): Promise<{ documentId: string }> {
      if (!(await repo.withdraw(db, Number(documentId), clock.now()))) throw new NotFoundError(NO_SUCH_DOCUMENT);
      return { documentId };
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
