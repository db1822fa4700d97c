import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  CapitalPath,
  EnterprisePath,
  ProductPath,
  type AddressRow,
  type AdminProduct,
  type Cart,
  type CapitalInfo,
  type CheckoutResult,
  type CommodityType,
  type LedgerFlowEntry,
  type Page,
  type Product,
  type ProductOrder,
  type ProductRequest,
  type RoleRow,
  type Shop,
} from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { createLedgerService, LedgerKind, PLATFORM_OWNER, verifyLedger } from '../src/modules/ledger/index';
import { deposit } from './funds-support';
import { type TestContext, createSeededTestApp } from './harness';
import { adminClient, newEnterprise, png, postFile, staffLogin } from './enterprise-support';
import { client, newPhone, type Client } from './identity-support';

let ctx: TestContext;
let staff: Client;
let rebar: CommodityType;
let other: CommodityType;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await adminClient(ctx);
  const types = (await staff.get<CommodityType[]>('/api/catalog/commodityTypes')).value;
  rebar = types.find((t) => t.name === '螺纹钢')!;
  other = types.find((t) => t.commodityTypeId !== rebar.commodityTypeId)!;
});
afterAll(() => ctx.close());

let addresses = 0;
/** Saves a delivery address in the user's own address book. */
async function saveAddress(c: Client, overrides: Partial<AddressRow> = {}) {
  addresses += 1;
  const res = await c.post<AddressRow>(EnterprisePath.addressSave, {
    recipients: '王收货',
    recipientsCellphone: '13700000000',
    region: '江苏省南京市',
    addressName: `江宁区胜太路${addresses}号`,
    ...overrides,
  });
  expect(res.code, res.message).toBe('0');
  return res.value;
}

/** A funded buyer firm whose user has a delivery address to check out to. */
async function buyerWith(amount: string) {
  const buyer = await newEnterprise(ctx);
  await deposit(ctx, buyer.session.firmId, amount);
  const address = await saveAddress(buyer.c);
  return { ...buyer, consigneeId: address.id };
}
type Buyer = Awaited<ReturnType<typeof buyerWith>>;

async function balance(c: Client) {
  const { available, frozen } = (await c.post<CapitalInfo>(CapitalPath.info)).value.balance;
  return { available: Decimal.parse(available).toFixed(2), frozen: Decimal.parse(frozen).toFixed(2) };
}

/** What one journal of an order moved on the firm's available funds, as its account flow lists it. */
async function flowAmount(c: Client, type: string, orderId: string): Promise<string | undefined> {
  const flow = await c.post<Page<LedgerFlowEntry>>(CapitalPath.flow, { kind: 'available', mode: 'current', type, size: 100 });
  expect(flow.code, flow.message).toBe('0');
  const entry = flow.value.content.find((e) => e.businessRef === orderId);
  return entry && Decimal.parse(entry.amount).toFixed(2);
}

async function feeIncome(): Promise<string> {
  expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  const account = await createLedgerService({ clock: ctx.clock }).account(ctx.database.db, { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.feeIncome });
  return Decimal.parse(account?.balance ?? '0').toFixed(2);
}

let names = 0;
function form(overrides: Partial<ProductRequest> = {}): ProductRequest {
  names += 1;
  return {
    name: `袋装水泥 P.O42.5 第${names}号`,
    commodityTypeId: rebar.commodityTypeId,
    specification: '50kg/袋',
    unit: '袋',
    price: '23.45',
    stock: 100,
    images: [],
    description: '海螺牌，出厂检验合格',
    ...overrides,
  };
}

/** A seller firm with its shop set up and one uploaded picture to use in products. */
async function seller(shopName = '华东建材旗舰店') {
  const s = await newEnterprise(ctx);
  const logo = await postFile(ctx, s.c, ProductPath.upload, await png(600, 600));
  expect(logo.code, logo.message).toBe('0');
  const shop = await s.c.post<Shop>(ProductPath.shopSave, { name: shopName, logo: logo.value.id, introduction: '专营袋装建材', contactName: '陈经理', contactPhone: '13912345678' });
  expect(shop.code, shop.message).toBe('0');
  const picture = await postFile(ctx, s.c, ProductPath.upload, await png(1200, 800));
  return { ...s, firmId: s.session.firmId, picture: picture.value.id };
}

async function create(s: Awaited<ReturnType<typeof seller>>, overrides: Partial<ProductRequest> = {}) {
  const res = await s.c.post<Product>(ProductPath.create, form({ images: [s.picture], ...overrides }));
  expect(res.code, res.message).toBe('0');
  return res.value;
}

async function approve(productId: string) {
  const res = await staff.post<AdminProduct>(ProductPath.adminAudit, { productId, pass: true });
  expect(res.code, res.message).toBe('0');
  return res.value;
}

