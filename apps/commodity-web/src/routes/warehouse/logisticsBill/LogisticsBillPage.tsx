import { useTranslation } from 'react-i18next';
import { PickupTable } from '../components/PickupTable';
import { WarehouseCard } from '../shared';

/** `…/logistics/logisticsBill`: logistics bills with carrier and tracking number. */
export function LogisticsBillPage() {
  const { t } = useTranslation();
  return (
    <WarehouseCard title={t('warehouse.menu.logisticsBill')}>
      <PickupTable mode="logistics" />
    </WarehouseCard>
  );
}
