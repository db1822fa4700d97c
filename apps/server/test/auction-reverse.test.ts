import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuctionPath, AuctionPath, LedgerPath, PaymentPasswordPath, type LedgerFlowEntry, type AuctionBid, type AuctionItem, type AuctionOrder, type AuctionPush, type Enrolment, type OfferResult, type Page, type ProxyView } from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { verifyLedger } from '../src/modules/ledger/index';
import type { TestContext } from './harness';
import type { Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';

let ctx: TestContext;
let world: ListingWorld;
let staff: Client;
const pushes: AuctionPush[] = [];

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 86_400_000;
const MARGIN_PASSWORD = '246802';

beforeAll(async () => {
  ({ ctx, world } = await startListingApp({ sessionIdleMs: 400 * DAY, sessionAbsoluteMs: 400 * DAY }));
  staff = world.staff;
  ctx.app.platform.bus.subscribe('auction:*', (message) => void pushes.push(message.payload as AuctionPush));
});
afterAll(() => ctx.close());

async function ok<T>(c: Client, path: string, body: object = {}): Promise<T> {
  const res = await c.post<T>(path, body);
  expect(res.code, `${path}: ${res.message}`).toBe('0');
  return res.value;
}

async function refused(c: Client, path: string, body: object, status: number, message: string) {
  const res = await c.post(path, body);
  expect({ status: res.status, message: res.message }).toEqual({ status, message });
}

/** What journals of `type` moved on the firm's available funds, as signed amounts, oldest first. */
async function flowsOf(c: Client, type: string): Promise<string[]> {
  const amounts: string[] = [];
  for (const mode of ['history', 'current']) {
    const page = await ok<Page<LedgerFlowEntry>>(c, LedgerPath.flow, { kind: 'available', mode, type, size: 100 });
    amounts.push(...page.content.reverse().map((e) => Decimal.parse(e.amount).toFixed(2)));
  }
  return amounts;
}

async function ledgerBalanced() {
  expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
}

async function timePasses(ms: number) {
  ctx.clock.advance(ms);
  for (let batch = 0; batch < 50 && (await ctx.app.platform.scheduler.runDue()) > 0; batch++);
}

const detail = (c: Client, itemId: string) => ok<AuctionItem>(c, AuctionPath.detail, { itemId });

/** A firm that buys by auction: funds and a margin password. */
async function buyer(amount = '50000') {
  const b = await world.firmWithFunds(amount);
  await ok(b.c, PaymentPasswordPath.set, { kind: 'margin', password: MARGIN_PASSWORD });
  return b;
}

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
