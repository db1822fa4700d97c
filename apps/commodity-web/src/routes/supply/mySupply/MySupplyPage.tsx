import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Radio, Result, Row, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, runAction, useApp, useSession } from '@tp/web-kit';
import type { SupplyKind, SupplyMineRequest, SupplyNote, SupplyNoteRequest, SupplyStatus } from '@tp/contract';
import { useMySupplyNotes, useNoteAction, useReleaseNote, useUpdateNote } from '../../../api/supply';
import { useCommodityTypes } from '../../../api/warehouse';
import { paths } from '../../../paths';
import { ImageField, KindTag, NoteImage, SIZE, StatusTag, SupplyCard, pagination, useNoteRules, usePriceText } from '../shared';

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
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<SupplyStatus>();
  const [kind, setKind] = useState<SupplyKind>();
  const [keyword, setKeyword] = useState<string>();
  const [form, setForm] = useState<{ open: boolean; editing: SupplyNote | null }>({ open: false, editing: null });
  const allowed = hasRight('supply.publish');
  const query: SupplyMineRequest = { status, kind, keyword, page, size: SIZE };
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
        <Select
          allowClear
          placeholder={t('supply.filters.allStatuses')}
          style={{ width: 150 }}
          value={status}
          data-testid="mine-filter-status"
          onChange={(v: SupplyStatus | undefined) => {
            setStatus(v);
            setPage(0);
          }}
          options={(['W', 'T', 'F', 'D', 'U'] as const).map((s) => ({ value: s, label: t(`supply.status.${s}`) }))}
        />
        <Select
          allowClear
          placeholder={t('supply.filters.allKinds')}
          style={{ width: 130 }}
          value={kind}
          onChange={(v: SupplyKind | undefined) => {
            setKind(v);
            setPage(0);
          }}
          options={(['supply', 'demand'] as const).map((k) => ({ value: k, label: t(`supply.kind.${k}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('supply.filters.keywordHint')}
          style={{ width: 280 }}
          maxLength={40}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(0);
          }}
        />
      </Space>
      <QueryStates keys="supply" skeletonRows={4} query={notes} empty={notes.data?.total === 0}>
        <Table<SupplyNote>
          rowKey="noteId"
          size="small"
          scroll={{ x: true }}
          dataSource={notes.data?.content ?? []}
          pagination={pagination(page, SIZE, notes.data?.total ?? 0, setPage)}
          onRow={(row) => ({ 'data-testid': `my-note-${row.noteId}`, 'data-status': row.status }) as object}
          columns={[
            { title: t('supply.fields.noteId'), dataIndex: 'noteId' },
            { title: t('supply.fields.img'), render: (_, r) => <NoteImage note={r} width={64} /> },
            {
              title: t('supply.fields.title'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <Space>
                    <KindTag kind={r.kind} />
                    {r.status === 'T' ? <Link to={paths.supplyDemandDetails(r.noteId)}>{r.title}</Link> : r.title}
                  </Space>
                  <Typography.Text type="secondary">{`${r.commodityName} · ${r.weight} ${r.weightUnit} · ${priceText(r)}`}</Typography.Text>
                </Space>
              ),
            },
            {
              title: t('supply.fields.status'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <StatusTag status={r.status} />
                  {r.reason && (
                    <Typography.Text type="danger" data-testid="note-reason">
                      {t('supply.reasonLabel', { status: t(`supply.status.${r.status}`), reason: r.reason })}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            { title: t('supply.fields.topAt'), render: (_, r) => <span data-testid="note-topAt">{r.topAt ? new Date(r.topAt).toLocaleString() : '—'}</span> },
            { title: t('supply.fields.createdAt'), render: (_, r) => new Date(r.createdAt).toLocaleString() },
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
          ]}
        />
      </QueryStates>
      <NoteFormModal open={form.open} editing={form.editing} onClose={() => setForm({ open: false, editing: null })} />
    </SupplyCard>
  );
}
