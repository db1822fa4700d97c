import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockupCode, LockupPath, SpotPath, UploadPath, VerificationPath, type AdminSeniorRow, type LockupLock, type LockupOverview, type Page, type SessionInfo } from '@tp/contract';
import { verifyLedger } from '../src/modules/ledger/index';
import { adminClient, png, postFile } from './enterprise-support';
import { type TestContext, createSeededTestApp } from './harness';
import { PASSWORD, type Client } from './identity-support';
import { spotBalance, trader } from './spot-support';

let ctx: TestContext;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createSeededTestApp();
});
afterAll(() => ctx.close());

/** Submits senior verification with three photos and has staff pass it. */
async function seniorVerified(c: Client, session: SessionInfo): Promise<void> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await postFile(ctx, c, UploadPath.image, await png())).value.id);
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const submitted = await c.post(VerificationPath.senior, {
    location: 'mainland',
    name: '锁仓人',
    certificateName: '居民身份证',
    certificateNumber: `L${session.userId}`,
    validFrom: '2020-01-01',
    validTo: `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`,
    frontImageId: ids[0],
    backImageId: ids[1],
    holdingImageId: ids[2],
  });
  expect(submitted.code, submitted.message).toBe('0');
  const staff = await adminClient(ctx);
  const queue = await staff.post<Page<AdminSeniorRow>>(VerificationPath.adminSeniorList, { status: 'review', keyword: session.tel });
  const decided = await staff.post(VerificationPath.adminSeniorDecide, { id: queue.value.content[0]!.id, approve: true });
  expect(decided.code, decided.message).toBe('0');
}

async function signInAgain(c: Client, session: SessionInfo): Promise<void> {
  const res = await c.post<SessionInfo>('/api/user/login', { loginAccount: session.tel, password: PASSWORD });
  expect(res.code, res.message).toBe('0');
  c.useSession(res.value);
}

/** Lets the scheduler's recurring jobs come due and runs them. */
async function runJobs(): Promise<void> {
  await ctx.app.platform.scheduler.runDue();
  ctx.clock.advance(6_000);
  await ctx.app.platform.scheduler.runDue();
}

describe('the lock-up reward', () => {
  it('publishes its rules: 10000 platform tokens, 10 months, 30 % feedback, 30 % of monthly fees', async () => {
    const { c } = await trader(ctx);
    expect((await c.get(LockupPath.rules)).value).toEqual({ asset: 'TPT', minimum: '10000', months: 10, rewardRate: '0.3', accelerationRate: '0.3', monthDays: 30 });
  });

  it('needs senior verification and at least 10000 tokens', async () => {
    const { c, session } = await trader(ctx);
    const unverified = await c.post(LockupPath.lock, { amount: '10000' });
    expect(unverified.status).toBe(403);
    await seniorVerified(c, session);
    const small = await c.post(LockupPath.lock, { amount: '9999.9999' });
    expect(small.code).toBe(LockupCode.belowMinimum);
    expect(small.message).toBe('The lock-up quantity must be at least 10000');
    const tooMuch = await c.post(LockupPath.lock, { amount: '20000.0001' });
    expect(tooMuch.message).toBe('Insufficient balance');
    expect(await spotBalance(c, 'TPT')).toMatchObject({ available: '20000' });
  });

  it('over ten months pays 30 % back and releases the lock, faster by 30 % of the month’s trading fees, in exact journals', async () => {
    const { c, session } = await trader(ctx);
    const counterparty = await trader(ctx);
    await seniorVerified(c, session);
    const locked = await c.post<LockupLock>(LockupPath.lock, { amount: '10000' });
    expect(locked.code, locked.message).toBe('0');
    expect(locked.value).toMatchObject({ amount: '10000', reward: '3000', locked: '10000', status: 'active' });
    expect(locked.value.months.map((m) => [m.month, m.reward, m.release])).toEqual(Array.from({ length: 10 }, (_, i) => [i + 1, '300', '1000']));
    expect(await spotBalance(c, 'TPT')).toMatchObject({ available: '10000' });

    // In the first month the user sells 0.1 BTC at 60000: 6 USDT of fees, 30 % of which (1.8 USDT) buys 3.6 TPT at 0.5.
    expect((await c.post(SpotPath.place, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '60000', quantity: '0.1' })).code).toBe('0');
    const bought = await counterparty.c.post(SpotPath.place, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000', quantity: '0.1' });
    expect(bought.code, bought.message).toBe('0');

    ctx.clock.advance(30 * DAY);
    await runJobs();
    await signInAgain(c, session);
    const first = (await c.post<LockupOverview>(LockupPath.overview)).value.locks[0]!;
    expect(first.months[0]).toMatchObject({ reward: '300', release: '1003.6', acceleration: '3.6', feesUsdt: '6' });
    expect(first).toMatchObject({ locked: '8996.4', released: '1003.6', rewarded: '300' });

    for (let month = 2; month <= 10; month++) {
      ctx.clock.advance(30 * DAY);
      await runJobs();
    }
    await signInAgain(c, session);
    const done = (await c.post<LockupOverview>(LockupPath.overview)).value;
    const lock = done.locks[0]!;
    expect(lock).toMatchObject({ status: 'completed', locked: '0', released: '10000', rewarded: '3000' });
    expect(lock.months.slice(1, 9).every((m) => m.release === '1000' && m.paidAt !== '')).toBe(true);
    expect(lock.months[9]).toMatchObject({ release: '996.4', reward: '300' });
    // 20000 − 10000 locked + 10000 released + 3000 reward.
    expect(done.available).toBe('23000');

    const journals = (await ctx.database.db.execute(`select type, count(*)::int as n from journals where business_ref = 'lockup:${lock.lockId}' group by type order by type`)) as unknown as { rows: { type: string; n: number }[] };
    expect(journals.rows).toEqual([
      { type: 'lockup.lock', n: 1 },
      { type: 'lockup.release', n: 10 },
      { type: 'lockup.reward', n: 10 },
    ]);
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  }, 120_000);
});
