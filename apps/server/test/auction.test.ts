import { beforeAll, describe, expect, it } from 'vitest';
import { AdminAuctionPath, AuctionPath, ContractPath, type AuctionBid, type AuctionItem, type AuctionOrder, type Enrolment, type Holding, type OfferResult, type Page, type ProxyView } from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { buildApp } from '../src/app';
import { auctionTestApp, DAY, HOUR, MARGIN_PASSWORD, MINUTE } from './auction-support';
import { listenForWebSockets, type TestContext } from './harness';
import type { Client } from './identity-support';
import type { ListingWorld } from './listing-support';
import { WsClient } from './system-fakes';

const { app, ok, refused, flowsOf, ledgerBalanced, runJobs, timePasses, detail, payingFirm } = auctionTestApp();
const pushes = app.pushes;
let ctx: TestContext;
let world: ListingWorld;
let staff: Client;
beforeAll(() => void ({ ctx, world, staff } = app));

/** A seller with a stored holding of 100 / 250.500 and funds for the inspection fee and a margin. */
async function seller(extra = '5000') {
  const s = await world.firmWithFunds(String(500 + Number(extra)));
  const holding = await world.storedHolding(s.c);
  return { ...s, holding };
}

/** A lot of 40 / 100.200 from the seller's holding, at 100.00 a weight unit (deposit 20% of the starting amount: 2004.00), steps of 10.00. */
function lotRequest(holding: Holding, fields: object = {}) {
  const now = ctx.clock.now().getTime();
  return {
    holdId: holding.holdId,
    quantity: '40',
    startingUnitPrice: '100',
    addPrice: '10',
    showTime: new Date(now + HOUR).toISOString(),
    startTime: new Date(now + 2 * HOUR).toISOString(),
    endTime: new Date(now + 3 * HOUR).toISOString(),
    memo: '螺纹钢整批竞拍',
    contactName: '王经理',
    contactPhone: '13900000000',
    warehousId: holding.storageId,
    ...fields,
  };
}

/** Published, approved and in public notice. */
async function publicLot(s: Awaited<ReturnType<typeof seller>>, path: string = AuctionPath.publishHoldSell, fields: object = {}) {
  const lot = await ok<AuctionItem>(s.c, path, lotRequest(s.holding, fields));
  await ok(staff, AdminAuctionPath.audit, { itemId: lot.itemId, pass: true });
  await timePasses(HOUR);
  return lot;
}

const bidder = payingFirm;

