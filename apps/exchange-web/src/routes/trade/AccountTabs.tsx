import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Popconfirm, Skeleton, Space, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page, SpotMarket, SpotMyTrade, SpotOrder } from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { useAssetOverview } from '../../api/assets';
import { ORDERS_PAGE, useCancelAll, useCancelOrder, useMyTrades, useOpenOrders, useOrderHistory } from '../../api/spot';
import { placesOf, showAt, showOrDash } from './format';

/** What an empty table shows: a skeleton until its data has come, then the empty text. */
const emptyText = (pending: boolean, text: string): ReactNode => (pending ? <Skeleton active paragraph={{ rows: 2 }} /> : text);

/** Keyboard shortcut that cancels every open order of the market, as the form's Alt+B / Alt+S choose the side. */
const CANCEL_ALL_KEY = 'KeyX';

/** The user's open orders, order history, trades and funds, under the chart. */
export function AccountTabs({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const { message, modal } = App.useApp();
  const open = useOpenOrders(market.symbol);
  const [historyPage, setHistoryPage] = useState(0);
  const [tradesPage, setTradesPage] = useState(0);
  const history = useOrderHistory(market.symbol, historyPage);
  const trades = useMyTrades(market.symbol, tradesPage);
  const overview = useAssetOverview();
  const cancel = useCancelOrder(market.symbol);
  const cancelAll = useCancelAll();
  const price = placesOf(market.tickSize);
  const qty = placesOf(market.lotSize);

  async function cancelEvery(symbol: string | undefined) {
    const done = await cancelAll.mutateAsync(symbol);
    void message.success(t('trade.cancelledCount', { count: done.length }));
  }

  // Alt+X cancels every open order of this market, after a confirmation.
  useEffect(() => {
    if (!isLoggedIn) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.code !== CANCEL_ALL_KEY) return;
      event.preventDefault();
      modal.confirm({ title: t('trade.cancelAllMarket', { symbol: `${market.base}/${market.quote}` }), content: t('trade.cancelAllConfirm'), onOk: () => cancelEvery(market.symbol), okButtonProps: { 'data-testid': 'cancel-all-ok' } });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!isLoggedIn) return null;

  const orderColumns = [
    { title: t('trade.time'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
    { title: t('trade.side'), dataIndex: 'side', render: (v: SpotOrder['side']) => <Tag color={v === 'buy' ? 'green' : 'red'}>{t(`trade.sides.${v}`)}</Tag> },
    { title: t('trade.type'), dataIndex: 'type', render: (v: SpotOrder['type'], o: SpotOrder) => (o.listId ? `${t(`trade.kinds.${v}`)} · OCO` : t(`trade.kinds.${v}`)) },
    { title: t('trade.priceShort'), dataIndex: 'price', render: (v: string) => showOrDash(v, price) },
    {
      title: t('trade.trigger'),
      dataIndex: 'stopPrice',
      render: (v: string, o: SpotOrder) => (o.trigger ? t(o.trigger === 'up' ? 'trade.triggerUp' : 'trade.triggerDown', { price: showAt(v, price) }) : '--'),
    },
    // A market buy by total has no amount: it shows the total it spends.
    { title: t('trade.quantityShort'), dataIndex: 'quantity', render: (v: string, o: SpotOrder) => (o.quantity === '0' ? `${showAt(o.quoteAmount, price)} ${market.quote}` : showAt(v, qty)) },
    { title: t('trade.filled'), dataIndex: 'filledQuantity', render: (v: string) => showAt(v, qty) },
    { title: t('trade.averagePrice'), dataIndex: 'averagePrice', render: (v: string) => showOrDash(v, price) },
    { title: t('trade.turnover'), dataIndex: 'filledQuote', render: (v: string) => showAt(v, price) },
    { title: t('trade.feePaid'), dataIndex: 'fee', render: (v: string) => `${showAt(v, 8)} ${market.quote}` },
    {
      title: t('trade.statusLabel'),
      dataIndex: 'status',
      render: (v: SpotOrder['status'], o: SpotOrder) => (
        <Space direction="vertical" size={0}>
          <span data-testid={`status-${o.orderId}`}>{o.waiting ? t('trade.waiting') : t(`trade.status.${v}`)}</span>
          {o.endReason ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`reason-${o.orderId}`}>
              {t(`trade.endReasons.${o.endReason}`)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
  ];

  const tradeColumns = [
    { title: t('trade.time'), dataIndex: 'time', render: (v: string) => new Date(v).toLocaleString() },
    { title: t('trade.side'), dataIndex: 'side', render: (v: SpotMyTrade['side']) => <Tag color={v === 'buy' ? 'green' : 'red'}>{t(`trade.sides.${v}`)}</Tag> },
    { title: t('trade.priceShort'), dataIndex: 'price', render: (v: string) => showAt(v, price) },
    { title: t('trade.quantityShort'), dataIndex: 'quantity', render: (v: string) => showAt(v, qty) },
    { title: t('trade.turnover'), dataIndex: 'quoteQuantity', render: (v: string) => showAt(v, price) },
    { title: t('trade.feePaid'), dataIndex: 'fee', render: (v: string) => `${showAt(v, 8)} ${market.quote}` },
    { title: t('trade.role'), dataIndex: 'role', render: (v: SpotMyTrade['role']) => t(`trade.roles.${v}`) },
  ];

  const spot = overview.data?.accounts.find((a) => a.accountType === 'spot');
  const funds = (spot?.balances ?? []).filter((b) => b.asset === market.base || b.asset === market.quote || b.total !== '0');

  return (
    <Card size="small">
      {/* Above the tabs rather than beside them: on a phone the tab titles need the whole width. */}
      <Space size={4} wrap style={{ marginBottom: 4 }}>
        <Popconfirm title={t('trade.cancelAllConfirm')} onConfirm={() => cancelEvery(market.symbol)} okButtonProps={{ 'data-testid': 'cancel-market-ok' }}>
          <Button size="small" disabled={(open.data ?? []).length === 0} loading={cancelAll.isPending} data-testid="cancel-all-market">
            {t('trade.cancelAllMarket', { symbol: `${market.base}/${market.quote}` })}
          </Button>
        </Popconfirm>
        <Popconfirm title={t('trade.cancelAllConfirm')} onConfirm={() => cancelEvery(undefined)} okButtonProps={{ 'data-testid': 'cancel-everywhere-ok' }}>
          <Button size="small" loading={cancelAll.isPending} data-testid="cancel-all-everywhere">
            {t('trade.cancelAllEverywhere')}
          </Button>
        </Popconfirm>
      </Space>
      <Tabs
        items={[
          {
            key: 'open',
            label: t('trade.openOrders'),
            children: (
              <Table<SpotOrder>
                size="small"
                data-testid="open-orders"
                rowKey="orderId"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={open.data ?? []}
                locale={{ emptyText: emptyText(open.isPending, t('trade.noOrders')) }}
                columns={[
                  ...orderColumns,
                  {
                    title: '',
                    key: 'cancel',
                    render: (_: unknown, row: SpotOrder) => (
                      <Button size="small" loading={cancel.isPending && cancel.variables === row.orderId} onClick={() => cancel.mutate(row.orderId)} data-testid={`cancel-${row.orderId}`}>
                        {t('trade.cancel')}
                      </Button>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'history',
            label: t('trade.history'),
            children: (
              <PagedTable<SpotOrder> testId="order-history" query={history} page={historyPage} onPage={setHistoryPage} rowKey="orderId" columns={orderColumns} empty={t('trade.noOrders')} />
            ),
          },
          {
            key: 'trades',
            label: t('trade.myTrades'),
            children: (
              <PagedTable<SpotMyTrade>
                testId="my-trades"
                query={trades}
                page={tradesPage}
                onPage={setTradesPage}
                rowKey={(r) => `${r.id}-${r.orderId}`}
                columns={tradeColumns}
                empty={t('trade.noTradesOfMine')}
              />
            ),
          },
          {
            key: 'funds',
            label: t('trade.funds'),
            children: (
              <Table
                size="small"
                data-testid="trade-funds"
                rowKey="asset"
                pagination={false}
                dataSource={funds}
                locale={{ emptyText: emptyText(overview.isPending, t('trade.noFunds')) }}
                columns={[
                  { title: t('assets.asset'), dataIndex: 'asset' },
                  { title: t('assets.available'), dataIndex: 'available', render: (v: string) => showAt(v, 8) },
                  { title: t('assets.frozen'), dataIndex: 'frozen', render: (v: string) => showAt(v, 8) },
                  { title: t('assets.total'), dataIndex: 'total', render: (v: string) => showAt(v, 8) },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

/** A list read a page at a time: a skeleton until the first page has come, the table dimmed while the next one loads. */
function PagedTable<T extends object>(props: {
  testId: string;
  query: { data?: Page<T> | undefined; isPending: boolean; isFetching: boolean };
  page: number;
  onPage: (page: number) => void;
  rowKey: TableProps<T>['rowKey'];
  columns: TableProps<T>['columns'];
  empty: string;
}) {
  const { query, page } = props;
  return (
    <Table<T>
      size="small"
      data-testid={props.testId}
      rowKey={props.rowKey}
      scroll={{ x: 'max-content' }}
      dataSource={query.data?.content ?? []}
      loading={query.isFetching && !query.isPending}
      locale={{ emptyText: emptyText(query.isPending, props.empty) }}
      pagination={{ current: page + 1, pageSize: ORDERS_PAGE, total: query.data?.total ?? 0, showSizeChanger: false, onChange: (next) => props.onPage(next - 1) }}
      columns={props.columns}
    />
  );
}
