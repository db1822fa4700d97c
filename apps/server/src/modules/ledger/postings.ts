import { Decimal, type DecimalInput } from '@tp/decimal';
import { DEFAULT_BOOK, LedgerKind, PLATFORM_OWNER, type AccountRef, type LedgerBook, type LedgerOwner, type PostingInput } from './ledger.model';

/**
 * The legs of the money moves every trading module makes, built once so each journal is
 * balanced by construction: a freeze, a release, and the settlement of frozen money (less a fee).
 * They build postings only; the caller posts them under its own journal type and key.
 */

/** The currency of the commodity platform's fund accounts. */
export const FUND_CURRENCY = 'CNY';

export type FundSide = 'available' | 'frozen';

/** One owner's available and frozen accounts of one currency: what a freeze moves between. */
export interface FundPair {
  available: AccountRef;
  frozen: AccountRef;
}

/** The pair of `owner` in `currency`, in `book` (the fund account unless another book is named). */
export const fundPair = (owner: LedgerOwner, currency: string, book: LedgerBook = DEFAULT_BOOK): FundPair => ({
  available: { ownerType: owner.ownerType, ownerId: owner.ownerId, currency, kind: book.available },
  frozen: { ownerType: owner.ownerType, ownerId: owner.ownerId, currency, kind: book.frozen },
});

/** A firm's fund account (CNY): available and frozen are two ledger accounts of the firm. */
export const firmFund = (firmId: number | string, side: FundSide = 'available'): AccountRef => ({
  ownerType: 'firm',
  ownerId: String(firmId),
  currency: FUND_CURRENCY,
  kind: side === 'available' ? LedgerKind.available : LedgerKind.frozen,
});

/** Both sides of a firm's fund account. */
export const firmFundPair = (firmId: number | string): FundPair => ({ available: firmFund(firmId, 'available'), frozen: firmFund(firmId, 'frozen') });

/** The platform's fee income in `currency`. */
export const feeIncome = (currency: string = FUND_CURRENCY): AccountRef => ({ ...PLATFORM_OWNER, currency, kind: LedgerKind.feeIncome });

const amountOf = (value: DecimalInput) => Decimal.from(value);

/** available → frozen of one pair. */
function freeze(pair: FundPair, amount: DecimalInput): PostingInput[] {
  const value = amountOf(amount);
  return [
    { account: pair.available, amount: value.neg().toString() },
    { account: pair.frozen, amount: value.toString() },
  ];
}

/** frozen → available of one pair. */
function release(pair: FundPair, amount: DecimalInput): PostingInput[] {
  const value = amountOf(amount);
  return [
    { account: pair.frozen, amount: value.neg().toString() },
    { account: pair.available, amount: value.toString() },
  ];
}

export interface SettleFrozenLegs {
  /** The frozen account the whole amount leaves. */
  from: AccountRef;
  /** Receives the amount less the fee (a seller's available funds, bank clearing, fee income...). */
  to: AccountRef;
  amount: DecimalInput;
  /** The platform's share, taken from what `to` receives; no fee leg when zero or omitted. */
  fee?: DecimalInput | undefined;
  /** Where the fee goes; the platform's fee income in the amount's currency unless named. */
  feeAccount?: AccountRef | undefined;
}

/** Frozen money leaves for another account, the platform keeping its fee: one balanced set of legs. */
function settleFrozen(input: SettleFrozenLegs): PostingInput[] {
  const amount = amountOf(input.amount);
  const fee = input.fee === undefined ? Decimal.ZERO : amountOf(input.fee);
  return [
    { account: input.from, amount: amount.neg().toString() },
    { account: input.to, amount: amount.sub(fee).toString() },
    ...(fee.isPositive() ? [{ account: input.feeAccount ?? feeIncome(input.from.currency), amount: fee.toString() }] : []),
  ];
}

/** See the functions above; a namespace so `Postings.freeze` never reads as the ledger service's own `freeze`. */
export const Postings = { freeze, release, settleFrozen } as const;
