import { DecimalError } from './errors';

/**
 * How to drop digits beyond the requested places.
 * - `truncate`: toward zero — the money default ("amounts are truncated, not rounded").
 * - `floor` / `ceil`: toward −∞ / +∞.
 * - `half-up`: to nearest, ties away from zero (commercial rounding).
 */
export type RoundingMode = 'truncate' | 'floor' | 'ceil' | 'half-up';

/** Anything the API accepts as a value. Numbers are deliberately absent: money is never a JS float. */
export type DecimalInput = Decimal | string;

/**
 * Ceiling for places/scale arguments. Far beyond any money use; it exists so that a corrupted
 * argument fails fast instead of building a gigantic power of ten.
 */
export const MAX_PLACES = 1000;

// ASCII digits only (no `u` flag, so \d does not match full-width digits); no exponent, no
// sign other than a leading minus, no bare "." on either side.
const DECIMAL_PATTERN = /^-?\d+(?:\.\d+)?$/;

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function assertPlaces(places: number, name = 'places'): void {
  if (!Number.isSafeInteger(places) || places < 0 || places > MAX_PLACES) {
    throw new DecimalError(
      'INVALID_ARGUMENT',
      `${name} must be an integer between 0 and ${MAX_PLACES}, got ${String(places)}`,
    );
  }
}

/** Integer division of `n` by a positive `d`, resolving the remainder per `mode`. */
function divideInteger(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = n / d; // BigInt division already truncates toward zero
  const r = n % d;
  if (r === 0n) return q;
  switch (mode) {
    case 'truncate':
      return q;
    case 'floor':
      return n < 0n ? q - 1n : q;
    case 'ceil':
      return n > 0n ? q + 1n : q;
    case 'half-up': {
      const twiceRemainder = (r < 0n ? -r : r) * 2n;
      if (twiceRemainder < d) return q;
      return n < 0n ? q - 1n : q + 1n;
    }
    default:
      throw new DecimalError('INVALID_ARGUMENT', `unknown rounding mode ${String(mode)}`);
  }
}

/**
 * Immutable exact decimal: `coefficient × 10^-scale`.
 *
 * Values are kept normalized (no trailing fractional zeros), so two equal values always have the
 * same coefficient and scale and `toString()` is canonical.
 */
export class Decimal {
  static readonly ZERO = new Decimal(0n, 0);

  readonly coefficient: bigint;
  readonly scale: number;

  private constructor(coefficient: bigint, scale: number) {
    let c = coefficient;
    let s = scale;
    while (s > 0 && c % 10n === 0n) {
      c /= 10n;
      s -= 1;
    }
    this.coefficient = c;
    this.scale = s;
    Object.freeze(this);
  }

  /** Parses a plain decimal string ("12", "-0.5", "1234.5678"); throws `DecimalError` otherwise. */
  static parse(text: string): Decimal {
    if (typeof text !== 'string') {
      throw new DecimalError('INVALID_FORMAT', `expected a decimal string, got ${typeof text}`);
    }
    if (!DECIMAL_PATTERN.test(text)) {
      throw new DecimalError('INVALID_FORMAT', `not a plain decimal string: ${JSON.stringify(text)}`);
    }
    const dot = text.indexOf('.');
    if (dot === -1) return new Decimal(BigInt(text), 0);
    const fraction = text.slice(dot + 1);
    return new Decimal(BigInt(text.slice(0, dot) + fraction), fraction.length);
  }

  /** Accepts a `Decimal` as is and parses a string; rejects anything else at runtime (e.g. a number from untyped code). */
  static from(input: DecimalInput): Decimal {
    if (input instanceof Decimal) return input;
    if (typeof input === 'string') return Decimal.parse(input);
    throw new DecimalError('INVALID_ARGUMENT', `expected a decimal string, got ${typeof input}`);
  }

  /** The value `units × 10^-scale`, e.g. `fromUnits(12345n, 2)` is 123.45. */
  static fromUnits(units: bigint, scale: number): Decimal {
    if (typeof units !== 'bigint') {
      throw new DecimalError('INVALID_ARGUMENT', `units must be a bigint, got ${typeof units}`);
    }
    assertPlaces(scale, 'scale');
    return new Decimal(units, scale);
  }

