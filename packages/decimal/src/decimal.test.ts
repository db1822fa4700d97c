import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  Decimal,
  DecimalError,
  MAX_PLACES,
  abs,
  add,
  cmp,
  div,
  eq,
  formatAmount,
  fromUnits,
  gt,
  gte,
  isDecimalString,
  isNegative,
  isPositive,
  isZero,
  lt,
  lte,
  max,
  min,
  mul,
  neg,
  normalize,
  parse,
  round,
  sub,
  sum,
  toFixed,
  toPrintFormat,
  toUnits,
  truncate,
} from './index';
import type { DecimalErrorCode } from './index';

function errorCode(fn: () => unknown): DecimalErrorCode | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof DecimalError) return e.code;
    throw e;
  }
  return undefined;
}

/** Arbitrary decimal strings well beyond float precision, with up to 12 fractional digits. */
const decimalArb = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }))
  .map(([units, scale]) => fromUnits(units, scale));
const placesArb = fc.integer({ min: 0, max: 8 });

describe('parse and isDecimalString', () => {
  it.each([
    ['12', '12'],
    ['-0.5', '-0.5'],
    ['1234.5678', '1234.5678'],
    ['0', '0'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['1.10', '1.1'],
    ['100', '100'],
    ['007.50', '7.5'],
    ['123456789012345678901234567890.123456789', '123456789012345678901234567890.123456789'],
  ])('accepts %j as %s', (input, canonical) => {
    expect(isDecimalString(input)).toBe(true);
    expect(parse(input).toString()).toBe(canonical);
  });

  it.each([
    '',
    ' ',
    ' 1',
    '1 ',
    '1 000',
    '1e5',
    '1E5',
    '1.5e-3',
    '1.2.3',
    '.5',
    '5.',
    '-',
    '-.5',
    '+1',
    '--1',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1,000',
    '1_000',
    '１２',
    '١٢',
    '12\n',
  ])('rejects %j', (input) => {
    expect(isDecimalString(input)).toBe(false);
    expect(errorCode(() => parse(input))).toBe('INVALID_FORMAT');
  });

  it('rejects non-strings at runtime', () => {
    for (const value of [Number.NaN, 0.1, 1n, null, undefined, {}]) {
      expect(isDecimalString(value)).toBe(false);
      expect(errorCode(() => parse(value as unknown as string))).toBe('INVALID_FORMAT');
      expect(errorCode(() => add(value as unknown as string, '1'))).toBeDefined();
    }
  });

  it('throws a DecimalError that is also an Error', () => {
    expect(() => parse('abc')).toThrow(DecimalError);
    expect(() => parse('abc')).toThrow(Error);
    try {
      parse('1e5');
    } catch (e) {
      expect(e).toBeInstanceOf(DecimalError);
      expect((e as DecimalError).name).toBe('DecimalError');
      expect((e as DecimalError).message).toContain('1e5');
    }
  });
});

describe('arithmetic', () => {
  it('adds without float error', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(eq(add('0.1', '0.2'), '0.3')).toBe(true);
    expect(sub('0.3', '0.1')).toBe('0.2');
    expect(mul('1.1', '1.1')).toBe('1.21');
    expect(mul('0.07', '100')).toBe('7');
    expect(add('1.005', '-1.005')).toBe('0');
  });

  it('handles signs and mixed scales', () => {
    expect(add('-1.5', '0.25')).toBe('-1.25');
    expect(sub('1', '1.001')).toBe('-0.001');
    expect(mul('-2.5', '-4')).toBe('10');
    expect(mul('-2.5', '0')).toBe('0');
    expect(neg('0')).toBe('0');
    expect(neg('-3.20')).toBe('3.2');
    expect(abs('-3.20')).toBe('3.2');
    expect(abs('3')).toBe('3');
  });

  it('is exact beyond 2^53', () => {
    expect(add('9007199254740993', '0')).toBe('9007199254740993');
    expect(add('9007199254740992', '1')).toBe('9007199254740993');
    expect(mul('99999999999999999999.99', '100')).toBe('9999999999999999999999');
    expect(sub('100000000000000000000000.01', '0.02')).toBe('99999999999999999999999.99');
    expect(mul('123456789.123456789', '987654321.987654321')).toBe(
      '121932631356500531.347203169112635269',
    );
  });

  it('divides at an explicit scale, truncating by default', () => {
    expect(div('10', '3', 2)).toBe('3.33');
    expect(div('-10', '3', 2)).toBe('-3.33');
    expect(div('10', '-3', 2)).toBe('-3.33');
    expect(div('-10', '-3', 2)).toBe('3.33');
    expect(div('2', '3', 0)).toBe('0');
    expect(div('1', '8', 2)).toBe('0.12');
    expect(div('1', '8', 5)).toBe('0.125');
    expect(div('0.5', '0.25', 4)).toBe('2');
    expect(div('1234.5678', '0.01', 0)).toBe('123456');
  });

  it('divides with each rounding mode', () => {
    expect(div('2', '3', 2, 'half-up')).toBe('0.67');
    expect(div('-2', '3', 2, 'half-up')).toBe('-0.67');
    expect(div('1', '8', 2, 'half-up')).toBe('0.13');
    expect(div('-1', '8', 2, 'half-up')).toBe('-0.13');
    expect(div('1', '3', 2, 'floor')).toBe('0.33');
    expect(div('-1', '3', 2, 'floor')).toBe('-0.34');
    expect(div('1', '3', 2, 'ceil')).toBe('0.34');
    expect(div('-1', '3', 2, 'ceil')).toBe('-0.33');
    expect(div('1', '4', 2, 'ceil')).toBe('0.25');
  });

  it('rejects division by zero and bad places', () => {
    expect(errorCode(() => div('1', '0', 2))).toBe('DIVISION_BY_ZERO');
    expect(errorCode(() => div('1', '-0.00', 2))).toBe('DIVISION_BY_ZERO');
    expect(errorCode(() => div('1', '3', -1))).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => div('1', '3', 1.5))).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => div('1', '3', MAX_PLACES + 1))).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => div('1', '3', 2, 'nearest' as never))).toBe('INVALID_ARGUMENT');
  });
});

