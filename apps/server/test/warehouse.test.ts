import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CapitalPath,
  EnterprisePath,
  WarehousePath,
  type CapitalInfo,
  type CompanyOverview,
  type CommodityType,
  type Holding,
  type Page,
  type Pickup,
  type Receipt,
  type Storage,
  type WarehousingApply,
} from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { withTransaction } from '../src/platform/db/index';
import { createLedgerService, LedgerKind, PLATFORM_OWNER, verifyLedger } from '../src/modules/ledger/index';
import { createSeededTestApp, type TestContext } from './harness';
import { adminClient, newEnterprise, postFile } from './enterprise-support';
import { rebarApplication } from './fixtures';
import { client, type Client } from './identity-support';

let ctx: TestContext;
let staff: Client;
let catalogue: CommodityType[];
let storageId: string;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await adminClient(ctx);
  catalogue = (await staff.get<CommodityType[]>('/api/catalog/commodityTypes')).value;
  storageId = (await staff.post<Page<{ storageId: string }>>('/api/storage/list', {})).value.content[0]!.storageId;
});
afterAll(() => ctx.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Credits a firm's available funds as a bank deposit would. */
async function fund(firmId: string, amount: string) {
  const ledger = createLedgerService({ clock: ctx.clock });
  await ledger.post(ctx.database.db, {
    idempotencyKey: `test.deposit:${firmId}:${amount}:${Math.random()}`,
    type: 'bank.deposit',
    postings: [
      { account: { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.bankClearingIcbc }, amount: `-${amount}` },
      { account: { ownerType: 'firm', ownerId: firmId, currency: 'CNY', kind: LedgerKind.available }, amount },
    ],
  });
}

async function firmWithFunds(amount = '1000') {
  const { c, session } = await newEnterprise(ctx);
  await fund(session.firmId, amount);
  return { c, firmId: session.firmId };
}

function applyBody(overrides: Record<string, unknown> = {}) {
  return rebarApplication(catalogue.find((t) => t.name === '螺纹钢')!, storageId, overrides);
}

async function apply(c: Client) {
  const res = await c.post<WarehousingApply>(WarehousePath.apply, applyBody());
  expect(res.code).toBe('0');
  expect(res.value.status).toBe('0');
  return res.value.applyId;
}

async function staffDo<T = WarehousingApply>(path: string, body: object) {
  const res = await staff.post<T>(path, body);
  expect(res.code, res.message).toBe('0');
  return res;
}

async function balance(c: Client) {
  const { available, frozen } = (await c.post<CapitalInfo>(CapitalPath.info)).value.balance;
  return { available: Decimal.parse(available).toFixed(2), frozen: Decimal.parse(frozen).toFixed(2) };
}

/** Runs an application to `9 stored`, returning the holding. */
async function stored(c: Client, fee = '120.50') {
  const applyId = await apply(c);
  expect((await staffDo(WarehousePath.adminAudit, { applyId, pass: true })).value).toMatchObject({ status: '8', inspectionStatus: '0' });
  expect((await staffDo(WarehousePath.adminSetFee, { applyId, fee })).value).toMatchObject({ status: '8', inspectionStatus: '1', inspectionFee: Decimal.parse(fee).toFixed(2) });
  const upload = await postFile(ctx, c, WarehousePath.reportUpload, PDF, 'report.pdf', 'application/pdf');
  expect(upload.code).toBe('0');
  expect((await c.post<WarehousingApply>(WarehousePath.submitReport, { applyId, reportType: '1', fileId: upload.value.id })).value).toMatchObject({ status: '1', inspectionStatus: '2' });
  expect((await staffDo(WarehousePath.adminReview, { applyId, pass: true })).value).toMatchObject({ status: '2', inspectionStatus: '3' });
  expect((await staffDo(WarehousePath.adminArrive, { applyId })).value).toMatchObject({ status: '2', arrival: 'F' });
  const done = (await staffDo(WarehousePath.adminStore, { applyId })).value;
  expect(done).toMatchObject({ status: '9', arrival: 'T' });
  const holdings = (await c.post<Page<Holding>>(WarehousePath.holdings, {})).value.content;
  const holding = holdings.find((h) => h.receiptId === done.receiptId)!;
  expect(holding).toMatchObject({ quantity: '100.000', weight: '250.500', status: '0' });
  return { applyId, holding };
}

describe('warehousing application status machine', () => {
  it('runs 0 → 8 → 1 → 2 → arrival F → T, 9 stored, freezing then charging the inspection fee', async () => {
    const { c } = await firmWithFunds('1000');
    const { applyId } = await stored(c, '120.50');
    expect(await balance(c)).toMatchObject({ available: '879.50', frozen: '0.00' });
    const receipts = (await c.post<Page<Receipt>>(WarehousePath.receipts, {})).value.content;
    expect(receipts[0]).toMatchObject({ applyId, stockStatus: '0', failedGrade: false, quantity: '100.000' });
    const report = await verifyLedger(ctx.database.db, ctx.clock);
    expect(report.ok).toBe(true);
  });

  it('freezes the fee on set and releases it when the firm revokes before the review', async () => {
    const { c } = await firmWithFunds('500');
    const applyId = await apply(c);
    await staffDo(WarehousePath.adminAudit, { applyId, pass: true });
    await staffDo(WarehousePath.adminSetFee, { applyId, fee: '200' });
    expect(await balance(c)).toMatchObject({ available: '300.00', frozen: '200.00' });
    expect((await c.post<WarehousingApply>(WarehousePath.revoke, { applyId })).value.status).toBe('6');
    expect(await balance(c)).toMatchObject({ available: '500.00', frozen: '0.00' });
    expect((await c.post(WarehousePath.remove, { applyId })).code).toBe('0');
    expect((await c.post<Page<WarehousingApply>>(WarehousePath.applyList, {})).value.content.some((a) => a.applyId === applyId)).toBe(false);
  });

  it('refuses a fee the firm cannot pay', async () => {
    const { c } = await firmWithFunds('10');
    const applyId = await apply(c);
    await staffDo(WarehousePath.adminAudit, { applyId, pass: true });
    const res = await staff.post(WarehousePath.adminSetFee, { applyId, fee: '200' });
    expect(res.status).toBe(409);
    expect(res.message).toBe('Insufficient balance');
  });

  it('3 inspection failed → the firm accepts → 4, then a receipt with the failed grade', async () => {
    const { c } = await firmWithFunds();
    const applyId = await apply(c);
    await staffDo(WarehousePath.adminAudit, { applyId, pass: true });
    await staffDo(WarehousePath.adminSetFee, { applyId, fee: '0' });
    const upload = await postFile(ctx, c, WarehousePath.reportUpload, PDF, 'r.pdf', 'application/pdf');
    await c.post(WarehousePath.submitReport, { applyId, reportType: '2', fileId: upload.value.id });
    expect((await staffDo(WarehousePath.adminReview, { applyId, pass: false, reason: '杂质超标' })).value).toMatchObject({ status: '3', inspectionStatus: '4' });
    expect((await c.post<WarehousingApply>(WarehousePath.acceptFailed, { applyId })).value.status).toBe('4');
    await staffDo(WarehousePath.adminArrive, { applyId });
    await staffDo(WarehousePath.adminStore, { applyId });
    const receipts = (await c.post<Page<Receipt>>(WarehousePath.receipts, {})).value.content;
    expect(receipts[0]).toMatchObject({ applyId, failedGrade: true });
  });

  it('audit failed is final (7) and may be deleted; revoking from 3 ends in 6', async () => {
    const { c } = await firmWithFunds();
    const refused = await apply(c);
    // A refusal says why: without a reason it is refused, naming the field, and nothing moves.
    const silent = await staff.post(WarehousePath.adminAudit, { applyId: refused, pass: false });
    expect(silent).toMatchObject({ status: 422 });
    expect(silent.message).toContain('Reason');
    expect((await staffDo(WarehousePath.adminAudit, { applyId: refused, pass: false, reason: '资料不全' })).value).toMatchObject({ status: '7', reason: '资料不全' });
    const again = await staff.post(WarehousePath.adminAudit, { applyId: refused, pass: true });
    expect(again.status).toBe(409);
    expect(again.message).toBe('The warehousing application is audit failed; you cannot audit it');
    const revoke = await c.post(WarehousePath.revoke, { applyId: refused });
    expect(revoke.message).toBe('The warehousing application is audit failed; you cannot revoke it');
    expect((await c.post(WarehousePath.remove, { applyId: refused })).code).toBe('0');
  });

  it('refuses every transition out of order with a clear message', async () => {
    const { c } = await firmWithFunds();
    const applyId = await apply(c);
    const refused = async (client: Client, path: string, body: object, message: string) => {
      const res = await client.post(path, body);
      expect(res.status).toBe(409);
      expect(res.message).toBe(message);
    };
    await refused(staff, WarehousePath.adminSetFee, { applyId, fee: '1' }, 'The warehousing application is applied; you cannot set the inspection fee');
    await refused(staff, WarehousePath.adminReview, { applyId, pass: true }, 'The warehousing application is applied; you cannot review the inspection report');
    await refused(staff, WarehousePath.adminArrive, { applyId }, 'The warehousing application is applied; you cannot confirm the arrival');
    await refused(staff, WarehousePath.adminStore, { applyId }, 'The warehousing application is applied; you cannot confirm the storage');
    await refused(c, WarehousePath.acceptFailed, { applyId }, 'The warehousing application is applied; you cannot accept the failed result');
    await refused(c, WarehousePath.remove, { applyId }, 'The warehousing application is applied; you cannot delete it');
    await staffDo(WarehousePath.adminAudit, { applyId, pass: true });
    await staffDo(WarehousePath.adminSetFee, { applyId, fee: '0' });
    await refused(staff, WarehousePath.adminSetFee, { applyId, fee: '1' }, 'The warehousing application is audit passed; you cannot set the inspection fee');
    await refused(staff, WarehousePath.adminStore, { applyId }, 'The warehousing application is audit passed; you cannot confirm the storage');
    const { applyId: storedId } = await stored(c);
    await refused(c, WarehousePath.revoke, { applyId: storedId }, 'The warehousing application is stored; you cannot revoke it');
    await refused(staff, WarehousePath.adminArrive, { applyId: storedId }, 'The warehousing application is stored; you cannot confirm the arrival');
  });

  it('validates the form and names the field', async () => {
    const { c } = await firmWithFunds();
    const res = await c.post<{ fields?: { field: string }[] }>(WarehousePath.apply, applyBody({ weight: '1.2345', batch: '' }));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.value)).toContain('weight');
    const wrongGrade = await c.post(WarehousePath.apply, applyBody({ gradeId: catalogue.find((t) => t.name === '电解铜')!.grades[0]!.gradeId }));
    expect(wrongGrade.message).toBe('The commodity type, grade and package do not match');
  });

  it('refuses a report that is neither a PDF nor an image', async () => {
    const { c } = await firmWithFunds();
    const res = await postFile(ctx, c, WarehousePath.reportUpload, Buffer.from('hello, not a report'), 'r.txt', 'text/plain');
    expect(res.status).toBe(400);
  });
});

