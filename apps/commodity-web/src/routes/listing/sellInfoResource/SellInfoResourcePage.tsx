import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { ListingTable } from '../components/ListingTable';
import { PublishModal } from '../components/PublishModal';
import { ListingMenuCard } from '../shared';

/** `/sellerCenter/resource/sellInfoResource`: the firm's margin hang orders (保证金挂牌), sell and buy. */
export function SellInfoResourcePage() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const [creating, setCreating] = useState(false);
  return (
    <ListingMenuCard
      menu="sellInfoResource"
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
    </ListingMenuCard>
  );
}
