import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { auditLog } from './audit.tables';

export interface AuditSearch {
  actorId?: string | undefined;
  /** A prefix: `listing.` finds every listing action. */
  action?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
  offset: number;
  limit: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first. */
export async function searchAudit(db: DbOrTx, search: AuditSearch) {
  const where: SQL[] = [];
  if (search.actorId) where.push(eq(auditLog.actorId, search.actorId));
  if (search.action) where.push(like(auditLog.action, `${escapeLike(search.action)}%`));
  if (search.objectType) where.push(eq(auditLog.objectType, search.objectType));
  if (search.objectId) where.push(eq(auditLog.objectId, search.objectId));
  if (search.from) where.push(gte(auditLog.at, search.from));
  if (search.until) where.push(lt(auditLog.at, search.until));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(condition).orderBy(desc(auditLog.id)).offset(search.offset).limit(search.limit),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The latest entry of one action on one object, e.g. a first approval awaiting its second. */
export async function lastAuditOf(db: DbOrTx, params: { objectType: string; objectId: string; actions: string[] }) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, params.objectType), eq(auditLog.objectId, params.objectId)))
    .orderBy(desc(auditLog.id))
    .limit(50);
  return rows.find((row) => params.actions.includes(row.action));
}