describe('firms see only their own goods', () => {
  it('answers 404 for another firm’s application, holding and pickup', async () => {
    const owner = await firmWithFunds();
    const other = await firmWithFunds();
    const { applyId, holding } = await stored(owner.c);
    expect((await other.c.post(WarehousePath.revoke, { applyId })).status).toBe(404);
    expect((await other.c.post(WarehousePath.acceptFailed, { applyId })).status).toBe(404);
    expect((await other.c.post<Page<WarehousingApply>>(WarehousePath.applyList, {})).value.total).toBe(0);
    expect((await other.c.post<Page<Holding>>(WarehousePath.holdings, {})).value.total).toBe(0);
    expect((await other.c.post<Page<Receipt>>(WarehousePath.receipts, {})).value.total).toBe(0);
    const pick = await other.c.post(WarehousePath.pickupApply, { holdId: holding.holdId, mode: 'self', quantity: '1', contactName: '张三', contactPhone: '13900000000' });
    expect(pick.status).toBe(404);
    const mine = await owner.c.post<Pickup>(WarehousePath.pickupApply, { holdId: holding.holdId, mode: 'logistics', quantity: '1', contactName: '张三', contactPhone: '13900000000', address: '上海市' });
    expect((await other.c.post(WarehousePath.pickupReceive, { pickupId: mine.value.pickupId })).status).toBe(404);
    expect((await other.c.post(WarehousePath.adminApplies, {})).status).toBe(401);
  });
});

