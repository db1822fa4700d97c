import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/decimal';
import { ExchangeAssetPath, PaymentPasswordPath, WalletPath, type AssetOverview, type CustodyRow, type DepositAddress, type DepositRecord, type Page, type RefillRow, type WithdrawalRecord } from '@tp/contract';
import { buildApp } from '../src/app';
import { createLedgerService, verifyLedger } from '../src/modules/ledger/index';
import { DEMO_HOLDINGS, seedDemoHoldings } from '../src/modules/asset/index';
import { deriveAddress, developmentXpub, isValidAddress, seedDemoCustody } from '../src/modules/wallet/index';
import { createTestApp, type TestContext } from './harness';
import { client, registerByPhone, type Client } from './identity-support';

let ctx: TestContext;
let staff: Client;

beforeAll(async () => {
  ctx = await createTestApp({ walletAutoApproveUsdt: '1000' });
  const { seedDemoData } = await import('../src/demo/seed');
  await seedDemoData(ctx.database, ctx.config, ctx.clock);
  staff = client(ctx);
  const login = await staff.post<{ sessionStr: string; staffId: string }>('/api/admin/login', { account: 'admin', password: 'Demo@123456' });
  staff.useSession({ sessionStr: login.value.sessionStr, userId: login.value.staffId, firmId: '' });
});
afterAll(() => ctx.close());

const chain = () => ctx.app.services.simulatedChain;
const watch = () => ctx.app.services.wallet.watch();
let requestCounter = 0;
const requestId = () => `wd-${process.pid}-${++requestCounter}`;
const BTC_TARGET = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const ETH_TARGET = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

async function newUser(lang = 'en') {
  const c = client(ctx, { lang });
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  return { c, userId: session.userId };
}

async function spot(c: Client, asset: string) {
  const overview = await c.post<AssetOverview>(ExchangeAssetPath.overview);
  return overview.value.accounts.find((a) => a.accountType === 'spot')?.balances.find((b) => b.asset === asset);
}

async function withFundPassword(lang = 'en') {
  const user = await newUser(lang);
  expect((await user.c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810' })).code).toBe('0');
  return user;
}

describe('HD deposit addresses', () => {
  it('derive the BIP-84 and BIP-44 test vectors of the development wallet', () => {
    expect(deriveAddress('BTC', developmentXpub('BTC'), 0)).toBe(BTC_TARGET);
    expect(deriveAddress('ETH', developmentXpub('ETH'), 0)).toBe(ETH_TARGET);
    expect(isValidAddress('BTC', BTC_TARGET)).toBe(true);
    expect(isValidAddress('ETH', ETH_TARGET)).toBe(true);
    expect(isValidAddress('ETH', ETH_TARGET.replace('EfFD', 'efFD'))).toBe(false);
    expect(isValidAddress('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv')).toBe(false);
  });

  it('give each user one stable address per chain, shared by the chain’s tokens, unique across users', async () => {
    const a = await newUser();
    const b = await newUser();
    const first = await a.c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'USDT' });
    const again = await a.c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'ETH' });
    const btc = await a.c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'BTC' });
    const other = await b.c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'USDT' });
    expect(first.value).toMatchObject({ chain: 'ETH', activated: false, minDeposit: '1', confirmations: 12 });
    expect(again.value.address).toBe(first.value.address);
    expect(isValidAddress('BTC', btc.value.address)).toBe(true);
    expect(other.value.address).not.toBe(first.value.address);
  });
});

