import { useState } from 'react';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Table, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PresaleProject, SavePresaleProject, UnlockStage } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { formatTime } from '../../components/format';
import { usePresaleProjects, useRemovePresaleProject, useSavePresaleProject } from '../../api/presale';

const PAGE_SIZE = 20;
/** What the range picker hands back: a moment with its instant. */
interface Moment {
  toISOString(): string;
}
const TEXT_FIELDS = ['name', 'companyName', 'coinName', 'coinType', 'abbreviation', 'website', 'contractAddress', 'whitePaper', 'chatGroup'] as const;
const AMOUNT_FIELDS = ['totalIssue', 'amount', 'price', 'minPurchase', 'maxPurchase', 'exchangeRatio', 'feeRate'] as const;

type FormValues = Omit<SavePresaleProject, 'startTime' | 'endTime' | 'unlockStages'> & { window: [Moment, Moment]; unlockStages?: UnlockStage[] };

function ProjectEditor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const save = useSavePresaleProject();
  const [form] = Form.useForm<FormValues>();
  const lockupRule = Form.useWatch('lockupRule', form);
  const required = (label: string) => [{ required: true, whitespace: true, message: t('presale.required', { field: label }) }];

  function submit({ window, unlockStages, ...values }: FormValues) {
    modal.confirm({
      title: t('presale.confirmPublish'),
      okButtonProps: { 'data-testid': 'presale-publish-ok' } as ButtonProps,
      onOk: async () => {
        await save.mutateAsync({ ...values, startTime: window[0].toISOString(), endTime: window[1].toISOString(), unlockStages: values.lockupRule === 'stages' ? (unlockStages ?? []) : [] });
        void message.success(t('presale.published'));
        onClose();
      },
    });
  }

  return (
    <Modal open width={900} title={t('presale.create')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} okButtonProps={{ 'data-testid': 'presale-save' }} destroyOnHidden>
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ paymentCurrency: 'USDT', exchangeRatio: '1', feeRate: '0.001', lockupRule: 'immediate', allocation: 'fcfs', quantityPlaces: 4, introduction: '', website: '', contractAddress: '', whitePaper: '', chatGroup: '' }}
      >
        <Row gutter={12}>
          {TEXT_FIELDS.map((key) => (
            <Col span={8} key={key}>
              <Form.Item name={key} label={t(`presale.fields.${key}`)} rules={['website', 'contractAddress', 'whitePaper', 'chatGroup'].includes(key) ? [] : required(t(`presale.fields.${key}`))}>
                <Input data-testid={`presale-${key}`} />
              </Form.Item>
            </Col>
          ))}
          {AMOUNT_FIELDS.map((key) => (
            <Col span={8} key={key}>
              <Form.Item name={key} label={t(`presale.fields.${key}`)} rules={required(t(`presale.fields.${key}`))}>
                <Input data-testid={`presale-${key}`} />
              </Form.Item>
            </Col>
          ))}
          <Col span={8}>
            <Form.Item name="paymentCurrency" label={t('presale.fields.paymentCurrency')} rules={required(t('presale.fields.paymentCurrency'))}>
              <Input data-testid="presale-paymentCurrency" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="quantityPlaces" label={t('presale.fields.quantityPlaces')}>
              <InputNumber min={0} max={8} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="window" label={`${t('presale.fields.startTime')} – ${t('presale.fields.endTime')}`} rules={[{ required: true, message: t('presale.required', { field: t('presale.fields.startTime') }) }]}>
              <DatePicker.RangePicker showTime style={{ width: '100%' }} data-testid="presale-window" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="allocation" label={t('presale.fields.allocation')}>
              <Select options={(['fcfs', 'prorata'] as const).map((value) => ({ value, label: t(`presale.allocation.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="lockupRule" label={t('presale.fields.lockupRule')}>
              <Select data-testid="presale-lockupRule" options={(['immediate', 'stages'] as const).map((value) => ({ value, label: t(`presale.lockup.${value}`) }))} />
            </Form.Item>
          </Col>
          {lockupRule === 'stages' ? (
            <Col span={24}>
              <Form.List name="unlockStages" initialValue={[{ afterDays: 30, percent: '50' }, { afterDays: 60, percent: '50' }]}>
                {(fields, { add, remove }) => (
                  <Space direction="vertical">
                    {fields.map((field) => (
                      <Space key={field.key}>
                        <Form.Item name={[field.name, 'afterDays']} label={t('presale.afterDays')}>
                          <InputNumber min={0} max={3650} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'percent']} label={t('presale.percent')}>
                          <Input />
                        </Form.Item>
                        <Button onClick={() => remove(field.name)}>{t('presale.removeStage')}</Button>
                      </Space>
                    ))}
                    <Button onClick={() => add({ afterDays: 30, percent: '' })}>{t('presale.addStage')}</Button>
                  </Space>
                )}
              </Form.List>
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item name="introduction" label={t('presale.fields.introduction')}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** `/presale`: the exchange's pre-sale projects; staff publish them and take them off sale (subscriptions are refunded). */
export function PresaleProjectsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const projects = usePresaleProjects(page - 1, PAGE_SIZE);
  const remove = useRemovePresaleProject();

  function confirmRemove(project: PresaleProject) {
    let reason = '';
    modal.confirm({
      title: t('presale.confirmRemove', { name: project.name }),
      content: <Input.TextArea rows={2} placeholder={t('presale.reason')} onChange={(e) => (reason = e.target.value)} data-testid="presale-remove-reason" />,
      onOk: async () => {
        await remove.mutateAsync({ projectId: project.projectId, reason: reason.trim() || t('presale.reason') });
        void message.success(t('presale.removed'));
      },
    });
  }

  return (
    <PageCard title={t('presale.title')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="presale-create">
          {t('presale.create')}
        </Button>
        <Table<PresaleProject>
          data-testid="presale-projects"
          rowKey="projectId"
          loading={projects.isFetching}
          dataSource={projects.data?.content ?? []}
          locale={{ emptyText: projects.isPending ? ' ' : t('presale.empty') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: projects.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('presale.fields.name'), key: 'name', render: (_, p) => `${p.name} (${p.abbreviation})` },
            { title: t('presale.fields.price'), dataIndex: 'price' },
            { title: t('presale.fields.amount'), key: 'amount', render: (_, p) => `${p.subscribedAmount} / ${p.amount}` },
            { title: t('presale.fields.allocation'), dataIndex: 'allocation', render: (v: 'fcfs' | 'prorata') => t(`presale.allocation.${v}`) },
            { title: t('presale.fields.startTime'), dataIndex: 'startTime', render: formatTime },
            { title: t('presale.fields.endTime'), dataIndex: 'endTime', render: formatTime },
            { title: t('presale.status'), key: 'status', render: (_, p) => <Space><Tag>{t(`presale.phase.${p.phase}`)}</Tag><Tag>{t(`presale.saleStatus.${p.saleStatus}`)}</Tag></Space> },
            {
              title: t('presale.actions'),
              key: 'actions',
              render: (_, p) => (p.phase !== 'completed' && p.saleStatus !== 'removed' ? <Button size="small" danger onClick={() => confirmRemove(p)}>{t('presale.remove')}</Button> : null),
            },
          ]}
        />
      </Space>
      {creating ? <ProjectEditor onClose={() => setCreating(false)} /> : null}
    </PageCard>
  );
}