describe('an auction from publishing to the delivered goods', () => {
  it('walks every phase, refuses what is not allowed, extends a late bid and settles the winner while releasing the loser', async () => {
    const s = await seller();
    const lot = await ok<AuctionItem>(s.c, AuctionPath.publishHoldSell, lotRequest(s.holding));
    expect(lot).toMatchObject({ kind: 'H', source: 'J', status: 'N', auditStatus: 'P', weight: '100.200', deposit: '2004.00', currentPrice: '100.00', nextPrice: '100.00', mine: true });
    expect((await world.holdingsOf(s.c)).frozen).toBe('40.000/100.200');
    // Not public before its audit and notice.
    const visitor = await world.firmWithFunds('1');
    await refused(visitor.c, AuctionPath.detail, { itemId: lot.itemId }, 404, 'No such auction');

    await ok(staff, AdminAuctionPath.audit, { itemId: lot.itemId, pass: true });
    expect((await detail(s.c, lot.itemId)).status).toBe('N');
    await timePasses(HOUR);
    expect((await detail(visitor.c, lot.itemId)).status).toBe('0');

    const a = await bidder();
    const b = await bidder();
    const signedA = await ok<Enrolment>(a.c, AuctionPath.signUp, { itemId: lot.itemId });
    expect(signedA).toMatchObject({ status: '2', depositState: 'F', deposit: '2004.00', bidderNo: 1 });
    expect(await world.balance(a.c)).toEqual({ available: '47996.00', frozen: '2004.00' });
    await ok(b.c, AuctionPath.signUp, { itemId: lot.itemId });
    await refused(b.c, AuctionPath.signUp, { itemId: lot.itemId }, 409, 'You have already signed up for this auction');
    await refused(s.c, AuctionPath.signUp, { itemId: lot.itemId }, 409, 'You cannot take part in your own auction');
    await ledgerBalanced();

    // Bidding opens at startTime, not before.
    await refused(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' }, 409, 'The auction is not in its bidding phase (startTime to endTime)');
    await timePasses(HOUR);
    expect((await detail(a.c, lot.itemId)).status).toBe('1');
    await refused(s.c, AuctionPath.undoPublish, { itemId: lot.itemId }, 409, 'The auction status does not allow this');
    await refused(visitor.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' }, 409, 'Sign up and have the deposit frozen before bidding');

    const first = await ok<OfferResult>(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' });
    expect(first).toMatchObject({ seq: 1, price: '100.00', item: { currentPrice: '100.00', nextPrice: '110.00', leader: '1', leading: true, bidCount: 1 } });
    await refused(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '120' }, 409, 'You already hold the highest bid');
    await refused(b.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '105' }, 400, 'The bid (offerPrice) must be at least 110.00');
    await ok(b.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '110' });

    // A bid in the last five minutes moves the end to five minutes after it, and says so live.
    const publishedEnd = Date.parse(lot.endTime);
    await timePasses(HOUR - 2 * MINUTE);
    pushes.length = 0;
    const late = await ok<OfferResult>(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '130' });
    expect(Date.parse(late.item.endTime)).toBe(publishedEnd + 3 * MINUTE);
    expect(pushes.at(-1)).toMatchObject({ itemId: lot.itemId, currentPrice: '130.00', nextPrice: '140.00', leader: '1', bidCount: 3, extended: true, status: '1' });
    expect(pushes.at(-1)!.serverTime).toBe(ctx.clock.now().toISOString());

    // Still bidding at the published end; ended at the extended one.
    await timePasses(2 * MINUTE + 1000);
    expect((await detail(a.c, lot.itemId)).status).toBe('1');
    await timePasses(3 * MINUTE);
    await refused(b.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '200' }, 409, 'The auction is not in its bidding phase (startTime to endTime)');
    const ended = await detail(a.c, lot.itemId);
    expect(ended).toMatchObject({ status: '2', unsold: false, currentPrice: '130.00', leading: true });

    const ladder = await ok<Page<AuctionBid>>(b.c, AuctionPath.offers, { itemId: lot.itemId });
    expect(ladder.content.map((x) => [x.seq, x.price, x.bidder, x.mine])).toEqual([
      [3, '130.00', '1', false],
      [2, '110.00', '2', true],
      [1, '100.00', '1', false],
    ]);

    // The loser's deposit is back; the winner's is the first payment.
    expect(await world.balance(b.c)).toEqual({ available: '50000.00', frozen: '0.00' });
    const enrolmentsA = await ok<Page<Enrolment>>(a.c, AuctionPath.enrolments, { page: 0, size: 1000 });
    expect(enrolmentsA.content[0]).toMatchObject({ itemId: lot.itemId, depositState: 'P', won: true });
    await ledgerBalanced();

    const [order] = (await ok<Page<AuctionOrder>>(a.c, AuctionPath.orders, { side: 'buyer' })).content;
    // 130.00 × 100.200 = 13026.00; 2004.00 paid by the deposit.
    expect(order).toMatchObject({ side: 'buyer', status: 'W', payStatus: 'F', amount: '13026.00', firstPayment: '2004.00', balance: '11022.00', buyerDefault: 'N' });
    // The other parties cannot act on it.
    await refused(b.c, AuctionPath.confirmBidOrder, { orderId: order!.orderId }, 404, 'No such winning order');
    await refused(b.c, AuctionPath.orderDetail, { orderId: order!.orderId }, 404, 'No such winning order');
    await refused(a.c, AuctionPath.payBalance, { orderId: order!.orderId, marginPassWord: MARGIN_PASSWORD }, 409, 'The winning order status does not allow this');

    const sellerBefore = await world.balance(s.c);
    const confirmed = await ok<AuctionOrder>(a.c, AuctionPath.confirmBidOrder, { orderId: order!.orderId });
    expect(confirmed.status).toBe('T');
    expect(confirmed.contractId).not.toBeNull();
    const paid = await ok<AuctionOrder>(a.c, AuctionPath.payBalance, { orderId: order!.orderId, marginPassWord: MARGIN_PASSWORD });
    expect(paid).toMatchObject({ payStatus: 'L', fee: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(await world.balance(a.c)).toEqual({ available: '36974.00', frozen: '0.00' });
    // The seller is paid the amount less the platform's fee.
    expect((await world.balance(s.c)).available).toBe(Decimal.parse(sellerBefore.available).add('13026').sub(paid.fee).toFixed(2));
    expect(await flowsOf(s.c, 'listing.margin.6')).toEqual([Decimal.parse('13026').sub(paid.fee).toFixed(2)]);
    expect((await world.holdingsOf(a.c)).held).toBe('40.000/100.200');
    expect((await world.holdingsOf(s.c)).held).toBe('60.000/150.300');

    // Both parties find the contract in their lists and download it.
    for (const [party, side] of [[a.c, 'buyer'], [s.c, 'seller']] as const) {
      const contracts = await ok<Page<{ pickId: string; contractId: string }>>(party, ContractPath.list, { side });
      expect(contracts.content.map((c) => c.pickId)).toContain(order!.orderId);
    }
    for (const party of [a.c, s.c]) {
      const pdf = await ctx.app.http.inject({ method: 'GET', url: ContractPath.pdf.replace(':contractId', confirmed.contractId!), headers: party.headers });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
    }
    await ledgerBalanced();
  });
});