async function onSale(s: Awaited<ReturnType<typeof seller>>, overrides: Partial<ProductRequest> = {}) {
  const p = await create(s, overrides);
  await approve(p.productId);
  return p;
}

async function mineOf(c: Client, productId: string) {
  return (await c.post<Page<Product>>(ProductPath.mine, { size: 100 })).value.content.find((p) => p.productId === productId);
}

async function addToCart(c: Client, productId: string, quantity: number) {
  const res = await c.post<Cart>(ProductPath.cartAdd, { productId, quantity });
  expect(res.code, res.message).toBe('0');
  return res.value;
}

async function checkout(buyer: Buyer, total: string) {
  const res = await buyer.c.post<CheckoutResult>(ProductPath.checkout, { total, consigneeId: buyer.consigneeId });
  expect(res.code, res.message).toBe('0');
  return res.value;
}

async function act(c: Client, path: string, body: object) {
  const res = await c.post<ProductOrder>(path, body);
  expect(res.code, res.message).toBe('0');
  return res.value;
}

const visitor = () => client(ctx);
const publicList = (body: object = {}) => visitor().post<Page<Product>>(ProductPath.list, { size: 100, ...body });

describe('shop and products: set up, audit, the public list', () => {
  it('needs a shop before the first product; the shop front is public with its logo', async () => {
    const bare = await newEnterprise(ctx);
    const picture = await postFile(ctx, bare.c, ProductPath.upload, await png());
    expect(await bare.c.post(ProductPath.create, form({ images: [picture.value.id] }))).toMatchObject({ status: 409, message: 'Set up the shop (shop management) first' });
    expect((await bare.c.post(ProductPath.shopMine)).value).toBeNull();

    const s = await seller('华东建材旗舰店');
    const front = await visitor().post<Shop>(ProductPath.shop, { firmId: s.firmId });
    expect(front.value).toMatchObject({ name: '华东建材旗舰店', contactName: '陈经理', onSale: 0, mine: false, logo: null, logoThumbUrl: `/api/product/shop/logo/${s.firmId}/thumb` });
    const thumb = await ctx.app.http.inject({ method: 'GET', url: front.value.logoThumbUrl! });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);
    expect(await visitor().post(ProductPath.shop, { firmId: '999999' })).toMatchObject({ status: 404, message: 'No such shop' });
  });

  it('a submitted product waits for audit; approved it is public with its pictures, rejected the seller reads why', async () => {
    const s = await seller();
    const p = await create(s);
    expect(p).toMatchObject({ status: 'W', price: '23.45', stock: 100, sold: 0, mine: true, shopName: '华东建材旗舰店', commodityName: '螺纹钢', imageIds: [s.picture] });
    expect((await publicList({ keyword: p.name })).value.total).toBe(0);
    expect(await visitor().post(ProductPath.detail, { productId: p.productId })).toMatchObject({ status: 404, message: 'No such product' });
    const image = (url: string) => ctx.app.http.inject({ method: 'GET', url });
    expect((await image(p.images[0]!.thumbUrl)).statusCode).toBe(404);

    const queue = (await staff.post<Page<AdminProduct>>(ProductPath.adminList, { status: 'W', keyword: p.name })).value.content;
    expect(queue.map((q) => q.productId)).toEqual([p.productId]);
    expect(queue[0]!.images[0]!.thumbUrl).toBe(`/api/admin/upload/${s.picture}/thumb`);
    expect(await approve(p.productId)).toMatchObject({ status: 'T', auditedBy: expect.stringMatching(/^staff:/) });

    const shown = (await publicList({ keyword: p.name })).value.content;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ productId: p.productId, status: 'T', mine: false, imageIds: [] });
    const full = await image(shown[0]!.images[0]!.url);
    expect(full.headers['content-type']).toBe('image/png');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1200);

    const second = await create(s);
    expect(await staff.post(ProductPath.adminAudit, { productId: second.productId, pass: false })).toMatchObject({ status: 422 });
    await staff.post(ProductPath.adminAudit, { productId: second.productId, pass: false, reason: '图片与商品不符' });
    expect(await mineOf(s.c, second.productId)).toMatchObject({ status: 'F', reason: '图片与商品不符' });
    const fixed = await s.c.post<Product>(ProductPath.update, { ...form({ images: [s.picture], name: second.name }), productId: second.productId });
    expect(fixed.value).toMatchObject({ status: 'W', reason: '' });
  });

  it('drafts stay drafts until submitted; an edit of a product on sale sends it back to audit and off the public list', async () => {
    const s = await seller();
    const draft = await create(s, { submit: false });
    expect(draft.status).toBe('D');
    const saved = await s.c.post<Product>(ProductPath.update, { ...form({ images: [s.picture], submit: false, price: '30' }), productId: draft.productId });
    expect(saved.value).toMatchObject({ status: 'D', price: '30.00' });
    expect((await s.c.post<Product>(ProductPath.submit, { productId: draft.productId })).value.status).toBe('W');

    const live = await onSale(s);
    expect((await publicList({ keyword: live.name })).value.total).toBe(1);
    const edited = await s.c.post<Product>(ProductPath.update, { ...form({ images: [s.picture], name: live.name, price: '25.00' }), productId: live.productId });
    expect(edited.value).toMatchObject({ status: 'W', price: '25.00' });
    expect((await publicList({ keyword: live.name })).value.total).toBe(0);
    await approve(live.productId);
    expect((await s.c.post<Product>(ProductPath.offShelf, { productId: live.productId })).value.status).toBe('O');
    expect((await publicList({ keyword: live.name })).value.total).toBe(0);
    expect((await s.c.post<Product>(ProductPath.submit, { productId: live.productId })).value.status).toBe('W');
  });

  it('filters by commodity, keyword and price range, sorts by price and sales, ten to a page by default', async () => {
    const s = await seller();
    const tag = `筛选${Date.now()}`;
    const cheap = await onSale(s, { name: `${tag} 甲`, price: '9.90' });
    const mid = await onSale(s, { name: `${tag} 乙`, price: '100.00', commodityTypeId: other.commodityTypeId });
    const dear = await onSale(s, { name: `${tag} 丙`, price: '1000.01' });
    const ids = async (body: object) => (await publicList({ keyword: tag, ...body })).value.content.map((p) => p.productId);
    expect(await ids({})).toEqual([dear.productId, mid.productId, cheap.productId]);
    expect(await ids({ sort: 'priceAsc' })).toEqual([cheap.productId, mid.productId, dear.productId]);
    expect(await ids({ sort: 'priceDesc' })).toEqual([dear.productId, mid.productId, cheap.productId]);
    expect(await ids({ commodityTypeId: other.commodityTypeId })).toEqual([mid.productId]);
    expect(await ids({ minPrice: '9.91', maxPrice: '1000' })).toEqual([mid.productId]);
    expect(await ids({ minPrice: '1000', maxPrice: '10' })).toEqual([]);
    expect(await ids({ firmId: s.firmId, keyword: `${tag} 丙` })).toEqual([dear.productId]);
    expect(await ids({ keyword: `${tag}%` })).toEqual([]);
    expect((await visitor().post<Page<Product>>(ProductPath.list, {})).value.size).toBe(10);
    expect((await visitor().post(ProductPath.list, { minPrice: '1.234' })).status).toBe(422);

    const buyer = await buyerWith('100');
    await addToCart(buyer.c, mid.productId, 1);
    await checkout(buyer, '100.00');
    expect((await ids({ sort: 'sales' }))[0]).toBe(mid.productId);
  });
});

