import { useState } from 'react';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { QueryStates } from '@tp/web-kit';
import { useTranslation } from 'react-i18next';
import type { WarehousingApply } from '@tp/contract';
import { useApplies, useApplyAction } from '../../../api/warehouse';
import { pagination } from '../shared';

const SIZE = 10;

/** The firm's applications with the actions their status allows. */
export function ApplyTable({ status, actions = true }: { status?: '9'; actions?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const applies = useApplies({ page, size: SIZE, ...(status ? { status } : {}) });
  const revoke = useApplyAction('revoke');
  const remove = useApplyAction('remove');
  const accept = useApplyAction('acceptFailed');
  const done = { onSuccess: () => void message.success(t('warehouse.done')) };
  const confirmButton = (label: string, title: string, testId: string, onConfirm: () => void, danger = false) => (
    <Popconfirm title={title} onConfirm={onConfirm} okButtonProps={{ 'data-testid': `${testId}-ok` }}>
      <Button size="small" danger={danger} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
  return (
    <QueryStates keys="warehouse" skeletonRows={4} query={applies} empty={applies.data?.total === 0}>
      <Table<WarehousingApply>
        rowKey="applyId"
        size="small"
        scroll={{ x: true }}
        data-testid="apply-table"
        dataSource={applies.data?.content ?? []}
        pagination={pagination(page, SIZE, applies.data?.total ?? 0, setPage)}
        onRow={(row) => ({ 'data-testid': `apply-row-${row.applyId}`, 'data-status': row.status }) as object}
        columns={[
          { title: t('warehouse.fields.applyId'), dataIndex: 'applyId' },
          { title: t('warehouse.fields.commodityTypeId'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
          { title: t('warehouse.fields.batch'), dataIndex: 'batch' },
          { title: t('warehouse.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
          { title: t('warehouse.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
          { title: t('warehouse.fields.storageId'), dataIndex: 'storageName' },
          { title: t('warehouse.fields.status'), render: (_, r) => <Tag data-testid="apply-status">{t(`warehouse.applyStatus.${r.status as '0'}`)}</Tag> },
          { title: t('warehouse.fields.inspectionStatus'), render: (_, r) => t(`warehouse.inspectionStatus.${(r.inspectionStatus || 'none') as '0'}`) },
          { title: t('warehouse.fields.arrival'), render: (_, r) => t(`warehouse.arrival.${(r.arrival || 'none') as 'F'}`) },
          { title: t('warehouse.fields.reason'), dataIndex: 'reason' },
          ...(actions
            ? [
                {
                  title: t('warehouse.fields.actions'),
                  render: (_: unknown, r: WarehousingApply) => (
                    <Space>
                      {['0', '8', '3'].includes(r.status) && confirmButton(t('warehouse.actions.revoke'), t('warehouse.confirm.revoke'), 'apply-revoke', () => revoke.mutate(r.applyId, done), true)}
                      {r.status === '3' && confirmButton(t('warehouse.actions.acceptFailed'), t('warehouse.confirm.acceptFailed'), 'apply-accept', () => accept.mutate(r.applyId, done))}
                      {['6', '7'].includes(r.status) && confirmButton(t('warehouse.actions.delete'), t('warehouse.confirm.delete'), 'apply-delete', () => remove.mutate(r.applyId, done), true)}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </QueryStates>
  );
}
