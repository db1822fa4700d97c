import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PresaleCode, PresalePath, VerificationPath, type PresalePlacementPage, type PresaleProject, type PresaleProjectDetail, type PresaleSubscriptionPage, type SubscribeResult } from '@tp/contract';
import { verifyLedger } from '../src/modules/ledger/index';
import { adminClient } from './enterprise-support';
import { type TestContext, createSeededTestApp } from './harness';
import { PASSWORD, idWithCheck, loggedInUser, type Client } from './identity-support';
import type { SessionInfo } from '@tp/contract';
import { spotBalance, trader } from './spot-support';

let ctx: TestContext;
let staff: Client;
let tokens = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await adminClient(ctx);
});
afterAll(() => ctx.close());

/** A project on sale from a minute ago for a day, selling a token of its own. */
async function publish(overrides: Record<string, unknown> = {}): Promise<PresaleProject> {
  const now = ctx.clock.now().getTime();
  const saved = await staff.post<PresaleProject>(PresalePath.adminSave, {
    name: `Project ${++tokens}`,
    companyName: 'Issuer Pte. Ltd.',
    coinName: 'Test Coin',
    coinType: 'ERC-20',
    abbreviation: `TK${tokens}`,
    website: 'https://issuer.example',
    contractAddress: '0xabc',
    whitePaper: 'https://issuer.example/wp.pdf',
    chatGroup: 't.me/issuer',
    introduction: 'A test project.',
    totalIssue: '1000000',
    startTime: new Date(now - 60_000).toISOString(),
    endTime: new Date(now + DAY).toISOString(),
    price: '2',
    amount: '500',
    minPurchase: '1',
    maxPurchase: '400',
    paymentCurrency: 'USDT',
    exchangeRatio: '1',
    lockupRule: 'immediate',
    unlockStages: [],
    allocation: 'fcfs',
    feeRate: '0.001',
    quantityPlaces: 2,
    ...overrides,
  });
  if (saved.code !== '0') throw new Error(`publish failed: ${saved.message}`);
  return saved.value;
}

const subscribe = (c: Client, projectId: string, quantity: string, paymentCurrency = 'USDT') => c.post<SubscribeResult>(PresalePath.subscribe, { projectId, quantity, paymentCurrency });

/** Sessions expire while the clock jumps days ahead: everyone signs in again. */
async function signInAgain(...users: { c: Client; session: SessionInfo }[]): Promise<void> {
  staff = await adminClient(ctx);
  for (const user of users) {
    const res = await user.c.post<SessionInfo>('/api/user/login', { loginAccount: user.session.tel, password: PASSWORD });
    if (res.code !== '0') throw new Error(`login failed: ${res.message}`);
    user.c.useSession(res.value);
  }
}

/** Lets the scheduler's recurring jobs come due (they run every few seconds) and runs them. */
async function runJobs(): Promise<void> {
  await ctx.app.platform.scheduler.runDue();
  ctx.clock.advance(6_000);
  await ctx.app.platform.scheduler.runDue();
}

async function endAndAllocate(project: PresaleProject, ...users: { c: Client; session: SessionInfo }[]): Promise<void> {
  ctx.clock.set(new Date(new Date(project.endTime).getTime() + 1000));
  await runJobs();
  await signInAgain(...users);
  const detail = await staff.get<PresaleProjectDetail>(`${PresalePath.project}?projectId=${project.projectId}`);
  expect(detail.value.project.phase).toBe('completed');
}

async function mySubscriptions(c: Client) {
  return (await c.post<PresaleSubscriptionPage>(PresalePath.subscriptions, { page: 0, size: 50 })).value.content;
}

