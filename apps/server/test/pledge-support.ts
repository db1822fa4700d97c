import { expect } from 'vitest';
import {
  AdminPledgePath,
  EnterprisePath,
  FinancialPath,
  IdentityPath,
  PledgePath,
  type AdminCertificationRow,
  type Funder,
  type Holding,
  type Page,
  type PledgeDetail,
  type PledgeFinance,
  type PledgeProduct,
  type SessionInfo,
  type UserInfo,
} from '@tp/contract';
import { verifyLedger } from '../src/modules/ledger/index';
import { DAY_MS } from '../src/platform/time';
import { certificationForm } from './enterprise-support';
import { PASSWORD, staffClient, type Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';
import type { TestContext } from './harness';

/** Posts and expects success, naming the path and the server's message when it is refused. */
export async function ok<T>(c: Client, path: string, body: object = {}): Promise<T> {
  const res = await c.post<T>(path, body);
  expect(res.code, `${path}: ${res.message}`).toBe('0');
  return res.value;
}

/** A loan as its reader sees it in the detail view. */
export const detail = async (c: Client, financeId: string) => (await ok<PledgeDetail>(c, PledgePath.detail, { financeId })).finance;

/** Funders, borrowers and loans for the pledge journeys, built through the platform's own routes on a listing world. */
export function pledgeWorld(ctx: TestContext, world: ListingWorld) {
  /**
   * Moves the platform clock on by whole days. Sessions do not outlive such a jump, so each party
   * (and the back office) signs in again afterwards, as people would.
   */
  async function days(n: number, ...parties: Client[]) {
    const tels = await Promise.all(parties.map(async (c) => (await ok<UserInfo>(c, IdentityPath.userInfo)).tel));
    ctx.clock.advance(n * DAY_MS);
    for (const [i, c] of parties.entries()) {
      c.useSession(null);
      c.useSession(await ok<SessionInfo>(c, IdentityPath.login, { loginAccount: tels[i], password: PASSWORD }));
    }
    const staff = await staffClient(ctx);
    world.staff.useSession({ sessionStr: staff.headers.sessionstr!, userId: staff.headers.userid!, firmId: '' });
  }

  async function ledgerClean() {
    const report = await verifyLedger(ctx.database.db, ctx.clock);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  }

  /** A rebar product of a funder: LTV 70%, 6.5% a year, penalty 18%, maintenance 80%, terms of 30 and 90 days. */
  const productTerms = (factorId: string, referencePrice: string) => ({
    factorId,
    commodityTypeId: world.rebar.commodityTypeId,
    ltv: '0.7',
    annualRate: '0.065',
    penaltyRate: '0.18',
    maintenanceRatio: '0.8',
    referencePrice,
    terms: ['30', '90'],
    marginCallDays: 3,
  });

  /** A certified enterprise set up by staff as a funder, with CNY 200,000.00 and a rebar product at a reference of 4,000.00 a ton. */
  async function newFunder(name: string) {
    const { c, firmId } = await world.firmWithFunds('200000');
    const staff = world.staff;
    // Only a certified enterprise may lend.
    const refused = await staff.post(AdminPledgePath.saveFunder, { firmId, name });
    expect(refused).toMatchObject({ status: 400, message: 'A funder must be a certified enterprise (firmId)' });
    const form = await certificationForm(ctx, c);
    await ok(c, EnterprisePath.certificationSubmit, form);
    const [row] = (await ok<Page<AdminCertificationRow>>(staff, EnterprisePath.adminCertificationList, { status: '1', keyword: form.registerNo })).content;
    await ok(staff, EnterprisePath.adminCertificationDecide, { id: row!.id, level: 'member', approve: true });
    await ok(staff, EnterprisePath.adminCertificationDecide, { id: row!.id, level: 'risk', approve: true });
    const funder = await ok<Funder>(staff, AdminPledgePath.saveFunder, { firmId, name, graceDays: 3 });
    const product = await ok<PledgeProduct>(staff, AdminPledgePath.saveProduct, productTerms(funder.factorId, '4000'));
    return { c, firmId, funder, product };
  }

  /** A borrower with CNY 10,000.00 (less the 100.00 inspection fee) and a stored rebar holding of 100 / 250.500 t. */
  async function newBorrower() {
    const { c, firmId } = await world.firmWithFunds('10000');
    const holding = await world.storedHolding(c);
    return { c, firmId, holding };
  }

  /** Applies for 40 of the holding (100.200 t) and takes it through the warehouse's confirmation and the funder's quote of 100,000.00. */
  async function quotedLoan(borrower: { c: Client; holding: Holding }, funder: { c: Client; funder: Funder }, paybackTimeId: '30' | '90') {
    const applied = await ok<PledgeFinance>(borrower.c, PledgePath.apply, { holdId: borrower.holding.holdId, quantity: '40', factorId: funder.funder.factorId, paybackTimeId });
    await ok(world.staff, AdminPledgePath.warehouseConfirm, { financeId: applied.financeId });
    return ok<PledgeFinance>(funder.c, FinancialPath.quote, { financeId: applied.financeId, amount: '100000' });
  }

  /** A quoted loan the borrower accepted: the loan is paid out. */
  async function runningLoan(borrower: { c: Client; holding: Holding }, funder: { c: Client; funder: Funder }, paybackTimeId: '30' | '90') {
    const quoted = await quotedLoan(borrower, funder, paybackTimeId);
    return ok<PledgeFinance>(borrower.c, PledgePath.accept, { financeId: quoted.financeId });
  }

  return { days, ledgerClean, productTerms, newFunder, newBorrower, quotedLoan, runningLoan };
}

export type PledgeWorld = ReturnType<typeof pledgeWorld>;

/** A seeded app with its listing world and the pledge journeys' parties. */
export async function startPledgeApp(): Promise<{ ctx: TestContext; world: ListingWorld; pledge: PledgeWorld }> {
  const { ctx, world } = await startListingApp();
  return { ctx, world, pledge: pledgeWorld(ctx, world) };
}
