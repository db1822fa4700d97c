import { useState } from 'react';
import { Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import type { SpotMarket, SpotOrder } from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { useCancelOrder, useMarketStream, useOpenOrders, useOrderHistory, useSpotMarkets, useTickers } from '../../api/spot';
import { ChartPanel } from './ChartPanel';
import { placesOf, showAt } from './format';
import { MarketList } from './MarketList';
import { OrderBookPanel, TradesPanel } from './OrderBookPanel';
import { OrderForm } from './OrderForm';
import { RiskDisclosureModal } from './RiskDisclosureModal';
import { NoticeBar } from '../notice/NoticeBar';

/**
 * `/trade/:symbol`: markets, the 24-hour ticker, charts, the order book, recent trades, the order
 * form and the user's orders, all live over one WebSocket.
 */
export function TradePage() {
  const { t } = useTranslation();
  const { symbol = 'BTCUSDT' } = useParams();
  const markets = useSpotMarkets();
  const market = markets.data?.find((m) => m.symbol === symbol);
  const [picked, setPicked] = useState<string>();
  useMarketStream(symbol);

  if (markets.isPending) return <Skeleton active />;
  if (!market) return <Empty description={t('trade.noMarket')} />;

  return (
    <>
      <RiskDisclosureModal />
      <NoticeBar />
      <TickerBar market={market} />
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={6}>
          <MarketList markets={markets.data ?? []} current={symbol} />
        </Col>
        <Col xs={24} lg={12}>
          <ChartPanel market={market} />
        </Col>
        <Col xs={24} lg={6}>
          <OrderForm key={symbol} market={market} price={picked} />
        </Col>
        <Col xs={24} md={12}>
          <OrderBookPanel market={market} onPick={setPicked} />
        </Col>
        <Col xs={24} md={12}>
          <TradesPanel market={market} />
        </Col>
        <Col span={24}>
          <MyOrders symbol={symbol} />
        </Col>
      </Row>
    </>
  );
}

/** The market's name and its 24-hour figures. */
function TickerBar({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  const tickers = useTickers();
  const ticker = tickers.data?.find((tk) => tk.symbol === market.symbol);
  const places = placesOf(market.tickSize);
  const change = ticker ? Decimal.parse(ticker.quotechange) : Decimal.ZERO;
  return (
    <Space size="large" wrap style={{ marginBottom: 12 }} data-testid="ticker-bar">
      <h1 className="ex-heading" data-testid="page-heading" style={{ margin: 0 }}>
        {`${market.base}/${market.quote}`}
      </h1>
      <Statistic title={t('trade.lastPrice')} value={ticker ? showAt(ticker.last, places) : '--'} valueStyle={{ fontSize: 18 }} />
      <Statistic
        title={t('trade.change24h')}
        value={ticker ? `${change.isPositive() ? '+' : ''}${change.toFixed(2)}%` : '--'}
        valueStyle={{ fontSize: 18, color: change.isNegative() ? '#f6465d' : '#0ecb81' }}
      />
      <Statistic title={t('trade.high24h')} value={ticker ? showAt(ticker.high, places) : '--'} valueStyle={{ fontSize: 18 }} />
      <Statistic title={t('trade.low24h')} value={ticker ? showAt(ticker.low, places) : '--'} valueStyle={{ fontSize: 18 }} />
      <Statistic title={t('trade.volume24h')} value={ticker ? `${showAt(ticker.volume, placesOf(market.lotSize))} ${market.base}` : '--'} valueStyle={{ fontSize: 18 }} />
    </Space>
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
