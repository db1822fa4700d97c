import { UploadPath } from '@tp/contract';
import type { BlobLoader } from '@tp/web-kit';
import { api } from './client';

/** Reads an uploaded file with the staff session; stable, so image effects do not refetch. */
export const loadStaffFile: BlobLoader = (path, signal) => api.blob(path, signal ? { signal } : undefined);

/** An uploaded file's full-size address. */
export const uploadedFile = (id: string) => UploadPath.adminFile.replace(':id', id);
/** An uploaded picture's 300 px thumbnail address. */
export const uploadedThumb = (id: string) => UploadPath.adminThumb.replace(':id', id);