describe('comparison and predicates', () => {
  it('compares numerically, not lexically', () => {
    expect(cmp('10', '9')).toBe(1);
    expect(cmp('9', '10')).toBe(-1);
    expect(cmp('1.10', '1.1')).toBe(0);
    expect(cmp('-0.01', '0')).toBe(-1);
    expect(cmp('-2', '-10')).toBe(1);
    expect(eq('0', '-0.000')).toBe(true);
    expect(lt('0.09', '0.1')).toBe(true);
    expect(gt('0.1', '0.09')).toBe(true);
    expect(lte('1', '1.00')).toBe(true);
    expect(gte('1', '1.00')).toBe(true);
    expect(lte('1.001', '1')).toBe(false);
    expect(gte('0.999', '1')).toBe(false);
  });

  it('classifies sign', () => {
    expect(isZero('0.000')).toBe(true);
    expect(isZero('-0')).toBe(true);
    expect(isZero('0.001')).toBe(false);
    expect(isNegative('-0.001')).toBe(true);
    expect(isNegative('-0')).toBe(false);
    expect(isPositive('0.001')).toBe(true);
    expect(isPositive('0')).toBe(false);
  });
});

describe('truncate, round and toFixed', () => {
  it('truncates toward zero, never rounds', () => {
    expect(truncate('1.239', 2)).toBe('1.23');
    expect(truncate('1.2399999', 3)).toBe('1.239');
    expect(truncate('-1.239', 2)).toBe('-1.23');
    expect(truncate('-1.2399999', 3)).toBe('-1.239');
    expect(truncate('-0.009', 2)).toBe('0');
    expect(truncate('0.999', 0)).toBe('0');
    expect(truncate('-0.999', 0)).toBe('0');
    expect(truncate('1.2', 2)).toBe('1.2');
    expect(truncate('100', 2)).toBe('100');
  });

  it('rounds half-up, ties away from zero', () => {
    expect(round('1.235', 2)).toBe('1.24');
    expect(round('1.2349', 2)).toBe('1.23');
    expect(round('-1.235', 2)).toBe('-1.24');
    expect(round('-1.2349', 2)).toBe('-1.23');
    expect(round('0.5', 0)).toBe('1');
    expect(round('-0.5', 0)).toBe('-1');
    expect(round('2.5', 0)).toBe('3');
    expect(round('9.995', 2)).toBe('10');
    expect(round('1.239', 2, 'truncate')).toBe('1.23');
    expect(round('-1.231', 2, 'floor')).toBe('-1.24');
  });

  it('pads or truncates to a fixed number of places', () => {
    expect(toFixed('1', 2)).toBe('1.00');
    expect(toFixed('1.5', 3)).toBe('1.500');
    expect(toFixed('1.239', 2)).toBe('1.23');
    expect(toFixed('-1.239', 2)).toBe('-1.23');
    expect(toFixed('-0.001', 2)).toBe('0.00');
    expect(toFixed('12.99', 0)).toBe('12');
    expect(toFixed('0', 0)).toBe('0');
    expect(toFixed('0.05', 1)).toBe('0.0');
  });

  it('rejects invalid places', () => {
    expect(errorCode(() => truncate('1', -1))).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => toFixed('1', Number.NaN))).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => round('1', Infinity))).toBe('INVALID_ARGUMENT');
  });
});

