export { DecimalError } from './errors';
export type { DecimalErrorCode } from './errors';
export {
  Decimal,
  MAX_PLACES,
  isDecimalString,
  parse,
  normalize,
  add,
  sub,
  mul,
  div,
  cmp,
  eq,
  lt,
  gt,
  lte,
  gte,
  isZero,
  isNegative,
  isPositive,
  neg,
  abs,
  truncate,
  round,
  toFixed,
  sum,
  min,
  max,
  toUnits,
  fromUnits,
} from './decimal';
export type { DecimalInput, RoundingMode } from './decimal';
export { toChineseUppercase } from './chinese';
export { PRINT_SIGNIFICANT_DIGITS, toPrintFormat, formatAmount } from './format';
export type { FormatAmountOptions } from './format';
