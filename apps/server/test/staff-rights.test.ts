import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminListingPath,
  CapitalPath,
  ListingApiPath,
  PaymentPasswordPath,
  ResultCode,
  type SessionInfo,
  StaffPath,
  VerificationPath,
  WalletPath,
  type AuditLogRow,
  type AuditVerifyReport,
  type ListingDetail,
  type ListingFeeSettings,
  type Page,
  type StaffAccess,
  type StaffMemberRow,
  type StaffRoleRow,
} from '@tp/contract';
import { DEMO_PASSWORD, seedDemoData } from '../src/demo/seed';
import { seedDemoIdentities } from '../src/modules/identity/index';
import { createFirmService } from '../src/modules/firm/index';
import { auditLog } from '../src/platform/audit/audit.tables';
import { AUDIT_CHECKPOINT_FILE, appendAudit, auditHashOf, deriveAuditKey, verifyAuditChain, writeAuditCheckpoint } from '../src/platform/audit/index';
import { openTestDatabase, type TestContext, createSeededTestApp } from './harness';
import { testConfig } from '../src/platform/config';
import { buildApp } from '../src/app';
import { client, registerByPhone, type Client, staffClient } from './identity-support';
import { listingWorld } from './listing-support';

let ctx: TestContext;
let dataDir: string;
let world: Awaited<ReturnType<typeof listingWorld>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-staff-rights-'));
  ctx = await createSeededTestApp({ dataDir });
  // A staff member with no role at all: every right-bearing operation must refuse them.
  await seedDemoIdentities(
    { db: ctx.database.db, clock: ctx.clock, firm: createFirmService({ db: ctx.database.db, clock: ctx.clock }) },
    { password: DEMO_PASSWORD, firms: [], staff: [{ account: 'norights', name: '无权限', role: 'operator' }] },
  );
  world = await listingWorld(ctx);
}, 240_000);
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function ok<T>(c: Client, url: string, body?: unknown): Promise<T> {
  const res = await c.post<T>(url, body);
  expect(res.code, `${url}: ${res.message}`).toBe('0');
  return res.value;
}

const auditRows = () => ctx.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
const lastAudit = async (action: string) => (await auditRows()).filter((r) => r.action === action).at(-1);

/** What every signed-in staff member may call for themselves, whatever their rights. */
const SELF_SERVICE = new Set(['/api/admin/login', '/api/admin/logout', '/api/admin/me', StaffPath.access]);

