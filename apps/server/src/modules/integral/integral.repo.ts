import { and, count, desc, eq, gte, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import type { IntegralReason, IntegralRuleKey, RedemptionStatus, RewardApplicationStatus } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { integralApplications, integralCredits, integralExpiries, integralGoods, integralHistory, integralRedemptions, integralRules, integralSignIns } from './integral.tables';

export type RuleRow = typeof integralRules.$inferSelect;
export type GoodsRow = typeof integralGoods.$inferSelect;
export type RedemptionRow = typeof integralRedemptions.$inferSelect;
export type ApplicationRow = typeof integralApplications.$inferSelect;

/** Serialises every change of one firm's points (awards, redemptions, refunds, expiry) inside the caller's transaction. */
const FIRM_LOCK_CLASS = 0x696e_7467; // "intg"
export async function lockFirmPoints(tx: DbOrTx, firmId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRM_LOCK_CLASS}, ${firmId})`);
}

export async function rules(db: DbOrTx): Promise<RuleRow[]> {
  return db.select().from(integralRules);
}

export async function upsertRule(db: DbOrTx, row: RuleRow): Promise<void> {
  await db
    .insert(integralRules)
    .values(row)
    .onConflictDoUpdate({ target: integralRules.key, set: { points: row.points, enabled: row.enabled, updatedBy: row.updatedBy, updatedAt: row.updatedAt } });
}

export async function ruleOf(db: DbOrTx, key: IntegralRuleKey): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(integralRules).where(eq(integralRules.key, key)).limit(1);
  return row;
}

/** Claims the credit for one source event; false when it was already credited. */
export async function claimCredit(db: DbOrTx, row: { firmId: number; reason: IntegralReason; sourceRef: string; points: number; journalId: string; createdAt: Date }): Promise<boolean> {
  const inserted = await db.insert(integralCredits).values(row).onConflictDoNothing().returning({ id: integralCredits.id });
  return inserted.length > 0;
}

export async function creditExists(db: DbOrTx, params: { firmId: number; reason: IntegralReason; sourceRef: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: integralCredits.id })
    .from(integralCredits)
    .where(and(eq(integralCredits.firmId, params.firmId), eq(integralCredits.reason, params.reason), eq(integralCredits.sourceRef, params.sourceRef)))
    .limit(1);
  return row !== undefined;
}

export async function creditedSince(db: DbOrTx, firmId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${integralCredits.points}), 0)` })
    .from(integralCredits)
    .where(and(eq(integralCredits.firmId, firmId), gte(integralCredits.createdAt, since)));
  return Number(row?.total ?? 0);
}

/** Firms credited before `before` whose expiry of `year` has not run: the candidates of a year-end expiry. */
export async function firmsToExpire(db: DbOrTx, year: number, before: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ firmId: integralCredits.firmId })
    .from(integralCredits)
    .where(
      and(
        lt(integralCredits.createdAt, before),
        notExists(db.select({ id: integralExpiries.id }).from(integralExpiries).where(and(eq(integralExpiries.firmId, integralCredits.firmId), eq(integralExpiries.year, year)))),
      ),
    )
    .orderBy(integralCredits.firmId);
  return rows.map((r) => r.firmId);
}

export async function claimExpiry(db: DbOrTx, row: { firmId: number; year: number; points: number; createdAt: Date }): Promise<boolean> {
  const inserted = await db.insert(integralExpiries).values(row).onConflictDoNothing().returning({ id: integralExpiries.id });
  return inserted.length > 0;
}

export async function claimSignIn(db: DbOrTx, row: { userId: number; firmId: number; day: string; points: number; createdAt: Date }): Promise<number | undefined> {
  const [inserted] = await db.insert(integralSignIns).values(row).onConflictDoNothing().returning({ id: integralSignIns.id });
  return inserted?.id;
}

export async function signedIn(db: DbOrTx, userId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: integralSignIns.id })
    .from(integralSignIns)
    .where(and(eq(integralSignIns.userId, userId), eq(integralSignIns.day, day)))
    .limit(1);
  return row !== undefined;
}

export async function insertGoods(db: DbOrTx, row: typeof integralGoods.$inferInsert): Promise<GoodsRow> {
  const [inserted] = await db.insert(integralGoods).values(row).returning();
  return inserted!;
}

