import { useState } from 'react';
import { Segmented, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatPrice } from '@tp/web-kit';
import type { AuctionItem, AuctionListRequest } from '@tp/contract';
import { paths } from '../../../paths';
import { useAuctionList } from '../api';
import { useEnrolStatuses } from '../enrolments';
import { AuctionCard, AuctionTable, Countdown, PhaseTag, SIZE, useServerNow } from '../shared';

type Phase = 'all' | '0' | '1' | '2';

/** The auction hall: public lots by phase, each with its countdown to the server's clock. */
function Hall({ menu }: { menu: 'hall' | 'biddingBuy' }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('all');
  const [page, setPage] = useState(0);
  const query: AuctionListRequest = { ...(phase === 'all' ? {} : { status: phase }), page, size: SIZE };
  const list = useAuctionList(query);
  const now = useServerNow();
  const enrolled = useEnrolStatuses();
  const columns: ColumnsType<AuctionItem> = [
    { title: t('auction.fields.itemId'), dataIndex: 'itemId' },
    {
      title: t('auction.fields.commodity'),
      render: (_, r) => (
        <>
          {`${r.commodityName} ${r.gradeName}`}
          {r.bsFlag === 'B' && (
            <Tag color="purple" style={{ marginLeft: 8 }} data-testid="auction-direction" title={t('auction.reverseHint')}>
              {t('auction.priceFalls')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('auction.fields.weight'), dataIndex: 'weight' },
    { title: t('auction.fields.currentPrice'), render: (_, r) => formatPrice(r.currentPrice) },
    { title: t('auction.fields.deposit'), render: (_, r) => formatMoney(r.deposit) },
    { title: t('auction.fields.bidCount'), dataIndex: 'bidCount' },
    {
      title: t('auction.fields.status'),
      render: (_, r) => (
        <>
          <PhaseTag item={r} />
          {enrolled.get(r.itemId) === '2' && (
            <Tag color="green" data-testid="auction-registered">
              {t('auction.enrolStatus.2')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('auction.fields.countdown'), render: (_, r) => <Countdown item={r} now={now} /> },
    {
      title: t('auction.fields.action'),
      render: (_, r) => (
        <Link to={paths.auctionRoom(r.itemId)} data-testid="auction-enter">
          {t('auction.enter')}
        </Link>
      ),
    },
  ];
  return (
    <AuctionCard menu={menu}>
      <Segmented<Phase>
        data-testid="auction-phase-filter"
        style={{ marginBottom: 16 }}
        value={phase}
        onChange={(v) => {
          setPhase(v);
          setPage(0);
        }}
        options={(['all', '0', '1', '2'] as const).map((v) => ({ value: v, label: t(`auction.phase.${v}`) }))}
      />
      <AuctionTable<AuctionItem> rowKey="itemId" columns={columns} query={list} page={page} setPage={setPage} onRow={(r) => ({ 'data-testid': 'auction-row', 'data-item': r.itemId }) as object} />
    </AuctionCard>
  );
}

/** `/auction`: the public hall. */
export const AuctionHallPage = () => <Hall menu="hall" />;
/** `/buyerCenter/buy/biddingBuy`: the same lots inside the buyer center. */
export const BiddingBuyPage = () => <Hall menu="biddingBuy" />;
