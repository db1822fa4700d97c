import { useEffect, useState, type ReactNode } from 'react';
import { Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '@tp/web-kit';
import { Decimal } from '@tp/decimal';
import { LISTING_PRICE_PATTERN, type AuctionItem } from '@tp/contract';
import { SectionCard, pagination } from '../../layout/SectionPage';
import { fetchServerOffset } from './api';

export const SIZE = 10;

/** price × weight, truncated to 2 decimals as the server computes the winning amount; '' while the price is incomplete. */
export function amountAt(price: string, weight: string): string {
  if (!LISTING_PRICE_PATTERN.test(price)) return '';
  return Decimal.parse(price).mul(weight).truncate(2).toFixed(2);
}

let offsetOnce: Promise<number> | undefined;

/** Now on the server's clock (the browser's clock plus the measured offset), ticking every second. */
export function useServerNow(): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    offsetOnce ??= fetchServerOffset().catch(() => 0);
    void offsetOnce.then(setOffset);
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now + offset;
}

/** What a countdown counts to: the start while in notice, the end while bidding. */
export function countdownTarget(item: Pick<AuctionItem, 'status' | 'startTime' | 'endTime'>): number | null {
  if (item.status === '0') return Date.parse(item.startTime);
  if (item.status === '1') return Date.parse(item.endTime);
  return null;
}

export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return d > 0 ? `${d}d ${hms}` : hms;
}

export function Countdown({ item, now }: { item: Pick<AuctionItem, 'status' | 'startTime' | 'endTime'>; now: number }) {
  const { t } = useTranslation();
  const target = countdownTarget(item);
  if (target === null) return <span>-</span>;
  return (
    <span data-testid="auction-countdown">
      {t(item.status === '0' ? 'auction.startsIn' : 'auction.endsIn')} {formatLeft(target - now)}
    </span>
  );
}

const STATUS_COLOURS: Record<string, string> = { N: 'default', '0': 'blue', '1': 'green', '2': 'default', U: 'red' };

/** The lot's phase as the spec words it; an ended lot without a sale shows passed-in. */
export function PhaseTag({ item }: { item: Pick<AuctionItem, 'status' | 'unsold' | 'auditStatus'> }) {
  const { t } = useTranslation();
  const key = item.status === '2' && item.unsold ? 'unsold' : item.status === 'N' && item.auditStatus === 'P' ? 'pending' : item.status;
  return (
    <Tag color={STATUS_COLOURS[item.status]} data-testid="auction-status" data-status={item.status}>
      {t(`auction.status.${key as 'unsold'}`)}
    </Tag>
  );
}

/** A page of the auction area titled by its menu entry. */
export function AuctionCard({ menu, extra, children }: { menu: string; extra?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t(`auction.menu.${menu}` as 'auction.menu.hall')} extra={extra}>
      {children}
    </SectionCard>
  );
}

/** A server-paged list with its loading, failed and empty states. */
export function AuctionTable<T extends object>({
  query,
  page,
  setPage,
  rowKey,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'pagination'> & { query: { data?: { content: T[]; total: number } | undefined; isPending: boolean; isError: boolean; refetch: () => unknown }; page: number; setPage: (p: number) => void }) {
  return (
    <QueryStates keys="auction" skeletonRows={4} query={query} empty={query.data?.total === 0}>
      <Table<T> size="small" scroll={{ x: true }} rowKey={rowKey} {...table} dataSource={query.data?.content ?? []} pagination={pagination(page, SIZE, query.data?.total ?? 0, setPage)} />
    </QueryStates>
  );
}
