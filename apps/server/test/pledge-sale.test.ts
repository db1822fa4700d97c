import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPledgePath,
  FinancialPath,
  ListingPath,
  PledgePath,
  type Listing,
  type ListingPick,
  type Page,
  type PledgeBill,
  type PledgeDetail,
  type PledgeFinance,
  type PledgeNotice,
  type PledgeRepayment,
} from '@tp/contract';
import { DAY_MS } from '../src/platform/time';
import type { TestContext } from './harness';
import type { Client } from './identity-support';
import type { ListingWorld } from './listing-support';
import { detail, ok, startPledgeApp, type PledgeWorld } from './pledge-support';

let ctx: TestContext;
let world: ListingWorld;
let pledge: PledgeWorld;

beforeAll(async () => {
  ({ ctx, world, pledge } = await startPledgeApp());
});
afterAll(() => ctx.close());

/** A spot listing of pledged goods: `quantity` packages at `price` a package. */
const pledgedListing = (loan: PledgeFinance, quantity: string, price: string, fields: object = {}) =>
  world.listingRequest.spot(loan.holdId, { financeId: loan.financeId, quantity, price, weight: '1', ...fields });

/** A buyer picks the whole listing and the seller confirms: the buyer pays in full and the goods move. */
async function buyAll(buyer: Client, seller: Client, listing: Listing) {
  const pick = await ok<ListingPick>(buyer, ListingPath.pick, { listingId: listing.listingId, quantity: listing.quantity });
  return ok<ListingPick>(seller, ListingPath.confirmPick, { pickId: pick.pickId });
}

