import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/decimal';
import { SpotPath, WS_PATH, type DepthSnapshot, type Page, type SpotMyTrade, type SpotOrder } from '@tp/contract';
import { verifyLedger } from '../src/modules/ledger/index';
import { createTestApp, type TestContext } from './harness';
import { client, type Client } from './identity-support';
import { restarted, spotBalance, trader } from './spot-support';
import { WsClient } from './system-fakes';

// Every test starts from empty books: stop orders fire on the trades of their market only.
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp();
});
afterEach(async () => {
  expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  await ctx.close();
});

const place = async (c: Client, body: Record<string, unknown>) => {
  const res = await c.post<SpotOrder>(SpotPath.place, { symbol: 'BTCUSDT', ...body });
  return res;
};
const placed = async (c: Client, body: Record<string, unknown>): Promise<SpotOrder> => {
  const res = await place(c, body);
  if (res.code !== '0') throw new Error(`order refused: ${res.message}`);
  return res.value;
};
const history = async (c: Client, symbol = 'BTCUSDT') => (await c.post<Page<SpotOrder>>(SpotPath.history, { symbol, page: 0, size: 50 })).value.content;
const find = async (c: Client, orderId: string) => (await history(c)).find((o) => o.orderId === orderId) ?? (await history(c, 'ETHUSDT')).find((o) => o.orderId === orderId);
const depth = async (symbol = 'BTCUSDT') => (await ctx.app.services.spot.depth(symbol, 50)) as DepthSnapshot;

describe('market orders', () => {
  it('a market buy by total whose leftover is less than one lot is filled, with its average price and fee', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    await placed(seller.c, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '3000.01', quantity: '1' });
    // 100 USDT buys 333 lots of 0.0001 ETH at 3000.01 (99.900333); 0.099667 is left, less than one more lot.
    const order = await placed(buyer.c, { symbol: 'ETHUSDT', side: 'buy', type: 'market', quoteAmount: '100' });
    expect(order).toMatchObject({ status: 'filled', filledQuantity: '0.0333', filledQuote: '99.900333', averagePrice: '3000.01', fee: '0.09990033' });
    expect(order.endReason).toBeUndefined();
    expect(await spotBalance(buyer.c, 'USDT')).toMatchObject({ available: '9899.99976667', frozen: '0' });
  });

  it('show their filled amount, total, average price and fee in the order history', async () => {
    const bidder = await trader(ctx);
    const seller = await trader(ctx);
    await placed(bidder.c, { side: 'buy', type: 'limit', price: '60000', quantity: '0.02' });
    await placed(bidder.c, { side: 'buy', type: 'limit', price: '59000', quantity: '0.02' });
    const sold = await placed(seller.c, { side: 'sell', type: 'market', quantity: '0.04' });
    const shown = await find(seller.c, sold.orderId);
    expect(shown).toMatchObject({ type: 'market', status: 'filled', quantity: '0.04', filledQuantity: '0.04', filledQuote: '2380', averagePrice: '59500', fee: '2.38' });
  });

  it('a market buy by quantity reserves what the book asks, buys that quantity and releases the rest', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    await placed(seller.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.01' });
    await placed(seller.c, { side: 'sell', type: 'limit', price: '61000', quantity: '0.01' });
    const order = await placed(buyer.c, { side: 'buy', type: 'market', quantity: '0.015' });
    expect(order).toMatchObject({ status: 'filled', filledQuantity: '0.015', filledQuote: '905', averagePrice: '60333.333333333333333333' });
    expect(await spotBalance(buyer.c, 'USDT')).toMatchObject({ available: '9094.095', frozen: '0' });
    expect(await spotBalance(buyer.c, 'BTC')).toMatchObject({ available: '0.515' });
  });
});

