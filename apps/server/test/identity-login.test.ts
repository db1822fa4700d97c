import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@tp/contract';
import { createTestApp, type TestContext } from './harness';
import { client, lastCode, newPhone, PASSWORD, registerByPhone, solvedCaptcha } from './identity-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function historyOf(userId: string): Promise<string[]> {
  const res = await ctx.database.db.execute(`select result from login_history where user_id = ${Number(userId)} order by id`);
  return (res as unknown as { rows: { result: string }[] }).rows.map((r) => r.result);
}

describe('image captcha', () => {
  it('generates an SVG image and accepts the answer once, in any case', async () => {
    const c = client(ctx);
    const gen = await c.post<{ captchaId: string; image: string }>('/api/captcha/generate');
    expect(gen.code).toBe('0');
    expect(gen.value.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(gen.value.image.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    const { captchaId, captchaCode } = await solvedCaptcha(ctx, c);
    expect(captchaCode).toMatch(/^[^0o1il]{4}$/);
    const flipped = captchaCode === captchaCode.toUpperCase() ? captchaCode.toLowerCase() : captchaCode.toUpperCase();
    expect(await c.post('/api/captcha/validate', { captchaId, captchaCode: flipped })).toMatchObject({ code: '0', value: { valid: true } });
    expect(await c.post('/api/captcha/validate', { captchaId, captchaCode })).toMatchObject({ status: 400, code: '-1102', message: 'The image code is wrong or has expired' });
  });

  it('allows one guess per image and expires after 2 minutes', async () => {
    const c = client(ctx);
    const a = await solvedCaptcha(ctx, c);
    expect((await c.post('/api/captcha/validate', { captchaId: a.captchaId, captchaCode: 'zzzz' })).code).toBe('-1102');
    expect((await c.post('/api/captcha/validate', a)).code).toBe('-1102');

    const b = await solvedCaptcha(ctx, c);
    ctx.clock.advance(2 * 60_000);
    expect((await c.post('/api/captcha/validate', b)).code).toBe('-1102');
  });
});

describe('password login failures', () => {
  it('asks for the image code after 3 failures and locks the account for 15 minutes after 5', async () => {
    const c = client(ctx);
    const tel = newPhone();
    const session = await registerByPhone(ctx, c, tel);
    const wrong = { loginAccount: tel, password: 'Wrong1234' };

    expect(await c.post('/api/user/login', wrong)).toMatchObject({ status: 400, code: '-1110', message: 'Wrong account or password' });
    expect(await c.post('/api/user/login', wrong)).toMatchObject({ code: '-1110', message: 'Wrong account or password' });
    expect(await c.post('/api/user/login', wrong)).toMatchObject({ code: '-1110', message: 'Wrong account or password; 2 more failures lock the account for 15 minutes' });

    // From now on an attempt needs a correct image code, even with the right password.
    expect(await c.post('/api/user/login', { loginAccount: tel, password: PASSWORD })).toMatchObject({ status: 400, code: '-1101', message: 'Please enter the image code' });
    const cn = await client(ctx, { lang: 'zh-CN' }).post('/api/user/login', { loginAccount: tel, password: PASSWORD });
    expect(cn).toMatchObject({ code: '-1101', message: '请输入图形验证码' });
    expect(await c.post('/api/user/login', { ...wrong, captchaId: 'nope', captchaCode: 'abcd' })).toMatchObject({ code: '-1102', message: 'The image code is wrong or has expired' });

    expect(await c.post('/api/user/login', { ...wrong, ...(await solvedCaptcha(ctx, c)) })).toMatchObject({ code: '-1110', message: 'Wrong account or password; 1 more failures lock the account for 15 minutes' });
    expect(await c.post('/api/user/login', { ...wrong, ...(await solvedCaptcha(ctx, c)) })).toMatchObject({
      status: 429,
      code: '-1111',
      message: 'Too many failed attempts: the account is locked, try again in 15 minutes',
    });

    // Locked: even the right password with a right captcha is refused, with the minutes left.
    ctx.clock.advance(5 * 60_000 + 30_000);
    const locked = await c.post('/api/user/login', { loginAccount: tel, password: PASSWORD, ...(await solvedCaptcha(ctx, c)) });
    expect(locked).toMatchObject({ code: '-1111', message: 'Too many failed attempts: the account is locked, try again in 10 minutes' });
    const lockedCn = await client(ctx, { lang: 'zh-CN' }).post('/api/user/login', { loginAccount: tel, password: PASSWORD });
    expect(lockedCn.message).toBe('密码错误次数过多，账号已锁定，请 10 分钟后再试');
    const byCode = await c.post('/api/user/loginByCode', { loginAccount: tel, code: '123456' });
    expect(byCode.code).toBe('-1111');

    // After the lock the right password works without a captcha, and the count starts again.
    ctx.clock.advance(10 * 60_000);
    const ok = await c.post<SessionInfo>('/api/user/login', { loginAccount: tel, password: PASSWORD });
    expect(ok.code).toBe('0');
    expect(await c.post('/api/user/login', wrong)).toMatchObject({ message: 'Wrong account or password' });

    expect(await historyOf(session.userId)).toEqual([
      'success',
      'wrong_password',
      'wrong_password',
      'wrong_password',
      'captcha_required',
      'captcha_required',
      'captcha_wrong',
      'wrong_password',
      'wrong_password',
      'locked',
      'locked',
      'locked',
      'success',
      'wrong_password',
    ]);
  });

  it('a success before the third failure resets the count', async () => {
    const c = client(ctx);
    const tel = newPhone();
    await registerByPhone(ctx, c, tel);
    const wrong = { loginAccount: tel, password: 'Wrong1234' };
    await c.post('/api/user/login', wrong);
    await c.post('/api/user/login', wrong);
    expect((await c.post('/api/user/login', { loginAccount: tel, password: PASSWORD })).code).toBe('0');
    expect(await c.post('/api/user/login', wrong)).toMatchObject({ message: 'Wrong account or password' });
    expect(await c.post('/api/user/login', wrong)).toMatchObject({ message: 'Wrong account or password' });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await client(ctx).post('/api/user/login', { loginAccount: newPhone(), password: 'Whatever1' });
    expect(res).toMatchObject({ status: 400, code: '-1110', message: 'Wrong account or password', value: null });
  });

  it('limits login attempts per IP address', async () => {
    const c = client(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await c.post('/api/user/login', { loginAccount: newPhone(), password: 'Whatever1' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('login by SMS code', () => {
  it('logs in with a login code', async () => {
    const c = client(ctx);
    const tel = newPhone();
    const reg = await registerByPhone(ctx, c, tel);
    ctx.clock.advance(61_000);
    await c.post('/api/code/send', { account: tel, purpose: 'login' });
    const code = await lastCode(ctx, tel, 'login');
    const res = await client(ctx).post<SessionInfo>('/api/user/loginByCode', { loginAccount: tel, code });
    expect(res.code).toBe('0');
    expect(res.value).toMatchObject({ userId: reg.userId, firmId: reg.firmId, isLogin: true });
  });

  it('refuses a code login for an unknown account with the wrong-code message', async () => {
    const res = await client(ctx).post('/api/user/loginByCode', { loginAccount: newPhone(), code: '123456' });
    expect(res).toMatchObject({ status: 400, code: '-1103', message: 'The verification code is wrong or has expired' });
  });
});
