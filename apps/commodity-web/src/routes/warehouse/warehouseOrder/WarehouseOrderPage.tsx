import { useState } from 'react';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '@tp/contract';
import { useReceipts } from '../../../api/warehouse';
import { WarehouseCard, pagination } from '../shared';
import { QueryStates } from '@tp/web-kit';

const SIZE = 10;

/** `/sellerCenter/sales/warehouseOrder`: the firm's warehouse receipts. */
export function WarehouseOrderPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const receipts = useReceipts(page);
  return (
    <WarehouseCard title={t('warehouse.menu.warehouseOrder')}>
      <QueryStates keys="warehouse" skeletonRows={4} query={receipts} empty={receipts.data?.total === 0}>
        <Table<Receipt>
          rowKey="receiptId"
          size="small"
          scroll={{ x: true }}
          dataSource={receipts.data?.content ?? []}
          pagination={pagination(page, SIZE, receipts.data?.total ?? 0, setPage)}
          onRow={(row) => ({ 'data-testid': `receipt-row-${row.applyId}` }) as object}
          columns={[
            { title: t('warehouse.fields.receiptNo'), dataIndex: 'receiptNo' },
            { title: t('warehouse.fields.applyId'), dataIndex: 'applyId' },
            { title: t('warehouse.fields.commodityTypeId'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
            { title: t('warehouse.fields.failedGrade'), render: (_, r) => (r.failedGrade ? <Tag color="orange">{t('warehouse.inspectionStatus.4')}</Tag> : '-') },
            { title: t('warehouse.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
            { title: t('warehouse.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
            { title: t('warehouse.fields.storageId'), dataIndex: 'storageName' },
            { title: t('warehouse.fields.stockStatus'), render: (_, r) => t(`warehouse.stockStatus.${r.stockStatus as '0'}`) },
          ]}
        />
      </QueryStates>
    </WarehouseCard>
  );
}
