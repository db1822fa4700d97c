import { useTranslation } from 'react-i18next';
import { ApplyTable } from '../components/ApplyTable';
import { WarehouseCard } from '../shared';

/** `/sellerCenter/sales/depositOrder`: the firm's stored applications (入库单). */
export function DepositOrderPage() {
  const { t } = useTranslation();
  return (
    <WarehouseCard title={t('warehouse.menu.depositOrder')}>
      <ApplyTable status="9" actions={false} />
    </WarehouseCard>
  );
}
