import { z } from 'zod';
import { RowId, pageFields } from './envelope';
import { optionalCaptchaFields } from './identity';

/**
 * Back-office calls. Staff log in here and send the returned `sessionStr` with their `staffId` in
 * the `userId` header; every other admin call needs that staff session.
 */
export const AdminPath = {
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  me: '/api/admin/me',
  users: '/api/admin/users',
  userProprietary: '/api/admin/users/proprietary',
  firms: '/api/admin/firms',
  devOutbox: '/api/admin/dev-outbox',
} as const;

export const AdminLoginRequest = z.strictObject({
  account: z.string().min(1).max(64),
  password: z.string().min(1).max(64),
  ...optionalCaptchaFields,
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequest>;

export const StaffRole = z.enum(['admin', 'operator', 'auditor', 'risk']);
export type StaffRole = z.infer<typeof StaffRole>;

export const AdminStaff = z.object({ staffId: z.string(), account: z.string(), name: z.string(), role: StaffRole });
export type AdminStaff = z.infer<typeof AdminStaff>;

export const AdminSession = z.object({ sessionStr: z.string(), staffId: z.string(), name: z.string(), role: StaffRole });
export type AdminSession = z.infer<typeof AdminSession>;

/** A paged back-office search; `keyword` matches mobile, e-mail, name, firm code or firm name. */
export const AdminListRequest = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  ...pageFields(),
});
export type AdminListRequest = z.infer<typeof AdminListRequest>;

export const UserType = z.enum(['personal', 'enterprise']);
export const FirmStatus = z.enum(['active', 'frozen']);
export const UserStatus = z.enum(['active', 'disabled']);

export const AdminUserRow = z.object({
  userId: z.string(),
  tel: z.string(),
  email: z.string(),
  userName: z.string(),
  firmId: z.string(),
  firmCode: z.string(),
  firmName: z.string(),
  userType: UserType,
  isMainAccount: z.boolean(),
  status: UserStatus,
  /** ISO time the login lock ends, or '' when not locked. */
  lockedUntil: z.string(),
  /** A proprietary member: barred from trading. */
  proprietary: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminProprietaryRequest = z.strictObject({ userId: RowId, proprietary: z.boolean() });
export type AdminProprietaryRequest = z.infer<typeof AdminProprietaryRequest>;

export const AdminFirmRow = z.object({
  firmId: z.string(),
  firmCode: z.string(),
  name: z.string(),
  userType: UserType,
  status: FirmStatus,
  createdAt: z.string(),
  /** Enterprise certification: '0' never submitted, else the spec's 1-5 (see enterprise.ts). */
  certificationStatus: z.enum(['0', '1', '2', '3', '4', '5']).default('0'),
});
export type AdminFirmRow = z.infer<typeof AdminFirmRow>;

/** Dev-outbox rows are `DevOutboxEntry` (identity.ts), newest first. */
export const AdminDevOutboxRequest = z.strictObject({
  account: z.string().trim().max(100).optional(),
  ...pageFields(20),
});
export type AdminDevOutboxRequest = z.infer<typeof AdminDevOutboxRequest>;
