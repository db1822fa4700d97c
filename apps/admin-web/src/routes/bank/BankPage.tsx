import { useState } from 'react';
import { App, Button, Card, Col, DatePicker, InputNumber, Row, Select, Space, Statistic, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AdminOperation, type BankChannelId, type FirmFunds, type ReconDiff } from '@tp/contract';
import { formatAmount } from '@tp/decimal';
import { fundList, useBankOperations, useReconDiffs, useReconcile, useResend, useResolve, useSandbox, useSandboxControl } from '../../api/bank';
import { useMay } from '../../api/staff';
import { PageCard } from '../../components/PageCard';
import { PagedTable } from '../../components/PagedTable';
import { PageTable } from '../../components/QueryTable';
import { formatTime } from '../../components/format';

const BANKS: BankChannelId[] = ['icbc', 'pab'];
const money = (value: string | null) => (value === null ? '-' : formatAmount(value, 2, { thousands: true }));
const STATUS_COLORS: Record<string, string> = { pending: 'processing', succeeded: 'green', failed: 'red' };

/** `/bank`: bank operations (pending, failed, resend), reconciliation differences, the sandbox banks and the firms' funds. */
export function BankPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('bank.title')}>
      <Tabs
        items={[
          { key: 'operations', label: t('bank.tabs.operations'), children: <Operations /> },
          { key: 'recon', label: t('bank.tabs.recon'), children: <Reconciliation /> },
          { key: 'sandbox', label: t('bank.tabs.sandbox'), children: <Sandbox /> },
          { key: 'funds', label: t('bank.tabs.funds'), children: <Funds /> },
        ]}
      />
    </PageCard>
  );
}

