import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPath, WS_PATH, type AdminSession, type AdminUserRow, type Page } from '@tp/contract';
import { WsClient } from './system-fakes';
import { Decimal } from '@tp/decimal';
import { RISK_DISCLOSURE_VERSION, SpotPath, VerificationPath, type DepthSnapshot, type DepthUpdate, type Kline, type KlineUpdate, type SpotOrder, type SpotTrade, type Ticker24h } from '@tp/contract';
import { seedDemoHoldings } from '../src/modules/asset/index';
import { createFirmService } from '../src/modules/firm/index';
import { platformStaff, seedDemoIdentities } from '../src/modules/identity/index';
import { seedStaffRoles } from '../src/modules/staff/index';
import { createLedgerService, verifyLedger } from '../src/modules/ledger/index';
import { bucketStart } from '../src/modules/spot/market-data';
import { createTestApp, type TestContext } from './harness';
import { client, idWithCheck, registerByPhone, type Client } from './identity-support';
import { restarted, spotBalance, trader } from './spot-support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const place = (c: Client, body: Record<string, unknown>) => c.post<SpotOrder>(SpotPath.place, { symbol: 'BTCUSDT', ...body });

describe('spot orders', () => {
  it('reserve funds, match at the maker’s price, settle both sides with fees in one journal, and release the rest', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const ask = await place(seller.c, { side: 'sell', type: 'limit', price: '60000', quantity: '0.1' });
    expect(ask.value).toMatchObject({ status: 'new', price: '60000', quantity: '0.1' });
    expect(await spotBalance(seller.c, 'BTC')).toMatchObject({ available: '0.4', frozen: '0.1' });

    const bid = await place(buyer.c, { side: 'buy', type: 'limit', price: '61000', quantity: '0.04' });
    expect(bid.value).toMatchObject({ status: 'filled', filledQuantity: '0.04', filledQuote: '2400' });

    // Buyer: 2400 + 0.1% taker fee; the reserve at 61000 is released.
    expect(await spotBalance(buyer.c, 'USDT')).toMatchObject({ available: '7597.6', frozen: '0' });
    expect(await spotBalance(buyer.c, 'BTC')).toMatchObject({ available: '0.54', frozen: '0' });
    // Seller: 2400 − 0.1% maker fee; 0.06 still resting.
    expect(await spotBalance(seller.c, 'USDT')).toMatchObject({ available: '12397.6' });
    expect(await spotBalance(seller.c, 'BTC')).toMatchObject({ available: '0.4', frozen: '0.06' });

    const depth = await client(ctx).get<DepthSnapshot>(`${SpotPath.depth}?symbol=BTCUSDT`);
    expect(depth.value.asks).toEqual([['60000', '0.06']]);
    const trades = await client(ctx).get<SpotTrade[]>(`${SpotPath.trades}?symbol=BTCUSDT`);
    expect(trades.value[0]).toMatchObject({ price: '60000', quantity: '0.04', takerSide: 'buy' });

    const cancelled = await seller.c.post<SpotOrder>(SpotPath.cancel, { symbol: 'BTCUSDT', orderId: ask.value.orderId });
    expect(cancelled.value.status).toBe('partially_cancelled');
    expect(await spotBalance(seller.c, 'BTC')).toMatchObject({ available: '0.46', frozen: '0' });
    expect((await client(ctx).get<DepthSnapshot>(`${SpotPath.depth}?symbol=BTCUSDT`)).value.asks).toEqual([]);
  });

  it('market buys spend a quote amount; IOC leftovers and FOK shortfalls are cancelled and released; post-only never takes', async () => {
    const maker = await trader(ctx);
    const taker = await trader(ctx);
    await place(maker.c, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '3000', quantity: '1' });
    const marketBuy = await place(taker.c, { symbol: 'ETHUSDT', side: 'buy', type: 'market', quoteAmount: '1500' });
    expect(marketBuy.value).toMatchObject({ status: 'filled', filledQuantity: '0.5', filledQuote: '1500' });
    expect(await spotBalance(taker.c, 'USDT')).toMatchObject({ available: '8498.5', frozen: '0' });

    const ioc = await place(taker.c, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '3000', quantity: '0.8', timeInForce: 'IOC' });
    expect(ioc.value).toMatchObject({ status: 'partially_cancelled', filledQuantity: '0.5' });
    const fok = await place(taker.c, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '3000', quantity: '1', timeInForce: 'FOK' });
    expect(fok.value).toMatchObject({ status: 'cancelled', filledQuantity: '0' });
    await place(maker.c, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '3100', quantity: '1' });
    const postOnly = await place(taker.c, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '3100', quantity: '0.1', postOnly: true });
    expect(postOnly.value.status).toBe('cancelled');
    expect((await spotBalance(taker.c, 'USDT'))?.frozen).toBe('0');
  });

  it('answer a repeated client order id with the first order', async () => {
    const t = await trader(ctx);
    const first = await place(t.c, { side: 'buy', type: 'limit', price: '10000', quantity: '0.01', clientOrderId: 'my-order-1' });
    const again = await place(t.c, { side: 'buy', type: 'limit', price: '10000', quantity: '0.01', clientOrderId: 'my-order-1' });
    expect(again.value.orderId).toBe(first.value.orderId);
    expect((await t.c.post<SpotOrder[]>(SpotPath.openOrders, { symbol: 'BTCUSDT' })).value).toHaveLength(1);
  });

  it('refuse off-tick prices, off-lot quantities, small orders, overdrafts and unverified users, freezing nothing', async () => {
    const t = await trader(ctx);
    const offTick = await place(t.c, { side: 'buy', type: 'limit', price: '100.001', quantity: '0.1' });
    expect(offTick.message).toBe('Failed to place an order: the price must be a multiple of 0.01');
    const offLot = await place(t.c, { side: 'buy', type: 'limit', price: '100', quantity: '0.000001' });
    expect(offLot.message).toBe('Failed to place an order: the quantity must be a multiple of 0.00001');
    const small = await place(t.c, { side: 'buy', type: 'limit', price: '100', quantity: '0.01' });
    expect(small.message).toBe('Failed to place an order: the order value must be at least 5');
    const overdraft = await place(t.c, { side: 'sell', type: 'limit', price: '100000', quantity: '0.6' });
    expect(overdraft.message).toBe('Insufficient balance');
    const missing = await place(t.c, { side: 'buy', type: 'limit', quantity: '0.1' });
    expect(missing.status).toBe(422);
    expect(await spotBalance(t.c, 'BTC')).toMatchObject({ available: '0.5', frozen: '0' });
    expect(await spotBalance(t.c, 'USDT')).toMatchObject({ available: '10000', frozen: '0' });

    const unverified = client(ctx);
    unverified.useSession(await registerByPhone(ctx, unverified));
    expect((await place(unverified, { side: 'buy', type: 'limit', price: '100', quantity: '0.1' })).message).toBe('Please complete real-name verification first');
  });

  it('need the risk disclosure accepted once, recorded with its version and time', async () => {
    const c = client(ctx);
    const session = await registerByPhone(ctx, c);
    c.useSession(session);
    await c.post(VerificationPath.basic, { name: '测试', idNumber: idWithCheck('31010119900102001') });
    await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId);
    expect((await c.post<{ accepted: boolean }>(SpotPath.riskDisclosure)).value.accepted).toBe(false);
    const refused = await place(c, { side: 'buy', type: 'limit', price: '100', quantity: '0.1' });
    expect(refused.message).toBe('Failed to place an order: read and accept the risk disclosure first');
    const accepted = await c.post<{ accepted: boolean; version: string; acceptedAt: string }>(SpotPath.acceptRiskDisclosure, { version: RISK_DISCLOSURE_VERSION });
    expect(accepted.value).toMatchObject({ accepted: true, version: RISK_DISCLOSURE_VERSION, acceptedAt: ctx.clock.now().toISOString() });
    expect((await place(c, { side: 'buy', type: 'limit', price: '100', quantity: '0.1' })).value.status).toBe('new');
  });

  it('let nobody cancel another user’s order', async () => {
    const owner = await trader(ctx);
    const other = await trader(ctx);
    const order = await place(owner.c, { side: 'buy', type: 'limit', price: '20000', quantity: '0.01' });
    const refused = await other.c.post(SpotPath.cancel, { symbol: 'BTCUSDT', orderId: order.value.orderId });
    expect(refused.message).toBe('Failed to cancel: the order does not exist or is done');
    expect((await owner.c.post<SpotOrder[]>(SpotPath.openOrders, {})).value.map((o) => o.orderId)).toContain(order.value.orderId);
  });

  it('refuse proprietary members once staff mark them, freezing nothing, and take their orders again once unmarked', async () => {
    await seedDemoIdentities(
      { db: ctx.database.db, clock: ctx.clock, firm: createFirmService({ db: ctx.database.db, clock: ctx.clock }) },
      { password: 'Risk@123456', firms: [], staff: [{ account: 'risk1', name: '风控', role: 'risk' }] },
    );
    await seedStaffRoles(ctx.database.db, { directory: platformStaff, at: ctx.clock.now(), roles: [{ name: '风控', rights: ['users.manage'], holders: ['risk1'] }] });
    const staff = client(ctx);
    const login = await staff.post<AdminSession>(AdminPath.login, { account: 'risk1', password: 'Risk@123456' });
    staff.useSession({ sessionStr: login.value.sessionStr, userId: login.value.staffId, firmId: '' });
    const t = await trader(ctx);
    const order = { side: 'buy', type: 'limit', price: '50000', quantity: '0.01' };

    expect((await staff.post(AdminPath.userProprietary, { userId: t.userId, proprietary: true })).code).toBe('0');
    expect(await place(t.c, order)).toMatchObject({ status: 403, code: '-1003', message: 'Proprietary members cannot trade' });
    expect(await spotBalance(t.c, 'USDT')).toMatchObject({ available: '10000', frozen: '0' });
    const listed = await staff.post<Page<AdminUserRow>>(AdminPath.users, { keyword: t.session.tel, page: 0, size: 10 });
    expect(listed.value.content[0]).toMatchObject({ userId: t.userId, proprietary: true });
    expect(await t.c.post(AdminPath.userProprietary, { userId: t.userId, proprietary: false })).toMatchObject({ status: 401 });

    expect((await staff.post(AdminPath.userProprietary, { userId: t.userId, proprietary: false })).code).toBe('0');
    expect((await place(t.c, order)).value).toMatchObject({ status: 'new' });
    expect(await staff.post(AdminPath.userProprietary, { userId: '999999999', proprietary: true })).toMatchObject({ status: 404 });
  });

  it('rebuild every book exactly from the open orders after a restart', async () => {
    const t = await trader(ctx);
    await place(t.c, { symbol: 'TPTUSDT', side: 'sell', type: 'limit', price: '0.5', quantity: '100' });
    await place(t.c, { symbol: 'TPTUSDT', side: 'sell', type: 'limit', price: '0.51', quantity: '250' });
    await place(t.c, { symbol: 'TPTUSDT', side: 'buy', type: 'limit', price: '0.45', quantity: '40' });
    const before = await ctx.app.services.spot.depth('TPTUSDT', 50);
    // The restarted server serves the rest of this file.
    ctx = await restarted(ctx);
    const { seq: _, ...after } = await ctx.app.services.spot.depth('TPTUSDT', 50);
    expect(after).toEqual({ symbol: before.symbol, bids: before.bids, asks: before.asks });
  });

  it('conserve every asset and keep the books sound', async () => {
    const report = await verifyLedger(ctx.database.db, ctx.clock);
    expect(report.ok).toBe(true);
    const sums = (await ctx.database.db.execute(
      `select currency, sum(balance)::text as total from ledger_accounts group by currency order by currency`,
    )) as unknown as { rows: { currency: string; total: string }[] };
    for (const row of sums.rows) expect(Decimal.parse(row.total).isZero(), row.currency).toBe(true);
  });
});

