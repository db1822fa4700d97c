import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  CapitalPath,
  EnterprisePath,
  AfterSalePath,
  MallPath,
  PaymentPasswordPath,
  type AfterSaleRequestView,
  type AddressRow,
  type CapitalInfo,
  type MallClass,
  type MallGoods,
  type MallGoodsRequest,
  type MallOrder,
  type Page,
} from '@tp/contract';
import { Decimal } from '@tp/decimal';
import type { BusMessage } from '../src/platform/events/index';
import { createLedgerService, LedgerKind, PLATFORM_OWNER, verifyLedger } from '../src/modules/ledger/index';
import { deposit } from './funds-support';
import { type TestContext, createSeededTestApp } from './harness';
import { adminClient, newEnterprise, png, postFile } from './enterprise-support';
import { client, type Client } from './identity-support';

const FUND_PWD = '135790';
const DAY = 86_400_000;
let ctx: TestContext;
let staff: Client;
let food: MallClass;
const completed: BusMessage[] = [];
const pushes: BusMessage[] = [];

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await adminClient(ctx);
  const saved = await staff.post<MallClass>(MallPath.adminSaveClass, { name: '粮油副食', sort: 1 });
  expect(saved.code, saved.message).toBe('0');
  food = saved.value;
  ctx.app.platform.bus.subscribe('mall.order.completed', (m) => void completed.push(m));
  ctx.app.platform.bus.subscribe('firm:*', (m) => void (m.type === 'mall.order.changed' && pushes.push(m)));
});
afterAll(() => ctx.close());

async function ok<T>(c: Client, path: string, body: object = {}): Promise<T> {
  const res = await c.post<T>(path, body);
  expect(res.code, `${path}: ${res.message}`).toBe('0');
  return res.value;
}

