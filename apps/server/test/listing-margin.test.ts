import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminListingPath,
  MARKET_CLOSE_REASON,
  ListingApiPath,
  ListingPath,
  PaymentPasswordPath,
  type AdminDefaultPick,
  type Bargain,
  type ListingDetail,
  type ListingPickDetail,
  type Page,
  type PickHistory,
  type PickInvoice,
} from '@tp/contract';
import { shanghaiDay, verifyLedger } from '../src/modules/ledger/index';
import { postFile } from './enterprise-support';
import type { TestContext } from './harness';
import type { Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';

let ctx: TestContext;
let world: ListingWorld;
let staff: Client;

beforeAll(async () => {
  // Sessions outlive the days the sandbox clock skips, so parties act after a deadline as they would after logging in again.
  ({ ctx, world } = await startListingApp({ sessionIdleMs: 400 * 86_400_000, sessionAbsoluteMs: 400 * 86_400_000 }));
  // One staff session serves the warehouse steps and the back-office checks.
  staff = world.staff;
});
afterAll(() => ctx.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const MARGIN_PASSWORD = '246802';
const DAY = 86_400_000;

async function ok<T>(c: Client, path: string, body: object): Promise<T> {
  const res = await c.post<T>(path, body);
  expect(res.code, `${path}: ${res.message}`).toBe('0');
  return res.value;
}

async function ledgerBalanced() {
  expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
}

async function history(c: Client, pickId: string) {
  return (await ok<PickHistory>(c, ListingApiPath.pickHistory, { pickId })).events;
}

/** A seller (400.00 after its inspection fee, plus `extra`) with a stored holding of 100 / 250.500, and a margin sell order of 40 / 100.200 at 100.00 per weight unit. */
async function marginSeller(extra = '9600', body: object = {}) {
  const seller = await world.firmWithFunds(String(500 + Number(extra)));
  const holding = await world.storedHolding(seller.c);
  const listing = await ok<ListingDetail>(seller.c, ListingApiPath.createMargin, {
    bsFlag: 'S',
    sourceId: 'W',
    holdId: holding.holdId,
    ...world.rebarGrade,
    price: '100',
    quantity: '40',
    weight: '100.2',
    openTicketDay: 5,
    origin: '江苏',
    ...body,
  });
  return { seller, holding, listing };
}

async function buyerWithMarginPassword(amount: string) {
  const buyer = await world.firmWithFunds(amount);
  await ok(buyer.c, PaymentPasswordPath.set, { kind: 'margin', password: MARGIN_PASSWORD });
  return buyer;
}

describe('margin listing B: list, pick, confirm, pay balance, invoice, settle', () => {
  it('moves money only through margin events 1–6, conserves it, and refuses every illegal step', async () => {
    const { seller, listing } = await marginSeller();
    expect(listing).toMatchObject({ type: 'B', source: 'W', bsFlag: 'S', status: 'O', auditStatus: 'N', margin: '2004.00', price: '100.00', weight: '100.200', origin: '江苏' });
    expect(listing.storageName).not.toBeNull();
    // Seller margin 20 % of 100.00 × 100.2 = 10020.00 is frozen at listing (event 1).
    expect(await world.balance(seller.c)).toEqual({ available: '7996.00', frozen: '2004.00' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '60.000/150.300', frozen: '40.000/100.200' });

    const buyer = await buyerWithMarginPassword('50000');
    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity: '10' });
    expect(pick).toMatchObject({ status: 'W', payStatus: 'W', listingType: 'B', priceFlag: 'F', amount: '2505.00', listedWeight: '25.050', buyerMargin: '501.00', sellerMargin: '501.00', invoiceStatus: 'W', buyerDefault: 'N', sellerDefault: 'N' });
    expect(await world.balance(buyer.c)).toEqual({ available: '49499.00', frozen: '501.00' });

    // Paying before confirmation, or invoicing it, is refused.
    const early = await buyer.c.post(ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD });
    expect(early.status).toBe(409);
    const earlyInvoice = await seller.c.post(ListingApiPath.invoiceOpen, { pickId: pick.pickId, fileId: '00000000-0000-4000-8000-000000000000', invoiceTitle: 'x', taxpayerId: '91310000MA1FL2AB3C', amount: '2505' });
    expect(earlyInvoice.status).toBe(409);

    // Only the listing's owner confirms.
    expect((await buyer.c.post(ListingPath.confirmPick, { pickId: pick.pickId })).status).toBe(404);
    const confirmed = await ok<ListingPickDetail>(seller.c, ListingPath.confirmPick, { pickId: pick.pickId });
    expect(confirmed).toMatchObject({ status: 'T', payStatus: 'F', balance: '2004.00' });
    expect(new Date(confirmed.balanceDueAt!).getTime() - new Date(confirmed.confirmedAt!).getTime()).toBe(3 * DAY);
    expect(await world.balance(buyer.c)).toEqual({ available: '49499.00', frozen: '501.00' });
    expect((await seller.c.post(ListingPath.confirmPick, { pickId: pick.pickId })).status).toBe(409);
    expect((await buyer.c.post(ListingPath.cancelPick, { pickId: pick.pickId })).status).toBe(409);

    // The balance needs the margin password and the right code.
    const wrongPassword = await buyer.c.post(ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: '000000' });
    expect(wrongPassword.status).toBe(400);
    const wrongCode = await buyer.c.post(ListingApiPath.payBalance, { orderId: pick.pickId, code: '1.00', marginPassWord: MARGIN_PASSWORD });
    expect(wrongCode.status).toBe(400);
    expect((await seller.c.post(ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD })).status).toBe(404);
    const paid = await ok<ListingPickDetail>(buyer.c, ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD });
    expect(paid).toMatchObject({ payStatus: 'L', weight: '25.050', amount: '2505.00', invoiceStatus: 'W' });
    expect(await world.balance(buyer.c)).toEqual({ available: '47495.00', frozen: '2505.00' });
    expect(await world.holdingsOf(buyer.c)).toMatchObject({ held: '10.000/25.050' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '60.000/150.300', frozen: '30.000/75.150' });
    expect((await buyer.c.post(ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD })).status).toBe(409);

    // Invoice: only the seller opens it, only the buyer confirms it; both may download the file, nobody else.
    const upload = await postFile(ctx, seller.c, ListingApiPath.invoiceUpload, PDF, 'invoice.pdf', 'application/pdf');
    expect(upload.code).toBe('0');
    const fileId = (upload.value as unknown as { fileId: string }).fileId;
    const invoiceBody = { pickId: pick.pickId, fileId, invoiceTitle: '上海测试贸易有限公司', taxpayerId: '91310000MA1FL2AB3C', amount: '2505.00' };
    expect((await buyer.c.post(ListingApiPath.invoiceOpen, invoiceBody)).status).toBe(404);
    expect((await seller.c.post(ListingApiPath.invoiceOpen, { ...invoiceBody, amount: '2500.00' })).status).toBe(400);
    expect((await buyer.c.post(ListingApiPath.invoiceConfirm, { pickId: pick.pickId })).status).toBe(409);
    const opened = await ok<PickInvoice>(seller.c, ListingApiPath.invoiceOpen, invoiceBody);
    expect(opened).toMatchObject({ invoiceStatus: 'O', invoiceTitle: '上海测试贸易有限公司', amount: '2505.00' });
    expect((await seller.c.post(ListingApiPath.invoiceOpen, invoiceBody)).status).toBe(409);
    const download = await ctx.app.http.inject({ method: 'GET', url: opened.fileUrl!, headers: { ...buyer.c.headers } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const stranger = await world.firmWithFunds('1');
    expect((await ctx.app.http.inject({ method: 'GET', url: opened.fileUrl!, headers: { ...stranger.c.headers } })).statusCode).toBe(404);
    expect((await stranger.c.post(ListingApiPath.invoiceDetail, { pickId: pick.pickId })).status).toBe(404);
    expect((await stranger.c.post(ListingApiPath.pickHistory, { pickId: pick.pickId })).status).toBe(404);
    expect((await seller.c.post(ListingApiPath.invoiceConfirm, { pickId: pick.pickId })).status).toBe(404);

    const done = await ok<PickInvoice>(buyer.c, ListingApiPath.invoiceConfirm, { pickId: pick.pickId });
    expect(done.invoiceStatus).toBe('T');
    // Seller: 7996.00 + (2505.00 − fee 5.01) + its margin share 501.00; the rest of its margin stays with the open listing.
    expect(await world.balance(seller.c)).toEqual({ available: '10996.99', frozen: '1503.00' });
    expect(await world.balance(buyer.c)).toEqual({ available: '47495.00', frozen: '0.00' });
    expect((await buyer.c.post(ListingApiPath.invoiceConfirm, { pickId: pick.pickId })).status).toBe(409);

    const events = await history(buyer.c, pick.pickId);
    expect(events.map((e) => e.eventType)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(events.map((e) => e.amount)).toEqual(['2004.00', '501.00', '2004.00', '0.00', '0.00', '3000.99']);
    expect(events.filter((e) => ['1', '2', '3', '6'].includes(e.eventType)).every((e) => e.journalId !== null)).toBe(true);
    expect(await history(seller.c, pick.pickId)).toEqual(events);

    // Withdrawing the order releases the unpicked 30 and the rest of the margin (event 7).
    expect(await ok<ListingDetail>(seller.c, ListingPath.cancel, { listingId: listing.listingId })).toMatchObject({ status: 'U', remaining: '0.000', margin: '0.00' });
    expect(await world.balance(seller.c)).toEqual({ available: '12499.99', frozen: '0.00' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '90.000/225.450', frozen: '0.000/0.000' });
    await ledgerBalanced();
  });

  it('refusing and cancelling margin picks releases both sides (event 7); a stranger sees nothing', async () => {
    const { seller, listing } = await marginSeller();
    const buyer = await buyerWithMarginPassword('10000');
    const refused = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity: '10' });
    const cancelled = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity: '30' });
    expect(await ok<ListingDetail>(seller.c, ListingApiPath.detail, { listingId: listing.listingId })).toMatchObject({ status: 'Z', remaining: '0.000', margin: '0.00' });
    const stranger = await world.firmWithFunds('1');
    for (const path of [ListingPath.pickDetail, ListingPath.confirmPick, ListingPath.refusePick, ListingPath.cancelPick, ListingApiPath.pickHistory]) {
      expect((await stranger.c.post(path, { pickId: refused.pickId })).status, path).toBe(404);
    }
    expect((await buyer.c.post(ListingPath.refusePick, { pickId: refused.pickId })).status).toBe(404);
    expect(await ok<ListingPickDetail>(seller.c, ListingPath.refusePick, { pickId: refused.pickId })).toMatchObject({ status: 'F' });
    expect(await ok<ListingPickDetail>(buyer.c, ListingPath.cancelPick, { pickId: cancelled.pickId })).toMatchObject({ status: 'U' });
    expect((await seller.c.post(ListingPath.refusePick, { pickId: refused.pickId })).status).toBe(409);
    expect(await world.balance(buyer.c)).toEqual({ available: '10000.00', frozen: '0.00' });
    expect(await ok<ListingDetail>(seller.c, ListingApiPath.detail, { listingId: listing.listingId })).toMatchObject({ status: 'O', remaining: '40.000', margin: '2004.00' });
    expect((await history(buyer.c, cancelled.pickId)).map((e) => e.eventType)).toEqual(['1', '7']);
    await ledgerBalanced();
  });

  it('a presale order (C) needs a stock-in day and staff audit, and gets its goods by a supplementary stock-in (event 8)', async () => {
    const seller = await world.firmWithFunds('10100');
    const day = shanghaiDay(new Date(ctx.clock.now().getTime() + 2 * DAY));
    const body = world.listingRequest.presale(day, { poundsPoor: '0.01' });
    expect((await seller.c.post(ListingApiPath.createMargin, { ...body, putWarehousDay: undefined })).status).toBe(400);
    const listing = await ok<ListingDetail>(seller.c, ListingApiPath.createMargin, body);
    expect(listing).toMatchObject({ status: 'A', auditStatus: 'P', putWarehousDay: day, margin: '2004.00' });
    const buyer = await buyerWithMarginPassword('10000');
    expect((await buyer.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '10' })).status).toBe(409);
    expect((await buyer.c.post(ListingApiPath.detail, { listingId: listing.listingId })).status).toBe(404);
    const market = (await ok<Page<ListingDetail>>(buyer.c, ListingPath.market, { source: 'C', size: 100 })).content;
    expect(market.find((l) => l.listingId === listing.listingId)).toBeUndefined();

    expect((await buyer.c.post(AdminListingPath.audit, { listingId: listing.listingId, pass: true })).status).toBe(401);
    expect((await staff.post(AdminListingPath.audit, { listingId: listing.listingId, pass: false })).status).toBe(400);
    expect(await ok<ListingDetail>(staff, AdminListingPath.audit, { listingId: listing.listingId, pass: true })).toMatchObject({ status: 'O', auditStatus: 'T' });
    expect((await staff.post(AdminListingPath.audit, { listingId: listing.listingId, pass: true })).status).toBe(409);

    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity: '10' });
    const confirmed = await ok<ListingPickDetail>(seller.c, ListingPath.confirmPick, { pickId: pick.pickId });
    expect(confirmed).toMatchObject({ status: 'T', payStatus: 'F', deliveryStatus: 'W', balanceDueAt: null });
    expect(confirmed.deliveryDueAt).toBe(new Date(`${day}T23:59:59.999+08:00`).toISOString());
    const notYet = await buyer.c.post(ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD });
    expect(notYet.status).toBe(409);
    expect(notYet.message).toBe('The presale goods are not stocked in yet');

    // The goods arrive: 10 of a 100 / 250.5 holding weigh 25.050, within 1 % of the listed 25.050.
    const holding = await world.storedHolding(seller.c);
    expect((await buyer.c.post(ListingApiPath.stockIn, { pickId: pick.pickId, holdId: holding.holdId })).status).toBe(404);
    const stocked = await ok<ListingPickDetail>(seller.c, ListingApiPath.stockIn, { pickId: pick.pickId, holdId: holding.holdId });
    expect(stocked).toMatchObject({ deliveryStatus: 'T', weight: '25.050' });
    expect(stocked.balanceDueAt).not.toBeNull();
    expect((await seller.c.post(ListingApiPath.stockIn, { pickId: pick.pickId, holdId: holding.holdId })).status).toBe(409);
    await ok(buyer.c, ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD });
    expect(await world.holdingsOf(buyer.c)).toMatchObject({ held: '10.000/25.050' });
    expect((await history(buyer.c, pick.pickId)).map((e) => e.eventType)).toEqual(['1', '2', '8', '3']);
    await ledgerBalanced();
  });

  it('the buyer’s and the seller’s pick lists filter by the listing’s source, so presale picks have their own page', async () => {
    const { seller, listing: spot } = await marginSeller('20000');
    const day = shanghaiDay(new Date(ctx.clock.now().getTime() + 2 * DAY));
    const presale = await ok<ListingDetail>(seller.c, ListingApiPath.createMargin, world.listingRequest.presale(day));
    await ok(staff, AdminListingPath.audit, { listingId: presale.listingId, pass: true });
    const buyer = await buyerWithMarginPassword('10000');
    const spotPick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: spot.listingId, quantity: '10' });
    const presalePick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: presale.listingId, quantity: '5' });
    const picksOf = async (c: Client, query: object) => (await ok<Page<ListingPickDetail>>(c, ListingPath.picks, query)).content.map((p) => p.pickId);

    expect(await picksOf(buyer.c, { side: 'buyer', source: 'C' })).toEqual([presalePick.pickId]);
    expect(await picksOf(buyer.c, { side: 'buyer', source: 'W' })).toEqual([spotPick.pickId]);
    expect(await picksOf(buyer.c, { side: 'buyer', source: 'J' })).toEqual([]);
    expect(await picksOf(buyer.c, { side: 'buyer' })).toEqual([presalePick.pickId, spotPick.pickId]);
    expect(await picksOf(seller.c, { side: 'seller', source: 'C' })).toEqual([presalePick.pickId]);
    const page = await ok<Page<ListingPickDetail>>(buyer.c, ListingPath.picks, { side: 'buyer', source: 'C', status: 'W' });
    expect(page.total).toBe(1);
    // Another firm's presale picks never show up under the same filter.
    const stranger = await world.firmWithFunds('100');
    expect(await picksOf(stranger.c, { side: 'buyer', source: 'C' })).toEqual([]);
    const unknownSource = await buyer.c.post(ListingPath.picks, { side: 'buyer', source: 'X' });
    expect(unknownSource.status).toBe(422);
    expect(unknownSource.message).toContain('source');
  });
});

