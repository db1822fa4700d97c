import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/platform/audit/audit.tables';
import { appendAudit, auditHashOf, canonicalJson, verifyAuditChain, type AuditEntry } from '../src/platform/audit/index';
import { withTransaction, type Database } from '../src/platform/db/index';
import { openTestDatabase } from './harness';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const entry = (n: number, detail: unknown = { n }): AuditEntry => ({
  at: new Date(Date.UTC(2026, 0, 5, 2, 0, n)),
  actorKind: 'staff',
  actorId: 'admin',
  action: 'test.thing.changed',
  objectType: 'thing',
  objectId: String(n),
  detail,
});

const allRows = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

/** What someone with database superuser rights could do: switch the trigger off and edit. */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
  try {
    await database.db.execute(statement);
  } finally {
    await database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  }
}

describe('audit log', () => {
  it('hashes JSON canonically, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
  });

  it('chains appends and verifies the whole chain', async () => {
    for (let n = 1; n <= 5; n++) await appendAudit(database.db, entry(n, { before: { ok: false }, after: { ok: true }, n, at: new Date(0), gone: undefined }));
    const rows = await allRows();
    expect(rows).toHaveLength(5);
    expect(rows[0]?.prevHash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    expect(await verifyAuditChain(database.db)).toEqual({ brokenId: null, checked: 5 });
  });

  it('commits an entry with the caller’s transaction or not at all', async () => {
    const before = (await allRows()).length;
    await expect(
      withTransaction(database.db, async (tx) => {
        await appendAudit(tx, entry(90));
        throw new Error('the audited change failed');
      }),
    ).rejects.toThrow('the audited change failed');
    await withTransaction(database.db, (tx) => appendAudit(tx, entry(91)));
    expect((await allRows()).length).toBe(before + 1);
    expect((await verifyAuditChain(database.db)).brokenId).toBeNull();
  });

  it('keeps one chain under concurrent appends', async () => {
    const before = (await allRows()).length;
    await Promise.all(Array.from({ length: 30 }, (_, i) => appendAudit(database.db, entry(100 + i))));
    const report = await verifyAuditChain(database.db, { batchSize: 7 });
    expect(report).toEqual({ brokenId: null, checked: before + 30 });
  });

  it('refuses updates and deletes from the application', async () => {
    const [first] = await allRows();
    await expect(database.db.update(auditLog).set({ actorId: 'someone-else' }).where(eq(auditLog.id, first!.id))).rejects.toThrow();
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, first!.id))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await allRows())[0]).toEqual(first);
  });

  it('finds the first row edited behind its back, and nothing once it is put back', async () => {
    const rows = await allRows();
    const victim = rows[2]!;
    await tamper(sql`update audit_log set detail = '{"n": 3, "after": {"ok": false}}'::jsonb where id = ${victim.id}`);
    expect((await verifyAuditChain(database.db)).brokenId).toBe(victim.id);

    await tamper(sql`update audit_log set detail = ${JSON.stringify(victim.detail)}::jsonb where id = ${victim.id}`);
    expect((await verifyAuditChain(database.db)).brokenId).toBeNull();
  });

  it('finds a row whose hash was recomputed to hide an edit: its successor no longer links', async () => {
    const rows = await allRows();
    const victim = rows[1]!;
    const forged = auditHashOf(victim.prevHash, { ...victim, actorId: 'mallory' });
    await tamper(sql`update audit_log set actor_id = 'mallory', hash = ${forged} where id = ${victim.id}`);
    expect((await verifyAuditChain(database.db)).brokenId).toBe(rows[2]!.id);

    await tamper(sql`update audit_log set actor_id = ${victim.actorId}, hash = ${victim.hash} where id = ${victim.id}`);
    expect((await verifyAuditChain(database.db)).brokenId).toBeNull();
  });

  it('finds a deleted row by the gap it leaves in the links', async () => {
    const rows = await allRows();
    await tamper(sql`delete from audit_log where id = ${rows[3]!.id}`);
    expect(await verifyAuditChain(database.db)).toEqual({ brokenId: rows[4]!.id, checked: 3 });
  });
});
