import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { firmHistory, firms, roleRights, roles, userRoles } from './firm.tables';

export type FirmRow = typeof firms.$inferSelect;

const firmColumns = {
  id: firms.id,
  firmCode: firms.firmCode,
  name: firms.name,
  userType: firms.userType,
  status: firms.status,
  createdAt: firms.createdAt,
};

export async function insertFirm(
  db: DbOrTx,
  params: { name: string; userType: 'personal' | 'enterprise'; createdAt: Date },
): Promise<FirmRow> {
  const [row] = await db.insert(firms).values(params).returning(firmColumns);
  if (!row) throw new Error('firm insert returned nothing');
  return row;
}

export async function findFirm(db: DbOrTx, params: { firmId: number }): Promise<FirmRow | undefined> {
  const [row] = await db.select(firmColumns).from(firms).where(eq(firms.id, params.firmId)).limit(1);
  return row;
}

export async function findFirmByCode(db: DbOrTx, params: { firmCode: string }): Promise<FirmRow | undefined> {
  const [row] = await db.select(firmColumns).from(firms).where(eq(firms.firmCode, params.firmCode)).limit(1);
  return row;
}

export async function findFirmsByIds(db: DbOrTx, params: { firmIds: number[] }): Promise<FirmRow[]> {
  if (params.firmIds.length === 0) return [];
  return db.select(firmColumns).from(firms).where(inArray(firms.id, params.firmIds));
}

function keywordFilter(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(eq(firms.firmCode, keyword), ilike(firms.name, like));
}

/** Firms whose code is the keyword or whose name contains it (for searches that start elsewhere). */
export async function findFirmIdsByKeyword(db: DbOrTx, params: { keyword: string; limit: number }): Promise<number[]> {
  const rows = await db.select({ id: firms.id }).from(firms).where(keywordFilter(params.keyword)).limit(params.limit);
  return rows.map((r) => r.id);
}

export async function listFirms(
  db: DbOrTx,
  params: { keyword?: string | undefined; offset: number; limit: number },
): Promise<{ rows: FirmRow[]; total: number }> {
  const where = keywordFilter(params.keyword);
  const rows = await db.select(firmColumns).from(firms).where(where).orderBy(desc(firms.id)).offset(params.offset).limit(params.limit);
  const [total] = await db.select({ n: count() }).from(firms).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findRoleByName(db: DbOrTx, params: { firmId: number; roleName: string }): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.firmId, params.firmId), eq(roles.roleName, params.roleName)))
    .limit(1);
  return row;
}

export async function insertRole(db: DbOrTx, params: { firmId: number; roleName: string; createdAt: Date }): Promise<number> {
  const [row] = await db.insert(roles).values(params).returning({ id: roles.id });
  if (!row) throw new Error('role insert returned nothing');
  return row.id;
}

export async function insertRoleRights(db: DbOrTx, params: { firmId: number; roleId: number; rightCodes: string[] }): Promise<void> {
  if (params.rightCodes.length === 0) return;
  await db
    .insert(roleRights)
    .values(params.rightCodes.map((rightCode) => ({ firmId: params.firmId, roleId: params.roleId, rightCode })))
    .onConflictDoNothing();
}

/** The ids among `roleIds` that belong to the firm. */
export async function findFirmRoleIds(db: DbOrTx, params: { firmId: number; roleIds: number[] }): Promise<number[]> {
  if (params.roleIds.length === 0) return [];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.firmId, params.firmId), inArray(roles.id, params.roleIds)));
  return rows.map((r) => r.id);
}

export async function insertUserRoles(db: DbOrTx, params: { firmId: number; userId: number; roleIds: number[] }): Promise<void> {
  if (params.roleIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(params.roleIds.map((roleId) => ({ firmId: params.firmId, userId: params.userId, roleId })))
    .onConflictDoNothing();
}

/** The union of the rights of the user's roles in the firm. */
export async function findUserRightCodes(db: DbOrTx, params: { firmId: number; userId: number }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ rightCode: roleRights.rightCode })
    .from(userRoles)
    .innerJoin(roleRights, and(eq(roleRights.roleId, userRoles.roleId), eq(roleRights.firmId, userRoles.firmId)))
    .where(and(eq(userRoles.firmId, params.firmId), eq(userRoles.userId, params.userId)));
  return rows.map((r) => r.rightCode);
}

/** Of these users, the ones holding `rightCode` in the firm given with each, in one read. */
export async function usersHoldingRight(db: DbOrTx, params: { users: readonly { firmId: number; userId: number }[]; rightCode: string }): Promise<Set<string>> {
  if (params.users.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ firmId: userRoles.firmId, userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roleRights, and(eq(roleRights.roleId, userRoles.roleId), eq(roleRights.firmId, userRoles.firmId)))
    .where(and(inArray(userRoles.userId, [...new Set(params.users.map((u) => u.userId))]), eq(roleRights.rightCode, params.rightCode)));
  return new Set(rows.map((r) => `${r.firmId}:${r.userId}`));
}

export async function insertFirmHistory(
  db: DbOrTx,
  params: { firmId: number; actor: string; action: string; detail?: Record<string, unknown>; createdAt: Date },
): Promise<void> {
  await db.insert(firmHistory).values({ ...params, detail: params.detail ?? {} });
}
