import { ListingFeeSettings } from '@tp/contract';

// The form checks with the contract's own schemas, so staff see the server's rule before they save.

export const DAYS = {
  balanceDays: { min: 1, max: 30 },
  graceDays: { min: 0, max: 30 },
} as const;

/** What the form holds: numbers are typed as text and read as the wire wants them on save. */
export interface FeeFormRow {
  commodityTypeId: string | undefined;
  buyerMarginRatio: string;
  sellerMarginRatio: string;
  graceDays: string;
}
export interface FeeFormValues {
  feeRate: string;
  defaultBuyerMarginRatio: string;
  defaultSellerMarginRatio: string;
  balanceDays: string;
  graceDays: string;
  forfeitPlatformShare: string;
  marketCloseTime: string;
  commodities: FeeFormRow[];
}

export const RATIO_FIELDS = ['feeRate', 'defaultBuyerMarginRatio', 'defaultSellerMarginRatio', 'forfeitPlatformShare'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
/** Whole days as typed; anything else is NaN, which the schema refuses (an empty box is not 0 days). */
const whole = (value: unknown) => (/^\d{1,3}$/.test(text(value)) ? Number(text(value)) : Number.NaN);

/** A share from 0 to 1 with at most four decimals (e.g. '0.002'); a typed '.5' or '50%' is refused, not guessed. */
export const ratioValid = (value: unknown) => ListingFeeSettings.shape.feeRate.safeParse(text(value)).success;

/** Whole days within the bounds; '3.5' or '+3' are refused rather than rounded. */
export function daysValid(value: unknown, min: number, max: number): boolean {
  const days = whole(value);
  return days >= min && days <= max;
}

export const timeValid = (value: unknown) => ListingFeeSettings.shape.marketCloseTime.safeParse(text(value)).success;

/** Rows naming a commodity another row above already names: the second and later ones are the mistakes. */
export function duplicateRows(rows: readonly Pick<FeeFormRow, 'commodityTypeId'>[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  rows.forEach((row, index) => {
    if (!row.commodityTypeId) return;
    if (seen.has(row.commodityTypeId)) repeated.push(index);
    seen.add(row.commodityTypeId);
  });
  return repeated;
}

export function toFormValues(settings: ListingFeeSettings): FeeFormValues {
  return {
    feeRate: settings.feeRate,
    defaultBuyerMarginRatio: settings.defaultBuyerMarginRatio,
    defaultSellerMarginRatio: settings.defaultSellerMarginRatio,
    balanceDays: String(settings.balanceDays),
    graceDays: String(settings.graceDays),
    forfeitPlatformShare: settings.forfeitPlatformShare,
    marketCloseTime: settings.marketCloseTime,
    commodities: settings.commodities.map((row) => ({
      commodityTypeId: row.commodityTypeId,
      buyerMarginRatio: row.buyerMarginRatio,
      sellerMarginRatio: row.sellerMarginRatio,
      graceDays: String(row.graceDays),
    })),
  };
}

/** The settings to send, or null when the values would not pass the server's schema. */
export function toSettings(values: FeeFormValues): ListingFeeSettings | null {
  const parsed = ListingFeeSettings.safeParse({
    feeRate: text(values.feeRate),
    defaultBuyerMarginRatio: text(values.defaultBuyerMarginRatio),
    defaultSellerMarginRatio: text(values.defaultSellerMarginRatio),
    balanceDays: whole(values.balanceDays),
    graceDays: whole(values.graceDays),
    forfeitPlatformShare: text(values.forfeitPlatformShare),
    marketCloseTime: text(values.marketCloseTime),
    commodities: (values.commodities ?? []).map((row) => ({
      commodityTypeId: row.commodityTypeId ?? '',
      buyerMarginRatio: text(row.buyerMarginRatio),
      sellerMarginRatio: text(row.sellerMarginRatio),
      graceDays: whole(row.graceDays),
    })),
  });
  if (!parsed.success || duplicateRows(values.commodities ?? []).length > 0) return null;
  return parsed.data;
}

/** A server field name (`commodities.0.buyerMarginRatio`) as the form's field path. */
export const fieldPath = (field: string): (string | number)[] => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