describe('the spec’s pre-sale messages', () => {
  it('refuses each wrong purchase with its message and accepts a right one with "deal success"', async () => {
    const { c, session } = await trader(ctx);
    const project = await publish();
    const expectRefusal = async (pending: Promise<{ code: string; message: string }>, code: string, message: string) => {
      const res = await pending;
      expect(res.code).toBe(code);
      expect(res.message).toBe(message);
    };

    await expectRefusal(subscribe(c, '999999', '1'), PresaleCode.projectNotFound, 'The project does not exist');
    await expectRefusal(c.get(`${PresalePath.project}?projectId=999999`), PresaleCode.projectInfoFailed, 'Failed to get project information');
    await expectRefusal(subscribe(c, project.projectId, '1', 'BTC'), PresaleCode.currencyNotSupported, 'Currency not supported for conversion');
    await expectRefusal(subscribe(c, project.projectId, '0.5'), PresaleCode.tooSmall, 'Purchase too small');
    await expectRefusal(subscribe(c, project.projectId, '401'), PresaleCode.overbuying, 'Purchase too large (overbuying)');

    const later = await publish({ startTime: new Date(ctx.clock.now().getTime() + DAY).toISOString(), endTime: new Date(ctx.clock.now().getTime() + 2 * DAY).toISOString() });
    await expectRefusal(subscribe(c, later.projectId, '1'), PresaleCode.notStarted, 'The project has not started');

    const deal = await subscribe(c, project.projectId, '10');
    expect(deal.code, deal.message).toBe('0');
    expect(deal.value.message).toBe('Deal success');
    expect(deal.value.subscription).toMatchObject({ status: 'trading', quantity: '10', amountPaid: '20.02', paymentCurrency: 'USDT' });
    await expectRefusal(subscribe(c, project.projectId, '10'), PresaleCode.tooFrequent, 'Operation too frequent');
    ctx.clock.advance(1500);
    await expectRefusal(subscribe(c, project.projectId, '391'), PresaleCode.overbuying, 'Purchase too large (overbuying)');

    const poor = await loggedInUser(ctx);
    expect((await poor.c.post(VerificationPath.basic, { name: '余额', idNumber: idWithCheck('31010119900101777') })).code).toBe('0');
    await expectRefusal(subscribe(poor.c, project.projectId, '10'), PresaleCode.insufficientBalance, 'Insufficient balance');
    const unverified = await loggedInUser(ctx);
    expect((await subscribe(unverified.c, project.projectId, '10')).status).toBe(403);

    const removed = await publish();
    expect((await staff.post(PresalePath.adminRemove, { projectId: removed.projectId, reason: 'issuer withdrew' })).code).toBe('0');
    await expectRefusal(subscribe(c, removed.projectId, '1'), PresaleCode.cannotTrade, 'The project cannot be traded');

    ctx.clock.set(new Date(new Date(project.endTime).getTime() + 1));
    await signInAgain({ c, session });
    await expectRefusal(subscribe(c, project.projectId, '1'), PresaleCode.expired, 'The project has expired');
  });

  it('words the messages in the caller’s language', async () => {
    const { c } = await trader(ctx);
    const cn = await c.post(PresalePath.subscribe, { projectId: '999999', quantity: '1', paymentCurrency: 'USDT' }, { 'accept-language': 'cn' });
    expect(cn.message).toBe('项目不存在');
    const tw = await c.post(PresalePath.subscribe, { projectId: '999999', quantity: '1', paymentCurrency: 'USDT' }, { 'accept-language': 'tw' });
    expect(tw.message).toBe('項目不存在');
  });
});

describe('first come first served with immediate arrival', () => {
  it('sells out, allocates what was subscribed and delivers the tokens at the end, with the fee', async () => {
    const project = await publish({ amount: '500' });
    const a = await trader(ctx);
    const b = await trader(ctx);
    const late = await trader(ctx);
    expect((await subscribe(a.c, project.projectId, '300')).code).toBe('0');
    expect((await subscribe(b.c, project.projectId, '200')).code).toBe('0');
    const soldOut = await staff.get<PresaleProjectDetail>(`${PresalePath.project}?projectId=${project.projectId}`);
    expect(soldOut.value.project).toMatchObject({ saleStatus: 'sold_out', remainingAmount: '0', phase: 'in_progress' });
    expect((await subscribe(late.c, project.projectId, '1')).code).toBe(PresaleCode.cannotTrade);
    // 300 × 2 USDT = 600, fee 0.1 % = 0.6: 600.6 frozen.
    expect(await spotBalance(a.c, 'USDT')).toMatchObject({ available: '9399.4', frozen: '600.6' });

    await endAndAllocate(project, a);
    const [subscription] = await mySubscriptions(a.c);
    expect(subscription).toMatchObject({ status: 'successful', winningQuantity: '300', winningAmount: '600', fee: '0.6', refund: '0', released: '300', locked: '0' });
    expect(await spotBalance(a.c, 'USDT')).toMatchObject({ available: '9399.4', frozen: '0' });
    const placements = await a.c.post<PresalePlacementPage>(PresalePath.placements, { page: 0, size: 10 });
    expect(placements.value.content).toEqual([expect.objectContaining({ abbreviation: project.abbreviation, stage: 0, quantity: '300' })]);
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });
});