function Operations() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [status, setStatus] = useState<string | undefined>('pending');
  const [bankId, setBankId] = useState<string | undefined>();
  const [page, setPage] = useState(0);
  const list = useBankOperations({ status, bankId, page, size: 10 });
  const resend = useResend();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select allowClear style={{ width: 140 }} placeholder={t('bank.status')} value={status} onChange={(v: string | undefined) => (setStatus(v), setPage(0))} options={['pending', 'succeeded', 'failed'].map((v) => ({ value: v, label: t(`bank.requestStatus.${v as 'pending'}`) }))} data-testid="ops-status" />
        <Select allowClear style={{ width: 140 }} placeholder={t('bank.bank')} value={bankId} onChange={(v: string | undefined) => (setBankId(v), setPage(0))} options={BANKS.map((v) => ({ value: v, label: t(`bank.banks.${v}`) }))} />
      </Space>
      <PageTable<AdminOperation>
        data-testid="ops-table"
        rowKey="requestNo"
        loading={list.isPending}
        query={list}
        page={page}
        onPage={setPage}
        columns={[
          { title: t('bank.requestNo'), dataIndex: 'requestNo' },
          { title: t('bank.bank'), dataIndex: 'bankId', render: (v: BankChannelId) => t(`bank.banks.${v}`) },
          { title: t('bank.kind'), dataIndex: 'kind', render: (v: AdminOperation['kind']) => t(`bank.kinds.${v}`) },
          { title: t('bank.firm'), dataIndex: 'firmName' },
          { title: t('bank.amount'), dataIndex: 'amount', align: 'right', render: money },
          { title: t('bank.status'), dataIndex: 'status', render: (v: AdminOperation['status']) => <Tag color={STATUS_COLORS[v]}>{t(`bank.requestStatus.${v}`)}</Tag> },
          { title: t('bank.reason'), dataIndex: 'reason' },
          { title: t('bank.sends'), dataIndex: 'sends' },
          { title: t('bank.createdAt'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('bank.actions'),
            key: 'actions',
            render: (_, row) =>
              row.status === 'pending' ? (
                <Button size="small" loading={resend.isPending} onClick={() => void resend.mutateAsync(row.requestNo).then(() => message.success(t('bank.resent')))}>
                  {t('bank.resend')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}

function Reconciliation() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState<boolean | undefined>(true);
  const [page, setPage] = useState(0);
  const [bankId, setBankId] = useState<BankChannelId>('icbc');
  const [day, setDay] = useState<string | undefined>();
  const diffs = useReconDiffs({ open, page, size: 10 });
  const reconcile = useReconcile();
  const resolve = useResolve();

  function decide(row: ReconDiff, action: 'apply' | 'dismiss') {
    modal.confirm({
      title: t(action === 'apply' ? 'bank.confirmApply' : 'bank.confirmDismiss'),
      content: `${row.requestNo} ¥${money(row.bankAmount ?? row.platformAmount)}`,
      onOk: async () => {
        await resolve.mutateAsync({ id: row.id, action, note: '' });
        void message.success(t('bank.resolved'));
      },
    });
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select style={{ width: 140 }} value={bankId} onChange={setBankId} options={BANKS.map((v) => ({ value: v, label: t(`bank.banks.${v}`) }))} />
        <DatePicker onChange={(_, text) => setDay(typeof text === 'string' && text ? text : undefined)} placeholder={t('bank.day')} />
        <Button
          type="primary"
          loading={reconcile.isPending}
          data-testid="recon-run"
          onClick={() => void reconcile.mutateAsync({ bankId, ...(day ? { day } : {}) }).then((run) => message.success(t('bank.reconDone', { matched: run.matched, differences: run.differences })))}
        >
          {t('bank.runRecon')}
        </Button>
        <Select
          style={{ width: 140 }}
          value={open === undefined ? 'all' : open ? 'open' : 'closed'}
          onChange={(v: string) => (setOpen(v === 'all' ? undefined : v === 'open'), setPage(0))}
          options={['open', 'closed', 'all'].map((v) => ({ value: v, label: t(`bank.diffFilter.${v as 'open'}`) }))}
        />
      </Space>
      <PageTable<ReconDiff>
        data-testid="diff-table"
        rowKey="id"
        loading={diffs.isPending}
        query={diffs}
        page={page}
        onPage={setPage}
        columns={[
          { title: t('bank.day'), dataIndex: 'day' },
          { title: t('bank.bank'), dataIndex: 'bankId', render: (v: BankChannelId) => t(`bank.banks.${v}`) },
          { title: t('bank.requestNo'), dataIndex: 'requestNo' },
          { title: t('bank.diffKind'), dataIndex: 'kind', render: (v: ReconDiff['kind']) => <Tag color="orange">{t(`bank.diffKinds.${v}`)}</Tag> },
          { title: t('bank.bankAmount'), dataIndex: 'bankAmount', align: 'right', render: money },
          { title: t('bank.platformAmount'), dataIndex: 'platformAmount', align: 'right', render: money },
          { title: t('bank.platformStatus'), dataIndex: 'platformStatus' },
          { title: t('bank.resolution'), dataIndex: 'resolution', render: (v: ReconDiff['resolution']) => (v ? t(`bank.resolutions.${v}`) : '') },
          {
            title: t('bank.actions'),
            key: 'actions',
            render: (_, row) =>
              row.resolution ? null : (
                <Space>
                  {row.kind === 'missing_on_platform' && (
                    <Button size="small" type="primary" onClick={() => decide(row, 'apply')}>
                      {t('bank.apply')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => decide(row, 'dismiss')}>
                    {t('bank.dismiss')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}

function Sandbox() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayControl = useMay()('sandbox.control');
  const state = useSandbox(mayControl);
  const control = useSandboxControl();
  const [count, setCount] = useState(1);
  const [delay, setDelay] = useState(5);
  const act = (bankId: BankChannelId, action: 'failNext' | 'dropNext' | 'delay' | 'succeed') =>
    void control.mutateAsync({ bankId, action, count, delayMs: delay * 1000 }).then(() => message.success(t('bank.sandboxSaved')));
  if (!mayControl || state.isError) return <Tag>{t('bank.sandboxOff')}</Tag>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        {t('bank.count')} <InputNumber min={1} max={100} value={count} onChange={(v) => setCount(v ?? 1)} />
        {t('bank.delaySeconds')} <InputNumber min={0} max={3600} value={delay} onChange={(v) => setDelay(v ?? 0)} />
      </Space>
      <Row gutter={16}>
        {(state.data ?? []).map((bank) => {
          const bankId = bank.bankId as BankChannelId;
          return (
            <Col key={bank.bankId} xs={24} md={12}>
              <Card size="small" title={t(`bank.banks.${bankId}`)} data-testid={`sandbox-${bankId}`}>
                <Space size={24} wrap>
                  <Statistic title={t('bank.failNext')} value={bank.failNext} />
                  <Statistic title={t('bank.dropNext')} value={bank.dropNext} />
                  <Statistic title={t('bank.delay')} value={bank.delayMs / 1000} suffix="s" />
                  <Statistic title={t('bank.pending')} value={bank.pending} />
                </Space>
                <Space wrap style={{ marginTop: 12 }}>
                  <Button danger onClick={() => act(bankId, 'failNext')} data-testid={`sandbox-fail-${bankId}`}>
                    {t('bank.actionFail')}
                  </Button>
                  <Button onClick={() => act(bankId, 'dropNext')}>{t('bank.actionDrop')}</Button>
                  <Button onClick={() => act(bankId, 'delay')}>{t('bank.actionDelay')}</Button>
                  <Button type="primary" onClick={() => act(bankId, 'succeed')}>
                    {t('bank.actionSucceed')}
                  </Button>
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Space>
  );
}

function Funds() {
  const { t } = useTranslation();
  return (
    <PagedTable<FirmFunds>
      data-testid="funds-table"
      list={fundList}
      rowKey="firmId"
      searchPlaceholder={t('bank.fundsSearch')}
      columns={[
        { title: t('bank.firmCode'), dataIndex: 'firmCode' },
        { title: t('bank.firm'), dataIndex: 'name' },
        { title: t('bank.available'), dataIndex: 'available', align: 'right', render: money },
        { title: t('bank.frozen'), dataIndex: 'frozen', align: 'right', render: money },
        { title: t('bank.total'), dataIndex: 'total', align: 'right', render: money },
        { title: t('bank.signedBanks'), dataIndex: 'signedBanks', render: (v: string[]) => v.map((b) => <Tag key={b}>{t(`bank.banks.${b as BankChannelId}`)}</Tag>) },
      ]}
    />
  );
}
