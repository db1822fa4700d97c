import { Decimal, isDecimalString } from '@tp/decimal';
import { isJournalType } from '@tp/contract';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from '../../platform/time';
import { InvalidAmountError, LedgerUsageError, UnbalancedJournalError } from './ledger.errors';
import { OWNER_TYPES, defaultScaleOf, type AccountFlowQuery, type AccountRef, type PostingInput } from './ledger.model';

/** The checks every journal passes before anything touches the database, and the flow's day window. */

/** numeric(38, 18) leaves 20 integer digits. */
const AMOUNT_LIMIT = Decimal.parse('100000000000000000000');

export const accountKey = (ref: AccountRef): string => JSON.stringify([ref.ownerType, ref.ownerId, ref.currency, ref.kind]);

/** Statements word every journal type, so an unlisted one (say, cast in from a string) is a bug. */
export function checkType(type: string): void {
  if (!isJournalType(type)) throw new LedgerUsageError(`unknown journal type ${String(type)}: add it to the contract's JournalType`);
}

export function checkRef(ref: AccountRef): void {
  if (!OWNER_TYPES.includes(ref.ownerType)) throw new LedgerUsageError(`unknown owner type ${String(ref.ownerType)}`);
  if (!ref.ownerId) throw new LedgerUsageError('an account needs an owner id');
  if (!/^[A-Z][A-Z0-9_]{1,19}$/.test(ref.currency)) throw new LedgerUsageError(`invalid currency code ${String(ref.currency)}`);
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(ref.kind)) throw new LedgerUsageError(`invalid account kind ${String(ref.kind)}`);
}

/** A valid, non-zero amount within the currency's scale and the column's range; canonical form. */
export function checkAmount(amount: unknown, currency: string, scaleOf: (currency: string) => number = defaultScaleOf): Decimal {
  if (!isDecimalString(amount)) throw new InvalidAmountError(amount);
  const value = Decimal.parse(amount);
  if (value.isZero() || value.scale > scaleOf(currency) || value.abs().gte(AMOUNT_LIMIT)) throw new InvalidAmountError(amount);
  return value;
}

export interface CheckedPosting {
  account: AccountRef;
  key: string;
  amount: Decimal;
}

/** Validates every leg and that the legs sum to zero per currency (before anything touches the database). */
export function checkPostings(input: readonly PostingInput[], scaleOf: (currency: string) => number = defaultScaleOf): CheckedPosting[] {
  if (input.length < 2) throw new LedgerUsageError('a journal needs at least two postings');
  const checked = input.map((p) => {
    checkRef(p.account);
    return { account: p.account, key: accountKey(p.account), amount: checkAmount(p.amount, p.account.currency, scaleOf) };
  });
  const sums = new Map<string, Decimal>();
  for (const p of checked) sums.set(p.account.currency, (sums.get(p.account.currency) ?? Decimal.ZERO).add(p.amount));
  for (const [currency, total] of sums) if (!total.isZero()) throw new UnbalancedJournalError(currency, total.toString());
  return checked;
}

/** The createdAt window [from, until) a flow query covers. */
export function flowWindow(query: Pick<AccountFlowQuery, 'mode' | 'from' | 'to'>, now: Date): { from?: Date; until?: Date } {
  const todayStart = shanghaiDayStart(shanghaiDay(now));
  if (query.mode === 'current') return { from: todayStart, until: new Date(todayStart.getTime() + DAY_MS) };
  const from = query.from === undefined ? undefined : shanghaiDayStart(query.from);
  let until = query.to === undefined ? undefined : new Date(shanghaiDayStart(query.to).getTime() + DAY_MS);
  if (query.mode === 'history' && (until === undefined || until > todayStart)) until = todayStart;
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}
