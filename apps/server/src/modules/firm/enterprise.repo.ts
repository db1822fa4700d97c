import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, insertReturning } from '../../platform/db/index';
import { firmAddresses, firmCertifications, firms, firmSeals, roleRights, roles, userRoles } from './firm.tables';

export type CertificationRow = typeof firmCertifications.$inferSelect;
export type AddressRowDb = typeof firmAddresses.$inferSelect;
export type SealRow = typeof firmSeals.$inferSelect;

// ---- certifications ----

export async function latestCertification(db: DbOrTx, params: { firmId: number }): Promise<CertificationRow | undefined> {
  const [row] = await db
    .select()
    .from(firmCertifications)
    .where(eq(firmCertifications.firmId, params.firmId))
    .orderBy(desc(firmCertifications.id))
    .limit(1);
  return row;
}

/** The newest certification status of each firm (firms that never submitted are absent). */
export async function latestStatuses(db: DbOrTx, params: { firmIds: number[] }): Promise<Map<number, CertificationRow['status']>> {
  if (params.firmIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([firmCertifications.firmId], { firmId: firmCertifications.firmId, status: firmCertifications.status })
    .from(firmCertifications)
    .where(inArray(firmCertifications.firmId, params.firmIds))
    .orderBy(firmCertifications.firmId, desc(firmCertifications.id));
  return new Map(rows.map((r) => [r.firmId, r.status]));
}

/** Whether another firm holds an open (under review or approved) submission with this registration number. */
export async function registerNoTaken(db: DbOrTx, params: { registerNo: string; firmId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: firmCertifications.id })
    .from(firmCertifications)
    .where(
      and(
        eq(firmCertifications.registerNo, params.registerNo),
        ne(firmCertifications.firmId, params.firmId),
        inArray(firmCertifications.status, ['1', '2', '4']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCertification(db: DbOrTx, values: typeof firmCertifications.$inferInsert): Promise<CertificationRow> {
  return insertReturning(db, firmCertifications, values, 'certification');
}

export async function findCertification(db: DbOrTx, params: { id: number; forUpdate?: boolean }): Promise<CertificationRow | undefined> {
  const query = db.select().from(firmCertifications).where(eq(firmCertifications.id, params.id)).limit(1);
  const [row] = params.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateCertification(db: DbOrTx, params: { id: number; patch: Partial<typeof firmCertifications.$inferInsert> }): Promise<CertificationRow> {
  const [row] = await db.update(firmCertifications).set(params.patch).where(eq(firmCertifications.id, params.id)).returning();
  if (!row) throw new Error('certification update returned nothing');
  return row;
}

export async function listCertifications(
  db: DbOrTx,
  params: { status?: CertificationRow['status'] | undefined; keyword?: string | undefined; offset: number; limit: number },
): Promise<{ rows: (CertificationRow & { firmCode: string; firmName: string })[]; total: number }> {
  const conditions: SQL[] = [];
  if (params.status) conditions.push(eq(firmCertifications.status, params.status));
  if (params.keyword) {
    const like = `%${params.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(eq(firms.firmCode, params.keyword), ilike(firms.name, like), ilike(firmCertifications.enterpriseName, like), eq(firmCertifications.registerNo, params.keyword.toUpperCase()));
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ certification: firmCertifications, firmCode: firms.firmCode, firmName: firms.name })
      .from(firmCertifications)
      .innerJoin(firms, eq(firms.id, firmCertifications.firmId))
      .where(where)
      .orderBy(desc(firmCertifications.id))
      .offset(params.offset)
      .limit(params.limit),
    db.select({ total: count() }).from(firmCertifications).innerJoin(firms, eq(firms.id, firmCertifications.firmId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.certification, firmCode: r.firmCode, firmName: r.firmName })), total: totals?.total ?? 0 };
}

export async function updateFirmName(db: DbOrTx, params: { firmId: number; name: string }): Promise<void> {
  await db.update(firms).set({ name: params.name }).where(eq(firms.id, params.firmId));
}

// ---- roles ----

export interface RoleWithRights {
  id: number;
  roleName: string;
  createdAt: Date;
  rightCodes: string[];
  staffCount: number;
}

export async function listRoles(db: DbOrTx, params: { firmId: number }): Promise<RoleWithRights[]> {
  const [roleRows, rightRows, staffRows] = await Promise.all([
    db.select({ id: roles.id, roleName: roles.roleName, createdAt: roles.createdAt }).from(roles).where(eq(roles.firmId, params.firmId)).orderBy(asc(roles.id)),
    db.select({ roleId: roleRights.roleId, rightCode: roleRights.rightCode }).from(roleRights).where(eq(roleRights.firmId, params.firmId)),
    db
      .select({ roleId: userRoles.roleId, n: count() })
      .from(userRoles)
      .where(eq(userRoles.firmId, params.firmId))
      .groupBy(userRoles.roleId),
  ]);
  return roleRows.map((r) => ({
    ...r,
    rightCodes: rightRows.filter((x) => x.roleId === r.id).map((x) => x.rightCode),
    staffCount: staffRows.find((x) => x.roleId === r.id)?.n ?? 0,
  }));
}

export async function findRole(db: DbOrTx, params: { firmId: number; roleId: number }): Promise<{ id: number; roleName: string } | undefined> {
  const [row] = await db
    .select({ id: roles.id, roleName: roles.roleName })
    .from(roles)
    .where(and(eq(roles.firmId, params.firmId), eq(roles.id, params.roleId)))
    .limit(1);
  return row;
}

export async function renameRole(db: DbOrTx, params: { firmId: number; roleId: number; roleName: string }): Promise<void> {
  await db.update(roles).set({ roleName: params.roleName }).where(and(eq(roles.firmId, params.firmId), eq(roles.id, params.roleId)));
}

export async function replaceRoleRights(db: DbOrTx, params: { firmId: number; roleId: number; rightCodes: string[] }): Promise<void> {
  await db.delete(roleRights).where(and(eq(roleRights.firmId, params.firmId), eq(roleRights.roleId, params.roleId)));
  if (params.rightCodes.length === 0) return;
  await db.insert(roleRights).values(params.rightCodes.map((rightCode) => ({ firmId: params.firmId, roleId: params.roleId, rightCode })));
}

/** Deletes the role; its rights and its holders' assignments go with it (foreign keys cascade). */
export async function deleteRole(db: DbOrTx, params: { firmId: number; roleId: number }): Promise<number[]> {
  const holders = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.firmId, params.firmId), eq(userRoles.roleId, params.roleId)));
  await db.delete(roles).where(and(eq(roles.firmId, params.firmId), eq(roles.id, params.roleId)));
  return holders.map((h) => h.userId);
}

export async function roleIdsOfUsers(db: DbOrTx, params: { firmId: number; userIds: number[] }): Promise<Map<number, number[]>> {
  if (params.userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.firmId, params.firmId), inArray(userRoles.userId, params.userIds)))
    .orderBy(asc(userRoles.roleId));
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.roleId]);
  return map;
}

export async function clearUserRoles(db: DbOrTx, params: { firmId: number; userId: number }): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.firmId, params.firmId), eq(userRoles.userId, params.userId)));
}

/** The distinct rights the given roles of the firm carry. */
export async function rightCodesOfRoles(db: DbOrTx, params: { firmId: number; roleIds: number[] }): Promise<string[]> {
  if (params.roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ rightCode: roleRights.rightCode })
    .from(roleRights)
    .where(and(eq(roleRights.firmId, params.firmId), inArray(roleRights.roleId, params.roleIds)));
  return rows.map((r) => r.rightCode);
}

export async function countRoles(db: DbOrTx, params: { firmId: number }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(roles).where(eq(roles.firmId, params.firmId));
  return row?.n ?? 0;
}

// ---- delivery addresses ----

const ownAddress = (params: { firmId: number; userId: number; id: number }) =>
  and(eq(firmAddresses.id, params.id), eq(firmAddresses.firmId, params.firmId), eq(firmAddresses.userId, params.userId));

export async function listAddresses(db: DbOrTx, params: { firmId: number; userId: number }): Promise<AddressRowDb[]> {
  return db
    .select()
    .from(firmAddresses)
    .where(and(eq(firmAddresses.firmId, params.firmId), eq(firmAddresses.userId, params.userId)))
    .orderBy(desc(firmAddresses.defaultFlag), asc(firmAddresses.id));
}

export async function findAddress(db: DbOrTx, params: { firmId: number; userId: number; id: number }): Promise<AddressRowDb | undefined> {
  const [row] = await db.select().from(firmAddresses).where(ownAddress(params)).limit(1);
  return row;
}

export async function insertAddress(db: DbOrTx, values: typeof firmAddresses.$inferInsert): Promise<AddressRowDb> {
  return insertReturning(db, firmAddresses, values, 'address');
}

export async function updateAddress(
  db: DbOrTx,
  params: { firmId: number; userId: number; id: number; patch: Partial<typeof firmAddresses.$inferInsert> },
): Promise<void> {
  await db.update(firmAddresses).set(params.patch).where(ownAddress(params));
}

export async function deleteAddress(db: DbOrTx, params: { firmId: number; userId: number; id: number }): Promise<boolean> {
  const rows = await db.delete(firmAddresses).where(ownAddress(params)).returning({ id: firmAddresses.id });
  return rows.length > 0;
}

export async function clearDefaultAddress(db: DbOrTx, params: { userId: number }): Promise<void> {
  await db.update(firmAddresses).set({ defaultFlag: false }).where(and(eq(firmAddresses.userId, params.userId), eq(firmAddresses.defaultFlag, true)));
}

/** Serializes a user's address changes, so "one default" and the count limit hold under concurrent calls. */
export async function lockAddressBook(db: DbOrTx, params: { userId: number }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`firm-addresses:${params.userId}`}))`);
}

// ---- seals ----

export async function findSeal(db: DbOrTx, params: { firmId: number }): Promise<SealRow | undefined> {
  const [row] = await db.select().from(firmSeals).where(eq(firmSeals.firmId, params.firmId)).limit(1);
  return row;
}

export async function upsertSeal(db: DbOrTx, values: SealRow): Promise<void> {
  await db
    .insert(firmSeals)
    .values(values)
    .onConflictDoUpdate({ target: firmSeals.firmId, set: { uploadId: values.uploadId, updatedBy: values.updatedBy, updatedAt: values.updatedAt } });
}
