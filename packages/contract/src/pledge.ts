import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { LISTING_PRICE_PATTERN, LISTING_QUANTITY_PATTERN } from './listing';
import { namedCodes } from './named-codes';

/**
 * Pledge financing (仓单质押融资): a firm pledges goods it holds in a platform warehouse to a funder
 * (`factorId`), which lends against them for a term (`paybackTimeId`). The spec's field names and
 * status codes are kept: `financeId` is the loan, `warehousId` the warehouse holding the goods.
 */
export const PledgePath = {
  /** The funders and their products a firm may apply to (rate info). */
  rateInfo: '/api/pledge/rateInfo',
  apply: '/api/pledge/apply',
  /** The borrower's own loans (applications, loans, bills). */
  mine: '/api/pledge/mine',
  detail: '/api/pledge/detail',
  accept: '/api/pledge/accept',
  decline: '/api/pledge/decline',
  /** The borrower withdraws an application not quoted yet. */
  withdraw: '/api/pledge/withdraw',
  manualPayback: '/api/pledge/manualPayback',
  bill: '/api/pledge/bill',
  contract: '/api/pledge/contract',
  /** The firm's pledge notices (margin calls), newest first. */
  notices: '/api/pledge/notices',
} as const;

/** The funder's portal (`/financial`): only the loans the funder is party to. */
export const FinancialPath = {
  me: '/api/financial/me',
  orders: '/api/financial/orders',
  detail: '/api/financial/detail',
  quote: '/api/financial/quote',
  reject: '/api/financial/reject',
  /** The funder takes an overdue loan's collateral at a sale value; the proceeds settle the debt, any surplus goes to the borrower. */
  dispose: '/api/financial/dispose',
  repayments: '/api/financial/repayments',
  warehouses: '/api/financial/warehouses',
  bill: '/api/financial/bill',
} as const;

export const AdminPledgePath = {
  funders: '/api/admin/pledge/funders',
  saveFunder: '/api/admin/pledge/funders/save',
  products: '/api/admin/pledge/products',
  saveProduct: '/api/admin/pledge/products/save',
  loans: '/api/admin/pledge/loans',
  warehouseConfirm: '/api/admin/pledge/warehouseConfirm',
  warehouseReject: '/api/admin/pledge/warehouseReject',
  /** Outside production: runs the daily job (interest, overdue, margin calls) now, after the sandbox clock moved. */
  sandboxDaily: '/api/admin/pledge/sandbox/daily',
} as const;

/** Pledge: 1 applying, 2 quoted, 11 redeemed, 12 partly sold, 13 all sold, 14 recovered, 15 partly repaid. */
export const PledgeStatus = namedCodes(['1', '2', '11', '12', '13', '14', '15'] as const, {
  applying: '1',
  quoted: '2',
  redeemed: '11',
  partlySold: '12',
  allSold: '13',
  recovered: '14',
  partlyRepaid: '15',
});
export type PledgeStatus = (typeof PledgeStatus)[number];
/** Repayment: 0 not repaid, 1 partly, 2 fully. */
export const RepaymentStatus = namedCodes(['0', '1', '2'] as const, { none: '0', partly: '1', fully: '2' });
export type RepaymentStatus = (typeof RepaymentStatus)[number];
/** Finance: 0 applying, 1 financing, 2 rejected, 3 done, 4 overdue. */
export const FinanceStatus = namedCodes(['0', '1', '2', '3', '4'] as const, { applying: '0', financing: '1', rejected: '2', done: '3', overdue: '4' });
export type FinanceStatus = (typeof FinanceStatus)[number];

/** The terms a funder offers, in days (`paybackTimeId`). */
export const PAYBACK_TERMS = ['30', '60', '90', '180'] as const;
export const PaybackTimeId = z.enum(PAYBACK_TERMS);
export type PaybackTimeId = z.infer<typeof PaybackTimeId>;

/** Interest is by the day on a 360-day year (日利率 = 年利率 / 360), each day's amount truncated to the fen. */
export const PLEDGE_DAY_BASIS = 360;

const id = z.string().regex(/^\d{1,18}$/);
const positive = (v: string) => /[1-9]/.test(v);
const money = z.string().regex(LISTING_PRICE_PATTERN).refine(positive);
const quantity = z.string().regex(LISTING_QUANTITY_PATTERN).refine(positive);
/** A share between 0 and 1 with up to 6 places (LTV 0.7, annual rate 0.065). */
const share = z
  .string()
  .regex(/^0(?:\.\d{1,6})?$|^1(?:\.0{1,6})?$/)
  .refine(positive);