async function buyer(amount = '10000') {
  const b = await newEnterprise(ctx);
  if (amount !== '0') await deposit(ctx, b.session.firmId, amount);
  await ok(b.c, PaymentPasswordPath.set, { kind: 'fund', password: FUND_PWD });
  const address = await ok<AddressRow>(b.c, EnterprisePath.addressSave, { recipients: '李收货', recipientsCellphone: '13700000001', region: '上海市浦东新区', addressName: '世纪大道100号' });
  return { ...b, firmId: b.session.firmId, consigneeId: address.id };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

async function seller() {
  const s = await newEnterprise(ctx);
  const picture = await postFile(ctx, s.c, MallPath.upload, await png(1200, 800));
  expect(picture.code, picture.message).toBe('0');
  return { ...s, firmId: s.session.firmId, picture: picture.value.id };
}
type Seller = Awaited<ReturnType<typeof seller>>;

let names = 0;
async function onSale(s: Seller, overrides: Partial<MallGoodsRequest> = {}) {
  names += 1;
  const goods = await ok<MallGoods>(s.c, MallPath.create, { classId: food.classId, name: `五常大米 第${names}批`, specs: ['5kg', '10kg'], price: '59.90', stock: 100, images: [s.picture], description: '东北新米', ...overrides });
  expect(goods.status).toBe('W');
  return ok<MallGoods>(staff, MallPath.adminAudit, { commodityId: goods.commodityId, pass: true });
}

const order = (b: Buyer, goods: MallGoods, amount = 2, commoditySpec = '5kg') => b.c.post<MallOrder>(MallPath.orderAdd, { amount, commodityId: goods.commodityId, consigneeId: b.consigneeId, commoditySpec });
const pay = (b: Buyer, orderId: string) => ok<MallOrder>(b.c, MallPath.orderPay, { orderId, fundPassword: FUND_PWD });

async function balance(c: Client): Promise<string> {
  return Decimal.parse((await ok<CapitalInfo>(c, CapitalPath.info)).balance.available).toFixed(2);
}
async function escrow(): Promise<string> {
  expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  const account = await createLedgerService({ clock: ctx.clock }).account(ctx.database.db, { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.mallSettlement });
  return Decimal.parse(account?.balance ?? '0').toFixed(2);
}
async function runJobs() {
  for (let i = 0; i < 20 && (await ctx.app.platform.scheduler.runDue()) > 0; i++);
}
/** Moves time on and runs what fell due; sessions lapse meanwhile, so staff sign in again and read orders and balances as staff and the ledger do. */
async function advance(ms: number) {
  ctx.clock.advance(ms);
  staff = await adminClient(ctx);
  await runJobs();
}
async function staffOrder(orderId: string): Promise<MallOrder> {
  const page = await ok<Page<MallOrder>>(staff, MallPath.adminOrders, { size: 100 });
  return page.content.find((o) => o.orderId === orderId)!;
}
async function firmAvailable(firmId: string): Promise<string> {
  const account = await createLedgerService({ clock: ctx.clock }).account(ctx.database.db, { ownerType: 'firm', ownerId: firmId, currency: 'CNY', kind: LedgerKind.available });
  return Decimal.parse(account?.balance ?? '0').toFixed(2);
}

describe('mall goods: publish, audit, the public mall', () => {
  it('published goods wait for audit, then show in their class with a 300 px JPEG thumbnail; rejected goods tell the seller why', async () => {
    const s = await seller();
    const draft = await ok<MallGoods>(s.c, MallPath.create, { classId: food.classId, name: '有机小米', specs: ['1kg'], price: '28.00', stock: 5, images: [s.picture] });
    expect(draft).toMatchObject({ status: 'W', className: '粮油副食', mine: true, imageIds: [s.picture] });
    const visitor = client(ctx);
    expect(await visitor.post(MallPath.detail, { commodityId: draft.commodityId })).toMatchObject({ status: 404, message: 'No such goods' });

    const rejected = await ok<MallGoods>(staff, MallPath.adminAudit, { commodityId: draft.commodityId, pass: false, reason: '图片不清晰' });
    expect(rejected).toMatchObject({ status: 'F', reason: '图片不清晰' });
    expect(await staff.post(MallPath.adminAudit, { commodityId: draft.commodityId, pass: true })).toMatchObject({ status: 409, message: 'The goods are rejected; you cannot audit it' });

    const goods = await onSale(s, { name: '黑龙江珍珠米' });
    const list = await ok<Page<MallGoods>>(visitor, MallPath.goods, { classId: food.classId, keyword: '珍珠米' });
    expect(list.content.map((g) => [g.name, g.price, g.specs, g.mine, g.imageIds])).toEqual([['黑龙江珍珠米', '59.90', ['5kg', '10kg'], false, []]]);
    const thumb = await ctx.app.http.inject({ method: 'GET', url: list.content[0]!.images[0]!.thumbUrl });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);
    expect((await ok<MallClass[]>(visitor, MallPath.classes)).map((c) => c.name)).toContain('粮油副食');
    expect(goods.sellerName).not.toBe('');
  });

  it('refuses an unknown class and someone else’s picture, naming the field; only staff with the mall right audit', async () => {
    const s = await seller();
    const other = await seller();
    const bad = await s.c.post(MallPath.create, { classId: '999999', name: '坏分类', specs: ['1kg'], price: '1.00', stock: 1, images: [s.picture] });
    expect(bad).toMatchObject({ status: 422, value: { fields: [{ field: 'classId', message: 'classId is not an enabled goods class' }] } });
    const foreign = await s.c.post(MallPath.create, { classId: food.classId, name: '别人的图', specs: ['1kg'], price: '1.00', stock: 1, images: [other.picture] });
    expect(foreign).toMatchObject({ status: 422, value: { fields: [{ field: 'images' }] } });
    expect((await s.c.post(MallPath.adminGoods, {})).status).toBe(401);
    const goods = await ok<MallGoods>(s.c, MallPath.create, { classId: food.classId, name: '只给自己', specs: ['1kg'], price: '1.00', stock: 1, images: [s.picture] });
    expect(await other.c.post(MallPath.update, { commodityId: goods.commodityId, classId: food.classId, name: '偷改', specs: ['1kg'], price: '1.00', stock: 1, images: [other.picture] })).toMatchObject({
      status: 404,
      message: 'No such goods',
    });
  });
});

