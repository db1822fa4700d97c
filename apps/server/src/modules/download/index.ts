/** The download centre (`/fileDownload`): desktop installers on the server and documents staff publish. */
export { createDownloadService } from './download.service';
export type { DownloadService, DownloadServiceDeps } from './download.service';
export { registerDownloadRoutes } from './download.routes';
