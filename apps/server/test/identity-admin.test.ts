import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession, AdminUserRow, DevOutboxEntry, Page, AdminFirmRow } from '@tp/contract';
import { DEMO_ENTERPRISE_NAME, DEMO_PASSWORD, seedDemoData } from '../src/demo/seed';
import { createFirmService } from '../src/modules/firm/index';
import { seedDemoIdentities } from '../src/modules/identity/index';
import { createTestApp, type TestContext, createSeededTestApp } from './harness';
import { client, newPhone, registerByPhone, solvedCaptcha, type Client } from './identity-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createSeededTestApp();
});
afterAll(async () => ctx.close());

async function adminClient(): Promise<{ c: Client; session: AdminSession }> {
  const c = client(ctx);
  const res = await c.post<AdminSession>('/api/admin/login', { account: 'admin', password: DEMO_PASSWORD });
  expect(res.code).toBe('0');
  c.useSession({ sessionStr: res.value.sessionStr, userId: res.value.staffId, firmId: '' });
  return { c, session: res.value };
}

describe('back office', () => {
  it('logs staff in and out', async () => {
    const { c, session } = await adminClient();
    expect(session).toMatchObject({ name: '平台管理员', role: 'admin' });
    expect(await c.post('/api/admin/me')).toMatchObject({ code: '0', value: { staffId: session.staffId, account: 'admin', role: 'admin' } });
    expect(await c.post('/api/admin/logout')).toMatchObject({ code: '0' });
    expect(await c.post('/api/admin/me')).toMatchObject({ status: 401, code: '-10011' });
  });

  it('refuses a wrong staff password, asks for the image code after 3 failures and locks after 5', async () => {
    await seedDemoIdentities({ db: ctx.database.db, clock: ctx.clock, firm: createFirmService({ db: ctx.database.db, clock: ctx.clock }) }, { password: 'Ops@123456', firms: [], staff: [{ account: 'ops1', name: '运营', role: 'operator' }] });
    const c = client(ctx);
    expect(await c.post('/api/admin/login', { account: 'nobody', password: 'nope' })).toMatchObject({ status: 400, code: '-1110', message: 'Wrong account or password' });
    const wrong = { account: 'ops1', password: 'nope' };
    expect(await c.post('/api/admin/login', wrong)).toMatchObject({ status: 400, code: '-1110', message: 'Wrong account or password' });
    await c.post('/api/admin/login', wrong);
    await c.post('/api/admin/login', wrong);
    expect(await c.post('/api/admin/login', { account: 'ops1', password: 'Ops@123456' })).toMatchObject({ code: '-1101', message: 'Please enter the image code' });
    await c.post('/api/admin/login', { ...wrong, ...(await solvedCaptcha(ctx, c)) });
    expect(await c.post('/api/admin/login', { ...wrong, ...(await solvedCaptcha(ctx, c)) })).toMatchObject({ code: '-1111', message: 'Too many failed attempts: the account is locked, try again in 15 minutes' });
    ctx.clock.advance(15 * 60_000);
    expect(await c.post('/api/admin/login', { account: 'ops1', password: 'Ops@123456' })).toMatchObject({ code: '0', value: { name: '运营', role: 'operator' } });
  });

  it('keeps user sessions and staff sessions apart', async () => {
    const { c: admin, session } = await adminClient();
    const user = client(ctx);
    const userSession = await registerByPhone(ctx, user);
    user.useSession(userSession);
    expect(await user.post('/api/admin/users', { page: 0, size: 10 })).toMatchObject({ status: 401, code: '-10011' });
    const asUser = await ctx.app.http.inject({ method: 'POST', url: '/api/user/info', headers: { sessionstr: session.sessionStr, userid: session.staffId, firmid: '' } });
    expect(asUser.json()).toMatchObject({ code: '-10011' });
    expect((await admin.post('/api/admin/users', { page: 0, size: 10 })).code).toBe('0');
  });

  it('searches users by mobile, name or firm, paged', async () => {
    const { c } = await adminClient();
    const all = await c.post<Page<AdminUserRow>>('/api/admin/users', { page: 0, size: 2 });
    expect(all.value.content).toHaveLength(2);
    expect(all.value.total).toBeGreaterThanOrEqual(5);
    expect(all.value).toMatchObject({ page: 0, size: 2 });

    const byTel = await c.post<Page<AdminUserRow>>('/api/admin/users', { keyword: '13800000004', page: 0, size: 10 });
    expect(byTel.value.content).toEqual([expect.objectContaining({ tel: '13800000004', userName: '赵交易', firmName: DEMO_ENTERPRISE_NAME, userType: 'enterprise', isMainAccount: false, status: 'active', lockedUntil: '' })]);
    const byFirm = await c.post<Page<AdminUserRow>>('/api/admin/users', { keyword: '钢联', page: 0, size: 10 });
    expect(byFirm.value.content.map((u) => u.tel).sort()).toEqual(['13800000003', '13800000004', '13800000005']);
    const byName = await c.post<Page<AdminUserRow>>('/api/admin/users', { keyword: '张三', page: 0, size: 10 });
    expect(byName.value.content.map((u) => u.tel)).toEqual(['13800000001']);
    const noLeak = JSON.stringify(byTel.value);
    expect(noLeak).not.toContain('argon2');
    expect(noLeak).not.toContain('passwordHash');
  });

  it('lists firms by name or code', async () => {
    const { c } = await adminClient();
    const res = await c.post<Page<AdminFirmRow>>('/api/admin/firms', { keyword: '钢联', page: 0, size: 10 });
    expect(res.value.content).toEqual([expect.objectContaining({ name: DEMO_ENTERPRISE_NAME, userType: 'enterprise', status: 'active' })]);
    const byCode = await c.post<Page<AdminFirmRow>>('/api/admin/firms', { keyword: res.value.content[0]?.firmCode, page: 0, size: 10 });
    expect(byCode.value.total).toBe(1);
  });

  it('shows the dev outbox, newest first, paged', async () => {
    const { c } = await adminClient();
    const tel = newPhone();
    await client(ctx).post('/api/code/send', { account: tel, purpose: 'register' });
    const res = await c.post<Page<DevOutboxEntry>>('/api/admin/dev-outbox', { account: tel, page: 0, size: 20 });
    expect(res.value.total).toBe(1);
    expect(res.value.content[0]).toMatchObject({ account: tel, channel: 'sms', purpose: 'register' });
    const all = await c.post<Page<DevOutboxEntry>>('/api/admin/dev-outbox', { page: 0, size: 1 });
    expect(all.value.content[0]?.account).toBe(tel);
  });
});

