import { beforeAll, describe, expect, it } from 'vitest';
import { AdminAuctionPath, AuctionPath, type AuctionBid, type AuctionItem, type AuctionOrder, type Enrolment, type OfferResult, type Page, type ProxyView } from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { historyOf } from '../src/modules/auction/auction.repo';
import { auctionTestApp, DAY, HOUR, MARGIN_PASSWORD, MINUTE } from './auction-support';
import type { TestContext } from './harness';
import type { Client } from './identity-support';
import type { ListingWorld } from './listing-support';

const { app, ok, refused, flowsOf, ledgerBalanced, runJobs, timePasses, detail, payingFirm } = auctionTestApp();
const pushes = app.pushes;
let ctx: TestContext;
let world: ListingWorld;
let staff: Client;
beforeAll(() => void ({ ctx, world, staff } = app));

/** A firm that buys by auction: funds and a margin password. */
const buyer = payingFirm;

/** A firm that sells into a margin buy: a stored holding of 100 / 250.500 and funds for its margin. */
async function sellerFirm(amount = '10000') {
  const s = await world.firmWithFunds(amount);
  const holding = await world.storedHolding(s.c);
  return { ...s, holding };
}

/** 40 / 100.200 of the sellers' commodity wanted in their warehouse, at most 100.00 a weight unit, steps of 10.00 down. */
function buyRequest(template: { commodityName: string; storageId: string }, fields: object = {}) {
  const now = ctx.clock.now().getTime();
  return {
    commodityName: template.commodityName,
    gradeName: '一级',
    quantity: '40',
    weight: '100.200',
    startingUnitPrice: '100',
    addPrice: '10',
    showTime: new Date(now + HOUR).toISOString(),
    startTime: new Date(now + 2 * HOUR).toISOString(),
    endTime: new Date(now + 3 * HOUR).toISOString(),
    memo: '求购螺纹钢，竞买',
    contactName: '李经理',
    contactPhone: '13900000001',
    warehousId: template.storageId,
    ...fields,
  };
}