describe('back-office rights', () => {
  it('refuses every back-office operation to a staff member without its right, and to users', async () => {
    const doc = ctx.app.http.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/admin/') || p.includes('/admin/'))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => ({ path: p, method: m.toUpperCase() as 'GET' | 'POST' })))
      .filter((op) => !SELF_SERVICE.has(op.path));
    expect(operations.length).toBeGreaterThan(60);

    const norights = await staffClient(ctx, 'norights');
    const user = client(ctx, { lang: 'en' });
    user.useSession(await registerByPhone(ctx, user));
    const anonymous = client(ctx, { lang: 'en' });
    for (const op of operations) {
      // Path parameters get a plausible value; the body is empty: rights are checked before the body is.
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const call = (c: Client) => (op.method === 'GET' ? c.get(url) : c.post(url, {}));
      const staffReply = await call(norights);
      expect({ op: `${op.method} ${op.path}`, status: staffReply.status, code: staffReply.code }).toEqual({ op: `${op.method} ${op.path}`, status: 403, code: ResultCode.forbidden });
      expect(staffReply.message).toBe('You have no right to do this');
      expect([401, 403], `${op.method} ${op.path} as a user`).toContain((await call(user)).status);
      expect((await call(anonymous)).status, `${op.method} ${op.path} anonymously`).toBe(401);
    }
  });

  it('says the refusal in the staff member’s language', async () => {
    const norights = await staffClient(ctx, 'norights');
    const cn = await norights.post(WalletPath.adminWithdrawals, {}, { 'accept-language': 'zh-CN' });
    const tw = await norights.post(WalletPath.adminWithdrawals, {}, { 'accept-language': 'zh-TW' });
    expect([cn.status, cn.message]).toEqual([403, '没有权限执行此操作']);
    expect([tw.status, tw.message]).toEqual([403, '沒有權限執行此操作']);
  });

  it('gives the demo auditor reviews only and the demo finance withdrawals and bank', async () => {
    const auditor = await staffClient(ctx, 'auditor');
    expect(await ok<StaffAccess>(auditor, StaffPath.access)).toEqual({ superAdmin: false, rights: ['certification.review', 'kyc.review', 'product.review', 'supply.review'] });
    expect((await auditor.post(VerificationPath.adminSeniorList, {})).code).toBe('0');
    expect((await auditor.post(WalletPath.adminWithdrawals, {})).status).toBe(403);
    expect((await auditor.post(AdminListingPath.saveFeeSettings, {})).status).toBe(403);

    const finance = await staffClient(ctx, 'finance');
    expect((await ok<StaffAccess>(finance, StaffPath.access)).rights).toEqual(['withdrawal.approve', 'bank.monitor']);
    expect((await finance.post(WalletPath.adminWithdrawals, {})).code).toBe('0');
    expect((await finance.post(CapitalPath.adminOperations, {})).code).toBe('0');
    expect((await finance.post(VerificationPath.adminSeniorList, {})).status).toBe(403);

    const admin = await staffClient(ctx, 'admin');
    expect((await ok<StaffAccess>(admin, StaffPath.access)).superAdmin).toBe(true);
  });

  it('lets the super-administrator build roles from rights and assign them; the rights apply at once and every change is audited', async () => {
    const admin = await staffClient(ctx, 'admin');
    const norights = await staffClient(ctx, 'norights');
    expect((await norights.post(VerificationPath.adminSeniorList, {})).status).toBe(403);

    const role = await ok<StaffRoleRow>(admin, StaffPath.saveRole, { name: '实名审核', rights: ['kyc.review'] });
    expect(role).toMatchObject({ name: '实名审核', rights: ['kyc.review'], members: 0 });
    const members = await ok<StaffMemberRow[]>(admin, StaffPath.members);
    const target = members.find((m) => m.account === 'norights')!;
    expect(members.find((m) => m.account === 'admin')).toMatchObject({ superAdmin: true });

    expect(await ok<StaffMemberRow>(admin, StaffPath.assign, { staffId: target.staffId, roleIds: [role.roleId] })).toMatchObject({ roleIds: [role.roleId] });
    expect((await norights.post(VerificationPath.adminSeniorList, {})).code).toBe('0');
    expect(await lastAudit('staff.roles.assign')).toMatchObject({ actorKind: 'staff', objectType: 'staff', objectId: target.staffId, detail: { before: { roleIds: [] }, after: { roleIds: [role.roleId] } } });

    const renamed = await ok<StaffRoleRow>(admin, StaffPath.saveRole, { roleId: role.roleId, name: '实名与认证审核', rights: ['kyc.review', 'certification.review'] });
    expect(renamed).toMatchObject({ roleId: role.roleId, rights: ['certification.review', 'kyc.review'], members: 1 });
    expect(await lastAudit('staff.role.update')).toMatchObject({
      objectId: role.roleId,
      detail: { before: { name: '实名审核', rights: ['kyc.review'] }, after: { name: '实名与认证审核', rights: ['certification.review', 'kyc.review'] } },
    });

    const taken = await admin.post(StaffPath.saveRole, { name: '财务', rights: ['bank.monitor'] });
    expect([taken.status, taken.message]).toEqual([409, 'A role with this name (name) exists already']);
    const inUse = await admin.post(StaffPath.deleteRole, { roleId: role.roleId });
    expect([inUse.status, inUse.message]).toEqual([409, 'Staff members still hold this role: unassign them first']);
    const adminId = members.find((m) => m.account === 'admin')!.staffId;
    expect((await admin.post(StaffPath.assign, { staffId: adminId, roleIds: [] })).status).toBe(409);
    const badRight = await admin.post(StaffPath.saveRole, { name: '未知', rights: ['everything'] });
    expect(badRight.status).toBe(422);

    await ok(admin, StaffPath.assign, { staffId: target.staffId, roleIds: [] });
    expect((await norights.post(VerificationPath.adminSeniorList, {})).status).toBe(403);
    await ok(admin, StaffPath.deleteRole, { roleId: role.roleId });
    expect((await ok<StaffRoleRow[]>(admin, StaffPath.roles)).map((r) => r.name)).not.toContain('实名与认证审核');
    expect(await lastAudit('staff.role.delete')).toMatchObject({ objectId: role.roleId });

    // Only whoever holds staff.manage manages roles.
    const auditor = await staffClient(ctx, 'auditor');
    expect((await auditor.post(StaffPath.saveRole, { name: '自封', rights: ['staff.manage'] })).status).toBe(403);
  });
});

