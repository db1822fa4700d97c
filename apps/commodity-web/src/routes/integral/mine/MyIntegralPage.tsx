import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Statistic, Table, Tabs, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { IntegralHistoryEntry, Redemption, RewardApplication } from '@tp/contract';
import { QueryStates, useApp, useSession } from '@tp/web-kit';
import { SectionCard, pagination } from '../../../layout/SectionPage';
import type { PageQuery } from '../../components/PagedTable';
import { paths } from '../../../paths';
import { useApplyReward, useIntegralHistory, useIntegralSummary, useRedemptionAction, useRedemptions, useRewardApplications, useSignIn } from '../api';
import { ApplicationStatusTag, RedemptionStatusTag, SIZE, when } from '../shared';

interface TimedListProps<T> {
  query: PageQuery<T>;
  paging: { page: number; setPage: (page: number) => void };
  rowKey: string & keyof T;
  testId: string;
  emptyText: string;
  /** The columns after the time, which every list of the page shows first. */
  columns: TableColumnsType<T>;
}

/** One of the tabs' server-paged lists: its loading and failed states, then the page of rows, each with its time first. */
function TimedList<T extends { createdAt: string }>({ query, paging, rowKey, testId, emptyText, columns }: TimedListProps<T>) {
  const { t } = useTranslation();
  return (
    <QueryStates query={query} keys="integral">
      <Table<T>
        rowKey={rowKey}
        size="small"
        data-testid={testId}
        dataSource={query.data?.content ?? []}
        pagination={pagination(paging.page, SIZE, query.data?.total ?? 0, paging.setPage)}
        locale={{ emptyText }}
        columns={[{ title: t('integral.time'), dataIndex: 'createdAt', render: (v: string) => when(v) }, ...columns]}
      />
    </QueryStates>
  );
}

/** The balance, today's sign-in and every line that moved the firm's points, with its reason. */
function PointsTab() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [page, setPage] = useState(0);
  const summary = useIntegralSummary();
  const history = useIntegralHistory({ page, size: SIZE });
  const signIn = useSignIn();
  const signed = summary.data?.signedInToday ?? false;
  const rule = summary.data?.rules.find((r) => r.key === 'signIn');
  const sign = () => signIn.mutateAsync().then((r) => void message.success(t('integral.signedIn', { points: r.points })), () => undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <QueryStates query={summary} keys="integral">
        <Card>
          <Space size={48} align="center" wrap>
            <Statistic title={t('integral.balance')} value={summary.data?.balance ?? '0'} valueRender={(node) => <span data-testid="integral-balance">{node}</span>} />
            <Button type="primary" disabled={signed || !rule?.enabled} loading={signIn.isPending} onClick={sign} data-testid="integral-sign-in">
              {signed ? t('integral.signedToday') : t('integral.signIn', { points: rule?.points ?? 0 })}
            </Button>
            <Link to={paths.integral}>{t('integral.goShop')}</Link>
          </Space>
          <p style={{ marginTop: 12, marginBottom: 0, color: '#888' }}>{t('integral.expiryRule')}</p>
        </Card>
      </QueryStates>
      <TimedList<IntegralHistoryEntry>
        query={history}
        paging={{ page, setPage }}
        rowKey="id"
        testId="integral-history"
        emptyText={t('integral.noHistory')}
        columns={[
          { title: t('integral.reason'), dataIndex: 'reason', render: (_, r) => <span data-testid="history-reason">{t(`integral.reasons.${r.reason}`)}</span> },
          { title: t('integral.points'), dataIndex: 'points', render: (v: string) => <span data-testid="history-points">{v.startsWith('-') ? v : `+${v}`}</span> },
          { title: t('integral.balanceAfter'), dataIndex: 'balanceAfter' },
        ]}
      />
    </Space>
  );
}