describe('self-trade prevention', () => {
  it('expires the incoming order by default, and says why', async () => {
    const t = await trader(ctx);
    const ask = await placed(t.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.01' });
    const bid = await placed(t.c, { side: 'buy', type: 'limit', price: '60000', quantity: '0.01' });
    expect(bid).toMatchObject({ status: 'cancelled', endReason: 'stp', stpMode: 'EXPIRE_TAKER', filledQuantity: '0' });
    expect((await find(t.c, ask.orderId))?.status).toBe('new');
  });

  it('expires the resting order with EXPIRE_MAKER, both with EXPIRE_BOTH, and lets them trade with NONE', async () => {
    const t = await trader(ctx);
    const other = await trader(ctx);
    const own = await placed(t.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.01' });
    await placed(other.c, { side: 'sell', type: 'limit', price: '60001', quantity: '0.01' });
    const taker = await placed(t.c, { side: 'buy', type: 'limit', price: '60001', quantity: '0.01', stpMode: 'EXPIRE_MAKER' });
    expect(taker).toMatchObject({ status: 'filled', filledQuote: '600.01' });
    expect(await find(t.c, own.orderId)).toMatchObject({ status: 'cancelled', endReason: 'stp' });

    const own2 = await placed(t.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.01' });
    const both = await placed(t.c, { side: 'buy', type: 'limit', price: '60000', quantity: '0.01', stpMode: 'EXPIRE_BOTH' });
    expect(both).toMatchObject({ status: 'cancelled', endReason: 'stp' });
    expect(await find(t.c, own2.orderId)).toMatchObject({ status: 'cancelled', endReason: 'stp' });

    await placed(t.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.01' });
    expect(await placed(t.c, { side: 'buy', type: 'limit', price: '60000', quantity: '0.01', stpMode: 'NONE' })).toMatchObject({ status: 'filled' });
  });
});

describe('stop orders', () => {
  /** One trade at `price` between two other users: moves the last price. */
  async function tradeAt(price: string, quantity = '0.001') {
    const a = await trader(ctx);
    const b = await trader(ctx);
    await placed(a.c, { side: 'sell', type: 'limit', price, quantity });
    expect((await placed(b.c, { side: 'buy', type: 'limit', price, quantity })).status).toBe('filled');
  }

  it('a stop-limit waits off the book until another user’s trade reaches its stop price, then trades and is pushed live', async () => {
    await tradeAt('60000');
    const stopper = await trader(ctx);
    const bidder = await trader(ctx);
    await placed(bidder.c, { side: 'buy', type: 'limit', price: '58950', quantity: '0.02' });
    const address = await ctx.app.http.listen({ port: 0, host: '127.0.0.1' });
    const ws = await WsClient.connect(`${address.replace('http', 'ws')}${WS_PATH}`);
    try {
      expect(await ws.request({ op: 'auth', sessionStr: stopper.session.sessionStr, userId: stopper.userId, firmId: stopper.session.firmId })).toMatchObject({ type: 'ack' });
      expect(await ws.request({ op: 'subscribe', topics: [`user:${stopper.userId}`] })).toMatchObject({ type: 'ack' });

      const stop = await placed(stopper.c, { side: 'sell', type: 'stop_limit', stopPrice: '59000', price: '58900', quantity: '0.01' });
      expect(stop).toMatchObject({ status: 'new', waiting: true, stopPrice: '59000', type: 'stop_limit' });
      expect(await spotBalance(stopper.c, 'BTC')).toMatchObject({ available: '0.49', frozen: '0.01' });
      expect((await depth()).asks).toEqual([]);
      // A stop already reached is refused.
      expect((await place(stopper.c, { side: 'sell', type: 'stop_limit', stopPrice: '60000', price: '59000', quantity: '0.01' })).message).toBe(
        'Failed to place an order: the stop price has already been reached; the order would trigger immediately',
      );

      await tradeAt('59000');
      const fired = await find(stopper.c, stop.orderId);
      expect(fired).toMatchObject({ status: 'filled', waiting: false, filledQuantity: '0.01', averagePrice: '58950' });
      const pushed = () => ws.messages.filter((m) => m.type === 'order' && (m.data as SpotOrder).orderId === stop.orderId).map((m) => m.data as SpotOrder);
      await expect.poll(() => pushed().at(-1)?.status).toBe('filled');
      expect(pushed()[0]).toMatchObject({ status: 'new', waiting: true });
      expect(await spotBalance(stopper.c, 'BTC')).toMatchObject({ available: '0.49', frozen: '0' });
    } finally {
      ws.close();
    }
  });

  it('a stop-market buy by total fires when the price rises to it; cancelling a waiting stop releases its reserve', async () => {
    await tradeAt('60000');
    const t = await trader(ctx);
    const seller = await trader(ctx);
    const cancelled = await placed(t.c, { side: 'buy', type: 'stop_market', stopPrice: '62000', quoteAmount: '100' });
    expect((await t.c.post<SpotOrder>(SpotPath.cancel, { symbol: 'BTCUSDT', orderId: cancelled.orderId })).value).toMatchObject({ status: 'cancelled', endReason: 'user' });
    const stop = await placed(t.c, { side: 'buy', type: 'stop_market', stopPrice: '61000', quoteAmount: '610' });
    await placed(seller.c, { side: 'sell', type: 'limit', price: '61000', quantity: '0.02' });
    await tradeAt('61000');
    expect(await find(t.c, stop.orderId)).toMatchObject({ status: 'filled', filledQuantity: '0.01', filledQuote: '610' });
    expect(await spotBalance(t.c, 'USDT')).toMatchObject({ frozen: '0' });
  });

  it('a waiting stop order survives a restart and fires afterwards', async () => {
    await tradeAt('60000');
    const t = await trader(ctx);
    const stop = await placed(t.c, { side: 'sell', type: 'stop_limit', stopPrice: '59000', price: '59000', quantity: '0.01' });
    ctx = await restarted(ctx);
    expect((await depth()).asks).toEqual([]);
    await tradeAt('59000');
    // Fired by the trade at 59000, it rests on the book as the limit order it carries.
    const again = client(ctx);
    again.useSession(t.session);
    expect(await find(again, stop.orderId)).toMatchObject({ status: 'new', waiting: false });
    expect((await depth()).asks).toEqual([['59000', '0.01']]);
  });
});

describe('OCO pairs', () => {
  it('a fill of the limit order cancels the stop order; the pair freezes its quantity once', async () => {
    const t = await trader(ctx);
    const buyer = await trader(ctx);
    const pair = (await t.c.post<SpotOrder[]>(SpotPath.placeOco, { symbol: 'BTCUSDT', side: 'sell', quantity: '0.01', price: '62000', stopPrice: '58000', stopLimitPrice: '57900' })).value;
    expect(pair.map((o) => [o.type, o.status, o.listId])).toEqual([
      ['limit', 'new', pair[0]?.orderId],
      ['stop_limit', 'new', pair[0]?.orderId],
    ]);
    expect(await spotBalance(t.c, 'BTC')).toMatchObject({ available: '0.49', frozen: '0.01' });
    await placed(buyer.c, { side: 'buy', type: 'limit', price: '62000', quantity: '0.004' });
    expect(await find(t.c, pair[0]!.orderId)).toMatchObject({ status: 'partially_filled', filledQuantity: '0.004' });
    expect(await find(t.c, pair[1]!.orderId)).toMatchObject({ status: 'cancelled', endReason: 'oco' });
  });

  it('the stop order firing cancels the limit order and sells with the pair’s reserve', async () => {
    const t = await trader(ctx);
    const a = await trader(ctx);
    const b = await trader(ctx);
    const pair = (await t.c.post<SpotOrder[]>(SpotPath.placeOco, { symbol: 'BTCUSDT', side: 'sell', quantity: '0.01', price: '62000', stopPrice: '58000' })).value;
    await placed(a.c, { side: 'buy', type: 'limit', price: '57990', quantity: '0.02' });
    await placed(b.c, { side: 'sell', type: 'limit', price: '58000', quantity: '0.001' });
    await placed(a.c, { side: 'buy', type: 'limit', price: '58000', quantity: '0.001' });
    expect(await find(t.c, pair[0]!.orderId)).toMatchObject({ status: 'cancelled', endReason: 'oco' });
    expect(await find(t.c, pair[1]!.orderId)).toMatchObject({ type: 'stop_market', status: 'filled', filledQuantity: '0.01', averagePrice: '57990' });
    expect(await spotBalance(t.c, 'BTC')).toMatchObject({ available: '0.49', frozen: '0' });
    expect((await depth()).asks).toEqual([]);
  });
  it('a buy pair whose stop order is a stop-market in the base asset survives a restart and buys within the pair’s reserve when it fires', async () => {
    const t = await trader(ctx);
    const a = await trader(ctx);
    const b = await trader(ctx);
    await placed(a.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.001' });
    await placed(b.c, { side: 'buy', type: 'limit', price: '60000', quantity: '0.001' });
    const pair = (await t.c.post<SpotOrder[]>(SpotPath.placeOco, { symbol: 'BTCUSDT', side: 'buy', quantity: '0.01', price: '58000', stopPrice: '61000' })).value;
    expect(pair.map((o) => o.type)).toEqual(['limit', 'stop_market']);
    ctx = await restarted(ctx);
    const [again, seller, buyer] = [t, a, b].map((who) => {
      const c = client(ctx);
      c.useSession(who.session);
      return c;
    }) as [Client, Client, Client];
    await placed(seller, { side: 'sell', type: 'limit', price: '61000', quantity: '0.02' });
    await placed(buyer, { side: 'buy', type: 'limit', price: '61000', quantity: '0.001' });
    expect(await find(again, pair[0]!.orderId)).toMatchObject({ status: 'cancelled', endReason: 'oco' });
    expect(await find(again, pair[1]!.orderId)).toMatchObject({ status: 'filled', filledQuantity: '0.01', averagePrice: '61000' });
    expect(await spotBalance(again, 'USDT')).toMatchObject({ frozen: '0' });
  });
});

describe('cancel all and my trades', () => {
  it('cancel every open order of one market or of all markets, stop orders included', async () => {
    const t = await trader(ctx);
    await placed(t.c, { side: 'buy', type: 'limit', price: '50000', quantity: '0.01' });
    await placed(t.c, { side: 'sell', type: 'stop_limit', stopPrice: '40000', price: '40000', quantity: '0.01', trigger: 'down' });
    await placed(t.c, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2000', quantity: '0.1' });
    const one = await t.c.post<SpotOrder[]>(SpotPath.cancelAll, { symbol: 'BTCUSDT' });
    expect(one.value.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
    await placed(t.c, { side: 'buy', type: 'limit', price: '50000', quantity: '0.01' });
    const all = await t.c.post<SpotOrder[]>(SpotPath.cancelAll, {});
    expect(all.value.map((o) => o.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect((await t.c.post<SpotOrder[]>(SpotPath.openOrders, {})).value).toEqual([]);
    expect(await spotBalance(t.c, 'USDT')).toMatchObject({ available: '10000', frozen: '0' });
  });

  it('list the user’s own fills, newest first, with role and fee', async () => {
    const maker = await trader(ctx);
    const taker = await trader(ctx);
    await placed(maker.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.02' });
    await placed(taker.c, { side: 'buy', type: 'limit', price: '60000', quantity: '0.01' });
    await placed(taker.c, { side: 'buy', type: 'market', quoteAmount: '300' });
    const mine = (await taker.c.post<Page<SpotMyTrade>>(SpotPath.myTrades, { page: 0, size: 10 })).value;
    expect(mine.total).toBe(2);
    expect(mine.content.map((t) => [t.side, t.role, t.quantity, t.fee])).toEqual([
      ['buy', 'taker', '0.005', '0.3'],
      ['buy', 'taker', '0.01', '0.6'],
    ]);
    const theirs = (await maker.c.post<Page<SpotMyTrade>>(SpotPath.myTrades, { symbol: 'BTCUSDT', page: 0, size: 10 })).value;
    expect(theirs.content.map((t) => t.role)).toEqual(['maker', 'maker']);
    expect(Decimal.parse(theirs.content[0]!.price).eq('60000')).toBe(true);
  });
});
