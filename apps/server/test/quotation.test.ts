import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingPath, QuotationPath, WsTopic, type Kline, type Listing, type ListingPick, type QuotationMarket, type QuotationTops, type QuotationTrade, type TimeSharingPoint } from '@tp/contract';
import { listenForWebSockets, type TestContext } from './harness';
import type { Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';
import { WsClient } from './system-fakes';

let ctx: TestContext;
let world: ListingWorld;
let wsUrl: string;

beforeAll(async () => {
  ({ ctx, world } = await startListingApp());
  wsUrl = await listenForWebSockets(ctx.app);
});
afterAll(() => ctx.close());

async function ok<T>(c: Client, path: string, body: object): Promise<T> {
  const res = await c.post<T>(path, body);
  expect(res.code, res.message).toBe('0');
  return res.value;
}

/** A seller lists rebar at `price`; a buyer picks `quantity` of it and the seller confirms: one deal. */
async function deal(price: string, quantity: string) {
  const seller = await world.firmWithFunds('500');
  const holding = await world.storedHolding(seller.c);
  const listing = await ok<Listing>(seller.c, ListingPath.create, world.listingRequest.spot(holding.holdId, { price, quantity: '40', weight: '100.2' }));
  const buyer = await world.firmWithFunds('100000');
  const pick = await ok<ListingPick>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity });
  return { seller, buyer, pick, confirm: () => ok<ListingPick>(seller.c, ListingPath.confirmPick, { pickId: pick.pickId }) };
}

const rebarOf = async (c: Client) => (await ok<QuotationMarket[]>(c, QuotationPath.markets, {})).find((m) => m.symbol === '螺纹钢')!;

describe('quotations from confirmed picks', () => {
  it('shows every commodity before its first deal, without prices', async () => {
    const visitor = (await world.firmWithFunds('1')).c;
    const markets = await ok<QuotationMarket[]>(visitor, QuotationPath.markets, {});
    expect(markets.length).toBeGreaterThan(5);
    expect(await rebarOf(visitor)).toMatchObject({ price: null, quotechange: null, bsFlag: null, volume: '0.000', amount: '0.00' });
    expect(await ok<QuotationTrade[]>(visitor, QuotationPath.trades, { commodityId: (await rebarOf(visitor)).commodityId })).toEqual([]);
  });

  it('a pick counts once it is confirmed: market detail, time line, K-line, trades and tops follow, and the push goes out live', async () => {
    const first = await deal('1000', '10');
    const rebar = await rebarOf(first.buyer.c);
    // Awaiting confirmation is not a deal yet.
    expect(rebar.price).toBeNull();

    const ws = await WsClient.connect(wsUrl);
    try {
      expect(await ws.request({ op: 'subscribe', topics: [WsTopic.of('quotation', rebar.commodityId)] })).toMatchObject({ type: 'ack' });
      await first.confirm();
      await ctx.app.platform.publisher.flush();
      const push = await ws.next({ type: 'quotation' });
      expect(push).toMatchObject({
        topic: `quotation:${rebar.commodityId}`,
        data: {
          market: { commodityId: rebar.commodityId, symbol: '螺纹钢', price: '1000.00', bsFlag: 'B', volume: '10.000', amount: '10000.00', quotechange: '0.00' },
          trade: { price: '1000.00', volume: '10.000', amount: '10000.00', bsFlag: 'B', source: 'pick' },
        },
      });
    } finally {
      ws.close();
    }

    const second = await deal('1100', '5');
    await second.confirm();
    const c = second.buyer.c;
    expect(await rebarOf(c)).toMatchObject({
      price: '1100.00',
      openPrice: '1000.00',
      highestPrice: '1100.00',
      lowestPrice: '1000.00',
      change: '100.00',
      quotechange: '10.00',
      volume: '15.000',
      amount: '15500.00',
      preClosePrice: null,
    });

    const trades = await ok<QuotationTrade[]>(c, QuotationPath.trades, { commodityId: rebar.commodityId });
    expect(trades.map((t) => [t.price, t.volume])).toEqual([
      ['1100.00', '5.000'],
      ['1000.00', '10.000'],
    ]);

    // Both deals fall in the same minute of the (test) clock: the later price, the day's average 15500 / 15.
    const line = await ok<TimeSharingPoint[]>(c, QuotationPath.timeline, { commodityId: rebar.commodityId });
    expect(line).toHaveLength(1);
    expect(line[0]).toMatchObject({ price: '1100.00', averagePrice: '1033.33', volume: '15.000' });

    const candles = await ok<Kline[]>(c, QuotationPath.kline, { commodityId: rebar.commodityId, period: '1d' });
    expect(candles).toHaveLength(1);
    expect(candles[0]).toMatchObject({ openPrice: '1000.00', closePrice: '1100.00', highestPrice: '1100.00', lowestPrice: '1000.00', volume: '15.000', quoteVolume: '15500.00' });
    // A day candle starts at midnight in Shanghai.
    expect(new Date(candles[0]!.belongTime).getTime() % 86_400_000).toBe(16 * 3_600_000);

    const tops = await ok<QuotationTops>(c, QuotationPath.tops, { size: 7 });
    expect(tops.gainers[0]).toMatchObject({ symbol: '螺纹钢', quotechange: '10.00' });
    expect(tops.turnover.map((m) => m.symbol)).toEqual(['螺纹钢']);
  });

  it('a refused pick makes no deal', async () => {
    const refused = await deal('5000', '1');
    const { commodityId } = await rebarOf(refused.buyer.c);
    const before = await ok<QuotationTrade[]>(refused.buyer.c, QuotationPath.trades, { commodityId });
    await ok<ListingPick>(refused.seller.c, ListingPath.refusePick, { pickId: refused.pick.pickId });
    expect(await ok<QuotationTrade[]>(refused.buyer.c, QuotationPath.trades, { commodityId })).toEqual(before);
    expect((await rebarOf(refused.buyer.c)).highestPrice).not.toBe('5000.00');
  });

  it('refuses an unknown commodity and a top size other than 7 or 10, naming the field', async () => {
    const c = (await world.firmWithFunds('1')).c;
    const unknown = await c.post(QuotationPath.kline, { commodityId: '999999', period: '1d' });
    expect(unknown.message).toBe('No such commodity (commodityId)');
    const badSize = await c.post(QuotationPath.tops, { size: 8 });
    expect(badSize.code).not.toBe('0');
    expect(badSize.message).toContain('size');
  });
});
