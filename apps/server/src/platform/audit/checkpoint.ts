import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import type { Scheduler } from '../scheduler/index';
import { auditMac, verifyAuditChain } from './audit';
import { auditLog } from './audit.tables';

/**
 * The chain's head, signed and written outside the database from time to time. Keyed hashes stop
 * an edit from being hidden; the checkpoints stop the newest rows from being cut off (or the whole
 * table replaced) unnoticed, since a signed head must still be found in the table.
 */
export const AUDIT_CHECKPOINT_FILE = 'audit-checkpoints.jsonl';
export const AUDIT_CHECKPOINT_JOB = 'platform.audit.checkpoint';

interface Checkpoint {
  id: string;
  hash: string;
  at: string;
  sig: string;
}

const signatureOf = (c: Omit<Checkpoint, 'sig'>) => auditMac('audit-checkpoint', c.id, c.hash, c.at);
const fileOf = (dataDir: string) => path.join(dataDir, AUDIT_CHECKPOINT_FILE);

async function readCheckpoints(dataDir: string): Promise<{ checkpoints: Checkpoint[]; unreadable: number }> {
  let text: string;
  try {
    text = await readFile(fileOf(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { checkpoints: [], unreadable: 0 };
    throw err;
  }
  const checkpoints: Checkpoint[] = [];
  let unreadable = 0;
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    try {
      const parsed = JSON.parse(line) as Partial<Checkpoint>;
      if (typeof parsed.id !== 'string' || typeof parsed.hash !== 'string' || typeof parsed.at !== 'string' || typeof parsed.sig !== 'string') throw new Error('shape');
      checkpoints.push(parsed as Checkpoint);
    } catch {
      unreadable = unreadable || index + 1;
    }
  }
  return { checkpoints, unreadable };
}

/** Appends the current head to the checkpoint file, unless the head was already checkpointed. */
export async function writeAuditCheckpoint(db: Db, dataDir: string, now: Date = new Date()): Promise<{ id: string; hash: string } | null> {
  const [head] = await db.select({ id: auditLog.id, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  if (!head) return null;
  const { checkpoints } = await readCheckpoints(dataDir);
  const last = checkpoints.at(-1);
  if (last && last.id === head.id.toString() && last.hash === head.hash) return null;
  const entry = { id: head.id.toString(), hash: head.hash, at: now.toISOString() };
  await mkdir(dataDir, { recursive: true });
  await appendFile(fileOf(dataDir), `${JSON.stringify({ ...entry, sig: signatureOf(entry) })}\n`, { mode: 0o600 });
  return { id: entry.id, hash: entry.hash };
}

/** Every checkpoint must be signed by the chain key and name a row that still has that hash. */
export async function verifyAuditCheckpoints(db: Db, dataDir: string): Promise<{ checkpoints: number; problem: string }> {
  const { checkpoints, unreadable } = await readCheckpoints(dataDir);
  if (unreadable) return { checkpoints: checkpoints.length, problem: `checkpoint line ${unreadable} is unreadable` };
  for (const c of checkpoints) {
    if (c.sig !== signatureOf(c)) return { checkpoints: checkpoints.length, problem: `checkpoint of row ${c.id} has a wrong signature` };
    if (!/^\d{1,19}$/.test(c.id)) return { checkpoints: checkpoints.length, problem: `checkpoint of row ${c.id} names no row` };
    const [row] = await db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.id, BigInt(c.id))).limit(1);
    if (!row) return { checkpoints: checkpoints.length, problem: `row ${c.id} of a checkpoint is missing` };
    if (row.hash !== c.hash) return { checkpoints: checkpoints.length, problem: `row ${c.id} differs from its checkpoint` };
  }
  return { checkpoints: checkpoints.length, problem: '' };
}

export interface AuditVerification {
  ok: boolean;
  checked: number;
  brokenId: string;
  checkpoints: number;
  checkpointProblem: string;
  checkedAt: string;
}

/** The whole check: the keyed chain, then the checkpoints; a clean check is checkpointed itself. */
export async function verifyAudit(db: Db, dataDir: string, now: Date = new Date()): Promise<AuditVerification> {
  const chain = await verifyAuditChain(db);
  const anchors = await verifyAuditCheckpoints(db, dataDir);
  const ok = chain.brokenId === null && anchors.problem === '';
  if (ok) await writeAuditCheckpoint(db, dataDir, now);
  return {
    ok,
    checked: chain.checked,
    brokenId: chain.brokenId?.toString() ?? '',
    checkpoints: anchors.checkpoints,
    checkpointProblem: anchors.problem,
    checkedAt: now.toISOString(),
  };
}

/** Anchors the head every ten minutes (once across instances: the scheduler's slots). */
export function registerAuditCheckpoint(scheduler: Scheduler, deps: { db: Db; dataDir: string; now: () => Date }): void {
  scheduler.register(AUDIT_CHECKPOINT_JOB, async () => void (await writeAuditCheckpoint(deps.db, deps.dataDir, deps.now())));
  scheduler.every(AUDIT_CHECKPOINT_JOB, 600_000);
}