describe('lots that do not sell', () => {
  it('passes in below the reserve, giving back every deposit, the goods and the seller margin', async () => {
    const s = await seller();
    const lot = await publicLot(s, AuctionPath.publishMarginSell, { reservePrice: '150' });
    expect(lot.kind).toBe('B');
    // Margin sell: 20% of the starting amount frozen from the seller too.
    expect((await world.balance(s.c)).frozen).toBe('2004.00');
    const a = await bidder();
    await ok(a.c, AuctionPath.signUp, { itemId: lot.itemId });
    await timePasses(HOUR);
    await ok(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '120' });
    expect((await detail(a.c, lot.itemId))).toMatchObject({ hasReserve: true, reserveMet: false });
    await timePasses(HOUR);
    expect(await detail(a.c, lot.itemId)).toMatchObject({ status: '2', unsold: true });
    expect(await world.balance(a.c)).toEqual({ available: '50000.00', frozen: '0.00' });
    expect((await world.balance(s.c)).frozen).toBe('0.00');
    expect(await flowsOf(s.c, 'listing.margin.1')).toEqual(['-2004.00']);
    expect(await flowsOf(s.c, 'listing.margin.7')).toEqual(['2004.00']);
    expect((await world.holdingsOf(s.c)).held).toBe('100.000/250.500');
    expect((await ok<Page<AuctionOrder>>(a.c, AuctionPath.orders, { side: 'buyer' })).total).toBe(0);
    await ledgerBalanced();
  });

  it('is undone by its seller before bidding, fails its audit with a reason, and is stopped by staff with one', async () => {
    const s = await seller();
    const undone = await publicLot(s);
    const a = await bidder();
    await ok(a.c, AuctionPath.signUp, { itemId: undone.itemId });
    const back = await ok<AuctionItem>(s.c, AuctionPath.undoPublish, { itemId: undone.itemId });
    expect(back.status).toBe('U');
    expect(await world.balance(a.c)).toEqual({ available: '50000.00', frozen: '0.00' });

    const failed = await ok<AuctionItem>(s.c, AuctionPath.publishHoldSell, lotRequest(s.holding));
    await refused(staff, AdminAuctionPath.audit, { itemId: failed.itemId, pass: false }, 422, 'Reason is invalid');
    const rejected = await ok<AuctionItem>(staff, AdminAuctionPath.audit, { itemId: failed.itemId, pass: false, reason: '图片不清晰' });
    expect(rejected).toMatchObject({ status: 'U', auditStatus: 'F', reason: '图片不清晰' });

    const stopped = await publicLot(s);
    await ok(a.c, AuctionPath.signUp, { itemId: stopped.itemId });
    await timePasses(HOUR);
    await ok(a.c, AuctionPath.offer, { itemId: stopped.itemId, offerPrice: '100' });
    // Only staff with the right stop a lot.
    await refused(a.c, AdminAuctionPath.stop, { itemId: stopped.itemId, reason: 'x' }, 401, 'Session invalid, please log in again');
    const stop = await ok<AuctionItem>(staff, AdminAuctionPath.stop, { itemId: stopped.itemId, reason: '货权争议' });
    expect(stop).toMatchObject({ status: 'U', reason: '货权争议' });
    await refused(a.c, AuctionPath.offer, { itemId: stopped.itemId, offerPrice: '110' }, 409, 'The auction is not in its bidding phase (startTime to endTime)');
    expect(await world.balance(a.c)).toEqual({ available: '50000.00', frozen: '0.00' });
    expect((await world.holdingsOf(s.c)).held).toBe('100.000/250.500');
    await ledgerBalanced();
  });
});

