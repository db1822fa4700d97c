import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { runAction, useApp } from '@tp/web-kit';
import { useTranslation } from 'react-i18next';
import type { Holding, PickupApplyRequest } from '@tp/contract';
import { useHoldings, usePickupApply } from '../../../api/warehouse';
import { WarehouseCard, useRules } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { commodityColumn } from '../../components/columns';

const SIZE = 10;

function PickupModal({ holding, onClose }: { holding: Holding | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = useRules();
  const [form] = Form.useForm<PickupApplyRequest>();
  const mode = Form.useWatch('mode', form);
  const apply = usePickupApply();
  async function submit() {
    if (!holding) return;
    const values = await form.validateFields();
    modal.confirm({
      title: t('warehouse.confirm.pickup', { holdId: holding.holdId, quantity: `${values.quantity} ${holding.unit}` }),
      okButtonProps: { 'data-testid': 'pickup-confirm-ok' },
      onOk: () =>
        apply.mutateAsync({ ...values, holdId: holding.holdId, address: values.address ?? '' }).then((pickup) => {
          if (pickup.pickupCode) void modal.success({ title: t('warehouse.done'), content: <span data-testid="pickup-code">{t('warehouse.pickupCodeHint', { code: pickup.pickupCode })}</span> });
          else void message.success(t('warehouse.done'));
          form.resetFields();
          onClose();
        }),
    });
  }
  return (
    <Modal open={holding !== null} title={t('warehouse.actions.pickup')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={apply.isPending} okButtonProps={{ 'data-testid': 'pickup-submit' }} destroyOnHidden>
      {holding && <p data-testid="pickup-available">{t('warehouse.available', { quantity: `${holding.quantity} ${holding.unit} / ${holding.weight} ${holding.weightUnit}` })}</p>}
      <Form form={form} layout="vertical" initialValues={{ mode: 'self' }}>
        <Form.Item name="mode" label={t('warehouse.fields.mode')}>
          <Radio.Group options={(['self', 'logistics'] as const).map((m) => ({ value: m, label: t(`warehouse.mode.${m}`) }))} />
        </Form.Item>
        <Form.Item name="quantity" label={t('warehouse.fields.quantity')} rules={rule('quantity', 'amount3')}>
          <Input data-testid="field-pickup-quantity" />
        </Form.Item>
        <Form.Item name="contactName" label={t('warehouse.fields.contactName')} rules={rule('contactName')}>
          <Input data-testid="field-contactName" maxLength={40} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('warehouse.fields.contactPhone')} rules={rule('contactPhone', 'phone')}>
          <Input data-testid="field-contactPhone" />
        </Form.Item>
        {mode === 'logistics' && (
          <Form.Item name="address" label={t('warehouse.fields.address')} rules={rule('address')}>
            <Input data-testid="field-address" maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The firm's holdings with their pickup action: every one (`holdProduct`) or those free to pick up. */
export function HoldingsCard({ titleKey }: { titleKey: 'holdProduct' | 'pickupGoods' }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [target, setTarget] = useState<Holding | null>(null);
  const holdings = useHoldings(titleKey === 'holdProduct' ? { page, size: SIZE } : { page, size: SIZE, status: '0' });
  const columns: ColumnsType<Holding> = [
    { title: t('warehouse.fields.holdId'), dataIndex: 'holdId' },
    { title: t('warehouse.fields.receiptNo'), dataIndex: 'receiptNo' },
    commodityColumn(t('warehouse.fields.commodityTypeId')),
    { title: t('warehouse.fields.quantity'), render: (_, r) => <span data-testid="holding-quantity">{`${r.quantity} ${r.unit}`}</span> },
    { title: t('warehouse.fields.weight'), render: (_, r) => <span data-testid="holding-weight">{`${r.weight} ${r.weightUnit}`}</span> },
    { title: t('warehouse.fields.storageId'), dataIndex: 'storageName' },
    { title: t('warehouse.fields.storageFee'), dataIndex: 'storageFee' },
    { title: t('warehouse.fields.status'), render: (_, r) => <Tag>{t(`warehouse.holdStatus.${r.status as '0'}`)}</Tag> },
    {
      title: t('warehouse.fields.actions'),
      render: (_, r) =>
        r.status === '0' ? (
          <Button size="small" type="primary" onClick={() => setTarget(r)} data-testid="pickup-open">
            {t('warehouse.actions.pickup')}
          </Button>
        ) : null,
    },
  ];

  return (
    <WarehouseCard title={t(`warehouse.menu.${titleKey}`)}>
      <PagedTable<Holding> section="warehouse" query={holdings} paging={{ page, setPage }} rowKey="holdId" rowData={(row) => ({ 'data-testid': `holding-row-${row.holdId}`, 'data-receipt': row.receiptNo, 'data-status': row.status })} columns={columns} />
      <PickupModal holding={target} onClose={() => setTarget(null)} />
    </WarehouseCard>
  );
}