describe('a margin buy (reverse auction): sellers bid the price down', () => {
  it('refuses mirrored bids, extends a late bid, lets the lowest bid win and conserves every deposit through delivery', async () => {
    const a = await sellerFirm();
    const b = await sellerFirm();
    const p = await buyer();
    const template = { commodityName: a.holding.commodityName, storageId: a.holding.storageId };

    // Publishing freezes the buyer's deposit: 20% of 100.00 × 100.200.
    await refused(p.c, AuctionPath.publishMarginBuy, buyRequest(template, { reservePrice: '120' }), 400, 'The reserve price (reservePrice) cannot be above the starting price (startingUnitPrice)');
    await refused(p.c, AuctionPath.publishMarginBuy, buyRequest(template, { warehousId: '999999' }), 400, 'The warehouse (warehousId) is not where the holding is stored');
    const lot = await ok<AuctionItem>(p.c, AuctionPath.publishMarginBuy, buyRequest(template, { reservePrice: '80' }));
    expect(lot).toMatchObject({ kind: 'M', bsFlag: 'B', status: 'N', auditStatus: 'P', currentPrice: '100.00', nextPrice: '100.00', deposit: '2004.00', mine: true, hasReserve: true });
    expect(await world.balance(p.c)).toEqual({ available: '47996.00', frozen: '2004.00' });

    await ok(staff, AdminAuctionPath.audit, { itemId: lot.itemId, pass: true });
    await timePasses(HOUR);
    await refused(p.c, AuctionPath.signUp, { itemId: lot.itemId }, 409, 'You cannot take part in your own auction');
    const signedA = await ok<Enrolment>(a.c, AuctionPath.signUp, { itemId: lot.itemId });
    expect(signedA).toMatchObject({ status: '2', depositState: 'F', deposit: '2004.00', bidderNo: 1 });
    await ok(b.c, AuctionPath.signUp, { itemId: lot.itemId });
    expect((await world.balance(a.c)).frozen).toBe('2004.00');

    await timePasses(HOUR);
    const outsider = await sellerFirm();
    await refused(outsider.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '90' }, 409, 'Sign up and have the deposit frozen before bidding');
    await refused(p.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '90' }, 409, 'You cannot take part in your own auction');
    // The first bid is at most the starting price; each next one at most the current price less the step.
    await refused(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '101' }, 400, 'The bid (offerPrice) must be at most 100.00 (a margin buy: bids go down)');
    const first = await ok<OfferResult>(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' });
    expect(first).toMatchObject({ seq: 1, price: '100.00', item: { currentPrice: '100.00', nextPrice: '90.00', leader: '1', leading: true, reserveMet: false } });
    await refused(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '80' }, 409, 'You already hold the highest bid');
    await refused(b.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '95' }, 400, 'The bid (offerPrice) must be at most 90.00 (a margin buy: bids go down)');
    await ok(b.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '90' });

    // A proxy minimum: the server bids down for the firm, a step at a time, never below it; no one else reads it.
    await refused(a.c, AuctionPath.proxy, { itemId: lot.itemId, maxPrice: '85' }, 400, 'The proxy minimum (maxPrice) must be at most 80.00');
    await ok<ProxyView>(a.c, AuctionPath.proxy, { itemId: lot.itemId, maxPrice: '75' });
    expect(await detail(b.c, lot.itemId)).toMatchObject({ currentPrice: '80.00', leader: '1', nextPrice: '70.00', reserveMet: true });
    expect(await ok<ProxyView>(b.c, AuctionPath.proxyDetail, { itemId: lot.itemId })).toEqual({ itemId: lot.itemId, maxPrice: null });

    // A late bid moves the end to five minutes after it; the proxy cannot follow below its minimum.
    const publishedEnd = Date.parse(lot.endTime);
    await timePasses(HOUR - 2 * MINUTE);
    pushes.length = 0;
    const late = await ok<OfferResult>(b.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '70' });
    expect(Date.parse(late.item.endTime)).toBe(publishedEnd + 3 * MINUTE);
    expect(late.item).toMatchObject({ currentPrice: '70.00', nextPrice: '60.00', leader: '2', leading: true });
    expect(pushes.at(-1)).toMatchObject({ itemId: lot.itemId, currentPrice: '70.00', nextPrice: '60.00', leader: '2', bidCount: 4, extended: true });

    await timePasses(2 * MINUTE + 1000);
    expect((await detail(a.c, lot.itemId)).status).toBe('1');
    await timePasses(3 * MINUTE);
    await refused(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '60' }, 409, 'The auction is not in its bidding phase (startTime to endTime)');
    expect(await detail(b.c, lot.itemId)).toMatchObject({ status: '2', unsold: false, currentPrice: '70.00', leading: true });
    const ladder = await ok<Page<AuctionBid>>(p.c, AuctionPath.offers, { itemId: lot.itemId });
    expect(ladder.content.map((x) => [x.seq, x.price, x.bidder, x.proxy])).toEqual([
      [4, '70.00', '2', false],
      [3, '80.00', '1', true],
      [2, '90.00', '2', false],
      [1, '100.00', '1', false],
    ]);

    // The losing seller's margin is back (its holding's storage fees aside); the buyer keeps 20% of 70.00 × 100.200 = 7014.00 as its first payment.
    expect((await world.balance(a.c)).frozen).toBe('0.00');
    expect([...(await flowsOf(a.c, 'listing.margin.9')), ...(await flowsOf(a.c, 'listing.margin.7'))]).toEqual(['-2004.00', '2004.00']);
    expect((await world.balance(b.c)).frozen).toBe('2004.00');
    expect(await world.balance(p.c)).toEqual({ available: '48597.20', frozen: '1402.80' });
    expect((await ok<Page<Enrolment>>(b.c, AuctionPath.enrolments, { page: 0, size: 1000 })).content[0]).toMatchObject({ itemId: lot.itemId, won: true });
    await ledgerBalanced();

    const [order] = (await ok<Page<AuctionOrder>>(p.c, AuctionPath.orders, { side: 'buyer' })).content;
    expect(order).toMatchObject({ side: 'buyer', status: 'W', amount: '7014.00', firstPayment: '1402.80', balance: '5611.20', price: '70.00' });
    expect((await ok<Page<AuctionOrder>>(b.c, AuctionPath.orders, { side: 'seller' })).content[0]).toMatchObject({ orderId: order!.orderId, side: 'seller' });
    // The winning seller confirms, naming the holding it delivers from; the buyer cannot confirm for it.
    await refused(p.c, AuctionPath.confirmBidOrder, { orderId: order!.orderId }, 404, 'No such winning order');
    await refused(a.c, AuctionPath.confirmBidOrder, { orderId: order!.orderId, holdId: a.holding.holdId }, 404, 'No such winning order');
    await refused(b.c, AuctionPath.confirmBidOrder, { orderId: order!.orderId }, 400, 'The holding (holdId) does not exist or is not available');
    await refused(b.c, AuctionPath.confirmBidOrder, { orderId: order!.orderId, holdId: a.holding.holdId }, 400, 'The holding (holdId) does not exist or is not available');
    const confirmed = await ok<AuctionOrder>(b.c, AuctionPath.confirmBidOrder, { orderId: order!.orderId, holdId: b.holding.holdId });
    expect(confirmed).toMatchObject({ status: 'T', side: 'seller' });
    expect(confirmed.contractId).toBeTruthy();
    expect((await world.holdingsOf(b.c)).frozen).toBe('40.000/100.200');

    // The buyer pays the balance: the seller is paid less the fee, its margin released, and the goods move.
    const paid = await ok<AuctionOrder>(p.c, AuctionPath.payBalance, { orderId: order!.orderId, marginPassWord: MARGIN_PASSWORD });
    expect(paid).toMatchObject({ payStatus: 'L' });
    expect(await world.balance(p.c)).toEqual({ available: '42986.00', frozen: '0.00' });
    expect((await world.balance(b.c)).frozen).toBe('0.00');
    expect(await flowsOf(b.c, 'listing.margin.6')).toEqual([Decimal.parse('7014').sub(paid.fee).toFixed(2), '2004.00']);
    expect((await world.holdingsOf(p.c)).held).toBe('40.000/100.200');
    await ledgerBalanced();
  });

  it('passes in when no bid reaches the reserve: the buyer deposit and every margin go back', async () => {
    const a = await sellerFirm();
    const p = await buyer();
    const lot = await ok<AuctionItem>(p.c, AuctionPath.publishMarginBuy, buyRequest({ commodityName: a.holding.commodityName, storageId: a.holding.storageId }, { reservePrice: '50' }));
    await ok(staff, AdminAuctionPath.audit, { itemId: lot.itemId, pass: true });
    await timePasses(HOUR);
    await ok(a.c, AuctionPath.signUp, { itemId: lot.itemId });
    await timePasses(HOUR);
    expect((await ok<OfferResult>(a.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '60' })).item).toMatchObject({ reserveMet: false });
    await timePasses(HOUR + MINUTE);
    expect(await detail(p.c, lot.itemId)).toMatchObject({ status: '2', unsold: true });
    expect(await world.balance(p.c)).toEqual({ available: '50000.00', frozen: '0.00' });
    expect((await world.balance(a.c)).frozen).toBe('0.00');
    expect([...(await flowsOf(a.c, 'listing.margin.9')), ...(await flowsOf(a.c, 'listing.margin.7'))]).toEqual(['-2004.00', '2004.00']);
    expect((await ok<Page<AuctionOrder>>(p.c, AuctionPath.orders, { side: 'buyer' })).content.filter((o) => o.itemId === lot.itemId)).toEqual([]);
    await ledgerBalanced();
  });
});

