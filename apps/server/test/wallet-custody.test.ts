import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentPasswordPath, WalletPath, type CustodyRow, type DepositAddress, type Page, type RefillRow, type WithdrawalRecord } from '@tp/contract';
import { seedDemoHoldings } from '../src/modules/asset/index';
import { createLedgerService, verifyLedger } from '../src/modules/ledger/index';
import { seedDemoCustody } from '../src/modules/wallet/index';
import { createTestApp, type TestContext } from './harness';
import { client, registerByPhone, staffClient, type Client } from './identity-support';
import { seedDemoIdentities, platformStaff } from '../src/modules/identity/index';
import { createFirmService } from '../src/modules/firm/index';
import { seedStaffRoles } from '../src/modules/staff/index';

const BTC_TARGET = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
let ctx: TestContext;
let staff: Client;
let counter = 0;

beforeAll(async () => {
  // Every withdrawal is approved at once; the job refills up to 1000 USDT worth (0.01538461 BTC) a day by itself.
  ctx = await createTestApp({ walletAutoApproveUsdt: '1000000', walletDualApprovalUsdt: '1000' });
  await seedDemoIdentities(
    { db: ctx.database.db, clock: ctx.clock, firm: createFirmService({ db: ctx.database.db, clock: ctx.clock }) },
    { password: 'Demo@123456', firms: [], staff: [{ account: 'admin', name: '平台管理员', role: 'admin' }] },
  );
  await seedStaffRoles(ctx.database.db, { directory: platformStaff, at: ctx.clock.now() });
  staff = await staffClient(ctx, 'admin');
}, 120_000);
afterAll(() => ctx.close());

const chain = () => ctx.app.services.simulatedChain;
const wallet = () => ctx.app.services.wallet;

async function user(): Promise<{ c: Client; userId: string }> {
  const c = client(ctx, { lang: 'en' });
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  expect((await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810' })).code).toBe('0');
  return { c, userId: session.userId };
}

async function deposit(c: Client, amount: string): Promise<void> {
  const { address } = (await c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'BTC' })).value;
  await chain().send('BTC', { address, asset: 'BTC', amount });
  await chain().mine('BTC', 2);
  await wallet().watch();
}

const withdraw = (c: Client, amount: string) =>
  c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'BTC', address: BTC_TARGET, amount, fundPassword: '246810', requestId: `custody-${process.pid}-${++counter}` });

async function btcCustody(): Promise<CustodyRow | undefined> {
  return (await staff.post<CustodyRow[]>(WalletPath.adminCustody)).value.find((row) => row.asset === 'BTC');
}

async function platformBalance(kind: string): Promise<string> {
  const res = (await ctx.database.db.execute(`select balance::text as balance from ledger_accounts where owner_type = 'platform' and currency = 'BTC' and kind = '${kind}'`)) as unknown as {
    rows: { balance: string }[];
  };
  return res.rows[0]?.balance ?? '0';
}

