import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo, UserInfo } from '@tp/contract';
import { createTestApp, type TestContext } from './harness';
import { client, lastCode, loggedInUser, newPhone, PASSWORD, registerByPhone } from './identity-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

/** A user registered a minute ago who asks for a login code: its browser, number and the code sent. */
async function loginCodeOfNewUser() {
  const c = client(ctx);
  const tel = newPhone();
  await registerByPhone(ctx, c, tel);
  ctx.clock.advance(61_000);
  await c.post('/api/code/send', { account: tel, purpose: 'login' });
  return { c, tel, code: await lastCode(ctx, tel, 'login') };
}

describe('register, login, user info', () => {
  it('registers by mobile with an SMS code, is logged in at once, and sees its info', async () => {
    const c = client(ctx);
    const tel = newPhone();
    const sent = await c.post('/api/code/send', { account: tel, purpose: 'register' });
    expect(sent).toMatchObject({ status: 200, code: '0', value: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const code = await lastCode(ctx, tel, 'register');
    expect(code).toMatch(/^\d{6}$/);

    const reg = await c.post<SessionInfo>('/api/user/register', { registerWay: 'mobile', loginAccount: tel, code, password: PASSWORD, termsAccepted: true });
    expect(reg.code).toBe('0');
    expect(reg.value).toMatchObject({ isLogin: true, tel, marketId: '13', userType: 'personal', isMainAccount: true, userCerStatus: '0', nickNameStatus: '0', highCerStatus: '0', language: 'cn' });
    expect(reg.value.sessionStr).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reg.value.firmCode).toMatch(/^\d{8}$/);

    c.useSession(reg.value);
    const info = await c.post<UserInfo>('/api/user/info');
    expect(info.code).toBe('0');
    expect(info.value).toMatchObject({ userId: reg.value.userId, tel, email: '', firmId: reg.value.firmId, firmCode: reg.value.firmCode, userType: 'personal', isMainAccount: true });
    expect(info.value.myInviteCode).toMatch(/^[A-Z2-9]{8}$/);

    // A fresh login with the password works and gives a new session.
    const other = client(ctx);
    const login = await other.post<SessionInfo>('/api/user/login', { loginAccount: tel, password: PASSWORD, loginWay: 'password' });
    expect(login.code).toBe('0');
    expect(login.value.userId).toBe(reg.value.userId);
    expect(login.value.sessionStr).not.toBe(reg.value.sessionStr);
  });

  it('registers by e-mail (case-insensitive) and logs in with the e-mail', async () => {
    const c = client(ctx);
    const email = `Trader.${Date.now()}@Example.com`;
    await c.post('/api/code/send', { account: email, purpose: 'register' });
    const code = await lastCode(ctx, email.toLowerCase(), 'register');
    const reg = await c.post<SessionInfo>('/api/user/register', { registerWay: 'email', loginAccount: email, code, password: PASSWORD, termsAccepted: true });
    expect(reg.code).toBe('0');
    expect(reg.value.tel).toBe('');
    const login = await client(ctx).post<SessionInfo>('/api/user/login', { loginAccount: email.toLowerCase(), password: PASSWORD });
    expect(login.code).toBe('0');
  });

  it('stores the password as argon2id and never returns it', async () => {
    const c = client(ctx);
    const session = await registerByPhone(ctx, c);
    const rows = await ctx.database.db.execute(`select password_hash from users where id = ${Number(session.userId)}`);
    const hash = (rows as unknown as { rows: { password_hash: string }[] }).rows[0]?.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(session)).not.toContain('argon2');
  });

  it('refuses a second registration of the same account, already at the code step', async () => {
    const c = client(ctx);
    const tel = newPhone();
    await registerByPhone(ctx, c, tel);
    const again = await client(ctx).post('/api/code/send', { account: tel, purpose: 'register' });
    expect(again).toMatchObject({ status: 409, code: '-1009', message: 'This account is already registered; please log in' });
  });

  it('checks the invitation code and records who invited whom', async () => {
    const inviter = client(ctx);
    const session = await registerByPhone(ctx, inviter);
    inviter.useSession(session);
    const { value: inviterInfo } = await inviter.post<UserInfo>('/api/user/info');

    const c = client(ctx);
    const tel = newPhone();
    await c.post('/api/code/send', { account: tel, purpose: 'register' });
    const code = await lastCode(ctx, tel, 'register');
    const wrong = await c.post('/api/user/register', { registerWay: 'mobile', loginAccount: tel, code, password: PASSWORD, termsAccepted: true, invitationCode: 'NOSUCH99' });
    expect(wrong).toMatchObject({ status: 400, code: '-1000', message: 'Invitation failed: the invitation code does not exist' });

    const right = await c.post<SessionInfo>('/api/user/register', { registerWay: 'mobile', loginAccount: tel, code, password: PASSWORD, termsAccepted: true, invitationCode: inviterInfo.myInviteCode.toLowerCase() });
    expect(right.code).toBe('0');
    const rows = await ctx.database.db.execute(`select invited_by from users where id = ${Number(right.value.userId)}`);
    expect(String((rows as unknown as { rows: { invited_by: unknown }[] }).rows[0]?.invited_by)).toBe(session.userId);
  });
});

