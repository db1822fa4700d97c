import { useState } from 'react';
import { Button, Card, Col, Empty, Row, Skeleton, Table, Tabs, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SpotOrder } from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { useCancelOrder, useOpenOrders, useOrderHistory, useSpotMarkets } from '../../api/spot';
import { OrderBookPanel, TradesPanel } from './OrderBookPanel';
import { OrderForm } from './OrderForm';
import { RiskDisclosureModal } from './RiskDisclosureModal';

/** `/trade/:symbol`: markets, the order book, recent trades, the order form and the user's orders. */
export function TradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { symbol = 'BTCUSDT' } = useParams();
  const markets = useSpotMarkets();
  const market = markets.data?.find((m) => m.symbol === symbol);
  const [picked, setPicked] = useState<string>();

  if (markets.isPending) return <Skeleton active />;
  if (!market) return <Empty description={t('trade.noMarket')} />;

  return (
    <>
      <RiskDisclosureModal />
      <h1 className="ex-heading" data-testid="page-heading" style={{ marginBottom: 12 }}>
        {`${market.base}/${market.quote}`}
      </h1>
      <Tabs
        activeKey={symbol}
        onChange={(next) => void navigate(`/trade/${next}`)}
        items={(markets.data ?? []).map((m) => ({ key: m.symbol, label: <span data-testid={`market-${m.symbol}`}>{`${m.base}/${m.quote}`}</span> }))}
      />
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <OrderBookPanel market={market} onPick={setPicked} />
        </Col>
        <Col xs={24} md={8}>
          <OrderForm key={symbol} market={market} price={picked} />
        </Col>
        <Col xs={24} md={8}>
          <TradesPanel market={market} />
        </Col>
        <Col span={24}>
          <MyOrders symbol={symbol} />
        </Col>
      </Row>
    </>
  );
}

function MyOrders({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const open = useOpenOrders(symbol);
  const history = useOrderHistory(symbol);
  const cancel = useCancelOrder(symbol);
  if (!isLoggedIn) return null;

  const columns = [
    { title: t('trade.time'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
    { title: t('trade.side'), dataIndex: 'side', render: (v: SpotOrder['side']) => <Tag color={v === 'buy' ? 'green' : 'red'}>{t(`trade.sides.${v}`)}</Tag> },
    { title: t('trade.type'), dataIndex: 'type', render: (v: SpotOrder['type']) => t(`trade.${v}`) },
    { title: t('trade.priceShort'), dataIndex: 'price' },
    { title: t('trade.quantityShort'), dataIndex: 'quantity' },
    { title: t('trade.filled'), dataIndex: 'filledQuantity' },
    { title: t('trade.statusLabel'), dataIndex: 'status', render: (v: SpotOrder['status']) => t(`trade.status.${v}`) },
  ];

  return (
    <Card size="small">
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
                dataSource={open.data ?? []}
                locale={{ emptyText: t('trade.noOrders') }}
                columns={[
                  ...columns,
                  {
                    title: '',
                    key: 'cancel',
                    render: (_: unknown, row: SpotOrder) => (
                      <Button size="small" loading={cancel.isPending} onClick={() => cancel.mutate(row.orderId)} data-testid={`cancel-${row.orderId}`}>
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
              <Table<SpotOrder> size="small" data-testid="order-history" rowKey="orderId" dataSource={history.data?.content ?? []} locale={{ emptyText: t('trade.noOrders') }} columns={columns} />
            ),
          },
        ]}
      />
    </Card>
  );
}
