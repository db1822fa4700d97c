import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionPath, type AuctionBid, type AuctionItem, type OfferResult, type Page } from '@tp/contract';
import { eq } from 'drizzle-orm';
import { Decimal } from '@tp/decimal';
import { seedDemoData } from '../src/demo/seed';
import { firms } from '../src/modules/firm/firm.tables';
import { LedgerKind, PLATFORM_OWNER, createLedgerService, verifyLedger } from '../src/modules/ledger/index';
import { clusterLeases } from '../src/platform/cluster/index';
import { testConfig } from '../src/platform/config';
import { clusterSkipReason, openCluster, type Cluster, type Instance } from './cluster-support';
import { DEMO_PASSWORD } from './enterprise-support';
import { client, loggedInUser, type Client } from './identity-support';
import { DAY, MINUTE, biddingLot, expectOneOrder, ladderOf, type BiddingTools } from './auction-support';
import { listingWorld, type ListingWorld } from './listing-support';


interface Reply<T> {
  status: number;
  code: string;
  message: string;
  value: T;
}

/** The firm's call through one instance (its session is good on every instance), in `lang`. */
async function via<T>(instance: Instance, c: Client, url: string, body: object, lang = 'en'): Promise<Reply<T>> {
  const res = await instance.app.http.inject({ method: 'POST', url, remoteAddress: c.ip, headers: { 'accept-language': lang, 'user-agent': 'vitest', ...c.headers }, payload: body });
  const json = res.json() as { code: string; message: string; value: T };
  return { status: res.statusCode, code: json.code, message: json.message, value: json.value };
}