describe('purchase requests Q and weight tolerance', () => {
  it('audits the request, refuses goods outside poundsPoor, settles on the actual weight inside it', async () => {
    const buyer = await world.firmWithFunds('10000');
    const request = { ...world.rebarGrade, price: '100', quantity: '10', openTicketDay: 3, poundsPoor: '0.03' };
    const tooHeavy = await ok<ListingDetail>(buyer.c, ListingApiPath.createPurchase, { ...request, weight: '26' });
    expect(tooHeavy).toMatchObject({ type: 'Q', bsFlag: 'B', status: 'A', auditStatus: 'P', margin: '2600.00' });
    expect(await world.balance(buyer.c)).toEqual({ available: '7400.00', frozen: '2600.00' });
    await ok(staff, AdminListingPath.audit, { listingId: tooHeavy.listingId, pass: true });
    const purchases = (await ok<Page<ListingDetail>>(buyer.c, ListingApiPath.purchases, { size: 100 })).content;
    expect(purchases.some((l) => l.listingId === tooHeavy.listingId)).toBe(true);
    expect(purchases.every((l) => l.type === 'Q')).toBe(true);

    const seller = await world.firmWithFunds('500');
    const holding = await world.storedHolding(seller.c);
    // 10 of 100 / 250.5 weigh 25.050: 0.950 short of 26, more than 3 % (0.780).
    const refused = await seller.c.post(ListingApiPath.pickSell, { listingId: tooHeavy.listingId, quantity: '10', holdId: holding.holdId });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('The actual weight is outside the weight tolerance (poundsPoor)');
    expect((await seller.c.post(ListingPath.pick, { listingId: tooHeavy.listingId, quantity: '10' })).status).toBe(409);
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '100.000/250.500' });
    await ok(buyer.c, ListingPath.cancel, { listingId: tooHeavy.listingId });
    expect(await world.balance(buyer.c)).toEqual({ available: '10000.00', frozen: '0.00' });

    const failed = await ok<ListingDetail>(buyer.c, ListingApiPath.createPurchase, { ...request, weight: '25.5' });
    const fail = await ok<ListingDetail>(staff, AdminListingPath.audit, { listingId: failed.listingId, pass: false, reason: '价格异常' });
    expect(fail).toMatchObject({ status: 'U', auditStatus: 'F', reason: '价格异常' });
    expect((await ok<ListingDetail>(buyer.c, ListingApiPath.detail, { listingId: failed.listingId })).reason).toBe('价格异常');
    expect(await world.balance(buyer.c)).toEqual({ available: '10000.00', frozen: '0.00' });

    const fits = await ok<ListingDetail>(buyer.c, ListingApiPath.createPurchase, { ...request, weight: '25.5' });
    await ok(staff, AdminListingPath.audit, { listingId: fits.listingId, pass: true });
    const pick = await ok<ListingPickDetail>(seller.c, ListingApiPath.pickSell, { listingId: fits.listingId, quantity: '10', holdId: holding.holdId });
    expect(pick).toMatchObject({ side: 'seller', status: 'W', amount: '2550.00', listedWeight: '25.500', weight: '25.050', buyerMargin: '2550.00', marginPay: false });
    expect((await seller.c.post(ListingPath.confirmPick, { pickId: pick.pickId })).status).toBe(404);
    // Settled on 25.050: 2505.00; the 45.00 difference goes back to the buyer in the same journal.
    const done = await ok<ListingPickDetail>(buyer.c, ListingPath.confirmPick, { pickId: pick.pickId });
    expect(done).toMatchObject({ status: 'T', payStatus: 'L', amount: '2505.00', fee: '5.01', invoiceStatus: 'W' });
    expect(await world.balance(buyer.c)).toEqual({ available: '7495.00', frozen: '0.00' });
    expect(await world.balance(seller.c)).toEqual({ available: '2899.99', frozen: '0.00' });
    expect(await world.holdingsOf(buyer.c)).toMatchObject({ held: '10.000/25.050' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '90.000/225.450', frozen: '0.000/0.000' });
    await ledgerBalanced();
  });
});

