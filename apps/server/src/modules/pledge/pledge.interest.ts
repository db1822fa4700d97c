import { Decimal } from '@tp/decimal';
import { PLEDGE_DAY_BASIS } from '@tp/contract';
import { DAY_MS } from '../../platform/time';

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** One day's interest on `principal` at an annual rate: 年利率 / 360, truncated to the fen (the spec truncates money, never rounds). */
export const dayInterest = (principal: Decimal, annualRate: string): Decimal => principal.mul(annualRate).div(String(PLEDGE_DAY_BASIS), 2, 'truncate');

export interface AccrualTerms {
  principal: Decimal;
  annualRate: string;
  penaltyRate: string;
  /** The last day whose interest is already on the bill, and the loan's due day. */
  accruedThrough: string;
  dueDay: string;
}

export interface AccruedDay {
  day: string;
  principal: Decimal;
  interest: Decimal;
  penalty: Decimal;
}

/**
 * The bill days from the day after `accruedThrough` through `today`. Each day accrues on the
 * principal outstanding that day: ordinary interest up to and including the due day, penalty
 * interest (at the penalty rate, instead of the ordinary rate) on every day after it.
 */
export function accrue(terms: AccrualTerms, today: string): AccruedDay[] {
  const days: AccruedDay[] = [];
  if (!terms.principal.isPositive()) return days;
  for (let day = addDays(terms.accruedThrough, 1); day <= today; day = addDays(day, 1)) {
    const late = day > terms.dueDay;
    days.push({
      day,
      principal: terms.principal,
      interest: late ? Decimal.ZERO : dayInterest(terms.principal, terms.annualRate),
      penalty: late ? dayInterest(terms.principal, terms.penaltyRate) : Decimal.ZERO,
    });
  }
  return days;
}

export interface Allocation {
  penalty: Decimal;
  interest: Decimal;
  principal: Decimal;
}

const lesser = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b);

/** A payment settles penalty interest first, then interest, then principal (the usual order of a loan's debts). */
export function allocate(amount: Decimal, owed: { penalty: Decimal; interest: Decimal; principal: Decimal }): Allocation {
  const penalty = lesser(amount, owed.penalty);
  let left = amount.sub(penalty);
  const interest = lesser(left, owed.interest);
  left = left.sub(interest);
  return { penalty, interest, principal: lesser(left, owed.principal) };
}
