import type { FinanceStatus, PaybackTimeId, PledgeStatus, RepaymentStatus } from '@tp/contract';
import { bigint, boolean, customType, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, blank, createdAt, firmIdColumn, identityKey, referenceTo, timestamps } from '../../platform/db/columns';

const qty = (name: string) => numeric(name, { precision: 38, scale: 3 });
const money = (name: string) => numeric(name, { precision: 38, scale: 2 });
const share = (name: string) => numeric(name, { precision: 12, scale: 6 });

/** PDF bytes: PGlite hands back a Uint8Array, node-postgres a Buffer; both become a Buffer here. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/** A funder (`factorId`): a certified enterprise firm staff set up to lend against pledged goods. */
export const pledgeFunders = pgTable(
  'pledge_funders',
  {
    id: identityKey(910001),
    firmId: firmIdColumn().notNull(),
    name: text('name').notNull(),
    /** Days after the due day before an unpaid loan is overdue (`4`). */
    graceDays: integer('grace_days').notNull(),
    active: boolean('active').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('pledge_funders_firm_uq').on(t.firmId)],
);

/** A funder's product for one commodity: loan-to-value, rates, terms and the reference price it values goods at. */
export const pledgeProducts = pgTable(
  'pledge_products',
  {
    id: identityKey(),
    funderId: referenceTo('funder_id', () => pledgeFunders.id),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }).notNull(),
    ltv: share('ltv').notNull(),
    annualRate: share('annual_rate').notNull(),
    penaltyRate: share('penalty_rate').notNull(),
    maintenanceRatio: share('maintenance_ratio').notNull(),
    /** Per weight unit; the platform's reference the funder starts its valuation from. */
    referencePrice: money('reference_price').notNull(),
    terms: jsonb('terms').$type<PaybackTimeId[]>().notNull(),
    marginCallDays: integer('margin_call_days').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('pledge_products_funder_commodity_uq').on(t.funderId, t.commodityTypeId)],
);

/**
 * One pledge and its loan (`financeId`). The goods are a frozen part of the borrower's holding
 * (`holdId`) from applying until they are released, taken by the funder or sold. Money figures are
 * the loan's running state; each day's accrual is a row of `pledge_bill_days` and each payment a
 * row of `pledge_repayments`, so the figures here are their sums.
 */
export const pledgeFinances = pgTable(
  'pledge_finances',
  {
    id: identityKey(920001),
    firmId: firmIdColumn().notNull(),
    funderId: referenceTo('funder_id', () => pledgeFunders.id),
    productId: referenceTo('product_id', () => pledgeProducts.id),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }).notNull(),
    commodityName: text('commodity_name').notNull(),
    weightUnit: blank('weight_unit'),
    holdId: bigint('hold_id', { mode: 'number' }),
    storageId: bigint('storage_id', { mode: 'number' }).notNull(),
    storageName: blank('storage_name'),
    quantity: qty('quantity').notNull(),
    weight: qty('weight').notNull(),
    paybackTimeId: text('payback_time_id').$type<PaybackTimeId>().notNull(),
    pledgeStatus: text('pledge_status').$type<PledgeStatus>().notNull(),
    financeStatus: text('finance_status').$type<FinanceStatus>().notNull(),
    repaymentStatus: text('repayment_status').$type<RepaymentStatus>().notNull(),
    warehouseConfirmedAt: at('warehouse_confirmed_at'),
    referencePrice: money('reference_price').notNull().default('0'),
    valuation: money('valuation').notNull().default('0'),
    /** Why the funder valued the goods at another price than the platform's reference. */
    valueReason: blank('value_reason'),
    amount: money('amount').notNull().default('0'),
    annualRate: share('annual_rate').notNull().default('0'),
    penaltyRate: share('penalty_rate').notNull().default('0'),
    maintenanceRatio: share('maintenance_ratio').notNull().default('0'),
    principal: money('principal').notNull().default('0'),
    interest: money('interest').notNull().default('0'),
    penalty: money('penalty').notNull().default('0'),
    repaid: money('repaid').notNull().default('0'),
    disbursedAt: at('disbursed_at'),
    /** The Shanghai day the loan was paid out, and the last day whose interest is on the bill. */
    startDay: text('start_day'),
    accruedThrough: text('accrued_through'),
    dueDay: text('due_day'),
    marginCallDeadline: at('margin_call_deadline'),
    /** Of `quantity` (the pledged part), what open listings of the borrower offer for sale. */
    listedQuantity: qty('listed_quantity').notNull().default('0'),
    /** Goods sold while pledged: they left the pledge (and `quantity`) when the buyer paid. */
    soldQuantity: qty('sold_quantity').notNull().default('0'),
    soldWeight: qty('sold_weight').notNull().default('0'),
    reason: blank('reason'),
    contractNo: blank('contract_no'),
    contractHash: blank('contract_hash'),
    contractSignature: blank('contract_signature'),
    contractPdf: bytes('contract_pdf'),
    ...timestamps(),
  },
  (t) => [
    index('pledge_finances_firm_idx').on(t.firmId, t.id),
    index('pledge_finances_funder_idx').on(t.funderId, t.id),
    index('pledge_finances_status_idx').on(t.financeStatus, t.id),
  ],
);