describe('margin buy order (B, bsFlag B)', () => {
  it('the buyer lists with its margin, a seller picks with goods and its own margin, and the same events settle it', async () => {
    const buyer = await buyerWithMarginPassword('10000');
    const order = await ok<ListingDetail>(buyer.c, ListingApiPath.createMargin, world.listingRequest.marginBuy());
    expect(order).toMatchObject({ type: 'B', bsFlag: 'B', status: 'O', margin: '501.00' });
    expect(await world.balance(buyer.c)).toEqual({ available: '9499.00', frozen: '501.00' });
    const seller = await world.firmWithFunds('1000');
    const holding = await world.storedHolding(seller.c);
    expect((await seller.c.post(ListingPath.pick, { listingId: order.listingId, quantity: '10' })).status).toBe(409);
    const pick = await ok<ListingPickDetail>(seller.c, ListingApiPath.pickAll, { listingId: order.listingId, holdId: holding.holdId });
    expect(pick).toMatchObject({ side: 'seller', quantity: '10.000', buyerMargin: '501.00', sellerMargin: '501.00', weight: '25.050' });
    expect(await world.balance(seller.c)).toEqual({ available: '399.00', frozen: '501.00' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '90.000/225.450', frozen: '10.000/25.050' });
    expect((await seller.c.post(ListingPath.confirmPick, { pickId: pick.pickId })).status).toBe(404);
    expect(await ok<ListingPickDetail>(buyer.c, ListingPath.confirmPick, { pickId: pick.pickId })).toMatchObject({ status: 'T', payStatus: 'F', balance: '2004.00' });
    await ok(buyer.c, ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD });
    expect(await world.balance(buyer.c)).toEqual({ available: '7495.00', frozen: '2505.00' });
    expect(await world.holdingsOf(buyer.c)).toMatchObject({ held: '10.000/25.050' });
    const upload = await postFile(ctx, seller.c, ListingApiPath.invoiceUpload, PDF, 'invoice.pdf', 'application/pdf');
    const fileId = (upload.value as unknown as { fileId: string }).fileId;
    await ok(seller.c, ListingApiPath.invoiceOpen, { pickId: pick.pickId, fileId, invoiceTitle: '买方公司', taxpayerId: '91310000MA1FL2AB3C', amount: '2505.00' });
    await ok(buyer.c, ListingApiPath.invoiceConfirm, { pickId: pick.pickId });
    expect(await world.balance(seller.c)).toEqual({ available: '3399.99', frozen: '0.00' });
    expect(await world.balance(buyer.c)).toEqual({ available: '7495.00', frozen: '0.00' });
    const events = await history(seller.c, pick.pickId);
    expect(events.map((e) => e.eventType)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(events[1]!.journalId).toBeNull();
    expect(await ok<ListingDetail>(buyer.c, ListingApiPath.detail, { listingId: order.listingId })).toMatchObject({ status: 'T' });
    await ledgerBalanced();
  });
});

