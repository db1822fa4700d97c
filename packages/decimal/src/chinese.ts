import { Decimal, type DecimalInput } from './decimal';
import { DecimalError } from './errors';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACE_UNITS = ['', '拾', '佰', '仟'] as const;

const WAN = 10_000n;
const YI = 100_000_000n;
/** From 1 亿亿 (10^16 yuan) up there is no conventional bank reading. */
const YUAN_LIMIT = YI * YI;

function digit(n: number): string {
  return DIGITS[n] ?? '';
}

/** One four-digit section (1..9999) without any section unit. */
function section(n: number): string {
  let out = '';
  let pendingZero = false;
  for (let place = 3; place >= 0; place -= 1) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      // Only a zero followed by a non-zero digit is spoken, once per run.
      if (out !== '') pendingZero = true;
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += digit(d) + (PLACE_UNITS[place] ?? '');
  }
  return out;
}

/** 1 .. 9999_9999 */
function belowYi(n: bigint): string {
  const wan = Number(n / WAN);
  const rest = Number(n % WAN);
  if (wan === 0) return section(rest);
  let out = `${section(wan)}万`;
  if (rest > 0) out += (rest < 1000 ? '零' : '') + section(rest);
  return out;
}

/** 1 .. YUAN_LIMIT − 1 */
function integerYuan(n: bigint): string {
  const yi = n / YI;
  const rest = n % YI;
  if (yi === 0n) return belowYi(rest);
  let out = `${belowYi(yi)}亿`;
  // A gap of at least one zero digit right below 亿 (covers an all-zero 万 section too).
  if (rest > 0n) out += (rest < 10_000_000n ? '零' : '') + belowYi(rest);
  return out;
}

/**
 * 人民币大写 (bank money numerals), e.g. "1234.56" → "壹仟贰佰叁拾肆元伍角陆分".
 *
 * The amount is truncated (not rounded) to 分. Rules:
 * - Integer digits are read in four-digit sections joined by 万 and 亿 (亿 sections nest 万, so
 *   the range reaches 9999万9999亿 and beyond that `OUT_OF_RANGE` is thrown). Tens keep their
 *   digit as banks write them: 10 → 壹拾, 100010 → 壹拾万零壹拾.
 * - Zeros inside a section: a run of zeros between non-zero digits is written as one 零
 *   (1001 → 壹仟零壹); trailing zeros of a section are silent (1010000 → 壹佰零壹万).
 * - Zeros across 万/亿 boundaries: when a lower non-zero section does not start at its
 *   thousands digit, or a whole section between two non-zero ones is zero, a single 零 joins them
 *   (100000001 → 壹亿零壹元; 100010 → 壹拾万零壹拾元); an all-zero tail is silent
 *   (110000000 → 壹亿壹仟万元).
 * - Fraction: 角 then 分. A whole amount ends in 整; 整 is not written after 角 or 分
 *   (10.50 → 壹拾元伍角). A zero 角 before a non-zero 分 is written as 零 (10.05 → 壹拾元零伍分).
 * - When the integer part is zero it is omitted (0.05 → 伍分, 0.5 → 伍角); zero itself is 零元整.
 * - Negative amounts are prefixed with 负 (−1.5 → 负壹元伍角); an amount that truncates to zero
 *   has no sign.
 */
export function toChineseUppercase(amount: DecimalInput): string {
  const fen = Decimal.from(amount).truncate(2).toUnits(2);
  if (fen === 0n) return '零元整';
  const magnitude = fen < 0n ? -fen : fen;
  const yuan = magnitude / 100n;
  if (yuan >= YUAN_LIMIT) {
    throw new DecimalError('OUT_OF_RANGE', 'amount too large for Chinese uppercase numerals');
  }
  const jiaoDigit = Number((magnitude / 10n) % 10n);
  const fenDigit = Number(magnitude % 10n);

  let out = fen < 0n ? '负' : '';
  if (yuan > 0n) out += `${integerYuan(yuan)}元`;
  if (jiaoDigit === 0 && fenDigit === 0) return `${out}整`;
  if (jiaoDigit > 0) out += `${digit(jiaoDigit)}角`;
  else if (yuan > 0n) out += '零';
  if (fenDigit > 0) out += `${digit(fenDigit)}分`;
  return out;
}