describe('deposits', () => {
  it('are credited exactly once at the required confirmations, through repeated and concurrent watcher passes and a restart', async () => {
    const { c } = await newUser();
    const { address } = (await c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'BTC' })).value;
    const txid = await chain().send('BTC', { address, asset: 'BTC', amount: '0.25' });
    await watch();
    let records = await c.post<Page<DepositRecord>>(WalletPath.deposits, {});
    expect(records.value.content[0]).toMatchObject({ txid, status: 'confirming', confirmations: 0, required: 2 });

    await chain().mine('BTC');
    await Promise.all([watch(), watch()]);
    records = await c.post<Page<DepositRecord>>(WalletPath.deposits, {});
    expect(records.value.content[0]).toMatchObject({ status: 'confirming', confirmations: 1 });
    expect((await spot(c, 'BTC'))?.available).toBe('0');

    await chain().mine('BTC');
    await Promise.all([watch(), watch(), watch()]);
    await watch();
    // A second server on the same database sees the same chain: nothing is credited twice.
    const other = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    await other.services.wallet.watch();
    await other.close();

    records = await c.post<Page<DepositRecord>>(WalletPath.deposits, {});
    expect(records.value.total).toBe(1);
    expect(records.value.content[0]).toMatchObject({ status: 'completed', confirmations: 2 });
    expect((await spot(c, 'BTC'))?.available).toBe('0.25');
    expect((await c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'BTC' })).value.activated).toBe(true);
  });

  it('records a first deposit below the minimum without crediting it; the address activates with the minimum', async () => {
    const { c } = await newUser();
    const { address } = (await c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'TPT' })).value;
    await chain().send('ETH', { address, asset: 'TPT', amount: '5' });
    await chain().mine('ETH', 12);
    await watch();
    expect((await spot(c, 'TPT'))?.available).toBe('0');
    const records = await c.post<Page<DepositRecord>>(WalletPath.deposits, {});
    expect(records.value.content[0]).toMatchObject({ status: 'completed', note: 'belowMinimum' });

    await chain().send('ETH', { address, asset: 'TPT', amount: '20' });
    await chain().mine('ETH', 12);
    await watch();
    expect((await spot(c, 'TPT'))?.available).toBe('20');

    await chain().send('ETH', { address, asset: 'TPT', amount: '3' });
    await chain().mine('ETH', 12);
    await watch();
    expect((await spot(c, 'TPT'))?.available).toBe('23');
  });

  it('are credited once when the watcher first sees a transaction already deep in the chain, and in any order', async () => {
    const { c } = await newUser();
    const { address } = (await c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'BTC' })).value;
    await chain().send('BTC', { address, asset: 'BTC', amount: '0.01' });
    await chain().mine('BTC', 5);
    await chain().send('BTC', { address, asset: 'BTC', amount: '0.02' });
    await chain().mine('BTC', 2);
    await Promise.all([watch(), watch()]);
    expect((await spot(c, 'BTC'))?.available).toBe('0.03');
    const records = await c.post<Page<DepositRecord>>(WalletPath.deposits, {});
    expect(records.value.content.map((r) => [r.amount, r.status])).toEqual([
      ['0.02', 'completed'],
      ['0.01', 'completed'],
    ]);
  });

  it('are private: one user cannot see another’s records', async () => {
    const { c } = await newUser();
    expect((await c.post<Page<DepositRecord>>(WalletPath.deposits, {})).value.total).toBe(0);
    expect((await c.post<Page<WithdrawalRecord>>(WalletPath.withdrawals, {})).value.total).toBe(0);
  });
});