describe('concurrency, bargaining, pinning and the market', () => {
  it('parallel picks of one listing never oversell', async () => {
    const seller = await world.firmWithFunds('500');
    const holding = await world.storedHolding(seller.c);
    const listing = await ok<ListingDetail>(seller.c, ListingPath.create, world.listingRequest.spot(holding.holdId, { price: '10', quantity: '40', weight: '100.2' }));
    const buyers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => world.firmWithFunds('1000')));
    const results = await Promise.all(buyers.map((b) => b.c.post<ListingPickDetail>(ListingPath.pick, { listingId: listing.listingId, quantity: '10' })));
    expect(results.filter((r) => r.code === '0')).toHaveLength(4);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await ok<ListingDetail>(seller.c, ListingApiPath.detail, { listingId: listing.listingId })).toMatchObject({ status: 'Z', remaining: '0.000' });
    await ledgerBalanced();
  });

  it('offer, counter, accept: the pick carries the bargained price (flag T); only the two parties see the offer', async () => {
    const seller = await world.firmWithFunds('500');
    const holding = await world.storedHolding(seller.c);
    const listing = await ok<ListingDetail>(seller.c, ListingPath.create, world.listingRequest.spot(holding.holdId, { price: '10', quantity: '40', weight: '100.2' }));
    const buyer = await world.firmWithFunds('1000');
    const offer = await ok<Bargain>(buyer.c, ListingApiPath.bargainOffer, { listingId: listing.listingId, price: '9', quantity: '5' });
    expect(offer).toMatchObject({ status: 'W', role: 'offerer', price: '9.00', listingPrice: '10.00' });
    // A spot listing's prices are per package: the offer says so, so it is never read as per tonne.
    expect(offer).toMatchObject({ listingType: 'X', unit: world.rebar.unit, weightUnit: world.rebar.weightUnit });
    const stranger = await world.firmWithFunds('1');
    expect((await stranger.c.post(ListingApiPath.bargainAccept, { bargainId: offer.bargainId })).status).toBe(404);
    expect((await ok<Page<Bargain>>(stranger.c, ListingApiPath.bargainList, { role: 'owner' })).content).toEqual([]);
    expect((await buyer.c.post(ListingApiPath.bargainAccept, { bargainId: offer.bargainId })).status).toBe(409);
    expect((await buyer.c.post(ListingApiPath.bargainCounter, { bargainId: offer.bargainId, price: '9.5', quantity: '5' })).status).toBe(409);
    const countered = await ok<Bargain>(seller.c, ListingApiPath.bargainCounter, { bargainId: offer.bargainId, price: '9.5', quantity: '5' });
    expect(countered).toMatchObject({ status: 'C', role: 'owner', counterPrice: '9.50' });
    expect((await seller.c.post(ListingApiPath.bargainAccept, { bargainId: offer.bargainId })).status).toBe(409);
    const accepted = await ok<Bargain>(buyer.c, ListingApiPath.bargainAccept, { bargainId: offer.bargainId });
    expect(accepted.status).toBe('A');
    expect((await buyer.c.post(ListingApiPath.bargainWithdraw, { bargainId: offer.bargainId })).status).toBe(409);
    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pickDetail, { pickId: accepted.pickId! });
    expect(pick).toMatchObject({ priceFlag: 'T', price: '9.50', amount: '47.50', status: 'W', bargainId: offer.bargainId });
    expect(await ok<ListingPickDetail>(seller.c, ListingPath.confirmPick, { pickId: pick.pickId })).toMatchObject({ status: 'T', payStatus: 'L' });

    const second = await ok<Bargain>(buyer.c, ListingApiPath.bargainOffer, { listingId: listing.listingId, price: '8', quantity: '1' });
    expect(await ok<Bargain>(seller.c, ListingApiPath.bargainRefuse, { bargainId: second.bargainId })).toMatchObject({ status: 'R' });
    const third = await ok<Bargain>(buyer.c, ListingApiPath.bargainOffer, { listingId: listing.listingId, price: '8', quantity: '1' });
    expect(await ok<Bargain>(buyer.c, ListingApiPath.bargainWithdraw, { bargainId: third.bargainId })).toMatchObject({ status: 'X' });
    expect((await ok<Page<Bargain>>(seller.c, ListingApiPath.bargainList, { role: 'owner', listingId: listing.listingId })).content.map((b) => b.status).sort()).toEqual(['A', 'R', 'X']);
    await ledgerBalanced();
  });

  it('filters and sorts the market, pinned listings first; staff force a listing off the shelf with a reason', async () => {
    const { seller, listing } = await marginSeller('2000', { price: '55.5', origin: '河北唐山' });
    const other = await marginSeller('2000', { price: '66.6', origin: '河北唐山' });
    const byOrigin = (await ok<Page<ListingDetail>>(seller.c, ListingPath.market, { origin: '唐山', type: 'B', sort: 'price_asc', size: 100 })).content;
    expect(byOrigin.map((l) => l.listingId)).toEqual([listing.listingId, other.listing.listingId]);
    await ok(other.seller.c, ListingApiPath.top, { listingId: other.listing.listingId, top: true });
    const pinned = (await ok<Page<ListingDetail>>(seller.c, ListingPath.market, { origin: '唐山', sort: 'price_asc', size: 100 })).content;
    expect(pinned[0]!.listingId).toBe(other.listing.listingId);
    expect(pinned[0]!.topAt).not.toBeNull();
    expect((await seller.c.post(ListingApiPath.top, { listingId: other.listing.listingId, top: true })).status).toBe(404);
    const ranged = (await ok<Page<ListingDetail>>(seller.c, ListingPath.market, { origin: '唐山', priceMin: '60', priceMax: '70', keyword: '螺纹', size: 100 })).content;
    expect(ranged.map((l) => l.listingId)).toEqual([other.listing.listingId]);
    expect((await ok<Page<ListingDetail>>(seller.c, ListingPath.market, { keyword: '不存在的品种' })).content).toEqual([]);
    const storage = (await ok<Page<ListingDetail>>(seller.c, ListingPath.market, { storageId: listing.storageId!, origin: '唐山', size: 100 })).content;
    expect(storage.length).toBe(2);

    const off = await ok<ListingDetail>(staff, AdminListingPath.offShelf, { listingId: listing.listingId, reason: '信息不实' });
    expect(off).toMatchObject({ status: 'U', reason: '信息不实' });
    expect(await ok<ListingDetail>(seller.c, ListingApiPath.detail, { listingId: listing.listingId })).toMatchObject({ status: 'U', reason: '信息不实', margin: '0.00' });
    expect(await world.balance(seller.c)).toEqual({ available: '2400.00', frozen: '0.00' });
    expect((await staff.post(AdminListingPath.offShelf, { listingId: listing.listingId, reason: 'again' })).status).toBe(409);
    await ledgerBalanced();
  });

  it('refuses listing steps its state does not allow, and another firm’s listing is not found', async () => {
    const { seller, listing } = await marginSeller('2000');
    const stranger = await world.firmWithFunds('1');
    expect((await stranger.c.post(ListingApiPath.top, { listingId: listing.listingId, top: true })).status).toBe(404);
    expect((await stranger.c.post(ListingPath.cancel, { listingId: listing.listingId })).status).toBe(404);
    expect((await seller.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '1' })).status).toBe(409);
    expect((await seller.c.post(ListingApiPath.bargainOffer, { listingId: listing.listingId, price: '1', quantity: '1' })).status).toBe(409);
    await ok(seller.c, ListingPath.cancel, { listingId: listing.listingId });
    expect((await seller.c.post(ListingPath.cancel, { listingId: listing.listingId })).status).toBe(409);
    expect((await seller.c.post(ListingApiPath.top, { listingId: listing.listingId, top: true })).status).toBe(409);
    expect((await stranger.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '1' })).status).toBe(409);
    expect((await stranger.c.post(ListingApiPath.bargainOffer, { listingId: listing.listingId, price: '1', quantity: '1' })).status).toBe(409);
    expect((await staff.post(AdminListingPath.offShelf, { listingId: listing.listingId, reason: 'x' })).status).toBe(409);
    expect((await staff.post(AdminListingPath.audit, { listingId: listing.listingId, pass: true })).status).toBe(409);
    expect(await world.balance(seller.c)).toEqual({ available: '2400.00', frozen: '0.00' });
    await ledgerBalanced();
  });

  it('fee settings are validated and used for new margins', async () => {
    const current = await ok<{ feeRate: string; commodities: unknown[] }>(staff, AdminListingPath.feeSettings, {});
    expect(current).toMatchObject({ feeRate: '0.002', defaultBuyerMarginRatio: '0.2', defaultSellerMarginRatio: '0.2', balanceDays: 3, graceDays: 1, forfeitPlatformShare: '0.2', marketCloseTime: '15:00' });
    const bad = await staff.post(AdminListingPath.saveFeeSettings, { ...current, feeRate: '-1' });
    expect(bad.status).toBe(422);
    const saved = await ok(staff, AdminListingPath.saveFeeSettings, {
      ...current,
      commodities: [{ commodityTypeId: world.rebar.commodityTypeId, buyerMarginRatio: '0.1', sellerMarginRatio: '0.3', graceDays: 1 }],
    });
    expect(saved).toMatchObject({ commodities: [{ commodityTypeId: world.rebar.commodityTypeId, buyerMarginRatio: '0.1', sellerMarginRatio: '0.3' }] });
    const { listing } = await marginSeller();
    expect(listing.margin).toBe('3006.00');
    // Buyers read the ratio on the listing, so the pick confirmation announces exactly what the pick freezes.
    const buyer = await buyerWithMarginPassword('1000');
    const seen = await ok<ListingDetail>(buyer.c, ListingApiPath.detail, { listingId: listing.listingId });
    expect(seen.buyerMarginRatio).toBe('0.1');
    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity: '1' });
    expect(pick).toMatchObject({ amount: '250.50', buyerMargin: '25.05', marginPay: true });
    expect(await world.balance(buyer.c)).toEqual({ available: '974.95', frozen: '25.05' });
    await ok(staff, AdminListingPath.saveFeeSettings, { ...current, commodities: [] });
    await expect((await world.firmWithFunds('1')).c.post(AdminListingPath.feeSettings, {})).resolves.toMatchObject({ status: 401 });
  });
});

