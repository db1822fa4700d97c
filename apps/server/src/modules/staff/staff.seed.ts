import type { StaffRight } from '@tp/contract';
import type { Db } from '../../platform/db/index';
import type { PlatformStaffMember } from '../identity/index';
import * as repo from './staff.repo';

export interface SeededStaffRole {
  name: string;
  rights: StaffRight[];
  /** Staff accounts that hold the role. */
  holders: string[];
}

/** The demo's back-office roles and who holds them; re-running changes nothing. */
export const DEMO_STAFF_ROLES: SeededStaffRole[] = [
  { name: '审核员', rights: ['certification.review', 'kyc.review', 'product.review', 'supply.review'], holders: ['auditor'] },
  { name: '财务', rights: ['withdrawal.approve', 'bank.monitor'], holders: ['finance'] },
];

export async function seedStaffRoles(
  db: Db,
  deps: { directory: { list(db: Db): Promise<PlatformStaffMember[]> }; at: Date; roles?: SeededStaffRole[] },
): Promise<void> {
  const staff = await deps.directory.list(db);
  for (const spec of deps.roles ?? DEMO_STAFF_ROLES) {
    const role = (await repo.findRoleByName(db, spec.name)) ?? (await repo.insertRole(db, { name: spec.name, rights: spec.rights, at: deps.at }));
    for (const account of spec.holders) {
      const member = staff.find((s) => s.account === account);
      if (!member) continue;
      const held = (await repo.roleIdsOf(db, [member.staffId])).map((r) => r.roleId);
      if (!held.includes(role.id)) await repo.replaceMemberships(db, member.staffId, [...held, role.id], deps.at);
    }
  }
}
