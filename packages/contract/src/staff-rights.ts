import { z } from 'zod';
import { pageFields } from './envelope';

/**
 * What a platform staff member may do in the back office. Every `/api/admin` operation names one
 * of these (the server refuses a staff member without it, 403); the back office shows only the
 * menus whose right the staff member holds. A super-administrator holds every right.
 */
export const STAFF_RIGHTS = [
  'certification.review',
  'kyc.review',
  'withdrawal.approve',
  'listing.manage',
  'fee.settings',
  'product.review',
  'mall.manage',
  'supply.review',
  'warehouse.manage',
  'contract.view',
  'bank.monitor',
  'users.manage',
  'system.switches',
  'sandbox.control',
  'audit.view',
  'staff.manage',
  'upload.image',
  'content.manage',
  'presale.manage',
  'otc.merchant',
  'otc.appeal',
  'otc.ombudsman',
  'pledge.manage',
  'integral.manage',
  'chat.manage',
  'aftersale.arbitrate',
  'futures.manage',
] as const;
export const StaffRight = z.enum(STAFF_RIGHTS);
export type StaffRight = z.infer<typeof StaffRight>;

export const StaffPath = {
  /** The caller's own rights (any signed-in staff member). */
  access: '/api/admin/staff/access',
  roles: '/api/admin/staff/roles',
  saveRole: '/api/admin/staff/roles/save',
  deleteRole: '/api/admin/staff/roles/delete',
  members: '/api/admin/staff/members',
  assign: '/api/admin/staff/assign',
  auditLog: '/api/admin/audit/log',
  auditVerify: '/api/admin/audit/verify',
} as const;

/** What the signed-in staff member may do: `superAdmin` holds every right, whatever `rights` lists. */
export const StaffAccess = z.object({ superAdmin: z.boolean(), rights: z.array(StaffRight) });
export type StaffAccess = z.infer<typeof StaffAccess>;

/** May this staff member use an operation or menu that needs `right`? */
export function staffMay(access: StaffAccess | undefined, right: StaffRight): boolean {
  return !!access && (access.superAdmin || access.rights.includes(right));
}

const numericId = z.string().regex(/^\d{1,12}$/);

export const StaffRoleRow = z.object({ roleId: z.string(), name: z.string(), rights: z.array(StaffRight), members: z.number().int(), updatedAt: z.string() });
export type StaffRoleRow = z.infer<typeof StaffRoleRow>;

/** A new role without `roleId`; an existing one with it. */
export const SaveStaffRoleRequest = z.strictObject({
  roleId: numericId.optional(),
  name: z.string().trim().min(2).max(32),
  rights: z.array(StaffRight).min(1).max(STAFF_RIGHTS.length),
});
export type SaveStaffRoleRequest = z.infer<typeof SaveStaffRoleRequest>;

export const StaffRoleIdRequest = z.strictObject({ roleId: numericId });
export type StaffRoleIdRequest = z.infer<typeof StaffRoleIdRequest>;

export const StaffMemberRow = z.object({
  staffId: z.string(),
  account: z.string(),
  name: z.string(),
  superAdmin: z.boolean(),
  status: z.enum(['active', 'disabled']),
  roleIds: z.array(z.string()),
});
export type StaffMemberRow = z.infer<typeof StaffMemberRow>;

export const AssignStaffRolesRequest = z.strictObject({ staffId: numericId, roleIds: z.array(numericId).max(50) });
export type AssignStaffRolesRequest = z.infer<typeof AssignStaffRolesRequest>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Audit-log search: every filter optional; days are inclusive, in China time. */
export const AuditLogRequest = z.strictObject({
  actorId: z.string().trim().max(32).optional(),
  action: z.string().trim().max(100).optional(),
  objectType: z.string().trim().max(64).optional(),
  objectId: z.string().trim().max(64).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  ...pageFields(20),
});
export type AuditLogRequest = z.infer<typeof AuditLogRequest>;

export const AuditLogRow = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.string(),
  actorId: z.string(),
  /** The staff member's name when the actor is staff, else ''. */
  actorName: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  detail: z.unknown(),
});
export type AuditLogRow = z.infer<typeof AuditLogRow>;

/**
 * The chain check: `ok` when every row's keyed hash and link hold and every signed checkpoint
 * matches its row; otherwise the first broken row or checkpoint.
 */
export const AuditVerifyReport = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  brokenId: z.string(),
  checkpoints: z.number().int(),
  checkpointProblem: z.string(),
  checkedAt: z.string(),
});
export type AuditVerifyReport = z.infer<typeof AuditVerifyReport>;