describe('verification codes', () => {
  it('refuses a wrong code, and five wrong tries use the code up', async () => {
    const c = client(ctx);
    const tel = newPhone();
    await c.post('/api/code/send', { account: tel, purpose: 'register' });
    const code = await lastCode(ctx, tel, 'register');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const body = { registerWay: 'mobile', loginAccount: tel, password: PASSWORD, termsAccepted: true };

    const wrong = await c.post('/api/user/register', { ...body, code: wrongCode });
    expect(wrong).toMatchObject({ status: 400, code: '-1103', message: 'The verification code is wrong or has expired' });
    for (let i = 0; i < 4; i++) await c.post('/api/user/register', { ...body, code: wrongCode });
    const afterFive = await c.post('/api/user/register', { ...body, code });
    expect(afterFive).toMatchObject({ status: 400, code: '-1103', message: 'Too many wrong codes; please request a new one' });
  });

  it('uses a code once only', async () => {
    const { c, tel, code } = await loginCodeOfNewUser();
    const first = await c.post<SessionInfo>('/api/user/loginByCode', { loginAccount: tel, code });
    expect(first.code).toBe('0');
    const second = await c.post('/api/user/loginByCode', { loginAccount: tel, code });
    expect(second).toMatchObject({ status: 400, code: '-1103', message: 'The verification code is wrong or has expired' });
  });

  it('lets a code expire after 5 minutes', async () => {
    const { c, tel, code } = await loginCodeOfNewUser();
    ctx.clock.advance(5 * 60_000);
    const late = await c.post('/api/user/loginByCode', { loginAccount: tel, code });
    expect(late).toMatchObject({ status: 400, code: '-1103', message: 'The verification code is wrong or has expired' });
  });

  it('sends at most one code a minute and ten an hour to an account', async () => {
    const c = client(ctx);
    const tel = newPhone();
    const first = await c.post('/api/code/send', { account: tel, purpose: 'register' });
    expect(first.code).toBe('0');
    ctx.clock.advance(20_000);
    const tooSoon = await client(ctx).post('/api/code/send', { account: tel, purpose: 'register' });
    expect(tooSoon).toMatchObject({ status: 429, code: '-1029', message: 'A code was sent less than a minute ago; try again in 40 seconds' });
    const tooSoonCn = await client(ctx, { lang: 'zh-CN' }).post('/api/code/send', { account: tel, purpose: 'register' });
    expect(tooSoonCn.message).toBe('验证码发送过于频繁，请 40 秒后再试');

    for (let i = 0; i < 9; i++) {
      ctx.clock.advance(61_000);
      expect((await client(ctx).post('/api/code/send', { account: tel, purpose: 'register' })).code).toBe('0');
    }
    ctx.clock.advance(61_000);
    const eleventh = await client(ctx).post('/api/code/send', { account: tel, purpose: 'register' });
    expect(eleventh).toMatchObject({ status: 429, code: '-1029', message: 'At most 10 codes an hour can be sent to this account; try again later' });
    ctx.clock.advance(60 * 60_000);
    expect((await client(ctx).post('/api/code/send', { account: tel, purpose: 'register' })).code).toBe('0');
  });

  it('limits code requests per IP address', async () => {
    const c = client(ctx);
    const results: number[] = [];
    for (let i = 0; i < 21; i++) results.push((await c.post('/api/code/send', { account: newPhone(), purpose: 'register' })).status);
    expect(results.slice(0, 20).every((s) => s === 200)).toBe(true);
    const limited = await c.post('/api/code/send', { account: newPhone(), purpose: 'register' });
    expect(limited).toMatchObject({ status: 429, code: '-1029', message: 'Too many attempts, try again later' });
  });

  it('answers login and reset codes for unknown accounts like any other, but sends nothing', async () => {
    const c = client(ctx);
    const unknown = newPhone();
    const res = await c.post('/api/code/send', { account: unknown, purpose: 'reset' });
    expect(res.code).toBe('0');
    await expect(lastCode(ctx, unknown)).rejects.toThrow(/no code/);
    const reset = await c.post('/api/user/password/forgot', { loginAccount: unknown, code: '123456', password: 'NewPass123' });
    expect(reset).toMatchObject({ status: 400, code: '-1103', message: 'The verification code is wrong or has expired' });
  });
});