/** The firm's redemptions: status, where they go, the tracking number; receipt confirmed after shipping, cancel (points back) before. */
function RedemptionsTab() {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { hasRight } = useSession();
  const [page, setPage] = useState(0);
  const list = useRedemptions({ page, size: SIZE });
  const receive = useRedemptionAction('receive');
  const cancel = useRedemptionAction('cancel');
  const ask = (action: 'receive' | 'cancel', r: Redemption) =>
    modal.confirm({
      title: t(`integral.actions.${action}`),
      content: t(`integral.confirm.${action}`, { name: r.goodsName, points: r.points }),
      okButtonProps: { 'data-testid': `redemption-${action}-ok` },
      onOk: () => (action === 'receive' ? receive : cancel).mutateAsync(r.redemptionId).then(() => void message.success(t('integral.done'))),
    });
  if (!hasRight('mall.order')) return <Alert type="warning" message={t('integral.noRight')} />;
  return (
    <TimedList<Redemption>
      query={list}
      paging={{ page, setPage }}
      rowKey="redemptionId"
      testId="integral-redemptions"
      emptyText={t('integral.noRedemptions')}
      columns={[
        { title: t('integral.goods'), dataIndex: 'goodsName' },
        { title: t('integral.quantity'), dataIndex: 'quantity' },
        { title: t('integral.points'), dataIndex: 'points' },
        { title: t('integral.address'), key: 'address', render: (_, r) => `${r.recipients} ${r.recipientsCellphone} ${r.region}${r.addressName}` },
        { title: t('integral.status'), dataIndex: 'status', render: (_, r) => <RedemptionStatusTag status={r.status} /> },
        { title: t('integral.trackingNo'), dataIndex: 'trackingNo', render: (v: string) => <span data-testid="redemption-tracking">{v || '—'}</span> },
        {
          title: '',
          key: 'actions',
          render: (_, r) => (
            <Space>
              {r.status === 'S' && (
                <Button size="small" type="primary" onClick={() => ask('receive', r)} data-testid="redemption-receive">
                  {t('integral.actions.receive')}
                </Button>
              )}
              {r.status === 'W' && (
                <Button size="small" danger onClick={() => ask('cancel', r)} data-testid="redemption-cancel">
                  {t('integral.actions.cancel')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** Applying for a reward (a promotion, an event): staff approve it with points or reject it with a reason. */
function ApplicationsTab() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [page, setPage] = useState(0);
  const list = useRewardApplications({ page, size: SIZE });
  const apply = useApplyReward();
  const submit = (values: { reason: string }) =>
    apply.mutateAsync(values.reason.trim()).then(
      () => {
        form.resetFields();
        void message.success(t('integral.applied'));
      },
      () => undefined,
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Form form={form} layout="inline" onFinish={submit}>
        <Form.Item name="reason" label={t('integral.applyReason')} rules={[{ required: true, whitespace: true, min: 4, max: 500, message: t('integral.applyReasonRule') }]} style={{ flex: 1 }}>
          <Input.TextArea rows={2} maxLength={500} data-testid="apply-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="apply-submit">
          {t('integral.apply')}
        </Button>
      </Form>
      <TimedList<RewardApplication>
        query={list}
        paging={{ page, setPage }}
        rowKey="applicationId"
        testId="integral-applications"
        emptyText={t('integral.noApplications')}
        columns={[
          { title: t('integral.applyReason'), dataIndex: 'reason' },
          { title: t('integral.status'), dataIndex: 'status', render: (_, r) => <ApplicationStatusTag status={r.status} /> },
          { title: t('integral.points'), dataIndex: 'points', render: (v: number, r) => (r.status === 'T' ? v : '—') },
          { title: t('integral.decisionReason'), dataIndex: 'decisionReason' },
        ]}
      />
    </Space>
  );
}

const TABS = ['points', 'redemptions', 'applications'] as const;

/** `/integral/mine` (login required): my integrals, my redemptions and my reward applications. */
export function MyIntegralPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((k) => k === search.get('tab')) ?? 'points';
  return (
    <SectionCard title={t('integral.mine')} extra={<Link to={paths.integral}>{t('integral.goShop')}</Link>}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'points' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'points', label: <span data-testid="tab-points">{t('integral.tabs.points')}</span>, children: <PointsTab /> },
          { key: 'redemptions', label: <span data-testid="tab-redemptions">{t('integral.tabs.redemptions')}</span>, children: <RedemptionsTab /> },
          { key: 'applications', label: <span data-testid="tab-applications">{t('integral.tabs.applications')}</span>, children: <ApplicationsTab /> },
        ]}
      />
    </SectionCard>
  );
}
