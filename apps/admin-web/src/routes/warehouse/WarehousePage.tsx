import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Pickup, PickupMode, SaveStorageRequest, Storage, WarehousingApply } from '@tp/contract';
import { useCommodityTypes } from '../../api/listing';
import { QueryTable } from '../../components/QueryTable';
import { ReasonButton } from '../../components/ReasonButton';
import {
  openReport,
  useAdminApplies,
  useAdminPickups,
  useAdminStorages,
  useArrive,
  useAssign,
  useAudit,
  useConfirmPickup,
  useDeleteStorage,
  useReview,
  useSaveStorage,
  useSetFee,
  useShip,
  useStore,
} from '../../api/warehouse';
import { PICKUP_CODE_PATTERN, WAREHOUSE_MONEY_PATTERN } from '@tp/contract';

const SIZE = 10;

function ConfirmButton({ label, title, testId, onConfirm, danger }: { label: string; title: string; testId: string; onConfirm: () => void; danger?: boolean }) {
  return (
    <Popconfirm title={title} onConfirm={onConfirm} okButtonProps={{ 'data-testid': `${testId}-ok` }}>
      <Button size="small" danger={danger} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}

function FeeModal({ apply, onClose }: { apply: WarehousingApply | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ fee: string }>();
  const setFee = useSetFee();
  const label = t('warehouse.fields.fee');
  async function submit() {
    if (!apply) return;
    const { fee } = await form.validateFields();
    modal.confirm({
      title: t('warehouse.confirm.setFee', { fee }),
      okButtonProps: { 'data-testid': 'fee-confirm-ok' },
      onOk: () =>
        setFee.mutateAsync({ applyId: apply.applyId, fee }).then(() => {
          void message.success(t('warehouse.done'));
          form.resetFields();
          onClose();
        }),
    });
  }
  return (
    <Modal open={apply !== null} title={t('warehouse.actions.setFee')} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ 'data-testid': 'fee-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item
          name="fee"
          label={label}
          rules={[
            { required: true, message: t('warehouse.rules.required', { field: label }) },
            { pattern: WAREHOUSE_MONEY_PATTERN, message: t('warehouse.rules.money', { field: label }) },
          ]}
        >
          <Input data-testid="field-fee" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AppliesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<string | undefined>();
  const [feeTarget, setFeeTarget] = useState<WarehousingApply | null>(null);
  const applies = useAdminApplies({ page, size: SIZE, ...(status ? { status: status as '0' } : {}) });
  const audit = useAudit();
  const review = useReview();
  const arrive = useArrive();
  const store = useStore();
  const done = { onSuccess: () => void message.success(t('warehouse.done')) };
  const actions = (r: WarehousingApply) => (
    <Space wrap>
      {r.status === '0' && (
        <>
          <ConfirmButton label={t('warehouse.actions.pass')} title={t('warehouse.confirm.pass')} testId="audit-pass" onConfirm={() => audit.mutate({ applyId: r.applyId, pass: true, reason: '' }, done)} />
          <ReasonButton section="warehouse" label={t('warehouse.actions.reject')} testId="audit-reject" onSubmit={(reason) => audit.mutateAsync({ applyId: r.applyId, pass: false, reason }).then(done.onSuccess)} />
        </>
      )}
      {r.status === '8' && r.inspectionStatus === '0' && (
        <Button size="small" type="primary" onClick={() => setFeeTarget(r)} data-testid="fee-open">
          {t('warehouse.actions.setFee')}
        </Button>
      )}
      {r.reportUrl && (
        <Button size="small" onClick={() => void openReport(r.reportUrl ?? '')} data-testid="report-view">
          {t('warehouse.actions.view')}
        </Button>
      )}
      {r.status === '1' && r.inspectionStatus === '2' && (
        <>
          <ConfirmButton label={t('warehouse.actions.pass')} title={t('warehouse.confirm.reviewPass')} testId="review-pass" onConfirm={() => review.mutate({ applyId: r.applyId, pass: true, reason: '' }, done)} />
          <ReasonButton section="warehouse" label={t('warehouse.actions.reject')} testId="review-reject" onSubmit={(reason) => review.mutateAsync({ applyId: r.applyId, pass: false, reason }).then(done.onSuccess)} />
        </>
      )}
      {(r.status === '2' || r.status === '4') && r.arrival === '' && <ConfirmButton label={t('warehouse.actions.arrive')} title={t('warehouse.confirm.arrive')} testId="arrive" onConfirm={() => arrive.mutate(r.applyId, done)} />}
      {(r.status === '2' || r.status === '4') && r.arrival === 'F' && <ConfirmButton label={t('warehouse.actions.store')} title={t('warehouse.confirm.store')} testId="store" onConfirm={() => store.mutate(r.applyId, done)} />}
    </Space>
  );
  return (
    <>
      <Select
        style={{ width: 200, marginBottom: 12 }}
        value={status ?? ''}
        onChange={(v) => {
          setStatus(v || undefined);
          setPage(0);
        }}
        options={[{ value: '', label: t('warehouse.filter.all') }, ...['0', '8', '1', '2', '3', '4', '9', '5', '6', '7'].map((s) => ({ value: s, label: t(`warehouse.applyStatus.${s as '0'}`) }))]}
      />
      <QueryTable<WarehousingApply>
        keys="warehouse"
        query={applies}
        rowKey="applyId"
        page={page}
        onPage={setPage}
        rowData={(row) => ({ 'data-testid': `admin-apply-${row.applyId}`, 'data-status': row.status })}
        columns={[
          { title: t('warehouse.fields.applyId'), dataIndex: 'applyId' },
          { title: t('warehouse.fields.firmName'), dataIndex: 'firmName' },
          { title: t('warehouse.fields.commodity'), render: (_, r) => `${r.commodityName} / ${r.gradeName}` },
          { title: t('warehouse.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
          { title: t('warehouse.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
          { title: t('warehouse.fields.storage'), dataIndex: 'storageName' },
          { title: t('warehouse.fields.status'), render: (_, r) => <Tag>{t(`warehouse.applyStatus.${r.status as '0'}`)}</Tag> },
          { title: t('warehouse.fields.inspection'), render: (_, r) => t(`warehouse.inspectionStatus.${(r.inspectionStatus || 'none') as '0'}`) },
          { title: t('warehouse.fields.fee'), render: (_, r) => r.inspectionFee ?? '-' },
          { title: t('warehouse.fields.arrival'), render: (_, r) => t(`warehouse.arrival.${(r.arrival || 'none') as 'F'}`) },
          { title: t('warehouse.fields.actions'), render: (_, r) => actions(r) },
        ]}
      />
      <FeeModal apply={feeTarget} onClose={() => setFeeTarget(null)} />
    </>
  );
}

function AssignModal({ pickup, onClose }: { pickup: Pickup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ carrier: string; trackingNo: string }>();
  const assign = useAssign();
  const req = (field: 'carrier' | 'trackingNo') => [{ required: true, whitespace: true, message: t('warehouse.rules.required', { field: t(`warehouse.fields.${field}`) }) }];
  async function submit() {
    if (!pickup) return;
    const values = await form.validateFields();
    assign.mutate({ pickupId: pickup.pickupId, ...values }, { onSuccess: () => (void message.success(t('warehouse.done')), onClose()) });
  }
  return (
    <Modal open={pickup !== null} title={t('warehouse.actions.assign')} onCancel={onClose} onOk={() => void submit()} confirmLoading={assign.isPending} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="carrier" label={t('warehouse.fields.carrier')} rules={req('carrier')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="trackingNo" label={t('warehouse.fields.trackingNo')} rules={req('trackingNo')}>
          <Input maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PickupsTab({ mode }: { mode: PickupMode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [code, setCode] = useState('');
  const [assignTarget, setAssignTarget] = useState<Pickup | null>(null);
  const pickups = useAdminPickups({ mode, page, size: SIZE });
  const confirm = useConfirmPickup();
  const ship = useShip();
  const codeValid = PICKUP_CODE_PATTERN.test(code);
  return (
    <>
      {mode === 'self' && (
        <Space style={{ marginBottom: 12 }}>
          <Input placeholder={t('warehouse.fields.pickupCode')} value={code} onChange={(e) => setCode(e.target.value.trim())} maxLength={6} data-testid="pickup-code-input" status={code && !codeValid ? 'error' : ''} />
          <Popconfirm
            title={t('warehouse.actions.confirmPickup')}
            disabled={!codeValid}
            okButtonProps={{ 'data-testid': 'pickup-confirm-ok' }}
            onConfirm={() => confirm.mutate(code, { onSuccess: () => (void message.success(t('warehouse.done')), setCode('')) })}
          >
            <Button type="primary" disabled={!codeValid} loading={confirm.isPending} data-testid="pickup-confirm">
              {t('warehouse.actions.confirmPickup')}
            </Button>
          </Popconfirm>
        </Space>
      )}
      <QueryTable<Pickup>
        keys="warehouse"
        query={pickups}
        rowKey="pickupId"
        page={page}
        onPage={setPage}
        columns={[
          { title: t('warehouse.fields.firmName'), dataIndex: 'firmName' },
          { title: t('warehouse.fields.commodity'), dataIndex: 'commodityName' },
          { title: t('warehouse.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
          { title: t('warehouse.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
          { title: t('warehouse.fields.storage'), dataIndex: 'storageName' },
          { title: t('warehouse.fields.contact'), render: (_, r) => `${r.contactName} ${r.contactPhone}` },
          ...(mode === 'logistics'
            ? [
                { title: t('warehouse.fields.address'), dataIndex: 'address' },
                { title: t('warehouse.fields.carrier'), render: (_: unknown, r: Pickup) => `${r.carrier} ${r.trackingNo}` },
              ]
            : []),
          { title: t('warehouse.fields.status'), render: (_, r) => <Tag>{mode === 'self' ? t(`warehouse.selfStatus.${r.status as '0'}`) : t(`warehouse.logisticsStatus.${r.status as '0'}`)}</Tag> },
          ...(mode === 'logistics'
            ? [
                {
                  title: t('warehouse.fields.actions'),
                  render: (_: unknown, r: Pickup) => (
                    <Space>
                      {r.status === '0' && (
                        <Button size="small" onClick={() => setAssignTarget(r)}>
                          {t('warehouse.actions.assign')}
                        </Button>
                      )}
                      {r.status === '1' && <ConfirmButton label={t('warehouse.actions.ship')} title={t('warehouse.confirm.ship')} testId="ship" onConfirm={() => ship.mutate(r.pickupId, { onSuccess: () => void message.success(t('warehouse.done')) })} />}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <AssignModal pickup={assignTarget} onClose={() => setAssignTarget(null)} />
    </>
  );
}

const STORAGE_FIELDS = ['name', 'address', 'responsibleName', 'responsiblePhone', 'storageType', 'chargeStandard', 'warehousRate', 'note'] as const;

function StorageModal({ storage, onClose }: { storage: Storage | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveStorageRequest>();
  const save = useSaveStorage();
  const types = useCommodityTypes();
  const typesLabel = t('warehouse.fields.commodityTypeIds');
  const label = (f: (typeof STORAGE_FIELDS)[number]) => t(`warehouse.fields.${f === 'address' ? 'addressStorage' : f}`);
  const patterns: Partial<Record<(typeof STORAGE_FIELDS)[number], RegExp>> = { responsiblePhone: /^[0-9+\-\s]{6,20}$/, chargeStandard: /^(0|[1-9]\d{0,9})(\.\d{1,4})?$/, warehousRate: /^0(\.\d{1,6})?$/ };
  async function submit() {
    const values = await form.validateFields();
    save.mutate({ ...values, ...(storage && storage !== 'new' ? { storageId: storage.storageId } : {}) }, { onSuccess: () => (void message.success(t('warehouse.done')), onClose()) });
  }
  return (
    <Modal open={storage !== null} title={storage === 'new' ? t('warehouse.actions.add') : t('warehouse.actions.edit')} onCancel={onClose} onOk={() => void submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={storage && storage !== 'new' ? storage : { note: '' }} preserve={false}>
        {STORAGE_FIELDS.map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={label(f)}
            rules={[
              ...(f === 'note' ? [] : [{ required: true, whitespace: true, message: t('warehouse.rules.required', { field: label(f) }) }]),
              ...(patterns[f] ? [{ pattern: patterns[f], message: t('warehouse.rules.invalid', { field: label(f) }) }] : []),
            ]}
          >
            {f === 'chargeStandard' || f === 'warehousRate' ? <InputNumber<string> stringMode style={{ width: '100%' }} /> : <Input />}
          </Form.Item>
        ))}
        {/* Firms are offered this warehouse only for these commodity types, and the server refuses others. */}
        <Form.Item name="commodityTypeIds" label={typesLabel} rules={[{ required: true, type: 'array', min: 1, message: t('warehouse.rules.required', { field: typesLabel }) }]}>
          <Select
            mode="multiple"
            loading={types.isPending}
            data-testid="storage-commodityTypeIds"
            optionFilterProp="label"
            options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: `${c.category} / ${c.name}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function StoragesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Storage | 'new' | null>(null);
  const storages = useAdminStorages({ page, size: SIZE });
  const remove = useDeleteStorage();
  const types = useCommodityTypes();
  const names = new Map((types.data ?? []).map((c) => [c.commodityTypeId, c.name]));
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
        {t('warehouse.actions.add')}
      </Button>
      <QueryTable<Storage>
        keys="warehouse"
        query={storages}
        rowKey="storageId"
        page={page}
        onPage={setPage}
        columns={[
          ...STORAGE_FIELDS.map((f) => ({ title: t(`warehouse.fields.${f === 'address' ? 'addressStorage' : f}`), dataIndex: f })),
          { title: t('warehouse.fields.commodityTypeIds'), render: (_: unknown, r: Storage) => r.commodityTypeIds.map((id) => names.get(id) ?? id).join('、') },
          {
            title: t('warehouse.fields.actions'),
            render: (_: unknown, r: Storage) => (
              <Space>
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('warehouse.actions.edit')}
                </Button>
                <ConfirmButton label={t('warehouse.actions.delete')} title={t('warehouse.confirm.delete')} testId="storage-delete" danger onConfirm={() => remove.mutate(r.storageId, { onSuccess: () => void message.success(t('warehouse.done')) })} />
              </Space>
            ),
          },
        ]}
      />
      <StorageModal storage={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** `/warehouse`: warehousing audit, inspection fee and report review, arrival and storage, pickups and warehouses. */
export function WarehousePage() {
  const { t } = useTranslation();
  return (
    <Card title={<h1 className="result-heading">{t('warehouse.nav')}</h1>}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'applies', label: <span data-testid="tab-applies">{t('warehouse.tabs.applies')}</span>, children: <AppliesTab /> },
          { key: 'pickups', label: <span data-testid="tab-pickups">{t('warehouse.tabs.pickups')}</span>, children: <PickupsTab mode="self" /> },
          { key: 'logistics', label: <span data-testid="tab-logistics">{t('warehouse.tabs.logistics')}</span>, children: <PickupsTab mode="logistics" /> },
          { key: 'storages', label: <span data-testid="tab-storages">{t('warehouse.tabs.storages')}</span>, children: <StoragesTab /> },
        ]}
      />
    </Card>
  );
}
