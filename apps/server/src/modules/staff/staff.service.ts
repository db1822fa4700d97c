import {
  STAFF_RIGHTS,
  StaffRole,
  type AssignStaffRolesRequest,
  type AuditLogRequest,
  type AuditLogRow,
  type AuditVerifyReport,
  type Page,
  type SaveStaffRoleRequest,
  type StaffAccess,
  type StaffMemberRow,
  type StaffRoleRow,
} from '@tp/contract';
import { appendAudit, searchAudit, verifyAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db } from '../../platform/db/index';
import { ConflictError, NotFoundError, type AuthContext, type StaffAccessResolver } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { AccountStatus, type PlatformStaffMember } from '../identity/index';
import * as repo from './staff.repo';

export const STAFF_MESSAGES = {
  roleNotFound: text('角色不存在（roleId）', 'No such role (roleId)', '角色不存在（roleId）'),
  staffNotFound: text('员工不存在（staffId）', 'No such staff member (staffId)', '員工不存在（staffId）'),
  roleNameTaken: text('角色名称（name）已存在', 'A role with this name (name) exists already', '角色名稱（name）已存在'),
  roleInUse: text('该角色仍有员工，请先取消分配', 'Staff members still hold this role: unassign them first', '該角色仍有員工，請先取消分配'),
  superAdminFixed: text('超级管理员拥有全部权限，无需分配角色', 'A super-administrator holds every right and takes no roles', '超級管理員擁有全部權限，無需分配角色'),
} as const;

export interface StaffServiceDeps {
  db: Db;
  clock: Clock;
  /** The identity module's directory of back-office staff. */
  directory: { list(db: Db): Promise<PlatformStaffMember[]>; find(db: Db, staffId: number): Promise<PlatformStaffMember | undefined> };
  /** Where the audit chain's signed checkpoints are kept. */
  dataDir: string;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** Midnight of a China-time day, as an instant. */
const chinaMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);

