import { useState } from 'react';
import { App, Popconfirm, Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { WarehouseCard } from '../shared';
import type { Pickup, PickupMode } from '@tp/contract';
import { usePickupReceive, usePickups } from '../../../api/warehouse';
import { PagedTable } from '../../components/PagedTable';
import { quantityColumn, timeColumn, weightColumn } from '../../components/columns';

/** The firm's pickup bills of one kind, with their codes or carriers and the receipt action. */
export function PickupTable({ mode }: { mode: PickupMode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const list = usePickups(mode, page);
  const receive = usePickupReceive();
  const columns: ColumnsType<Pickup> = [
    { title: t('warehouse.fields.holdId'), dataIndex: 'holdId' },
    { title: t('warehouse.fields.commodityTypeId'), dataIndex: 'commodityName' },
    quantityColumn(t('warehouse.fields.quantity')),
    weightColumn(t('warehouse.fields.weight')),
    { title: t('warehouse.fields.storageId'), dataIndex: 'storageName' },
    ...(mode === 'self'
      ? [{ title: t('warehouse.fields.pickupCode'), render: (_: unknown, r: Pickup) => <span data-testid="bill-code">{r.pickupCode}</span> }]
      : [
          { title: t('warehouse.fields.carrier'), dataIndex: 'carrier' },
          { title: t('warehouse.fields.trackingNo'), dataIndex: 'trackingNo' },
        ]),
    { title: t('warehouse.fields.status'), render: (_, r) => <Tag data-testid="bill-status">{mode === 'self' ? t(`warehouse.selfStatus.${r.status as '0'}`) : t(`warehouse.logisticsStatus.${r.status as '0'}`)}</Tag> },
    timeColumn(t('warehouse.fields.createdAt'), (r) => r.createdAt),
    ...(mode === 'logistics'
      ? [
          {
            title: t('warehouse.fields.actions'),
            render: (_: unknown, r: Pickup) =>
              r.status === '2' ? (
                <Popconfirm title={t('warehouse.confirm.receive')} onConfirm={() => receive.mutate(r.pickupId, { onSuccess: () => void message.success(t('warehouse.done')) })}>
                  <Button size="small" type="primary" data-testid="bill-receive">
                    {t('warehouse.actions.receive')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <PagedTable<Pickup> section="warehouse" query={list} paging={{ page, setPage }} rowKey="pickupId" rowData={(row) => ({ 'data-testid': `pickup-row-${row.pickupId}`, 'data-status': row.status })} columns={columns} />
  );
}

/** A pickup bills page: self pickups (`selfBill`) or logistics (`logisticsBill`), titled by its menu entry. */
export function PickupBillsPage({ mode }: { mode: PickupMode }) {
  const { t } = useTranslation();
  return (
    <WarehouseCard title={t(mode === 'self' ? 'warehouse.menu.selfBill' : 'warehouse.menu.logisticsBill')}>
      <PickupTable mode={mode} />
    </WarehouseCard>
  );
}
