import { SectionCard, SectionLoaded } from '../../layout/SectionPage';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import { LISTING_PRICE_PATTERN, LISTING_QUANTITY_PATTERN } from '@tp/contract';

/** Loading, failed (with retry) or empty; otherwise the page's content. */
export function Loaded(props: Omit<Parameters<typeof SectionLoaded>[0], 'section'>) {
  return <SectionLoaded section="listing" {...props} />;
}

export const ListingCard = SectionCard;

const isPositive = (v: string) => Decimal.parse(v).isPositive();

/** Form rules with the server's patterns and translated messages that name the field. */
export function useListingRules() {
  const { t } = useTranslation();
  return (field: 'price' | 'quantity' | 'weight' | 'openTicketDay' | 'holdId', max?: string) => {
    const label = t(`listing.fields.${field}`);
    const rules: object[] = [{ required: true, message: t('listing.rules.required', { field: label }) }];
    if (field === 'openTicketDay') rules.push({ pattern: /^(?:[1-9]|[1-8]\d|90)$/, message: t('listing.rules.days', { field: label }) });
    if (field === 'price' || field === 'quantity' || field === 'weight') {
      const pattern = field === 'price' ? LISTING_PRICE_PATTERN : LISTING_QUANTITY_PATTERN;
      const message = t(field === 'price' ? 'listing.rules.price' : 'listing.rules.quantity', { field: label });
      rules.push({
        validator: (_: unknown, v: string | undefined) => {
          if (!v) return Promise.resolve();
          if (!pattern.test(v) || !isPositive(v)) return Promise.reject(new Error(message));
          if (max !== undefined && Decimal.parse(v).gt(max)) return Promise.reject(new Error(t('listing.rules.exceeds', { field: label, max })));
          return Promise.resolve();
        },
      });
    }
    return rules;
  };
}

/** price × quantity, truncated (not rounded) to 2 decimals, as the server computes it; '' while the input is incomplete. */
export function amountOf(price: string, quantity: string | undefined): string {
  if (!quantity || !LISTING_QUANTITY_PATTERN.test(quantity)) return '';
  return Decimal.parse(price).mul(quantity).truncate(2).toFixed(2);
}

export const pagination = (page: number, size: number, total: number, onChange: (page: number) => void) => ({
  current: page + 1,
  pageSize: size,
  total,
  showSizeChanger: false,
  onChange: (next: number) => onChange(next - 1),
});