describe('proxy bids and pre-registration', () => {
  it('bids for a firm up to its private maximum, which no other firm can read', async () => {
    const s = await seller();
    const lot = await publicLot(s);
    const a = await bidder();
    const b = await bidder();
    await ok(a.c, AuctionPath.signUp, { itemId: lot.itemId });
    // The icbc channel pre-registers; the channel's answer freezes the deposit.
    const pre = await ok<Enrolment>(b.c, AuctionPath.signUp, { itemId: lot.itemId, channel: 'icbc' });
    expect(pre).toMatchObject({ status: '1', depositState: 'W', channel: 'icbc' });
    await refused(b.c, AuctionPath.proxy, { itemId: lot.itemId, maxPrice: '150' }, 409, 'Sign up and have the deposit frozen before bidding');
    await runJobs();
    expect((await ok<Page<Enrolment>>(b.c, AuctionPath.enrolments, { page: 0, size: 1000 })).content[0]).toMatchObject({ status: '2', depositState: 'F' });

    await ok<ProxyView>(b.c, AuctionPath.proxy, { itemId: lot.itemId, maxPrice: '150' });
    expect(await ok<ProxyView>(a.c, AuctionPath.proxyDetail, { itemId: lot.itemId })).toEqual({ itemId: lot.itemId, maxPrice: null });
    expect(await ok<ProxyView>(b.c, AuctionPath.proxyDetail, { itemId: lot.itemId })).toEqual({ itemId: lot.itemId, maxPrice: '150.00' });

    // At the start the proxy opens at the starting price; each bid of A is answered one step higher until the maximum.
    await timePasses(HOUR);
    expect(await detail(a.c, lot.itemId)).toMatchObject({ currentPrice: '100.00', leader: '2', bidCount: 1 });
    // A visitor's browser follows the lot over the WebSocket hub.
    const ws = await WsClient.connect(await listenForWebSockets(ctx.app));
    await ws.request({ op: 'subscribe', topics: [`auction:${lot.itemId}`] });
    const from = ws.messages.length;
    const answered = await ok<OfferResult>(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '120' });
    expect(answered.item).toMatchObject({ currentPrice: '130.00', leader: '2', leading: false });
    const live = await ws.next({ type: 'auction', topic: `auction:${lot.itemId}` }, from);
    expect(live.data).toMatchObject({ itemId: lot.itemId, status: '1', currentPrice: '130.00', nextPrice: '140.00', leader: '2', bidCount: 3, serverTime: ctx.clock.now().toISOString() });
    ws.socket.close();
    const over = await ok<OfferResult>(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '145' });
    expect(over.item).toMatchObject({ currentPrice: '145.00', leader: '1', leading: true });
    const ladder = await ok<Page<AuctionBid>>(a.c, AuctionPath.offers, { itemId: lot.itemId });
    expect(ladder.content.map((x) => [x.price, x.bidder, x.proxy])).toEqual([
      ['145.00', '1', false],
      ['130.00', '2', true],
      ['120.00', '1', false],
      ['100.00', '2', true],
    ]);
    await ledgerBalanced();
  });
});

