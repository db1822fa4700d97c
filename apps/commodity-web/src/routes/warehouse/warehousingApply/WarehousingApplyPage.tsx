import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import { runAction } from '@tp/web-kit';
import { useTranslation } from 'react-i18next';
import type { WarehousingApplyRequest } from '@tp/contract';
import { useApplyWarehousing, useCommodityTypes, useStorages } from '../../../api/warehouse';
import { ApplyTable } from '../components/ApplyTable';
import { WarehouseCard, useRules } from '../shared';

function ApplyForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rule = useRules();
  const [form] = Form.useForm();
  const types = useCommodityTypes();
  const storages = useStorages();
  const apply = useApplyWarehousing();
  const typeId = Form.useWatch<string | undefined>('commodityTypeId', form);
  const type = types.data?.find((c) => c.commodityTypeId === typeId);
  // Only the warehouses that store the chosen commodity (no grain depot for rebar); the server refuses the others too.
  const storing = typeId ? (storages.data?.content ?? []).filter((s) => s.commodityTypeIds.includes(typeId)) : [];

  async function submit() {
    const values = (await form.validateFields()) as Omit<WarehousingApplyRequest, 'outWarehousDay'> & { outWarehousDay: { format: (f: string) => string } };
    apply.mutate(
      { ...values, type: '1', orderId: '', outWarehousDay: values.outWarehousDay.format('YYYY-MM-DD') },
      {
        onSuccess: () => {
          void message.success(t('warehouse.done'));
          form.resetFields();
          onClose();
        },
      },
    );
  }

  return (
    <Modal open={open} title={t('warehouse.actions.apply')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={apply.isPending} okButtonProps={{ 'data-testid': 'apply-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ reportType: '1' }}>
        <Form.Item name="commodityTypeId" label={t('warehouse.fields.commodityTypeId')} rules={rule('commodityTypeId')}>
          <Select
            data-testid="field-commodityTypeId"
            loading={types.isPending}
            options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: `${c.category} / ${c.name}` }))}
            onChange={() => form.setFieldsValue({ gradeId: undefined, packagId: undefined, storageId: undefined })}
          />
        </Form.Item>
        <Form.Item name="gradeId" label={t('warehouse.fields.gradeId')} rules={rule('gradeId')}>
          <Select data-testid="field-gradeId" options={(type?.grades ?? []).map((g) => ({ value: g.gradeId, label: g.gradeName }))} />
        </Form.Item>
        <Form.Item name="packagId" label={t('warehouse.fields.packagId')} rules={rule('packagId')}>
          <Select data-testid="field-packagId" options={(type?.packages ?? []).map((p) => ({ value: p.packagId, label: p.packageName }))} />
        </Form.Item>
        <Form.Item name="storageId" label={t('warehouse.fields.storageId')} rules={rule('storageId')}>
          <Select
            data-testid="field-storageId"
            loading={storages.isPending}
            disabled={!typeId}
            placeholder={typeId ? undefined : t('warehouse.storageHint.chooseCommodity')}
            notFoundContent={t('warehouse.storageHint.none')}
            options={storing.map((s) => ({ value: s.storageId, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="batch" label={t('warehouse.fields.batch')} rules={rule('batch')}>
          <Input data-testid="field-batch" maxLength={40} />
        </Form.Item>
        <Form.Item name="firmName" label={t('warehouse.fields.firmName')} rules={rule('firmName')}>
          <Input data-testid="field-firmName" maxLength={100} />
        </Form.Item>
        <Form.Item name="manufacturer" label={t('warehouse.fields.manufacturer')} rules={rule('manufacturer')}>
          <Input data-testid="field-manufacturer" maxLength={100} />
        </Form.Item>
        <Form.Item name="outWarehousDay" label={t('warehouse.fields.outWarehousDay')} rules={[{ required: true, message: t('warehouse.rules.required', { field: t('warehouse.fields.outWarehousDay') }) }]}>
          <DatePicker data-testid="field-outWarehousDay" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="quantity" label={`${t('warehouse.fields.quantity')}${type ? `（${type.unit}）` : ''}`} rules={rule('quantity', 'amount3')}>
          <Input data-testid="field-quantity" />
        </Form.Item>
        <Form.Item name="weight" label={`${t('warehouse.fields.weight')}${type ? `（${type.weightUnit}）` : ''}`} rules={rule('weight', 'amount3')}>
          <Input data-testid="field-weight" />
        </Form.Item>
        <Form.Item name="reportType" label={t('warehouse.fields.reportType')} rules={rule('reportType')}>
          <Select data-testid="field-reportType" options={['1', '2'].map((v) => ({ value: v, label: t(`warehouse.reportType.${v as '1'}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/sellerCenter/resource/warehousingApply`: apply for warehousing and follow each application. */
export function WarehousingApplyPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <WarehouseCard
      title={t('warehouse.menu.warehousingApply')}
      extra={
        <Button type="primary" onClick={() => setOpen(true)} data-testid="apply-open">
          {t('warehouse.actions.apply')}
        </Button>
      }
    >
      <ApplyTable />
      <ApplyForm open={open} onClose={() => setOpen(false)} />
    </WarehouseCard>
  );
}
