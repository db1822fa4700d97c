import { useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Radio, Row, Select, Space, Statistic, Table, Tabs, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminMobilePayment, AdminMobileRefund, MobilePayChannel, MobilePaymentStatus, MobileReconDiff, MobileRefundStatus } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { useMay } from '../../api/staff';
import { useDiffs, usePayments, useQueryProvider, useReconcile, useRefunds, useResolve, useSandbox, useSandboxControl } from './api';

const PAGE_SIZE = 20;
const CHANNELS: MobilePayChannel[] = ['alipay', 'wechat'];
const PAYMENT_STATUSES: MobilePaymentStatus[] = ['pending', 'paid', 'closed', 'refunding', 'refunded'];
const STATUS_COLOR: Record<string, string> = { pending: 'gold', paid: 'green', closed: 'default', refunding: 'blue', refunded: 'purple', succeeded: 'green', failed: 'red' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '-');

function PaymentsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [channel, setChannel] = useState<MobilePayChannel>();
  const [status, setStatus] = useState<MobilePaymentStatus>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(0);
  const payments = usePayments({ channel, status, keyword, page, size: PAGE_SIZE });
  const query = useQueryProvider();
  const ask = (p: AdminMobilePayment) =>
    query.mutateAsync(p.paymentId).then((row) => void message.success(t('mobilepay.queried', { status: t(`mobilepay.status.${row.status}`) })), () => undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select allowClear placeholder={t('mobilepay.channelLabel')} style={{ width: 140 }} value={channel} onChange={(v) => (setChannel(v), setPage(0))} options={CHANNELS.map((c) => ({ value: c, label: t(`mobilepay.channel.${c}`) }))} data-testid="payments-channel" />
        <Select allowClear placeholder={t('mobilepay.statusLabel')} style={{ width: 140 }} value={status} onChange={(v) => (setStatus(v), setPage(0))} options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`mobilepay.status.${s}`) }))} />
        <Input.Search allowClear placeholder={t('mobilepay.keyword')} onSearch={(v) => (setKeyword(v.trim()), setPage(0))} style={{ width: 280 }} data-testid="payments-keyword" />
      </Space>
      <Table<AdminMobilePayment>
        size="small"
        rowKey="paymentId"
        loading={payments.isPending}
        dataSource={payments.data?.content ?? []}
        locale={{ emptyText: t('mobilepay.emptyPayments') }}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: payments.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { title: t('mobilepay.paymentId'), dataIndex: 'paymentId' },
          { title: t('mobilepay.channelLabel'), render: (_, p) => t(`mobilepay.channel.${p.channel}`) },
          { title: t('mobilepay.firmId'), dataIndex: 'firmId' },
          { title: t('mobilepay.purpose'), render: (_, p) => `${p.purpose} / ${p.reference}` },
          { title: t('mobilepay.amount'), align: 'right', render: (_, p) => `¥${p.amount}` },
          { title: t('mobilepay.refunded'), align: 'right', render: (_, p) => `¥${p.refundedAmount}` },
          { title: t('mobilepay.outTradeNo'), dataIndex: 'outTradeNo' },
          { title: t('mobilepay.providerTradeNo'), render: (_, p) => p.providerTradeNo || '-' },
          { title: t('mobilepay.statusLabel'), render: (_, p) => <Tag color={STATUS_COLOR[p.status]} data-testid="payment-status">{t(`mobilepay.status.${p.status}`)}</Tag> },
          { title: t('mobilepay.createdAt'), render: (_, p) => when(p.createdAt) },
          { title: t('mobilepay.paidAt'), render: (_, p) => when(p.paidAt) },
          {
            title: t('mobilepay.actions'),
            render: (_, p) =>
              p.status === 'pending' || p.status === 'closed' ? (
                <Popconfirm title={t('mobilepay.queryConfirm')} onConfirm={() => ask(p)} okButtonProps={{ 'data-testid': 'payment-query-ok' } as ButtonProps}>
                  <Button size="small" loading={query.isPending && query.variables === p.paymentId} data-testid="payment-query">
                    {t('mobilepay.query')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}

function RefundsTab() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<MobilePayChannel>();
  const [status, setStatus] = useState<MobileRefundStatus>();
  const [page, setPage] = useState(0);
  const refunds = useRefunds({ channel, status, page, size: PAGE_SIZE });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select allowClear placeholder={t('mobilepay.channelLabel')} style={{ width: 140 }} value={channel} onChange={(v) => (setChannel(v), setPage(0))} options={CHANNELS.map((c) => ({ value: c, label: t(`mobilepay.channel.${c}`) }))} />
        <Select
          allowClear
          placeholder={t('mobilepay.statusLabel')}
          style={{ width: 140 }}
          value={status}
          onChange={(v) => (setStatus(v), setPage(0))}
          options={(['pending', 'succeeded', 'failed'] as const).map((s) => ({ value: s, label: t(`mobilepay.refundStatus.${s}`) }))}
        />
      </Space>
      <Table<AdminMobileRefund>
        size="small"
        rowKey="refundId"
        loading={refunds.isPending}
        dataSource={refunds.data?.content ?? []}
        locale={{ emptyText: t('mobilepay.emptyRefunds') }}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: refunds.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { title: t('mobilepay.refundId'), dataIndex: 'refundId' },
          { title: t('mobilepay.paymentId'), dataIndex: 'paymentId' },
          { title: t('mobilepay.channelLabel'), render: (_, r) => t(`mobilepay.channel.${r.channel}`) },
          { title: t('mobilepay.firmId'), dataIndex: 'firmId' },
          { title: t('mobilepay.amount'), align: 'right', render: (_, r) => `¥${r.amount}` },
          { title: t('mobilepay.reason'), dataIndex: 'reason' },
          { title: t('mobilepay.outRefundNo'), dataIndex: 'outRefundNo' },
          { title: t('mobilepay.statusLabel'), render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`mobilepay.refundStatus.${r.status}`)}</Tag> },
          { title: t('mobilepay.createdAt'), render: (_, r) => when(r.createdAt) },
          { title: t('mobilepay.settledAt'), render: (_, r) => when(r.settledAt) },
        ]}
      />
    </Space>
  );
}

