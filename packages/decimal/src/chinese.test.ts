import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Decimal, DecimalError, fromUnits, toChineseUppercase } from './index';

describe('toChineseUppercase', () => {
  it.each([
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['100.00', '壹佰元整'],
    ['1000000.07', '壹佰万元零柒分'],
    ['0', '零元整'],
    ['0.00', '零元整'],
    ['0.5', '伍角'],
    ['0.50', '伍角'],
    ['0.05', '伍分'],
    ['0.55', '伍角伍分'],
    ['10.50', '壹拾元伍角'],
    ['10.05', '壹拾元零伍分'],
    ['1', '壹元整'],
    ['10', '壹拾元整'],
    ['15', '壹拾伍元整'],
    ['1001', '壹仟零壹元整'],
    ['1010', '壹仟零壹拾元整'],
    ['1100', '壹仟壹佰元整'],
    ['100010', '壹拾万零壹拾元整'],
    ['10000', '壹万元整'],
    ['10001', '壹万零壹元整'],
    ['11000', '壹万壹仟元整'],
    ['1010000', '壹佰零壹万元整'],
    ['1001000', '壹佰万壹仟元整'],
    ['100000000', '壹亿元整'],
    ['100000001', '壹亿零壹元整'],
    ['100001000', '壹亿零壹仟元整'],
    ['100010000', '壹亿零壹万元整'],
    ['101000000', '壹亿零壹佰万元整'],
    ['110000000', '壹亿壹仟万元整'],
    ['1000000000', '壹拾亿元整'],
    ['123456789012.34', '壹仟贰佰叁拾肆亿伍仟陆佰柒拾捌万玖仟零壹拾贰元叁角肆分'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ['1000000000000', '壹万亿元整'],
    ['1000100000000', '壹万零壹亿元整'],
    ['9999999999999999.99', '玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ['-1.5', '负壹元伍角'],
    ['-0.05', '负伍分'],
    ['-100', '负壹佰元整'],
    ['-10.05', '负壹拾元零伍分'],
  ])('writes %s as %s', (amount, expected) => {
    expect(toChineseUppercase(amount)).toBe(expected);
  });

  it('truncates to fen instead of rounding', () => {
    expect(toChineseUppercase('1.999')).toBe('壹元玖角玖分');
    expect(toChineseUppercase('0.009')).toBe('零元整');
    expect(toChineseUppercase('-0.009')).toBe('零元整');
    expect(toChineseUppercase('-1.999')).toBe('负壹元玖角玖分');
    expect(toChineseUppercase('10.001')).toBe('壹拾元整');
  });

  it('accepts a Decimal', () => {
    expect(toChineseUppercase(Decimal.parse('20.3'))).toBe('贰拾元叁角');
  });

  it('rejects malformed and out-of-range amounts', () => {
    expect(() => toChineseUppercase('1e3')).toThrow(DecimalError);
    expect(() => toChineseUppercase('')).toThrow(DecimalError);
    expect(() => toChineseUppercase('10000000000000000')).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
  });

  it('never stutters zeros or places 零 before a unit or at the end', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n }), (fen) => {
        const text = toChineseUppercase(fromUnits(fen, 2));
        expect(text).toMatch(/^负?[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
        if (fen === 0n) return;
        expect(text).not.toMatch(/零零|零[拾佰仟万亿元角]|零$|亿万/);
        expect(text.startsWith('零')).toBe(false);
      }),
    );
  });

  it('reads back to the amount it was written from', () => {
    const value: Record<string, number> = {
      零: 0, 壹: 1, 贰: 2, 叁: 3, 肆: 4, 伍: 5, 陆: 6, 柒: 7, 捌: 8, 玖: 9,
    };
    const place: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };
    // Independent reader: accumulate digits × place within a section, then scale by 万/亿.
    function readYuan(text: string): bigint {
      const yi = text.split('亿');
      if (yi.length === 2) return readYuan(yi[0] ?? '') * 100_000_000n + readYuan(yi[1] ?? '');
      const wan = text.split('万');
      if (wan.length === 2) return readSection(wan[0] ?? '') * 10_000n + readSection(wan[1] ?? '');
      return readSection(text);
    }
    function readSection(text: string): bigint {
      let total = 0n;
      let pending = 0n;
      for (const ch of text) {
        if (ch in value) pending = BigInt(value[ch] ?? 0);
        else {
          total += pending * (place[ch] ?? 1n);
          pending = 0n;
        }
      }
      return total + pending;
    }
    function read(text: string): bigint {
      const negative = text.startsWith('负');
      const body = negative ? text.slice(1) : text;
      const [yuanText, fraction] = body.includes('元') ? body.split('元') : ['', body];
      let fen = readYuan(yuanText ?? '') * 100n;
      const jiao = /(.)角/.exec(fraction ?? '');
      const fenMatch = /(.)分/.exec(fraction ?? '');
      if (jiao?.[1] !== undefined) fen += BigInt(value[jiao[1]] ?? 0) * 10n;
      if (fenMatch?.[1] !== undefined) fen += BigInt(value[fenMatch[1]] ?? 0);
      return negative ? -fen : fen;
    }

    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n }), (fen) => {
        expect(read(toChineseUppercase(fromUnits(fen, 2)))).toBe(fen);
      }),
    );
  });
});
