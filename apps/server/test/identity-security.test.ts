import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyPath,
  ExchangeAssetPath,
  IdentityPath,
  PaymentPasswordPath,
  SecurityPath,
  WalletPath,
  type AssetOverview,
  type Page,
  type RecoveryCodes,
  type SecurityStatus,
  type SessionInfo,
  type TotpSetup,
  type UserInfo,
  type UserSession,
  type WithdrawalRecord,
} from '@tp/contract';
import { seedDemoHoldings } from '../src/modules/asset/index';
import { createLedgerService } from '../src/modules/ledger/index';
import { createTestApp, type TestContext } from './harness';
import { client, lastCode, loggedInUser, newPhone, PASSWORD, type Client } from './identity-support';
import { createMailTestApp, readableText } from './mail-support';

const STEP_MS = 30_000;
const ETH_TARGET = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** What the user's authenticator app shows now, from the secret the set-up page showed. */
const codeNow = (secret: string, at = ctx.clock.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
/** A six-digit code that is not the current one. */
const wrongCode = (secret: string) => String((Number(codeNow(secret)) + 1) % 1_000_000).padStart(6, '0');
/** Authenticator codes are accepted once: the next one comes with the next 30-second step. */
const nextStep = () => ctx.clock.advance(STEP_MS);

/** A new user with two-factor authentication on: their browser, mobile number, secret and recovery codes. */
async function withTwoFactor() {
  const user = await loggedInUser(ctx);
  const setup = await user.c.post<TotpSetup>(SecurityPath.totpSetup);
  const enabled = await user.c.post<RecoveryCodes>(SecurityPath.totpEnable, { code: codeNow(setup.value.secret) });
  expect(enabled.code).toBe('0');
  nextStep();
  return { ...user, secret: setup.value.secret, recoveryCodes: enabled.value.recoveryCodes };
}

const login = (c: Client, tel: string, extra: Record<string, unknown> = {}) => c.post<SessionInfo>(IdentityPath.login, { loginAccount: tel, password: PASSWORD, ...extra });

describe('turning two-factor authentication on', () => {
  it('shows a secret with its QR code, confirms it with a code computed from it, and hands out ten recovery codes once', async () => {
    const { c, session } = await loggedInUser(ctx);
    expect((await c.post<SecurityStatus>(SecurityPath.status)).value).toEqual({ twoFactor: false, recoveryCodesLeft: 0, antiPhishingCode: '' });

    const setup = await c.post<TotpSetup>(SecurityPath.totpSetup);
    expect(setup.value.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.value.otpauthUrl).toMatch(/^otpauth:\/\/totp\/TP%20Exchange:139\d+\?/);
    expect(setup.value.otpauthUrl).toContain(`secret=${setup.value.secret}`);
    expect(setup.value.qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await c.post(SecurityPath.totpEnable, { code: wrongCode(setup.value.secret) });
    expect(wrong).toMatchObject({ status: 400, code: '-1131', message: 'Wrong two-factor code; 4 attempts left' });
    expect((await c.post<SecurityStatus>(SecurityPath.status)).value.twoFactor).toBe(false);

    const enabled = await c.post<RecoveryCodes>(SecurityPath.totpEnable, { code: codeNow(setup.value.secret) });
    expect(enabled.code).toBe('0');
    expect(enabled.value.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.value.recoveryCodes).size).toBe(10);
    for (const code of enabled.value.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await c.post<SecurityStatus>(SecurityPath.status)).value).toMatchObject({ twoFactor: true, recoveryCodesLeft: 10 });

    // Never shown again: a new set-up is refused while it is on.
    expect(await c.post(SecurityPath.totpSetup)).toMatchObject({ status: 409, message: 'Two-factor authentication is already on' });
    // At rest the secret is sealed and the recovery codes are hashes.
    const stored = (await ctx.database.db.execute(sql`select totp_secret from user_security where user_id = ${Number(session.userId)}`)) as unknown as { rows: { totp_secret: string }[] };
    expect(stored.rows[0]?.totp_secret).toBeTruthy();
    expect(stored.rows[0]?.totp_secret).not.toContain(setup.value.secret);
    const hashes = (await ctx.database.db.execute(sql`select code_hash from recovery_codes where user_id = ${Number(session.userId)}`)) as unknown as { rows: { code_hash: string }[] };
    expect(hashes.rows.map((r) => r.code_hash)).not.toContain(enabled.value.recoveryCodes[0]);
  });
});

