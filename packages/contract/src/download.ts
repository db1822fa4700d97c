import { z } from 'zod';
import { RowId } from './envelope';

/** The download centre (`/fileDownload`): desktop client installers and documents staff publish. */
export const DownloadPath = {
  /** Public: installers present on the server and published documents. */
  list: '/api/download/list',
  /** GET `/api/download/document/:documentId`: the document as an attachment. */
  document: '/api/download/document/:documentId',
  /** GET `/api/download/installer/:fileName`. */
  installer: '/api/download/installer/:fileName',
  /** GET with the desktop client's `platform` and `version` in the query: its update feed. */
  desktopLatest: '/api/download/desktop/latest',
  /** Multipart (the PDF as `file`), with `title` and `version` in the query. */
  adminUpload: '/api/admin/download/upload',
  adminDelete: '/api/admin/download/delete',
} as const;

export const DownloadDocument = z.object({
  documentId: z.string(),
  title: z.string(),
  version: z.string(),
  bytes: z.number().int(),
  url: z.string(),
  publishedAt: z.string(),
});
export type DownloadDocument = z.infer<typeof DownloadDocument>;

export const DownloadInstaller = z.object({
  fileName: z.string(),
  /** windows, mac or linux, from the file's extension. */
  platform: z.enum(['windows', 'mac', 'linux']),
  version: z.string().nullable(),
  bytes: z.number().int(),
  url: z.string(),
  builtAt: z.string(),
});
export type DownloadInstaller = z.infer<typeof DownloadInstaller>;

export const DownloadList = z.object({ installers: z.array(DownloadInstaller), documents: z.array(DownloadDocument) });
export type DownloadList = z.infer<typeof DownloadList>;

export const DownloadUploadQuery = z.object({ title: z.string().trim().min(1).max(60), version: z.string().trim().min(1).max(20) });
export type DownloadUploadQuery = z.input<typeof DownloadUploadQuery>;
export const DownloadDeleteRequest = z.strictObject({ documentId: RowId });

/** The desktop platforms as the client names them (Electron's win32/darwin/linux, shortened). */
export const DesktopPlatform = z.enum(['win', 'mac', 'linux']);
export type DesktopPlatform = z.infer<typeof DesktopPlatform>;

const VERSION = /^\d{1,6}\.\d{1,6}\.\d{1,6}$/;
export const DesktopUpdateQuery = z.object({ platform: DesktopPlatform, version: z.string().regex(VERSION) });
export type DesktopUpdateQuery = z.infer<typeof DesktopUpdateQuery>;

/**
 * The answer to "is there a newer client?": the newest installer for the platform when it is newer
 * than the running version. `size` and `sha512` (base64, as electron-builder writes it) let the client
 * refuse a truncated or altered download.
 */
export const DesktopUpdateFeed = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false) }),
  z.object({
    available: z.literal(true),
    version: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    sha512: z.string(),
    /** The installer's address on the platform (relative to its origin). */
    url: z.string(),
    notes: z.string().optional(),
  }),
]);
export type DesktopUpdateFeed = z.infer<typeof DesktopUpdateFeed>;
export type DesktopUpdate = Extract<DesktopUpdateFeed, { available: true }>;

/** Orders two `major.minor.patch` versions numerically: negative when `a` is older than `b`. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** How far an update download has come; `bytesPerSecond` is the average since it started. */
export interface DesktopDownloadProgress {
  transferred: number;
  total: number;
  /** 0–100 */
  percent: number;
  bytesPerSecond: number;
}

/**
 * `window.desktop`: what the desktop client's shell offers the web app, and nothing more. Absent in a
 * browser. The shell checks, downloads and verifies; the page only asks and shows.
 */
export interface DesktopBridge {
  readonly version: string;
  readonly platform: DesktopPlatform;
  /** Resolves once the server has answered (the shell retries every 5 s while it cannot be reached). */
  checkForUpdate(): Promise<DesktopUpdateFeed>;
  /** Downloads the update last found; resolves when the file is complete and verified, rejects otherwise. */
  downloadUpdate(onProgress: (progress: DesktopDownloadProgress) => void): Promise<void>;
  /** Starts the downloaded installer and closes the client. */
  installAndQuit(): Promise<void>;
}