describe('cart, checkout and orders: money and stock', () => {
  it('pays one order per seller from frozen funds, ships, receives; the seller gets the amount less the fee', async () => {
    const east = await seller('华东建材旗舰店');
    const north = await seller('华北五金商行');
    const cement = await onSale(east, { price: '23.45', stock: 100 });
    const sand = await onSale(east, { price: '12.30', stock: 50 });
    const bolts = await onSale(north, { price: '0.99', stock: 1000, unit: '个' });
    const buyer = await buyerWith('2000');

    await addToCart(buyer.c, cement.productId, 10);
    await addToCart(buyer.c, cement.productId, 5);
    await addToCart(buyer.c, sand.productId, 3);
    const cart = await addToCart(buyer.c, bolts.productId, 7);
    // 15 × 23.45 = 351.75, 3 × 12.30 = 36.90, 7 × 0.99 = 6.93.
    expect(cart.groups.map((g) => [g.shopName, g.subtotal])).toEqual([
      ['华东建材旗舰店', '388.65'],
      ['华北五金商行', '6.93'],
    ]);
    expect(cart.total).toBe('395.58');
    expect(cart.groups[0]!.lines[0]).toMatchObject({ productId: cement.productId, quantity: 15, amount: '351.75', available: true });

    expect(await buyer.c.post(ProductPath.checkout, { total: '395.57', consigneeId: buyer.consigneeId })).toMatchObject({ status: 409, message: 'Prices or stock changed; check the cart and pay again (total)' });
    const feeBefore = await feeIncome();
    const paid = await checkout(buyer, '395.58');
    expect(paid.total).toBe('395.58');
    expect(paid.orders.map((o) => [o.shopName, o.amount, o.status, o.items.length])).toEqual([
      ['华东建材旗舰店', '388.65', 'W', 2],
      ['华北五金商行', '6.93', 'W', 1],
    ]);
    expect(await balance(buyer.c)).toEqual({ available: '1604.42', frozen: '395.58' });
    expect((await buyer.c.post<Cart>(ProductPath.cart)).value).toEqual({ groups: [], total: '0.00' });
    expect(await mineOf(east.c, cement.productId)).toMatchObject({ stock: 85, sold: 15 });

    const eastOrder = paid.orders[0]!;
    expect(await buyer.c.post(ProductPath.receive, { orderId: eastOrder.orderId })).toMatchObject({ status: 409, message: 'The order is awaiting shipment; you cannot confirm receipt' });
    const sellerSide = (await east.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'seller', status: 'W' })).value.content;
    expect(sellerSide.map((o) => o.orderId)).toEqual([eastOrder.orderId]);
    expect(sellerSide[0]).toMatchObject({ side: 'seller', amount: '388.65' });

    expect(await act(east.c, ProductPath.ship, { orderId: eastOrder.orderId, trackingNo: 'SF1234567890' })).toMatchObject({ status: 'S', trackingNo: 'SF1234567890' });
    expect(await east.c.post(ProductPath.ship, { orderId: eastOrder.orderId, trackingNo: 'SF1234567890' })).toMatchObject({ status: 409, message: 'The order is shipped; you cannot ship it' });
    expect(await buyer.c.post(ProductPath.cancel, { orderId: eastOrder.orderId })).toMatchObject({ status: 409, message: 'The order is shipped; you cannot cancel it' });

    // Fee 0.2% truncated: 0.7773 → 0.77.
    expect(await act(buyer.c, ProductPath.receive, { orderId: eastOrder.orderId })).toMatchObject({ status: 'T', fee: '0.77' });
    expect(await balance(east.c)).toEqual({ available: '387.88', frozen: '0.00' });
    expect(await balance(buyer.c)).toEqual({ available: '1604.42', frozen: '6.93' });
    expect(await feeIncome()).toBe(Decimal.parse(feeBefore).add('0.77').toFixed(2));
    expect(await buyer.c.post(ProductPath.receive, { orderId: eastOrder.orderId })).toMatchObject({ status: 409 });

    // The buyer cancels the other order before it ships: funds and pieces come back.
    expect(await act(buyer.c, ProductPath.cancel, { orderId: paid.orders[1]!.orderId })).toMatchObject({ status: 'U', cancelledBy: 'buyer', cancelReason: '' });
    expect(await balance(buyer.c)).toEqual({ available: '1611.35', frozen: '0.00' });
    expect(await mineOf(north.c, bolts.productId)).toMatchObject({ stock: 1000, sold: 0 });
    expect(await north.c.post(ProductPath.ship, { orderId: paid.orders[1]!.orderId, trackingNo: 'YT0000001' })).toMatchObject({ status: 409, message: 'The order is cancelled; you cannot ship it' });
    expect(await balance(north.c)).toEqual({ available: '0.00', frozen: '0.00' });
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('refuses a checkout the funds do not cover, changing nothing; off-shelf products are not bought', async () => {
    const s = await seller();
    const p = await onSale(s, { price: '60.00', stock: 10 });
    const gone = await onSale(s, { price: '1.00', stock: 10 });
    const buyer = await buyerWith('100');
    await addToCart(buyer.c, p.productId, 2);
    await addToCart(buyer.c, gone.productId, 1);
    await s.c.post(ProductPath.offShelf, { productId: gone.productId });
    const cart = (await buyer.c.post<Cart>(ProductPath.cart)).value;
    expect(cart.total).toBe('120.00');
    expect(cart.groups[0]!.lines.find((l) => l.productId === gone.productId)).toMatchObject({ available: false });

    expect(await buyer.c.post(ProductPath.checkout, { total: '120.00', consigneeId: buyer.consigneeId })).toMatchObject({ status: 409, message: 'Insufficient balance' });
    expect(await balance(buyer.c)).toEqual({ available: '100.00', frozen: '0.00' });
    expect(await mineOf(s.c, p.productId)).toMatchObject({ stock: 10, sold: 0 });
    expect((await buyer.c.post<Cart>(ProductPath.cart)).value.total).toBe('120.00');

    await buyer.c.post(ProductPath.cartUpdate, { productId: p.productId, quantity: 1 });
    const paid = await checkout(buyer, '60.00');
    expect(paid.orders).toHaveLength(1);
    expect(paid.orders[0]!.items.map((i) => i.productId)).toEqual([p.productId]);
    // The off-shelf line stays in the cart for the buyer to remove.
    const left = (await buyer.c.post<Cart>(ProductPath.cart)).value;
    expect(left.groups.flatMap((g) => g.lines.map((l) => l.productId))).toEqual([gone.productId]);
    expect((await buyer.c.post<Cart>(ProductPath.cartRemove, { productId: gone.productId })).value.groups).toEqual([]);
    expect(await buyer.c.post(ProductPath.checkout, { total: '1.00', consigneeId: buyer.consigneeId })).toMatchObject({ status: 409, message: 'The cart has nothing that can be bought' });
  });

  it('never sells more than the stock when buyers check out at the same time', async () => {
    const s = await seller();
    const p = await onSale(s, { price: '10.00', stock: 5 });
    const buyers = await Promise.all([1, 2, 3, 4].map(() => buyerWith('100')));
    for (const b of buyers) await addToCart(b.c, p.productId, 2);
    const results = await Promise.all(buyers.map((b) => b.c.post<CheckoutResult>(ProductPath.checkout, { total: '20.00', consigneeId: b.consigneeId })));
    const paid = results.filter((r) => r.code === '0');
    const refused = results.filter((r) => r.code !== '0');
    expect(paid).toHaveLength(2);
    expect(refused.map((r) => [r.status, r.message])).toEqual([
      [409, `Not enough stock of “${p.name}” (1 left)`],
      [409, `Not enough stock of “${p.name}” (1 left)`],
    ]);
    expect(await mineOf(s.c, p.productId)).toMatchObject({ stock: 1, sold: 4 });
    const frozen = await Promise.all(buyers.map(async (b) => (await balance(b.c)).frozen));
    expect(frozen.filter((f) => f === '20.00')).toHaveLength(2);
    expect(frozen.filter((f) => f === '0.00')).toHaveLength(2);
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('pays a cart once when the buyer submits the checkout twice at the same time', async () => {
    const s = await seller();
    const p = await onSale(s, { price: '10.00', stock: 50 });
    const buyer = await buyerWith('100');
    await addToCart(buyer.c, p.productId, 3);
    const [first, second] = await Promise.all([buyer.c.post(ProductPath.checkout, { total: '30.00', consigneeId: buyer.consigneeId }), buyer.c.post(ProductPath.checkout, { total: '30.00', consigneeId: buyer.consigneeId })]);
    expect([first.code, second.code].filter((c) => c === '0')).toHaveLength(1);
    expect([first, second].find((r) => r.code !== '0')).toMatchObject({ status: 409, message: 'The cart has nothing that can be bought' });
    expect(await balance(buyer.c)).toEqual({ available: '70.00', frozen: '30.00' });
    expect(await mineOf(s.c, p.productId)).toMatchObject({ stock: 47, sold: 3 });
    expect((await buyer.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'buyer' })).value.total).toBe(1);
  });
});

