import { useState } from 'react';
import { Card, Empty, Select, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import type { SpotMarket } from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { useDepth, useOpenOrders, useTrades } from '../../api/spot';
import { aggregateLevels } from './market-state';
import { ownLevels, pickedAt, placesOf, showAt } from './format';

/** Levels shown on each side of the book. */
const SHOWN_LEVELS = 15;
const GROUPINGS = ['1', '10', '100'];

const ASK = '#f6465d';
const BID = '#0ecb81';

/**
 * Asks above (lowest nearest the middle), the last trade price, bids below. The user's own resting
 * orders are marked; a click on a level puts its price, and the amount resting up to it, in the form.
 */
export function OrderBookPanel({ market, onPick }: { market: SpotMarket; onPick: (picked: { price: string; amount: string }) => void }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const depth = useDepth(market.symbol);
  const trades = useTrades(market.symbol);
  const open = useOpenOrders(market.symbol);
  const [grouping, setGrouping] = useState('1');
  const step = Decimal.parse(market.tickSize).mul(grouping).toString();
  const pricePlaces = placesOf(step);
  const qtyPlaces = placesOf(market.lotSize);
  const bestAsks = aggregateLevels(depth.data?.asks ?? [], step, 'ask').slice(0, SHOWN_LEVELS);
  const bids = aggregateLevels(depth.data?.bids ?? [], step, 'bid').slice(0, SHOWN_LEVELS);
  const mine = { buy: ownLevels(isLoggedIn ? (open.data ?? []) : [], 'buy', step), sell: ownLevels(isLoggedIn ? (open.data ?? []) : [], 'sell', step) };
  const last = trades.data?.[0];

  const row = (levels: [string, string][], side: 'buy' | 'sell') => ([price, qty]: [string, string], index: number) => {
    const own = mine[side].has(price);
    return (
      <div
        key={price}
        className={own ? 'ex-book-row ex-book-mine' : 'ex-book-row'}
        title={own ? t('trade.mine') : undefined}
        data-testid={own ? 'book-mine' : undefined}
        onClick={() => onPick(pickedAt(levels, index))}
      >
        <span style={{ color: side === 'sell' ? ASK : BID }}>{showAt(price, pricePlaces)}</span>
        <span>{showAt(qty, qtyPlaces)}</span>
      </div>
    );
  };

  return (
    <Card
      size="small"
      title={t('trade.book')}
      data-testid="order-book"
      extra={
        <Select
          size="small"
          value={grouping}
          onChange={setGrouping}
          data-testid="book-grouping"
          popupMatchSelectWidth={false}
          options={GROUPINGS.map((g) => ({ value: g, label: t('trade.grouping', { step: Decimal.parse(market.tickSize).mul(g).toString() }) }))}
        />
      }
    >
      <div className="ex-book-head">
        <span>{t('trade.price', { quote: market.quote })}</span>
        <span>{t('trade.amount', { base: market.base })}</span>
      </div>
      {depth.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {/* Best ask nearest the middle: the list is shown reversed, each row still picks up to itself from the best. */}
          <div data-testid="book-asks">{bestAsks.map(row(bestAsks, 'sell')).reverse()}</div>
          <Typography.Title level={4} style={{ margin: '8px 0', color: last?.takerSide === 'sell' ? ASK : BID }} data-testid="last-price">
            {last ? showAt(last.price, placesOf(market.tickSize)) : '--'}
          </Typography.Title>
          <div data-testid="book-bids">{bids.map(row(bids, 'buy'))}</div>
          {bestAsks.length === 0 && bids.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trade.emptyBook')} /> : null}
        </>
      )}
    </Card>
  );
}

/** The latest trades, newest first. */
export function TradesPanel({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  const trades = useTrades(market.symbol);
  return (
    <Card size="small" title={t('trade.trades')}>
      <Table
        size="small"
        data-testid="recent-trades"
        rowKey="id"
        pagination={false}
        dataSource={trades.data ?? []}
        locale={{ emptyText: trades.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : t('trade.noTrades') }}
        scroll={{ y: 320 }}
        columns={[
          { title: t('trade.price', { quote: market.quote }), dataIndex: 'price', render: (v: string, r) => <span style={{ color: r.takerSide === 'buy' ? BID : ASK }}>{showAt(v, placesOf(market.tickSize))}</span> },
          { title: t('trade.amount', { base: market.base }), dataIndex: 'quantity', render: (v: string) => showAt(v, placesOf(market.lotSize)) },
          { title: t('trade.time'), dataIndex: 'time', render: (v: string) => new Date(v).toLocaleTimeString() },
        ]}
      />
    </Card>
  );
}
