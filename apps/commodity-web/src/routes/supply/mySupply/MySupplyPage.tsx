import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Radio, Result, Row, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runAction, useApp, useSession } from '@tp/web-kit';
import type { SupplyKind, SupplyMineRequest, SupplyNote, SupplyNoteRequest, SupplyStatus } from '@tp/contract';
import { useMySupplyNotes, useNoteAction, useReleaseNote, useUpdateNote } from '../../../api/supply';
import { useCommodityTypes } from '../../../api/warehouse';
import { paths } from '../../../paths';
import { ImageField, KindTag, NoteImage, SIZE, StatusTag, SupplyCard, useNoteRules, usePriceText } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { FilterSelect, KeywordFilter } from '../../components/ListFilters';
import { useListFilters } from '../../components/useListFilters';
import { timeColumn } from '../../components/columns';
import { TwoLineCell } from '../../components/cells';

type FormValues = Omit<SupplyNoteRequest, 'commodityTypeId'> & { commodityTypeId?: string };

const EMPTY: Partial<FormValues> = { kind: 'supply', weightUnit: '吨', unit: '元/吨', price: '', img: '' };

/** Release a note, or correct a rejected one and resubmit it (`editing`). */
function NoteFormModal({ open, editing, onClose }: { open: boolean; editing: SupplyNote | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = useNoteRules();
  const [form] = Form.useForm<FormValues>();
  const types = useCommodityTypes();
  const release = useReleaseNote();
  const update = useUpdateNote();
  const pending = release.isPending || update.isPending;

  const initial: Partial<FormValues> = editing
    ? {
        kind: editing.kind,
        title: editing.title,
        description: editing.description,
        commodityTypeId: editing.commodityTypeId ?? undefined,
        commodityName: editing.commodityName,
        brand: editing.brand,
        specifications: editing.specifications,
        packages: editing.packages,
        price: editing.price ?? '',
        unit: editing.unit,
        weight: editing.weight,
        weightUnit: editing.weightUnit,
        address: editing.address,
        companyName: editing.companyName,
        contactsName: editing.contactsName ?? '',
        contactsPhone: editing.contactsPhone ?? '',
        img: editing.img ?? '',
      }
    : EMPTY;

  async function submit() {
    const values = await form.validateFields();
    const body: SupplyNoteRequest = { ...values, price: values.price?.trim() ?? '', img: values.img ?? '' };
    if (!body.commodityTypeId) delete body.commodityTypeId;
    modal.confirm({
      title: t('supply.confirm.release'),
      okButtonProps: { 'data-testid': 'note-submit-ok' },
      onOk: () =>
        (editing ? update.mutateAsync({ ...body, noteId: editing.noteId }) : release.mutateAsync(body)).then(() => {
          void message.success(t('supply.submitted'));
          form.resetFields();
          onClose();
        }),
    });
  }

  const text = (name: keyof FormValues, required = true) => (
    <Form.Item name={name} label={t(`supply.fields.${name as 'title'}`)} rules={rule(name as 'title', required)}>
      <Input data-testid={`field-${name}`} />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      width={760}
      title={editing ? t('supply.actions.edit') : t('supply.actions.release')}
      onCancel={onClose}
      onOk={() => void runAction(submit)}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': 'note-submit' }}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      {editing?.reason && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('supply.reasonLabel', { status: t(`supply.status.${editing.status}`), reason: editing.reason })} />}
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="kind" label={t('supply.fields.kind')} rules={[{ required: true }]}>
          <Radio.Group data-testid="field-kind" options={(['supply', 'demand'] as const).map((k) => ({ value: k, label: t(`supply.kind.${k}`) }))} />
        </Form.Item>
        {text('title')}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="commodityTypeId" label={t('supply.fields.commodityType')}>
              <Select
                allowClear
                data-testid="field-commodityTypeId"
                loading={types.isPending}
                options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
                onChange={(value: string | undefined) => {
                  const type = types.data?.find((c) => c.commodityTypeId === value);
                  if (type) form.setFieldsValue({ commodityName: type.name, weightUnit: type.weightUnit, unit: `元/${type.weightUnit}` });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {text('commodityName')}
          </Col>
          <Col xs={24} sm={8}>
            {text('brand', false)}
          </Col>
          <Col xs={24} sm={8}>
            {text('specifications', false)}
          </Col>
          <Col xs={24} sm={8}>
            {text('packages', false)}
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="price" label={t('supply.fields.price')} rules={rule('price', false)} extra={t('supply.priceHint')}>
              <Input data-testid="field-price" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={4}>
            {text('unit', false)}
          </Col>
          <Col xs={24} sm={8}>
            {text('weight')}
          </Col>
          <Col xs={24} sm={4}>
            {text('weightUnit')}
          </Col>
          <Col xs={24}>{text('address')}</Col>
          <Col xs={24} sm={12}>
            {text('companyName')}
          </Col>
          <Col xs={24} sm={6}>
            {text('contactsName')}
          </Col>
          <Col xs={24} sm={6}>
            {text('contactsPhone')}
          </Col>
        </Row>
        <Form.Item name="description" label={t('supply.fields.description')} rules={rule('description', false)}>
          <Input.TextArea rows={3} data-testid="field-description" />
        </Form.Item>
        <Form.Item name="img" label={t('supply.fields.img')} extra={t('supply.imageHint')}>
          <ImageField
            preview={editing?.thumbUrl ? <NoteImage note={editing} width={96} /> : undefined}
            onError={(error) => form.setFields([{ name: 'img', errors: [error] }])}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/supplyDemandInfo/mine`: the firm's own notes with their state and reasons; release, revoke, pin, correct and resubmit. */
export function MySupplyPage() {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { hasRight } = useSession();
  const { filters, page, setPage, filter } = useListFilters<Pick<SupplyMineRequest, 'status' | 'kind' | 'keyword'>>();
  const [form, setForm] = useState<{ open: boolean; editing: SupplyNote | null }>({ open: false, editing: null });
  const allowed = hasRight('supply.publish');
  const query: SupplyMineRequest = { ...filters, page, size: SIZE };
  const notes = useMySupplyNotes(query);
  const undo = useNoteAction('undo');
  const top = useNoteAction('top');
  const untop = useNoteAction('untop');
  const actions = { undo, top, untop };
  const priceText = usePriceText();
  const ask = (action: keyof typeof actions, note: SupplyNote) =>
    modal.confirm({
      title: t(`supply.confirm.${action}`, { noteId: note.noteId }),
      okButtonProps: { 'data-testid': `note-${action}-ok` },
      onOk: () => actions[action].mutateAsync(note.noteId).then(() => void message.success(t('supply.done'))),
    });

  if (!allowed)
    return (
      <SupplyCard title={t('supply.mine')}>
        <Result status="403" title={t('supply.noRight')} />
      </SupplyCard>
    );

  const columns: ColumnsType<SupplyNote> = [
    { title: t('supply.fields.noteId'), dataIndex: 'noteId' },
    { title: t('supply.fields.img'), render: (_, r) => <NoteImage note={r} width={64} /> },
    {
      title: t('supply.fields.title'),
      render: (_, r) => (
        <TwoLineCell note={`${r.commodityName} · ${r.weight} ${r.weightUnit} · ${priceText(r)}`}>
          <Space>
            <KindTag kind={r.kind} />
            {r.status === 'T' ? <Link to={paths.supplyDemandDetails(r.noteId)}>{r.title}</Link> : r.title}
          </Space>
        </TwoLineCell>
      ),
    },
    {
      title: t('supply.fields.status'),
      render: (_, r) => (
        <TwoLineCell danger noteTestId="note-reason" note={r.reason && t('supply.reasonLabel', { status: t(`supply.status.${r.status}`), reason: r.reason })}>
          <StatusTag status={r.status} />
        </TwoLineCell>
      ),
    },
    { title: t('supply.fields.topAt'), render: (_, r) => <span data-testid="note-topAt">{r.topAt ? new Date(r.topAt).toLocaleString() : '—'}</span> },
    timeColumn(t('supply.fields.createdAt'), (r) => r.createdAt),
    {
      title: t('supply.fields.actions'),
      render: (_, r) => (
        <Space>
          {r.status === 'T' && (
            <Button size="small" onClick={() => ask('top', r)} data-testid="note-top">
              {t('supply.actions.top')}
            </Button>
          )}
          {r.status === 'T' && r.topAt && (
            <Button size="small" onClick={() => ask('untop', r)} data-testid="note-untop">
              {t('supply.actions.untop')}
            </Button>
          )}
          {(r.status === 'W' || r.status === 'T') && (
            <Button size="small" danger onClick={() => ask('undo', r)} data-testid="note-undo">
              {t('supply.actions.undo')}
            </Button>
          )}
          {r.status === 'F' && (
            <Button size="small" type="primary" onClick={() => setForm({ open: true, editing: r })} data-testid="note-edit">
              {t('supply.actions.edit')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <SupplyCard
      title={t('supply.mine')}
      extra={
        <Space>
          <Link to={paths.supplyDemand}>
            <Button>{t('supply.actions.board')}</Button>
          </Link>
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })} data-testid="note-release">
            {t('supply.actions.release')}
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <FilterSelect<SupplyStatus> placeholder={t('supply.filters.allStatuses')} width={150} value={filters.status} testId="mine-filter-status" onChange={(v) => filter({ status: v })} options={(['W', 'T', 'F', 'D', 'U'] as const).map((s) => ({ value: s, label: t(`supply.status.${s}`) }))} />
        <FilterSelect<SupplyKind> placeholder={t('supply.filters.allKinds')} width={130} value={filters.kind} onChange={(v) => filter({ kind: v })} options={(['supply', 'demand'] as const).map((k) => ({ value: k, label: t(`supply.kind.${k}`) }))} />
        <KeywordFilter placeholder={t('supply.filters.keywordHint')} width={280} onSearch={(keyword) => filter({ keyword })} />
      </Space>
      <PagedTable<SupplyNote> section="supply" query={notes} paging={{ page, setPage }} rowKey="noteId" rowData={(row) => ({ 'data-testid': `my-note-${row.noteId}`, 'data-status': row.status })} columns={columns} />
      <NoteFormModal open={form.open} editing={form.editing} onClose={() => setForm({ open: false, editing: null })} />
    </SupplyCard>
  );
}