  add(other: DecimalInput): Decimal {
    const o = Decimal.from(other);
    const scale = Math.max(this.scale, o.scale);
    return new Decimal(this.#at(scale) + o.#at(scale), scale);
  }

  sub(other: DecimalInput): Decimal {
    const o = Decimal.from(other);
    const scale = Math.max(this.scale, o.scale);
    return new Decimal(this.#at(scale) - o.#at(scale), scale);
  }

  mul(other: DecimalInput): Decimal {
    const o = Decimal.from(other);
    return new Decimal(this.coefficient * o.coefficient, this.scale + o.scale);
  }

  /**
   * `this / other` with exactly `places` fractional digits; digits beyond are dropped per `mode`.
   * Division has no exact result in general, so the caller must always choose the precision.
   */
  div(other: DecimalInput, places: number, mode: RoundingMode = 'truncate'): Decimal {
    const o = Decimal.from(other);
    assertPlaces(places);
    if (o.coefficient === 0n) throw new DecimalError('DIVISION_BY_ZERO', 'division by zero');
    // (a / 10^as) / (b / 10^bs) × 10^places = a × 10^(bs + places) / (b × 10^as)
    let numerator = this.coefficient * pow10(o.scale + places);
    let denominator = o.coefficient * pow10(this.scale);
    if (denominator < 0n) {
      numerator = -numerator;
      denominator = -denominator;
    }
    return new Decimal(divideInteger(numerator, denominator, mode), places);
  }

  cmp(other: DecimalInput): -1 | 0 | 1 {
    const o = Decimal.from(other);
    const scale = Math.max(this.scale, o.scale);
    const a = this.#at(scale);
    const b = o.#at(scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: DecimalInput): boolean {
    return this.cmp(other) === 0;
  }

  lt(other: DecimalInput): boolean {
    return this.cmp(other) < 0;
  }

  gt(other: DecimalInput): boolean {
    return this.cmp(other) > 0;
  }

  lte(other: DecimalInput): boolean {
    return this.cmp(other) <= 0;
  }

  gte(other: DecimalInput): boolean {
    return this.cmp(other) >= 0;
  }

  isZero(): boolean {
    return this.coefficient === 0n;
  }

  isNegative(): boolean {
    return this.coefficient < 0n;
  }

  isPositive(): boolean {
    return this.coefficient > 0n;
  }

  neg(): Decimal {
    return new Decimal(-this.coefficient, this.scale);
  }

  abs(): Decimal {
    return this.coefficient < 0n ? this.neg() : this;
  }

  /** At most `places` fractional digits, dropping the rest per `mode`. */
  quantize(places: number, mode: RoundingMode): Decimal {
    assertPlaces(places);
    if (this.scale <= places) return this;
    return new Decimal(divideInteger(this.coefficient, pow10(this.scale - places), mode), places);
  }

  /** Drops digits beyond `places` toward zero: 1.239 → 1.23, −1.239 → −1.23. */
  truncate(places: number): Decimal {
    return this.quantize(places, 'truncate');
  }

  /** Rounds to `places`, half-up (ties away from zero) unless another mode is given. */
  round(places: number, mode: RoundingMode = 'half-up'): Decimal {
    return this.quantize(places, mode);
  }

  /** Exactly `places` fractional digits: truncated toward zero, then zero-padded. */
  toFixed(places: number): string {
    const t = this.truncate(places);
    return t.#format(places);
  }

  /** The integer `value × 10^scale`; throws `INEXACT` when the value has more fractional digits than `scale`. */
  toUnits(scale: number): bigint {
    assertPlaces(scale, 'scale');
    if (this.scale > scale) {
      throw new DecimalError('INEXACT', `${this.toString()} does not fit in ${scale} decimal places`);
    }
    return this.#at(scale);
  }

  /** Canonical form: no exponent, no trailing fractional zeros, no "-0". */
  toString(): string {
    return this.#format(this.scale);
  }

  toJSON(): string {
    return this.toString();
  }

  /**
   * Refuses implicit numeric or `+` coercion, which would silently turn money into a float or
   * concatenate two amounts as strings. String contexts (`String(d)`, template literals) still work.
   */
  [Symbol.toPrimitive](hint: string): string {
    if (hint === 'string') return this.toString();
    throw new DecimalError(
      'INVALID_ARGUMENT',
      'a Decimal cannot be coerced implicitly; use its methods or toString()',
    );
  }

  /** Coefficient rescaled to `scale` (which must be >= this.scale). */
  #at(scale: number): bigint {
    return this.coefficient * pow10(scale - this.scale);
  }

  /** Renders with exactly `places` fractional digits (places >= this.scale). */
  #format(places: number): string {
    const negative = this.coefficient < 0n;
    const digits = (negative ? -this.coefficient : this.coefficient)
      .toString()
      .padStart(this.scale + 1, '0');
    const integerPart = digits.slice(0, digits.length - this.scale);
    const fraction = digits.slice(digits.length - this.scale).padEnd(places, '0');
    return (negative ? '-' : '') + integerPart + (places > 0 ? `.${fraction}` : '');
  }
}