describe('checkout ships to an address from the buyer’s own address book', () => {
  it('refuses a checkout without an address or to another user’s address, paying nothing', async () => {
    const s = await seller();
    const p = await onSale(s, { price: '10.00', stock: 10 });
    const buyer = await buyerWith('100');
    const stranger = await buyerWith('100');
    await addToCart(buyer.c, p.productId, 2);

    expect(await buyer.c.post(ProductPath.checkout, { total: '20.00' })).toMatchObject({
      status: 422,
      message: 'Delivery address is required',
      value: { fields: [{ field: 'consigneeId', rule: 'required' }] },
    });
    const cn = client(ctx, { lang: 'cn' });
    cn.useSession(buyer.session);
    expect(await cn.post(ProductPath.checkout, { total: '20.00' })).toMatchObject({ status: 422, message: '收货地址不能为空' });
    expect(await buyer.c.post(ProductPath.checkout, { total: '20.00', consigneeId: stranger.consigneeId })).toMatchObject({
      status: 404,
      message: 'No such delivery address in your address book (consigneeId)',
    });
    expect(await cn.post(ProductPath.checkout, { total: '20.00', consigneeId: stranger.consigneeId })).toMatchObject({ status: 404, message: '收货地址不存在，请从您的地址簿中选择（consigneeId）' });

    expect(await balance(buyer.c)).toEqual({ available: '100.00', frozen: '0.00' });
    expect(await mineOf(s.c, p.productId)).toMatchObject({ stock: 10, sold: 0 });
    expect((await buyer.c.post<Cart>(ProductPath.cart)).value.total).toBe('20.00');
    expect((await buyer.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'buyer' })).value.total).toBe(0);
  });

  it('the seller and the buyer read the recipient the order was paid to, even after the address book changes', async () => {
    const s = await seller();
    const p = await onSale(s, { price: '15.00', stock: 10 });
    const buyer = await buyerWith('100');
    const office = await saveAddress(buyer.c, { recipients: '赵仓管', recipientsCellphone: '13811112222', region: '浙江省宁波市', addressName: '镇海区澥浦镇化工区8号仓', postCode: '315204' });
    await addToCart(buyer.c, p.productId, 2);
    const paid = await checkout({ ...buyer, consigneeId: office.id }, '30.00');
    const recipient = { recipients: '赵仓管', recipientsCellphone: '13811112222', region: '浙江省宁波市', addressName: '镇海区澥浦镇化工区8号仓', postCode: '315204' };
    expect(paid.orders[0]!.consignee).toEqual(recipient);

    await saveAddress(buyer.c, { id: office.id, recipients: '钱改名', region: '上海市', addressName: '浦东新区张江路1号' });
    const sellerSide = (await s.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'seller', status: 'W' })).value.content;
    expect(sellerSide.find((o) => o.orderId === paid.orders[0]!.orderId)?.consignee).toEqual(recipient);
    const buyerSide = (await buyer.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'buyer' })).value.content;
    expect(buyerSide[0]?.consignee).toEqual(recipient);
  });
});

