import { useTranslation } from 'react-i18next';
import { PickupTable } from '../components/PickupTable';
import { WarehouseCard } from '../shared';

/** `…/logistics/selfBill`: self pickup bills with their pickup codes. */
export function SelfBillPage() {
  const { t } = useTranslation();
  return (
    <WarehouseCard title={t('warehouse.menu.selfBill')}>
      <PickupTable mode="self" />
    </WarehouseCard>
  );
}