/**
 * True for plain decimal strings such as "12", "-0.5", "007.10": optional leading minus, ASCII
 * digits, optional fraction with at least one digit. No exponent, whitespace, "+", ".5" or "5.".
 */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

export function parse(text: string): Decimal {
  return Decimal.parse(text);
}

/** Canonical string of any accepted input: "1.10" → "1.1", "-0.00" → "0". */
export function normalize(value: DecimalInput): string {
  return Decimal.from(value).toString();
}

export function add(a: DecimalInput, b: DecimalInput): string {
  return Decimal.from(a).add(b).toString();
}

export function sub(a: DecimalInput, b: DecimalInput): string {
  return Decimal.from(a).sub(b).toString();
}

export function mul(a: DecimalInput, b: DecimalInput): string {
  return Decimal.from(a).mul(b).toString();
}

/** `a / b` at `places` fractional digits; truncates toward zero unless another mode is given. */
export function div(
  a: DecimalInput,
  b: DecimalInput,
  places: number,
  mode: RoundingMode = 'truncate',
): string {
  return Decimal.from(a).div(b, places, mode).toString();
}

export function cmp(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  return Decimal.from(a).cmp(b);
}

export function eq(a: DecimalInput, b: DecimalInput): boolean {
  return Decimal.from(a).eq(b);
}

export function lt(a: DecimalInput, b: DecimalInput): boolean {
  return Decimal.from(a).lt(b);
}

export function gt(a: DecimalInput, b: DecimalInput): boolean {
  return Decimal.from(a).gt(b);
}

export function lte(a: DecimalInput, b: DecimalInput): boolean {
  return Decimal.from(a).lte(b);
}

export function gte(a: DecimalInput, b: DecimalInput): boolean {
  return Decimal.from(a).gte(b);
}

export function isZero(value: DecimalInput): boolean {
  return Decimal.from(value).isZero();
}

export function isNegative(value: DecimalInput): boolean {
  return Decimal.from(value).isNegative();
}

export function isPositive(value: DecimalInput): boolean {
  return Decimal.from(value).isPositive();
}

export function neg(value: DecimalInput): string {
  return Decimal.from(value).neg().toString();
}

export function abs(value: DecimalInput): string {
  return Decimal.from(value).abs().toString();
}

/** Truncates toward zero to at most `places` fractional digits (never rounds). */
export function truncate(value: DecimalInput, places: number): string {
  return Decimal.from(value).truncate(places).toString();
}

/** Rounds to at most `places` fractional digits, half-up unless another mode is given. */
export function round(value: DecimalInput, places: number, mode: RoundingMode = 'half-up'): string {
  return Decimal.from(value).round(places, mode).toString();
}

/** Exactly `places` fractional digits, truncated toward zero then zero-padded: ("1.239", 2) → "1.23". */
export function toFixed(value: DecimalInput, places: number): string {
  return Decimal.from(value).toFixed(places);
}

/** Sum of all values; "0" for an empty list. */
export function sum(values: readonly DecimalInput[]): string {
  let total = Decimal.ZERO;
  for (const v of values) total = total.add(v);
  return total.toString();
}

function extreme(values: readonly DecimalInput[], pick: (a: Decimal, b: Decimal) => boolean, name: string): string {
  const [first, ...rest] = values;
  if (first === undefined) {
    throw new DecimalError('INVALID_ARGUMENT', `${name} of an empty list`);
  }
  let best = Decimal.from(first);
  for (const v of rest) {
    const d = Decimal.from(v);
    if (pick(d, best)) best = d;
  }
  return best.toString();
}

/** Smallest value; throws on an empty list, which has no minimum. */
export function min(values: readonly DecimalInput[]): string {
  return extreme(values, (a, b) => a.lt(b), 'min');
}

/** Largest value; throws on an empty list, which has no maximum. */
export function max(values: readonly DecimalInput[]): string {
  return extreme(values, (a, b) => a.gt(b), 'max');
}

/**
 * Integer units for the matching engine: `toUnits("123.45", 2) === 12345n`. Throws `INEXACT`
 * rather than dropping digits, so a price or quantity off the tick grid is never silently altered.
 */
export function toUnits(value: DecimalInput, scale: number): bigint {
  return Decimal.from(value).toUnits(scale);
}

/** Canonical decimal string of `units × 10^-scale`: `fromUnits(12345n, 2) === "123.45"`. */
export function fromUnits(units: bigint, scale: number): string {
  return Decimal.fromUnits(units, scale).toString();
}