const journals = async (type: string) =>
  Number(
    ((await ctx.database.db.execute(`select count(*)::int as n from journals where type = '${type}'`)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0,
  );

describe('the hot wallet', () => {
  let bob: Client;
  let waitingId = '';

  it('sends from what it holds: a deposit lands in it and a smaller withdrawal leaves from it at once', async () => {
    const alice = await user();
    await deposit(alice.c, '0.05');
    const b = await user();
    bob = b.c;
    // Bob's 0.5 BTC arrived before and sits in cold storage.
    await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), b.userId, [{ asset: 'BTC', amount: '0.5' }]);
    await seedDemoCustody(ctx.database.db, createLedgerService({ clock: ctx.clock }), b.userId, [{ asset: 'BTC', amount: '0.5' }]);

    const small = await withdraw(bob, '0.01');
    expect(small.value.status).toBe('in_transit');
    expect(await btcCustody()).toMatchObject({ hot: '0.04', cold: '0.5', waiting: '0' });
  });

  it('never goes negative: a larger withdrawal waits in processing while the job refills within its daily limit and asks staff for the rest', async () => {
    const big = await withdraw(bob, '0.2');
    waitingId = big.value.id;
    expect(big.value.status).toBe('processing');
    expect(big.value.txid).toBe('');
    // 0.04 held + 0.01538461 moved by the job; the rest of the 0.2 is asked of staff.
    expect(await btcCustody()).toMatchObject({ hot: '0.05538461', cold: '0.48461539', waiting: '0.2' });
    expect(await platformBalance('custody_hot')).toBe('0.055384610000000000');

    // Passes of the watcher and the hourly job send nothing and move no more today.
    await wallet().watch();
    await wallet().rebalance();
    expect(await btcCustody()).toMatchObject({ hot: '0.05538461', waiting: '0.2' });
    const records = await bob.post<Page<WithdrawalRecord>>(WalletPath.withdrawals, {});
    expect(records.value.content.find((r) => r.id === waitingId)?.status).toBe('processing');

    const refills = await staff.post<Page<RefillRow>>(WalletPath.adminRefills, { status: 'pending' });
    expect(refills.value.content).toEqual([expect.objectContaining({ asset: 'BTC', amount: '0.14461539', status: 'pending' })]);
  });

  it('staff approve the cold-to-hot refill (their right, audited once), and the waiting withdrawal is sent', async () => {
    const [pending] = (await staff.post<Page<RefillRow>>(WalletPath.adminRefills, { status: 'pending' })).value.content;
    expect(pending).toBeDefined();
    expect((await bob.post(WalletPath.adminRefillDecide, { id: pending?.id, approve: true })).status).toBe(401);
    expect((await staff.post(WalletPath.adminRefillDecide, { id: pending?.id, approve: false })).status).toBe(422);

    const approved = await staff.post<RefillRow>(WalletPath.adminRefillDecide, { id: pending?.id, approve: true });
    expect(approved.value).toMatchObject({ status: 'approved', amount: '0.14461539' });
    expect((await staff.post(WalletPath.adminRefillDecide, { id: pending?.id, approve: true })).status).toBe(409);

    const records = await bob.post<Page<WithdrawalRecord>>(WalletPath.withdrawals, {});
    expect(records.value.content.find((r) => r.id === waitingId)?.status).toBe('in_transit');
    expect(await btcCustody()).toMatchObject({ hot: '0', cold: '0.34', waiting: '0' });

    await chain().mine('BTC', 2);
    await wallet().watch();
    const done = await bob.post<Page<WithdrawalRecord>>(WalletPath.withdrawals, {});
    expect(done.value.content.find((r) => r.id === waitingId)?.status).toBe('completed');
    expect(await btcCustody()).toMatchObject({ hot: '0', cold: '0.34' });

    const audit = (await ctx.database.db.execute(`select action, actor_id from audit_log where object_type = 'wallet_refill' and object_id = '${pending?.id}'`)) as unknown as {
      rows: { action: string }[];
    };
    expect(audit.rows.map((r) => r.action)).toEqual(['wallet.refill.approve']);
  });

  it('a send the node refuses gives its amount back to the hot wallet', async () => {
    const carol = await user();
    await deposit(carol.c, '0.02');
    const before = await btcCustody();
    chain().failNextBroadcast();
    const res = await withdraw(carol.c, '0.01');
    expect(res.value.status).toBe('failed');
    expect((await btcCustody())?.hot).toBe(before?.hot);
  });

  it('the rebalance job keeps 2% hot: it sweeps a surplus to cold storage and refills within its daily limit, asking staff only for what is over it', async () => {
    await wallet().rebalance();
    // 2% of 0.36 BTC: the 0.02 Carol deposited is more than that.
    expect(await btcCustody()).toMatchObject({ hot: '0.0072', cold: '0.3528', total: '0.36' });

    expect((await withdraw(bob, '0.0072')).value.status).toBe('in_transit');
    await wallet().rebalance();
    // Today's own refills are used up: the job asks staff for the 0.007056 BTC (2% of 0.3528).
    expect(await btcCustody()).toMatchObject({ hot: '0', cold: '0.3528' });
    const asked = (await staff.post<Page<RefillRow>>(WalletPath.adminRefills, { status: 'pending' })).value.content;
    expect(asked).toEqual([expect.objectContaining({ asset: 'BTC', amount: '0.007056' })]);

    ctx.clock.advance(24 * 3_600_000 + 1);
    staff = await staffClient(ctx, 'admin');
    await wallet().rebalance();
    expect(await btcCustody()).toMatchObject({ hot: '0.007056', cold: '0.345744' });
    // The job made the move itself the next day, so the request is closed.
    expect((await staff.post<Page<RefillRow>>(WalletPath.adminRefills, { status: 'pending' })).value.total).toBe(0);
    const moves = (await ctx.database.db.execute(`select direction, actor from wallet_custody_moves where asset = 'BTC' order by id`)) as unknown as {
      rows: { direction: string; actor: string }[];
    };
    expect(moves.rows.map((m) => `${m.direction} ${m.actor === 'rebalance' ? 'job' : 'staff'}`)).toEqual(['cold_to_hot job', 'cold_to_hot staff', 'hot_to_cold job', 'cold_to_hot job']);
  });

  it('every custody move is a ledger journal, and the books stay sound', async () => {
    expect(await journals('wallet.custody.refill')).toBe(3);
    expect(await journals('wallet.custody.sweep')).toBe(1);
    expect(await journals('wallet.custody.send')).toBe(4);
    expect(await journals('wallet.custody.return')).toBe(1);
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });
});