describe('validation', () => {
  it('names the field and the rule in the language of the request', async () => {
    const body = { registerWay: 'mobile', loginAccount: '12345', code: '123456', password: PASSWORD, termsAccepted: true };
    const en = await client(ctx, { lang: 'en' }).post<{ fields: { field: string; rule: string }[] }>('/api/user/register', body);
    expect(en).toMatchObject({ status: 422, code: '-1001', message: 'Account has an invalid format' });
    expect(en.value.fields).toEqual([expect.objectContaining({ field: 'loginAccount', rule: 'format' })]);
    const cn = await client(ctx, { lang: 'zh-CN' }).post('/api/user/register', body);
    expect(cn.message).toBe('账号格式不正确');
    const tw = await client(ctx, { lang: 'zh-TW' }).post('/api/user/register', body);
    expect(tw.message).toBe('帳號格式不正確');
  });

  it('refuses a weak password and unaccepted terms, naming both', async () => {
    const res = await client(ctx, { lang: 'zh-CN' }).post('/api/user/register', { registerWay: 'mobile', loginAccount: newPhone(), code: '123456', password: 'short', termsAccepted: false });
    expect(res.status).toBe(422);
    expect(res.message).toBe('密码格式不正确; 用户协议必须阅读并同意');
  });

  it('refuses a code request for something that is neither a mobile number nor an e-mail', async () => {
    const res = await client(ctx).post('/api/code/send', { account: 'not-an-account', purpose: 'register' });
    expect(res).toMatchObject({ status: 422, code: '-1001', message: 'Account has an invalid format' });
  });
});

describe('passwords', () => {
  it('resets a forgotten password with a code, ends all sessions, and the new password works', async () => {
    const { c, tel } = await loggedInUser(ctx);
    ctx.clock.advance(61_000);

    const other = client(ctx);
    expect((await other.post('/api/code/send', { account: tel, purpose: 'reset' })).code).toBe('0');
    const code = await lastCode(ctx, tel, 'reset');
    const reset = await other.post('/api/user/password/forgot', { loginAccount: tel, code, password: 'Brand9New!' });
    expect(reset).toMatchObject({ status: 200, code: '0', value: null });

    const stale = await c.post('/api/user/info');
    expect(stale).toMatchObject({ status: 401, code: '-10011', message: 'Session invalid, please log in again' });
    expect((await other.post('/api/user/login', { loginAccount: tel, password: PASSWORD })).code).toBe('-1110');
    expect((await other.post('/api/user/login', { loginAccount: tel, password: 'Brand9New!' })).code).toBe('0');
  });

  it('changes the password with the old one, then every session has to log in again', async () => {
    const c = client(ctx);
    const tel = newPhone();
    c.useSession(await registerByPhone(ctx, c, tel));
    const phone = client(ctx);
    expect((await c.post<{ hasPassword: boolean }>('/api/user/password/check')).value).toEqual({ hasPassword: true });

    const wrongOld = await c.post('/api/user/password/change', { oldPassword: 'Nope12345', password: 'Another1!' });
    expect(wrongOld).toMatchObject({ status: 400, code: '-1000', message: 'The current password is wrong' });
    const changed = await c.post('/api/user/password/change', { oldPassword: PASSWORD, password: 'Another1!' });
    expect(changed).toMatchObject({ code: '0', value: null });
    expect(await c.post('/api/user/info')).toMatchObject({ status: 401, code: '-10011' });
    expect((await phone.post('/api/user/login', { loginAccount: tel, password: 'Another1!' })).code).toBe('0');
  });

  it('refuses to set a first password when one is set already', async () => {
    const c = client(ctx);
    c.useSession(await registerByPhone(ctx, c));
    const res = await c.post('/api/user/password/set', { password: 'Another1!' });
    expect(res).toMatchObject({ status: 409, message: 'A password is already set; use change password' });
  });
});

