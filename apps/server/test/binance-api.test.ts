import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binance, type Exchange } from 'ccxt';
import { PaymentPasswordPath, WalletPath, type CreatedApiKey, type WithdrawalRecord } from '@tp/contract';
import { createTestApp, type TestContext } from './harness';
import { createFirmService } from '../src/modules/firm/index';
import { platformStaff, seedDemoIdentities } from '../src/modules/identity/index';
import { seedStaffRoles } from '../src/modules/staff/index';
import { staffClient } from './identity-support';
import { createApiKey, spotBalance, trader } from './spot-support';

let ctx: TestContext;
let server: string;
/** An address outside the platform (BIP-173's P2WPKH example). */
const BTC_TARGET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const STAFF_PASSWORD = 'Demo@123456';

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.http.listen({ host: '127.0.0.1', port: 0 });
  server = `http://127.0.0.1:${(ctx.app.http.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/**
 * The stock CCXT Binance client with no option set: only its addresses point at this server
 * (every Binance host, paths kept), with a user's API key.
 */
function ccxtClient(key?: CreatedApiKey): Exchange {
  const exchange = new binance(key ? { apiKey: key.apiKey, secret: key.secret } : {});
  const urls = exchange.urls['api'] as Record<string, string>;
  exchange.urls['api'] = Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, url.replace(/^https:\/\/[^/]+/, server)]));
  // The client's clock agrees with the server's (the tests' clock stands still).
  exchange.nonce = () => ctx.clock.now().getTime();
  return exchange;
}

describe('the Binance-shaped API through CCXT', () => {
  it('loads the markets with their precisions and limits', async () => {
    const exchange = ccxtClient();
    const markets = await exchange.loadMarkets();
    expect(Object.values(markets).every((m) => m?.spot)).toBe(true);
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

  it('advertises the self-trade prevention it applies and the order types it takes', async () => {
    const info = (await (await fetch(`${server}/api/v3/exchangeInfo?symbol=BTCUSDT`)).json()) as { symbols: { defaultSelfTradePreventionMode: string; allowedSelfTradePreventionModes: string[]; orderTypes: string[]; ocoAllowed: boolean }[] };
    expect(info.symbols[0]).toMatchObject({
      defaultSelfTradePreventionMode: 'EXPIRE_TAKER',
      allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH', 'NONE'],
      ocoAllowed: true,
    });
    expect(info.symbols[0]?.orderTypes).toContain('STOP_LOSS_LIMIT');

    const t = await trader(ctx);
    const api = ccxtClient(await createApiKey(t.c));
    await api.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 60000);
    // The default mode expires the incoming order, and says so.
    const own = await api.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 60000);
    expect(own).toMatchObject({ status: 'expired', filled: 0 });
    expect(own.info).toMatchObject({ status: 'EXPIRED_IN_MATCH', selfTradePreventionMode: 'EXPIRE_TAKER' });
    const maker = await api.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 59000, { selfTradePreventionMode: 'EXPIRE_MAKER' });
    expect(maker.info).toMatchObject({ selfTradePreventionMode: 'EXPIRE_MAKER' });
    await api.cancelAllOrders('BTC/USDT');
  });

  it('loads markets, fees and deposit addresses with a key; buys by amount; a market buy by cost that spends all it can is closed', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const sellerApi = ccxtClient(await createApiKey(seller.c));
    const api = ccxtClient(await createApiKey(buyer.c));
    const markets = await api.loadMarkets();
    expect(Object.keys(markets).sort()).toEqual(['BTC/USDT', 'ETH/USDT', 'TPT/USDT']);
    expect(api.currencies['BTC']).toMatchObject({ id: 'BTC', precision: 0.00000001 });

    const fees = await api.fetchTradingFees();
    expect(fees['BTC/USDT']).toMatchObject({ maker: 0.001, taker: 0.001 });
    expect(fees['TPT/USDT']).toMatchObject({ maker: 0.0008, taker: 0.001 });

    const address = await api.fetchDepositAddress('BTC');
    expect(address).toMatchObject({ currency: 'BTC' });
    expect(address.address).toMatch(/^(bc1|tb1|bcrt1)/);
    const txid = await ctx.app.services.simulatedChain!.send('BTC', { address: String(address.address), asset: 'BTC', amount: '0.25' });
    await ctx.app.services.wallet.watch();
    const deposits = await api.fetchDeposits('BTC');
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ currency: 'BTC', amount: 0.25, txid, type: 'deposit' });

    await sellerApi.createOrder('ETH/USDT', 'limit', 'sell', 1, 3000.01);
    const byAmount = await api.createOrder('ETH/USDT', 'market', 'buy', 0.02);
    expect(byAmount).toMatchObject({ status: 'closed', filled: 0.02, cost: 60.0002, average: 3000.01 });
    // 100 USDT buys 0.0333 ETH; what is left buys less than one more lot of 0.0001.
    const byCost = await api.createMarketBuyOrderWithCost('ETH/USDT', 100);
    expect(byCost).toMatchObject({ status: 'closed', filled: 0.0333, cost: 99.900333, average: 3000.01 });
  });

  it('reads a real deposit and a real withdrawal on the sandbox chain: amount, currency, address, txid, fee and status as they move', async () => {
    const user = await trader(ctx);
    const api = ccxtClient(await createApiKey(user.c));
    const chain = ctx.app.services.simulatedChain!;
    const watch = () => ctx.app.services.wallet.watch();

    const address = String((await api.fetchDepositAddress('BTC')).address);
    const depositTx = await chain.send('BTC', { address, asset: 'BTC', amount: '0.25' });
    await watch();
    const [arriving] = await api.fetchDeposits('BTC');
    expect(arriving).toMatchObject({ type: 'deposit', currency: 'BTC', network: 'BTC', amount: 0.25, address, txid: depositTx, status: 'pending' });
    await chain.mine('BTC', 2);
    await watch();
    const [credited] = await api.fetchDeposits('BTC');
    expect(credited).toMatchObject({ id: arriving?.id, txid: depositTx, status: 'ok' });
    expect((await api.fetchBalance())['BTC']).toMatchObject({ free: 0.75 });

    expect((await user.c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810' })).code).toBe('0');
    const withdraw = (requestId: string, amount = '0.01') =>
      user.c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'BTC', address: BTC_TARGET, amount, fundPassword: '246810', requestId });
    const sent = await withdraw('ccxt-withdrawal-1');
    expect(sent.value).toMatchObject({ status: 'in_transit', amount: '0.01' });
    expect(sent.value.txid).not.toBe('');

    const [inTransit] = await api.fetchWithdrawals('BTC');
    expect(inTransit).toMatchObject({
      id: sent.value.id,
      type: 'withdrawal',
      currency: 'BTC',
      network: 'BTC',
      amount: 0.01,
      address: BTC_TARGET,
      txid: sent.value.txid,
      status: 'pending',
      fee: { currency: 'BTC', cost: Number(sent.value.fee) },
    });
    expect(inTransit?.timestamp).toBe(Math.floor(Date.parse(sent.value.createdAt) / 1000) * 1000);
    await chain.mine('BTC', 2);
    await watch();
    expect((await api.fetchWithdrawals('BTC'))[0]).toMatchObject({ id: sent.value.id, txid: sent.value.txid, status: 'ok' });

    // A broadcast the chain refuses fails the withdrawal; CCXT reads it as failed.
    chain.failNextBroadcast();
    const refused = await withdraw('ccxt-withdrawal-2');
    expect(refused.value.status).toBe('failed');
    // Above the automatic limit it waits for staff (pending), and a rejection reads as failed with its reason.
    const big = await withdraw('ccxt-withdrawal-3', '0.05');
    expect(big.value.status).toBe('review');
    expect((await api.fetchWithdrawals('BTC'))[0]).toMatchObject({ id: big.value.id, amount: 0.05, status: 'pending', txid: undefined });
    await seedDemoIdentities(
      { db: ctx.database.db, clock: ctx.clock, firm: createFirmService({ db: ctx.database.db, clock: ctx.clock }) },
      { password: STAFF_PASSWORD, firms: [], staff: [{ account: 'admin', name: '平台管理员', role: 'admin' }] },
    );
    await seedStaffRoles(ctx.database.db, { directory: platformStaff, at: ctx.clock.now() });
    const staff = await staffClient(ctx, 'admin', STAFF_PASSWORD);
    expect((await staff.post(WalletPath.adminDecide, { id: big.value.id, approve: false, reason: 'Address on a sanctions list' })).code).toBe('0');

    const all = await api.fetchWithdrawals('BTC');
    expect(all.map((w) => [w.id, w.status])).toEqual([
      [big.value.id, 'failed'],
      [refused.value.id, 'failed'],
      [sent.value.id, 'ok'],
    ]);
    expect(all[0]?.info).toMatchObject({ status: 3, info: 'Address on a sanctions list' });
    expect(await api.fetchWithdrawals('ETH')).toEqual([]);
  });

  it('places and cancels stop-limit and OCO orders', async () => {
    const t = await trader(ctx);
    const other = await trader(ctx);
    const api = ccxtClient(await createApiKey(t.c));
    const otherApi = ccxtClient(await createApiKey(other.c));
    // A trade at 3100 sets the last price the stop orders watch.
    await otherApi.createOrder('ETH/USDT', 'limit', 'sell', 0.01, 3100);
    await api.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 3100);

    const stop = await api.createOrder('ETH/USDT', 'limit', 'sell', 0.5, 2900, { stopPrice: 2950 });
    expect(stop).toMatchObject({ type: 'limit', side: 'sell', status: 'open', price: 2900, amount: 0.5, triggerPrice: 2950 });
    expect(stop.info).toMatchObject({ type: 'STOP_LOSS_LIMIT', stopPrice: '2950' });
    const open = await api.fetchOpenOrders('ETH/USDT');
    expect(open.map((o) => o.id)).toContain(stop.id);
    expect(await api.cancelOrder(stop.id ?? '', 'ETH/USDT')).toMatchObject({ status: 'canceled' });
    expect((await api.fetchBalance())['ETH']).toMatchObject({ used: 0 });

    const list = (await api.privatePostOrderListOco({
      symbol: 'ETHUSDT',
      side: 'SELL',
      quantity: '0.5',
      aboveType: 'LIMIT_MAKER',
      abovePrice: '3300',
      belowType: 'STOP_LOSS_LIMIT',
      belowStopPrice: '2950',
      belowPrice: '2900',
      belowTimeInForce: 'GTC',
    })) as { orderListId: number; contingencyType: string; listOrderStatus: string; orders: { orderId: number }[]; orderReports: { type: string; status: string }[] };
    expect(list).toMatchObject({ contingencyType: 'OCO', listOrderStatus: 'EXECUTING' });
    expect(list.orderReports.map((r) => [r.type, r.status])).toEqual([
      ['LIMIT_MAKER', 'NEW'],
      ['STOP_LOSS_LIMIT', 'NEW'],
    ]);
    expect((await api.fetchBalance())['ETH']).toMatchObject({ used: 0.5 });
    const cancelled = (await api.privateDeleteOrderList({ symbol: 'ETHUSDT', orderListId: String(list.orderListId) })) as { listOrderStatus: string; orderReports: { status: string }[] };
    expect(cancelled.listOrderStatus).toBe('ALL_DONE');
    expect(cancelled.orderReports.map((r) => r.status)).toEqual(['CANCELED', 'CANCELED']);
    expect((await api.fetchBalance())['ETH']).toMatchObject({ used: 0 });
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