describe('withdrawals', () => {
  async function funded(lang = 'en') {
    const user = await withFundPassword(lang);
    await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), user.userId);
    await seedDemoCustody(ctx.database.db, createLedgerService({ clock: ctx.clock }), user.userId, DEMO_HOLDINGS);
    return user;
  }

  it('refuse a wrong fund password, a bad address, an amount under the minimum, and too many decimals', async () => {
    const { c } = await funded('cn');
    const base = { asset: 'USDT', address: ETH_TARGET, amount: '100', fundPassword: '246810' };
    expect((await c.post(WalletPath.withdraw, { ...base, fundPassword: '000000', requestId: requestId() })).code).toBe('-1120');
    const bad = await c.post(WalletPath.withdraw, { ...base, address: BTC_TARGET, requestId: requestId() });
    expect(bad).toMatchObject({ status: 422, code: '-3202', message: '提现地址：不是有效的 ETH 地址' });
    expect(bad.value).toEqual({ fields: [{ field: 'address', rule: 'format', message: '提现地址：不是有效的 ETH 地址' }] });
    const typo = await c.post(WalletPath.withdraw, { ...base, address: ETH_TARGET.replace('EfFD', 'efFD'), requestId: requestId() });
    expect(typo).toMatchObject({ status: 422, code: '-3202', message: '提现地址：校验码不符，请逐字核对（含大小写）' });
    const short = await c.post(WalletPath.withdraw, { ...base, address: '0x12', requestId: requestId() });
    expect(short).toMatchObject({ status: 422, code: '-3202', message: '提现地址：不是有效的 ETH 地址' });
    const small = await c.post(WalletPath.withdraw, { ...base, amount: '5', requestId: requestId() });
    expect(small.message).toBe('提现数量不能低于 10 USDT');
    const fine = await c.post(WalletPath.withdraw, { ...base, amount: '10.0000001', requestId: requestId() });
    expect(fine.status).toBe(422);
    expect((await spot(c, 'USDT'))?.available).toBe('10000');
  });

  it('below the threshold: frozen with the fee, sent at once, completed after confirmations, fee to the platform', async () => {
    const { c } = await funded();
    const preview = await c.post<{ fee: string; total: string; needsReview: boolean }>(WalletPath.withdrawPreview, { asset: 'USDT', amount: '100' });
    expect(preview.value).toMatchObject({ fee: '1', total: '101', needsReview: false });
    const id = requestId();
    const res = await c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'USDT', address: ETH_TARGET, amount: '100', fundPassword: '246810', requestId: id });
    expect(res.value.status).toBe('in_transit');
    expect(res.value.txid).toMatch(/^0x[0-9a-f]{64}$/);
    const retry = await c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'USDT', address: ETH_TARGET, amount: '100', fundPassword: '246810', requestId: id });
    expect(retry.value.id).toBe(res.value.id);
    expect(await spot(c, 'USDT')).toMatchObject({ available: '9899', frozen: '101' });

    await chain().mine('ETH', 12);
    await watch();
    const records = await c.post<Page<WithdrawalRecord>>(WalletPath.withdrawals, {});
    expect(records.value.content[0]).toMatchObject({ status: 'completed', amount: '100', fee: '1' });
    expect(await spot(c, 'USDT')).toMatchObject({ available: '9899', frozen: '0' });
  });

  it('above the threshold: under review; a rejection releases the funds with the reason, an approval sends it, each audited once', async () => {
    const { c } = await funded();
    const big = await c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'BTC', address: BTC_TARGET, amount: '0.1', fundPassword: '246810', requestId: requestId() });
    expect(big.value.status).toBe('review');
    expect(await spot(c, 'BTC')).toMatchObject({ available: '0.3995', frozen: '0.1005' });

    expect((await staff.post(WalletPath.adminDecide, { id: big.value.id, approve: false })).status).toBe(422);
    const rejected = await staff.post<WithdrawalRecord>(WalletPath.adminDecide, { id: big.value.id, approve: false, reason: 'Address on a sanctions list' });
    expect(rejected.value).toMatchObject({ status: 'rejected', reason: 'Address on a sanctions list' });
    expect((await staff.post(WalletPath.adminDecide, { id: big.value.id, approve: true })).status).toBe(409);
    expect(await spot(c, 'BTC')).toMatchObject({ available: '0.5', frozen: '0' });

    const second = await c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'BTC', address: BTC_TARGET, amount: '0.1', fundPassword: '246810', requestId: requestId() });
    const approved = await staff.post<WithdrawalRecord>(WalletPath.adminDecide, { id: second.value.id, approve: true });
    expect(approved.value.status).toBe('in_transit');
    await chain().mine('BTC', 2);
    await watch();
    expect(await spot(c, 'BTC')).toMatchObject({ available: '0.3995', frozen: '0' });

    const audit = (await ctx.database.db.execute(
      `select action from audit_log where object_type = 'withdrawal' and object_id in ('${big.value.id}', '${second.value.id}') order by id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['wallet.withdrawal.reject', 'wallet.withdrawal.approve']);
  });

  it('a refused broadcast fails the withdrawal and releases the funds', async () => {
    const { c } = await funded();
    chain().failNextBroadcast();
    const res = await c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'ETH', address: ETH_TARGET, amount: '0.1', fundPassword: '246810', requestId: requestId() });
    expect(res.value.status).toBe('failed');
    expect(await spot(c, 'ETH')).toMatchObject({ available: '3', frozen: '0' });
  });

  it('many concurrent withdrawals of the whole balance: exactly one is accepted', async () => {
    const { c } = await funded();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'TPT', address: ETH_TARGET, amount: '19995', fundPassword: '246810', requestId: requestId() })),
    );
    expect(results.filter((r) => r.code === '0')).toHaveLength(1);
    expect(results.filter((r) => r.code !== '0').every((r) => r.message === 'Insufficient balance')).toBe(true);
    expect(await spot(c, 'TPT')).toMatchObject({ available: '0' });
  });

  it('keep each user’s address book to themselves', async () => {
    const { c } = await funded();
    const book = await c.post<{ id: string; label: string }[]>(WalletPath.addressBookAdd, { asset: 'BTC', label: 'cold', address: BTC_TARGET });
    expect(book.value.map((e) => e.label)).toEqual(['cold']);
    expect((await c.post(WalletPath.addressBookAdd, { asset: 'BTC', label: 'bad', address: ETH_TARGET })).status).toBe(422);
    const stranger = await newUser();
    expect((await stranger.c.post<unknown[]>(WalletPath.addressBook)).value).toEqual([]);
    expect((await stranger.c.post(WalletPath.addressBookDelete, { id: book.value[0]?.id })).status).toBe(404);
    expect((await c.post<unknown[]>(WalletPath.addressBookDelete, { id: book.value[0]?.id })).value).toEqual([]);
  });

  it('staff only for the queue and decisions; users cannot decide their own', async () => {
    const { c } = await funded();
    expect((await c.post(WalletPath.adminWithdrawals, {})).status).toBe(401);
    expect((await c.post(WalletPath.adminDecide, { id: '1', approve: true })).status).toBe(401);
  });
});

describe('custody', () => {
  it('keeps 2% hot and 98% cold per asset after a rebalance and the staff-approved refill above its own limit, recording the moves', async () => {
    await ctx.app.services.wallet.rebalance();
    const pending = (await staff.post<Page<RefillRow>>(WalletPath.adminRefills, { status: 'pending' })).value.content.find((r) => r.asset === 'BTC');
    expect(pending).toBeDefined();
    expect((await staff.post(WalletPath.adminRefillDecide, { id: pending?.id, approve: true })).code).toBe('0');
    await ctx.app.services.wallet.rebalance();
    const custody = (await staff.post<CustodyRow[]>(WalletPath.adminCustody)).value;
    const btc = custody.find((row) => row.asset === 'BTC');
    expect(btc).toBeDefined();
    expect(btc?.hot).toBe(Decimal.parse(btc?.total ?? '0').mul('0.02').truncate(8).toString());
    expect(Decimal.parse(btc?.hot ?? '0').add(btc?.cold ?? '0').toString()).toBe(btc?.total);
    expect(btc?.lastMoveAt).not.toBe('');
  });

  it('the books stay sound through all of it', async () => {
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });
});
