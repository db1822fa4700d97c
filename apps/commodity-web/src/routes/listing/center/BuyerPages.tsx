import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { ListingTable } from '../components/ListingTable';
import { MarketBoard } from '../components/MarketBoard';
import { PickTable } from '../components/PickTable';
import { ListingCard } from '../shared';
import { PublishModal } from './PublishModal';

/** `/buyerCenter/buy/spotBuy`: the spot market, to pick from inside the buyer center. */
export function SpotBuyPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.spotBuy')}>
      <MarketBoard kind="sell" />
    </ListingCard>
  );
}

/** `/buyerCenter/buy/buyInfo` and `/matching/qiugou`: the firm's purchase requests, and publishing one. */
export function BuyInfoPage({ title = 'buyInfo' }: { title?: 'buyInfo' | 'qiugou' }) {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const [creating, setCreating] = useState(false);
  return (
    <ListingCard
      title={t(`listing.menu.${title}`)}
      extra={
        hasRight('trade.purchase') && (
          <Button type="primary" onClick={() => setCreating(true)} data-testid="purchase-create">
            {t('listing.actions.publishPurchase')}
          </Button>
        )
      }
    >
      <ListingTable fixed={{ type: 'Q' }} />
      <PublishModal open={creating} kinds={['Q']} title={t('listing.actions.publishPurchase')} onClose={() => setCreating(false)} />
    </ListingCard>
  );
}

/** `/buyerCenter/buy/spotBuyOrder` and `/buyerCenter/purchase/spotOrder`: picks where the firm buys, with payment, invoice and history. */
export function BuyerPicksPage({ title }: { title: 'spotBuyOrder' | 'myPicks' }) {
  const { t } = useTranslation();
  return (
    <ListingCard title={t(`listing.menu.${title}`)}>
      <PickTable side="buyer" />
    </ListingCard>
  );
}
export const SpotBuyOrderPage = () => <BuyerPicksPage title="spotBuyOrder" />;
export const SpotOrderPage = () => <BuyerPicksPage title="myPicks" />;

/** `/buyerCenter/purchase/preSellOrder`: the firm's picks of presale listings, whose goods the seller stocks in later. */
export function PreSellOrderPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.preSellOrder')}>
      <PickTable side="buyer" fixed={{ source: 'C' }} />
    </ListingCard>
  );
}
