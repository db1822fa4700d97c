import { z } from 'zod';
import { pageOf } from './envelope';

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

export const LedgerFlowRequest = z
  .strictObject({
    kind: LedgerFlowKind,
    mode: LedgerFlowMode,
    currency: CurrencyCode.optional(),
    from: LedgerDay.optional(),
    to: LedgerDay.optional(),
    type: z.string().min(1).max(64).optional(),
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { path: ['to'], message: 'to must not be before from' });
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
