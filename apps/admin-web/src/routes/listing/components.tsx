import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@tp/decimal';
import { ReasonButton as SharedReasonButton, type ReasonButtonProps } from '../../components/ReasonButton';

export const SIZE = 10;

export const money = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '—' : formatAmount(value, 2, { thousands: true }));
export const amount3 = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '—' : formatAmount(value, 3, { thousands: true }));
export const time = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/** The listing tabs' texts: the section's own, with the retry among its actions. */
export const LISTING_QUERY_KEYS = { loadFailed: 'listing.loadFailed', retry: 'listing.actions.retry', empty: 'listing.empty' } as const;

const STATUS_COLOURS: Record<string, string> = { A: 'processing', O: 'blue', Z: 'cyan', T: 'success', U: 'default' };
const DEFAULT_COLOURS: Record<string, string> = { N: 'default', W: 'warning', F: 'error' };

export function ListingStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="listing-status" data-status={status}>
      {t(`listing.status.${status as 'O'}`, { defaultValue: status })}
    </Tag>
  );
}

export function DefaultTag({ status, testId }: { status: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={DEFAULT_COLOURS[status]} data-testid={testId} data-status={status}>
      {t(`listing.defaultStatus.${status as 'N'}`, { defaultValue: status })}
    </Tag>
  );
}

/** Asks staff why before a refusal or a forced move; the owner reads the reason. */
export function ReasonButton(props: Omit<ReasonButtonProps, 'section' | 'reasonLabel'>) {
  const { t } = useTranslation();
  return <SharedReasonButton section="listing" reasonLabel={t('listing.reasonLabel')} {...props} />;
}
