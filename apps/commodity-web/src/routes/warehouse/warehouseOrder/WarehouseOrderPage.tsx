import { useState } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '@tp/contract';
import { useReceipts } from '../../../api/warehouse';
import { WarehouseCard } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { commodityColumn, quantityColumn, weightColumn } from '../../components/columns';

/** `/sellerCenter/sales/warehouseOrder`: the firm's warehouse receipts. */
export function WarehouseOrderPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const receipts = useReceipts(page);
  const columns: ColumnsType<Receipt> = [
    { title: t('warehouse.fields.receiptNo'), dataIndex: 'receiptNo' },
    { title: t('warehouse.fields.applyId'), dataIndex: 'applyId' },
    commodityColumn(t('warehouse.fields.commodityTypeId')),
    { title: t('warehouse.fields.failedGrade'), render: (_, r) => (r.failedGrade ? <Tag color="orange">{t('warehouse.inspectionStatus.4')}</Tag> : '-') },
    quantityColumn(t('warehouse.fields.quantity')),
    weightColumn(t('warehouse.fields.weight')),
    { title: t('warehouse.fields.storageId'), dataIndex: 'storageName' },
    { title: t('warehouse.fields.stockStatus'), render: (_, r) => t(`warehouse.stockStatus.${r.stockStatus as '0'}`) },
  ];

  return (
    <WarehouseCard title={t('warehouse.menu.warehouseOrder')}>
      <PagedTable<Receipt> section="warehouse" query={receipts} paging={{ page, setPage }} rowKey="receiptId" rowData={(row) => ({ 'data-testid': `receipt-row-${row.applyId}` })} columns={columns} />
    </WarehouseCard>
  );
}
