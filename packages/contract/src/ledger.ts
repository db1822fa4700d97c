import { z } from 'zod';
import { pageFields, pageOf } from './envelope';

/** Paths of the ledger calls; the server registers exactly these and the clients call them. */
export const LedgerPath = {
  balances: '/api/ledger/balances',
  flow: '/api/ledger/flow',
  adminVerify: '/api/admin/ledger/verify',
} as const;

/** Result codes of ledger refusals (the generic ones live in `ResultCode`). */
export const LedgerResultCode = {
  insufficientFunds: '-2001',
  invalidAmount: '-2002',
} as const;

/** A plain decimal string as it travels on the wire: "12", "-0.5", "1234.5678". Never a number. */
export const DecimalString = z.string().regex(/^-?\d+(?:\.\d+)?$/);

/** Asset / currency codes: CNY, USDT, BTC, INTEGRAL... */
export const CurrencyCode = z.string().regex(/^[A-Z][A-Z0-9_]{1,19}$/);

/** A calendar day in China Standard Time (Asia/Shanghai), the day the spec's "current" means. */
export const LedgerDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const LedgerFlowKind = z.enum(['available', 'frozen']);
export type LedgerFlowKind = z.infer<typeof LedgerFlowKind>;

/** `current`: today's movements; `history`: movements of days before today, narrowed by from/to. */
export const LedgerFlowMode = z.enum(['current', 'history']);
export type LedgerFlowMode = z.infer<typeof LedgerFlowMode>;

export const LedgerBalancesRequest = z.strictObject({ currency: CurrencyCode.optional() });
export type LedgerBalancesRequest = z.infer<typeof LedgerBalancesRequest>;

/** One currency of the caller's fund account; exact strings, display truncation is the client's. */
export const LedgerBalance = z.object({
  currency: z.string(),
  available: DecimalString,
  frozen: DecimalString,
  total: DecimalString,
});
export type LedgerBalance = z.infer<typeof LedgerBalance>;
export const LedgerBalances = z.array(LedgerBalance);
export type LedgerBalances = z.infer<typeof LedgerBalances>;

/** The refinement of a request with an optional `from`…`to` day range: `to` may not come before `from`. */
export const dayRangeInOrder = (message = 'to must not be before from') =>
  [(r: { from?: string | undefined; to?: string | undefined }) => !r.from || !r.to || r.from <= r.to, { path: ['to'] as string[], message }] as const;

/** The filters of an account or frozen flow, current (today) or history; the capital center's flow takes the same. */
export const ledgerFlowFields = {
  kind: LedgerFlowKind,
  mode: LedgerFlowMode,
  from: LedgerDay.optional(),
  to: LedgerDay.optional(),
  type: z.string().min(1).max(64).optional(),
  ...pageFields(),
};

export const LedgerFlowRequest = z.strictObject({ ...ledgerFlowFields, currency: CurrencyCode.optional() }).refine(...dayRangeInOrder());
export type LedgerFlowRequest = z.infer<typeof LedgerFlowRequest>;

export const LedgerFlowEntry = z.object({
  id: z.string(),
  journalId: z.string(),
  /** The business event, e.g. `capital.deposit`. */
  type: z.string(),
  description: z.string(),
  businessRef: z.string().nullable(),
  currency: z.string(),
  /** Signed: positive credits the account, negative debits it. */
  amount: DecimalString,
  balanceAfter: DecimalString,
  createdAt: z.string(),
});
export type LedgerFlowEntry = z.infer<typeof LedgerFlowEntry>;
export const LedgerFlowPage = pageOf(LedgerFlowEntry);
export type LedgerFlowPage = z.infer<typeof LedgerFlowPage>;

export const LedgerMismatchKind = z.enum(['account_balance', 'balance_after', 'journal_unbalanced', 'journal_empty', 'negative_balance']);
export type LedgerMismatchKind = z.infer<typeof LedgerMismatchKind>;

export const LedgerMismatch = z.object({
  kind: LedgerMismatchKind,
  accountId: z.string().nullable(),
  journalId: z.string().nullable(),
  postingId: z.string().nullable(),
  currency: z.string().nullable(),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
});
export type LedgerMismatch = z.infer<typeof LedgerMismatch>;

export const LedgerVerifyReport = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  journals: z.number().int(),
  postings: z.number().int(),
  mismatches: z.array(LedgerMismatch),
  checkedAt: z.string(),
});
export type LedgerVerifyReport = z.infer<typeof LedgerVerifyReport>;