describe('pro-rata allocation to the smallest unit, unlocking by stages', () => {
  it('worked example: 100.00 tokens, 30 + 50 + 70 subscribed → 20.00, 33.33, 46.67; refunds and fees exact; two unlocks', async () => {
    const project = await publish({
      amount: '100',
      maxPurchase: '100',
      price: '1.5',
      feeRate: '0.002',
      allocation: 'prorata',
      lockupRule: 'stages',
      unlockStages: [
        { afterDays: 10, percent: '50' },
        { afterDays: 20, percent: '50' },
      ],
    });
    const users = [await trader(ctx), await trader(ctx), await trader(ctx)];
    for (const [i, quantity] of ['30', '50', '70'].entries()) expect((await subscribe(users[i]!.c, project.projectId, quantity)).code).toBe('0');
    const oversubscribed = await staff.get<PresaleProjectDetail>(`${PresalePath.project}?projectId=${project.projectId}`);
    expect(oversubscribed.value.project).toMatchObject({ subscribedAmount: '150', remainingAmount: '0', saleStatus: 'running' });

    await endAndAllocate(project, ...users);
    // Paid: q × 1.5 plus 0.2 %; won w × 1.5 plus 0.2 % (rounded up to the cent's smallest unit); the rest refunded.
    const expected = [
      { quantity: '30', amountPaid: '45.09', winningQuantity: '20', winningAmount: '30', fee: '0.06', refund: '15.03', first: '10', second: '10' },
      { quantity: '50', amountPaid: '75.15', winningQuantity: '33.33', winningAmount: '49.995', fee: '0.09999', refund: '25.05501', first: '16.66', second: '16.67' },
      { quantity: '70', amountPaid: '105.21', winningQuantity: '46.67', winningAmount: '70.005', fee: '0.14001', refund: '35.06499', first: '23.33', second: '23.34' },
    ];
    for (const [i, user] of users.entries()) {
      const [sub] = await mySubscriptions(user.c);
      const { first, second, ...amounts } = expected[i]!;
      expect(sub).toMatchObject({ ...amounts, status: 'successful', locked: amounts.winningQuantity, released: '0' });
      expect(await spotBalance(user.c, 'USDT')).toMatchObject({ frozen: '0' });
      const placements = (await user.c.post<PresalePlacementPage>(PresalePath.placements, { page: 0, size: 10 })).value.content;
      expect(placements.map((p) => [p.stage, p.quantity, p.releasedAt])).toEqual([
        [2, second, ''],
        [1, first, ''],
      ]);
    }

    ctx.clock.advance(10 * DAY);
    await runJobs();
    await signInAgain(users[1]!);
    const [afterFirst] = await mySubscriptions(users[1]!.c);
    expect(afterFirst).toMatchObject({ released: '16.66', locked: '16.67' });
    ctx.clock.advance(10 * DAY);
    await runJobs();
    await signInAgain(users[1]!);
    const [afterSecond] = await mySubscriptions(users[1]!.c);
    expect(afterSecond).toMatchObject({ released: '33.33', locked: '0' });
    const unlocks = (await ctx.database.db.execute(`select count(*)::int as n from journals where type = 'presale.unlock' and business_ref = 'presale:${project.projectId}'`)) as unknown as { rows: { n: number }[] };
    expect(unlocks.rows[0]!.n).toBe(6);
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('a removed project refunds every subscription in full', async () => {
    const project = await publish({ allocation: 'prorata' });
    const user = await trader(ctx);
    expect((await subscribe(user.c, project.projectId, '100')).code).toBe('0');
    expect(await spotBalance(user.c, 'USDT')).toMatchObject({ frozen: '200.2' });
    const removed = await staff.post<PresaleProject>(PresalePath.adminRemove, { projectId: project.projectId, reason: 'issuer withdrew' });
    expect(removed.value.saleStatus).toBe('removed');
    expect(await spotBalance(user.c, 'USDT')).toMatchObject({ available: '10000', frozen: '0' });
    expect((await mySubscriptions(user.c))[0]).toMatchObject({ status: 'withdrawn', refund: '200.2' });
    expect((await user.c.get(`${PresalePath.project}?projectId=${project.projectId}`)).code).toBe(PresaleCode.projectInfoFailed);
  });
});

describe('concurrency', () => {
  it('500 concurrent subscriptions for the last 30 tokens never oversell them', async () => {
    const project = await publish({ amount: '30', maxPurchase: '30' });
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await trader(ctx));
    const results = await Promise.all(buyers.flatMap((b) => Array.from({ length: 10 }, () => subscribe(b.c, project.projectId, '1'))));
    expect(results).toHaveLength(500);
    const accepted = results.filter((r) => r.code === '0');
    expect(accepted).toHaveLength(30);
    for (const refused of results.filter((r) => r.code !== '0')) expect([PresaleCode.tooFrequent, PresaleCode.cannotTrade, PresaleCode.overbuying]).toContain(refused.code);
    const detail = await staff.get<PresaleProjectDetail>(`${PresalePath.project}?projectId=${project.projectId}`);
    expect(detail.value.project).toMatchObject({ remainingAmount: '0', subscribedAmount: '30', saleStatus: 'sold_out' });
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  }, 180_000);
});

describe('the back office', () => {
  it('only staff with the right publish projects, and the fields are checked', async () => {
    const { c } = await trader(ctx);
    expect((await c.post(PresalePath.adminSave, {})).status).toBe(401);
    const now = ctx.clock.now().getTime();
    const bad = await staff.post(PresalePath.adminSave, {
      name: 'Bad',
      companyName: 'X',
      coinName: 'X',
      coinType: 'X',
      abbreviation: 'BAD',
      website: '',
      contractAddress: '',
      whitePaper: '',
      chatGroup: '',
      introduction: '',
      totalIssue: '100',
      startTime: new Date(now).toISOString(),
      endTime: new Date(now + DAY).toISOString(),
      price: '1',
      amount: '100',
      minPurchase: '1',
      maxPurchase: '10',
      paymentCurrency: 'USDT',
      exchangeRatio: '1',
      lockupRule: 'stages',
      unlockStages: [{ afterDays: 1, percent: '60' }],
      allocation: 'fcfs',
      feeRate: '0',
      quantityPlaces: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('unlocking by stages needs at least one stage, and the percentages must add up to 100%');
  });
});
