import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeAssetPath, type AssetFlowEntry, type AssetOverview, type Page, type TransferResult } from '@tp/contract';
import { createLedgerService, verifyLedger } from '../src/modules/ledger/index';
import { seedDemoHoldings } from '../src/modules/asset/index';
import { createTestApp, type TestContext } from './harness';
import { client, registerByPhone, type Client } from './identity-support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A new exchange user holding the demo amounts in spot (10000 USDT, 0.5 BTC, 3 ETH, 20000 TPT). */
async function fundedUser(lang = 'en'): Promise<{ c: Client; userId: string }> {
  const c = client(ctx, { lang });
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId);
  return { c, userId: session.userId };
}

let requestCounter = 0;
const requestId = () => `req-${process.pid}-${++requestCounter}`;

function balance(overview: AssetOverview, type: string, asset: string) {
  return overview.accounts.find((a) => a.accountType === type)?.balances.find((b) => b.asset === asset);
}

describe('exchange assets', () => {
  it('lists the configured assets with their rules, publicly', async () => {
    const res = await client(ctx).get<{ code: string; precision: number; minWithdraw: string; chain: string }[]>(ExchangeAssetPath.assets);
    expect(res.value.map((a) => a.code)).toEqual(['USDT', 'BTC', 'ETH', 'TPT']);
    expect(res.value.find((a) => a.code === 'BTC')).toMatchObject({ precision: 8, minWithdraw: '0.001', chain: 'BTC' });
  });

  it('shows every account type and asset with available, frozen, total and a USDT valuation', async () => {
    const { c } = await fundedUser();
    const res = await c.post<AssetOverview>(ExchangeAssetPath.overview);
    expect(res.code).toBe('0');
    expect(res.value.accounts.map((a) => a.accountType)).toEqual(['spot', 'contract', 'fiat']);
    expect(balance(res.value, 'spot', 'BTC')).toEqual({ asset: 'BTC', available: '0.5', frozen: '0', total: '0.5', usdtValue: '32500' });
    expect(balance(res.value, 'contract', 'USDT')).toEqual({ asset: 'USDT', available: '0', frozen: '0', total: '0', usdtValue: '0' });
    // 10000 + 0.5 × 65000 + 3 × 3200 + 20000 × 0.5
    expect(res.value.usdtValue).toBe('62100');
  });

  it('moves money between the user’s own accounts in one step, and a retry moves it once', async () => {
    const { c } = await fundedUser();
    const id = requestId();
    const first = await c.post<TransferResult>(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'contract', amount: '1234.5', requestId: id });
    expect(first.code).toBe('0');
    expect(first.value.from.available).toBe('8765.5');
    expect(first.value.to.available).toBe('1234.5');

    const retry = await c.post<TransferResult>(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'contract', amount: '1234.5', requestId: id });
    expect(retry.code).toBe('0');
    expect(retry.value.journalId).toBe(first.value.journalId);

    const overview = (await c.post<AssetOverview>(ExchangeAssetPath.overview)).value;
    expect(balance(overview, 'spot', 'USDT')?.available).toBe('8765.5');
    expect(balance(overview, 'contract', 'USDT')?.available).toBe('1234.5');
    expect(overview.usdtValue).toBe('62100');
  });

  it('refuses amounts that are not plain positive numbers, naming the field', async () => {
    const { c } = await fundedUser();
    for (const amount of ['0', '-1', '1e3', '1,000', ' 5', 'abc', '0.000']) {
      const res = await c.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'fiat', amount, requestId: requestId() });
      expect(res.status, amount).toBe(422);
      expect(JSON.stringify(res.value), amount).toContain('amount');
    }
    const same = await c.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'spot', amount: '1', requestId: requestId() });
    expect(same.status).toBe(422);
    expect(JSON.stringify(same.value)).toContain('to');
  });

  it('refuses more decimals than the asset has, more than the balance, and unknown assets, moving nothing', async () => {
    const { c } = await fundedUser('cn');
    const tooFine = await c.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'fiat', amount: '1.0000001', requestId: requestId() });
    expect(tooFine.status).toBe(422);
    expect(tooFine.message).toBe('数量最多 6 位小数');

    const tooMuch = await c.post(ExchangeAssetPath.transfer, { asset: 'BTC', from: 'spot', to: 'fiat', amount: '0.50000001', requestId: requestId() });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.message).toBe('余额不足');

    const unknown = await c.post(ExchangeAssetPath.transfer, { asset: 'DOGE', from: 'spot', to: 'fiat', amount: '1', requestId: requestId() });
    expect(unknown.status).toBe(404);

    const overview = (await c.post<AssetOverview>(ExchangeAssetPath.overview)).value;
    expect(balance(overview, 'spot', 'BTC')?.available).toBe('0.5');
    expect(balance(overview, 'fiat', 'BTC')?.available).toBe('0');
  });

  it('never overdraws when many transfers of the whole balance race', async () => {
    const { c } = await fundedUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => c.post(ExchangeAssetPath.transfer, { asset: 'ETH', from: 'spot', to: 'contract', amount: '3', requestId: requestId() })),
    );
    expect(results.filter((r) => r.code === '0')).toHaveLength(1);
    const overview = (await c.post<AssetOverview>(ExchangeAssetPath.overview)).value;
    expect(balance(overview, 'spot', 'ETH')?.available).toBe('0');
    expect(balance(overview, 'contract', 'ETH')?.available).toBe('3');
  });

  it('lists each account’s financial log, filtered and paged, and only the caller’s own', async () => {
    const { c } = await fundedUser();
    for (const amount of ['1', '2', '3']) await c.post(ExchangeAssetPath.transfer, { asset: 'TPT', from: 'spot', to: 'fiat', amount, requestId: requestId() });

    const fiat = await c.post<Page<AssetFlowEntry>>(ExchangeAssetPath.flow, { accountType: 'fiat', page: 0, size: 2 });
    expect(fiat.value.total).toBe(3);
    expect(fiat.value.content.map((e) => e.amount)).toEqual(['3', '2']);
    expect(fiat.value.content[0]).toMatchObject({ type: 'exchange.transfer', asset: 'TPT', accountType: 'fiat', balanceAfter: '6' });

    const spotTransfers = await c.post<Page<AssetFlowEntry>>(ExchangeAssetPath.flow, { accountType: 'spot', asset: 'TPT', type: 'exchange.transfer' });
    expect(spotTransfers.value.content.map((e) => e.amount)).toEqual(['-3', '-2', '-1']);

    const stranger = await fundedUser();
    const theirs = await stranger.c.post<Page<AssetFlowEntry>>(ExchangeAssetPath.flow, { accountType: 'fiat' });
    expect(theirs.value.total).toBe(0);
  });

  it('needs a session for anything of a user', async () => {
    const res = await client(ctx).post(ExchangeAssetPath.overview);
    expect(res.code).toBe('-10011');
  });

  it('keeps the books sound', async () => {
    const report = await verifyLedger(ctx.database.db, ctx.clock);
    expect(report.ok).toBe(true);
  });
});
