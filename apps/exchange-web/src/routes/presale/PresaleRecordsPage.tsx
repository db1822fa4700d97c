import { useState } from 'react';
import { Card, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTimeText } from '../../components/useTimeText';
import type { PresalePlacement, PresaleSubscription } from '@tp/contract';
import { useMyPlacements, useMySubscriptions } from '../../api/presale';
import { paths } from '../../paths';

const PAGE_SIZE = 10;
const STATUS_COLOR = { trading: 'gold', successful: 'green', withdrawn: 'default' } as const;

/** `/presale/records`: the user's subscriptions with their allocation, and the placements (arrivals and unlocks). */
export function PresaleRecordsPage() {
  const { t } = useTranslation();
  const [subPage, setSubPage] = useState(1);
  const [placementPage, setPlacementPage] = useState(1);
  const subscriptions = useMySubscriptions(subPage - 1, PAGE_SIZE);
  const placements = useMyPlacements(placementPage - 1, PAGE_SIZE);
  const time = useTimeText();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <h1 className="ex-heading" data-testid="page-heading">
        {t('presale.records')}
      </h1>
      <Card title={t('presale.sub.title')} extra={<Link to={paths.presale}>{t('presale.title')}</Link>}>
        <Table<PresaleSubscription>
          data-testid="presale-subscriptions"
          rowKey="subscriptionId"
          scroll={{ x: 1100 }}
          loading={subscriptions.isFetching}
          dataSource={subscriptions.data?.content ?? []}
          locale={{ emptyText: subscriptions.isPending ? ' ' : t('presale.empty') }}
          pagination={{ current: subPage, pageSize: PAGE_SIZE, total: subscriptions.data?.total ?? 0, onChange: setSubPage, showSizeChanger: false }}
          columns={[
            { title: t('presale.sub.project'), key: 'project', render: (_, s) => <Link to={`${paths.presale}/${s.projectId}`}>{`${s.projectName} (${s.abbreviation})`}</Link> },
            { title: t('presale.sub.quantity'), dataIndex: 'quantity' },
            { title: t('presale.sub.price'), key: 'price', render: (_, s) => `${s.price} ${s.paymentCurrency}` },
            { title: t('presale.sub.amountPaid'), key: 'paid', render: (_, s) => `${s.amountPaid} ${s.paymentCurrency}` },
            { title: t('presale.sub.winningQuantity'), dataIndex: 'winningQuantity' },
            { title: t('presale.sub.winningAmount'), key: 'won', render: (_, s) => `${s.winningAmount} ${s.paymentCurrency}` },
            { title: t('presale.sub.fee'), dataIndex: 'fee' },
            { title: t('presale.sub.refund'), key: 'refund', render: (_, s) => <span data-testid="presale-refund">{`${s.refund} ${s.paymentCurrency}`}</span> },
            { title: t('presale.sub.locked'), dataIndex: 'locked' },
            { title: t('presale.sub.released'), dataIndex: 'released' },
            { title: t('presale.sub.orderTime'), dataIndex: 'orderTime', render: time },
            { title: t('presale.sub.status'), dataIndex: 'status', render: (v: PresaleSubscription['status']) => <Tag color={STATUS_COLOR[v]}>{t(`presale.sub.statuses.${v}`)}</Tag> },
          ]}
        />
      </Card>
      <Card title={t('presale.placement.title')}>
        <Table<PresalePlacement>
          data-testid="presale-placements"
          rowKey={(p) => `${p.subscriptionId}-${p.stage}`}
          loading={placements.isFetching}
          dataSource={placements.data?.content ?? []}
          locale={{ emptyText: placements.isPending ? ' ' : t('presale.empty') }}
          pagination={{ current: placementPage, pageSize: PAGE_SIZE, total: placements.data?.total ?? 0, onChange: setPlacementPage, showSizeChanger: false }}
          columns={[
            { title: t('presale.sub.project'), key: 'project', render: (_, p) => `${p.projectName} (${p.abbreviation})` },
            { title: t('presale.placement.stage'), dataIndex: 'stage', render: (n: number) => (n === 0 ? t('presale.placement.immediate') : t('presale.placement.stageN', { n })) },
            { title: t('presale.placement.quantity'), dataIndex: 'quantity' },
            { title: t('presale.placement.dueAt'), dataIndex: 'dueAt', render: time },
            { title: t('presale.placement.releasedAt'), dataIndex: 'releasedAt', render: (v: string) => (v ? time(v) : <Tag>{t('presale.placement.pending')}</Tag>) },
          ]}
        />
      </Card>
    </Space>
  );
}