describe('login with two-factor authentication on', () => {
  it('asks for the code after the password, refuses a wrong one, accepts the right one once', async () => {
    const { tel, secret } = await withTwoFactor();
    const browser = client(ctx);
    expect(await login(browser, tel)).toMatchObject({ status: 403, code: '-1130', message: 'Enter the two-factor code from your authenticator app' });
    expect(await login(browser, tel, { totpCode: wrongCode(secret) })).toMatchObject({ code: '-1131', message: 'Wrong two-factor code; 4 attempts left' });
    // A wrong password is still a wrong password, whatever the code.
    expect((await browser.post(IdentityPath.login, { loginAccount: tel, password: 'Wrong1234!', totpCode: codeNow(secret) })).code).toBe('-1110');

    const code = codeNow(secret);
    const ok = await login(browser, tel, { totpCode: code });
    expect(ok.code).toBe('0');
    expect(ok.value.sessionStr).toBeTruthy();
    // The same code again, within its 30 seconds, is a replay.
    expect((await login(client(ctx), tel, { totpCode: code })).code).toBe('-1131');
  });

  it('by SMS code: the SMS code is kept until the second factor is given with it', async () => {
    const { tel, secret } = await withTwoFactor();
    const browser = client(ctx);
    // A code a minute at most: the registration code went out just before.
    ctx.clock.advance(61_000);
    expect((await browser.post('/api/code/send', { account: tel, purpose: 'login' })).code).toBe('0');
    const smsCode = await lastCode(ctx, tel, 'login');
    expect(await browser.post(IdentityPath.loginByCode, { loginAccount: tel, code: smsCode })).toMatchObject({ code: '-1130' });
    const ok = await browser.post<SessionInfo>(IdentityPath.loginByCode, { loginAccount: tel, code: smsCode, totpCode: codeNow(secret) });
    expect(ok.code).toBe('0');
    nextStep();
    // Used up now.
    expect((await browser.post(IdentityPath.loginByCode, { loginAccount: tel, code: smsCode, totpCode: codeNow(secret) })).code).toBe('-1103');
  });

  it('a recovery code stands in for the authenticator, once', async () => {
    const { c, tel, recoveryCodes } = await withTwoFactor();
    const [first = ''] = recoveryCodes;
    // Typed in lower case without the dash, as people copy them from paper.
    expect((await login(client(ctx), tel, { totpCode: first.replace('-', '').toLowerCase() })).code).toBe('0');
    expect((await login(client(ctx), tel, { totpCode: first })).code).toBe('-1131');
    const fresh = await login(c, tel, { totpCode: recoveryCodes[1] });
    c.useSession(fresh.value);
    expect((await c.post<SecurityStatus>(SecurityPath.status)).value.recoveryCodesLeft).toBe(8);
  });

  it('five wrong codes lock the second factor for 15 minutes, the right code included', async () => {
    const { tel, secret } = await withTwoFactor();
    const browser = client(ctx);
    for (let left = 4; left >= 1; left--) {
      expect((await login(browser, tel, { totpCode: wrongCode(secret) })).message).toBe(`Wrong two-factor code; ${left} attempts left`);
    }
    expect(await login(browser, tel, { totpCode: wrongCode(secret) })).toMatchObject({ status: 429, code: '-1132', message: 'Too many wrong two-factor codes: try again in 15 minutes' });
    expect((await login(browser, tel, { totpCode: codeNow(secret) })).code).toBe('-1132');
    ctx.clock.advance(15 * 60_000);
    expect((await login(browser, tel, { totpCode: codeNow(secret) })).code).toBe('0');
  });
});

