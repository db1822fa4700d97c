import { asc, count, eq, inArray } from 'drizzle-orm';
import type { StaffRight } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { staffRoleMembers, staffRoles } from './staff.tables';

export type StaffRoleRecord = typeof staffRoles.$inferSelect;

export async function listRoles(db: DbOrTx): Promise<(StaffRoleRecord & { members: number })[]> {
  const [roles, counts] = await Promise.all([
    db.select().from(staffRoles).orderBy(asc(staffRoles.id)),
    db.select({ roleId: staffRoleMembers.roleId, n: count() }).from(staffRoleMembers).groupBy(staffRoleMembers.roleId),
  ]);
  const byRole = new Map(counts.map((c) => [c.roleId, c.n]));
  return roles.map((role) => ({ ...role, members: byRole.get(role.id) ?? 0 }));
}

export async function findRole(db: DbOrTx, roleId: number): Promise<StaffRoleRecord | undefined> {
  const [row] = await db.select().from(staffRoles).where(eq(staffRoles.id, roleId)).limit(1);
  return row;
}

export async function findRoleByName(db: DbOrTx, name: string): Promise<StaffRoleRecord | undefined> {
  const [row] = await db.select().from(staffRoles).where(eq(staffRoles.name, name)).limit(1);
  return row;
}

export async function insertRole(db: DbOrTx, values: { name: string; rights: StaffRight[]; at: Date }): Promise<StaffRoleRecord> {
  const [row] = await db.insert(staffRoles).values({ name: values.name, rights: values.rights, createdAt: values.at, updatedAt: values.at }).returning();
  return row!;
}

export async function updateRole(db: DbOrTx, roleId: number, values: { name: string; rights: StaffRight[]; at: Date }): Promise<void> {
  await db.update(staffRoles).set({ name: values.name, rights: values.rights, updatedAt: values.at }).where(eq(staffRoles.id, roleId));
}

export async function deleteRole(db: DbOrTx, roleId: number): Promise<void> {
  await db.delete(staffRoles).where(eq(staffRoles.id, roleId));
}

export async function roleIdsOf(db: DbOrTx, staffIds: number[]): Promise<{ staffId: number; roleId: number }[]> {
  if (!staffIds.length) return [];
  return db
    .select({ staffId: staffRoleMembers.staffId, roleId: staffRoleMembers.roleId })
    .from(staffRoleMembers)
    .where(inArray(staffRoleMembers.staffId, staffIds))
    .orderBy(asc(staffRoleMembers.roleId));
}

export async function rightsOf(db: DbOrTx, staffId: number): Promise<StaffRight[]> {
  const rows = await db
    .select({ rights: staffRoles.rights })
    .from(staffRoleMembers)
    .innerJoin(staffRoles, eq(staffRoles.id, staffRoleMembers.roleId))
    .where(eq(staffRoleMembers.staffId, staffId));
  return [...new Set(rows.flatMap((r) => r.rights))];
}

export async function replaceMemberships(db: DbOrTx, staffId: number, roleIds: number[], at: Date): Promise<void> {
  await db.delete(staffRoleMembers).where(eq(staffRoleMembers.staffId, staffId));
  if (roleIds.length) await db.insert(staffRoleMembers).values(roleIds.map((roleId) => ({ staffId, roleId, createdAt: at })));
}
