import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binance, type Exchange } from 'ccxt';
import type { CreatedApiKey } from '@tp/contract';
import { createTestApp, type TestContext } from './harness';
import { createApiKey, spotBalance, trader } from './spot-support';

let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.http.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.http.server.address() as AddressInfo).port}/api/v3`;
});
afterAll(() => ctx.close());

/** The stock CCXT Binance client, pointed at this server with a user's API key. */
function ccxtClient(key?: CreatedApiKey): Exchange {
  const exchange = new binance({
    ...(key ? { apiKey: key.apiKey, secret: key.secret } : {}),
    enableRateLimit: false,
    options: { defaultType: 'spot', fetchMarkets: ['spot'], fetchCurrencies: false, fetchMargins: false, adjustForTimeDifference: false },
  });
  exchange.urls['api'] = { public: baseUrl, private: baseUrl, v1: baseUrl, v3: baseUrl, sapi: baseUrl };
  // The client's clock agrees with the server's (the tests' clock stands still).
  exchange.nonce = () => ctx.clock.now().getTime();
  return exchange;
}

describe('the Binance-shaped API through CCXT', () => {
  it('loads the markets with their precisions and limits', async () => {
    const exchange = ccxtClient();
    const markets = await exchange.loadMarkets();
    const btc = markets['BTC/USDT'];
    expect(btc).toMatchObject({ id: 'BTCUSDT', base: 'BTC', quote: 'USDT', spot: true, active: true, type: 'spot' });
    expect(btc?.precision).toMatchObject({ price: 0.01, amount: 0.00001 });
    expect(btc?.limits.cost?.min).toBe(5);
    expect(btc?.limits.amount?.min).toBe(0.00001);
    expect(await exchange.fetchTime()).toBe(ctx.clock.now().getTime());
  });

  it('trades between two users’ keys: limit sell, market buy by cost, book, candles, ticker, balances, cancel and fills', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const sellerApi = ccxtClient(await createApiKey(seller.c, { label: 'seller bot' }));
    const buyerApi = ccxtClient(await createApiKey(buyer.c, { label: 'buyer bot' }));

    const ask = await sellerApi.createOrder('BTC/USDT', 'limit', 'sell', 0.2, 60000);
    expect(ask).toMatchObject({ symbol: 'BTC/USDT', type: 'limit', side: 'sell', price: 60000, amount: 0.2, filled: 0, status: 'open' });
    const askId = ask.id ?? '';
    expect(askId).toMatch(/^\d+$/);

    const book = await buyerApi.fetchOrderBook('BTC/USDT');
    expect(book.asks).toEqual([[60000, 0.2]]);
    expect(book.bids).toEqual([]);

    const bought = await buyerApi.createMarketBuyOrderWithCost('BTC/USDT', 6000);
    expect(bought).toMatchObject({ type: 'market', side: 'buy', status: 'closed', filled: 0.1, cost: 6000, average: 60000 });
    expect(bought.trades).toHaveLength(1);
    expect(bought.trades[0]).toMatchObject({ price: 60000, amount: 0.1 });

    // Buyer pays 6000 plus the 0.1% taker fee; the seller receives 6000 less the 0.1% maker fee.
    const buyerBalance = await buyerApi.fetchBalance();
    expect(buyerBalance['USDT']).toMatchObject({ free: 3994, used: 0, total: 3994 });
    expect(buyerBalance['BTC']).toMatchObject({ free: 0.6, used: 0, total: 0.6 });
    const sellerBalance = await sellerApi.fetchBalance();
    expect(sellerBalance['USDT']).toMatchObject({ free: 15994, used: 0 });
    expect(sellerBalance['BTC']).toMatchObject({ free: 0.3, used: 0.1, total: 0.4 });
    // The exchange's own pages show the same money.
    expect(await spotBalance(buyer.c, 'USDT')).toMatchObject({ available: '3994', frozen: '0' });

    const candles = await buyerApi.fetchOHLCV('BTC/USDT', '1m');
    expect(candles).toHaveLength(1);
    expect(candles[0]?.slice(1)).toEqual([60000, 60000, 60000, 60000, 0.1]);

    const ticker = await buyerApi.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ symbol: 'BTC/USDT', last: 60000, high: 60000, low: 60000, baseVolume: 0.1, quoteVolume: 6000, ask: 60000, askVolume: 0.1 });

    const open = await sellerApi.fetchOpenOrders('BTC/USDT');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: ask.id, status: 'open', filled: 0.1, remaining: 0.1, price: 60000 });

    const cancelled = await sellerApi.cancelOrder(askId, 'BTC/USDT');
    expect(cancelled).toMatchObject({ id: ask.id, status: 'canceled', filled: 0.1 });
    expect(await sellerApi.fetchOpenOrders('BTC/USDT')).toEqual([]);
    expect((await sellerApi.fetchBalance())['BTC']).toMatchObject({ free: 0.4, used: 0 });
    expect((await buyerApi.fetchOrderBook('BTC/USDT')).asks).toEqual([]);

    const buyerTrades = await buyerApi.fetchMyTrades('BTC/USDT');
    expect(buyerTrades).toHaveLength(1);
    expect(buyerTrades[0]).toMatchObject({ order: bought.id, side: 'buy', takerOrMaker: 'taker', price: 60000, amount: 0.1, cost: 6000, fee: { currency: 'USDT', cost: 6 } });
    const sellerTrades = await sellerApi.fetchMyTrades('BTC/USDT');
    expect(sellerTrades).toHaveLength(1);
    expect(sellerTrades[0]).toMatchObject({ id: buyerTrades[0]?.id, order: ask.id, side: 'sell', takerOrMaker: 'maker', fee: { currency: 'USDT', cost: 6 } });

    const fetched = await sellerApi.fetchOrder(askId, 'BTC/USDT');
    expect(fetched).toMatchObject({ status: 'canceled', filled: 0.1, amount: 0.2 });
  });

  it('surfaces refusals as CCXT’s errors', async () => {
    const t = await trader(ctx);
    const readOnly = ccxtClient(await createApiKey(t.c, { scopes: ['read'] }));
    await expect(readOnly.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 1000)).rejects.toThrow(/-2015/);
    const trading = ccxtClient(await createApiKey(t.c));
    await expect(trading.createOrder('ETH/USDT', 'limit', 'sell', 100, 1000)).rejects.toThrow(/-2010/);
    await expect(trading.cancelOrder('987654', 'ETH/USDT')).rejects.toThrow(/-2011/);
  });
});