const reason = z.string().trim().min(1).max(200);

export const PledgeApplyRequest = z.strictObject({
  holdId: id,
  /** All of the holding when left out. */
  quantity: quantity.optional(),
  factorId: id,
  paybackTimeId: PaybackTimeId,
});
export type PledgeApplyRequest = z.input<typeof PledgeApplyRequest>;

export const FinanceIdRequest = z.strictObject({ financeId: id });
export type FinanceIdRequest = z.input<typeof FinanceIdRequest>;
export const FinanceReasonRequest = z.strictObject({ financeId: id, reason });
export type FinanceReasonRequest = z.input<typeof FinanceReasonRequest>;

/**
 * The funder's quote. `referencePrice` (per weight unit) defaults to the platform's reference;
 * a different value needs `reason`. `amount` may not exceed the valuation times the product's LTV.
 */
export const PledgeQuoteRequest = z.strictObject({
  financeId: id,
  amount: money,
  referencePrice: money.optional(),
  reason: z.string().trim().max(200).default(''),
  annualRate: share.optional(),
});
export type PledgeQuoteRequest = z.input<typeof PledgeQuoteRequest>;

export const ManualPaybackRequest = z.strictObject({
  financeId: id,
  amount: money,
  /** On a partial repayment, release the share of the goods the repaid principal covers. */
  release: z.boolean().default(false),
});
export type ManualPaybackRequest = z.input<typeof ManualPaybackRequest>;

/** The funder takes the collateral of an overdue loan at `salePrice` per weight unit. */
export const PledgeDisposeRequest = z.strictObject({ financeId: id, salePrice: money, reason });
export type PledgeDisposeRequest = z.input<typeof PledgeDisposeRequest>;

export const PledgeListRequest = z.strictObject({
  financeStatus: z.enum(FinanceStatus).optional(),
  pledgeStatus: z.enum(PledgeStatus).optional(),
  ...pageFields(),
});
export type PledgeListRequest = z.input<typeof PledgeListRequest>;

export const SaveFunderRequest = z.strictObject({
  /** The firm that lends; it must be a certified enterprise. */
  firmId: id,
  name: z.string().trim().min(2).max(60),
  graceDays: z.coerce.number().int().min(0).max(30).default(3),
  active: z.boolean().default(true),
});
export type SaveFunderRequest = z.input<typeof SaveFunderRequest>;

export const SavePledgeProductRequest = z.strictObject({
  factorId: id,
  commodityTypeId: id,
  /** Loan-to-value: the most a loan may be against the goods' valuation. */
  ltv: share,
  annualRate: share,
  /** The annual rate of penalty interest after the due day. */
  penaltyRate: share,
  /** The loan may be at most this share of the goods' current value, else a margin call. */
  maintenanceRatio: share,
  /** The platform's reference price per weight unit for this commodity. */
  referencePrice: money,
  terms: z.array(PaybackTimeId).min(1).max(PAYBACK_TERMS.length),
  /** Days the borrower has to answer a margin call. */
  marginCallDays: z.coerce.number().int().min(1).max(30).default(3),
});
export type SavePledgeProductRequest = z.input<typeof SavePledgeProductRequest>;

export const Funder = z.object({ factorId: z.string(), firmId: z.string(), name: z.string(), graceDays: z.number().int(), active: z.boolean() });
export type Funder = z.infer<typeof Funder>;

export const PledgeProduct = z.object({
  productId: z.string(),
  factorId: z.string(),
  funderName: z.string(),
  commodityTypeId: z.string(),
  commodityName: z.string(),
  ltv: z.string(),
  annualRate: z.string(),
  penaltyRate: z.string(),
  maintenanceRatio: z.string(),
  referencePrice: z.string(),
  terms: z.array(PaybackTimeId),
  marginCallDays: z.number().int(),
});
export type PledgeProduct = z.infer<typeof PledgeProduct>;

