export { acceptImage, acceptDocument, sniff, UploadRefusedError, MAX_INPUT_PIXELS, THUMB_WIDTH } from './accept';
export type { AcceptedFile } from './accept';
export { createUploadService, findReadableUpload, mayRead, ownerOf, readablePhotoOrRefuse, storeImageOrRefuse } from './uploads';
export type { UploadService, UploadServiceDeps, UploadRow, OpenedFile } from './uploads';
export { registerUploadRoutes } from './routes';
export { readOptionalImage } from './optional-image';
export { readUploadedFile, MalformedUploadError, type UploadReadOptions } from './multipart';
export { sendStoredFile } from './send-file';
export { PictureRefusedError, pictureLinks } from './pictures';