export async function updateGoods(db: DbOrTx, id: number, patch: Partial<GoodsRow>): Promise<void> {
  await db.update(integralGoods).set(patch).where(eq(integralGoods.id, id));
}

export async function goodsById(db: DbOrTx, id: number, lock = false): Promise<GoodsRow | undefined> {
  const query = db.select().from(integralGoods).where(eq(integralGoods.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function goodsByIds(db: DbOrTx, ids: number[]): Promise<GoodsRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(integralGoods).where(inArray(integralGoods.id, ids));
}

export async function listGoods(db: DbOrTx, params: { status?: string; offset: number; limit: number }): Promise<{ rows: GoodsRow[]; total: number }> {
  const where = params.status ? eq(integralGoods.status, params.status as GoodsRow['status']) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(integralGoods).where(where).orderBy(desc(integralGoods.id)).offset(params.offset).limit(params.limit),
    db.select({ n: count() }).from(integralGoods).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Pieces of the goods the firm holds in live (not cancelled) redemptions, per goods. */
export async function redeemedByFirm(db: DbOrTx, firmId: number, goodsIds: number[]): Promise<Map<number, number>> {
  if (goodsIds.length === 0) return new Map();
  const rows = await db
    .select({ goodsId: integralRedemptions.goodsId, total: sql<string>`coalesce(sum(${integralRedemptions.quantity}), 0)` })
    .from(integralRedemptions)
    .where(and(eq(integralRedemptions.firmId, firmId), inArray(integralRedemptions.goodsId, goodsIds), ne(integralRedemptions.status, 'U')))
    .groupBy(integralRedemptions.goodsId);
  return new Map(rows.map((r) => [r.goodsId, Number(r.total)]));
}

export async function insertRedemption(db: DbOrTx, row: typeof integralRedemptions.$inferInsert): Promise<RedemptionRow> {
  const [inserted] = await db.insert(integralRedemptions).values(row).returning();
  return inserted!;
}

export async function updateRedemption(db: DbOrTx, id: number, patch: Partial<RedemptionRow>): Promise<void> {
  await db.update(integralRedemptions).set(patch).where(eq(integralRedemptions.id, id));
}

/** One redemption, of the firm when `firmId` is given (a firm never reads another's by id). */
export async function redemptionById(db: DbOrTx, id: number, firmId: number | undefined, lock = false): Promise<RedemptionRow | undefined> {
  const where = firmId === undefined ? eq(integralRedemptions.id, id) : and(eq(integralRedemptions.id, id), eq(integralRedemptions.firmId, firmId));
  const query = db.select().from(integralRedemptions).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listRedemptions(db: DbOrTx, params: { firmId?: number; status?: RedemptionStatus; offset: number; limit: number }): Promise<{ rows: RedemptionRow[]; total: number }> {
  const where = and(params.firmId === undefined ? undefined : eq(integralRedemptions.firmId, params.firmId), params.status ? eq(integralRedemptions.status, params.status) : undefined);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(integralRedemptions).where(where).orderBy(desc(integralRedemptions.id)).offset(params.offset).limit(params.limit),
    db.select({ n: count() }).from(integralRedemptions).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function insertApplication(db: DbOrTx, row: typeof integralApplications.$inferInsert): Promise<ApplicationRow> {
  const [inserted] = await db.insert(integralApplications).values(row).returning();
  return inserted!;
}

export async function updateApplication(db: DbOrTx, id: number, patch: Partial<ApplicationRow>): Promise<void> {
  await db.update(integralApplications).set(patch).where(eq(integralApplications.id, id));
}

export async function applicationById(db: DbOrTx, id: number, lock = false): Promise<ApplicationRow | undefined> {
  const query = db.select().from(integralApplications).where(eq(integralApplications.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listApplications(db: DbOrTx, params: { firmId?: number; status?: RewardApplicationStatus; offset: number; limit: number }): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = and(params.firmId === undefined ? undefined : eq(integralApplications.firmId, params.firmId), params.status ? eq(integralApplications.status, params.status) : undefined);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(integralApplications).where(where).orderBy(desc(integralApplications.id)).offset(params.offset).limit(params.limit),
    db.select({ n: count() }).from(integralApplications).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function appendHistory(db: DbOrTx, row: typeof integralHistory.$inferInsert): Promise<void> {
  await db.insert(integralHistory).values(row);
}
