import { expect } from 'vitest';
import { CapitalPath, WarehousePath, type CapitalInfo, type CommodityType, type Holding, type Page, type WarehousingApply } from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { createLedgerService, LedgerKind, PLATFORM_OWNER } from '../src/modules/ledger/index';
import type { Config } from '../src/platform/config';
import { createSeededTestApp, type TestContext } from './harness';
import { adminClient, newEnterprise, postFile } from './enterprise-support';
import { rebarApplication } from './fixtures';
import type { Client } from './identity-support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Firms with funds and stored goods, built through the warehouse's own routes. */
export async function listingWorld(ctx: TestContext) {
  const staff = await adminClient(ctx);
  const catalogue = (await staff.get<CommodityType[]>('/api/catalog/commodityTypes')).value;
  const storageId = (await staff.post<Page<{ storageId: string }>>('/api/storage/list', {})).value.content[0]!.storageId;
  const rebar = catalogue.find((t) => t.name === '螺纹钢')!;
  /** Rebar of its first grade, as a listing request names the goods. */
  const rebarGrade = { commodityTypeId: rebar.commodityTypeId, gradeId: rebar.grades[0]!.gradeId };
  /** Rebar listing requests, with what a test is about laid over them. */
  const listingRequest = {
    /** A spot sale (ListingPath.create) of 20 / 50.100 from a holding, at 1000.00 a package. */
    spot: (holdId: string, fields: object = {}) => ({ holdId, ...rebarGrade, price: '1000', quantity: '20', weight: '50.1', openTicketDay: 3, ...fields }),
    /** A margin buy order (ListingApiPath.createMargin) of 10 / 25.050, at 100.00 a weight unit. */
    marginBuy: (fields: object = {}) => ({ bsFlag: 'B', sourceId: 'W', ...rebarGrade, price: '100', quantity: '10', weight: '25.05', openTicketDay: 3, ...fields }),
    /** A presale margin sell order (ListingApiPath.createMargin) of 40 / 100.200 at 100.00, its goods to be stored by `putWarehousDay`. */
    presale: (putWarehousDay: string, fields: object = {}) => ({ bsFlag: 'S', sourceId: 'C', putWarehousDay, ...rebarGrade, price: '100', quantity: '40', weight: '100.2', openTicketDay: 5, ...fields }),
  };
  const ledger = createLedgerService({ clock: ctx.clock });
  let deposits = 0;

  /** Credits a firm's available funds as a bank deposit would. */
  async function fund(firmId: string, amount: string) {
    deposits += 1;
    await ledger.post(ctx.database.db, {
      idempotencyKey: `test.deposit:${firmId}:${deposits}`,
      type: 'bank.deposit',
      postings: [
        { account: { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.bankClearingIcbc }, amount: `-${amount}` },
        { account: { ownerType: 'firm', ownerId: firmId, currency: 'CNY', kind: LedgerKind.available }, amount },
      ],
    });
  }

  async function firmWithFunds(amount: string) {
    const { c, session } = await newEnterprise(ctx);
    await fund(session.firmId, amount);
    return { c, firmId: session.firmId };
  }

  async function staffDo(path: string, body: object) {
    const res = await staff.post<WarehousingApply>(path, body);
    expect(res.code, res.message).toBe('0');
    return res.value;
  }

  /** Runs a warehousing application of 100 / 250.500 to `9 stored` (inspection fee 100.00), returning the holding. */
  async function storedHolding(c: Client): Promise<Holding> {
    const apply = await c.post<WarehousingApply>(WarehousePath.apply, rebarApplication(rebar, storageId));
    expect(apply.code, apply.message).toBe('0');
    const applyId = apply.value.applyId;
    await staffDo(WarehousePath.adminAudit, { applyId, pass: true });
    await staffDo(WarehousePath.adminSetFee, { applyId, fee: '100' });
    const upload = await postFile(ctx, c, WarehousePath.reportUpload, PDF, 'report.pdf', 'application/pdf');
    expect(upload.code).toBe('0');
    expect((await c.post(WarehousePath.submitReport, { applyId, reportType: '1', fileId: upload.value.id })).code).toBe('0');
    await staffDo(WarehousePath.adminReview, { applyId, pass: true });
    await staffDo(WarehousePath.adminArrive, { applyId });
    const done = await staffDo(WarehousePath.adminStore, { applyId });
    const holdings = (await c.post<Page<Holding>>(WarehousePath.holdings, {})).value.content;
    return holdings.find((h) => h.receiptId === done.receiptId)!;
  }

  async function balance(c: Client) {
    const { available, frozen } = (await c.post<CapitalInfo>(CapitalPath.info)).value.balance;
    return { available: Decimal.parse(available).toFixed(2), frozen: Decimal.parse(frozen).toFixed(2) };
  }

  /** The firm's live holdings (held and frozen), as `quantity/weight` per status. */
  async function holdingsOf(c: Client) {
    const rows = (await c.post<Page<Holding>>(WarehousePath.holdings, { size: 100 })).value.content.filter((h) => h.status === '0' || h.status === '1');
    const total = (status: string, field: 'quantity' | 'weight') =>
      rows.filter((h) => h.status === status).reduce((s, h) => s.add(h[field]), Decimal.ZERO).toFixed(3);
    return { held: `${total('0', 'quantity')}/${total('0', 'weight')}`, frozen: `${total('1', 'quantity')}/${total('1', 'weight')}`, rows };
  }

  return { rebar, rebarGrade, listingRequest, firmWithFunds, storedHolding, balance, holdingsOf, staff };
}

export type ListingWorld = Awaited<ReturnType<typeof listingWorld>>;

/** A fresh app on the demo data, and its listing world: what a listing test file starts from. */
export async function startListingApp(overrides: Partial<Config> = {}): Promise<{ ctx: TestContext; world: ListingWorld }> {
  const ctx = await createSeededTestApp(overrides);
  return { ctx, world: await listingWorld(ctx) };
}
