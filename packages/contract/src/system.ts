import { z } from 'zod';

export const SystemPath = {
  switches: '/api/system/switches',
  adminSwitches: '/api/admin/system/switches',
  health: '/api/health',
} as const;

/** Global switches the clients read at start: the upgrade notice and the bank function. */
export const SystemSwitches = z.object({
  upgrade: z.boolean(),
  upgradeNotice: z.string(),
  bankFunction: z.boolean(),
});
export type SystemSwitches = z.infer<typeof SystemSwitches>;

/** Staff change any subset of the switches; an empty change is refused. */
export const UpdateSystemSwitchesRequest = z
  .strictObject({
    upgrade: z.boolean().optional(),
    upgradeNotice: z.string().max(2000).optional(),
    bankFunction: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), { message: 'at least one switch' });
export type UpdateSystemSwitchesRequest = z.infer<typeof UpdateSystemSwitchesRequest>;

/** What the `system` WebSocket topic pushes when switches change. */
export const SystemSwitchesPush = z.object({ kind: z.literal('switches'), switches: SystemSwitches });
export type SystemSwitchesPush = z.infer<typeof SystemSwitchesPush>;

/**
 * Uploaded files. Users read their firm's files at `file`/`thumb`; staff read any file at the
 * admin paths. Both need the session headers, so a browser fetches them and shows a blob URL.
 */
export const UploadPath = {
  image: '/api/upload/image',
  file: '/api/upload/:id',
  thumb: '/api/upload/:id/thumb',
  adminImage: '/api/admin/upload/image',
  adminFile: '/api/admin/upload/:id',
  adminThumb: '/api/admin/upload/:id/thumb',
} as const;

export const UPLOAD_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
/** The picture types the platform stores (the server decides by the file's content). */
export const UPLOAD_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

/** A picture the platform takes: a JPG or PNG of at most `UPLOAD_IMAGE_MAX_BYTES`. Pages check a chosen file with it before sending. */
export const isUploadableImage = (file: { type: string; size: number }): boolean => UPLOAD_IMAGE_TYPES.includes(file.type) && file.size <= UPLOAD_IMAGE_MAX_BYTES;

export const UploadedFile = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string().nullable() });
export type UploadedFile = z.infer<typeof UploadedFile>;
