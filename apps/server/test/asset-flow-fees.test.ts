import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeAssetPath, SpotPath, type AssetFlowEntry, type Page, type SpotOrder } from '@tp/contract';
import { verifyLedger } from '../src/modules/ledger/index';
import { createTestApp, type TestContext } from './harness';
import type { Client } from './identity-support';
import { trader } from './spot-support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const place = (c: Client, body: Record<string, unknown>) => c.post<SpotOrder>(SpotPath.place, { symbol: 'BTCUSDT', ...body });
const spotFlow = async (c: Client, asset: string) =>
  (await c.post<Page<AssetFlowEntry>>(ExchangeAssetPath.flow, { accountType: 'spot', asset, type: 'spot.trade', page: 0, size: 10 })).value.content;

describe('the financial log of a spot trade', () => {
  it('tells each side’s fee apart from the trade amount, in the quote asset, without another journal', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    expect((await place(seller.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.1' })).code).toBe('0');
    expect((await place(buyer.c, { side: 'buy', type: 'limit', price: '60000', quantity: '0.04' })).value.status).toBe('filled');

    // Seller (maker, 0.1 %): credited 2400 − 2.4; the line says the fee was 2.4 USDT.
    const [sold] = await spotFlow(seller.c, 'USDT');
    expect(sold).toMatchObject({ type: 'spot.trade', asset: 'USDT', amount: '2397.6', balanceAfter: '12397.6', fee: { asset: 'USDT', amount: '2.4' } });

    // Buyer (taker, 0.1 %): receives 0.04 BTC; the 2.4 USDT fee came out of the order's frozen funds.
    const [bought] = await spotFlow(buyer.c, 'BTC');
    expect(bought).toMatchObject({ type: 'spot.trade', asset: 'BTC', amount: '0.04', balanceAfter: '0.54', fee: { asset: 'USDT', amount: '2.4' } });

    // One fill, one journal: the buyer's USDT never moves on the available account in that journal.
    expect(await spotFlow(buyer.c, 'USDT')).toEqual([]);
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('shows no fee on lines other than trades', async () => {
    const { c } = await trader(ctx);
    const all = (await c.post<Page<AssetFlowEntry>>(ExchangeAssetPath.flow, { accountType: 'spot', page: 0, size: 10 })).value.content;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((line) => line.fee === undefined)).toBe(true);
  });
});