describe('durability and defaults', () => {
  it('keeps every acknowledged bid and the extended end across a restart, and ends on the new instance', async () => {
    const s = await seller();
    const lot = await publicLot(s);
    const a = await bidder();
    const b = await bidder();
    await ok(a.c, AuctionPath.signUp, { itemId: lot.itemId });
    await ok(b.c, AuctionPath.signUp, { itemId: lot.itemId });
    await timePasses(2 * HOUR - MINUTE);
    await ok(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' });
    const last = await ok<OfferResult>(b.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '120' });

    await ctx.app.close();
    ctx.app = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    await ctx.app.http.ready();

    const after = await detail(a.c, lot.itemId);
    expect(after).toMatchObject({ status: '1', currentPrice: '120.00', bidCount: 2, endTime: last.item.endTime });
    const ladder = await ok<Page<AuctionBid>>(a.c, AuctionPath.offers, { itemId: lot.itemId });
    expect(ladder.content.map((x) => x.price)).toEqual(['120.00', '100.00']);
    await timePasses(5 * MINUTE);
    expect(await detail(a.c, lot.itemId)).toMatchObject({ status: '2', unsold: false });
    await ledgerBalanced();
  });

  it('a winner who does not pay is delayed, then defaults: the deposit goes to the seller less the platform share and the goods go back', async () => {
    const s = await seller();
    const lot = await publicLot(s);
    const a = await bidder();
    await ok(a.c, AuctionPath.signUp, { itemId: lot.itemId });
    await timePasses(HOUR);
    await ok(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' });
    await timePasses(HOUR);
    const [order] = (await ok<Page<AuctionOrder>>(s.c, AuctionPath.orders, { side: 'seller' })).content;
    expect(order).toMatchObject({ side: 'seller', payStatus: 'F', buyerDefault: 'N' });
    // Balance days (3) pass: delayed; the grace day passes: defaulted.
    await timePasses(3 * DAY + MINUTE);
    await runJobs();
    expect((await ok<AuctionOrder>(a.c, AuctionPath.orderDetail, { orderId: order!.orderId })).buyerDefault).toBe('W');
    await timePasses(DAY + MINUTE);
    await runJobs();
    const defaulted = await ok<AuctionOrder>(a.c, AuctionPath.orderDetail, { orderId: order!.orderId });
    expect(defaulted).toMatchObject({ status: 'F', buyerDefault: 'F' });
    await refused(a.c, AuctionPath.payBalance, { orderId: order!.orderId, marginPassWord: MARGIN_PASSWORD }, 409, 'The winning order status does not allow this');
    // 2004.00 forfeited, the platform keeping 20% (400.80).
    expect(await world.balance(a.c)).toEqual({ available: '47996.00', frozen: '0.00' });
    expect(await flowsOf(s.c, 'listing.margin.7')).toEqual(['1603.20']);
    expect((await world.holdingsOf(s.c)).held).toBe('100.000/250.500');
    await ledgerBalanced();
  });
});
