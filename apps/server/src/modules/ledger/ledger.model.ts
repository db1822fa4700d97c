import type { JournalType, LedgerFlowKind, LedgerFlowMode } from '@tp/contract';

/** The ledger's vocabulary: owners, accounts and their kinds, and what posting takes and returns. */

export type LedgerOwnerType = 'firm' | 'user' | 'platform';
export const OWNER_TYPES: readonly string[] = ['firm', 'user', 'platform'];

export interface LedgerOwner {
  ownerType: LedgerOwnerType;
  ownerId: string;
}

/** An account is named by its owner, currency and kind; it is created on first use. */
export interface AccountRef extends LedgerOwner {
  currency: string;
  /** Open set; the common ones are in `LedgerKind`. */
  kind: string;
}

export const LedgerKind = {
  available: 'available',
  frozen: 'frozen',
  escrow: 'escrow',
  margin: 'margin',
  feeIncome: 'fee_income',
  bankClearingIcbc: 'bank_clearing_icbc',
  bankClearingOther: 'bank_clearing_other',
  chainClearing: 'chain_clearing',
  mallSettlement: 'mall_settlement',
  financier: 'financier',
} as const;

/** The platform itself as an owner of ledger accounts. */
export const PLATFORM_OWNER: LedgerOwner = { ownerType: 'platform', ownerId: 'platform' };

/**
 * Clearing accounts mirror money held outside the ledger (a bank, a chain): a deposit credits the
 * firm and debits clearing, so clearing runs negative by what the outside holds for the firms.
 * Only the platform's clearing accounts may do that.
 */
export function isClearingAccount(ref: Pick<AccountRef, 'ownerType' | 'kind'>): boolean {
  return ref.ownerType === 'platform' && /(^|_)clearing(_|$)/.test(ref.kind);
}

/** Fractional digits each currency may carry; money is truncated to these by the caller before posting. */
export const DEFAULT_CURRENCY_SCALES: Readonly<Record<string, number>> = {
  CNY: 2,
  USD: 2,
  HKD: 2,
  INTEGRAL: 0,
  USDT: 8,
  BTC: 8,
  ETH: 18,
};
/** The column's own scale: a currency without a configured scale may use all of it. */
const COLUMN_SCALE = 18;

export const defaultScaleOf = (currency: string): number => DEFAULT_CURRENCY_SCALES[currency] ?? COLUMN_SCALE;

export interface PostingInput {
  account: AccountRef;
  /** Signed decimal string: positive credits, negative debits. */
  amount: string;
}

export interface PostInput {
  idempotencyKey: string;
  /** The business event, e.g. `bank.deposit`: one of the contract's journal types. */
  type: JournalType;
  description?: string | undefined;
  businessRef?: string | undefined;
  /** Who initiated the event. */
  initiator?: LedgerOwner | undefined;
  postings: readonly PostingInput[];
}

export interface JournalPosting {
  id: string;
  accountId: string;
  account: AccountRef;
  amount: string;
  balanceAfter: string;
}

export interface Journal {
  id: string;
  idempotencyKey: string;
  type: string;
  description: string;
  businessRef: string | null;
  initiator: LedgerOwner | null;
  createdAt: Date;
  postings: JournalPosting[];
  /** True when the key was already posted and this call changed nothing. */
  replayed: boolean;
}

export interface LedgerAccount extends AccountRef {
  id: string;
  balance: string;
  allowNegative: boolean;
  version: number;
}

export interface JournalMeta {
  idempotencyKey: string;
  type: JournalType;
  description?: string | undefined;
  businessRef?: string | undefined;
  initiator?: LedgerOwner | undefined;
}

export interface TransferInput extends JournalMeta {
  from: AccountRef;
  to: AccountRef;
  /** Positive decimal string. */
  amount: string;
}

export interface FreezeInput extends JournalMeta {
  owner: LedgerOwner;
  currency: string;
  amount: string;
}

export interface SettleFrozenInput extends FreezeInput {
  /** Receives the frozen money; same currency. */
  to: AccountRef;
}

/**
 * The pair of kinds that hold one book's available and frozen money. The commodity platform's
 * fund account is the default; the exchange keeps one book per account type (spot, contract, fiat).
 */
export interface LedgerBook {
  available: string;
  frozen: string;
}

export const DEFAULT_BOOK: LedgerBook = { available: LedgerKind.available, frozen: LedgerKind.frozen };

export interface AccountFlowQuery {
  kind: LedgerFlowKind;
  /** Which book `kind` refers to; the fund account when omitted. */
  book?: LedgerBook | undefined;
  /** `current`: today (Asia/Shanghai); `history`: days before today. Omitted: from/to as given. */
  mode?: LedgerFlowMode | undefined;
  currency?: string | undefined;
  /** First day, YYYY-MM-DD in Asia/Shanghai, inclusive. */
  from?: string | undefined;
  /** Last day, YYYY-MM-DD in Asia/Shanghai, inclusive. */
  to?: string | undefined;
  type?: string | undefined;
  page: number;
  size: number;
}
