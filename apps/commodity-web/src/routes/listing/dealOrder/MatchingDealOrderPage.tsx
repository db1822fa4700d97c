import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickTable } from '../components/PickTable';
import { ListingCard } from '../shared';

/** `/matching/dealOrder`: confirmed picks on both sides. */
export function MatchingDealOrderPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.dealOrder')}>
      <Tabs
        items={(['buyer', 'seller'] as const).map((side) => ({
          key: side,
          label: <span data-testid={`deal-tab-${side}`}>{t(`listing.side.${side}`)}</span>,
          children: <PickTable side={side} fixed={{ status: 'T' }} />,
        }))}
      />
    </ListingCard>
  );
}
