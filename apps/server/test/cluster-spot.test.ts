import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Decimal } from '@tp/decimal';
import { SpotPath, WS_PATH, type DepthSnapshot, type SpotOrder, type SpotTrade, type Ticker24h } from '@tp/contract';
import { verifyLedger } from '../src/modules/ledger/index';
import { SPOT_INTERNAL_PATH } from '../src/modules/spot/forwarding';
import { spotMarketLeases, spotOrders } from '../src/modules/spot/spot.tables';
import { INTERNAL_SIGNATURE_HEADER, createInternalSigner } from '../src/platform/cluster/index';
import { clusterSkipReason, freePort, openCluster, type Cluster, type Instance } from './cluster-support';
import { client, type Client } from './identity-support';
import { spotBalance, trader } from './spot-support';
import { WsClient } from './system-fakes';

const BUSY = 'Failed to place an order: the market is busy, retry in a moment';

describe.skipIf(clusterSkipReason !== undefined)(`two server instances sharing the spot markets${clusterSkipReason ? ` (${clusterSkipReason})` : ''}`, () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    cluster = await openCluster();
    a = await cluster.add();
    b = await cluster.add();
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  });

  /** One verified user, signed in once, calling through either instance. */
  async function userOnBoth(): Promise<{ userId: string; on: (instance: Instance) => Client }> {
    const t = await trader(a.ctx);
    const onB = client(b.ctx);
    onB.useSession(t.session);
    return { userId: t.userId, on: (instance) => (instance === a ? t.c : onB) };
  }
  const place = (c: Client, body: Record<string, unknown>) => c.post<SpotOrder>(SpotPath.place, { type: 'limit', ...body });
  const depthVia = async (instance: Instance, symbol: string) => (await client(instance.ctx).get<DepthSnapshot>(`${SpotPath.depth}?symbol=${symbol}&limit=500`)).value;

  it('match orders sent alternately to both instances against one book', async () => {
    // The first instance found every market free and took them all; the second forwards to it.
    expect(await cluster.ownerOf('BTCUSDT')).toBe(a);
    const seller = await userOnBoth();
    const buyer = await userOnBoth();
    const instances = [a, b];
    const asks: SpotOrder[] = [];
    for (let i = 0; i < 6; i++) {
      const ask = await place(seller.on(instances[i % 2]!), { symbol: 'BTCUSDT', side: 'sell', price: String(60_000 + i), quantity: '0.01' });
      expect(ask.code, ask.message).toBe('0');
      asks.push(ask.value);
    }
    for (let i = 0; i < 4; i++) {
      const bid = await place(buyer.on(instances[(i + 1) % 2]!), { symbol: 'BTCUSDT', side: 'buy', price: '60010', quantity: '0.01' });
      // Each bid takes the lowest ask left, whichever instance either order came through.
      expect(bid.value).toMatchObject({ status: 'filled', filledQuantity: '0.01', filledQuote: Decimal.parse('0.01').mul(String(60_000 + i)).toString() });
    }
    const cancelled = await seller.on(b).post<SpotOrder>(SpotPath.cancel, { symbol: 'BTCUSDT', orderId: asks[4]!.orderId });
    expect(cancelled.value).toMatchObject({ orderId: asks[4]!.orderId, status: 'cancelled' });

    const [depthA, depthB] = [await depthVia(a, 'BTCUSDT'), await depthVia(b, 'BTCUSDT')];
    expect(depthB).toEqual(depthA);
    expect(depthA).toMatchObject({ bids: [], asks: [['60005', '0.01']] });
    const trades = async (instance: Instance) => (await client(instance.ctx).get<SpotTrade[]>(`${SpotPath.trades}?symbol=BTCUSDT`)).value;
    expect((await trades(a)).map((t) => t.price)).toEqual(['60003', '60002', '60001', '60000']);
    expect(await trades(b)).toEqual(await trades(a));
    for (const [user, asset, expected] of [
      [seller, 'BTC', { available: '0.45', frozen: '0.01' }],
      [buyer, 'BTC', { available: '0.54', frozen: '0' }],
    ] as const) {
      expect(await spotBalance(user.on(a), asset)).toMatchObject(expected);
      expect(await spotBalance(user.on(b), asset)).toEqual(await spotBalance(user.on(a), asset));
    }

    // A refusal comes back through the other instance with the same status, code and message.
    const offTick = { symbol: 'BTCUSDT', side: 'sell', price: '60000.001', quantity: '0.01' };
    const refusedHere = await place(seller.on(a), offTick);
    expect(refusedHere.status).toBe(422);
    expect(await place(seller.on(b), offTick)).toEqual(refusedHere);
    const unknownOrder = { symbol: 'BTCUSDT', orderId: '999999999' };
    expect(await seller.on(b).post(SpotPath.cancel, unknownOrder)).toEqual(await seller.on(a).post(SpotPath.cancel, unknownOrder));

    // The other instance's tickers follow the owner's trades.
    const ticker = async (instance: Instance) => (await client(instance.ctx).get<Ticker24h[]>(SpotPath.ticker)).value.find((t) => t.symbol === 'BTCUSDT');
    await expect.poll(async () => (await ticker(b))?.volume, { timeout: 5000 }).toBe('0.04');
    expect(await ticker(b)).toEqual(await ticker(a));
    expect((await client(b.ctx).get<Ticker24h[]>(SpotPath.ticker)).value.map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'TPTUSDT']);

    // Cancelling everything through the instance that does not run the market.
    const all = await seller.on(b).post<SpotOrder[]>(SpotPath.cancelAll, { symbol: 'BTCUSDT' });
    expect(all.value.map((o) => [o.orderId, o.status])).toEqual([[asks[5]!.orderId, 'cancelled']]);
    expect(await spotBalance(seller.on(b), 'BTC')).toMatchObject({ available: '0.46', frozen: '0' });
  });

  it('take internal calls only when signed with the app secret, and leave them out of the API document', async () => {
    const command = JSON.stringify({ commands: [{ op: 'depth', symbol: 'BTCUSDT', limit: 5 }] });
    const call = (headers: Record<string, string>) => fetch(`${a.url}${SPOT_INTERNAL_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: command });
    const unsigned = await call({ 'accept-language': 'en' });
    expect([unsigned.status, ((await unsigned.json()) as { code: string }).code]).toEqual([403, '-1003']);
    const forged = createInternalSigner('not-the-secret-of-these-instances-0123456789');
    expect((await call({ [INTERNAL_SIGNATURE_HEADER]: forged.sign('POST', SPOT_INTERNAL_PATH, command) })).status).toBe(403);
    const signed = await call({ [INTERNAL_SIGNATURE_HEADER]: createInternalSigner(a.ctx.config.appSecret).sign('POST', SPOT_INTERNAL_PATH, command) });
    expect(await signed.json()).toMatchObject({ replies: [{ ok: true, value: { symbol: 'BTCUSDT' } }] });
    const doc = a.app.http.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/internal'))).toEqual([]);
  });

  it("push a trade made through one instance to a WebSocket client of the other", async () => {
    const ws = await WsClient.connect(`${b.url.replace('http', 'ws')}${WS_PATH}`);
    try {
      expect(await ws.request({ op: 'subscribe', topics: ['trade:ETHUSDT'] })).toMatchObject({ type: 'ack' });
      const maker = await userOnBoth();
      const taker = await userOnBoth();
      expect((await place(maker.on(a), { symbol: 'ETHUSDT', side: 'sell', price: '3000', quantity: '0.5' })).code).toBe('0');
      expect((await place(taker.on(a), { symbol: 'ETHUSDT', side: 'buy', price: '3000', quantity: '0.2' })).value).toMatchObject({ status: 'filled' });
      expect((await ws.next({ topic: 'trade:ETHUSDT' }, 0, 5000)).data).toMatchObject([{ price: '3000', quantity: '0.2', takerSide: 'buy' }]);
    } finally {
      ws.socket.close();
    }
  });

  it('run a recurring job once per period across both instances', async () => {
    const runs: { instance: string; key: string }[] = [];
    for (const [name, instance] of [['a', a], ['b', b]] as const) {
      instance.app.platform.scheduler.register('test.cluster.heartbeat', async (job) => void runs.push({ instance: name, key: job.key }));
      instance.app.platform.scheduler.every('test.cluster.heartbeat', 1000);
    }
    const poll = () => Promise.all([a.app.platform.scheduler.runDue(), b.app.platform.scheduler.runDue()]);
    await poll();
    for (let period = 0; period < 5; period++) {
      cluster.clock.advance(1000);
      await poll();
      await poll();
    }
    expect(runs).toHaveLength(5);
    expect(new Set(runs.map((r) => r.key)).size).toBe(5);
  });

  it('never commit on an instance whose market was taken over, and rebuild the book where the market goes', async () => {
    const symbol = 'TPTUSDT';
    const owner = await cluster.ownerOf(symbol);
    const other = owner === a ? b : a;
    const t = await userOnBoth();
    expect((await place(t.on(owner), { symbol, side: 'sell', price: '0.6', quantity: '100' })).code).toBe('0');
    const ordersOf = async () => (await cluster.database.db.select({ id: spotOrders.id }).from(spotOrders).where(eq(spotOrders.userId, Number(t.userId)))).length;

    // An instance nothing answers at takes the market over, as one would after the owner stalled past its lease.
    await cluster.database.db
      .update(spotMarketLeases)
      .set({ owner: 'stalled-elsewhere', url: `http://127.0.0.1:${await freePort()}`, epoch: sql`${spotMarketLeases.epoch} + 1`, expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(spotMarketLeases.symbol, symbol));
    const refused = await place(t.on(owner), { symbol, side: 'sell', price: '0.61', quantity: '100' });
    expect([refused.status, refused.code, refused.message]).toEqual([503, '-3301', BUSY]);
    expect(await ordersOf()).toBe(1);

    // Its lease runs out: one of the instances takes the market and rebuilds the book from what was committed.
    await cluster.database.db.update(spotMarketLeases).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(spotMarketLeases.symbol, symbol));
    const accepted = await place(t.on(other), { symbol, side: 'sell', price: '0.62', quantity: '100' });
    expect(accepted.code, accepted.message).toBe('0');
    const depth = await depthVia(other, symbol);
    expect(depth.asks).toEqual([
      ['0.6', '100'],
      ['0.62', '100'],
    ]);
    const { seq: _seq, ...same } = depth;
    expect(await depthVia(owner, symbol)).toMatchObject(same);
  });

  it('move a market to the other instance when its owner dies mid-load, with every acknowledged order in its book', async () => {
    const symbol = 'TPTUSDT';
    const victim = await cluster.ownerOf(symbol);
    const survivor = victim === a ? b : a;
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await userOnBoth());
    const acked: SpotOrder[] = [];
    const refusals: string[] = [];
    let dead = false;

    async function work(user: Awaited<ReturnType<typeof userOnBoth>>, k: number): Promise<void> {
      for (let i = 0; i < 30; i++) {
        const side = (i + k) % 3 === 0 ? 'buy' : 'sell';
        const price = side === 'buy' ? '0.5003' : Decimal.parse('0.5').add(Decimal.parse('0.0001').mul(String(i % 5))).toString();
        const via = (i + k) % 2 === 0 && !dead ? victim : survivor;
        const reply = await place(user.on(via), { symbol, side, price, quantity: '20' });
        if (reply.code === '0') acked.push(reply.value);
        else {
          refusals.push(`${reply.status} ${reply.message}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    }
    const load = Promise.all(users.map((user, k) => work(user, k)));
    await expect.poll(() => acked.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(20);
    dead = true;
    await cluster.kill(victim);
    await load;

    expect(await cluster.ownerOf(symbol)).toBe(survivor);
    // Refusals while the market changed hands are "busy, retry", never an internal error.
    for (const refusal of refusals) expect(refusal).toBe(`503 ${BUSY}`);
    expect(acked.length).toBeGreaterThan(60);
    const last = await place(users[0]!.on(survivor), { symbol, side: 'sell', price: '0.7', quantity: '20' });
    expect(last.code, last.message).toBe('0');
    acked.push(last.value);

    const stored = await cluster.database.db
      .select()
      .from(spotOrders)
      .where(inArray(spotOrders.id, acked.map((o) => Number(o.orderId))));
    expect(stored).toHaveLength(acked.length);
    // The survivor's book is exactly the open orders stored.
    const open = await cluster.database.db.select().from(spotOrders).where(and(eq(spotOrders.symbol, symbol), eq(spotOrders.open, true)));
    const levels = (side: 'buy' | 'sell') => {
      const sums = new Map<string, Decimal>();
      for (const o of open.filter((row) => row.side === side)) {
        const price = Decimal.parse(o.price).toString();
        sums.set(price, (sums.get(price) ?? Decimal.ZERO).add(Decimal.parse(o.quantity).sub(o.filledQuantity)));
      }
      return [...sums].map(([price, qty]) => [price, qty.toString()]).sort((x, y) => Decimal.parse(x[0]!).cmp(y[0]!));
    };
    const book = await depthVia(survivor, symbol);
    expect([...book.bids].reverse()).toEqual(levels('buy'));
    expect(book.asks).toEqual(levels('sell'));
    expect((await verifyLedger(cluster.database.db, cluster.clock)).ok).toBe(true);
  }, 120_000);
});