describe('dev outbox route', () => {
  it('lists what was sent to an account, newest first', async () => {
    const tel = newPhone();
    await client(ctx).post('/api/code/send', { account: tel, purpose: 'register' });
    ctx.clock.advance(61_000);
    await client(ctx).post('/api/code/send', { account: tel, purpose: 'register' });
    const res = await ctx.app.http.inject({ method: 'GET', url: `/api/dev/outbox?account=${tel}` });
    const entries = res.json().value as DevOutboxEntry[];
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ account: tel, channel: 'sms', purpose: 'register' });
    expect(new Date(entries[0]?.createdAt ?? 0).getTime()).toBeGreaterThan(new Date(entries[1]?.createdAt ?? 0).getTime());
  });
});

describe('production mode', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({ env: 'production', isProduction: true, isDevelopment: false });
  });
  afterAll(async () => prod.close());

  it('registers no dev outbox route and seeds no demo users', async () => {
    const res = await prod.app.http.inject({ method: 'GET', url: '/api/dev/outbox?account=13800000001' });
    expect(res.statusCode).toBe(404);
    const accounts = await seedDemoData(prod.database, prod.config, prod.clock);
    expect(accounts).toEqual({});
    const login = await prod.app.http.inject({ method: 'POST', url: '/api/user/login', payload: { loginAccount: '13800000001', password: DEMO_PASSWORD }, headers: { 'accept-language': 'en' } });
    expect(login.json()).toMatchObject({ code: '-1110', message: 'Wrong account or password' });
    const admin = await prod.app.http.inject({ method: 'POST', url: '/api/admin/login', payload: { account: 'admin', password: DEMO_PASSWORD } });
    expect(admin.json()).toMatchObject({ code: '-1110' });
    const counted = await prod.database.db.execute('select (select count(*) from users)::int as users, (select count(*) from staff)::int as staff');
    expect((counted as unknown as { rows: unknown[] }).rows[0]).toEqual({ users: 0, staff: 0 });
  });

  it('puts neither codes nor captcha answers in the dev outbox', async () => {
    const send = await prod.app.http.inject({ method: 'POST', url: '/api/code/send', payload: { account: '13900000000', purpose: 'register' } });
    expect(send.json()).toMatchObject({ code: '0' });
    const captcha = await prod.app.http.inject({ method: 'POST', url: '/api/captcha/generate', payload: {} });
    expect(captcha.json()).toMatchObject({ code: '0' });
    const rows = await prod.database.db.execute('select count(*)::int as n from dev_outbox');
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