describe('defaults, moved only by the scheduled sweep', () => {
  it('a buyer who does not pay the balance goes N → W → F and forfeits its margin to the seller', async () => {
    const { seller, listing } = await marginSeller();
    const buyer = await buyerWithMarginPassword('10000');
    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity: '10' });
    await ok(seller.c, ListingPath.confirmPick, { pickId: pick.pickId });
    const run = () => ok<{ changed: number }>(staff, AdminListingPath.sandboxRunJob, { job: 'listing.defaults' });

    await run();
    expect(await ok<ListingPickDetail>(buyer.c, ListingPath.pickDetail, { pickId: pick.pickId })).toMatchObject({ buyerDefault: 'N' });
    await ok(staff, AdminListingPath.sandboxClock, { advanceHours: 3 * 24 + 1 });
    expect((await run()).changed).toBeGreaterThanOrEqual(1);
    const delayed = await ok<ListingPickDetail>(seller.c, ListingPath.pickDetail, { pickId: pick.pickId });
    expect(delayed).toMatchObject({ buyerDefault: 'W', sellerDefault: 'N', status: 'T' });
    expect(delayed.defaultReason).toBe('balanceOverdue');
    const monitor = (await ok<Page<AdminDefaultPick>>(staff, AdminListingPath.defaults, { side: 'buyer', status: 'W', size: 100 })).content;
    expect(monitor.some((p) => p.pickId === pick.pickId)).toBe(true);

    await ok(staff, AdminListingPath.sandboxClock, { advanceHours: 24 });
    await run();
    const defaulted = await ok<ListingPickDetail>(buyer.c, ListingPath.pickDetail, { pickId: pick.pickId });
    expect(defaulted).toMatchObject({ buyerDefault: 'F', status: 'F', defaultReason: 'balanceDefaulted' });
    expect((await buyer.c.post(ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD })).status).toBe(409);
    // Buyer margin 501.00 forfeited: the platform keeps 20 % (100.20), the seller gets 400.80 and its own 501.00 back.
    expect(await world.balance(buyer.c)).toEqual({ available: '9499.00', frozen: '0.00' });
    expect(await world.balance(seller.c)).toEqual({ available: '8897.80', frozen: '1503.00' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '70.000/175.350', frozen: '30.000/75.150' });
    expect((await history(seller.c, pick.pickId)).map((e) => e.eventType)).toEqual(['1', '2', '7']);
    const finals = (await ok<Page<AdminDefaultPick>>(staff, AdminListingPath.defaults, { status: 'F', size: 100 })).content;
    expect(finals.find((p) => p.pickId === pick.pickId)).toMatchObject({ buyerDefault: 'F', buyerFirmId: expect.any(String) });
    await ledgerBalanced();
  });

  it('a seller who does not invoice within openTicketDay defaults and its margin goes to the buyer; auto-revoke ends open listings at close', async () => {
    const { seller, listing } = await marginSeller('9600', { autoRevoke: true });
    const buyer = await buyerWithMarginPassword('10000');
    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity: '10' });
    await ok(seller.c, ListingPath.confirmPick, { pickId: pick.pickId });
    await ok(buyer.c, ListingApiPath.payBalance, { orderId: pick.pickId, code: '2004.00', marginPassWord: MARGIN_PASSWORD });
    const run = () => ok<{ changed: number }>(staff, AdminListingPath.sandboxRunJob, { job: 'listing.defaults' });
    await ok(staff, AdminListingPath.sandboxClock, { advanceHours: 5 * 24 + 1 });
    await run();
    expect(await ok<ListingPickDetail>(buyer.c, ListingPath.pickDetail, { pickId: pick.pickId })).toMatchObject({ sellerDefault: 'W', buyerDefault: 'N', defaultReason: 'invoiceOverdue' });
    await ok(staff, AdminListingPath.sandboxClock, { advanceHours: 25 });
    await run();
    expect(await ok<ListingPickDetail>(buyer.c, ListingPath.pickDetail, { pickId: pick.pickId })).toMatchObject({ sellerDefault: 'F', status: 'T' });
    // Seller margin share 501.00 forfeited: buyer gets 400.80; the buyer's 2505.00 stays frozen until the invoice is confirmed.
    expect(await world.balance(buyer.c)).toEqual({ available: '7895.80', frozen: '2505.00' });

    // The autoRevoke order was listed before the last market close: the job withdraws its remainder.
    const revoked = await ok<{ changed: number }>(staff, AdminListingPath.sandboxRunJob, { job: 'listing.autoRevoke' });
    expect(revoked.changed).toBeGreaterThanOrEqual(1);
    expect(await ok<ListingDetail>(seller.c, ListingApiPath.detail, { listingId: listing.listingId })).toMatchObject({ status: 'U', margin: '0.00', reason: MARKET_CLOSE_REASON });
    // Seller: 7996.00 + the listing's remaining margin 1503.00; its forfeited share is gone.
    expect(await world.balance(seller.c)).toEqual({ available: '9499.00', frozen: '0.00' });
    await ledgerBalanced();
  });
  it('a presale seller who does not stock in by putWarehousDay defaults: its margin goes to the buyer, the buyer’s margin comes back', async () => {
    const seller = await world.firmWithFunds('10100');
    const day = shanghaiDay(ctx.clock.now());
    const listing = await ok<ListingDetail>(seller.c, ListingApiPath.createMargin, world.listingRequest.presale(day));
    expect((await staff.post(AdminListingPath.offShelf, { listingId: listing.listingId, reason: 'not listed yet' })).status).toBe(409);
    await ok(staff, AdminListingPath.audit, { listingId: listing.listingId, pass: true });
    const buyer = await buyerWithMarginPassword('10000');
    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listing.listingId, quantity: '10' });
    await ok(seller.c, ListingPath.confirmPick, { pickId: pick.pickId });
    const run = () => ok<{ changed: number }>(staff, AdminListingPath.sandboxRunJob, { job: 'listing.defaults' });
    await ok(staff, AdminListingPath.sandboxClock, { advanceHours: 25 });
    await run();
    expect(await ok<ListingPickDetail>(buyer.c, ListingPath.pickDetail, { pickId: pick.pickId })).toMatchObject({ sellerDefault: 'W', buyerDefault: 'N', deliveryStatus: 'W', defaultReason: 'deliveryOverdue' });
    await ok(staff, AdminListingPath.sandboxClock, { advanceHours: 25 });
    await run();
    const defaulted = await ok<ListingPickDetail>(seller.c, ListingPath.pickDetail, { pickId: pick.pickId });
    expect(defaulted).toMatchObject({ sellerDefault: 'F', status: 'F' });
    expect(defaulted.defaultReason).toBe('deliveryDefaulted');
    expect(await world.balance(buyer.c)).toEqual({ available: '10400.80', frozen: '0.00' });
    expect(await world.balance(seller.c)).toEqual({ available: '8096.00', frozen: '1503.00' });
    const holding = await world.storedHolding(seller.c);
    expect((await seller.c.post(ListingApiPath.stockIn, { pickId: pick.pickId, holdId: holding.holdId })).status).toBe(409);
    expect((await history(buyer.c, pick.pickId)).map((e) => e.eventType)).toEqual(['1', '2', '7']);
    await ledgerBalanced();
  });
});
