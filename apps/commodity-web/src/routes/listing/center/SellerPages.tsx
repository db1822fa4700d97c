import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '@tp/web-kit';
import { BargainTable } from '../components/BargainTable';
import { ListingTable } from '../components/ListingTable';
import { PickTable } from '../components/PickTable';
import { PublishForm } from '../components/PublishForm';
import { ListingCard } from '../shared';
import { PublishModal } from './PublishModal';

/** `/sellerCenter/resource/spotResource`: the seller's spot listings, publishing one from a holding, and the picks on them. */
export function SpotResourcePage() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const [creating, setCreating] = useState(false);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ListingCard
        title={t('listing.menu.myListings')}
        extra={
          hasRight('trade.list') && (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="listing-create">
              {t('listing.actions.create')}
            </Button>
          )
        }
      >
        <ListingTable fixed={{ type: 'X' }} />
      </ListingCard>
      <ListingCard title={t('listing.sellerPicks')}>
        <PickTable side="seller" />
      </ListingCard>
      <PublishModal open={creating} kinds={['X']} title={t('listing.actions.create')} onClose={() => setCreating(false)} />
    </Space>
  );
}

/** `/sellerCenter/resource/sellInfoResource`: the firm's margin hang orders (保证金挂牌), sell and buy. */
export function SellInfoResourcePage() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const [creating, setCreating] = useState(false);
  return (
    <ListingCard
      title={t('listing.menu.sellInfoResource')}
      extra={
        hasRight('trade.list') && (
          <Button type="primary" onClick={() => setCreating(true)} data-testid="listing-create">
            {t('listing.actions.publish')}
          </Button>
        )
      }
    >
      <ListingTable fixed={{ type: 'B' }} />
      <PublishModal open={creating} kinds={['B']} title={t('listing.publish.margin')} onClose={() => setCreating(false)} />
    </ListingCard>
  );
}

/** `/sellerCenter/resource/preSellResource`: presale listings (source C), with their audit state. */
export function PreSellResourcePage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.preSellResource')}>
      <ListingTable fixed={{ source: 'C' }} />
    </ListingCard>
  );
}

/** `/sellerCenter/resource/preSellResourceOrder`: the picks on each presale listing, where the goods are stocked in. */
export function PreSellResourceOrderPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.preSellResourceOrder')}>
      <ListingTable fixed={{ source: 'C' }} withPicks />
    </ListingCard>
  );
}

/** `/sellerCenter/order` (and `/matching/order`): every listing the firm published. */
export function SellerOrderPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.sellerOrder')}>
      <ListingTable />
    </ListingCard>
  );
}

/** `/sellerCenter/addResourceOrder`: publish a spot listing from a holding or a margin hang order; `?holdId=` preselects the holding. */
export function AddResourceOrderPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const holdId = search.get('holdId') ?? undefined;
  return (
    <ListingCard title={t('listing.menu.addResourceOrder')}>
      <div style={{ maxWidth: 640 }}>
        <PublishForm key={holdId ?? ''} kinds={['X', 'B']} initialHoldId={holdId} />
      </div>
    </ListingCard>
  );
}

/** `/sellerCenter/baojia`: offers on the firm's listings waiting for an answer. */
export function BaojiaPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.baojia')}>
      <BargainTable role="owner" pending />
    </ListingCard>
  );
}

/** `/sellerCenter/sellAgreeList`: every offer received, whatever became of it. */
export function SellAgreeListPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.sellAgreeList')}>
      <BargainTable role="owner" />
    </ListingCard>
  );
}

/** `/sellerCenter/resource/spotResourceOrder` and `/sellerCenter/sellOrderList`: picks where the firm sells. */
export function SellerPicksPage({ title }: { title: 'spotResourceOrder' | 'sellOrderList' }) {
  const { t } = useTranslation();
  return (
    <ListingCard title={t(`listing.menu.${title}`)}>
      <PickTable side="seller" />
    </ListingCard>
  );
}
export const SpotResourceOrderPage = () => <SellerPicksPage title="spotResourceOrder" />;
export const SellOrderListPage = () => <SellerPicksPage title="sellOrderList" />;

/** `/sellerCenter/dealOrder`: confirmed picks where the firm sells. */
export function SellerDealOrderPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.sellerDealOrder')}>
      <PickTable side="seller" fixed={{ status: 'T' }} />
    </ListingCard>
  );
}
