import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminAfterSalePath,
  AdminAuctionPath,
  AfterSalePath,
  AuctionPath,
  LedgerPath,
  PaymentPasswordPath,
  StaffPath,
  UploadPath,
  type AfterSalePush,
  type AfterSaleRequestView,
  type AuctionItem,
  type AuctionOrder,
  type AuditLogRow,
  type LedgerFlowEntry,
  type Page,
} from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { verifyLedger } from '../src/modules/ledger/index';
import { png, postFile } from './enterprise-support';
import type { TestContext } from './harness';
import { staffClient, type Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';

let ctx: TestContext;
let world: ListingWorld;
let staff: Client;
const pushes: { topic: string; payload: AfterSalePush }[] = [];

const HOUR = 3_600_000;
const DAY = 86_400_000;
const MARGIN_PASSWORD = '246802';

beforeAll(async () => {
  ({ ctx, world } = await startListingApp({ sessionIdleMs: 400 * DAY, sessionAbsoluteMs: 400 * DAY }));
  staff = world.staff;
  ctx.app.platform.bus.subscribe('firm:*', (message) => {
    const payload = message.payload as AfterSalePush;
    if (payload?.kind === 'aftersale') pushes.push({ topic: message.topic, payload });
  });
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

async function runJobs() {
  for (let batch = 0; batch < 50 && (await ctx.app.platform.scheduler.runDue()) > 0; batch++);
}

async function timePasses(ms: number) {
  ctx.clock.advance(ms);
  await runJobs();
}

async function ledgerBalanced() {
  expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
}

/** Signed amounts of `type` on the firm's available funds, oldest first. */
async function flowsOf(c: Client, type: string): Promise<string[]> {
  const amounts: string[] = [];
  for (const mode of ['history', 'current']) {
    const page = await ok<Page<LedgerFlowEntry>>(c, LedgerPath.flow, { kind: 'available', mode, type, size: 100 });
    amounts.push(...page.content.reverse().map((e) => Decimal.parse(e.amount).toFixed(2)));
  }
  return amounts;
}

/** An auction of 40 / 100.200 rebar won at 100.00 a weight unit (10020.00), confirmed by the winner; `paid` pays its balance too. */
async function wonOrder() {
  const s = await world.firmWithFunds('5500');
  const holding = await world.storedHolding(s.c);
  const now = ctx.clock.now().getTime();
  const lot = await ok<AuctionItem>(s.c, AuctionPath.publishHoldSell, {
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
  });
  await ok(staff, AdminAuctionPath.audit, { itemId: lot.itemId, pass: true });
  await timePasses(HOUR);
  const b = await world.firmWithFunds('50000');
  await ok(b.c, PaymentPasswordPath.set, { kind: 'margin', password: MARGIN_PASSWORD });
  await ok(b.c, AuctionPath.signUp, { itemId: lot.itemId });
  await timePasses(HOUR);
  await ok(b.c, AuctionPath.offer, { itemId: lot.itemId, offerPrice: '100' });
  await timePasses(HOUR);
  const [order] = (await ok<Page<AuctionOrder>>(b.c, AuctionPath.orders, { side: 'buyer' })).content;
  await ok(b.c, AuctionPath.confirmBidOrder, { orderId: order!.orderId });
  const pay = () => ok<AuctionOrder>(b.c, AuctionPath.payBalance, { orderId: order!.orderId, marginPassWord: MARGIN_PASSWORD });
  return { seller: s, buyer: b, orderId: order!.orderId, pay };
}

async function paidOrder() {
  const won = await wonOrder();
  await won.pay();
  return won;
}

async function photoOf(c: Client): Promise<string> {
  const res = await postFile(ctx, c, UploadPath.image, await png(640, 480));
  expect(res.code, res.message).toBe('0');
  return res.value.id;
}

const statusOf = (c: Client, requestId: string) => ok<AfterSaleRequestView>(c, AfterSalePath.detail, { requestId }).then((r) => r.status);

describe('a return of a won auction', () => {
  it('is refused by the seller, arbitrated for the buyer by staff, shipped back with tracking and refunded through the ledger', async () => {
    const { seller, buyer, orderId, pay } = await wonOrder();
    const third = await world.firmWithFunds('1');
    const open = { kind: 'auction', orderId, type: 'return', reason: '钢材锈蚀严重' };

    // Only the winner, and only once the order is paid (the goods delivered).
    await refused(buyer.c, AfterSalePath.open, open, 409, 'This order cannot be returned or exchanged yet (it must be paid and received)');
    await pay();
    await refused(third.c, AfterSalePath.open, open, 404, 'No such order');
    await refused(seller.c, AfterSalePath.open, open, 404, 'No such order');
    await refused(buyer.c, AfterSalePath.open, { ...open, orderId: '999999999' }, 404, 'No such order');
    await refused(buyer.c, AfterSalePath.open, { ...open, amount: '10020.01' }, 400, 'The refund (amount) cannot exceed 10020.00');
    await refused(buyer.c, AfterSalePath.open, { ...open, amount: '0' }, 400, 'The refund (amount) must be more than 0');
    await refused(buyer.c, AfterSalePath.open, { ...open, photoIds: [await photoOf(third.c)] }, 400, 'The photos (photoIds) must be images your firm uploaded');

    const photo = await photoOf(buyer.c);
    const sellerBefore = await world.balance(seller.c);
    const buyerBefore = await world.balance(buyer.c);
    pushes.length = 0;
    const request = await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.open, { ...open, amount: '4000', photoIds: [photo] });
    expect(request).toMatchObject({ kind: 'auction', orderId, type: 'return', status: 'requested', side: 'buyer', amount: '4000.00', orderAmount: '10020.00', reason: '钢材锈蚀严重' });
    expect(request.title).toContain('螺纹钢');
    expect(Date.parse(request.deadline!)).toBe(ctx.clock.now().getTime() + 3 * DAY);
    // The seller hears of it on its firm's topic.
    expect(pushes.map((p) => p.topic)).toContain(`firm:${seller.firmId}`);
    expect(pushes.at(-1)!.payload).toMatchObject({ requestId: request.requestId, status: 'requested', orderKind: 'auction', orderId });
    await refused(buyer.c, AfterSalePath.open, open, 409, 'This order already has an after-sale request in progress');

    // The seller sees the request and its photo; a third firm sees nothing of it.
    const seen = await ok<AfterSaleRequestView>(seller.c, AfterSalePath.detail, { requestId: request.requestId });
    expect(seen.side).toBe('seller');
    const image = await ctx.app.http.inject({ method: 'GET', url: seen.photos[0]!.url, headers: seller.c.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const peek = await ctx.app.http.inject({ method: 'GET', url: seen.photos[0]!.url, headers: third.c.headers });
    expect(peek.statusCode).toBe(404);
    await refused(third.c, AfterSalePath.detail, { requestId: request.requestId }, 404, 'No such after-sale request');
    await refused(third.c, AfterSalePath.answer, { requestId: request.requestId, accept: true }, 404, 'No such after-sale request');
    expect(await ok(third.c, AfterSalePath.ofOrder, { kind: 'auction', orderId })).toBeNull();
    expect((await ok<Page<AfterSaleRequestView>>(third.c, AfterSalePath.list, { side: 'seller' })).total).toBe(0);
    await refused(buyer.c, AfterSalePath.answer, { requestId: request.requestId, accept: true }, 409, 'Only the seller can do this');

    // Refused with a reason, which is required.
    await refused(seller.c, AfterSalePath.answer, { requestId: request.requestId, accept: false }, 400, 'Give the reason for refusing (reason)');
    const refusal = await ok<AfterSaleRequestView>(seller.c, AfterSalePath.answer, { requestId: request.requestId, accept: false, reason: '发货时质检合格' });
    expect(refusal).toMatchObject({ status: 'refused', sellerReason: '发货时质检合格', deadline: null });
    await refused(buyer.c, AfterSalePath.shipBack, { requestId: request.requestId, carrier: '顺丰', trackingNo: 'SF1234567890' }, 409, 'The after-sale request status does not allow this');

    // The buyer asks staff; staff decide for the buyer, and the decision is audited.
    await ok(buyer.c, AfterSalePath.arbitrate, { requestId: request.requestId, reason: '有照片为证' });
    const queue = await ok<Page<AfterSaleRequestView>>(staff, AdminAfterSalePath.list, { status: 'arbitrating' });
    expect(queue.content.map((r) => r.requestId)).toContain(request.requestId);
    const staffPhoto = await ctx.app.http.inject({ method: 'GET', url: queue.content.find((r) => r.requestId === request.requestId)!.photos[0]!.url, headers: staff.headers });
    expect(staffPhoto.statusCode).toBe(200);
    await refused(buyer.c, AdminAfterSalePath.decide, { requestId: request.requestId, favour: 'buyer', reason: 'x' }, 401, 'Session invalid, please log in again');
    const decided = await ok<AfterSaleRequestView>(staff, AdminAfterSalePath.decide, { requestId: request.requestId, favour: 'buyer', reason: '照片显示锈蚀' });
    expect(decided).toMatchObject({ status: 'accepted', decision: 'buyer', decisionReason: '照片显示锈蚀', arbitrationReason: '有照片为证' });
    await refused(staff, AdminAfterSalePath.decide, { requestId: request.requestId, favour: 'seller', reason: '再议' }, 409, 'The after-sale request status does not allow this');
    const audit = await ok<Page<AuditLogRow>>(staff, StaffPath.auditLog, { action: 'aftersale.arbitrate', objectId: request.requestId });
    expect(audit.content[0]).toMatchObject({ actorKind: 'staff', objectType: 'aftersale_request', detail: { favour: 'buyer', reason: '照片显示锈蚀' } });

    // Shipped back with its tracking; the seller confirms and the refund moves from seller to buyer.
    await refused(buyer.c, AfterSalePath.shipBack, { requestId: request.requestId, carrier: '顺丰', trackingNo: '#' }, 422, 'trackingNo has an invalid format');
    const shipped = await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.shipBack, { requestId: request.requestId, carrier: '顺丰', trackingNo: 'SF1234567890' });
    expect(shipped).toMatchObject({ status: 'returning', returnCarrier: '顺丰', returnTrackingNo: 'SF1234567890' });
    expect(await world.balance(buyer.c)).toEqual(buyerBefore);
    const refunded = await ok<AfterSaleRequestView>(seller.c, AfterSalePath.confirmReturn, { requestId: request.requestId });
    expect(refunded.status).toBe('refunded');
    expect((await world.balance(buyer.c)).available).toBe(Decimal.parse(buyerBefore.available).add('4000').toFixed(2));
    expect((await world.balance(seller.c)).available).toBe(Decimal.parse(sellerBefore.available).sub('4000').toFixed(2));
    expect(await flowsOf(buyer.c, 'auction.aftersale.refund')).toEqual(['4000.00']);
    expect(await flowsOf(seller.c, 'auction.aftersale.refund')).toEqual(['-4000.00']);
    await ledgerBalanced();
    expect(refunded.history.map((h) => [h.from, h.to])).toEqual([
      ['', 'requested'],
      ['requested', 'refused'],
      ['refused', 'arbitrating'],
      ['arbitrating', 'accepted'],
      ['accepted', 'returning'],
      ['returning', 'refunded'],
    ]);
    expect(refunded.history[3]!.actor).toMatch(/^staff:/);

    // A later return refunds at most what is left, then the order is refunded in full.
    const rest = await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.open, open);
    expect(rest.amount).toBe('6020.00');
    await ok(seller.c, AfterSalePath.answer, { requestId: rest.requestId, accept: true });
    await ok(buyer.c, AfterSalePath.shipBack, { requestId: rest.requestId, carrier: '德邦', trackingNo: 'DB-778899' });
    await ok(seller.c, AfterSalePath.confirmReturn, { requestId: rest.requestId });
    await refused(buyer.c, AfterSalePath.open, open, 409, 'This order has already been refunded in full');
    expect(await flowsOf(buyer.c, 'auction.aftersale.refund')).toEqual(['4000.00', '6020.00']);
    await ledgerBalanced();

    // Both sides list them.
    expect((await ok<Page<AfterSaleRequestView>>(buyer.c, AfterSalePath.list, { side: 'buyer' })).content.map((r) => r.requestId)).toEqual([rest.requestId, request.requestId]);
    expect((await ok<Page<AfterSaleRequestView>>(seller.c, AfterSalePath.list, { side: 'seller', status: 'refunded' })).total).toBe(2);
    expect((await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.ofOrder, { kind: 'auction', orderId })).requestId).toBe(rest.requestId);
  });
});

describe('an exchange of a won auction', () => {
  it('is closed when staff decide for the seller, and a new one completes with the replacement tracked, moving no money', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    const open = { kind: 'auction', orderId, type: 'exchange', reason: '规格不符' };
    const first = await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.open, open);
    expect(first.amount).toBe('0.00');
    await ok(seller.c, AfterSalePath.answer, { requestId: first.requestId, accept: false, reason: '规格与合同一致' });
    await refused(seller.c, AfterSalePath.arbitrate, { requestId: first.requestId, reason: '?' }, 409, 'Only the buyer can do this');
    await ok(buyer.c, AfterSalePath.arbitrate, { requestId: first.requestId, reason: '合同写的是 HRB400' });
    const closed = await ok<AfterSaleRequestView>(staff, AdminAfterSalePath.decide, { requestId: first.requestId, favour: 'seller', reason: '规格一致' });
    expect(closed).toMatchObject({ status: 'closed', decision: 'seller' });
    expect(await statusOf(buyer.c, first.requestId)).toBe('closed');

    const balances = { buyer: await world.balance(buyer.c), seller: await world.balance(seller.c) };
    const second = await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.open, open);
    await ok(seller.c, AfterSalePath.answer, { requestId: second.requestId, accept: true });
    await ok(buyer.c, AfterSalePath.shipBack, { requestId: second.requestId, carrier: '顺丰', trackingNo: 'SF0000000001' });
    await refused(buyer.c, AfterSalePath.confirmReturn, { requestId: second.requestId }, 409, 'Only the seller can do this');
    expect((await ok<AfterSaleRequestView>(seller.c, AfterSalePath.confirmReturn, { requestId: second.requestId })).status).toBe('replacing');
    await refused(buyer.c, AfterSalePath.confirmReplacement, { requestId: second.requestId }, 409, 'The after-sale request status does not allow this');
    const replaced = await ok<AfterSaleRequestView>(seller.c, AfterSalePath.shipReplacement, { requestId: second.requestId, carrier: '中通', trackingNo: 'ZT20261126' });
    expect(replaced).toMatchObject({ status: 'replacementShipped', replacementCarrier: '中通', replacementTrackingNo: 'ZT20261126' });
    expect((await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.confirmReplacement, { requestId: second.requestId })).status).toBe('completed');
    expect({ buyer: await world.balance(buyer.c), seller: await world.balance(seller.c) }).toEqual(balances);
    await ledgerBalanced();
  });
});

