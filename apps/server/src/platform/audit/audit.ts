import { createHmac } from 'node:crypto';
import { asc, desc, gt, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { withTransaction, type Db, type DbOrTx } from '../db/index';
import { auditLog } from './audit.tables';

export interface AuditEntry {
  at?: Date;
  actorKind: 'user' | 'staff' | 'system';
  actorId: string;
  /** What was done, named like events: `system.switches.update`. */
  action: string;
  objectType: string;
  objectId: string;
  /** Before/after values, reasons; must be JSON. */
  detail?: unknown;
}

export interface AuditChainReport {
  /** The first row whose hash or link does not match, or null when the whole chain holds. */
  brokenId: bigint | null;
  checked: number;
}

export const GENESIS_HASH = '0'.repeat(64);

/**
 * The chain is keyed (HMAC-SHA256) with a key that lives outside the database, so someone who can
 * write the table cannot recompute the hashes after an edit. The app derives it from its secret at
 * boot; until then (unit tests of the chain alone) a fixed development key applies.
 */
let chainKey: Buffer = deriveAuditKey('tp-development-audit-key');

export function deriveAuditKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('tp-audit-chain-v1').digest();
}

/** Called once at boot (server and CLI) with the app's configured secret. */
export function configureAuditKey(secret: string): void {
  chainKey = deriveAuditKey(secret);
}

/** HMAC under the chain key, for anything that must prove it came from the holder of the key. */
export function auditMac(...parts: string[]): string {
  const mac = createHmac('sha256', chainKey);
  for (const part of parts) mac.update(part).update('\u0000');
  return mac.digest('hex');
}

/** Serialises appends across connections and instances: the head read and the insert are one step. */
const AUDIT_LOCK_KEY = 0x7470_6175; // "tpau"

/** JSON with object keys sorted at every level, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

export interface HashedFields {
  id: bigint;
  at: Date;
  actorKind: string;
  actorId: string;
  action: string;
  objectType: string;
  objectId: string;
  detail: unknown;
}

/** A row's hash: HMAC-SHA256 under the chain key over the previous hash and the row's canonical JSON. */
export function hashOf(prevHash: string, row: HashedFields, key: Buffer = chainKey): string {
  const canonical = canonicalJson({
    id: row.id.toString(),
    at: row.at.toISOString(),
    actorKind: row.actorKind,
    actorId: row.actorId,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    detail: row.detail,
  });
  return createHmac('sha256', key).update(prevHash).update(canonical).digest('hex');
}

/**
 * Appends one entry to the chain. Inside the caller's transaction the audit row commits or rolls
 * back with the change; given a plain database it opens its own. The chain lock is held until that
 * transaction ends, so keep audited transactions short. Assumes READ COMMITTED (the default), so
 * the head read after the lock sees the previous append.
 */
export async function appendAudit(dbOrTx: DbOrTx, entry: AuditEntry): Promise<{ id: bigint; hash: string }> {
  if (!is(dbOrTx, PgTransaction)) return withTransaction(dbOrTx as Db, (tx) => appendAudit(tx, entry));
  const tx = dbOrTx;
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [head] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const prevHash = head?.hash ?? GENESIS_HASH;
  // The id is part of the hash, so it is drawn before the insert.
  const drawn = (await tx.execute(sql`select nextval(pg_get_serial_sequence('audit_log', 'id')) as id`)) as unknown as { rows: { id: string | number | bigint }[] };
  const id = BigInt(String(drawn.rows[0]?.id));
  const row: HashedFields = {
    id,
    at: entry.at ?? new Date(),
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId,
    // Hashed as it will read back from jsonb: undefined fields gone, dates as strings.
    detail: JSON.parse(JSON.stringify(entry.detail ?? {})) as unknown,
  };
  const hash = hashOf(prevHash, row);
  await tx.insert(auditLog).values({ ...row, prevHash, hash });
  return { id, hash };
}

/** Walks the chain in id order and reports the first row that was changed, removed or inserted. */
export async function verifyAuditChain(db: Db, options: { batchSize?: number } = {}): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? 1000;
  let expectedPrev = GENESIS_HASH;
  let lastId = 0n;
  let checked = 0;
  for (;;) {
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(asc(auditLog.id)).limit(batchSize);
    for (const row of rows) {
      if (row.prevHash !== expectedPrev || row.hash !== hashOf(row.prevHash, row)) return { brokenId: row.id, checked };
      expectedPrev = row.hash;
      lastId = row.id;
      checked++;
    }
    if (rows.length < batchSize) return { brokenId: null, checked };
  }
}