describe('aggregates', () => {
  it('sums exactly', () => {
    expect(sum([])).toBe('0');
    expect(sum(['0.1', '0.2', '0.3'])).toBe('0.6');
    expect(sum(Array.from({ length: 10 }, () => '0.1'))).toBe('1');
    expect(sum(['9007199254740993', '-1', '0.01'])).toBe('9007199254740992.01');
  });

  it('finds min and max numerically', () => {
    expect(min(['10', '9', '9.5'])).toBe('9');
    expect(max(['10', '9', '9.5'])).toBe('10');
    expect(min(['-0.01', '0', '-0.1'])).toBe('-0.1');
    expect(max(['1.50'])).toBe('1.5');
    expect(errorCode(() => min([]))).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => max([]))).toBe('INVALID_ARGUMENT');
  });
});

describe('integer units', () => {
  it('converts to and from units', () => {
    expect(toUnits('123.45', 2)).toBe(12345n);
    expect(toUnits('123.4', 2)).toBe(12340n);
    expect(toUnits('-0.01', 2)).toBe(-1n);
    expect(toUnits('7', 0)).toBe(7n);
    expect(toUnits('1.10', 1)).toBe(11n);
    expect(toUnits('99999999999999999999.999', 3)).toBe(99999999999999999999999n);
    expect(fromUnits(12345n, 2)).toBe('123.45');
    expect(fromUnits(12340n, 2)).toBe('123.4');
    expect(fromUnits(-1n, 2)).toBe('-0.01');
    expect(fromUnits(0n, 4)).toBe('0');
    expect(fromUnits(5n, 0)).toBe('5');
  });

  it('refuses values that do not fit the scale exactly', () => {
    expect(errorCode(() => toUnits('123.456', 2))).toBe('INEXACT');
    expect(errorCode(() => toUnits('0.5', 0))).toBe('INEXACT');
    expect(errorCode(() => toUnits('1', -1))).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => fromUnits(1n, -2))).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => fromUnits(1 as unknown as bigint, 2))).toBe('INVALID_ARGUMENT');
  });
});

describe('Decimal value type', () => {
  it('is immutable and normalized', () => {
    const d = Decimal.parse('1.2300');
    expect(d.coefficient).toBe(123n);
    expect(d.scale).toBe(2);
    expect(Object.isFrozen(d)).toBe(true);
    const sumValue = d.add('1');
    expect(d.toString()).toBe('1.23');
    expect(sumValue.toString()).toBe('2.23');
  });

  it('chains methods', () => {
    const notional = Decimal.parse('3.1415').mul('2000').sub('0.3').div('3', 2);
    expect(notional.toString()).toBe('2094.23');
    expect(notional.toFixed(3)).toBe('2094.230');
    expect(Decimal.from(notional)).toBe(notional);
    expect(Decimal.ZERO.isZero()).toBe(true);
  });

  it('serializes as its canonical string', () => {
    expect(JSON.stringify({ price: Decimal.parse('10.50') })).toBe('{"price":"10.5"}');
    expect(`${Decimal.parse('-0.10')}`).toBe('-0.1');
    expect(String(Decimal.parse('2'))).toBe('2');
  });

  it('refuses implicit numeric coercion', () => {
    const a = Decimal.parse('0.1');
    const b = Decimal.parse('0.2');
    expect(() => (a as unknown as number) + (b as unknown as number)).toThrow(DecimalError);
    expect(() => Number(a)).toThrow(DecimalError);
    expect(() => (a as unknown as number) < (b as unknown as number)).toThrow(DecimalError);
  });

  it('accepts Decimal and string inputs interchangeably', () => {
    expect(add(Decimal.parse('0.1'), '0.2')).toBe('0.3');
    expect(cmp(Decimal.parse('2'), Decimal.parse('10'))).toBe(-1);
    expect(normalize(Decimal.parse('5.000'))).toBe('5');
    expect(normalize('-0.00')).toBe('0');
  });
});