describe('deadlines', () => {
  it('accepts a request the seller leaves unanswered for three days, and closes it when the goods are not shipped back within seven', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    const request = await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.open, { kind: 'auction', orderId, type: 'return', reason: '数量短缺' });
    await timePasses(3 * DAY - HOUR);
    expect(await statusOf(seller.c, request.requestId)).toBe('requested');
    await timePasses(2 * HOUR);
    const accepted = await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.detail, { requestId: request.requestId });
    expect(accepted.status).toBe('accepted');
    expect(accepted.history.at(-1)).toMatchObject({ actor: 'system:aftersale', note: 'the seller did not answer within 3 days' });
    await timePasses(7 * DAY + HOUR);
    const closed = await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.detail, { requestId: request.requestId });
    expect(closed).toMatchObject({ status: 'closed', deadline: null });
    expect(closed.history.at(-1)!.note).toBe('the goods were not shipped back within 7 days');
    // Closed without money moving; a new request may be opened.
    expect(await flowsOf(buyer.c, 'auction.aftersale.refund')).toEqual([]);
    expect((await ok<AfterSaleRequestView>(buyer.c, AfterSalePath.open, { kind: 'auction', orderId, type: 'exchange', reason: '重新申请换货' })).status).toBe('requested');
  });
});

describe('staff rights', () => {
  it('keeps the arbitration queue and decisions from staff without the after-sale right', async () => {
    // The demo auditor reviews certifications and goods only.
    const auditor = await staffClient(ctx, 'auditor');
    expect(await auditor.post(AdminAfterSalePath.list, {})).toMatchObject({ status: 403, message: 'You have no right to do this' });
    expect(await auditor.post(AdminAfterSalePath.decide, { requestId: '930001', favour: 'buyer', reason: '越权' })).toMatchObject({ status: 403, message: 'You have no right to do this' });
  });
});
