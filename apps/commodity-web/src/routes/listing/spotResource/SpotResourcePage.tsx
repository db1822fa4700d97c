import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { ListingTable } from '../components/ListingTable';
import { PickTable } from '../components/PickTable';
import { PublishModal } from '../components/PublishModal';
import { ListingCard } from '../shared';

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