function ResolveModal({ diff, onClose }: { diff: MobileReconDiff; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resolve = useResolve();
  const [form] = Form.useForm<{ action: 'apply' | 'dismiss'; note: string }>();
  const applicable = diff.lineKind === 'payment' && diff.kind === 'missing_on_platform';
  const submit = (values: { action: 'apply' | 'dismiss'; note: string }) =>
    resolve.mutateAsync({ id: diff.id, action: values.action, note: values.note ?? '' }).then(() => {
      void message.success(t('mobilepay.resolved'));
      onClose();
    }, () => undefined);
  return (
    <Modal open title={t('mobilepay.resolveTitle', { no: diff.outTradeNo })} onCancel={onClose} onOk={() => form.submit()} confirmLoading={resolve.isPending} okButtonProps={{ 'data-testid': 'resolve-ok' } as ButtonProps}>
      <Form form={form} name="mobilepayResolve" layout="vertical" onFinish={submit} initialValues={{ action: applicable ? 'apply' : 'dismiss', note: '' }}>
        <Form.Item name="action" label={t('mobilepay.resolveAction')}>
          <Radio.Group>
            <Radio value="apply" disabled={!applicable}>
              {t('mobilepay.apply')}
            </Radio>
            <Radio value="dismiss">{t('mobilepay.dismiss')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="note" label={t('mobilepay.note')} rules={[{ required: true, whitespace: true, max: 200, message: t('mobilepay.noteRule') }]}>
          <Input.TextArea maxLength={200} data-testid="resolve-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ReconciliationTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [channel, setChannel] = useState<MobilePayChannel>('wechat');
  const [day, setDay] = useState<string>();
  const [open, setOpen] = useState<boolean | undefined>(true);
  const [page, setPage] = useState(0);
  const [resolving, setResolving] = useState<MobileReconDiff>();
  const diffs = useDiffs({ open, page, size: PAGE_SIZE });
  const reconcile = useReconcile();
  const run = () => {
    if (!day) return;
    const dayText = day;
    modal.confirm({
      title: t('mobilepay.reconcileConfirm', { channel: t(`mobilepay.channel.${channel}`), day: dayText }),
      okButtonProps: { 'data-testid': 'reconcile-ok' } as ButtonProps,
      onOk: () =>
        reconcile.mutateAsync({ channel, day: dayText }).then(
          (r) => void message.success(t('mobilepay.reconciled', { matched: r.matched, differences: r.differences })),
          () => undefined,
        ),
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select style={{ width: 140 }} value={channel} onChange={setChannel} options={CHANNELS.map((c) => ({ value: c, label: t(`mobilepay.channel.${c}`) }))} data-testid="reconcile-channel" />
        <DatePicker onChange={(_, text) => setDay(typeof text === 'string' && text ? text : undefined)} placeholder={t('mobilepay.day')} data-testid="reconcile-day" />
        <Button type="primary" disabled={!day} loading={reconcile.isPending} onClick={run} data-testid="reconcile-run">
          {t('mobilepay.reconcile')}
        </Button>
        <Radio.Group value={open === undefined ? 'all' : open ? 'open' : 'resolved'} onChange={(e) => (setOpen(e.target.value === 'all' ? undefined : e.target.value === 'open'), setPage(0))}>
          <Radio.Button value="open">{t('mobilepay.openDiffs')}</Radio.Button>
          <Radio.Button value="resolved">{t('mobilepay.resolvedDiffs')}</Radio.Button>
          <Radio.Button value="all">{t('mobilepay.allDiffs')}</Radio.Button>
        </Radio.Group>
      </Space>
      <Table<MobileReconDiff>
        size="small"
        rowKey="id"
        loading={diffs.isPending}
        dataSource={diffs.data?.content ?? []}
        locale={{ emptyText: t('mobilepay.emptyDiffs') }}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: diffs.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { title: t('mobilepay.day'), dataIndex: 'day' },
          { title: t('mobilepay.channelLabel'), render: (_, d) => t(`mobilepay.channel.${d.channel}`) },
          { title: t('mobilepay.lineKind'), render: (_, d) => t(`mobilepay.line.${d.lineKind}`) },
          { title: t('mobilepay.outTradeNo'), dataIndex: 'outTradeNo' },
          { title: t('mobilepay.diffKind'), render: (_, d) => <Tag color="red" data-testid="diff-kind">{t(`mobilepay.diff.${d.kind}`)}</Tag> },
          { title: t('mobilepay.providerAmount'), align: 'right', render: (_, d) => (d.providerAmount === null ? '-' : `¥${d.providerAmount}`) },
          { title: t('mobilepay.platformAmount'), align: 'right', render: (_, d) => (d.platformAmount === null ? '-' : `¥${d.platformAmount}`) },
          { title: t('mobilepay.resolution'), render: (_, d) => (d.resolution ? `${t(`mobilepay.${d.resolution === 'applied' ? 'apply' : 'dismiss'}`)} · ${d.note}` : '-') },
          {
            title: t('mobilepay.actions'),
            render: (_, d) =>
              d.resolution ? null : (
                <Button size="small" onClick={() => setResolving(d)} data-testid="diff-resolve">
                  {t('mobilepay.resolve')}
                </Button>
              ),
          },
        ]}
      />
      {resolving && <ResolveModal diff={resolving} onClose={() => setResolving(undefined)} />}
    </Space>
  );
}

/** The sandbox providers: lose the next notifications, refuse the next refunds, or back to normal. */
function SandboxTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayControl = useMay()('sandbox.control');
  const state = useSandbox(mayControl);
  const control = useSandboxControl();
  const [count, setCount] = useState(1);
  const act = (channel: MobilePayChannel, action: 'dropNotifications' | 'failRefunds' | 'reset') =>
    void control.mutateAsync({ channel, action, count }).then(() => message.success(t('mobilepay.sandboxSaved')), () => undefined);
  if (!mayControl || state.isError) return <Tag>{t('mobilepay.sandboxOff')}</Tag>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        {t('mobilepay.count')} <InputNumber min={1} max={100} value={count} onChange={(v) => setCount(v ?? 1)} />
      </Space>
      <Row gutter={16}>
        {(state.data ?? []).map((s) => (
          <Col key={s.channel} xs={24} md={12}>
            <Card size="small" title={t(`mobilepay.channel.${s.channel}`)} data-testid={`mobilepay-sandbox-${s.channel}`}>
              <Space size={24} wrap>
                <Statistic title={t('mobilepay.dropNotifications')} value={s.dropNotifications} />
                <Statistic title={t('mobilepay.failRefunds')} value={s.failRefunds} />
                <Statistic title={t('mobilepay.pendingNotifications')} value={s.pendingNotifications} />
              </Space>
              <Space wrap style={{ marginTop: 12 }}>
                <Button onClick={() => act(s.channel, 'dropNotifications')} data-testid={`mobilepay-drop-${s.channel}`}>
                  {t('mobilepay.actionDrop')}
                </Button>
                <Button danger onClick={() => act(s.channel, 'failRefunds')}>
                  {t('mobilepay.actionFailRefunds')}
                </Button>
                <Button type="primary" onClick={() => act(s.channel, 'reset')}>
                  {t('mobilepay.actionReset')}
                </Button>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}

/** Mobile payments in the back office: payments (with a query to the provider), refunds and bill reconciliation. */
export function MobilePayAdminPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('mobilepay.title')}>
      <Tabs
        items={[
          { key: 'payments', label: t('mobilepay.tabs.payments'), children: <PaymentsTab /> },
          { key: 'refunds', label: t('mobilepay.tabs.refunds'), children: <RefundsTab /> },
          { key: 'reconciliation', label: t('mobilepay.tabs.reconciliation'), children: <ReconciliationTab /> },
          { key: 'sandbox', label: t('mobilepay.tabs.sandbox'), children: <SandboxTab /> },
        ]}
      />
    </PageCard>
  );
}
