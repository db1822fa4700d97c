import { useEffect, useState, type ReactNode } from 'react';
import { Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '@tp/web-kit';
import type { AuctionItem } from '@tp/contract';
import { SectionCard, pagination } from '../../layout/SectionPage';
import { fetchServerOffset } from './api';
import { countdownTarget, formatLeft } from './logic';

export { amountAt } from './logic';

export const SIZE = 10;

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