describe('mall orders: the state machine and its money', () => {
  it('balance payment moves the money into the mall escrow; ship, receive and completion pay the seller less the fee and publish the completion', async () => {
    const s = await seller();
    const b = await buyer('1000');
    const goods = await onSale(s);
    const escrowBefore = await escrow();
    const placed = await order(b, goods, 3, '10kg');
    expect(placed.code, placed.message).toBe('0');
    expect(placed.value).toMatchObject({ status: 'P', amount: 3, commoditySpec: '10kg', total: '179.70', side: 'buyer', consignee: { recipients: '李收货', addressName: '世纪大道100号' } });
    expect((await ok<MallGoods>(client(ctx), MallPath.detail, { commodityId: goods.commodityId })).stock).toBe(97);

    expect(await b.c.post(MallPath.orderPay, { orderId: placed.value.orderId, fundPassword: '000000' })).toMatchObject({ status: 400 });
    const paid = await pay(b, placed.value.orderId);
    expect(paid).toMatchObject({ status: 'W', payWay: 'balance' });
    expect(await balance(b.c)).toBe('820.30');
    expect(await escrow()).toBe(Decimal.parse(escrowBefore).add('179.70').toFixed(2));
    expect(await b.c.post(MallPath.orderPay, { orderId: placed.value.orderId, fundPassword: FUND_PWD })).toMatchObject({ status: 409, message: 'The order is awaiting shipment; you cannot pay it' });

    expect(await b.c.post(MallPath.orderReceive, { orderId: paid.orderId })).toMatchObject({ status: 409, message: 'The order is awaiting shipment; you cannot confirm receipt' });
    expect(await s.c.post(MallPath.orderShip, { orderId: paid.orderId, trackingNo: 'x' })).toMatchObject({ status: 422 });
    const shipped = await ok<MallOrder>(s.c, MallPath.orderShip, { orderId: paid.orderId, trackingNo: 'SF1234567890' });
    expect(shipped).toMatchObject({ status: 'S', trackingNo: 'SF1234567890', side: 'seller' });
    // Both firms are told live, so their open order lists refresh.
    const told = pushes.filter((m) => (m.payload as { orderId: string; status: string }).orderId === paid.orderId && (m.payload as { status: string }).status === 'S');
    expect(told.map((m) => [m.topic, m.pushType]).sort()).toEqual([`firm:${b.firmId}`, `firm:${s.firmId}`].sort().map((topic) => [topic, 'order']));
    expect(await b.c.post(MallPath.orderCancel, { orderId: paid.orderId })).toMatchObject({ status: 409, message: 'The order is shipped; you cannot cancel it' });

    const received = await ok<MallOrder>(b.c, MallPath.orderReceive, { orderId: paid.orderId });
    expect(received.status).toBe('T');
    const sellerBefore = await balance(s.c);
    await advance(6 * DAY);
    expect((await staffOrder(paid.orderId)).status).toBe('T');
    await advance(DAY + 60_000);
    expect(await staffOrder(paid.orderId)).toMatchObject({ status: 'C', fee: '0.35' });
    expect(await firmAvailable(s.firmId)).toBe(Decimal.parse(sellerBefore).add('179.35').toFixed(2));
    expect(await escrow()).toBe(escrowBefore);
    expect(completed.map((m) => m.payload)).toContainEqual({ orderId: paid.orderId, buyerFirmId: b.firmId, amount: '179.70' });
  });

  it('cancel before shipping returns the pieces and refunds the escrow; an unpaid order lapses after 30 minutes', async () => {
    const s = await seller();
    const b = await buyer('500');
    const goods = await onSale(s, { stock: 10 });
    const first = (await order(b, goods, 4)).value;
    await pay(b, first.orderId);
    expect(await balance(b.c)).toBe('260.40');
    const cancelled = await ok<MallOrder>(b.c, MallPath.orderCancel, { orderId: first.orderId });
    expect(cancelled.status).toBe('U');
    expect(await balance(b.c)).toBe('500.00');
    expect((await ok<MallGoods>(client(ctx), MallPath.detail, { commodityId: goods.commodityId })).stock).toBe(10);
    expect(await b.c.post(MallPath.orderCancel, { orderId: first.orderId })).toMatchObject({ status: 409, message: 'The order is cancelled; you cannot cancel it' });

    const unpaid = (await order(b, goods, 6)).value;
    expect((await ok<MallGoods>(client(ctx), MallPath.detail, { commodityId: goods.commodityId })).stock).toBe(4);
    await advance(29 * 60_000);
    expect(await b.c.post(MallPath.orderPay, { orderId: first.orderId, fundPassword: FUND_PWD })).toMatchObject({ status: 409, message: 'The order is cancelled; you cannot pay it' });
    await advance(2 * 60_000);
    expect((await staffOrder(unpaid.orderId)).status).toBe('U');
    expect((await ok<MallGoods>(client(ctx), MallPath.detail, { commodityId: goods.commodityId })).stock).toBe(10);
  });

  it('receipt is confirmed automatically 10 days after shipping, by one job run', async () => {
    const s = await seller();
    const b = await buyer();
    const goods = await onSale(s);
    const placed = (await order(b, goods, 1)).value;
    await pay(b, placed.orderId);
    await ok(s.c, MallPath.orderShip, { orderId: placed.orderId, trackingNo: 'YT0000000001' });
    await advance(9 * DAY);
    expect((await staffOrder(placed.orderId)).status).toBe('S');
    ctx.clock.advance(DAY + 60_000);
    // Two pollers at once, as two instances would be, each until nothing is due (other recurring jobs share the batches).
    await Promise.all([runJobs(), runJobs()]);
    staff = await adminClient(ctx);
    const after = await staffOrder(placed.orderId);
    expect(after.status).toBe('T');
    // Received once: completion is due 7 days after the automatic receipt, not twice over.
    expect(new Date(after.dueAt!).getTime()).toBe(ctx.clock.now().getTime() + 7 * DAY);
  });

  it('refuses what the rules forbid: too many pieces, an unknown spec, own goods, another’s address, insufficient funds', async () => {
    const s = await seller();
    const b = await buyer('50');
    const goods = await onSale(s, { stock: 3 });
    expect(await order(b, goods, 4)).toMatchObject({ status: 409, message: `Not enough stock of “${goods.name}” (3 left)` });
    expect(await order(b, goods, 1, '50kg')).toMatchObject({ status: 422, value: { fields: [{ field: 'commoditySpec', message: 'commoditySpec must be one of the specifications the goods offer' }] } });
    expect(await s.c.post(MallPath.orderAdd, { amount: 1, commodityId: goods.commodityId, consigneeId: b.consigneeId, commoditySpec: '5kg' })).toMatchObject({ status: 409, message: 'You cannot buy goods your own firm sells' });
    const other = await buyer();
    expect(await other.c.post(MallPath.orderAdd, { amount: 1, commodityId: goods.commodityId, consigneeId: b.consigneeId, commoditySpec: '5kg' })).toMatchObject({ status: 404, message: 'No such delivery address in your address book (consigneeId)' });
    const placed = (await order(b, goods, 1)).value;
    expect(await b.c.post(MallPath.orderPay, { orderId: placed.orderId, fundPassword: FUND_PWD })).toMatchObject({ status: 409 });
    expect((await ok<MallOrder>(b.c, MallPath.orderDetail, { orderId: placed.orderId })).status).toBe('P');
  });

  it('a firm never reads or moves another firm’s order by id', async () => {
    const s = await seller();
    const b = await buyer();
    const stranger = await buyer();
    const goods = await onSale(s);
    const placed = (await order(b, goods, 1)).value;
    await pay(b, placed.orderId);
    for (const path of [MallPath.orderDetail, MallPath.orderCancel, MallPath.orderReceive]) expect(await stranger.c.post(path, { orderId: placed.orderId })).toMatchObject({ status: 404, message: 'No such order' });
    expect(await stranger.c.post(MallPath.orderShip, { orderId: placed.orderId, trackingNo: 'SF0000000001' })).toMatchObject({ status: 404 });
    expect(await b.c.post(MallPath.orderShip, { orderId: placed.orderId, trackingNo: 'SF0000000001' })).toMatchObject({ status: 404 });
    expect((await ok<Page<MallOrder>>(stranger.c, MallPath.orders, { side: 'buyer' })).total).toBe(0);
    expect((await ok<Page<MallOrder>>(s.c, MallPath.orders, { side: 'seller' })).content.map((o) => o.orderId)).toEqual([placed.orderId]);
    expect((await ok<Page<MallOrder>>(staff, MallPath.adminOrders, { status: 'W' })).content.map((o) => o.orderId)).toContain(placed.orderId);
  });

  it('a return after receipt is refunded from the escrow through the after-sale service; none is opened before receipt', async () => {
    const s = await seller();
    const b = await buyer('1000');
    const goods = await onSale(s);
    const placed = (await order(b, goods, 2)).value;
    await pay(b, placed.orderId);
    await ok(s.c, MallPath.orderShip, { orderId: placed.orderId, trackingNo: 'SF2000000001' });
    const early = await b.c.post(AfterSalePath.open, { kind: 'mall', orderId: placed.orderId, type: 'return', reason: '还没收到' });
    expect(early.status).toBe(409);
    await ok(b.c, MallPath.orderReceive, { orderId: placed.orderId });
    const escrowBefore = await escrow();
    const sellerBefore = await balance(s.c);
    const request = await ok<AfterSaleRequestView>(b.c, AfterSalePath.open, { kind: 'mall', orderId: placed.orderId, type: 'return', reason: '米里有虫', amount: '100.00' });
    await ok(s.c, AfterSalePath.answer, { requestId: request.requestId, accept: true });
    await ok(b.c, AfterSalePath.shipBack, { requestId: request.requestId, carrier: '顺丰', trackingNo: 'SF3000000001' });
    const refunded = await ok<AfterSaleRequestView>(s.c, AfterSalePath.confirmReturn, { requestId: request.requestId });
    expect(refunded.status).toBe('refunded');
    // 119.80 paid: 100.00 back to the buyer, the other 19.80 to the seller less the 0.03 fee.
    expect(await balance(b.c)).toBe('980.20');
    expect(await balance(s.c)).toBe(Decimal.parse(sellerBefore).add('19.77').toFixed(2));
    expect(await escrow()).toBe(Decimal.parse(escrowBefore).sub('119.80').toFixed(2));
    expect((await ok<MallOrder>(b.c, MallPath.orderDetail, { orderId: placed.orderId })).status).toBe('R');
  });

  it('an order with a return under way is not completed when its return window ends; once the request closes the seller is paid', async () => {
    const s = await seller();
    const b = await buyer('1000');
    const goods = await onSale(s);
    const placed = (await order(b, goods, 2)).value;
    await pay(b, placed.orderId);
    await ok(s.c, MallPath.orderShip, { orderId: placed.orderId, trackingNo: 'SF2000000002' });
    await ok(b.c, MallPath.orderReceive, { orderId: placed.orderId });
    const sellerBefore = await firmAvailable(s.firmId);
    await ok<AfterSaleRequestView>(b.c, AfterSalePath.open, { kind: 'mall', orderId: placed.orderId, type: 'return', reason: '包装破损', amount: '50.00' });
    // Day 8: the 7-day return window is over but the request is still open (the seller's silence
    // accepted it): the seller is not paid yet.
    await advance(8 * 86_400_000);
    expect((await staffOrder(placed.orderId)).status).toBe('T');
    expect(await firmAvailable(s.firmId)).toBe(sellerBefore);
    // The goods never go back: the request closes a week after it was accepted, and at the order's next daily look it completes.
    await advance(8 * 86_400_000);
    await advance(86_400_000);
    expect((await staffOrder(placed.orderId)).status).toBe('C');
    expect(Decimal.parse(await firmAvailable(s.firmId)).sub(sellerBefore).gt('119.00')).toBe(true);
    expect(await firmAvailable(b.firmId)).toBe('880.20');
  });

  it('a WeChat payment pays the order through the sandbox provider; cancelling it refunds through the provider', async () => {
    const s = await seller();
    const b = await buyer('0');
    const goods = await onSale(s);
    const placed = (await order(b, goods, 2)).value;
    const payment = await ok<{ paymentId: string; qrContent: string; payPageUrl: string }>(b.c, MallPath.orderMobilePay, { orderId: placed.orderId, channel: 'wechat' });
    const url = new URL(payment.qrContent);
    const path = `${url.pathname}${url.search}`;
    expect((await ctx.app.http.inject({ method: 'GET', url: path })).body).toContain('119.80');
    await ctx.app.http.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay' });
    await runJobs();
    const paid = await ok<MallOrder>(b.c, MallPath.orderDetail, { orderId: placed.orderId });
    expect(paid).toMatchObject({ status: 'W', payWay: 'wechat' });
    expect(await balance(b.c)).toBe('0.00');
    const cancelled = await ok<MallOrder>(b.c, MallPath.orderCancel, { orderId: placed.orderId });
    expect(cancelled.status).toBe('U');
    await runJobs();
    // The escrow came back to the balance and went on to the payer's WeChat wallet.
    expect(await balance(b.c)).toBe('0.00');
    expect((await ok<MallGoods>(client(ctx), MallPath.detail, { commodityId: goods.commodityId })).stock).toBe(100);
  });

  it('never oversells: 200 concurrent orders for the last 10 pieces make exactly 10 orders', async () => {
    const s = await seller();
    const goods = await onSale(s, { stock: 10 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => buyer()));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => order(buyers[i % buyers.length]!, goods, 1)));
    const placed = results.filter((r) => r.code === '0');
    expect(placed).toHaveLength(10);
    expect(results.filter((r) => r.code !== '0').every((r) => r.status === 409)).toBe(true);
    const after = await ok<MallGoods>(client(ctx), MallPath.detail, { commodityId: goods.commodityId });
    expect([after.stock, after.sold]).toEqual([0, 10]);
  }, 120_000);
});