describe.skipIf(clusterSkipReason !== undefined)(`two server instances sharing the auction lots${clusterSkipReason ? ` (${clusterSkipReason})` : ''}`, () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let world: ListingWorld;

  beforeAll(async () => {
    cluster = await openCluster();
    // Sessions outlive the hours the clock skips, so the parties act after a phase change as they would after logging in again.
    const sessions = { sessionIdleMs: 400 * DAY, sessionAbsoluteMs: 400 * DAY };
    await seedDemoData(cluster.database, testConfig(sessions), cluster.clock);
    a = await cluster.add(sessions);
    b = await cluster.add(sessions);
    world = await listingWorld(a.ctx);
  }, 240_000);
  afterAll(async () => {
    await cluster?.close();
  });

  async function ok<T>(c: Client, path: string, body: object = {}): Promise<T> {
    const res = await c.post<T>(path, body);
    expect(res.code, `${path}: ${res.message}`).toBe('0');
    return res.value;
  }

  async function timePasses(ms: number) {
    cluster.clock.advance(ms);
    for (let batch = 0; batch < 50 && (await a.app.platform.scheduler.runDue()) > 0; batch++);
  }

  const tools = (): BiddingTools => ({ world, clock: cluster.clock, ok, timePasses });

  const lease = (itemId: string) => `auction:${itemId}`;

  it('write a lot on one instance: bids sent alternately to both fall into one gapless order, the forwarded ones answered by the owner', async () => {
    const { lot, bidders } = await biddingLot(tools(), 6);
    expect(await cluster.holderOf(lease(lot.itemId))).toBeUndefined();
    const instances = [a, b];
    // 120 bids racing over both instances, each at the next price handed out: bids overtaken by a higher one are refused as too low.
    const replies = await Promise.all(Array.from({ length: 120 }, (_, k) => via<OfferResult>(instances[k % 2]!, bidders[k % bidders.length]!, AuctionPath.offer, { itemId: lot.itemId, offerPrice: String(100 + k) })));
    const owner = await cluster.holderOf(lease(lot.itemId));
    expect(owner === a || owner === b).toBe(true);
    const forwarder = owner === a ? b : a;
    const acknowledged = replies.filter((r) => r.code === '0').map((r) => r.value);
    // With one writer, nothing is refused for a lot that moved under it: only prices overtaken and bidders already leading.
    const refusals = new Set(replies.filter((r) => r.code !== '0').map((r) => r.message.replace(/\d+\.\d+/, 'N')));
    expect([...refusals].every((m) => m === 'The bid (offerPrice) must be at least N' || m === 'You already hold the highest bid')).toBe(true);
    const acknowledgedVia = (instance: Instance) => replies.filter((r, k) => instances[k % 2] === instance && r.code === '0').length;
    expect(acknowledgedVia(forwarder)).toBeGreaterThan(0);
    expect(acknowledgedVia(owner!)).toBeGreaterThan(0);

    const ladder = await ladderOf(tools(), bidders[0]!, lot.itemId);
    expect(ladder).toHaveLength(acknowledged.length);
    expectOneOrder(ladder, acknowledged);
    const seen = await Promise.all([a, b].map((instance) => via<AuctionItem>(instance, bidders[0]!, AuctionPath.detail, { itemId: lot.itemId })));
    expect(seen.map((r) => [r.value.bidCount, r.value.currentPrice])).toEqual([
      [ladder.length, ladder.at(-1)!.price],
      [ladder.length, ladder.at(-1)!.price],
    ]);
    // A bid through the other instance goes on from the owner's state: the next price, and the place after the last.
    const next = Decimal.parse(ladder.at(-1)!.price).add('1').toFixed(2);
    const leaderAt = ladder.at(-1)!.bidder;
    const other = bidders.find((_, i) => String(i + 1) !== leaderAt) ?? bidders[0]!;
    const last = await via<OfferResult>(forwarder, other, AuctionPath.offer, { itemId: lot.itemId, offerPrice: next });
    if (last.code === '0') expect(last.value).toMatchObject({ seq: ladder.length + 1, price: next });
    else expect(last.message).toBe('You already hold the highest bid');
    expect(await cluster.holderOf(lease(lot.itemId))).toBe(owner);
    expect((await verifyLedger(cluster.database.db, cluster.clock)).ok).toBe(true);
  });

  it("answer refusals through the forwarding instance with the owner's code, status and message, the bidder's standing before the lot, the firm's before the real name", async () => {
    const login = async (tel: string) => {
      const c = client(a.ctx);
      c.useSession(await ok(c, '/api/user/login', { loginAccount: tel, password: DEMO_PASSWORD }));
      return c;
    };
    // The demo firm's trader holds the bidding right; its finance clerk does not.
    const trader = await login('13800000004');
    const finance = await login('13800000005');
    // The demo firm's deposit comes in as a bank deposit would.
    await createLedgerService({ clock: cluster.clock }).post(cluster.database.db, {
      idempotencyKey: 'test.deposit:auction-cluster',
      type: 'bank.deposit',
      postings: [
        { account: { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.bankClearingIcbc }, amount: '-50000' },
        { account: { ownerType: 'firm', ownerId: trader.headers.firmid!, currency: 'CNY', kind: LedgerKind.available }, amount: '50000' },
      ],
    });
    const { lot, bidders } = await biddingLot(tools(), 1, async (lot) => void (await ok(trader, AuctionPath.signUp, { itemId: lot.itemId })));
    const first = await via<OfferResult>(a, bidders[0]!, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' });
    expect(first.code, first.message).toBe('0');
    expect(await cluster.holderOf(lease(lot.itemId))).toBe(a);

    const unregistered = await world.firmWithFunds('1000');
    const personal = await loggedInUser(a.ctx);
    // Frozen and not verified either: the firm's refusal comes before the real name's.
    const frozen = await loggedInUser(a.ctx);
    await cluster.database.db.update(firms).set({ status: 'frozen' }).where(eq(firms.id, Number(frozen.session.firmId)));
    const offer = (instance: Instance, c: Client, lang = 'en') => via(instance, c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '500' }, lang);
    const cases: [Client, number, string][] = [
      [unregistered.c, 409, 'Sign up and have the deposit frozen before bidding'],
      [finance, 403, 'You do not have the right "Sign up and bid in auctions"'],
      // Neither registered nor verified: the standing is refused before the lot is looked at.
      [personal.c, 403, 'Please complete real-name verification first'],
      [frozen.c, 403, 'The firm is frozen and cannot do this'],
    ];
    for (const [c, status, message] of cases) {
      const forwarded = await offer(b, c);
      expect({ status: forwarded.status, message: forwarded.message }).toEqual({ status, message });
      const direct = await offer(a, c);
      expect(forwarded.code).toBe(direct.code);
    }
    // Translated where the caller asked, whichever instance wrote the refusal.
    expect((await offer(b, finance, 'cn')).message).toBe('您没有「竞拍报名与出价」权限');
    // A member holding the right (not the main account) bids through the forwarding instance.
    const placed = await via<OfferResult>(b, trader, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '101' });
    expect(placed.value, placed.message).toMatchObject({ seq: 2, price: '101.00' });
    expect(await cluster.holderOf(lease(lot.itemId))).toBe(a);
  });

  it('keep one order when a lot is taken from an owner that has not noticed yet: its stale writer is refused by the version fence', async () => {
    const { lot, bidders } = await biddingLot(tools(), 4);
    const first = await via<OfferResult>(a, bidders[0]!, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' });
    expect(first.code, first.message).toBe('0');
    expect(await cluster.holderOf(lease(lot.itemId))).toBe(a);
    // The lease runs out under the owner (as after a long pause) and the other instance takes the lot.
    await cluster.database.db.update(clusterLeases).set({ expiresAt: new Date(0) }).where(eq(clusterLeases.name, lease(lot.itemId)));
    const taken = await via<OfferResult>(b, bidders[1]!, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '101' });
    expect(taken.value, taken.message).toMatchObject({ seq: 2, price: '101.00' });
    expect(await cluster.holderOf(lease(lot.itemId))).toBe(b);
    // The former owner, until its next renewal, still writes with the lot as it last knew it (one bid).
    const replies = await Promise.all(Array.from({ length: 6 }, (_, k) => via<OfferResult>(k % 2 === 0 ? a : b, bidders[(k + 2) % 4]!, AuctionPath.offer, { itemId: lot.itemId, offerPrice: String(102 + k) })));
    const acknowledged = [first.value, taken.value, ...replies.filter((r) => r.code === '0').map((r) => r.value)];
    for (const r of replies) if (r.code !== '0') expect(r.message).toMatch(/^The bid \(offerPrice\) must be at least|^You already hold the highest bid$/);
    const ladder = await ladderOf(tools(), bidders[0]!, lot.itemId);
    expect(ladder).toHaveLength(acknowledged.length);
    expectOneOrder(ladder, acknowledged);
  });

  it('move a lot to the other instance when its owner dies mid-bidding: every acknowledged bid kept, the end it reached kept', async () => {
    const { lot, bidders } = await biddingLot(tools(), 4);
    // The last minutes: every accepted bid moves the end.
    await timePasses(17 * MINUTE);
    const instances = [a, b];
    let price = 100;
    const acknowledged: OfferResult[] = [];
    const bid = async (instance: Instance, k: number) => {
      const reply = await via<OfferResult>(instance, bidders[k % bidders.length]!, AuctionPath.offer, { itemId: lot.itemId, offerPrice: String(price++) });
      if (reply.code === '0') acknowledged.push(reply.value);
      return reply;
    };
    await Promise.all(Array.from({ length: 30 }, (_, k) => bid(instances[k % 2]!, k)));
    const victim = (await cluster.holderOf(lease(lot.itemId)))!;
    const survivor = victim === a ? b : a;
    // Bids still on their way while the owner dies: each one is either acknowledged or refused, never half written.
    const during = Promise.all(Array.from({ length: 20 }, (_, k) => bid(instances[k % 2]!, 30 + k)));
    await cluster.kill(victim);
    await during;
    expect(acknowledged.length).toBeGreaterThan(1);

    // Until the dead owner's lease expires the survivor answers "busy"; then it takes the lot over from the database.
    let taken: Reply<OfferResult> | undefined;
    for (let k = 0; k < 60 && !taken; k++) {
      const reply = await bid(survivor, 50 + k);
      if (reply.code === '0') taken = reply;
      else {
        expect(['The auction is busy, please bid again', 'You already hold the highest bid']).toContain(reply.message);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    expect(taken, 'the survivor took the lot over').toBeDefined();
    expect(await cluster.holderOf(lease(lot.itemId))).toBe(survivor);
    for (let k = 0; k < 10; k++) await bid(survivor, 200 + k);

    const viewer = bidders[0]!;
    const ladder = (await via<Page<AuctionBid>>(survivor, viewer, AuctionPath.offers, { itemId: lot.itemId, size: 500 })).value.content.reverse();
    expectOneOrder(ladder, acknowledged);
    const last = acknowledged.reduce((x, y) => (y.seq > x.seq ? y : x));
    expect(ladder).toHaveLength(last.seq);
    const detail = (await via<AuctionItem>(survivor, viewer, AuctionPath.detail, { itemId: lot.itemId })).value;
    expect(detail).toMatchObject({ status: '1', bidCount: last.seq, currentPrice: last.price, endTime: last.item.endTime });
    expect(Date.parse(detail.endTime)).toBeGreaterThan(Date.parse(lot.endTime));
    expect((await verifyLedger(cluster.database.db, cluster.clock)).ok).toBe(true);
  });
});
