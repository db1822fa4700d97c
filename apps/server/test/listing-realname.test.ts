import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ContractPath,
  EnterprisePath,
  ListingApiPath,
  ListingPath,
  VerificationPath,
  contractPdfPath,
  type AdminCertificationRow,
  type CertificationInfo,
  type ContractDetail,
  type ContractPage,
  type ListingDetail,
  type ListingPickDetail,
  type Page,
} from '@tp/contract';
import { LedgerKind, PLATFORM_OWNER, createLedgerService } from '../src/modules/ledger/index';
import type { TestContext } from './harness';
import { certificationForm } from './enterprise-support';
import { client, registerByPhone, type Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';
import { pdfText } from './pdf-text';

let ctx: TestContext;
let world: ListingWorld;

// The app, its seed and a fresh embedded database take long on a busy machine.
beforeAll(async () => ({ ctx, world } = await startListingApp()), 180_000);
afterAll(() => ctx.close());

const REFUSAL = { status: 403, code: '-3102', message: 'Please complete real-name verification first' };

/** A valid resident ID (GB 11643 check character) born on the given day. */
function residentId(region: string, birth: string, sequence: string): string {
  const first17 = `${region}${birth}${sequence}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}

let deposits = 0;
/** A newly registered personal firm with `amount` in its available funds, as a bank deposit would leave it. */
async function personalFirm(amount = '0') {
  const c = client(ctx, { lang: 'en' });
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  if (amount !== '0') {
    deposits += 1;
    await createLedgerService({ clock: ctx.clock }).post(ctx.database.db, {
      idempotencyKey: `test.realname.deposit:${session.firmId}:${deposits}`,
      type: 'bank.deposit',
      postings: [
        { account: { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.bankClearingIcbc }, amount: `-${amount}` },
        { account: { ownerType: 'firm', ownerId: session.firmId, currency: 'CNY', kind: LedgerKind.available }, amount },
      ],
    });
  }
  return { c, session, firmId: session.firmId, tel: session.tel };
}

async function ok<T>(c: Client, path: string, body: object): Promise<T> {
  const res = await c.post<T>(path, body);
  expect(res.code, `${path}: ${res.message}`).toBe('0');
  return res.value;
}

/** An enterprise with funds whose certification both review levels passed, so it trades under its certified name. */
async function certifiedEnterprise(name: string, amount: string) {
  const firm = await world.firmWithFunds(amount);
  const form = await certificationForm(ctx, firm.c, { enterpriseName: name });
  await ok<CertificationInfo>(firm.c, EnterprisePath.certificationSubmit, form);
  const [pending] = (await ok<Page<AdminCertificationRow>>(world.staff, EnterprisePath.adminCertificationList, { status: '1', keyword: form.registerNo, page: 0, size: 10 })).content;
  await ok(world.staff, EnterprisePath.adminCertificationDecide, { id: pending!.id, level: 'member', approve: true });
  await ok(world.staff, EnterprisePath.adminCertificationDecide, { id: pending!.id, level: 'risk', approve: true });
  return { ...firm, registerNo: form.registerNo };
}

async function spotListing(c: Client, holdId: string) {
  return c.post<ListingDetail>(ListingPath.create, world.listingRequest.spot(holdId));
}

describe('real-name verification before trading', () => {
  it('refuses every trading entry point of an unverified personal firm, naming real-name verification', async () => {
    const person = await personalFirm('1000');
    const holding = await world.storedHolding(person.c);
    const seller = await world.firmWithFunds('500');
    const sellerHolding = await world.storedHolding(seller.c);
    const sell = (await spotListing(seller.c, sellerHolding.holdId)).value;
    const buyer = await world.firmWithFunds('10000');
    const purchase = await ok<ListingDetail>(buyer.c, ListingApiPath.createMargin, world.listingRequest.marginBuy({ weight: '25', isMarginPay: false }));
    const rebar = world.rebarGrade;

    const attempts: [string, object][] = [
      [ListingPath.create, { holdId: holding.holdId, ...rebar, price: '1000', quantity: '20', weight: '50.1', openTicketDay: 3 }],
      [ListingApiPath.createMargin, { bsFlag: 'S', sourceId: 'W', holdId: holding.holdId, ...rebar, price: '100', quantity: '20', weight: '50.1', openTicketDay: 3 }],
      [ListingApiPath.createPurchase, { ...rebar, price: '100', quantity: '10', weight: '25', openTicketDay: 3, poundsPoor: '0.03' }],
      [ListingPath.pick, { listingId: sell.listingId, quantity: '5' }],
      [ListingApiPath.pickAll, { listingId: sell.listingId }],
      [ListingApiPath.pickSell, { listingId: purchase.listingId, quantity: '5', holdId: holding.holdId }],
      [ListingApiPath.bargainOffer, { listingId: sell.listingId, price: '900', quantity: '5' }],
    ];
    for (const [path, body] of attempts) {
      expect(await person.c.post(path, body), path).toMatchObject(REFUSAL);
    }
    // Nothing was frozen or listed: the goods are still held and the money available.
    expect(await world.holdingsOf(person.c)).toMatchObject({ held: '100.000/250.500', frozen: '0.000/0.000' });
    expect(await world.balance(person.c)).toEqual({ available: '900.00', frozen: '0.00' });

    const zh = client(ctx, { lang: 'zh-CN' });
    zh.useSession(person.session);
    expect((await zh.post(ListingPath.pick, { listingId: sell.listingId, quantity: '5' })).message).toBe('请先完成实名认证');
  }, 120_000);

  it('lets enterprises trade as before, and a personal firm once it has verified its real name', async () => {
    const seller = await world.firmWithFunds('500');
    const sell = (await spotListing(seller.c, (await world.storedHolding(seller.c)).holdId)).value;
    const person = await personalFirm('100000');
    await ok(person.c, VerificationPath.basic, { name: '陈静', idNumber: residentId('310104', '19880214', '052') });
    expect((await person.c.post<ListingPickDetail>(ListingPath.pick, { listingId: sell.listingId, quantity: '5' })).code).toBe('0');
    expect((await person.c.post(ListingApiPath.bargainOffer, { listingId: sell.listingId, price: '900', quantity: '5' })).code).toBe('0');
    expect((await spotListing(person.c, (await world.storedHolding(person.c)).holdId)).code).toBe('0');
  });
});

describe('contract parties', () => {
  it('names a personal party by real name and full resident ID and an enterprise by certified name and credit code, never a masked phone', async () => {
    const idNumber = residentId('440305', '19910723', '381');
    const person = await personalFirm('500');
    await ok(person.c, VerificationPath.basic, { name: '林晓东', idNumber: idNumber });
    const listed = await ok<ListingDetail>(person.c, ListingPath.create, world.listingRequest.spot((await world.storedHolding(person.c)).holdId));
    const buyer = await certifiedEnterprise('深圳前海钢材贸易有限公司', '100000');
    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listed.listingId, quantity: '5' });
    await ok(person.c, ListingPath.confirmPick, { pickId: pick.pickId });

    const [contract] = (await ok<ContractPage>(buyer.c, ContractPath.list, { side: 'buyer' })).content.filter((c) => c.pickId === pick.pickId);
    expect(contract).toMatchObject({ sellerName: '林晓东', buyerName: '深圳前海钢材贸易有限公司' });

    for (const party of [person.c, buyer.c]) {
      const res = await ctx.app.http.inject({ method: 'GET', url: contractPdfPath(contract!.contractId, false), headers: party.headers });
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload).replaceAll('\n', '');
      expect(text).toContain(`卖方（甲方）：林晓东（身份证号码：${idNumber}）`);
      expect(text).toContain(`买方（乙方）：深圳前海钢材贸易有限公司（统一社会信用代码：${buyer.registerNo}）`);
      expect(text).not.toContain('****');
      // Neither masked (above) nor in full: a phone's last four digits alone could appear in any number.
      expect(text).not.toContain(person.tel);
    }

    // The contract view names them the same way; staff see the ID masked.
    const shown = await ok<ContractDetail>(buyer.c, ContractPath.detail, { contractId: contract!.contractId });
    expect(shown).toMatchObject({ sellerCredential: { kind: 'idNumber', value: idNumber }, buyerCredential: { kind: 'creditCode', value: buyer.registerNo } });
    const staffView = await ok<ContractDetail>(world.staff, ContractPath.adminDetail, { contractId: contract!.contractId });
    expect(staffView.sellerCredential).toEqual({ kind: 'idNumber', value: `440305********${idNumber.slice(-4)}` });

    // At rest the ID number is only ever sealed: not in the verification row nor in the contract row.
    const stored = await ctx.database.db.execute(
      sql`select v.id_number_sealed as sealed, c.seller_credential::text as credential from real_name_verifications v, contracts c where c.id = ${Number(contract!.contractId)} and v.name = '林晓东'`,
    );
    const [row] = (stored as unknown as { rows: { sealed: string; credential: string }[] }).rows;
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain(idNumber);
    expect(row!.credential).not.toContain(idNumber);
  }, 120_000);

  it('renders a contract issued before parties were recorded with the names it was issued with, and nothing more', async () => {
    const person = await personalFirm('500');
    await ok(person.c, VerificationPath.basic, { name: '周海涛', idNumber: residentId('330106', '19850302', '417') });
    const listed = await ok<ListingDetail>(person.c, ListingPath.create, world.listingRequest.spot((await world.storedHolding(person.c)).holdId));
    const buyer = await world.firmWithFunds('100000');
    const pick = await ok<ListingPickDetail>(buyer.c, ListingPath.pick, { listingId: listed.listingId, quantity: '5' });
    await ok(person.c, ListingPath.confirmPick, { pickId: pick.pickId });
    const [contract] = (await ok<ContractPage>(buyer.c, ContractPath.list, { side: 'buyer' })).content.filter((c) => c.pickId === pick.pickId);
    // As a contract of earlier days: issued and stored with the masked name and no credentials.
    await ctx.database.db.execute(sql`update contracts set seller_name = '138****0001', seller_credential = null, buyer_credential = null where id = ${Number(contract!.contractId)}`);
    const res = await ctx.app.http.inject({ method: 'GET', url: contractPdfPath(contract!.contractId, false), headers: buyer.c.headers });
    const text = pdfText(res.rawPayload).replaceAll('\n', '');
    expect(text).toContain('卖方（甲方）：138****0001买方（乙方）：');
    expect(text).not.toContain('身份证号码');
  });
});
