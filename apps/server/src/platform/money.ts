import { toFixed, type DecimalInput } from '@tp/decimal';

/**
 * The wire forms of money and goods. Amounts are truncated toward zero, never rounded, so a
 * displayed figure is never more than what the books hold.
 */

/** A yuan amount with exactly two places. */
export const toMoney = (value: DecimalInput): string => toFixed(value, 2);

/** A quantity or weight (tonnes, pieces) with exactly three places. */
export const toQuantity = (value: DecimalInput): string => toFixed(value, 3);