describe('holdings conserve quantity and weight', () => {
  async function totals(receiptId: string) {
    const rows = await ctx.database.db.execute<{ q: string; w: string }>(
      `select coalesce(sum(quantity),0)::text as q, coalesce(sum(weight),0)::text as w from holdings where receipt_id = ${Number(receiptId)} and status in ('0','1','3') ` as never,
    );
    return (rows as unknown as { rows: { q: string; w: string }[] }).rows[0]!;
  }

  it('self pickup of part: code confirmed, remainder held, receipt total unchanged', async () => {
    const { c } = await firmWithFunds();
    const { holding } = await stored(c);
    const pick = await c.post<Pickup>(WarehousePath.pickupApply, { holdId: holding.holdId, mode: 'self', quantity: '30', contactName: '张三', contactPhone: '13900000000' });
    expect(pick.value).toMatchObject({ status: '0', quantity: '30.000', weight: '75.150' });
    expect(pick.value.pickupCode).toMatch(/^\d{6}$/);
    const wrong = await staff.post(WarehousePath.adminConfirmPickup, { pickupCode: pick.value.pickupCode === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(404);
    const confirmed = await staff.post<Pickup>(WarehousePath.adminConfirmPickup, { pickupCode: pick.value.pickupCode });
    expect(confirmed.value).toMatchObject({ status: '1', pickupCode: null });
    const twice = await staff.post(WarehousePath.adminConfirmPickup, { pickupCode: pick.value.pickupCode });
    expect(twice.message).toBe('The pickup code is invalid or already used');
    const held = (await c.post<Page<Holding>>(WarehousePath.holdings, { status: '0' })).value.content.find((h) => h.holdId === holding.holdId)!;
    expect(held).toMatchObject({ quantity: '70.000', weight: '175.350' });
    expect(await totals(holding.receiptId)).toEqual({ q: '100.000', w: '250.500' });
  });

  it('logistics: 0 to assign → 1 to receive → 2 in transit → 3 done; picking all makes the application 5', async () => {
    const { c } = await firmWithFunds();
    const { applyId, holding } = await stored(c);
    const bill = (await c.post<Pickup>(WarehousePath.pickupApply, { holdId: holding.holdId, mode: 'logistics', quantity: '100', contactName: '李四', contactPhone: '13900000001', address: '江苏省南京市' })).value;
    expect(bill).toMatchObject({ status: '0', pickupCode: null, weight: '250.500' });
    expect((await c.post(WarehousePath.pickupReceive, { pickupId: bill.pickupId })).status).toBe(409);
    expect((await staff.post<Pickup>(WarehousePath.adminShip, { pickupId: bill.pickupId })).status).toBe(409);
    expect((await staff.post<Pickup>(WarehousePath.adminAssign, { pickupId: bill.pickupId, carrier: '德邦物流', trackingNo: 'DB123456' })).value.status).toBe('1');
    expect((await staff.post<Pickup>(WarehousePath.adminShip, { pickupId: bill.pickupId })).value.status).toBe('2');
    expect((await c.post<Pickup>(WarehousePath.pickupReceive, { pickupId: bill.pickupId })).value.status).toBe('3');
    const applies = (await c.post<Page<WarehousingApply>>(WarehousePath.applyList, {})).value.content;
    expect(applies.find((a) => a.applyId === applyId)?.status).toBe('5');
    expect((await c.post<Page<Receipt>>(WarehousePath.receipts, {})).value.content[0]?.stockStatus).toBe('1');
  });

  it('freeze, move to another firm and release keep the receipt total', async () => {
    const seller = await firmWithFunds();
    const buyer = await firmWithFunds();
    const { holding } = await stored(seller.c);
    const warehouse = ctx.app.services.warehouse;
    const part = await withTransaction(ctx.database.db, (tx) => warehouse.freezeHolding(tx, { firmId: Number(seller.firmId), holdId: Number(holding.holdId), quantity: '40', actor: 'test' }));
    expect(part).toMatchObject({ status: '1' });
    const other = await withTransaction(ctx.database.db, (tx) => warehouse.freezeHolding(tx, { firmId: Number(seller.firmId), holdId: Number(holding.holdId), quantity: '10', weight: '25', actor: 'test' }));
    const bought = await withTransaction(ctx.database.db, (tx) => warehouse.moveFrozen(tx, { holdId: part.id, toFirmId: Number(buyer.firmId), actor: 'test' }));
    expect(bought).toMatchObject({ status: '0', firmId: Number(buyer.firmId) });
    const released = await withTransaction(ctx.database.db, (tx) => warehouse.releaseHolding(tx, { holdId: other.id, actor: 'test' }));
    expect(released).toMatchObject({ id: Number(holding.holdId), quantity: '60', weight: '150.3' });
    await expect(withTransaction(ctx.database.db, (tx) => warehouse.freezeHolding(tx, { firmId: Number(seller.firmId), holdId: Number(holding.holdId), quantity: '60.001', actor: 'test' }))).rejects.toThrow(
      'The quantity or weight exceeds the available holding',
    );
    // Sold parts are counted once, by the buyer's holding.
    expect(await totals(holding.receiptId)).toEqual({ q: '100.000', w: '250.500' });
    const buyerHoldings = (await buyer.c.post<Page<Holding>>(WarehousePath.holdings, {})).value.content;
    expect(buyerHoldings[0]).toMatchObject({ quantity: '40.000', weight: '100.200' });
  });
});

describe('the back office’s pickup lists', () => {
  it('name the firm that holds the goods now: after a sale, the buyer asking for pickup', async () => {
    const seller = await firmWithFunds();
    const buyer = await firmWithFunds();
    const { holding } = await stored(seller.c);
    const warehouse = ctx.app.services.warehouse;
    // A sale freezes the sold part and moves it to the buyer, as a confirmed pick does.
    const sold = await withTransaction(ctx.database.db, (tx) => warehouse.freezeHolding(tx, { firmId: Number(seller.firmId), holdId: Number(holding.holdId), quantity: '60', actor: 'test' }));
    await withTransaction(ctx.database.db, (tx) => warehouse.moveFrozen(tx, { holdId: sold.id, toFirmId: Number(buyer.firmId), actor: 'test' }));
    const bought = (await buyer.c.post<Page<Holding>>(WarehousePath.holdings, {})).value.content[0]!;
    const buyerName = (await buyer.c.post<CompanyOverview>(EnterprisePath.overview)).value.firmName;
    const sellerName = (await seller.c.post<CompanyOverview>(EnterprisePath.overview)).value.firmName;
    expect(buyerName).not.toBe(sellerName);

    const self = (await buyer.c.post<Pickup>(WarehousePath.pickupApply, { holdId: bought.holdId, mode: 'self', quantity: '10', contactName: '买方提货员', contactPhone: '13900000002' })).value;
    const bill = (await buyer.c.post<Pickup>(WarehousePath.pickupApply, { holdId: bought.holdId, mode: 'logistics', quantity: '20', contactName: '买方收货员', contactPhone: '13900000003', address: '江苏省无锡市' })).value;
    const ownPickup = (await seller.c.post<Pickup>(WarehousePath.pickupApply, { holdId: holding.holdId, mode: 'self', quantity: '5', contactName: '卖方提货员', contactPhone: '13900000004' })).value;

    const adminList = async (mode: 'self' | 'logistics') => (await staffDo<Page<Pickup>>(WarehousePath.adminPickups, { mode, size: 100 })).value.content;
    expect((await adminList('self')).find((p) => p.pickupId === self.pickupId)?.firmName).toBe(buyerName);
    expect((await adminList('logistics')).find((p) => p.pickupId === bill.pickupId)?.firmName).toBe(buyerName);
    expect((await adminList('self')).find((p) => p.pickupId === ownPickup.pickupId)?.firmName).toBe(sellerName);
    // Not the name typed on the seller's warehousing application.
    expect((await adminList('self')).map((p) => p.firmName)).not.toContain('上海测试贸易有限公司');

    const confirmed = await staffDo<Pickup>(WarehousePath.adminConfirmPickup, { pickupCode: self.pickupCode });
    expect(confirmed.value.firmName).toBe(buyerName);
  });
});

describe('storage fees', () => {
  it('accrue once per holding per day, to platform income', async () => {
    const { c } = await firmWithFunds('1000');
    const { holding } = await stored(c, '0');
    const warehouse = ctx.app.services.warehouse;
    await warehouse.accrueStorageFees('2030-01-01');
    await warehouse.accrueStorageFees('2030-01-01');
    const after = (await c.post<Page<Holding>>(WarehousePath.holdings, {})).value.content.find((h) => h.holdId === holding.holdId)!;
    // 250.5 t × 0.3 CNY per t per day = 75.15
    expect(after.storageFee).toBe('75.15');
    expect(await balance(c)).toMatchObject({ available: '924.85' });
    await warehouse.accrueStorageFees('2030-01-02');
    expect(await balance(c)).toMatchObject({ available: '849.70' });
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });
});

describe('a warehouse takes only the commodity types it stores', () => {
  const storageNamed = async (name: string) => (await staff.post<Page<Storage>>('/api/storage/list', { name, size: 100 })).value.content.find((s) => s.name === name)!;

  it('offers a firm only the warehouses storing the chosen commodity', async () => {
    const rebar = catalogue.find((t) => t.name === '螺纹钢')!;
    const corn = catalogue.find((t) => t.name === '玉米')!;
    const names = async (commodityTypeId: string) => (await client(ctx).post<Page<Storage>>('/api/storage/list', { commodityTypeId, size: 100 })).value.content.map((s) => s.name);
    const forRebar = await names(rebar.commodityTypeId);
    expect(forRebar).toContain('上海宝山钢材物流园');
    expect(forRebar).not.toContain('大连北良粮食储备库');
    expect(forRebar).not.toContain('天津港有色金属交割库');
    expect(await names(corn.commodityTypeId)).toEqual(['大连北良粮食储备库']);
    expect((await storageNamed('大连北良粮食储备库')).commodityTypeIds).toContain(corn.commodityTypeId);
    expect((await storageNamed('大连北良粮食储备库')).commodityTypeIds).not.toContain(rebar.commodityTypeId);
  });

  it('refuses a warehousing application of rebar to a grain depot, naming the warehouse field', async () => {
    const { c, session } = await newEnterprise(ctx);
    const grain = await storageNamed('大连北良粮食储备库');
    const refused = await c.post<{ fields: { field: string; rule: string }[] }>(WarehousePath.apply, applyBody({ storageId: grain.storageId }));
    expect(refused).toMatchObject({
      status: 422,
      message: 'Warehouse: “大连北良粮食储备库” does not store 螺纹钢; choose a warehouse that does',
      value: { fields: [{ field: 'storageId', rule: 'stores' }] },
    });
    const cn = client(ctx, { lang: 'cn' });
    cn.useSession(session);
    expect(await cn.post(WarehousePath.apply, applyBody({ storageId: grain.storageId }))).toMatchObject({ status: 422, message: '仓库：“大连北良粮食储备库”不存放螺纹钢，请选择存放该品种的仓库' });
    expect((await c.post<Page<WarehousingApply>>(WarehousePath.applyList, {})).value.total).toBe(0);
  });

  it('staff say which commodity types a warehouse stores; the choice follows at once', async () => {
    const rebar = catalogue.find((t) => t.name === '螺纹钢')!;
    const corn = catalogue.find((t) => t.name === '玉米')!;
    const body = { name: `综合仓库${Date.now()}`, address: '上海市', responsibleName: '王五', responsiblePhone: '021-12345678', chargeStandard: '0.2', storageType: '综合库', warehousRate: '0.0005' };
    expect(await staff.post(WarehousePath.adminSaveStorage, body)).toMatchObject({ status: 422, message: 'commodityTypeIds is required', value: { fields: [{ field: 'commodityTypeIds', rule: 'required' }] } });
    expect(await staff.post(WarehousePath.adminSaveStorage, { ...body, commodityTypeIds: ['999999'] })).toMatchObject({
      status: 422,
      message: 'Commodity types stored: include an unknown commodity type',
      value: { fields: [{ field: 'commodityTypeIds', rule: 'exists' }] },
    });
    const created = await staff.post<Storage>(WarehousePath.adminSaveStorage, { ...body, commodityTypeIds: [corn.commodityTypeId] });
    expect(created.value.commodityTypeIds).toEqual([corn.commodityTypeId]);
    const { c } = await firmWithFunds();
    expect((await c.post(WarehousePath.apply, applyBody({ storageId: created.value.storageId }))).status).toBe(422);
    const edited = await staff.post<Storage>(WarehousePath.adminSaveStorage, { ...body, storageId: created.value.storageId, commodityTypeIds: [corn.commodityTypeId, rebar.commodityTypeId] });
    expect([...edited.value.commodityTypeIds].sort()).toEqual([corn.commodityTypeId, rebar.commodityTypeId].sort());
    expect((await c.post<WarehousingApply>(WarehousePath.apply, applyBody({ storageId: created.value.storageId }))).value).toMatchObject({ status: '0', storageName: body.name });
  });
});

describe('storages in the back office', () => {
  it('creates, edits and refuses to delete a warehouse in use', async () => {
    const rebar = catalogue.find((t) => t.name === '螺纹钢')!;
    const body = { name: `测试仓库${Date.now()}`, address: '上海市', responsibleName: '王五', responsiblePhone: '021-12345678', chargeStandard: '0.2', storageType: '钢材库', warehousRate: '0.0005', commodityTypeIds: [rebar.commodityTypeId] };
    const created = await staff.post<{ storageId: string }>(WarehousePath.adminSaveStorage, body);
    expect(created.code).toBe('0');
    const edited = await staff.post<{ note: string }>(WarehousePath.adminSaveStorage, { ...body, storageId: created.value.storageId, note: '新备注' });
    expect(edited.value.note).toBe('新备注');
    expect((await staff.post(WarehousePath.adminDeleteStorage, { storageId: created.value.storageId })).code).toBe('0');
    const inUse = await staff.post(WarehousePath.adminDeleteStorage, { storageId });
    expect(inUse.message).toBe('The warehouse has warehousing records and cannot be deleted');
  });
});