describe('the seller cancels a paid order it cannot ship', () => {
  const REASON = '仓库缺货，无法按期发货';

  it('puts the pieces back and releases the buyer’s payment like the buyer’s cancel; both sides read who cancelled and why', async () => {
    const s = await seller();
    const p = await onSale(s, { price: '12.50', stock: 20 });
    const buyer = await buyerWith('500');
    await addToCart(buyer.c, p.productId, 4);
    const order = (await checkout(buyer, '50.00')).orders[0]!;
    expect(order).toMatchObject({ status: 'W', cancelledBy: null, cancelReason: '' });
    expect(await balance(buyer.c)).toEqual({ available: '450.00', frozen: '50.00' });
    expect(await mineOf(s.c, p.productId)).toMatchObject({ stock: 16, sold: 4 });
    expect(await flowAmount(buyer.c, 'product.order.release', order.orderId)).toBeUndefined();

    // The reason is stored trimmed, as the buyer will read it.
    const cancelled = await act(s.c, ProductPath.sellerCancel, { orderId: order.orderId, reason: `  ${REASON}  ` });
    expect(cancelled).toMatchObject({ orderId: order.orderId, status: 'U', cancelledBy: 'seller', cancelReason: REASON, side: 'seller' });
    expect(await balance(buyer.c)).toEqual({ available: '500.00', frozen: '0.00' });
    expect(await flowAmount(buyer.c, 'product.order.freeze', order.orderId)).toBe('-50.00');
    expect(await flowAmount(buyer.c, 'product.order.release', order.orderId)).toBe('50.00');
    expect(await balance(s.c)).toEqual({ available: '0.00', frozen: '0.00' });
    expect(await mineOf(s.c, p.productId)).toMatchObject({ stock: 20, sold: 0 });

    const bought = (await buyer.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'buyer' })).value.content;
    expect(bought.find((o) => o.orderId === order.orderId)).toMatchObject({ status: 'U', cancelledBy: 'seller', cancelReason: REASON, side: 'buyer' });
    const sold = (await s.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'seller', status: 'U' })).value.content;
    expect(sold.map((o) => [o.orderId, o.cancelledBy, o.cancelReason])).toEqual([[order.orderId, 'seller', REASON]]);

    // Cancelled once: neither side can cancel or ship it again, and the money moved once.
    expect(await s.c.post(ProductPath.sellerCancel, { orderId: order.orderId, reason: REASON })).toMatchObject({ status: 409, message: 'The order is cancelled; you cannot cancel it' });
    expect(await buyer.c.post(ProductPath.cancel, { orderId: order.orderId })).toMatchObject({ status: 409 });
    expect(await s.c.post(ProductPath.ship, { orderId: order.orderId, trackingNo: 'SF1234567890' })).toMatchObject({ status: 409, message: 'The order is cancelled; you cannot ship it' });
    expect(await balance(buyer.c)).toEqual({ available: '500.00', frozen: '0.00' });
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('refuses a shipped order, another firm, the buyer on the seller’s route and a missing or short reason', async () => {
    const s = await seller();
    const intruder = await seller('另一家店');
    const p = await onSale(s, { price: '10.00', stock: 10 });
    const buyer = await buyerWith('100');
    await addToCart(buyer.c, p.productId, 1);
    const shipped = (await checkout(buyer, '10.00')).orders[0]!;
    await act(s.c, ProductPath.ship, { orderId: shipped.orderId, trackingNo: 'SF1234567890' });
    expect(await s.c.post(ProductPath.sellerCancel, { orderId: shipped.orderId, reason: REASON })).toMatchObject({ status: 409, message: 'The order is shipped; you cannot cancel it' });

    await addToCart(buyer.c, p.productId, 2);
    const order = (await checkout(buyer, '20.00')).orders[0]!;
    expect(await intruder.c.post(ProductPath.sellerCancel, { orderId: order.orderId, reason: REASON })).toMatchObject({ status: 404, message: 'No such order' });
    expect(await buyer.c.post(ProductPath.sellerCancel, { orderId: order.orderId, reason: REASON })).toMatchObject({ status: 404, message: 'No such order' });

    const missing = await s.c.post(ProductPath.sellerCancel, { orderId: order.orderId });
    expect(missing).toMatchObject({ status: 422, message: 'Reason is required', value: { fields: [{ field: 'reason', rule: 'required' }] } });
    expect(await s.c.post(ProductPath.sellerCancel, { orderId: order.orderId, reason: '  缺 ' })).toMatchObject({
      status: 422,
      message: 'Reason must be at least 2 long',
      value: { fields: [{ field: 'reason', rule: 'min' }] },
    });
    expect(await s.c.post(ProductPath.sellerCancel, { orderId: order.orderId, reason: '缺'.repeat(201) })).toMatchObject({ status: 422, value: { fields: [{ field: 'reason', rule: 'max' }] } });
    const cn = client(ctx, { lang: 'cn' });
    cn.useSession(s.session);
    expect(await cn.post(ProductPath.sellerCancel, { orderId: order.orderId, reason: '' })).toMatchObject({ status: 422, message: '原因长度不能少于 2' });

    // Nothing refused moved anything.
    expect(await balance(buyer.c)).toEqual({ available: '70.00', frozen: '30.00' });
    expect(await mineOf(s.c, p.productId)).toMatchObject({ stock: 7, sold: 3 });
    expect((await s.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'seller', status: 'W' })).value.content.map((o) => o.orderId)).toEqual([order.orderId]);
  });
});

