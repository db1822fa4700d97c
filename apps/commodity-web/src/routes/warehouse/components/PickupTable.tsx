import { useState } from 'react';
import { App, Popconfirm, Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Pickup, PickupMode } from '@tp/contract';
import { usePickupReceive, usePickups } from '../../../api/warehouse';
import { pagination } from '../shared';
import { QueryStates } from '@tp/web-kit';

const SIZE = 10;

/** The firm's pickup bills of one kind, with their codes or carriers and the receipt action. */
export function PickupTable({ mode }: { mode: PickupMode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const list = usePickups(mode, page);
  const receive = usePickupReceive();
  return (
    <QueryStates keys="warehouse" skeletonRows={4} query={list} empty={list.data?.total === 0}>
      <Table<Pickup>
        rowKey="pickupId"
        size="small"
        scroll={{ x: true }}
        dataSource={list.data?.content ?? []}
        pagination={pagination(page, SIZE, list.data?.total ?? 0, setPage)}
        onRow={(row) => ({ 'data-testid': `pickup-row-${row.pickupId}`, 'data-status': row.status }) as object}
        columns={[
          { title: t('warehouse.fields.holdId'), dataIndex: 'holdId' },
          { title: t('warehouse.fields.commodityTypeId'), dataIndex: 'commodityName' },
          { title: t('warehouse.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
          { title: t('warehouse.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
          { title: t('warehouse.fields.storageId'), dataIndex: 'storageName' },
          ...(mode === 'self'
            ? [{ title: t('warehouse.fields.pickupCode'), render: (_: unknown, r: Pickup) => <span data-testid="bill-code">{r.pickupCode}</span> }]
            : [
                { title: t('warehouse.fields.carrier'), dataIndex: 'carrier' },
                { title: t('warehouse.fields.trackingNo'), dataIndex: 'trackingNo' },
              ]),
          { title: t('warehouse.fields.status'), render: (_, r) => <Tag data-testid="bill-status">{mode === 'self' ? t(`warehouse.selfStatus.${r.status as '0'}`) : t(`warehouse.logisticsStatus.${r.status as '0'}`)}</Tag> },
          { title: t('warehouse.fields.createdAt'), render: (_, r) => new Date(r.createdAt).toLocaleString() },
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
        ]}
      />
    </QueryStates>
  );
}
