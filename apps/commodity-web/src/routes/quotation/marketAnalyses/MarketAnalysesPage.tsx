import { useState } from 'react';
import { Col, Descriptions, Empty, Row, Segmented, Skeleton, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Decimal } from '@tp/decimal';
import { QUOTATION_TOP_SIZES, WsTopic, type KlineInterval, type QuotationMarket, type QuotationPush, type QuotationTrade } from '@tp/contract';
import { CandleChart, MOVING_AVERAGES, NO_VALUE, QueryStates, TimeSharingChart, formatMoney, formatPrice, formatQuantity, useLiveTopic } from '@tp/web-kit';
import { applyQuotationPush, reloadQuotations, useQuotationKline, useQuotationMarkets, useQuotationTimeline, useQuotationTops, useQuotationTrades } from '../../../api/quotation';
import { SectionCard } from '../../../layout/SectionPage';

const PERIODS: KlineInterval[] = ['1m', '5m', '15m', '30m', '1h', '1d', '1w'];
/** The spec's first views: the time line from 60 % of the day, the K-line from 80 % of its candles. */
const TIMELINE_ZOOM_START = 60;
const KLINE_ZOOM_START = 80;
const PLACES = 2;

/** Rising red, falling green, as Chinese markets show them. */
function changeColor(change: string | null): string | undefined {
  if (change === null) return undefined;
  const d = Decimal.parse(change);
  return d.isPositive() ? '#cf1322' : d.isNegative() ? '#389e0d' : undefined;
}

function Change({ market }: { market: QuotationMarket }) {
  if (market.quotechange === null) return <>{NO_VALUE}</>;
  const sign = Decimal.parse(market.quotechange).isPositive() ? '+' : '';
  return <span style={{ color: changeColor(market.quotechange) }} data-testid={`quotechange-${market.commodityId}`}>{`${sign}${market.quotechange}%`}</span>;
}

function BsFlagTag({ flag }: { flag: 'B' | 'S' | null }) {
  const { t } = useTranslation();
  if (flag === null) return <>{NO_VALUE}</>;
  return <Tag color={flag === 'B' ? 'red' : 'green'}>{t(`quotation.bsFlag.${flag}`)}</Tag>;
}

function MarketTable({ markets, selected, onSelect }: { markets: QuotationMarket[]; selected: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Table<QuotationMarket>
      size="small"
      rowKey="commodityId"
      dataSource={markets}
      pagination={false}
      onRow={(m) => ({ onClick: () => onSelect(m.commodityId), 'data-testid': `quotation-market-${m.commodityId}`, style: { cursor: 'pointer', fontWeight: m.commodityId === selected ? 600 : undefined } }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('quotation.symbol'), dataIndex: 'symbol' },
        { title: t('quotation.price'), dataIndex: 'price', align: 'right', render: (v: string | null, m) => <span style={{ color: changeColor(m.change) }} data-testid={`quotation-price-${m.commodityId}`}>{formatPrice(v)}</span> },
        { title: t('quotation.quotechange'), key: 'quotechange', align: 'right', render: (_: unknown, m) => <Change market={m} /> },
        { title: t('quotation.volume'), dataIndex: 'volume', align: 'right', render: (v: string) => formatQuantity(v) },
      ]}
    />
  );
}

function MarketDetail({ market }: { market: QuotationMarket }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={4} data-testid="quotation-detail" title={<span style={{ fontSize: 18 }}>{market.symbol}</span>}>
      <Descriptions.Item label={t('quotation.price')}>
        <strong style={{ color: changeColor(market.change) }} data-testid="quotation-detail-price">
          {formatPrice(market.price)}
        </strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('quotation.quotechange')}>
        <Change market={market} />
      </Descriptions.Item>
      <Descriptions.Item label={t('quotation.change')}>{formatPrice(market.change)}</Descriptions.Item>
      <Descriptions.Item label={t('quotation.bsFlag.title')}>
        <BsFlagTag flag={market.bsFlag} />
      </Descriptions.Item>
      <Descriptions.Item label={t('quotation.openPrice')}>{formatPrice(market.openPrice)}</Descriptions.Item>
      <Descriptions.Item label={t('quotation.highestPrice')}>{formatPrice(market.highestPrice)}</Descriptions.Item>
      <Descriptions.Item label={t('quotation.lowestPrice')}>{formatPrice(market.lowestPrice)}</Descriptions.Item>
      <Descriptions.Item label={t('quotation.preClosePrice')}>{formatPrice(market.preClosePrice)}</Descriptions.Item>
      <Descriptions.Item label={t('quotation.volume')}>
        <span data-testid="quotation-detail-volume">{formatQuantity(market.volume)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('quotation.amount')}>{formatMoney(market.amount)}</Descriptions.Item>
    </Descriptions>
  );
}

function TimelineTab({ commodityId }: { commodityId: string }) {
  const { t } = useTranslation();
  const line = useQuotationTimeline(commodityId);
  return (
    <QueryStates query={line} keys="quotation" empty={(line.data ?? []).length === 0} emptyText={t('quotation.noDeals')} testIdPrefix="quotation-timeline">
      <TimeSharingChart points={line.data ?? []} places={PLACES} zoomStart={TIMELINE_ZOOM_START} />
    </QueryStates>
  );
}

