import { BadRequestError } from './http/index';
import { text } from './i18n/index';

/**
 * The platform trades on Asia/Shanghai time whatever the server's zone: business days, receipt and
 * contract numbers, flow windows and printed times are all read on that clock.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** China Standard Time is UTC+8 all year (no daylight saving since 1991). */
export const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

const shifted = (at: Date | string) => new Date(new Date(at).getTime() + SHANGHAI_OFFSET_MS).toISOString();

/** The calendar day (YYYY-MM-DD) of an instant in Asia/Shanghai. */
export function shanghaiDay(at: Date | string): string {
  return shifted(at).slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` of an instant in Asia/Shanghai. */
export function shanghaiMinute(at: Date | string): string {
  return shifted(at).slice(0, 16).replace('T', ' ');
}

/** The instant a Shanghai calendar day starts; refuses impossible dates such as 2026-02-30. */
export function shanghaiDayStart(day: string): Date {
  const start = new Date(`${day}T00:00:00.000+08:00`);
  if (Number.isNaN(start.getTime()) || shanghaiDay(start) !== day) {
    throw new BadRequestError(text('日期无效：{day}', 'Invalid date: {day}', '日期無效：{day}'), { day });
  }
  return start;
}
