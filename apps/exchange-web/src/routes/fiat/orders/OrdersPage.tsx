import { useState } from 'react';
import { Card, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OtcOrderStatus, type OtcOrder } from '@tp/contract';
import { formatMoney } from '@tp/web-kit';
import { useOrders, useOtcLive } from '../../../api/otc';
import { FiatNav } from '../components/FiatNav';
import { fiatPaths } from '../components/fiatPaths';
import { NoticesCard } from './NoticesCard';

/** `/fiat/orders`: the user's fiat orders as buyer or seller, newest first, by status. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OtcOrderStatus>();
  const [page, setPage] = useState(0);
  const orders = useOrders({ ...(status ? { status } : {}), page, size: 10 });
  useOtcLive();

  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('fiat.ordersTitle')}</h1>}>
      <FiatNav />
      <NoticesCard />
      <Select
        allowClear
        value={status}
        placeholder={t('fiat.allStatuses')}
        style={{ width: 180, marginBottom: 16 }}
        onChange={(v) => (setStatus(v), setPage(0))}
        options={OtcOrderStatus.map((s) => ({ value: s, label: t(`fiat.status.${s}`) }))}
      />
      <Table<OtcOrder>
        rowKey="id"
        loading={orders.isLoading}
        dataSource={orders.data?.content}
        locale={{ emptyText: orders.isLoading ? ' ' : t('fiat.noOrders') }}
        pagination={{ current: page + 1, pageSize: 10, total: orders.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { title: t('fiat.orderNo'), key: 'no', render: (_, o) => <Link to={fiatPaths.order(o.id)} data-testid={`order-link-${o.id}`}>{o.orderNo}</Link> },
          { title: t('fiat.side'), key: 'role', render: (_, o) => <Tag color={o.role === 'buyer' ? 'green' : 'red'}>{t(`fiat.${o.role}`)}</Tag> },
          { title: t('fiat.volumeShort'), key: 'volume', render: (_, o) => `${o.volume} ${o.coin}` },
          { title: t('fiat.amount'), key: 'amount', render: (_, o) => `${formatMoney(o.amount)} ${o.currency}` },
          { title: t('fiat.counterparty'), key: 'other', render: (_, o) => (o.role === 'buyer' ? o.seller : o.buyer) },
          { title: t('fiat.statusLabel'), key: 'status', render: (_, o) => <Tag>{t(`fiat.status.${o.status}`)}</Tag> },
          { title: t('fiat.createdAt'), key: 'at', render: (_, o) => new Date(o.createdAt).toLocaleString() },
        ]}
        data-testid="orders-table"
      />
    </Card>
  );
}
