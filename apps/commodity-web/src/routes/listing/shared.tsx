import type { ReactNode } from 'react';
import { Button, Form, Space, Tag, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { Decimal, toChineseUppercase } from '@tp/decimal';
import { LISTING_PRICE_PATTERN, LISTING_QUANTITY_PATTERN, LISTING_RATIO_PATTERN, TAXPAYER_ID_PATTERN } from '@tp/contract';
import { NO_VALUE, formatPrice } from '@tp/web-kit';
import type { AmountFormula } from './logic';
import { SectionCard, pagination } from '../../layout/SectionPage';

export const SIZE = 10;

export const ListingCard = SectionCard;

/** A trading-center page titled by its menu entry. */
export function ListingMenuCard({ menu, extra, children }: { menu: string; extra?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListingCard title={t(`listing.menu.${menu}` as 'listing.menu.baojia')} extra={extra}>
      {children}
    </ListingCard>
  );
}

const isPositive = (v: string) => Decimal.parse(v).isPositive();

type RuleField = 'price' | 'quantity' | 'weight' | 'openTicketDay' | 'holdId' | 'commodityTypeId' | 'gradeId' | 'poundsPoor' | 'putWarehousDay' | 'marginPassWord' | 'invoiceTitle' | 'taxpayerId' | 'invoiceAmount' | 'file' | 'sourceId';


/** Form rules with the server's patterns and translated messages that name the field. */
export function useListingRules() {
  const { t } = useTranslation();
  return (field: RuleField, max?: string) => {
    const label = t(`listing.fields.${field}`);
    const rules: object[] = [{ required: true, message: t('listing.rules.required', { field: label }) }];
    if (field === 'openTicketDay') rules.push({ pattern: /^(?:[1-9]|[1-8]\d|90)$/, message: t('listing.rules.days', { field: label }) });
    if (field === 'poundsPoor') rules.push({ pattern: LISTING_RATIO_PATTERN, message: t('listing.rules.ratio', { field: label }) });
    if (field === 'taxpayerId') rules.push({ pattern: TAXPAYER_ID_PATTERN, message: t('listing.rules.taxpayerId', { field: label }) });
    if (field === 'putWarehousDay')
      rules.push({
        validator: (_: unknown, v: { isAfter: (d: Date, unit: 'day') => boolean } | undefined) => (!v || v.isAfter(new Date(), 'day') ? Promise.resolve() : Promise.reject(new Error(t('listing.rules.date', { field: label })))),
      });
    if (field === 'price' || field === 'quantity' || field === 'weight' || field === 'invoiceAmount') {
      const pattern = field === 'price' || field === 'invoiceAmount' ? LISTING_PRICE_PATTERN : LISTING_QUANTITY_PATTERN;
      const message = t(pattern === LISTING_PRICE_PATTERN ? 'listing.rules.price' : 'listing.rules.quantity', { field: label });
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

/** A price with the unit it is per ("3,850.50 元/捆"), so per-package and per-tonne prices never look alike. */
export function PriceText({ price, unit, testId }: { price: string | null | undefined; unit: string; testId?: string }) {
  const { t } = useTranslation();
  if (price === null || price === undefined || price === '') return <>{NO_VALUE}</>;
  return (
    <span data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {t('listing.pricePer', { price: formatPrice(price), unit })}
    </span>
  );
}

/** How a frozen amount comes about, e.g. "1,500.00 元/吨 × 50.000 吨 = 75,000.00 元". */
export function FormulaLine({ formula, testId = 'amount-formula' }: { formula: AmountFormula | null; testId?: string }) {
  const { t } = useTranslation();
  if (!formula) return null;
  return <p data-testid={testId}>{t('listing.formulaLabel', { formula: t('listing.formula', { ...formula }) })}</p>;
}

export function dateTime(value: string | null | undefined): string {
  return value ? new Date(value).toLocaleString() : '-';
}

export { pagination };

/**
 * A list's filter form in one line with its search and reset; reset empties the form and searches
 * with no filters.
 */
export function FilterForm<F extends object>({ form, initialValues, onSearch, searchTestId, children }: { form: FormInstance<F>; initialValues?: Partial<F>; onSearch: (values: F) => void; searchTestId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="inline" initialValues={initialValues} onFinish={onSearch} style={{ marginBottom: 16, rowGap: 8 }}>
      {children}
      <Space>
        <Button type="primary" htmlType="submit" data-testid={searchTestId}>
          {t('listing.actions.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({} as F);
          }}
        >
          {t('listing.actions.reset')}
        </Button>
      </Space>
    </Form>
  );
}

/** The body of a money confirmation: what the title says, plus the amount in uppercase Chinese numerals. */
export function AmountConfirm({ amount, formula = null, children }: { amount: string; formula?: AmountFormula | null; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid="confirm-amount" data-amount={amount}>
      <FormulaLine formula={formula} testId="confirm-formula" />
      {children}
      <p>{t('listing.confirm.uppercase', { amount: toChineseUppercase(amount) })}</p>
    </div>
  );
}

const COLORS: Record<string, string> = { O: 'blue', W: 'orange', A: 'gold', P: 'gold', T: 'green', L: 'green', C: 'purple', F: 'red', U: 'default', R: 'red', X: 'default', Z: 'cyan' };

/** A state code as a coloured tag with its translated meaning; `data-status` keeps the code for tests. */
export function StateTag({ group, code, testId }: { group: 'listingStatus' | 'pickStatus' | 'payStatus' | 'invoiceStatus' | 'defaultStatus' | 'deliveryStatus' | 'auditStatus' | 'bargainStatus' | 'priceFlag'; code: string; testId?: string }) {
  const { t } = useTranslation();
  // 'N' (no default) and 'F' on the price flag (not bargained) are the ordinary case, not a warning.
  const color = (group === 'defaultStatus' && code === 'N') || (group === 'priceFlag' && code === 'F') ? 'default' : (COLORS[code] ?? 'default');
  return (
    <Tag color={color} data-testid={testId} data-status={code}>
      {t(`listing.${group}.${code}` as 'listing.pickStatus.W', { defaultValue: code })}
    </Tag>
  );
}
