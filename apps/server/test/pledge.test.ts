import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPledgePath,
  FinancialPath,
  PledgePath,
  type FinancialWarehouse,
  type Page,
  type PledgeBill,
  type PledgeDetail,
  type PledgeFinance,
  type PledgeProduct,
  type PledgeRepayment,
} from '@tp/contract';
import { DAY_MS } from '../src/platform/time';
import type { TestContext } from './harness';
import type { ListingWorld } from './listing-support';
import { detail, ok, startPledgeApp, type PledgeWorld } from './pledge-support';

let ctx: TestContext;
let world: ListingWorld;
let pledge: PledgeWorld;

beforeAll(async () => {
  ({ ctx, world, pledge } = await startPledgeApp());
});
afterAll(() => ctx.close());

describe('pledge financing', { timeout: 300_000 }, () => {
  it('walks apply → confirm → quote → accept → partial and full repayment, refusing every illegal step; interest to the fen over 90 days', async () => {
    const lender = await pledge.newFunder('沪银融资');
    const borrower = await pledge.newBorrower();
    const before = await world.balance(borrower.c);

    // Rate info lists the funder's product for the borrower to choose from.
    const rates = await ok<{ products: PledgeProduct[] }>(borrower.c, PledgePath.rateInfo);
    expect(rates.products.find((p) => p.factorId === lender.funder.factorId)).toMatchObject({ commodityName: '螺纹钢', ltv: '0.7', annualRate: '0.065', terms: ['30', '90'] });

    // A term the funder does not offer, and a holding that is not the firm's, are refused.
    expect(await borrower.c.post(PledgePath.apply, { holdId: borrower.holding.holdId, factorId: lender.funder.factorId, paybackTimeId: '60' })).toMatchObject({
      status: 400,
      message: 'This funder offers no such term (paybackTimeId)',
    });
    expect((await lender.c.post(PledgePath.apply, { holdId: borrower.holding.holdId, factorId: lender.funder.factorId, paybackTimeId: '90' })).status).toBe(400);

    // Apply: 40 of 100 pledged; the goods are frozen (holding 1), pledge 1 applying, finance 0.
    const applied = await ok<PledgeFinance>(borrower.c, PledgePath.apply, { holdId: borrower.holding.holdId, quantity: '40', factorId: lender.funder.factorId, paybackTimeId: '90' });
    expect(applied).toMatchObject({ pledgeStatus: '1', financeStatus: '0', repaymentStatus: '0', quantity: '40.000', weight: '100.200', warehouseConfirmed: false, funderName: '沪银融资' });
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '60.000/150.300', frozen: '40.000/100.200' });
    const financeId = applied.financeId;

    // Nothing happens out of order.
    const quoteTooEarly = await lender.c.post(FinancialPath.quote, { financeId, amount: '100000' });
    expect(quoteTooEarly).toMatchObject({ status: 409, message: 'The warehouse has not confirmed the pledged goods yet' });
    expect((await borrower.c.post(PledgePath.accept, { financeId })).status).toBe(409);
    expect((await borrower.c.post(PledgePath.manualPayback, { financeId, amount: '1' })).status).toBe(409);
    expect((await lender.c.post(FinancialPath.dispose, { financeId, salePrice: '100', reason: 'early' })).status).toBe(409);
    // A firm user cannot confirm for the warehouse.
    expect((await borrower.c.post(AdminPledgePath.warehouseConfirm, { financeId })).status).toBe(401);

    await ok(world.staff, AdminPledgePath.warehouseConfirm, { financeId });
    expect((await world.staff.post(AdminPledgePath.warehouseConfirm, { financeId })).status).toBe(409);

    // The quote: valuation 4,000.00 × 100.200 = 400,800.00; at 70% at most 280,560.00.
    expect(await lender.c.post(FinancialPath.quote, { financeId, amount: '280560.01' })).toMatchObject({ status: 400, message: 'The amount (amount) exceeds the valuation times the loan-to-value' });
    expect(await lender.c.post(FinancialPath.quote, { financeId, amount: '100000', referencePrice: '3900' })).toMatchObject({
      status: 400,
      message: 'Give the reason (reason) for another reference price (referencePrice)',
    });
    const quoted = await ok<PledgeFinance>(lender.c, FinancialPath.quote, { financeId, amount: '100000' });
    expect(quoted).toMatchObject({ pledgeStatus: '2', financeStatus: '0', valuation: '400800.00', amount: '100000.00', amountUppercase: '壹拾万元整', annualRate: '0.065' });
    expect((await lender.c.post(FinancialPath.quote, { financeId, amount: '90000' })).status).toBe(409);
    expect((await borrower.c.post(PledgePath.withdraw, { financeId })).status).toBe(409);

    // Accept: the contract is signed and the loan paid from the funder to the borrower in one journal.
    const lent = await ok<PledgeFinance>(borrower.c, PledgePath.accept, { financeId });
    expect(lent).toMatchObject({ pledgeStatus: '2', financeStatus: '1', repaymentStatus: '0', principal: '100000.00', interest: '0.00', payoff: '100000.00' });
    expect(lent.contractNo).toMatch(/^ZY\d{8}\d+$/);
    expect(await world.balance(borrower.c)).toEqual({ available: (Number(before.available) + 100000).toFixed(2), frozen: before.frozen });
    expect(await world.balance(lender.c)).toEqual({ available: '100000.00', frozen: '0.00' });
    const pdf = await ctx.app.http.inject({ method: 'GET', url: `${PledgePath.contract}?financeId=${financeId}`, headers: borrower.c.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const illegal of [PledgePath.accept, PledgePath.withdraw]) expect((await borrower.c.post(illegal, { financeId })).status).toBe(409);
    expect((await borrower.c.post(PledgePath.decline, { financeId, reason: 'too late' })).status).toBe(409);
    expect((await lender.c.post(FinancialPath.reject, { financeId, reason: 'too late' })).status).toBe(409);
    // Not overdue: the funder may not take the goods.
    expect((await lender.c.post(FinancialPath.dispose, { financeId, salePrice: '100', reason: 'not due' })).status).toBe(409);
    await pledge.ledgerClean();

    /*
     * The worked example. 100,000.00 at 6.5% a year: a day's interest is 100000 × 0.065 / 360 =
     * 18.0555… → 18.05 (truncated). Day 31: 31 × 18.05 = 559.55 of interest; 30,559.55 repays it and
     * 30,000.00 of principal, and releases 40 × 30000/100000 = 12 of the goods. From day 32 the day's
     * interest is 70000 × 0.065 / 360 = 12.6388… → 12.63; days 32–90 are 59 days: 745.17. On day 90
     * 70,745.17 repays everything. Interest in all: 559.55 + 745.17 = 1,304.72.
     */
    await pledge.days(31, borrower.c, lender.c);
    expect(await detail(borrower.c, financeId)).toMatchObject({ interest: '559.55', payoff: '100559.55' });
    const partly = await ok<PledgeFinance>(borrower.c, PledgePath.manualPayback, { financeId, amount: '30559.55', release: true });
    expect(partly).toMatchObject({ pledgeStatus: '15', repaymentStatus: '1', financeStatus: '1', principal: '70000.00', interest: '0.00', quantity: '28.000', weight: '70.140', repaid: '30559.55' });
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '72.000/180.360', frozen: '28.000/70.140' });
    await pledge.ledgerClean();

    await pledge.days(59, borrower.c, lender.c);
    const due = await detail(borrower.c, financeId);
    expect(due).toMatchObject({ interest: '745.17', payoff: '70745.17', payoffUppercase: '柒万零柒佰肆拾伍元壹角柒分', financeStatus: '1' });
    expect(await borrower.c.post(PledgePath.manualPayback, { financeId, amount: '70745.18' })).toMatchObject({ status: 400, message: 'The amount (amount) exceeds what is owed' });
    const done = await ok<PledgeFinance>(borrower.c, PledgePath.manualPayback, { financeId, amount: '70745.17' });
    expect(done).toMatchObject({ pledgeStatus: '11', financeStatus: '3', repaymentStatus: '2', principal: '0.00', payoff: '0.00', repaid: '101304.72' });
    // The goods are released whole: nothing frozen, all 100 / 250.500 held again.
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '100.000/250.500', frozen: '0.000/0.000' });
    expect(await world.balance(lender.c)).toEqual({ available: '201304.72', frozen: '0.00' });

    const bill = await ok<PledgeBill>(borrower.c, PledgePath.bill, { financeId });
    expect(bill.days).toHaveLength(90);
    expect(bill.days[0]).toMatchObject({ principal: '100000.00', interest: '18.05', penalty: '0.00' });
    expect(bill.days[30]).toMatchObject({ principal: '100000.00', interest: '18.05' });
    expect(bill.days[31]).toMatchObject({ principal: '70000.00', interest: '12.63' });
    expect(bill).toMatchObject({ totalInterest: '1304.72', totalInterestUppercase: '壹仟叁佰零肆元柒角贰分', totalPenalty: '0.00' });
    // The goods came back in two parts: 12 with the partial repayment, the other 28 with the last.
    expect(bill.repayments.map((r) => [r.amount, r.principal, r.interest, r.releasedQuantity])).toEqual([
      ['70745.17', '70000.00', '745.17', '28.000'],
      ['30559.55', '30000.00', '559.55', '12.000'],
    ]);

    // A finished loan takes no more payments.
    expect((await borrower.c.post(PledgePath.manualPayback, { financeId, amount: '1' })).status).toBe(409);
    const history = (await ok<PledgeDetail>(borrower.c, PledgePath.detail, { financeId })).history.map((h) => h.to);
    expect(history).toEqual(['1/0/0', '1/0/0', '2/0/0', '2/1/0', '15/1/1', '11/3/2']);
    await pledge.ledgerClean();
  });

  it('rejections carry their reason and release the goods: by the warehouse, the funder, or the borrower declining', async () => {
    const lender = await pledge.newFunder('浦江资本');
    const borrower = await pledge.newBorrower();
    const apply = () => ok<PledgeFinance>(borrower.c, PledgePath.apply, { holdId: borrower.holding.holdId, quantity: '10', factorId: lender.funder.factorId, paybackTimeId: '30' });

    const first = await apply();
    const byWarehouse = await ok<PledgeFinance>(world.staff, AdminPledgePath.warehouseReject, { financeId: first.financeId, reason: '货物与仓单不符' });
    expect(byWarehouse).toMatchObject({ financeStatus: '2', reason: '货物与仓单不符' });
    expect(await borrower.c.post(PledgePath.decline, { financeId: first.financeId, reason: 'x' })).toMatchObject({ status: 409 });

    const second = await apply();
    await ok(world.staff, AdminPledgePath.warehouseConfirm, { financeId: second.financeId });
    expect((await lender.c.post(FinancialPath.reject, { financeId: second.financeId })).status).toBe(422);
    expect(await ok<PledgeFinance>(lender.c, FinancialPath.reject, { financeId: second.financeId, reason: '品质不达标' })).toMatchObject({ financeStatus: '2', reason: '品质不达标' });

    const third = await apply();
    await ok(world.staff, AdminPledgePath.warehouseConfirm, { financeId: third.financeId });
    await ok(lender.c, FinancialPath.quote, { financeId: third.financeId, amount: '20000', referencePrice: '3800', reason: '近期成交价走低' });
    expect(await detail(borrower.c, third.financeId)).toMatchObject({ referencePrice: '3800.00', valuation: '95190.00', valueReason: '近期成交价走低' });
    expect(await ok<PledgeFinance>(borrower.c, PledgePath.decline, { financeId: third.financeId, reason: '利率太高' })).toMatchObject({ pledgeStatus: '2', financeStatus: '2', reason: '利率太高' });

    const fourth = await apply();
    expect(await ok<PledgeFinance>(borrower.c, PledgePath.withdraw, { financeId: fourth.financeId })).toMatchObject({ financeStatus: '2' });
    // Every rejection released its goods: the holding is whole and held again.
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '100.000/250.500', frozen: '0.000/0.000' });
    expect(await world.balance(lender.c)).toEqual({ available: '200000.00', frozen: '0.00' });
    await pledge.ledgerClean();
  });

  it('a margin call left unanswered makes the loan overdue; penalty interest after the due day; the funder takes the goods and pays the surplus back', async () => {
    const lender = await pledge.newFunder('甬商金融');
    const borrower = await pledge.newBorrower();
    const quoted = await pledge.quotedLoan(borrower, lender, '30');
    const financeId = quoted.financeId;
    await ok(borrower.c, PledgePath.accept, { financeId });
    // The daily job, run now through the sandbox control rather than waiting for its hourly slot.
    const runJobs = () => ok<{ changed: number }>(world.staff, AdminPledgePath.sandboxDaily);

    // Day 1: the reference price falls to 1,200.00: 1200 × 100.200 × 80% = 96,192.00 < 100,000.00 lent.
    await pledge.days(1, borrower.c, lender.c);
    await ok(world.staff, AdminPledgePath.saveProduct, {
      factorId: lender.funder.factorId,
      commodityTypeId: world.rebar.commodityTypeId,
      ltv: '0.7',
      annualRate: '0.065',
      penaltyRate: '0.18',
      maintenanceRatio: '0.8',
      referencePrice: '1200',
      terms: ['30', '90'],
      marginCallDays: 3,
    });
    expect(await runJobs()).toEqual({ changed: 1 });
    const called = await detail(borrower.c, financeId);
    expect(called.financeStatus).toBe('1');
    expect(called.marginCallDeadline).toBe(new Date(ctx.clock.now().getTime() + 3 * DAY_MS).toISOString());

    // Day 5: the deadline passed unanswered; the loan is overdue.
    await pledge.days(4, borrower.c, lender.c);
    await runJobs();
    expect(await detail(borrower.c, financeId)).toMatchObject({ financeStatus: '4', interest: '90.25' });

    /*
     * Day 33: days 1–30 carry interest (30 × 18.05 = 541.50), days 31–33 penalty interest at 18%
     * (100000 × 0.18 / 360 = 50.00 a day: 150.00). The debt is 100,691.50. The funder takes the
     * 100.200 t at 1,200.00: 120,240.00, so 19,548.50 goes back to the borrower.
     */
    await pledge.days(28, borrower.c, lender.c);
    await runJobs();
    expect(await detail(lender.c, financeId)).toMatchObject({ interest: '541.50', penalty: '150.00', payoff: '100691.50' });
    const lenderBefore = await world.balance(lender.c);
    const borrowerBefore = await world.balance(borrower.c);
    expect((await lender.c.post(FinancialPath.dispose, { financeId, salePrice: '1200' })).status).toBe(422);
    const taken = await ok<PledgeFinance>(lender.c, FinancialPath.dispose, { financeId, salePrice: '1200', reason: '逾期处置' });
    expect(taken).toMatchObject({ pledgeStatus: '14', financeStatus: '3', repaymentStatus: '2', principal: '0.00', payoff: '0.00' });
    expect(Number((await world.balance(borrower.c)).available) - Number(borrowerBefore.available)).toBeCloseTo(19548.5, 2);
    expect((await world.balance(borrower.c)).available).toBe((Number(borrowerBefore.available) + 19548.5).toFixed(2));
    expect((await world.balance(lender.c)).available).toBe((Number(lenderBefore.available) - 19548.5).toFixed(2));
    const [disposal] = (await ok<Page<PledgeRepayment>>(lender.c, FinancialPath.repayments, {})).content;
    expect(disposal).toMatchObject({ kind: 'disposal', amount: '100691.50', principal: '100000.00', interest: '541.50', penalty: '150.00', surplus: '19548.50' });

    // Collateral conserved: the borrower keeps 60 / 150.300, the funder now holds the 40 / 100.200.
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '60.000/150.300', frozen: '0.000/0.000' });
    expect(await world.holdingsOf(lender.c)).toMatchObject({ held: '40.000/100.200', frozen: '0.000/0.000' });
    expect((await lender.c.post(FinancialPath.dispose, { financeId, salePrice: '1200', reason: 'again' })).status).toBe(409);
    await pledge.ledgerClean();
  });

  it('a firm never sees another firm’s loans; a funder only its own', async () => {
    const lenderA = await pledge.newFunder('甲资金方');
    const lenderB = await pledge.newFunder('乙资金方');
    const borrower = await pledge.newBorrower();
    const other = await pledge.newBorrower();
    const quoted = await pledge.quotedLoan(borrower, lenderA, '90');
    const financeId = quoted.financeId;

    for (const path of [PledgePath.detail, PledgePath.bill, PledgePath.accept, PledgePath.withdraw]) {
      expect(await other.c.post(path, { financeId }), path).toMatchObject({ status: 404, message: 'No such financing' });
    }
    expect((await other.c.post(PledgePath.manualPayback, { financeId, amount: '1' })).status).toBe(404);
    expect((await ok<Page<PledgeFinance>>(other.c, PledgePath.mine)).total).toBe(0);
    expect((await ctx.app.http.inject({ method: 'GET', url: `${PledgePath.contract}?financeId=${financeId}`, headers: other.c.headers })).statusCode).toBe(404);

    // The other funder neither lists, reads, quotes nor rejects it; a firm that is no funder has no portal.
    expect((await ok<Page<PledgeFinance>>(lenderB.c, FinancialPath.orders)).content.map((f) => f.financeId)).not.toContain(financeId);
    for (const [path, body] of [
      [FinancialPath.detail, { financeId }],
      [FinancialPath.bill, { financeId }],
      [FinancialPath.quote, { financeId, amount: '1000' }],
      [FinancialPath.reject, { financeId, reason: 'x' }],
      [FinancialPath.dispose, { financeId, salePrice: '1', reason: 'x' }],
    ] as const) {
      expect((await lenderB.c.post(path, body)).status, path).toBe(404);
    }
    expect(await other.c.post(FinancialPath.orders, {})).toMatchObject({ status: 403, message: 'Your firm is not a funder of the platform' });

    // Its own parties see it: the borrower in its list, the funder in its orders and by warehouse.
    expect((await ok<Page<PledgeFinance>>(borrower.c, PledgePath.mine)).content.map((f) => f.financeId)).toEqual([financeId]);
    expect((await ok<Page<PledgeFinance>>(lenderA.c, FinancialPath.orders)).content.map((f) => f.financeId)).toEqual([financeId]);
    const [store] = await ok<FinancialWarehouse[]>(lenderA.c, FinancialPath.warehouses);
    expect(store).toMatchObject({ warehousId: borrower.holding.storageId, loans: 1, quantity: '40.000', weight: '100.200' });
    await pledge.ledgerClean();
  });
});
