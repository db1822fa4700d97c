import { useState } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@tp/web-kit';
import type { Enrolment } from '@tp/contract';
import { paths } from '../../../paths';
import { useEnrolments } from '../api';
import { AuctionCard, AuctionTable, SIZE } from '../shared';

/** `/buyerCenter/purchase/registeredBidding`: the firm's sign-ups, their deposits and how each lot ended for it. */
export function RegisteredBiddingPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const enrolments = useEnrolments({ page, size: SIZE });
  const columns: ColumnsType<Enrolment> = [
    { title: t('auction.fields.itemId'), render: (_, r) => <Link to={paths.auctionRoom(r.itemId)}>{r.itemId}</Link> },
    { title: t('auction.fields.commodity'), dataIndex: 'commodityName' },
    { title: t('auction.fields.bidderNo'), render: (_, r) => t('auction.bidder', { no: r.bidderNo }) },
    { title: t('auction.fields.enrolStatus'), render: (_, r) => <Tag data-testid="auction-enrol-status" data-status={r.status}>{t(`auction.enrolStatus.${r.status}`)}</Tag> },
    { title: t('auction.fields.deposit'), render: (_, r) => formatMoney(r.deposit) },
    { title: t('auction.fields.depositState'), render: (_, r) => <span data-testid="auction-deposit-state" data-state={r.depositState}>{t(`auction.depositState.${r.depositState}`)}</span> },
    { title: t('auction.fields.status'), render: (_, r) => (r.won ? t('auction.won') : t(`auction.status.${r.auctionStatus}`)) },
    { title: t('auction.fields.endTime'), render: (_, r) => new Date(r.endTime).toLocaleString() },
  ];
  return (
    <AuctionCard menu="registeredBidding">
      <AuctionTable<Enrolment> rowKey="itemId" columns={columns} query={enrolments} page={page} setPage={setPage} onRow={(r) => ({ 'data-testid': 'auction-enrol-row', 'data-item': r.itemId }) as object} />
    </AuctionCard>
  );
}