export const PledgeFinance = z.object({
  financeId: z.string(),
  factorId: z.string(),
  funderName: z.string(),
  /** The borrower's firm name; a funder sees whom it lends to. */
  borrowerName: z.string(),
  commodityTypeId: z.string(),
  commodityName: z.string(),
  holdId: z.string(),
  warehousId: z.string(),
  storageName: z.string(),
  quantity: z.string(),
  weight: z.string(),
  weightUnit: z.string(),
  paybackTimeId: PaybackTimeId,
  pledgeStatus: z.enum(PledgeStatus),
  financeStatus: z.enum(FinanceStatus),
  repaymentStatus: z.enum(RepaymentStatus),
  warehouseConfirmed: z.boolean(),
  referencePrice: z.string(),
  valuation: z.string(),
  valueReason: z.string(),
  amount: z.string(),
  amountUppercase: z.string(),
  annualRate: z.string(),
  penaltyRate: z.string(),
  maintenanceRatio: z.string(),
  principal: z.string(),
  interest: z.string(),
  penalty: z.string(),
  /** What repays the loan in full today. */
  payoff: z.string(),
  payoffUppercase: z.string(),
  repaid: z.string(),
  disbursedAt: z.string().nullable(),
  dueDay: z.string().nullable(),
  marginCallDeadline: z.string().nullable(),
  /** Of `quantity`, what the borrower has listed for sale and is still open on the market. */
  listedQuantity: z.string(),
  /** Pledged goods sold while pledged: they left the pledge, their proceeds repaid the funder first. */
  soldQuantity: z.string(),
  soldWeight: z.string(),
  contractNo: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type PledgeFinance = z.infer<typeof PledgeFinance>;
export const PledgeFinancePage = pageOf(PledgeFinance);

/** One day of a loan's bill: the principal it accrued on, the day's interest and penalty interest. */
export const PledgeBillDay = z.object({ day: z.string(), principal: z.string(), interest: z.string(), penalty: z.string() });
export type PledgeBillDay = z.infer<typeof PledgeBillDay>;
export const PledgeRepayment = z.object({
  repaymentId: z.string(),
  financeId: z.string(),
  /** `sale`: the proceeds of pledged goods the borrower sold on the market. */
  kind: z.enum(['manual', 'disposal', 'sale']),
  amount: z.string(),
  principal: z.string(),
  interest: z.string(),
  penalty: z.string(),
  /** Goods released back to the borrower with this repayment. */
  releasedQuantity: z.string(),
  surplus: z.string(),
  createdAt: z.string(),
});
export type PledgeRepayment = z.infer<typeof PledgeRepayment>;
export const PledgeRepaymentPage = pageOf(PledgeRepayment);
export const PledgeBill = z.object({
  finance: PledgeFinance,
  days: z.array(PledgeBillDay),
  repayments: z.array(PledgeRepayment),
  totalInterest: z.string(),
  totalInterestUppercase: z.string(),
  totalPenalty: z.string(),
});
export type PledgeBill = z.infer<typeof PledgeBill>;

export const PledgeHistoryEntry = z.object({ from: z.string(), to: z.string(), actor: z.string(), reason: z.string(), at: z.string() });
export const PledgeDetail = z.object({ finance: PledgeFinance, history: z.array(PledgeHistoryEntry) });
export type PledgeDetail = z.infer<typeof PledgeDetail>;

/** Collateral by warehouse, for the funder. */
export const FinancialWarehouse = z.object({ warehousId: z.string(), storageName: z.string(), loans: z.number().int(), quantity: z.string(), weight: z.string(), principal: z.string() });
export type FinancialWarehouse = z.infer<typeof FinancialWarehouse>;

export const RateInfo = z.object({ products: z.array(PledgeProduct) });
export type RateInfo = z.infer<typeof RateInfo>;
export const AdminFunderList = z.object({ funders: z.array(Funder) });
export type AdminFunderList = z.infer<typeof AdminFunderList>;
export const AdminLoanListRequest = z.strictObject({
  financeStatus: z.enum(FinanceStatus).optional(),
  /** Only loans waiting for the warehouse to confirm the goods. */
  awaitingWarehouse: z.boolean().optional(),
  ...pageFields(),
});
export type AdminLoanListRequest = z.input<typeof AdminLoanListRequest>;

/**
 * A notice to the borrower's firm (beyond the spec): a margin call, with the deadline and the
 * amount to repay (or to cover by more goods) so the loan is back within the maintenance ratio.
 */
export const PledgeNotice = z.object({
  noticeId: z.string(),
  financeId: z.string(),
  kind: z.enum(['marginCall', 'marginCallLifted', 'overdue']),
  /** The principal above the maintenance limit: repaying this much answers the call. */
  amount: z.string(),
  principal: z.string(),
  limit: z.string(),
  deadline: z.string().nullable(),
  createdAt: z.string(),
});
export type PledgeNotice = z.infer<typeof PledgeNotice>;
export const PledgeNoticePage = pageOf(PledgeNotice);