describe('a margin buy whose winning seller must confirm by its deadline', () => {
  /** A margin buy won by one seller at 90.00 (amount 9018.00): the buyer keeps 20% (1803.60) as its first payment, 200.40 of its deposit back. */
  async function wonAt90() {
    const seller = await sellerFirm();
    const p = await buyer();
    const lot = await ok<AuctionItem>(p.c, AuctionPath.publishMarginBuy, buyRequest({ commodityName: seller.holding.commodityName, storageId: seller.holding.storageId }));
    await ok(staff, AdminAuctionPath.audit, { itemId: lot.itemId, pass: true });
    await timePasses(HOUR);
    await ok(seller.c, AuctionPath.signUp, { itemId: lot.itemId });
    await timePasses(HOUR);
    await ok(seller.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '90' });
    await timePasses(HOUR + MINUTE);
    const [order] = (await ok<Page<AuctionOrder>>(seller.c, AuctionPath.orders, { side: 'seller' })).content;
    expect(order).toMatchObject({ status: 'W', amount: '9018.00', firstPayment: '1803.60', sellerDefault: 'N', buyerDefault: 'N' });
    // The seller has the balance days (3) to confirm.
    expect(Date.parse(order!.confirmDueAt!)).toBe(ctx.clock.now().getTime() + 3 * DAY);
    expect(await world.balance(p.c)).toEqual({ available: '48196.40', frozen: '1803.60' });
    expect((await world.balance(seller.c)).frozen).toBe('2004.00');
    return { seller, p, lot, order: order! };
  }

  const orderOf = (c: Client, orderId: string) => ok<AuctionOrder>(c, AuctionPath.orderDetail, { orderId });

  it('a seller who confirms in time does not default, and the buyer balance days run from the confirmation', async () => {
    const { seller, p, order } = await wonAt90();
    await timePasses(2 * DAY);
    const confirmed = await ok<AuctionOrder>(seller.c, AuctionPath.confirmBidOrder, { orderId: order.orderId, holdId: seller.holding.holdId });
    expect(confirmed).toMatchObject({ status: 'T', sellerDefault: 'N' });
    expect(Date.parse(confirmed.balanceDueAt!)).toBe(ctx.clock.now().getTime() + 3 * DAY);

    // Past the seller's deadline (and the end's balance days) nothing defaults: the order is confirmed and the buyer's balance is not yet due.
    await timePasses(2 * DAY);
    await runJobs();
    expect(await orderOf(p.c, order.orderId)).toMatchObject({ status: 'T', sellerDefault: 'N', buyerDefault: 'N' });
    expect(await world.balance(p.c)).toEqual({ available: '48196.40', frozen: '1803.60' });
    expect((await world.balance(seller.c)).frozen).toBe('2004.00');

    const paid = await ok<AuctionOrder>(p.c, AuctionPath.payBalance, { orderId: order.orderId, marginPassWord: MARGIN_PASSWORD });
    expect(paid).toMatchObject({ payStatus: 'L', sellerDefault: 'N', buyerDefault: 'N' });
    expect(await world.balance(p.c)).toEqual({ available: '40982.00', frozen: '0.00' });
    expect((await world.balance(seller.c)).frozen).toBe('0.00');
    expect((await world.holdingsOf(p.c)).held).toBe('40.000/100.200');
    await ledgerBalanced();
  });

  it('a seller delayed past its deadline may still confirm within the grace day: the delay clears and nothing is forfeited', async () => {
    const { seller, p, order } = await wonAt90();
    await timePasses(3 * DAY + MINUTE);
    expect(await orderOf(seller.c, order.orderId)).toMatchObject({ status: 'W', sellerDefault: 'W' });
    const confirmed = await ok<AuctionOrder>(seller.c, AuctionPath.confirmBidOrder, { orderId: order.orderId, holdId: seller.holding.holdId });
    expect(confirmed).toMatchObject({ status: 'T', sellerDefault: 'N' });
    await timePasses(DAY + MINUTE);
    expect(await orderOf(p.c, order.orderId)).toMatchObject({ status: 'T', sellerDefault: 'N', buyerDefault: 'N' });
    expect(await world.balance(p.c)).toEqual({ available: '48196.40', frozen: '1803.60' });
    expect((await world.balance(seller.c)).frozen).toBe('2004.00');
    await ledgerBalanced();
  });

  it('a seller who never confirms is delayed, then defaults: its margin goes to the buyer less the platform share, the buyer deposit comes back', async () => {
    const { seller, p, lot, order } = await wonAt90();
    await timePasses(3 * DAY - MINUTE);
    expect(await orderOf(p.c, order.orderId)).toMatchObject({ status: 'W', sellerDefault: 'N' });

    // The deadline passes: delayed; nothing moves yet, and the buyer cannot pay an unconfirmed order.
    await timePasses(2 * MINUTE);
    expect(await orderOf(p.c, order.orderId)).toMatchObject({ status: 'W', sellerDefault: 'W', buyerDefault: 'N' });
    expect(await world.balance(p.c)).toEqual({ available: '48196.40', frozen: '1803.60' });
    expect((await world.balance(seller.c)).frozen).toBe('2004.00');
    await refused(p.c, AuctionPath.payBalance, { orderId: order.orderId, marginPassWord: MARGIN_PASSWORD }, 409, 'The winning order status does not allow this');

    // The grace day (1) passes: defaulted. The seller's 2004.00 goes to the buyer less the platform's 20% (400.80): 1603.20;
    // the buyer's first payment (1803.60) is released.
    await timePasses(DAY);
    const defaulted = await orderOf(seller.c, order.orderId);
    expect(defaulted).toMatchObject({ side: 'seller', status: 'F', sellerDefault: 'F', buyerDefault: 'N' });
    expect((await ok<Page<AuctionOrder>>(p.c, AuctionPath.orders, { side: 'buyer' })).content.find((o) => o.orderId === order.orderId)).toMatchObject({ side: 'buyer', status: 'F', sellerDefault: 'F' });
    expect(await world.balance(p.c)).toEqual({ available: '51603.20', frozen: '0.00' });
    expect((await world.balance(seller.c)).frozen).toBe('0.00');
    expect(await flowsOf(seller.c, 'listing.margin.9')).toEqual(['-2004.00']);
    expect((await ok<Page<Enrolment>>(seller.c, AuctionPath.enrolments, { page: 0, size: 1000 })).content.find((e) => e.itemId === lot.itemId)).toMatchObject({ depositState: 'X', won: true });
    // The seller's holding was never named, so it is untouched.
    expect((await world.holdingsOf(seller.c)).held).toBe('100.000/250.500');
    const history = await historyOf(ctx.database.db, Number(lot.itemId));
    expect(history.slice(-2).map((h) => [h.actor, h.note, h.journalId !== null])).toEqual([
      ['system:auction-defaults', `order ${order.orderId}: not confirmed by the seller in time, the seller delayed`, false],
      ['system:auction-defaults', `order ${order.orderId}: the winning seller defaulted (never confirmed), its margin forfeited to the buyer, the buyer's deposit released`, true],
    ]);
    await ledgerBalanced();

    // Confirming now is refused, and the sweep running again moves nothing twice.
    await refused(seller.c, AuctionPath.confirmBidOrder, { orderId: order.orderId, holdId: seller.holding.holdId }, 409, 'The confirmation deadline has passed: the seller defaulted and the winning order is void');
    await refused(p.c, AuctionPath.payBalance, { orderId: order.orderId, marginPassWord: MARGIN_PASSWORD }, 409, 'The winning order status does not allow this');
    await timePasses(DAY);
    expect(await world.balance(p.c)).toEqual({ available: '51603.20', frozen: '0.00' });
    await ledgerBalanced();
  });
});