/** One day of a loan: the principal it accrued on and the day's interest or penalty interest, each truncated to the fen. */
export const pledgeBillDays = pgTable(
  'pledge_bill_days',
  {
    id: identityKey(),
    financeId: referenceTo('finance_id', () => pledgeFinances.id),
    day: text('day').notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    penalty: money('penalty').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pledge_bill_days_uq').on(t.financeId, t.day)],
);

/** A payment to the funder: by the borrower (`manual`), from the collateral taken (`disposal`) or from pledged goods sold on the market (`sale`), split into penalty, interest and principal. */
export const pledgeRepayments = pgTable(
  'pledge_repayments',
  {
    id: identityKey(),
    financeId: referenceTo('finance_id', () => pledgeFinances.id),
    kind: text('kind').$type<'manual' | 'disposal' | 'sale'>().notNull(),
    /** A `sale`: the pick whose payment repaid the loan. */
    pickId: bigint('pick_id', { mode: 'number' }),
    amount: money('amount').notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    penalty: money('penalty').notNull(),
    releasedQuantity: qty('released_quantity').notNull().default('0'),
    surplus: money('surplus').notNull().default('0'),
    journalId: text('journal_id'),
    createdAt: createdAt(),
  },
  (t) => [index('pledge_repayments_finance_idx').on(t.financeId, t.id)],
);

/** Every change of a pledge's states (`pledge/finance/repayment` codes), with who and why. */
export const pledgeHistory = pgTable(
  'pledge_history',
  {
    id: identityKey(),
    financeId: referenceTo('finance_id', () => pledgeFinances.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: blank('reason'),
    journalId: text('journal_id'),
    createdAt: createdAt(),
  },
  (t) => [index('pledge_history_finance_idx').on(t.financeId, t.id)],
);

/**
 * A listing of pledged goods. The goods stay in the loan's pledged part until a buyer pays; `open`
 * is what the listing still offers (and the loan counts as listed), `sold` what has left the pledge.
 */
export const pledgeSales = pgTable(
  'pledge_sales',
  {
    id: identityKey(),
    financeId: referenceTo('finance_id', () => pledgeFinances.id),
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    quantity: qty('quantity').notNull(),
    open: qty('open').notNull(),
    sold: qty('sold').notNull().default('0'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('pledge_sales_listing_uq').on(t.listingId), index('pledge_sales_finance_idx').on(t.financeId)],
);

/** The borrower firm's notices about its loans (margin calls), listed on its notices page beside the live push. */
export const pledgeNotices = pgTable(
  'pledge_notices',
  {
    id: identityKey(),
    firmId: firmIdColumn().notNull(),
    financeId: referenceTo('finance_id', () => pledgeFinances.id),
    kind: text('kind').$type<'marginCall' | 'marginCallLifted' | 'overdue'>().notNull(),
    amount: money('amount').notNull(),
    principal: money('principal').notNull(),
    limit: money('limit').notNull(),
    deadline: at('deadline'),
    createdAt: createdAt(),
  },
  (t) => [index('pledge_notices_firm_idx').on(t.firmId, t.id)],
);