describe('spot market data', () => {
  it('start days and weeks at midnight in Shanghai, weeks on Monday', () => {
    expect(new Date(bucketStart(Date.parse('2026-11-23T15:59:00Z'), '1d')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(new Date(bucketStart(Date.parse('2026-11-23T16:00:00Z'), '1d')).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(new Date(bucketStart(Date.parse('2026-11-26T03:00:00Z'), '1w')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(new Date(bucketStart(Date.parse('2026-11-23T10:07:31Z'), '5m')).toISOString()).toBe('2026-11-23T10:05:00.000Z');
  });

  it('build candles and the 24-hour ticker from the trades', async () => {
    // Start a fresh five-minute window, well after every earlier test's trades.
    const later = ctx.clock.now().getTime() + 3 * 86_400_000;
    ctx.clock.set(new Date(bucketStart(later, '5m') + 5 * 60_000 + 10_000));
    const maker = await trader(ctx);
    const taker = await trader(ctx);
    const trade = async (price: string, quantity: string) => {
      expect((await place(maker.c, { side: 'sell', type: 'limit', price, quantity })).code).toBe('0');
      const bought = await place(taker.c, { side: 'buy', type: 'limit', price, quantity });
      expect(bought.value?.status, bought.message).toBe('filled');
    };
    await trade('60000', '0.01');
    await trade('62000', '0.01');
    await trade('59000', '0.01');
    ctx.clock.advance(60_000);
    await trade('61000', '0.02');

    const minutes = await client(ctx).get<Kline[]>(`${SpotPath.klines}?symbol=BTCUSDT&interval=1m&limit=2`);
    expect(minutes.value.map(({ belongTime: _, ...candle }) => candle)).toEqual([
      { openPrice: '60000', highestPrice: '62000', lowestPrice: '59000', closePrice: '59000', volume: '0.03', quoteVolume: '1810' },
      { openPrice: '61000', highestPrice: '61000', lowestPrice: '61000', closePrice: '61000', volume: '0.02', quoteVolume: '1220' },
    ]);
    expect(Date.parse(minutes.value[1]!.belongTime) - Date.parse(minutes.value[0]!.belongTime)).toBe(60_000);
    const fives = await client(ctx).get<Kline[]>(`${SpotPath.klines}?symbol=BTCUSDT&interval=5m&limit=1`);
    expect(fives.value).toEqual([
      { belongTime: new Date(bucketStart(ctx.clock.now().getTime(), '5m')).toISOString(), openPrice: '60000', highestPrice: '62000', lowestPrice: '59000', closePrice: '61000', volume: '0.05', quoteVolume: '3030' },
    ]);

    const tickers = await client(ctx).get<Ticker24h[]>(SpotPath.ticker);
    expect(tickers.value.find((t) => t.symbol === 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT', last: '61000', open: '60000', high: '62000', low: '59000', volume: '0.05', quoteVolume: '3030', quotechange: '1.67',
    });
    const bad = await client(ctx).get(`${SpotPath.klines}?symbol=BTCUSDT&interval=2m`);
    expect(bad.code).not.toBe('0');
  });
});

describe('spot market streams', () => {
  it('push book changes with consecutive sequence numbers after the snapshot’s, trades, candles, the ticker and the owners’ orders', async () => {
    const address = await ctx.app.http.listen({ port: 0, host: '127.0.0.1' });
    const ws = await WsClient.connect(`${address.replace('http', 'ws')}${WS_PATH}`);
    const maker = await trader(ctx);
    const taker = await trader(ctx);
    try {
      expect(await ws.request({ op: 'auth', sessionStr: maker.session.sessionStr, userId: maker.userId, firmId: maker.session.firmId })).toMatchObject({ type: 'ack' });
      const topics = ['depth:ETHUSDT', 'trade:ETHUSDT', 'kline:ETHUSDT', 'ticker:ETHUSDT', `user:${maker.userId}`];
      expect(await ws.request({ op: 'subscribe', topics })).toMatchObject({ type: 'ack' });
      const snapshot = (await client(ctx).get<DepthSnapshot>(`${SpotPath.depth}?symbol=ETHUSDT`)).value;
      // A price inside the spread, so the taker meets this test's ask only.
      const price = Decimal.parse(snapshot.asks[0]?.[0] ?? '3101').sub('1').toString();
      expect(Decimal.parse(price).gt(snapshot.bids[0]?.[0] ?? '0')).toBe(true);

      const ask = await place(maker.c, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price, quantity: '1' });
      expect((await ws.next({ topic: 'depth:ETHUSDT' })).data).toEqual({ symbol: 'ETHUSDT', seq: snapshot.seq + 1, bids: [], asks: [[price, '1']] });
      await place(taker.c, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price, quantity: '0.4' });
      expect((await ws.next({ topic: 'trade:ETHUSDT' })).data).toMatchObject([{ price, quantity: '0.4', takerSide: 'buy' }]);
      const kline = (await ws.next({ topic: 'kline:ETHUSDT' })).data as KlineUpdate;
      expect(kline.klines['1m']).toMatchObject({ closePrice: price });
      expect(kline.klines['1w']).toMatchObject({ closePrice: price });
      // Tickers are throttled to one a second per market: wait for the one after this trade.
      const tickers = () => ws.messages.filter((m) => m.topic === 'ticker:ETHUSDT').map((m) => m.data as Ticker24h);
      await expect.poll(() => tickers().at(-1)?.last, { timeout: 3000 }).toBe(price);
      expect(tickers().at(-1)).toMatchObject({ symbol: 'ETHUSDT', open: price, high: price, low: price, volume: '0.4' });
      const depthPushes = () => ws.messages.filter((m) => m.topic === 'depth:ETHUSDT').map((m) => m.data as DepthUpdate);
      await expect.poll(() => depthPushes().length).toBe(2);
      expect(depthPushes()[1]).toEqual({ symbol: 'ETHUSDT', seq: snapshot.seq + 2, bids: [], asks: [[price, '0.6']] });
      const orders = ws.messages.filter((m) => m.topic === `user:${maker.userId}` && m.type === 'order').map((m) => m.data as SpotOrder);
      expect(orders.map((o) => [o.orderId, o.status, o.filledQuantity])).toEqual([
        [ask.value.orderId, 'new', '0'],
        [ask.value.orderId, 'partially_filled', '0.4'],
      ]);

      await maker.c.post(SpotPath.cancel, { symbol: 'ETHUSDT', orderId: ask.value.orderId });
      await expect.poll(() => depthPushes().length).toBe(3);
      expect(depthPushes()[2]).toEqual({ symbol: 'ETHUSDT', seq: snapshot.seq + 3, bids: [], asks: [[price, '0']] });
      expect((await client(ctx).get<DepthSnapshot>(`${SpotPath.depth}?symbol=ETHUSDT`)).value.seq).toBe(snapshot.seq + 3);
    } finally {
      ws.close();
    }
  });
});