describe('actions guarded by the second factor', () => {
  it('a withdrawal needs the code: without or with a wrong one nothing is frozen', async () => {
    const { c, session, secret } = await withTwoFactor();
    await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId);
    expect((await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810', totpCode: codeNow(secret) })).code).toBe('0');
    nextStep();
    const usdt = async () =>
      (await c.post<AssetOverview>(ExchangeAssetPath.overview)).value.accounts.find((a) => a.accountType === 'spot')?.balances.find((b) => b.asset === 'USDT');
    const before = await usdt();
    const base = { asset: 'USDT', address: ETH_TARGET, amount: '100', fundPassword: '246810' };

    expect(await c.post(WalletPath.withdraw, { ...base, requestId: 'sec-wd-1' })).toMatchObject({ status: 403, code: '-1130' });
    expect((await c.post(WalletPath.withdraw, { ...base, requestId: 'sec-wd-2', totpCode: wrongCode(secret) })).code).toBe('-1131');
    expect(await usdt()).toEqual(before);
    expect((await c.post<Page<WithdrawalRecord>>(WalletPath.withdrawals, {})).value.total).toBe(0);

    const done = await c.post<WithdrawalRecord>(WalletPath.withdraw, { ...base, requestId: 'sec-wd-3', totpCode: codeNow(secret) });
    expect(done.code).toBe('0');
    expect(done.value.amount).toBe('100');
    expect((await c.post<Page<WithdrawalRecord>>(WalletPath.withdrawals, {})).value.total).toBe(1);
  });

  it('creating an API key needs the code; a user without two-factor authentication creates one as before', async () => {
    const { c, secret } = await withTwoFactor();
    expect(await c.post(ApiKeyPath.create, { label: 'bot' })).toMatchObject({ code: '-1130' });
    expect((await c.post(ApiKeyPath.list)).value).toEqual([]);
    expect((await c.post(ApiKeyPath.create, { label: 'bot', totpCode: codeNow(secret) })).code).toBe('0');

    const plain = await loggedInUser(ctx);
    expect((await plain.c.post(ApiKeyPath.create, { label: 'bot' })).code).toBe('0');
  });

  it('turning it off needs a right code; afterwards the login asks for none', async () => {
    const { c, tel, secret } = await withTwoFactor();
    expect(await c.post(SecurityPath.totpDisable, {})).toMatchObject({ status: 422 });
    expect((await c.post(SecurityPath.totpDisable, { totpCode: wrongCode(secret) })).code).toBe('-1131');
    expect((await c.post<SecurityStatus>(SecurityPath.status)).value.twoFactor).toBe(true);
    expect((await c.post(SecurityPath.totpDisable, { totpCode: codeNow(secret) })).code).toBe('0');
    expect((await c.post<SecurityStatus>(SecurityPath.status)).value).toMatchObject({ twoFactor: false, recoveryCodesLeft: 0 });
    expect((await login(client(ctx), tel)).code).toBe('0');
  });

  it('changing the anti-phishing code is a security setting: it needs the code too', async () => {
    const { c, secret } = await withTwoFactor();
    expect(await c.post(SecurityPath.antiPhishing, { antiPhishingCode: 'blue-heron' })).toMatchObject({ code: '-1130' });
    expect((await c.post(SecurityPath.antiPhishing, { antiPhishingCode: 'blue-heron', totpCode: codeNow(secret) })).code).toBe('0');
    expect((await c.post<SecurityStatus>(SecurityPath.status)).value.antiPhishingCode).toBe('blue-heron');
    const bad = await c.post<unknown>(SecurityPath.antiPhishing, { antiPhishingCode: '<b>x</b>', totpCode: codeNow(secret) });
    expect(bad.status).toBe(422);
  });
});

describe('security settings guarded by the second factor', () => {
  const NEEDS_CODE = { status: 403, code: '-1130', message: 'Enter the two-factor code from your authenticator app' };

  it('changing the login password needs the code: without it or with a wrong one the old password still signs in', async () => {
    const { c, tel, secret } = await withTwoFactor();
    const change = { oldPassword: PASSWORD, password: 'Xyz98765!' };
    expect(await c.post(IdentityPath.changePassword, change)).toMatchObject(NEEDS_CODE);
    expect((await c.post(IdentityPath.changePassword, { ...change, totpCode: wrongCode(secret) })).code).toBe('-1131');
    expect((await login(client(ctx), tel, { totpCode: codeNow(secret), keepOtherSessions: true })).code).toBe('0');
    nextStep();

    expect((await c.post(IdentityPath.changePassword, { ...change, totpCode: codeNow(secret) })).code).toBe('0');
    nextStep();
    const withNew = await client(ctx).post<SessionInfo>(IdentityPath.login, { loginAccount: tel, password: 'Xyz98765!', totpCode: codeNow(secret) });
    expect(withNew.code).toBe('0');
  });

  it('setting, changing and resetting the fund password need the code', async () => {
    const { c, tel, secret } = await withTwoFactor();
    expect(await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810' })).toMatchObject(NEEDS_CODE);
    expect((await c.post<{ fund: boolean }>(PaymentPasswordPath.status)).value.fund).toBe(false);
    expect((await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810', totpCode: codeNow(secret) })).code).toBe('0');
    nextStep();

    const update = { kind: 'fund', oldPassword: '246810', password: '135790' };
    expect(await c.post(PaymentPasswordPath.update, update)).toMatchObject(NEEDS_CODE);
    expect((await c.post(PaymentPasswordPath.update, { ...update, totpCode: wrongCode(secret) })).code).toBe('-1131');
    expect((await c.post(PaymentPasswordPath.update, { ...update, totpCode: codeNow(secret) })).code).toBe('0');
    nextStep();

    expect((await c.post(IdentityPath.sendCode, { account: tel, purpose: 'fundPassword' })).code).toBe('0');
    const reset = { kind: 'fund', account: tel, code: await lastCode(ctx, tel, 'fundPassword'), password: '112233' };
    expect(await c.post(PaymentPasswordPath.reset, reset)).toMatchObject(NEEDS_CODE);
    expect((await c.post(PaymentPasswordPath.reset, { ...reset, totpCode: codeNow(secret) })).code).toBe('0');
  });

  it('turning the withdrawal whitelist mode on or off needs the code', async () => {
    const { c, secret } = await withTwoFactor();
    expect((await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810', totpCode: codeNow(secret) })).code).toBe('0');
    nextStep();
    const on = { whitelistOnly: true, fundPassword: '246810' };
    expect(await c.post(WalletPath.settingsSave, on)).toMatchObject(NEEDS_CODE);
    expect((await c.post<{ whitelistOnly: boolean }>(WalletPath.settings)).value.whitelistOnly).toBe(false);
    expect((await c.post<{ whitelistOnly: boolean }>(WalletPath.settingsSave, { ...on, totpCode: codeNow(secret) })).value.whitelistOnly).toBe(true);
    nextStep();
    expect(await c.post(WalletPath.settingsSave, { ...on, whitelistOnly: false })).toMatchObject(NEEDS_CODE);
    expect((await c.post<{ whitelistOnly: boolean }>(WalletPath.settings)).value.whitelistOnly).toBe(true);
    expect((await c.post<{ whitelistOnly: boolean }>(WalletPath.settingsSave, { ...on, whitelistOnly: false, totpCode: codeNow(secret) })).value.whitelistOnly).toBe(false);
  });

  it('moving the account to a new mobile number needs the code; the SMS codes are kept until it comes', async () => {
    const { c, tel, secret } = await withTwoFactor();
    const newTel = newPhone();
    // One code a minute per account: the sign-up's was just sent.
    ctx.clock.advance(61_000);
    expect((await c.post(IdentityPath.sendCode, { account: tel, purpose: 'changePhoneOld' })).code).toBe('0');
    expect((await c.post(IdentityPath.sendCode, { account: newTel, purpose: 'changePhoneNew' })).code).toBe('0');
    const change = { oldCode: await lastCode(ctx, tel, 'changePhoneOld'), newPhone: newTel, newCode: await lastCode(ctx, newTel, 'changePhoneNew') };
    expect(await c.post(IdentityPath.changePhone, change)).toMatchObject(NEEDS_CODE);
    expect((await c.post<UserInfo>(IdentityPath.userInfo)).value.tel).toBe(tel);
    const moved = await c.post<UserInfo>(IdentityPath.changePhone, { ...change, totpCode: codeNow(secret) });
    expect(moved.code).toBe('0');
    expect(moved.value.tel).toBe(newTel);
  });

  it('a user without two-factor authentication changes these settings with no code, as before', async () => {
    const { c } = await loggedInUser(ctx);
    expect((await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810' })).code).toBe('0');
    expect((await c.post(WalletPath.settingsSave, { whitelistOnly: true, fundPassword: '246810' })).code).toBe('0');
    expect((await c.post(IdentityPath.changePassword, { oldPassword: PASSWORD, password: 'Xyz98765!' })).code).toBe('0');
  });
});

describe('resetting a forgotten login password with two-factor authentication on', () => {
  /** A signed-out browser that asked for the reset code of `tel`: the code the SMS brought. */
  async function resetCode(tel: string) {
    // One code a minute per account: the sign-up's was just sent.
    ctx.clock.advance(61_000);
    expect((await client(ctx).post(IdentityPath.sendCode, { account: tel, purpose: 'reset' })).code).toBe('0');
    return lastCode(ctx, tel, 'reset');
  }
  const forgot = (body: Record<string, unknown>, lang = 'en') => client(ctx, { lang }).post(IdentityPath.forgotPassword, { password: 'Reset987!', ...body });
  const signsInWith = async (tel: string, password: string, totpCode?: string) =>
    (await client(ctx).post(IdentityPath.login, { loginAccount: tel, password, ...(totpCode ? { totpCode } : {}) })).code;

  it('the phone alone does not reset it: without the authenticator code or with a wrong one the old password still signs in', async () => {
    const { tel, secret } = await withTwoFactor();
    const code = await resetCode(tel);

    expect(await forgot({ loginAccount: tel, code })).toMatchObject({ status: 403, code: '-1130', message: 'Enter the two-factor code from your authenticator app' });
    expect(await forgot({ loginAccount: tel, code }, 'zh-CN')).toMatchObject({ code: '-1130', message: '请输入身份验证器中的两步验证码' });
    expect(await forgot({ loginAccount: tel, code, totpCode: wrongCode(secret) })).toMatchObject({ status: 400, code: '-1131', message: 'Wrong two-factor code; 4 attempts left' });
    expect(await signsInWith(tel, 'Reset987!', codeNow(secret))).toBe('-1110');
    expect(await signsInWith(tel, PASSWORD, codeNow(secret))).toBe('0');
    nextStep();

    // The SMS code was kept through the refusals: sent again with the right authenticator code, it resets the password once.
    expect(await forgot({ loginAccount: tel, code, totpCode: codeNow(secret) })).toMatchObject({ status: 200, code: '0', value: null });
    nextStep();
    expect(await forgot({ loginAccount: tel, code, totpCode: codeNow(secret) })).toMatchObject({ code: '-1103' });
    expect(await signsInWith(tel, PASSWORD, codeNow(secret))).toBe('-1110');
    expect(await signsInWith(tel, 'Reset987!', codeNow(secret))).toBe('0');
  });

  it('says nothing about two-factor authentication until the SMS code is right', async () => {
    const notThe = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answer = async (tel: string, code: string) => {
      const { status, code: result, message } = await forgot({ loginAccount: tel, code });
      return { status, code: result, message };
    };
    const guarded = await withTwoFactor();
    const guardedCode = await resetCode(guarded.tel);
    const plain = await loggedInUser(ctx);
    const plainCode = await resetCode(plain.tel);

    // A wrong SMS code gets the same answer whether the account has two-factor authentication on, off, or does not exist.
    const wrong = { status: 400, code: '-1103', message: 'The verification code is wrong or has expired' };
    expect(await answer(guarded.tel, notThe(guardedCode))).toEqual(wrong);
    expect(await answer(plain.tel, notThe(plainCode))).toEqual(wrong);
    expect(await answer(newPhone(), '123456')).toEqual(wrong);
    // Only the right one brings the question.
    expect((await answer(guarded.tel, guardedCode)).code).toBe('-1130');
  });

  it('wrong authenticator codes count towards its lock, a recovery code stands in for it', async () => {
    const { tel, secret, recoveryCodes } = await withTwoFactor();
    const code = await resetCode(tel);
    for (let left = 4; left >= 1; left--) {
      expect((await forgot({ loginAccount: tel, code, totpCode: wrongCode(secret) })).message).toBe(`Wrong two-factor code; ${left} attempts left`);
    }
    expect(await forgot({ loginAccount: tel, code, totpCode: wrongCode(secret) })).toMatchObject({ status: 429, code: '-1132' });
    expect((await forgot({ loginAccount: tel, code, totpCode: codeNow(secret) })).code).toBe('-1132');
    // The login is locked the same: the lock is the second factor's, whichever form guessed.
    expect(await signsInWith(tel, PASSWORD, codeNow(secret))).toBe('-1132');

    ctx.clock.advance(15 * 60_000);
    const fresh = await resetCode(tel);
    expect((await forgot({ loginAccount: tel, code: fresh, totpCode: recoveryCodes[0] })).code).toBe('0');
    expect(await signsInWith(tel, 'Reset987!', codeNow(secret))).toBe('0');
  });

  it('an account without two-factor authentication resets with the SMS code alone, as before', async () => {
    const { tel } = await loggedInUser(ctx);
    const code = await resetCode(tel);
    expect(await forgot({ loginAccount: tel, code })).toMatchObject({ status: 200, code: '0' });
    expect(await signsInWith(tel, 'Reset987!')).toBe('0');
  });
});

describe('signed-in sessions', () => {
  it('lists the live sessions with the current one marked, logs one out by id and refuses another user’s', async () => {
    const { c, tel, session } = await loggedInUser(ctx);
    const phone = client(ctx);
    const second = await login(phone, tel, { keepOtherSessions: true });
    expect(second.code).toBe('0');
    phone.useSession(second.value);

    const listed = await c.post<Page<UserSession>>(SecurityPath.sessions, {});
    expect(listed.value.total).toBe(2);
    const mine = listed.value.content.find((s) => s.current);
    const other = listed.value.content.find((s) => !s.current);
    expect(mine).toMatchObject({ ip: c.ip, userAgent: 'vitest' });
    expect(other).toMatchObject({ ip: phone.ip, current: false });
    expect((await phone.post<Page<UserSession>>(SecurityPath.sessions, {})).value.content.find((s) => s.current)?.id).toBe(other?.id);

    const stranger = await loggedInUser(ctx);
    expect(await stranger.c.post(SecurityPath.revokeSession, { sessionId: other?.id })).toMatchObject({ status: 404, message: 'No such signed-in session, or it has already ended' });
    expect((await phone.post(IdentityPath.userInfo)).code).toBe('0');

    expect((await c.post(SecurityPath.revokeSession, { sessionId: other?.id })).code).toBe('0');
    expect(await phone.post(IdentityPath.userInfo)).toMatchObject({ status: 401, code: '-10011' });
    expect((await c.post<Page<UserSession>>(SecurityPath.sessions, {})).value.content.map((s) => s.id)).toEqual([mine?.id]);
    expect(session.sessionStr).toBeTruthy();
  });

  it('"log out everywhere" ends every session of the user, this one included', async () => {
    const { c, tel } = await loggedInUser(ctx);
    const phone = client(ctx);
    phone.useSession((await login(phone, tel, { keepOtherSessions: true })).value);
    expect((await c.post(SecurityPath.revokeAllSessions)).code).toBe('0');
    expect((await c.post(IdentityPath.userInfo)).code).toBe('-10011');
    expect((await phone.post(IdentityPath.userInfo)).code).toBe('-10011');
  });
});

describe('anti-phishing code and new-device notices in e-mails', () => {
  let mailCtx: TestContext;
  let mail: Awaited<ReturnType<typeof createMailTestApp>>['mail'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ ctx: mailCtx, mail, close } = await createMailTestApp());
  });
  afterAll(() => close());

  const mailsTo = (address: string) => mail.received.filter((m) => m.to.includes(address)).map((m) => readableText(m.body));

  it('every e-mail to the user carries the phrase they set; a sign-in from a new browser or address is told by e-mail', async () => {
    const address = `sec.${randomBytes(4).toString('hex').replace(/\d/g, 'x')}@example.com`;
    const home = client(mailCtx);
    expect((await home.post('/api/code/send', { account: address, purpose: 'register' })).code).toBe('0');
    const code = /verification code is (\d{6})/.exec(mailsTo(address)[0] ?? '')?.[1];
    const registered = await home.post<SessionInfo>('/api/user/register', { registerWay: 'email', loginAccount: address, code, password: PASSWORD, termsAccepted: true });
    expect(registered.code).toBe('0');
    home.useSession(registered.value);
    expect(mailsTo(address)[0]).not.toContain('Anti-phishing code');

    expect((await home.post(SecurityPath.antiPhishing, { antiPhishingCode: 'Kestrel-42' })).code).toBe('0');
    // Logging in again from the same browser and address: known, no notice.
    expect((await home.post(IdentityPath.login, { loginAccount: address, password: PASSWORD })).code).toBe('0');
    expect(mailsTo(address)).toHaveLength(1);

    // A code e-mail.
    mailCtx.clock.advance(61_000);
    expect((await client(mailCtx).post('/api/code/send', { account: address, purpose: 'login' })).code).toBe('0');
    const codeMail = mailsTo(address)[1] ?? '';
    expect(codeMail).toContain('Anti-phishing code: Kestrel-42');
    expect(codeMail).toContain('防钓鱼码：Kestrel-42');

    // A sign-in from another address.
    const elsewhere = client(mailCtx);
    expect((await elsewhere.post(IdentityPath.login, { loginAccount: address, password: PASSWORD })).code).toBe('0');
    const notice = mailsTo(address)[2] ?? '';
    expect(notice).toContain('Anti-phishing code: Kestrel-42');
    expect(notice).toContain(`Your account was signed in from a new device`);
    expect(notice).toContain(`IP ${elsewhere.ip}, browser vitest`);
    expect(mailsTo(address)).toHaveLength(3);
  });
});
