import { useState } from 'react';
import { App, Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { WarehousingApply } from '@tp/contract';
import { useApplies, useApplyAction } from '../../../api/warehouse';
import { PagedTable } from '../../components/PagedTable';
import { commodityColumn, quantityColumn, weightColumn } from '../../components/columns';

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
  const columns: ColumnsType<WarehousingApply> = [
    { title: t('warehouse.fields.applyId'), dataIndex: 'applyId' },
    commodityColumn(t('warehouse.fields.commodityTypeId')),
    { title: t('warehouse.fields.batch'), dataIndex: 'batch' },
    quantityColumn(t('warehouse.fields.quantity')),
    weightColumn(t('warehouse.fields.weight')),
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
  ];

  return (
    <PagedTable<WarehousingApply> section="warehouse" query={applies} paging={{ page, setPage }} rowKey="applyId" data-testid="apply-table" rowData={(row) => ({ 'data-testid': `apply-row-${row.applyId}`, 'data-status': row.status })} columns={columns} />
  );
}