describe('toPrintFormat', () => {
  it.each([
    ['123456789012.3456', '123456789012.34'],
    ['0.1', '0.1'],
    ['1.10', '1.1'],
    ['0', '0'],
    ['-0.00', '0'],
    ['12345678901234', '12345678901234'],
    ['1234567890123.45', '1234567890123.4'],
    ['12345678901234.9', '12345678901234'],
    ['-123456789012.3456', '-123456789012.34'],
    ['0.000123456789012345', '0.00012345678901234'],
    ['1.00000000000009', '1'],
    ['99999999999999.99', '99999999999999'],
    ['123456789012345678', '123456789012340000'],
    ['1200', '1200'],
    ['1.2300000000000099', '1.23'],
  ])('prints %s as %s', (input, expected) => {
    expect(toPrintFormat(input)).toBe(expected);
  });
});

describe('formatAmount', () => {
  it('truncates and groups for display', () => {
    expect(formatAmount('1234567.899', 2, { thousands: true })).toBe('1,234,567.89');
    expect(formatAmount('1234567.899', 2)).toBe('1234567.89');
    expect(formatAmount('-1234567.899', 2, { thousands: true })).toBe('-1,234,567.89');
    expect(formatAmount('999.999', 2, { thousands: true })).toBe('999.99');
    expect(formatAmount('1000', 0, { thousands: true })).toBe('1,000');
    expect(formatAmount('100000', 3, { thousands: true })).toBe('100,000.000');
    expect(formatAmount('0.5', 2, { thousands: true })).toBe('0.50');
    expect(formatAmount('-0.001', 2, { thousands: true })).toBe('0.00');
    expect(formatAmount('12345678901234567890', 1, { thousands: true })).toBe(
      '12,345,678,901,234,567,890.0',
    );
  });
});

describe('properties', () => {
  it('sub undoes add', () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, (a, b) => {
        expect(sub(add(a, b), b)).toBe(normalize(a));
        expect(add(sub(a, b), b)).toBe(normalize(a));
      }),
    );
  });

  it('add and mul are commutative', () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, (a, b) => {
        expect(add(a, b)).toBe(add(b, a));
        expect(mul(a, b)).toBe(mul(b, a));
      }),
    );
  });

  it('div undoes mul at sufficient scale', () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, (a, b) => {
        fc.pre(!isZero(b));
        expect(div(mul(a, b), b, Decimal.parse(a).scale)).toBe(a);
      }),
    );
  });

  it('truncate is idempotent, shrinks toward zero, and loses less than one unit', () => {
    fc.assert(
      fc.property(decimalArb, placesArb, (x, places) => {
        const t = truncate(x, places);
        expect(truncate(t, places)).toBe(t);
        expect(lte(abs(t), abs(x))).toBe(true);
        expect(isNegative(t) && isPositive(x)).toBe(false);
        expect(isPositive(t) && isNegative(x)).toBe(false);
        expect(lt(sub(abs(x), abs(t)), fromUnits(1n, places))).toBe(true);
      }),
    );
  });

  it('round half-up stays within half a unit', () => {
    fc.assert(
      fc.property(decimalArb, placesArb, (x, places) => {
        const r = round(x, places);
        expect(lte(abs(sub(x, r)), fromUnits(5n, places + 1))).toBe(true);
      }),
    );
  });

  it('toUnits and fromUnits round-trip', () => {
    fc.assert(
      fc.property(decimalArb, fc.integer({ min: 0, max: 6 }), (x, extra) => {
        const scale = Decimal.parse(x).scale + extra;
        expect(fromUnits(toUnits(x, scale), scale)).toBe(x);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt(), fc.integer({ min: 0, max: 20 }), (units, scale) => {
        expect(toUnits(fromUnits(units, scale), scale)).toBe(units);
      }),
    );
  });

  it('canonical strings parse back to themselves', () => {
    fc.assert(
      fc.property(decimalArb, (x) => {
        expect(isDecimalString(x)).toBe(true);
        expect(parse(x).toString()).toBe(x);
        expect(x).not.toMatch(/\.\d*0$|^-0$|^-?0\d/);
      }),
    );
  });

  it('toFixed has exactly the requested places and equals truncate', () => {
    fc.assert(
      fc.property(decimalArb, placesArb, (x, places) => {
        const fixed = toFixed(x, places);
        expect(fixed.split('.')[1]?.length ?? 0).toBe(places);
        expect(normalize(fixed)).toBe(truncate(x, places));
      }),
    );
  });

  it('print format keeps at most 14 significant digits and never grows', () => {
    fc.assert(
      fc.property(decimalArb, (x) => {
        const printed = toPrintFormat(x);
        const significant = printed.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
        expect(significant.length).toBeLessThanOrEqual(14);
        expect(lte(abs(printed), abs(x))).toBe(true);
        const digits = Decimal.parse(x).coefficient.toString().replace('-', '');
        if (digits.length <= 14) expect(printed).toBe(x);
      }),
    );
  });
});
