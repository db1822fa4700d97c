import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { insertReturning } from '../../platform/db/index';
import { presaleHistory, presalePlacements, presaleProjects, presaleSubscriptions } from './presale.tables';

export type ProjectRow = typeof presaleProjects.$inferSelect;
export type SubscriptionRow = typeof presaleSubscriptions.$inferSelect;
export type PlacementRow = typeof presalePlacements.$inferSelect;

export const insertProject = (db: DbOrTx, values: typeof presaleProjects.$inferInsert) => insertReturning(db, presaleProjects, values, 'presale project');

export async function updateProject(db: DbOrTx, id: number, values: Partial<typeof presaleProjects.$inferInsert>): Promise<ProjectRow | undefined> {
  const [row] = await db.update(presaleProjects).set(values).where(eq(presaleProjects.id, id)).returning();
  return row;
}

export async function findProject(db: DbOrTx, id: number, lock = false): Promise<ProjectRow | undefined> {
  const query = db.select().from(presaleProjects).where(eq(presaleProjects.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Projects newest start first; visitors never see removed ones. */
export async function listProjects(db: DbOrTx, window: { offset: number; limit: number; includeRemoved: boolean }): Promise<{ rows: ProjectRow[]; total: number }> {
  const where = window.includeRemoved ? undefined : ne(presaleProjects.saleStatus, 'removed');
  const [rows, [totals]] = await Promise.all([
    db.select().from(presaleProjects).where(where).orderBy(desc(presaleProjects.startTime), desc(presaleProjects.id)).offset(window.offset).limit(window.limit),
    db.select({ total: count() }).from(presaleProjects).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Ended, not removed and not yet allocated: the allocation job's work. */
export async function projectsToAllocate(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: presaleProjects.id })
    .from(presaleProjects)
    .where(and(lte(presaleProjects.endTime, now), isNull(presaleProjects.allocatedAt), ne(presaleProjects.saleStatus, 'removed')))
    .orderBy(asc(presaleProjects.endTime))
    .limit(20);
  return rows.map((row) => row.id);
}

export const insertSubscription = (db: DbOrTx, values: typeof presaleSubscriptions.$inferInsert) => insertReturning(db, presaleSubscriptions, values, 'presale subscription');

export async function updateSubscription(db: DbOrTx, id: number, values: Partial<typeof presaleSubscriptions.$inferInsert>): Promise<void> {
  await db.update(presaleSubscriptions).set(values).where(eq(presaleSubscriptions.id, id));
}

/** What the user already subscribed to the project, and when last. */
export async function userTotals(db: DbOrTx, projectId: number, userId: number): Promise<{ quantity: string; lastAt: Date | null }> {
  const [row] = await db
    .select({ quantity: sql<string>`coalesce(sum(${presaleSubscriptions.quantity}), 0)::text`, lastAt: sql<Date | null>`max(${presaleSubscriptions.createdAt})` })
    .from(presaleSubscriptions)
    .where(and(eq(presaleSubscriptions.projectId, projectId), eq(presaleSubscriptions.userId, userId)));
  const lastAt = row?.lastAt ?? null;
  return { quantity: row?.quantity ?? '0', lastAt: lastAt === null ? null : new Date(lastAt) };
}

export async function tradingSubscriptions(db: DbOrTx, projectId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(presaleSubscriptions)
    .where(and(eq(presaleSubscriptions.projectId, projectId), eq(presaleSubscriptions.status, 'trading')))
    .orderBy(asc(presaleSubscriptions.id))
    .for('update');
}

export async function userSubscriptions(db: DbOrTx, userId: number, window: { offset: number; limit: number }) {
  const where = eq(presaleSubscriptions.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ subscription: presaleSubscriptions, projectName: presaleProjects.name, abbreviation: presaleProjects.abbreviation })
      .from(presaleSubscriptions)
      .innerJoin(presaleProjects, eq(presaleProjects.id, presaleSubscriptions.projectId))
      .where(where)
      .orderBy(desc(presaleSubscriptions.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ total: count() }).from(presaleSubscriptions).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function placementsOf(db: DbOrTx, subscriptionIds: readonly number[]): Promise<PlacementRow[]> {
  if (subscriptionIds.length === 0) return [];
  return db.select().from(presalePlacements).where(inArray(presalePlacements.subscriptionId, [...subscriptionIds]));
}

export async function userPlacements(db: DbOrTx, userId: number, window: { offset: number; limit: number }) {
  const where = eq(presalePlacements.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ placement: presalePlacements, projectName: presaleProjects.name, abbreviation: presaleProjects.abbreviation })
      .from(presalePlacements)
      .innerJoin(presaleSubscriptions, eq(presaleSubscriptions.id, presalePlacements.subscriptionId))
      .innerJoin(presaleProjects, eq(presaleProjects.id, presaleSubscriptions.projectId))
      .where(where)
      .orderBy(desc(presalePlacements.dueAt), desc(presalePlacements.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ total: count() }).from(presalePlacements).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertPlacements(db: DbOrTx, values: (typeof presalePlacements.$inferInsert)[]): Promise<void> {
  if (values.length) await db.insert(presalePlacements).values(values);
}

/** Unlocks due and not yet released, oldest first. */
export async function dueUnlocks(db: DbOrTx, now: Date, limit = 200): Promise<number[]> {
  const rows = await db
    .select({ id: presalePlacements.id })
    .from(presalePlacements)
    .where(and(isNull(presalePlacements.releasedAt), lte(presalePlacements.dueAt, now)))
    .orderBy(asc(presalePlacements.dueAt), asc(presalePlacements.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function lockPlacement(db: DbOrTx, id: number): Promise<PlacementRow | undefined> {
  const [row] = await db.select().from(presalePlacements).where(eq(presalePlacements.id, id)).for('update');
  return row;
}

export async function markReleased(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(presalePlacements).set({ releasedAt: at }).where(eq(presalePlacements.id, id));
}

export async function appendHistory(db: DbOrTx, values: typeof presaleHistory.$inferInsert): Promise<void> {
  await db.insert(presaleHistory).values(values);
}

/** The project and token a subscription's placements are in. */
export async function tokenOf(db: DbOrTx, subscriptionId: number): Promise<{ projectId: number; abbreviation: string } | undefined> {
  const [row] = await db
    .select({ projectId: presaleProjects.id, abbreviation: presaleProjects.abbreviation })
    .from(presaleSubscriptions)
    .innerJoin(presaleProjects, eq(presaleProjects.id, presaleSubscriptions.projectId))
    .where(eq(presaleSubscriptions.id, subscriptionId));
  return row;
}