function KlineTab({ commodityId }: { commodityId: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<KlineInterval>('1d');
  const candles = useQuotationKline(commodityId, period);
  return (
    <>
      <Segmented<KlineInterval> size="small" value={period} onChange={setPeriod} options={PERIODS.map((value) => ({ value, label: t(`quotation.periods.${value}`) }))} />
      <div style={{ marginTop: 8 }}>
        <QueryStates query={candles} keys="quotation" empty={(candles.data ?? []).length === 0} emptyText={t('quotation.noDeals')} testIdPrefix="quotation-kline">
          <CandleChart key={period} candles={candles.data ?? []} places={PLACES} zoomStart={KLINE_ZOOM_START} />
        </QueryStates>
      </div>
      <div style={{ display: 'flex', gap: 12, fontSize: 12 }}>
        {MOVING_AVERAGES.map(({ n, color }) => (
          <span key={n} style={{ color }}>{`MA${n}`}</span>
        ))}
      </div>
    </>
  );
}

function TradeList({ commodityId }: { commodityId: string }) {
  const { t, i18n } = useTranslation();
  const trades = useQuotationTrades(commodityId);
  return (
    <QueryStates query={trades} keys="quotation" empty={(trades.data ?? []).length === 0} emptyText={t('quotation.noDeals')} testIdPrefix="quotation-trades">
      <div data-testid="quotation-trades">
        <Table<QuotationTrade>
          size="small"
          rowKey="dealId"
          dataSource={trades.data ?? []}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: t('quotation.time'), dataIndex: 'time', render: (v: string) => new Date(v).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai' }) },
            { title: t('quotation.price'), dataIndex: 'price', align: 'right', render: (v: string) => formatPrice(v) },
            { title: t('quotation.volume'), dataIndex: 'volume', align: 'right', render: (v: string) => formatQuantity(v) },
            { title: t('quotation.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
            { title: t('quotation.bsFlag.title'), dataIndex: 'bsFlag', render: (v: 'B' | 'S') => <BsFlagTag flag={v} /> },
          ]}
        />
      </div>
    </QueryStates>
  );
}

function TopLists({ onSelect }: { onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<7 | 10>(10);
  const tops = useQuotationTops(size);
  const list = (key: 'gainers' | 'losers' | 'turnover') => (
    <Col xs={24} md={8} key={key}>
      <Table<QuotationMarket>
        size="small"
        rowKey="commodityId"
        title={() => t(`quotation.tops.${key}`)}
        dataSource={tops.data?.[key] ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('quotation.noDeals')} /> }}
        onRow={(m) => ({ onClick: () => onSelect(m.commodityId), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('quotation.symbol'), dataIndex: 'symbol' },
          { title: t('quotation.price'), dataIndex: 'price', align: 'right', render: (v: string | null) => formatPrice(v) },
          key === 'turnover'
            ? { title: t('quotation.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) }
            : { title: t('quotation.quotechange'), key: 'quotechange', align: 'right', render: (_: unknown, m: QuotationMarket) => <Change market={m} /> },
        ]}
      />
    </Col>
  );
  return (
    <SectionCard
      title={t('quotation.tops.title')}
      extra={<Segmented<7 | 10> size="small" value={size} onChange={setSize} options={QUOTATION_TOP_SIZES.map((n) => ({ value: n, label: t('quotation.tops.rows', { n }) }))} />}
    >
      <QueryStates query={tops} keys="quotation" testIdPrefix="quotation-tops">
        <Row gutter={12}>{(['gainers', 'losers', 'turnover'] as const).map(list)}</Row>
      </QueryStates>
    </SectionCard>
  );
}

/** `/marketAnalyses`: the commodities' live quotations, built from the platform's own deals and pushed as they happen. */
export function MarketAnalysesPage() {
  const { t } = useTranslation();
  const markets = useQuotationMarkets();
  const [params, setParams] = useSearchParams();
  useLiveTopic(WsTopic.of('quotation', '*'), (push) => applyQuotationPush(push.data as QuotationPush), reloadQuotations);
  const list = markets.data ?? [];
  // The commodity in the address, else the first that has traded, else the first.
  const selected = list.find((m) => m.commodityId === params.get('commodity')) ?? list.find((m) => m.price !== null) ?? list[0];
  const select = (commodityId: string) => setParams({ commodity: commodityId }, { replace: true });

  return (
    <>
      <SectionCard title={t('quotation.title')}>
        <QueryStates query={markets} keys="quotation" empty={list.length === 0} testIdPrefix="quotation-markets">
          <Row gutter={16}>
            <Col xs={24} lg={8}>
              <MarketTable markets={list} selected={selected?.commodityId ?? ''} onSelect={select} />
            </Col>
            <Col xs={24} lg={16}>
              {selected ? (
                <>
                  <MarketDetail market={selected} />
                  <Tabs
                    size="small"
                    destroyOnHidden
                    items={[
                      { key: 'line', label: t('quotation.timeline'), children: <TimelineTab key={selected.commodityId} commodityId={selected.commodityId} /> },
                      { key: 'kline', label: t('quotation.kline'), children: <KlineTab key={selected.commodityId} commodityId={selected.commodityId} /> },
                    ]}
                  />
                  <h3>{t('quotation.trades')}</h3>
                  <TradeList key={selected.commodityId} commodityId={selected.commodityId} />
                </>
              ) : (
                <Skeleton active />
              )}
            </Col>
          </Row>
        </QueryStates>
      </SectionCard>
      <TopLists onSelect={select} />
    </>
  );
}