export function createStaffService(deps: StaffServiceDeps) {
  const { db, clock, directory } = deps;

  async function accessOf(staffId: string): Promise<StaffAccess> {
    const id = Number(staffId);
    const member = Number.isSafeInteger(id) ? await directory.find(db, id) : undefined;
    if (!member || member.status !== AccountStatus.active) return { superAdmin: false, rights: [] };
    if (member.position === StaffRole.enum.admin) return { superAdmin: true, rights: [...STAFF_RIGHTS] };
    const held = new Set(await repo.rightsOf(db, id));
    return { superAdmin: false, rights: STAFF_RIGHTS.filter((r) => held.has(r)) };
  }

  const toRoleRow = (role: repo.StaffRoleRecord & { members: number }): StaffRoleRow => ({
    roleId: String(role.id),
    name: role.name,
    rights: STAFF_RIGHTS.filter((r) => role.rights.includes(r)),
    members: role.members,
    updatedAt: role.updatedAt.toISOString(),
  });

  return {
    accessOf,

    async roles(): Promise<StaffRoleRow[]> {
      return (await repo.listRoles(db)).map(toRoleRow);
    },

    /** Creates or changes a role; staff holding it gain or lose the rights on their next call. */
    async saveRole(actor: AuthContext, input: SaveStaffRoleRequest): Promise<StaffRoleRow> {
      const now = clock.now();
      const rights = STAFF_RIGHTS.filter((r) => input.rights.includes(r));
      const roleId = await withTransaction(db, async (tx) => {
        const sameName = await repo.findRoleByName(tx, input.name);
        if (sameName && String(sameName.id) !== input.roleId) throw new ConflictError(STAFF_MESSAGES.roleNameTaken);
        if (input.roleId === undefined) {
          const created = await repo.insertRole(tx, { name: input.name, rights, at: now });
          await appendAudit(tx, { at: now, actorKind: 'staff', actorId: actor.userId, action: 'staff.role.create', objectType: 'staff_role', objectId: String(created.id), detail: { after: { name: input.name, rights } } });
          return created.id;
        }
        const before = await repo.findRole(tx, Number(input.roleId));
        if (!before) throw new NotFoundError(STAFF_MESSAGES.roleNotFound);
        await repo.updateRole(tx, before.id, { name: input.name, rights, at: now });
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: actor.userId,
          action: 'staff.role.update',
          objectType: 'staff_role',
          objectId: String(before.id),
          detail: { before: { name: before.name, rights: before.rights }, after: { name: input.name, rights } },
        });
        return before.id;
      });
      const saved = (await repo.listRoles(db)).find((r) => r.id === roleId);
      if (!saved) throw new NotFoundError(STAFF_MESSAGES.roleNotFound);
      return toRoleRow(saved);
    },

    async deleteRole(actor: AuthContext, roleId: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const role = (await repo.listRoles(tx)).find((r) => String(r.id) === roleId);
        if (!role) throw new NotFoundError(STAFF_MESSAGES.roleNotFound);
        if (role.members > 0) throw new ConflictError(STAFF_MESSAGES.roleInUse);
        await repo.deleteRole(tx, role.id);
        await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: actor.userId, action: 'staff.role.delete', objectType: 'staff_role', objectId: roleId, detail: { before: { name: role.name, rights: role.rights } } });
      });
    },

    async members(): Promise<StaffMemberRow[]> {
      const staff = await directory.list(db);
      const held = await repo.roleIdsOf(
        db,
        staff.map((s) => s.staffId),
      );
      return staff.map((s) => ({
        staffId: String(s.staffId),
        account: s.account,
        name: s.name,
        superAdmin: s.position === 'admin',
        status: s.status,
        roleIds: held.filter((h) => h.staffId === s.staffId).map((h) => String(h.roleId)),
      }));
    },

    /** Replaces the roles a staff member holds. */
    async assign(actor: AuthContext, input: AssignStaffRolesRequest): Promise<StaffMemberRow> {
      const staffId = Number(input.staffId);
      const member = await directory.find(db, staffId);
      if (!member) throw new NotFoundError(STAFF_MESSAGES.staffNotFound);
      if (member.position === 'admin') throw new ConflictError(STAFF_MESSAGES.superAdminFixed);
      const roleIds = [...new Set(input.roleIds.map(Number))].sort((a, b) => a - b);
      await withTransaction(db, async (tx) => {
        for (const id of roleIds) if (!(await repo.findRole(tx, id))) throw new NotFoundError(STAFF_MESSAGES.roleNotFound);
        const before = (await repo.roleIdsOf(tx, [staffId])).map((r) => String(r.roleId));
        await repo.replaceMemberships(tx, staffId, roleIds, clock.now());
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: actor.userId,
          action: 'staff.roles.assign',
          objectType: 'staff',
          objectId: String(staffId),
          detail: { before: { roleIds: before }, after: { roleIds: roleIds.map(String) } },
        });
      });
      const row = (await this.members()).find((m) => m.staffId === String(staffId));
      if (!row) throw new NotFoundError(STAFF_MESSAGES.staffNotFound);
      return row;
    },

    async auditLog(query: AuditLogRequest): Promise<Page<AuditLogRow>> {
      const { page, size } = query;
      const { rows, total } = await searchAudit(db, {
        actorId: query.actorId,
        action: query.action,
        objectType: query.objectType,
        objectId: query.objectId,
        from: query.from ? chinaMidnight(query.from) : undefined,
        until: query.to ? new Date(chinaMidnight(query.to).getTime() + 86_400_000) : undefined,
        offset: page * size,
        limit: size,
      });
      const names = new Map((await directory.list(db)).map((s) => [String(s.staffId), s.name]));
      return {
        content: rows.map((row) => ({
          id: row.id.toString(),
          at: row.at.toISOString(),
          actorKind: row.actorKind,
          actorId: row.actorId,
          actorName: row.actorKind === 'staff' ? (names.get(row.actorId) ?? '') : '',
          action: row.action,
          objectType: row.objectType,
          objectId: row.objectId,
          detail: row.detail,
        })),
        total,
        page,
        size,
      };
    },

    verifyAudit: (): Promise<AuditVerifyReport> => verifyAudit(db, deps.dataDir, clock.now()),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/** The auth hook's view of the staff module. */
export function staffAccessResolver(service: StaffService, deps: Pick<StaffServiceDeps, 'db' | 'clock'>): StaffAccessResolver {
  return {
    accessOf: (staffId) => service.accessOf(staffId),
    async recordAction(entry) {
      await appendAudit(deps.db, { at: deps.clock.now(), actorKind: 'staff', actorId: entry.staffId, action: entry.action, objectType: 'operation', objectId: entry.objectId, detail: entry.detail });
    },
  };
}

