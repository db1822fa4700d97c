import { sql } from 'drizzle-orm';
import type { StaffRole } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, withTransaction } from '../../platform/db/index';
import type { FirmService } from '../firm/index';
import * as repo from './identity.repo';
import { hashPassword, newInviteCode } from './secrets';

/** The people of the demo: firms with their users and roles, and back-office staff. */
export interface DemoIdentitySpec {
  password: string;
  firms: {
    name: string;
    userType: 'personal' | 'enterprise';
    roles?: { roleName: string; rightCodes: readonly string[] }[];
    users: { tel: string; userName: string; isMainAccount: boolean; roleNames?: readonly string[] }[];
  }[];
  staff: { account: string; name: string; role: StaffRole }[];
}

/** Ids of the seeded accounts, so later seeders (ledger, warehouse, trade...) can give them data. */
export type DemoAccounts = Record<string, { userId: string; firmId: string }>;

/**
 * Creates what is missing of the spec and leaves existing accounts alone, so running it again
 * (every `npm start`) changes nothing. Serialized by an advisory lock against two starts at once.
 */
export async function seedDemoIdentities(deps: { db: Db; clock: Clock; firm: Pick<FirmService, 'createFirm' | 'ensureRole' | 'assignRoles'> }, spec: DemoIdentitySpec): Promise<DemoAccounts> {
  const { db, clock, firm } = deps;
  const passwordHash = await hashPassword(spec.password);
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('demo-seed:identity'))`);
    const accounts: DemoAccounts = {};
    for (const f of spec.firms) {
      const main = f.users.find((u) => u.isMainAccount);
      if (!main) throw new Error(`demo firm ${f.name} has no main account`);
      const existingMain = await repo.findUserByAccount(tx, { account: main.tel });
      const firmId = existingMain ? String(existingMain.firmId) : (await firm.createFirm(tx, { name: f.name, userType: f.userType, actor: 'system:demo-seed' })).firmId;
      const roleIds = new Map<string, string>();
      for (const role of f.roles ?? []) {
        roleIds.set(role.roleName, await firm.ensureRole(tx, { firmId, roleName: role.roleName, rightCodes: role.rightCodes, actor: 'system:demo-seed' }));
      }
      for (const u of f.users) {
        const existing = await repo.findUserByAccount(tx, { account: u.tel });
        const user =
          existing ??
          (await repo.insertUser(tx, {
            firmId: Number(firmId),
            tel: u.tel,
            userName: u.userName,
            passwordHash,
            isMainAccount: u.isMainAccount,
            language: 'cn',
            inviteCode: newInviteCode(),
            createdAt: clock.now(),
          }));
        if (!existing && u.roleNames?.length) {
          const ids = u.roleNames.map((name) => roleIds.get(name)).filter((id): id is string => id !== undefined);
          await firm.assignRoles(tx, { firmId, userId: String(user.id), roleIds: ids, actor: 'system:demo-seed' });
        }
        accounts[u.tel] = { userId: String(user.id), firmId: String(user.firmId) };
      }
    }
    for (const s of spec.staff) {
      const existing = await repo.findStaffByAccount(tx, { account: s.account });
      if (!existing) await repo.insertStaff(tx, { account: s.account, name: s.name, passwordHash, role: s.role, createdAt: clock.now() });
    }
    return accounts;
  });
}
