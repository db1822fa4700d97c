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
