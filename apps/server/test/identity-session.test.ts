import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrResult, QrTicket, SessionInfo } from '@tp/contract';
import { createTestApp, type TestContext } from './harness';
import { client, loggedInUser, newPhone, PASSWORD, registerByPhone } from './identity-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const MINUTE = 60_000;

async function revokedReasons(userId: string): Promise<string[]> {
  const res = await ctx.database.db.execute(`select revoked_reason from sessions where user_id = ${Number(userId)} and revoked_at is not null order by id`);
  return (res as unknown as { rows: { revoked_reason: string }[] }).rows.map((r) => r.revoked_reason);
}

describe('sessions', () => {
  it('keeps only the hash of the session string', async () => {
    const session = await registerByPhone(ctx, client(ctx));
    const res = await ctx.database.db.execute(`select token_hash from sessions where user_id = ${Number(session.userId)}`);
    const rows = (res as unknown as { rows: { token_hash: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(session.sessionStr);
  });

  it('refuses calls without a session, with a wrong userId or firmId header', async () => {
    const c = client(ctx);
    const session = await registerByPhone(ctx, c);
    expect(await c.post('/api/user/info')).toMatchObject({ status: 401, code: '-10011', message: 'Session invalid, please log in again' });
    c.useSession({ ...session, userId: String(Number(session.userId) + 1) });
    expect((await c.post('/api/user/info')).code).toBe('-10011');
    c.useSession({ ...session, firmId: String(Number(session.firmId) + 1) });
    expect((await c.post('/api/user/info')).code).toBe('-10011');
    c.useSession({ ...session, sessionStr: `${session.sessionStr.slice(0, -2)}xx` });
    expect((await c.post('/api/user/info')).code).toBe('-10011');
    c.useSession(session);
    expect((await c.post('/api/user/info')).code).toBe('0');
  });

  it('expires after the idle time, and activity keeps it alive', async () => {
    const c = client(ctx);
    const session = await registerByPhone(ctx, c);
    c.useSession(session);
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(20 * MINUTE);
      expect((await c.post('/api/user/info')).code).toBe('0');
    }
    ctx.clock.advance(ctx.config.sessionIdleMs);
    expect(await c.post('/api/user/info')).toMatchObject({ status: 401, code: '-10011' });
    expect(await revokedReasons(session.userId)).toEqual(['idle']);
  });

  it('writes lastSeenAt at most once a minute', async () => {
    const c = client(ctx);
    const session = await registerByPhone(ctx, c);
    c.useSession(session);
    const lastSeen = async () => {
      const res = await ctx.database.db.execute(`select last_seen_at from sessions where user_id = ${Number(session.userId)}`);
      return new Date((res as unknown as { rows: { last_seen_at: string | Date }[] }).rows[0]?.last_seen_at ?? 0).getTime();
    };
    const start = await lastSeen();
    ctx.clock.advance(30_000);
    await c.post('/api/user/info');
    expect(await lastSeen()).toBe(start);
    ctx.clock.advance(31_000);
    await c.post('/api/user/info');
    expect(await lastSeen()).toBe(start + 61_000);
  });

  it('expires at the absolute limit however active it is', async () => {
    const c = client(ctx);
    const session = await registerByPhone(ctx, c);
    c.useSession(session);
    const steps = Math.floor(ctx.config.sessionAbsoluteMs / (20 * MINUTE));
    for (let i = 1; i < steps; i++) {
      ctx.clock.advance(20 * MINUTE);
      expect((await c.post('/api/user/info')).code).toBe('0');
    }
    ctx.clock.advance(20 * MINUTE);
    expect(await c.post('/api/user/info')).toMatchObject({ status: 401, code: '-10011' });
    expect(await revokedReasons(session.userId)).toEqual(['expired']);
  });

  it('a second login replaces the first session, which then answers -4 (logged in elsewhere)', async () => {
    const first = client(ctx);
    const tel = newPhone();
    first.useSession(await registerByPhone(ctx, first, tel));
    const second = client(ctx, { lang: 'zh-CN' });
    const login = await second.post<SessionInfo>('/api/user/login', { loginAccount: tel, password: PASSWORD });
    second.useSession(login.value);

    expect(await first.post('/api/user/info')).toMatchObject({ status: 401, code: '-4', message: 'Your account was logged in elsewhere; please log in again' });
    const firstCn = await ctx.app.http.inject({ method: 'POST', url: '/api/user/info', headers: { ...first.headers, 'accept-language': 'zh-CN' } });
    expect(firstCn.json()).toMatchObject({ code: '-4', message: '您的账号已在其他地方登录，请重新登录' });
    expect((await second.post('/api/user/info')).code).toBe('0');
  });

  it('logout ends the session', async () => {
    const c = client(ctx);
    const session = await registerByPhone(ctx, c);
    c.useSession(session);
    expect(await c.post('/api/user/logout')).toMatchObject({ code: '0', value: null });
    expect(await c.post('/api/user/info')).toMatchObject({ status: 401, code: '-10011' });
    expect(await revokedReasons(session.userId)).toEqual(['logout']);
    const res = await ctx.database.db.execute(`select detail from account_history where user_id = ${Number(session.userId)} and action = 'session.revoked'`);
    expect((res as unknown as { rows: { detail: { reason: string } }[] }).rows.map((r) => r.detail.reason)).toEqual(['logout']);
  });
});

describe('sessions read from the in-process cache', () => {
  // Nothing is cached for two seconds after any session change (a login revokes the user's others).
  const settle = () => new Promise((r) => setTimeout(r, 2_100));

  it('a session in use is still refused at once after logout, and after a login elsewhere', async () => {
    const c = client(ctx);
    const tel = newPhone();
    c.useSession(await registerByPhone(ctx, c, tel));
    await settle();
    expect((await c.post('/api/user/info')).code).toBe('0');
    expect((await c.post('/api/user/info')).code).toBe('0');
    const second = client(ctx);
    second.useSession((await second.post<SessionInfo>('/api/user/login', { loginAccount: tel, password: PASSWORD })).value);
    expect((await c.post('/api/user/info')).code).toBe('-4');

    await settle();
    expect((await second.post('/api/user/info')).code).toBe('0');
    expect(await second.post('/api/user/logout')).toMatchObject({ code: '0' });
    expect(await second.post('/api/user/info')).toMatchObject({ status: 401, code: '-10011' });
  });

  it('a cached session still expires after the idle time', async () => {
    const c = client(ctx);
    c.useSession(await registerByPhone(ctx, c));
    await settle();
    expect((await c.post('/api/user/info')).code).toBe('0');
    ctx.clock.advance(ctx.config.sessionIdleMs);
    expect((await c.post('/api/user/info')).code).toBe('-10011');
  });
});

describe('QR login', () => {
  it('the browser shows a QR, the phone confirms, the browser receives a session once', async () => {
    const { c: phone, tel, session: phoneSession } = await loggedInUser(ctx);

    const browser = client(ctx);
    const ticket = await browser.post<QrTicket>('/api/user/qr/generate');
    expect(ticket.code).toBe('0');
    expect(ticket.value.content).toBe(`/QRCodeLogin?confirm=${ticket.value.uuid}`);
    expect(new Date(ticket.value.expiresAt).getTime() - ctx.clock.now().getTime()).toBe(2 * MINUTE);

    expect(await browser.post<QrResult>('/api/user/qr/result', { uuid: ticket.value.uuid })).toMatchObject({ code: '0', value: { status: 'waiting' } });
    expect(await phone.post('/api/user/qr/confirm', { uuid: ticket.value.uuid })).toMatchObject({ code: '0', value: null });

    const result = await browser.post<QrResult>('/api/user/qr/result', { uuid: ticket.value.uuid });
    expect(result.value.status).toBe('confirmed');
    const session = result.value.session;
    expect(session).toMatchObject({ isLogin: true, userId: phoneSession.userId, firmId: phoneSession.firmId, tel });
    expect(session?.sessionStr).not.toBe(phoneSession.sessionStr);

    // Delivered once: the next poll says confirmed but carries no session.
    const again = await browser.post<QrResult>('/api/user/qr/result', { uuid: ticket.value.uuid });
    expect(again.value).toEqual({ status: 'confirmed' });

    // Both the browser and the confirming phone stay logged in.
    browser.useSession(session ?? null);
    expect((await browser.post('/api/user/info')).code).toBe('0');
    expect((await phone.post('/api/user/info')).code).toBe('0');
    // A second confirm of the same ticket is refused.
    expect(await phone.post('/api/user/qr/confirm', { uuid: ticket.value.uuid })).toMatchObject({ status: 400, message: 'The QR code has expired; please refresh it' });
  });

  it('expires after 2 minutes and can no longer be confirmed', async () => {
    const phone = client(ctx);
    phone.useSession(await registerByPhone(ctx, phone));
    const browser = client(ctx);
    const ticket = await browser.post<QrTicket>('/api/user/qr/generate');
    ctx.clock.advance(2 * MINUTE);
    expect((await browser.post<QrResult>('/api/user/qr/result', { uuid: ticket.value.uuid })).value).toEqual({ status: 'expired' });
    expect(await phone.post('/api/user/qr/confirm', { uuid: ticket.value.uuid })).toMatchObject({ status: 400, code: '-1000', message: 'The QR code has expired; please refresh it' });
    expect((await browser.post<QrResult>('/api/user/qr/result', { uuid: 'no-such-ticket' })).value).toEqual({ status: 'expired' });
  });

  it('needs a logged-in user to confirm', async () => {
    const browser = client(ctx);
    const ticket = await browser.post<QrTicket>('/api/user/qr/generate');
    expect(await client(ctx).post('/api/user/qr/confirm', { uuid: ticket.value.uuid })).toMatchObject({ status: 401, code: '-10011' });
  });
});