describe('audit of staff writes', () => {
  it('audits fee-setting changes with the values before and after', async () => {
    const admin = await staffClient(ctx, 'admin');
    const before = await ok<ListingFeeSettings>(admin, AdminListingPath.feeSettings);
    const after = { ...before, commodities: before.commodities };
    await ok(admin, AdminListingPath.saveFeeSettings, after);
    const row = await lastAudit('listing.fee-settings.update');
    expect(row).toMatchObject({ actorKind: 'staff', objectType: 'listing_fee_settings' });
    expect((row!.detail as { before: unknown }).before).toEqual(JSON.parse(JSON.stringify(before)));
  });

  it('audits a listing’s audit and its forced off-shelf, with the reason', async () => {
    const admin = await staffClient(ctx, 'admin');
    const seller = await world.firmWithFunds('10100');
    const day = new Date(ctx.clock.now().getTime() + 2 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const listing = await ok<ListingDetail>(seller.c, ListingApiPath.createMargin, world.listingRequest.presale(day, { poundsPoor: '0.01' }));
    await ok(admin, AdminListingPath.audit, { listingId: listing.listingId, pass: true });
    expect(await lastAudit('listing.audit.pass')).toMatchObject({ objectType: 'listing', objectId: listing.listingId, detail: { before: { status: 'A', auditStatus: 'P' }, after: { status: 'O', auditStatus: 'T' } } });
    await ok(admin, AdminListingPath.offShelf, { listingId: listing.listingId, reason: '价格异常' });
    expect(await lastAudit('listing.off-shelf')).toMatchObject({ objectId: listing.listingId, detail: { before: { status: 'O' }, reason: '价格异常' } });
  });

  it('audits the bank sandbox controls, the chain sandbox and a reconcile run, naming the staff member', async () => {
    const finance = await staffClient(ctx, 'finance');
    const admin = await staffClient(ctx, 'admin');
    const adminId = (await ok<StaffMemberRow[]>(admin, StaffPath.members)).find((m) => m.account === 'admin')!.staffId;
    await ok(admin, CapitalPath.adminSandboxControl, { bankId: 'icbc', action: 'failNext', count: 1 });
    expect(await lastAudit('bank.sandbox.control')).toMatchObject({ actorKind: 'staff', actorId: adminId, detail: { request: { bankId: 'icbc', action: 'failNext', count: 1 } } });
    await ok(admin, WalletPath.adminChainMine, { chain: 'BTC', blocks: 1 });
    expect(await lastAudit('wallet.chain.mine')).toMatchObject({ actorId: adminId, detail: { request: { chain: 'BTC', blocks: 1 } } });
    // A refused call changes nothing, so it leaves no row.
    const rows = (await auditRows()).length;
    expect((await finance.post(CapitalPath.adminSandboxControl, { bankId: 'icbc', action: 'succeed' })).status).toBe(403);
    expect((await auditRows()).length).toBe(rows);

    const financeId = (await ok<StaffMemberRow[]>(admin, StaffPath.members)).find((m) => m.account === 'finance')!.staffId;
    const run = await ok<{ id: string; day: string }>(finance, CapitalPath.adminReconcile, { bankId: 'icbc' });
    expect(await lastAudit('bank.recon.run')).toMatchObject({ actorKind: 'staff', actorId: financeId, objectType: 'bankReconRun', objectId: run.id, detail: { bankId: 'icbc', day: run.day } });
  });

  it('lists the audit log by staff, action, object and day, newest first', async () => {
    const admin = await staffClient(ctx, 'admin');
    const financeId = (await ok<StaffMemberRow[]>(admin, StaffPath.members)).find((m) => m.account === 'finance')!.staffId;
    const byFinance = await ok<Page<AuditLogRow>>(admin, StaffPath.auditLog, { actorId: financeId, action: 'bank.recon' });
    expect(byFinance.total).toBeGreaterThanOrEqual(1);
    expect(byFinance.content.every((r) => r.actorId === financeId && r.action.startsWith('bank.recon') && r.actorName === '财务')).toBe(true);
    const today = new Date(ctx.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const all = await ok<Page<AuditLogRow>>(admin, StaffPath.auditLog, { from: today, to: today, size: 5 });
    expect(all.content.length).toBe(5);
    expect(Number(all.content[0]!.id)).toBeGreaterThan(Number(all.content[1]!.id));
    const nextPage = await ok<Page<AuditLogRow>>(admin, StaffPath.auditLog, { from: today, to: today, size: 5, page: 1 });
    expect(nextPage.content[0]!.id).not.toBe(all.content[0]!.id);
    expect((await ok<Page<AuditLogRow>>(admin, StaffPath.auditLog, { from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
    expect((await ok<Page<AuditLogRow>>(admin, StaffPath.auditLog, { objectType: 'staff_role' })).content.every((r) => r.objectType === 'staff_role')).toBe(true);
  });
});

/** What someone with database superuser rights could do: switch the trigger off and edit. */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await ctx.database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
  try {
    await ctx.database.db.execute(statement);
  } finally {
    await ctx.database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  }
}

describe('keyed audit chain and its checkpoints', () => {
  it('verifies from the back office and leaves a signed checkpoint of the head in the data directory', async () => {
    const admin = await staffClient(ctx, 'admin');
    const report = await ok<AuditVerifyReport>(admin, StaffPath.auditVerify);
    expect(report).toMatchObject({ ok: true, brokenId: '', checkpointProblem: '' });
    expect(report.checked).toBe((await auditRows()).length);
    const lines = (await readFile(path.join(dataDir, AUDIT_CHECKPOINT_FILE), 'utf8')).trim().split('\n');
    const head = (await auditRows()).at(-1)!;
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ id: head.id.toString(), hash: head.hash });
  });

  it('finds a rewritten row even when every following hash is recomputed without the key', async () => {
    await appendAudit(ctx.database.db, { actorKind: 'staff', actorId: 'x', action: 'test.a', objectType: 't', objectId: '1' });
    await appendAudit(ctx.database.db, { actorKind: 'staff', actorId: 'x', action: 'test.b', objectType: 't', objectId: '2' });
    const rows = await auditRows();
    const victim = rows.at(-2)!;
    const original = rows.slice(-2);
    // The attacker knows the algorithm but not the key: any key they try is not the app's.
    const guessedKey = deriveAuditKey('guess');
    let prev = victim.prevHash;
    const forged = original.map((row, i) => {
      const edited = i === 0 ? { ...row, actorId: 'mallory' } : { ...row, prevHash: prev };
      const hash = auditHashOf(prev, edited, guessedKey);
      prev = hash;
      return { id: row.id, actorId: edited.actorId, prevHash: edited.prevHash, hash };
    });
    for (const f of forged) await tamper(sql`update audit_log set actor_id = ${f.actorId}, prev_hash = ${f.prevHash}, hash = ${f.hash} where id = ${f.id}`);
    expect((await verifyAuditChain(ctx.database.db)).brokenId).toBe(victim.id);
    const admin = await staffClient(ctx, 'admin');
    expect(await ok<AuditVerifyReport>(admin, StaffPath.auditVerify)).toMatchObject({ ok: false, brokenId: victim.id.toString() });

    for (const row of original) await tamper(sql`update audit_log set actor_id = ${row.actorId}, prev_hash = ${row.prevHash}, hash = ${row.hash} where id = ${row.id}`);
    expect((await verifyAuditChain(ctx.database.db)).brokenId).toBeNull();
  });

  it('notices the newest rows cut off after a checkpoint, and a checkpoint forged without the key', async () => {
    await appendAudit(ctx.database.db, { actorKind: 'staff', actorId: 'x', action: 'test.c', objectType: 't', objectId: '3' });
    const anchored = await writeAuditCheckpoint(ctx.database.db, dataDir);
    expect(anchored).not.toBeNull();
    const admin = await staffClient(ctx, 'admin');
    expect(await ok<AuditVerifyReport>(admin, StaffPath.auditVerify)).toMatchObject({ ok: true });

    // The chain that remains is intact; only the signed head outside the database shows the cut.
    const head = (await auditRows()).at(-1)!;
    await tamper(sql`delete from audit_log where id = ${head.id}`);
    expect((await verifyAuditChain(ctx.database.db)).brokenId).toBeNull();
    const cut = await ok<AuditVerifyReport>(admin, StaffPath.auditVerify);
    expect(cut).toMatchObject({ ok: false, brokenId: '', checkpointProblem: `row ${head.id} of a checkpoint is missing` });
    await tamper(sql`insert into audit_log (id, at, actor_kind, actor_id, action, object_type, object_id, detail, prev_hash, hash) values (${head.id}, ${head.at}, ${head.actorKind}, ${head.actorId}, ${head.action}, ${head.objectType}, ${head.objectId}, ${JSON.stringify(head.detail)}::jsonb, ${head.prevHash}, ${head.hash})`);
    expect(await ok<AuditVerifyReport>(admin, StaffPath.auditVerify)).toMatchObject({ ok: true });

    const file = path.join(dataDir, AUDIT_CHECKPOINT_FILE);
    const kept = await readFile(file, 'utf8');
    await writeFile(file, `${kept}${JSON.stringify({ id: head.id.toString(), hash: 'f'.repeat(64), at: new Date().toISOString(), sig: 'f'.repeat(64) })}\n`);
    expect(await ok<AuditVerifyReport>(admin, StaffPath.auditVerify)).toMatchObject({ ok: false, checkpointProblem: `checkpoint of row ${head.id} has a wrong signature` });
    await writeFile(file, kept);
  });
});

describe('firm right to manage payment passwords', () => {
  async function firmLogin(tel: string): Promise<Client> {
    const c = client(ctx, { lang: 'en' });
    const res = await c.post<SessionInfo>('/api/user/login', { loginAccount: tel, password: DEMO_PASSWORD });
    expect(res.code, res.message).toBe('0');
    c.useSession(res.value);
    return c;
  }

  it('refuses a firm staff member without capital.password to set a fund password, and lets one with it', async () => {
    const trader = await firmLogin('13800000004');
    const refused = await trader.post(PaymentPasswordPath.set, { kind: 'fund', password: '135790' });
    expect(refused.status).toBe(403);
    expect((await trader.post<{ fund: boolean }>(PaymentPasswordPath.status)).value.fund).toBe(false);

    const finance = await firmLogin('13800000005');
    const set = await finance.post(PaymentPasswordPath.set, { kind: 'fund', password: '135790' });
    expect(set.code, set.message).toBe('0');
  });
});

// Last: building another app re-keys the chain for this process.
describe('audit key at start', () => {
  it('verifies a chain the demo seed began before the server was built, under the server’s own secret', async () => {
    const { database, drop } = await openTestDatabase();
    const config = testConfig({ appSecret: 'another-secret-of-this-deployment-0123456789', dataDir });
    try {
      await seedDemoData(database, config, ctx.clock);
      const app = await buildApp({ config, database, clock: ctx.clock });
      try {
        expect((await verifyAuditChain(database.db)).brokenId).toBeNull();
        expect((await verifyAuditChain(database.db)).checked).toBeGreaterThan(0);
      } finally {
        await app.close();
      }
    } finally {
      await drop();
    }
  }, 240_000);
});
