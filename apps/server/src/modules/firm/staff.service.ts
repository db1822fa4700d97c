import type { Language, RightCatalogueEntry, RoleAddRequest, RoleRow, RoleUpdateRequest, StaffAddRequest, StaffRow, StaffUpdateRequest } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, isUniqueViolation, withTransaction } from '../../platform/db/index';
import { ConflictError, ForbiddenError, NotFoundError, type AuthContext } from '../../platform/http/index';
import type { FirmAccount, FirmAccounts } from '../identity/index';
import { FieldRefusedError, MESSAGES } from './enterprise.errors';
import * as repo from './enterprise.repo';
import { insertFirmHistory, insertRole, insertUserRoles } from './firm.repo';
import { isRightCode, RIGHT_CODES, RIGHT_GROUPS, RIGHTS, rightGroupOf } from './firm.schemas';
import type { FirmService } from './firm.service';

export interface StaffServiceDeps {
  db: Db;
  clock: Clock;
  firm: Pick<FirmService, 'requireRight' | 'rightsOf' | 'getFirm'>;
  accounts: FirmAccounts;
}

/**
 * Staff (sub-accounts) and roles of an enterprise firm, managed by its main account or by staff
 * holding 'staff.manage'. Every lookup is scoped to the caller's firm, so another firm's staff or
 * roles are simply not found. Staff managers cannot grant rights they do not hold themselves, nor
 * change their own roles: no one climbs above what the main account gave them.
 */
