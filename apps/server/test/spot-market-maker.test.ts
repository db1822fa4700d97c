import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/decimal';
import { seedDemoData } from '../src/demo/seed';
import { verifyLedger } from '../src/modules/ledger/index';
import { MARKET_MAKER_ACCOUNTS, createMarketMaker } from '../src/modules/spot/index';
import { type TestContext, createSeededTestApp } from './harness';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  await seedDemoData(ctx.database, ctx.config, ctx.clock);
});
afterAll(() => ctx.close());

/** A small deterministic generator, so the walk is the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

async function makerFor(random: () => number) {
  const accounts = (await ctx.database.db.execute(
    `select id, tel from users where tel in ('${MARKET_MAKER_ACCOUNTS.maker}', '${MARKET_MAKER_ACCOUNTS.taker}')`,
  )) as unknown as { rows: { id: number | string; tel: string }[] };
  const idOf = (tel: string) => Number(accounts.rows.find((r) => r.tel === tel)?.id);
  return createMarketMaker({ spot: ctx.app.services.spot, makerUserId: idOf(MARKET_MAKER_ACCOUNTS.maker), takerUserId: idOf(MARKET_MAKER_ACCOUNTS.taker), random });
}

describe('demo market maker', () => {
  it('keeps a two-sided book and makes trades on every market, through the ledger', async () => {
    const maker = await makerFor(seeded(7));
    for (let i = 0; i < 6; i++) await maker.tick();

    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'TPTUSDT']) {
      const depth = await ctx.app.services.spot.depth(symbol, 50);
      expect(depth.bids.length, symbol).toBeGreaterThan(0);
      expect(depth.asks.length, symbol).toBeGreaterThan(0);
      expect(Decimal.parse(depth.bids[0]?.[0] ?? '0').lt(depth.asks[0]?.[0] ?? '0'), symbol).toBe(true);
      expect((await ctx.app.services.spot.trades(symbol, 50)).length, symbol).toBeGreaterThan(0);
    }
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('quotes both sides around the price while it trends, and never trades far from the last price', async () => {
    // A walk that keeps rising: the ladder must follow it on both sides.
    const base = seeded(11);
    const maker = await makerFor(() => 0.55 + 0.45 * base());
    for (let i = 0; i < 25; i++) await maker.tick();

    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'TPTUSDT']) {
      const depth = await ctx.app.services.spot.depth(symbol, 50);
      expect(depth.bids.length, symbol).toBeGreaterThanOrEqual(5);
      expect(depth.asks.length, symbol).toBeGreaterThanOrEqual(5);
      const bid = Decimal.parse(depth.bids[0]![0]);
      const ask = Decimal.parse(depth.asks[0]![0]);
      expect(ask.sub(bid).div(ask, 8).lte('0.01'), `${symbol} spread ${bid.toString()}–${ask.toString()}`).toBe(true);
      // Trade to trade, the price moves by less than half a percent: no sweep, no wick.
      const prices = (await ctx.app.services.spot.trades(symbol, 500)).map((t) => Decimal.parse(t.price)).reverse();
      for (let i = 1; i < prices.length; i++) {
        expect(prices[i]!.sub(prices[i - 1]!).abs().div(prices[i - 1]!, 8).lte('0.005'), `${symbol} ${prices[i - 1]!.toString()} → ${prices[i]!.toString()}`).toBe(true);
      }
    }
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
    // 25 ticks on three markets are some 1,300 orders and cancels, one committed group each.
  }, 180_000);
});
