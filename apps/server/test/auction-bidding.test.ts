import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionPath, type AuctionItem, type OfferResult } from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { buildApp } from '../src/app';
import { verifyLedger } from '../src/modules/ledger/index';
import type { TestContext } from './harness';
import type { Client } from './identity-support';
import { DAY, MINUTE, biddingLot, expectOneOrder, ladderOf, type BiddingTools } from './auction-support';
import { startListingApp, type ListingWorld } from './listing-support';

let ctx: TestContext;
let world: ListingWorld;


beforeAll(async () => {
  ({ ctx, world } = await startListingApp({ sessionIdleMs: 400 * DAY, sessionAbsoluteMs: 400 * DAY }));
});
afterAll(() => ctx.close());

type App = Awaited<ReturnType<typeof buildApp>>;
interface Reply<T> {
  code: string;
  message: string;
  value: T;
}

/** The firm's call through one instance of the server (its session is good on every instance). */
async function through<T>(app: App, c: Client, url: string, body: object): Promise<Reply<T>> {
  const res = await app.http.inject({ method: 'POST', url, remoteAddress: c.ip, headers: { 'accept-language': 'en', 'user-agent': 'vitest', ...c.headers }, payload: body });
  return res.json() as Reply<T>;
}

async function ok<T>(c: Client, path: string, body: object = {}): Promise<T> {
  const res = await c.post<T>(path, body);
  expect(res.code, `${path}: ${res.message}`).toBe('0');
  return res.value;
}

async function timePasses(ms: number) {
  ctx.clock.advance(ms);
  for (let batch = 0; batch < 50 && (await ctx.app.platform.scheduler.runDue()) > 0; batch++);
}

const tools = (): BiddingTools => ({ world, clock: ctx.clock, ok, timePasses });

describe('the bid path: one writer per lot, groups of bids committed together', () => {
  // Two instances in one process on the embedded database write a lot each (nothing is leased): the
  // version fence alone puts their bids in one order. On PostgreSQL a lot is written where its lease
  // is, and instances forward over HTTP: auction-cluster.test.ts starts them listening.
  it.skipIf(process.env.TEST_DATABASE_URL !== undefined)('two instances on the embedded database, each writing the lot, produce one total order through the version fence', async () => {
    const { lot, bidders } = await biddingLot(tools(), 6);
    const second = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    await second.http.ready();
    try {
      // 120 bids racing over both instances, each at the next price handed out: bids overtaken by a higher one are refused as too low.
      const replies = await Promise.all(
        Array.from({ length: 120 }, (_, k) => through<OfferResult>(k % 2 === 0 ? ctx.app : second, bidders[k % bidders.length]!, AuctionPath.offer, { itemId: lot.itemId, offerPrice: String(100 + k) })),
      );
      const acknowledged = replies.filter((r) => r.code === '0').map((r) => r.value);
      const refusals = new Set(replies.filter((r) => r.code !== '0').map((r) => r.message.replace(/\d+\.\d+/, 'N')));
      expect([...refusals].every((m) => m === 'The bid (offerPrice) must be at least N' || m === 'You already hold the highest bid')).toBe(true);
      expect(acknowledged.length).toBeGreaterThan(1);
      const ladder = await ladderOf(tools(), bidders[0]!, lot.itemId);
      expect(ladder).toHaveLength(acknowledged.length);
      expectOneOrder(ladder, acknowledged);
      // Both instances read the same lot afterwards.
      const seen = await Promise.all([ctx.app, second].map((app) => through<AuctionItem>(app, bidders[0]!, AuctionPath.detail, { itemId: lot.itemId })));
      expect(seen.map((r) => [r.value.bidCount, r.value.currentPrice])).toEqual([
        [ladder.length, ladder.at(-1)!.price],
        [ladder.length, ladder.at(-1)!.price],
      ]);
    } finally {
      await second.close();
    }
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('a restart during bidding keeps every acknowledged bid and the extended end; the new instance goes on from them', async () => {
    const { lot, bidders } = await biddingLot(tools(), 4);
    await timePasses(17 * MINUTE);
    // In the last minutes: every accepted bid moves the end.
    const replies = await Promise.all(Array.from({ length: 40 }, (_, k) => bidders[k % bidders.length]!.post<OfferResult>(AuctionPath.offer, { itemId: lot.itemId, offerPrice: String(100 + k) })));
    const acknowledged = replies.filter((r) => r.code === '0').map((r) => r.value);
    const last = acknowledged.reduce((a, b) => (b.seq > a.seq ? b : a));
    const leaderAt = replies.findIndex((r) => r.code === '0' && r.value.seq === last.seq);
    expect(Date.parse(last.item.endTime)).toBeGreaterThan(Date.parse(lot.endTime));

    await ctx.app.close();
    ctx.app = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    await ctx.app.http.ready();

    const c = bidders[0]!;
    const other = bidders[(leaderAt + 1) % bidders.length]!;
    expect(await ok<AuctionItem>(c, AuctionPath.detail, { itemId: lot.itemId })).toMatchObject({ status: '1', bidCount: last.seq, currentPrice: last.price, endTime: last.item.endTime });
    expectOneOrder(await ladderOf(tools(), c, lot.itemId), acknowledged);
    // The new instance's writer starts from the stored lot: the next bid must clear the last acknowledged one.
    const next = Decimal.parse(last.price).add('1').toFixed(2);
    const tooLow = await other.post(AuctionPath.offer, { itemId: lot.itemId, offerPrice: last.price });
    expect(tooLow.message).toBe(`The bid (offerPrice) must be at least ${next}`);
    expect(await ok<OfferResult>(other, AuctionPath.offer, { itemId: lot.itemId, offerPrice: next })).toMatchObject({ seq: last.seq + 1, price: next });
  });
});