describe('selling pledged goods', { timeout: 300_000 }, () => {
  it('sells part, then the rest: each sale repays the funder first to the fen, the surplus stays with the borrower; pledge 12 then 13, finance 3', async () => {
    const lender = await pledge.newFunder('津门保理');
    const borrower = await pledge.newBorrower();
    const buyer = await world.firmWithFunds('200000');
    const loan = await pledge.runningLoan(borrower, lender, '90');
    const financeId = loan.financeId;
    expect(loan).toMatchObject({ pledgeStatus: '2', financeStatus: '1', listedQuantity: '0.000', soldQuantity: '0.000' });
    const borrowerStart = await world.balance(borrower.c);

    /*
     * The worked example. 100,000.00 lent at 6.5% a year: 18.05 a day. Day 10: 180.50 of interest,
     * 100,180.50 owed. 16 of the 40 pledged are listed at 2,600.00 a package: 41,600.00, less the
     * 0.2% fee (83.20) is 41,516.80. Those 16 secure 16/40 of the debt, 40,072.20: covered. At
     * 2,500.00 (net 39,920.00) they would not be, and the listing is refused.
     */
    await pledge.days(10, borrower.c, lender.c, buyer.c);
    expect(await borrower.c.post(ListingPath.create, pledgedListing(loan, '16', '2500'))).toMatchObject({
      status: 400,
      message: 'The price (price) is too low: the proceeds after the fee must repay at least the share of the debt these goods secure',
    });
    const first = await ok<Listing>(borrower.c, ListingPath.create, pledgedListing(loan, '16', '2600'));
    // The listing shows the pledged goods' own weight: 16/40 of 100.200 t.
    expect(first).toMatchObject({ quantity: '16.000', weight: '40.080', remaining: '16.000', status: 'O' });
    expect(await detail(borrower.c, financeId)).toMatchObject({ quantity: '40.000', listedQuantity: '16.000', financeStatus: '1', interest: '180.50' });
    // Listed goods are still pledged: nothing left the frozen part.
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '60.000/150.300', frozen: '40.000/100.200' });
    // No more than the 24 not yet listed.
    expect(await borrower.c.post(ListingPath.create, pledgedListing(loan, '25', '9000'))).toMatchObject({ status: 409, message: 'The quantity (quantity) exceeds the pledged goods not listed yet' });

    /*
     * The buyer takes the 16: 41,516.80 reaches the borrower and goes straight on to the funder:
     * 180.50 interest, 41,336.30 principal. 58,663.70 of principal is left; nothing for the borrower.
     */
    const sold = await buyAll(buyer.c, borrower.c, first);
    expect(sold).toMatchObject({ status: 'T', payStatus: 'L', amount: '41600.00', fee: '83.20', weight: '40.080' });
    expect(await detail(borrower.c, financeId)).toMatchObject({
      pledgeStatus: '12',
      financeStatus: '1',
      repaymentStatus: '1',
      principal: '58663.70',
      interest: '0.00',
      repaid: '41516.80',
      quantity: '24.000',
      weight: '60.120',
      listedQuantity: '0.000',
      soldQuantity: '16.000',
      soldWeight: '40.080',
    });
    expect(await world.balance(borrower.c)).toEqual(borrowerStart);
    expect(await world.balance(lender.c)).toEqual({ available: '141516.80', frozen: '0.00' });
    expect(await world.holdingsOf(buyer.c)).toMatchObject({ held: '16.000/40.080' });
    // Collateral conserved: 24 still pledged + 16 sold = the 40 pledged; the other 60 were never pledged.
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '60.000/150.300', frozen: '24.000/60.120' });
    const [saleRepayment] = (await ok<Page<PledgeRepayment>>(lender.c, FinancialPath.repayments, {})).content;
    expect(saleRepayment).toMatchObject({ kind: 'sale', amount: '41516.80', interest: '180.50', principal: '41336.30', penalty: '0.00', surplus: '0.00' });
    await pledge.ledgerClean();

    /*
     * Day 20: days 11–20 accrue on 58,663.70: 58663.70 × 0.065 / 360 = 10.592… → 10.59 a day, 105.90.
     * Owed 58,769.60. All 24 left are listed at 2,600.00: 62,400.00 less 124.80 is 62,275.20; listing
     * everything needs the whole debt covered, and it is. 58,769.60 repays the funder (105.90
     * interest, 58,663.70 principal) and 3,505.60 stays with the borrower.
     */
    await pledge.days(10, borrower.c, lender.c, buyer.c);
    expect(await detail(borrower.c, financeId)).toMatchObject({ interest: '105.90', payoff: '58769.60' });
    // The 24 left are a new pledged part of the holding.
    const rest = await detail(borrower.c, financeId);
    expect(await borrower.c.post(ListingPath.create, pledgedListing(rest, '24', '2450'))).toMatchObject({ status: 400 });
    const second = await ok<Listing>(borrower.c, ListingPath.create, pledgedListing(rest, '24', '2600'));
    const lenderBefore = await world.balance(lender.c);
    await buyAll(buyer.c, borrower.c, second);
    const done = await detail(borrower.c, financeId);
    expect(done).toMatchObject({ pledgeStatus: '13', financeStatus: '3', repaymentStatus: '2', principal: '0.00', payoff: '0.00', quantity: '0.000', soldQuantity: '40.000', soldWeight: '100.200' });
    expect(await world.balance(borrower.c)).toEqual({ available: (Number(borrowerStart.available) + 3505.6).toFixed(2), frozen: borrowerStart.frozen });
    expect((await world.balance(lender.c)).available).toBe((Number(lenderBefore.available) + 58769.6).toFixed(2));
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '60.000/150.300', frozen: '0.000/0.000' });
    expect(await world.holdingsOf(buyer.c)).toMatchObject({ held: '40.000/100.200' });

    const bill = await ok<PledgeBill>(borrower.c, PledgePath.bill, { financeId });
    expect(bill.repayments.map((r) => [r.kind, r.amount, r.interest, r.principal, r.surplus])).toEqual([
      ['sale', '58769.60', '105.90', '58663.70', '3505.60'],
      ['sale', '41516.80', '180.50', '41336.30', '0.00'],
    ]);
    expect(bill).toMatchObject({ totalInterest: '286.40' });
    // A finished loan's goods are gone: nothing more to list, nothing more to pay.
    expect((await borrower.c.post(ListingPath.create, pledgedListing(loan, '1', '9000'))).status).toBe(404);
    expect((await borrower.c.post(PledgePath.manualPayback, { financeId, amount: '1' })).status).toBe(409);
    const history = (await ok<PledgeDetail>(borrower.c, PledgePath.detail, { financeId })).history.map((h) => h.to);
    expect(history.slice(-6)).toEqual(['2/1/0', '12/1/0', '12/1/1', '12/1/1', '13/1/1', '13/3/2']);
    await pledge.ledgerClean();
  });

  it('refuses what the loan does not allow, withdrawn goods stay pledged, and no firm lists another firm’s pledged goods', async () => {
    const lender = await pledge.newFunder('闽江融资');
    const borrower = await pledge.newBorrower();
    const other = await pledge.newBorrower();
    const buyer = await world.firmWithFunds('200000');

    // Before the loan is paid out the goods may not be sold.
    const applied = await ok<PledgeFinance>(borrower.c, PledgePath.apply, { holdId: borrower.holding.holdId, quantity: '40', factorId: lender.funder.factorId, paybackTimeId: '90' });
    expect(await borrower.c.post(ListingPath.create, pledgedListing(applied, '10', '9000'))).toMatchObject({ status: 409, message: 'Pledged goods may be listed only while their loan is financing' });
    await ok(world.staff, AdminPledgePath.warehouseConfirm, { financeId: applied.financeId });
    await ok(lender.c, FinancialPath.quote, { financeId: applied.financeId, amount: '100000' });
    expect((await borrower.c.post(ListingPath.create, pledgedListing(applied, '10', '9000'))).status).toBe(409);
    const loan = await ok<PledgeFinance>(borrower.c, PledgePath.accept, { financeId: applied.financeId });

    // Another firm can neither list these goods through the loan nor learn they exist; nor can the funder.
    for (const c of [other.c, lender.c]) {
      expect(await c.post(ListingPath.create, pledgedListing(loan, '10', '9000'))).toMatchObject({ status: 404, message: 'No such financing' });
    }
    // The loan's goods only: another holding of the borrower is not these pledged goods.
    expect((await borrower.c.post(ListingPath.create, pledgedListing({ ...loan, holdId: borrower.holding.holdId }, '10', '9000'))).status).toBe(404);
    // Pledged goods are not free stock: listing them without their loan fails.
    expect((await borrower.c.post(ListingPath.create, world.listingRequest.spot(loan.holdId, { quantity: '10', price: '9000' }))).code).not.toBe('0');

    // Listed, then withdrawn: the goods stay pledged and may be listed again.
    const listed = await ok<Listing>(borrower.c, ListingPath.create, pledgedListing(loan, '10', '9000'));
    expect(await detail(borrower.c, loan.financeId)).toMatchObject({ listedQuantity: '10.000' });
    await ok(borrower.c, ListingPath.cancel, { listingId: listed.listingId });
    expect(await detail(borrower.c, loan.financeId)).toMatchObject({ listedQuantity: '0.000', quantity: '40.000', pledgeStatus: '2', financeStatus: '1' });
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '60.000/150.300', frozen: '40.000/100.200' });

    // A pick refused by the seller reopens the listing; the goods never left the pledge.
    const again = await ok<Listing>(borrower.c, ListingPath.create, pledgedListing(loan, '10', '9000'));
    const pick = await ok<ListingPick>(buyer.c, ListingPath.pick, { listingId: again.listingId, quantity: '10' });
    await ok(borrower.c, ListingPath.refusePick, { pickId: pick.pickId });
    expect(await detail(borrower.c, loan.financeId)).toMatchObject({ listedQuantity: '10.000', quantity: '40.000' });

    // Repaid in full while the listing is open: the listed 10 stay behind the listing, the other 30 come back.
    const payoff = (await detail(borrower.c, loan.financeId)).payoff;
    const done = await ok<PledgeFinance>(borrower.c, PledgePath.manualPayback, { financeId: loan.financeId, amount: payoff });
    expect(done).toMatchObject({ pledgeStatus: '11', financeStatus: '3', repaymentStatus: '2', quantity: '10.000', listedQuantity: '10.000' });
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '90.000/225.450', frozen: '10.000/25.050' });
    // The loan is repaid: a sale now pays the borrower alone.
    const lenderBefore = await world.balance(lender.c);
    const borrowerBefore = await world.balance(borrower.c);
    await buyAll(buyer.c, borrower.c, again);
    expect(await world.balance(lender.c)).toEqual(lenderBefore);
    expect((await world.balance(borrower.c)).available).toBe((Number(borrowerBefore.available) + 90000 - 180).toFixed(2));
    expect(await world.holdingsOf(borrower.c)).toMatchObject({ held: '90.000/225.450', frozen: '0.000/0.000' });
    expect(await detail(borrower.c, loan.financeId)).toMatchObject({ financeStatus: '3', quantity: '0.000', soldQuantity: '10.000' });
    await pledge.ledgerClean();
  });

  it('a margin call is a notice in the borrower’s list with its deadline and amount; unanswered, the loan turns overdue, and listed goods wait for their listing', async () => {
    const lender = await pledge.newFunder('湘江资本');
    const borrower = await pledge.newBorrower();
    const other = await pledge.newBorrower();
    const loan = await pledge.runningLoan(borrower, lender, '30');
    const financeId = loan.financeId;
    const runJobs = () => ok<{ changed: number }>(world.staff, AdminPledgePath.sandboxDaily);
    const notices = (c: Client) => ok<Page<PledgeNotice>>(c, PledgePath.notices, {});

    /*
     * Day 1. The job goes over every running loan of this file's database, the earlier tests' too:
     * a loan one of them left running (stopped before it was repaid) gets its day of interest
     * written and counts as changed. A first run writes the day of each, so the run after the
     * price fall counts what the fall changed alone: this loan's margin call.
     */
    await pledge.days(1, borrower.c, lender.c, other.c);
    await runJobs();
    expect((await notices(borrower.c)).total).toBe(0);
    // The reference price falls to 1,200.00: the limit is 1200 × 100.200 × 80% = 96,192.00; 3,808.00 must be repaid.
    await ok(world.staff, AdminPledgePath.saveProduct, pledge.productTerms(lender.funder.factorId, '1200'));
    expect(await runJobs()).toEqual({ changed: 1 });
    const deadline = new Date(ctx.clock.now().getTime() + 3 * DAY_MS).toISOString();
    const [call] = (await notices(borrower.c)).content;
    expect(call).toMatchObject({ financeId, kind: 'marginCall', amount: '3808.00', principal: '100000.00', limit: '96192.00', deadline });
    // The notice is the borrower's alone; a second run issues no second notice.
    expect((await notices(other.c)).total).toBe(0);
    expect(await runJobs()).toEqual({ changed: 0 });
    expect((await notices(borrower.c)).total).toBe(1);

    // While the call is open the borrower may still sell to repay, at a price covering the debt share.
    const listed = await ok<Listing>(borrower.c, ListingPath.create, pledgedListing(loan, '5', '20000'));

    // Day 5: the deadline passed unanswered; the loan is overdue and the list says so.
    await pledge.days(4, borrower.c, lender.c, other.c);
    await runJobs();
    expect(await detail(borrower.c, financeId)).toMatchObject({ financeStatus: '4', interest: '90.25' });
    const [overdue] = (await notices(borrower.c)).content;
    expect(overdue).toMatchObject({ financeId, kind: 'overdue', amount: '100090.25', deadline });
    // Overdue goods may not be listed anew; the funder waits for the open listing before taking the goods.
    expect((await borrower.c.post(ListingPath.create, pledgedListing(loan, '5', '20000'))).status).toBe(409);
    expect(await lender.c.post(FinancialPath.dispose, { financeId, salePrice: '1200', reason: '逾期处置' })).toMatchObject({
      status: 409,
      message: 'Goods of this loan are listed for sale; wait until the listing ends',
    });
    await ok(borrower.c, ListingPath.cancel, { listingId: listed.listingId });
    expect(await ok<PledgeFinance>(lender.c, FinancialPath.dispose, { financeId, salePrice: '1200', reason: '逾期处置' })).toMatchObject({ pledgeStatus: '14', financeStatus: '3' });
    await pledge.ledgerClean();
  });
});