describe('change phone', () => {
  it('moves the account to an unused number with codes to the old and the new number', async () => {
    const { c, tel: oldTel } = await loggedInUser(ctx);
    ctx.clock.advance(61_000);
    const newTel = newPhone();

    expect((await c.post('/api/code/send', { account: oldTel, purpose: 'changePhoneOld' })).code).toBe('0');
    expect((await c.post('/api/code/send', { account: newTel, purpose: 'changePhoneNew' })).code).toBe('0');
    const oldCode = await lastCode(ctx, oldTel, 'changePhoneOld');
    const newCode = await lastCode(ctx, newTel, 'changePhoneNew');

    const wrong = await c.post('/api/user/phone/change', { oldCode, newPhone: newTel, newCode: newCode === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 400, code: '-1103' });
    // The old code was used by the failed attempt; ask for a fresh one.
    ctx.clock.advance(61_000);
    await c.post('/api/code/send', { account: oldTel, purpose: 'changePhoneOld' });
    const oldCode2 = await lastCode(ctx, oldTel, 'changePhoneOld');
    const changed = await c.post<UserInfo>('/api/user/phone/change', { oldCode: oldCode2, newPhone: newTel, newCode });
    expect(changed.code).toBe('0');
    expect(changed.value.tel).toBe(newTel);

    expect((await client(ctx).post('/api/user/login', { loginAccount: newTel, password: PASSWORD })).code).toBe('0');
    expect((await client(ctx).post('/api/user/login', { loginAccount: oldTel, password: PASSWORD })).code).toBe('-1110');
  });

  it('refuses a new number another account uses, and old-phone codes to someone else', async () => {
    const c = client(ctx);
    const taken = newPhone();
    await registerByPhone(ctx, client(ctx), taken);
    c.useSession(await registerByPhone(ctx, c));
    const inUse = await c.post('/api/code/send', { account: taken, purpose: 'changePhoneNew' });
    expect(inUse).toMatchObject({ status: 409, message: 'This mobile number is already used by another account' });
    const notMine = await c.post('/api/code/send', { account: taken, purpose: 'changePhoneOld' });
    expect(notMine).toMatchObject({ status: 400, message: 'The code can only be sent to your current mobile number or e-mail' });
    const anonymous = await client(ctx).post('/api/code/send', { account: newPhone(), purpose: 'changePhoneNew' });
    expect(anonymous).toMatchObject({ status: 401, code: '-10011' });
  });
});

describe('API document', () => {
  it('describes the identity and back-office calls', async () => {
    const res = await ctx.app.http.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths as object);
    for (const p of ['/api/user/register', '/api/user/login', '/api/code/send', '/api/user/qr/result', '/api/firm/rights', '/api/admin/login', '/api/admin/users']) expect(paths).toContain(p);
  });
});

describe('language', () => {
  it('keeps the chosen language and answers in it when the browser sends none', async () => {
    const c = client(ctx);
    const session = await registerByPhone(ctx, c);
    c.useSession(session);
    expect((await c.post('/api/user/language', { language: 'tw' })).code).toBe('0');
    expect((await c.post<UserInfo>('/api/user/info')).value.language).toBe('tw');
    const res = await ctx.app.http.inject({ method: 'POST', url: '/api/user/password/change', headers: { ...c.headers }, payload: { oldPassword: 'x', password: 'Another1!' } });
    expect(res.json()).toMatchObject({ code: '-1000', message: '原密碼錯誤' });
  });
});