describe('refused moves and who may do what', () => {
  it('refuses every product move the state does not allow, naming the state and the action', async () => {
    const s = await seller();
    const p = await create(s);
    expect(await s.c.post(ProductPath.offShelf, { productId: p.productId })).toMatchObject({ status: 409, message: 'The product is pending audit; you cannot take it off the shelf' });
    expect(await s.c.post(ProductPath.submit, { productId: p.productId })).toMatchObject({ status: 409, message: 'The product is pending audit; you cannot submit it for audit' });
    expect(await staff.post(ProductPath.adminOffShelf, { productId: p.productId, reason: '违规商品' })).toMatchObject({ status: 409 });
    await approve(p.productId);
    expect(await staff.post(ProductPath.adminAudit, { productId: p.productId, pass: true })).toMatchObject({ status: 409, message: 'The product is on sale; you cannot audit it' });
    expect(await s.c.post(ProductPath.submit, { productId: p.productId })).toMatchObject({ status: 409 });
    expect(await staff.post(ProductPath.adminOffShelf, { productId: p.productId, reason: '' })).toMatchObject({ status: 422 });
    expect(await staff.post<AdminProduct>(ProductPath.adminOffShelf, { productId: p.productId, reason: '价格明显偏离市场' })).toMatchObject({ value: { status: 'O', reason: '价格明显偏离市场' } });
    expect(await mineOf(s.c, p.productId)).toMatchObject({ status: 'O', reason: '价格明显偏离市场' });
    expect(await staff.post(ProductPath.adminOffShelf, { productId: p.productId, reason: '价格明显偏离市场' })).toMatchObject({ status: 409, message: 'The product is off the shelf; you cannot take it off the shelf' });
    const buyer = await buyerWith('10');
    expect(await buyer.c.post(ProductPath.cartAdd, { productId: p.productId, quantity: 1 })).toMatchObject({ status: 404 });
  });

  it('refuses malformed products naming the field, in the caller’s language', async () => {
    const s = await seller();
    const bad = await s.c.post(ProductPath.create, form({ images: [s.picture], price: '12.345', stock: -1 }));
    expect(bad.status).toBe(422);
    expect((bad.value as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(['price', 'stock']);
    expect(await s.c.post(ProductPath.create, form({ images: [] }))).toMatchObject({ status: 422, value: { fields: [expect.objectContaining({ field: 'images' })] } });
    const six = Array.from({ length: 6 }, () => s.picture);
    expect((await s.c.post(ProductPath.create, form({ images: six }))).status).toBe(422);
    const cn = await newEnterprise(ctx, 'cn');
    await cn.c.post(ProductPath.shopSave, { name: '测试店铺', contactName: '王', contactPhone: '13912345678' });
    expect(await cn.c.post(ProductPath.create, form({ images: [s.picture] }))).toMatchObject({ status: 422, message: '商品图片：只能上传 3 MB 以内的 JPG 或 PNG 图片' });
    const theirPicture = await postFile(ctx, cn.c, ProductPath.upload, await png());
    expect(await cn.c.post(ProductPath.create, form({ images: [theirPicture.value.id], commodityTypeId: '999999' }))).toMatchObject({ status: 422, message: '品种：品种不存在' });
    expect(await postFile(ctx, s.c, ProductPath.upload, Buffer.from('GIF89a not really'), 'x.gif', 'image/gif')).toMatchObject({ status: 422, message: 'Image must be a JPG or PNG image under 3 MB' });
  });

  it('another firm can neither read nor act on a product or an order by id: not found', async () => {
    const s = await seller();
    const intruder = await seller('另一家店');
    const pending = await create(s);
    expect(await intruder.c.post(ProductPath.detail, { productId: pending.productId })).toMatchObject({ status: 404 });
    expect(await intruder.c.post(ProductPath.update, { ...form({ images: [intruder.picture] }), productId: pending.productId })).toMatchObject({ status: 404, message: 'No such product' });
    expect(await intruder.c.post(ProductPath.submit, { productId: pending.productId })).toMatchObject({ status: 404 });
    await approve(pending.productId);
    expect(await intruder.c.post(ProductPath.offShelf, { productId: pending.productId })).toMatchObject({ status: 404 });
    expect((await intruder.c.post<Page<Product>>(ProductPath.mine, { size: 100 })).value.content.map((p) => p.productId)).not.toContain(pending.productId);

    expect(await s.c.post(ProductPath.cartAdd, { productId: pending.productId, quantity: 1 })).toMatchObject({ status: 409, message: 'You cannot buy your own shop’s products' });
    const buyer = await buyerWith('1000');
    await addToCart(buyer.c, pending.productId, 1);
    const order = (await checkout(buyer, '23.45')).orders[0]!;
    expect(await intruder.c.post(ProductPath.ship, { orderId: order.orderId, trackingNo: 'SF0000000001' })).toMatchObject({ status: 404, message: 'No such order' });
    expect(await intruder.c.post(ProductPath.cancel, { orderId: order.orderId })).toMatchObject({ status: 404 });
    // The seller cannot act as the buyer, nor the buyer as the seller.
    expect(await s.c.post(ProductPath.cancel, { orderId: order.orderId })).toMatchObject({ status: 404 });
    expect(await buyer.c.post(ProductPath.ship, { orderId: order.orderId, trackingNo: 'SF0000000001' })).toMatchObject({ status: 404 });
    expect((await intruder.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'seller' })).value.total).toBe(0);
    expect(await intruder.c.post(ProductPath.cartRemove, { productId: pending.productId })).toMatchObject({ status: 404 });
    expect((await buyer.c.post<Page<ProductOrder>>(ProductPath.orders, { side: 'buyer' })).value.content.map((o) => o.orderId)).toEqual([order.orderId]);
  });

  it('staff only audit; firm staff members need seller.product, seller.shop and mall.order', async () => {
    const s = await seller();
    const p = await create(s);
    expect(await s.c.post(ProductPath.adminAudit, { productId: p.productId, pass: true })).toMatchObject({ status: 401 });
    expect(await visitor().post(ProductPath.create, form({ images: ['0b7e7a4e-0000-4000-8000-000000000000'] }))).toMatchObject({ status: 401 });
    expect(await visitor().post(ProductPath.cart)).toMatchObject({ status: 401 });

    const role = await s.c.post<RoleRow>(EnterprisePath.roleAdd, { roleName: '业务员', rightCodeList: ['trade.pick'] });
    const tel = newPhone();
    expect((await s.c.post(EnterprisePath.staffAdd, { cellphone: tel, userName: '周业务', roleIds: [role.value.roleId] })).code).toBe('0');
    const member = await staffLogin(ctx, tel);
    expect(await member.c.post(ProductPath.mine, {})).toMatchObject({ status: 403, message: 'You do not have the right "Publish and manage products"' });
    expect(await member.c.post(ProductPath.shopSave, { name: '改名', contactName: '周', contactPhone: '13912345678' })).toMatchObject({ status: 403 });
    expect(await member.c.post(ProductPath.checkout, { total: '1.00', consigneeId: '1' })).toMatchObject({ status: 403 });
    await s.c.post(EnterprisePath.roleUpdate, { roleId: role.value.roleId, roleName: '业务员', rightCodeList: ['trade.pick', 'seller.product'] });
    // The firm's products are the firm's: the staff member manages the main account's product.
    expect(await mineOf(member.c, p.productId)).toMatchObject({ status: 'W', mine: true });
  });
});