export function createStaffService(deps: StaffServiceDeps) {
  const { db, clock, firm, accounts } = deps;
  const actorOf = (auth: AuthContext) => `user:${auth.userId}`;

  /** The caller may manage staff of an enterprise firm; returns the firm id. */
  async function manager(auth: AuthContext, tx: DbOrTx = db): Promise<number> {
    await firm.requireRight(auth, 'staff.manage', tx);
    const record = await firm.getFirm(auth.firmId, tx);
    if (!record || record.userType !== 'enterprise') throw new ForbiddenError(MESSAGES.onlyEnterprise);
    return Number(record.firmId);
  }

  /** Refuses rights the caller could not hand out (unknown codes, or beyond a staff manager's own). */
  async function checkGrant(auth: AuthContext, codes: readonly string[], lang: Language, tx: DbOrTx = db): Promise<void> {
    const unknown = codes.filter((c) => !isRightCode(c));
    if (unknown.length) throw new FieldRefusedError('rightCodeList', 'rights', lang, { codes: unknown.join(', ') });
    if (auth.isMainAccount) return;
    const own = new Set<string>(await firm.rightsOf(auth, tx));
    const beyond = codes.filter((c) => !own.has(c));
    if (beyond.length) throw new ForbiddenError({ ...MESSAGES.grantBeyondOwn, cn: MESSAGES.grantBeyondOwn.cn.replace('{codes}', beyond.join('、')), en: MESSAGES.grantBeyondOwn.en.replace('{codes}', beyond.join(', ')), tw: MESSAGES.grantBeyondOwn.tw.replace('{codes}', beyond.join('、')) });
  }

  /** The roles exist in the firm and carry only rights the caller may grant. */
  async function checkRoles(auth: AuthContext, firmId: number, roleIds: readonly string[], lang: Language, tx: DbOrTx): Promise<number[]> {
    const ids = [...new Set(roleIds.map(Number))];
    for (const roleId of ids) if (!(await repo.findRole(tx, { firmId, roleId }))) throw new NotFoundError(MESSAGES.roleNotFound);
    await checkGrant(auth, await repo.rightCodesOfRoles(tx, { firmId, roleIds: ids }), lang, tx);
    return ids;
  }

  /** A staff member of the firm that the caller may change: active, not the main account, not themself. */
  async function changeableStaff(auth: AuthContext, firmId: number, userId: string, tx: DbOrTx): Promise<FirmAccount> {
    const target = await accounts.find(tx, { firmId, userId: Number(userId) });
    if (!target || target.status !== 'active') throw new NotFoundError(MESSAGES.staffNotFound);
    if (target.isMainAccount) throw new ForbiddenError(MESSAGES.mainAccount);
    return target;
  }

  async function staffRows(firmId: number, tx: DbOrTx = db): Promise<StaffRow[]> {
    const list = await accounts.list(tx, firmId);
    const [roleMap, roles] = await Promise.all([
      repo.roleIdsOfUsers(tx, { firmId, userIds: list.map((a) => a.userId) }),
      repo.listRoles(tx, { firmId }),
    ]);
    const names = new Map(roles.map((r) => [r.id, r.roleName]));
    return list.map((a) => {
      const roleIds = roleMap.get(a.userId) ?? [];
      return {
        userId: String(a.userId),
        cellphone: a.tel,
        userName: a.userName,
        isMainAccount: a.isMainAccount,
        roleIds: roleIds.map(String),
        roleNames: roleIds.map((id) => names.get(id) ?? ''),
        createdAt: a.createdAt.toISOString(),
      };
    });
  }

  async function roleRows(firmId: number, tx: DbOrTx = db): Promise<RoleRow[]> {
    const roles = await repo.listRoles(tx, { firmId });
    return roles.map((r) => ({
      roleId: String(r.id),
      roleName: r.roleName,
      rightCodeList: RIGHT_CODES.filter((c) => r.rightCodes.includes(c)),
      staffCount: r.staffCount,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  function uniqueName<T>(work: () => Promise<T>): Promise<T> {
    return work().catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ConflictError(MESSAGES.roleNameInUse);
      throw error;
    });
  }

  return {
    /** The whole catalogue of right codes, grouped, named in the caller's language. */
    rightCatalogue(lang: Language): RightCatalogueEntry[] {
      return RIGHT_CODES.map((rightCode) => {
        const group = rightGroupOf(rightCode);
        return { rightCode, rightName: RIGHTS[rightCode][lang], group, groupName: RIGHT_GROUPS[group][lang] };
      });
    },

    async listStaff(auth: AuthContext): Promise<StaffRow[]> {
      return staffRows(await manager(auth));
    },

    /**
     * Adds a staff member with some of the firm's roles. The account has no password: the person
     * logs in with an SMS code to the number and sets one. A deleted staff member of the same firm
     * comes back; a number registered anywhere else is refused.
     */
    async addStaff(auth: AuthContext, request: StaffAddRequest, lang: Language): Promise<StaffRow> {
      const firmId = await manager(auth);
      const now = clock.now();
      const userId = await withTransaction(db, async (tx) => {
        const roleIds = await checkRoles(auth, firmId, request.roleIds, lang, tx);
        const existing = await accounts.findByTel(tx, request.cellphone);
        let id: number;
        if (existing) {
          if (existing.firmId !== firmId || existing.isMainAccount || existing.status === 'active') throw new ConflictError(MESSAGES.phoneInUse);
          await accounts.reactivateStaff(tx, { firmId, userId: existing.userId, userName: request.userName, actorUserId: Number(auth.userId), at: now });
          await repo.clearUserRoles(tx, { firmId, userId: existing.userId });
          id = existing.userId;
        } else {
          id = (await accounts.createStaff(tx, { firmId, tel: request.cellphone, userName: request.userName, actorUserId: Number(auth.userId), at: now })).userId;
        }
        await insertUserRoles(tx, { firmId, userId: id, roleIds });
        await insertFirmHistory(tx, { firmId, actor: actorOf(auth), action: 'staff.added', detail: { userId: id, roleIds }, createdAt: now });
        return id;
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ConflictError(MESSAGES.phoneInUse);
        throw error;
      });
      const row = (await staffRows(firmId)).find((s) => s.userId === String(userId));
      if (!row) throw new NotFoundError(MESSAGES.staffNotFound);
      return row;
    },

    /** Renames a staff member and replaces their roles (the change applies to their very next call). */
    async updateStaff(auth: AuthContext, request: StaffUpdateRequest, lang: Language): Promise<StaffRow> {
      const firmId = await manager(auth);
      if (request.userId === auth.userId) throw new ForbiddenError(MESSAGES.notOwnRoles);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const target = await changeableStaff(auth, firmId, request.userId, tx);
        const roleIds = await checkRoles(auth, firmId, request.roleIds, lang, tx);
        if (!auth.isMainAccount) {
          // A staff manager cannot take away rights they could not have given either.
          const current = [...((await repo.roleIdsOfUsers(tx, { firmId, userIds: [target.userId] })).get(target.userId) ?? [])];
          await checkGrant(auth, await repo.rightCodesOfRoles(tx, { firmId, roleIds: current }), lang, tx);
        }
        await repo.clearUserRoles(tx, { firmId, userId: target.userId });
        await insertUserRoles(tx, { firmId, userId: target.userId, roleIds });
        if (request.userName && request.userName !== target.userName) await accounts.rename(tx, { firmId, userId: target.userId, userName: request.userName });
        await insertFirmHistory(tx, { firmId, actor: actorOf(auth), action: 'staff.updated', detail: { userId: target.userId, roleIds, userName: request.userName }, createdAt: now });
      });
      const row = (await staffRows(firmId)).find((s) => s.userId === request.userId);
      if (!row) throw new NotFoundError(MESSAGES.staffNotFound);
      return row;
    },

    /** Deletes a staff member: roles removed, account disabled, sessions ended. */
    async deleteStaff(auth: AuthContext, request: { userId: string }, lang: Language): Promise<null> {
      const firmId = await manager(auth);
      if (request.userId === auth.userId) throw new ForbiddenError(MESSAGES.notSelf);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const target = await changeableStaff(auth, firmId, request.userId, tx);
        if (!auth.isMainAccount) {
          const current = (await repo.roleIdsOfUsers(tx, { firmId, userIds: [target.userId] })).get(target.userId) ?? [];
          await checkGrant(auth, await repo.rightCodesOfRoles(tx, { firmId, roleIds: current }), lang, tx);
        }
        await repo.clearUserRoles(tx, { firmId, userId: target.userId });
        await accounts.disableStaff(tx, { firmId, userId: target.userId, actorUserId: Number(auth.userId), at: now });
        await insertFirmHistory(tx, { firmId, actor: actorOf(auth), action: 'staff.deleted', detail: { userId: target.userId }, createdAt: now });
      });
      return null;
    },

    async listRoles(auth: AuthContext): Promise<RoleRow[]> {
      return roleRows(await manager(auth));
    },

    async addRole(auth: AuthContext, request: RoleAddRequest, lang: Language): Promise<RoleRow> {
      const firmId = await manager(auth);
      const codes = [...new Set(request.rightCodeList)];
      await checkGrant(auth, codes, lang);
      const now = clock.now();
      const roleId = await uniqueName(() =>
        withTransaction(db, async (tx) => {
          const id = await insertRole(tx, { firmId, roleName: request.roleName, createdAt: now });
          await repo.replaceRoleRights(tx, { firmId, roleId: id, rightCodes: codes });
          await insertFirmHistory(tx, { firmId, actor: actorOf(auth), action: 'role.created', detail: { roleId: id, roleName: request.roleName, rightCodes: codes }, createdAt: now });
          return id;
        }),
      );
      const row = (await roleRows(firmId)).find((r) => r.roleId === String(roleId));
      if (!row) throw new NotFoundError(MESSAGES.roleNotFound);
      return row;
    },

    async updateRole(auth: AuthContext, request: RoleUpdateRequest, lang: Language): Promise<RoleRow> {
      const firmId = await manager(auth);
      const roleId = Number(request.roleId);
      const codes = [...new Set(request.rightCodeList)];
      const now = clock.now();
      await uniqueName(() =>
        withTransaction(db, async (tx) => {
          if (!(await repo.findRole(tx, { firmId, roleId }))) throw new NotFoundError(MESSAGES.roleNotFound);
          await checkGrant(auth, [...codes, ...(await repo.rightCodesOfRoles(tx, { firmId, roleIds: [roleId] }))], lang, tx);
          await repo.renameRole(tx, { firmId, roleId, roleName: request.roleName });
          await repo.replaceRoleRights(tx, { firmId, roleId, rightCodes: codes });
          await insertFirmHistory(tx, { firmId, actor: actorOf(auth), action: 'role.updated', detail: { roleId, roleName: request.roleName, rightCodes: codes }, createdAt: now });
        }),
      );
      const row = (await roleRows(firmId)).find((r) => r.roleId === request.roleId);
      if (!row) throw new NotFoundError(MESSAGES.roleNotFound);
      return row;
    },

    /** Deletes a role: its holders lose it (and its rights) at once. */
    async deleteRole(auth: AuthContext, request: { roleId: string }, lang: Language): Promise<null> {
      const firmId = await manager(auth);
      const roleId = Number(request.roleId);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        if (!(await repo.findRole(tx, { firmId, roleId }))) throw new NotFoundError(MESSAGES.roleNotFound);
        await checkGrant(auth, await repo.rightCodesOfRoles(tx, { firmId, roleIds: [roleId] }), lang, tx);
        const holders = await repo.deleteRole(tx, { firmId, roleId });
        await insertFirmHistory(tx, { firmId, actor: actorOf(auth), action: 'role.deleted', detail: { roleId, holders }, createdAt: now });
      });
      return null;
    },

    async counts(firmId: number): Promise<{ staffCount: number; roleCount: number }> {
      const [list, roleCount] = await Promise.all([accounts.list(db, firmId), repo.countRoles(db, { firmId })]);
      return { staffCount: list.filter((a) => !a.isMainAccount).length, roleCount };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
