import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentPasswordPath } from '@tp/contract';
import { sql } from 'drizzle-orm';
import { createPaymentPasswordService, hashPassword } from '../src/modules/identity/index';
import { createTestApp, type TestContext } from './harness';
import { client, lastCode, registerByPhone } from './identity-support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The check other modules make before a money move. */
const passwords = () => createPaymentPasswordService({ db: ctx.database.db, clock: ctx.clock, verifyCode: async () => undefined });

async function newUser() {
  const c = client(ctx, { lang: 'cn' });
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  return { c, session, userId: Number(session.userId) };
}

describe('payment passwords', () => {
  it('start unset, can be set once, and are then required to be changed or reset', async () => {
    const { c } = await newUser();
    expect((await c.post(PaymentPasswordPath.status)).value).toEqual({ fund: false, margin: false });

    const set = await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '135790' });
    expect(set.code).toBe('0');
    expect((await c.post(PaymentPasswordPath.status)).value).toEqual({ fund: true, margin: false });

    const again = await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246802' });
    expect(again.status).toBe(409);
    expect(again.message).toBe('已设置资金密码，请使用修改或重置');

    const margin = await c.post(PaymentPasswordPath.set, { kind: 'margin', password: '246802' });
    expect(margin.code).toBe('0');
    expect((await c.post(PaymentPasswordPath.status)).value).toEqual({ fund: true, margin: true });
  });

  it('refuses a password that is not six digits, naming the field', async () => {
    const { c } = await newUser();
    const res = await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '12ab56' });
    expect(res.status).toBe(422);
    expect(res.message).toBe('密码格式不正确');
    expect(JSON.stringify(res.value)).toContain('password');
  });

  it('refuses the login password as a payment password', async () => {
    // Six-digit login passwords exist only from the old password rule; registration no longer takes them.
    const c = client(ctx, { lang: 'en' });
    const session = await registerByPhone(ctx, c);
    c.useSession(session);
    await ctx.database.db.execute(sql`update users set password_hash = ${await hashPassword('123456')} where id = ${Number(session.userId)}`);
    const res = await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '123456' });
    expect(res.status).toBe(400);
    expect(res.message).toBe('The fund password must differ from the login password');
  });

  it('changes with the old password only', async () => {
    const { c, userId } = await newUser();
    await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '135790' });
    const wrong = await c.post(PaymentPasswordPath.update, { kind: 'fund', oldPassword: '000000', password: '246802' });
    expect(wrong.code).toBe('-1120');
    const right = await c.post(PaymentPasswordPath.update, { kind: 'fund', oldPassword: '135790', password: '246802' });
    expect(right.code).toBe('0');
    await expect(passwords().verify({ userId, password: '246802' })).resolves.toBeUndefined();
    await expect(passwords().verify({ userId, password: '135790' })).rejects.toMatchObject({ code: '-1120' });
  });

  it('locks after five wrong attempts, even the right one, until reset by a code to the own number', async () => {
    const { c, session, userId } = await newUser();
    await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '135790' });
    const service = createPaymentPasswordService({ db: ctx.database.db, clock: ctx.clock, verifyCode: async () => undefined });
    for (let i = 1; i <= 4; i++) await expect(service.verify({ userId, password: '000000' })).rejects.toMatchObject({ code: '-1120', params: { left: 5 - i } });
    await expect(service.verify({ userId, password: '000000' })).rejects.toMatchObject({ code: '-1122' });
    await expect(service.verify({ userId, password: '135790' })).rejects.toMatchObject({ code: '-1122' });

    // A code sent to someone else's number cannot reset it.
    const other = await c.post(PaymentPasswordPath.reset, { kind: 'fund', account: '13800000009', code: '123456', password: '246802' });
    expect(other.status).toBe(400);

    ctx.clock.advance(61_000); // the registration code was sent to this number a moment ago
    expect((await c.post('/api/code/send', { account: session.tel, purpose: 'fundPassword' })).code).toBe('0');
    const code = await lastCode(ctx, session.tel, 'fundPassword');
    const reset = await c.post(PaymentPasswordPath.reset, { kind: 'fund', account: session.tel, code, password: '246802' });
    expect(reset.code).toBe('0');
    await expect(service.verify({ userId, password: '246802' })).resolves.toBeUndefined();

    // The code is single-use.
    const replay = await c.post(PaymentPasswordPath.reset, { kind: 'fund', account: session.tel, code, password: '975310' });
    expect(replay.code).toBe('-1103');
  });

  it('the lock ends after 30 minutes', async () => {
    const { c, userId } = await newUser();
    await c.post(PaymentPasswordPath.set, { kind: 'margin', password: '135790' });
    for (let i = 0; i < 5; i++) await passwords().verify({ userId, kind: 'margin', password: '000000' }).catch(() => undefined);
    await expect(passwords().verify({ userId, kind: 'margin', password: '135790' })).rejects.toMatchObject({ code: '-1122' });
    ctx.clock.advance(30 * 60_000 + 1);
    await expect(passwords().verify({ userId, kind: 'margin', password: '135790' })).resolves.toBeUndefined();
  });

  it('needs a session', async () => {
    const c = client(ctx);
    const res = await c.post(PaymentPasswordPath.status);
    expect(res.code).toBe('-10011');
  });
});
