import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { ListingTable } from '../components/ListingTable';
import { PublishModal } from '../components/PublishModal';
import { ListingMenuCard } from '../shared';

/** The firm's purchase requests, and publishing one. */
function PurchaseRequestsPage({ menu }: { menu: 'buyInfo' | 'qiugou' }) {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const [creating, setCreating] = useState(false);
  return (
    <ListingMenuCard
      menu={menu}
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
    </ListingMenuCard>
  );
}

/** `/buyerCenter/buy/buyInfo`. */
export const BuyInfoPage = () => <PurchaseRequestsPage menu="buyInfo" />;
/** `/matching/qiugou`. */
export const QiugouPage = () => <PurchaseRequestsPage menu="qiugou" />;
