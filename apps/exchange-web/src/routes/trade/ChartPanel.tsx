import { useEffect, useRef, useState } from 'react';
import { Card, Empty, Segmented, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaSeries, createOptionsChart, type ISeriesApi } from 'lightweight-charts';
import type { DepthSnapshot, KlineInterval, SpotMarket } from '@tp/contract';
import { CHART_DOWN as DOWN, CHART_HEIGHT as HEIGHT, CHART_UP as UP, MOVING_AVERAGES as AVERAGES, CandleChart, TimeSharingChart, chartOptions as baseOptions, useChart } from '@tp/web-kit';
import { useDepth, useKlines, useTimeSharing } from '../../api/spot';
import { cumulative } from './market-state';
import { placesOf } from './format';

const INTERVALS: KlineInterval[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'];

// Charts draw with floating point; the figures they show come from exact decimals, rounded for display only.
const plot = (value: string) => Number(value);

/** Cumulative bids (left, green) and asks (right, red) by price. */
function DepthChart({ book, places }: { book: DepthSnapshot; places: number }) {
  const [element, chart] = useChart((el) => createOptionsChart(el, { ...baseOptions(places) }));
  const series = useRef<ISeriesApi<'Area', number>[]>([]);
  useEffect(() => {
    if (!chart) return;
    series.current = [
      chart.addSeries(AreaSeries, { lineColor: UP, topColor: `${UP}66`, bottomColor: `${UP}11`, lineWidth: 2, lineType: 1 }),
      chart.addSeries(AreaSeries, { lineColor: DOWN, topColor: `${DOWN}66`, bottomColor: `${DOWN}11`, lineWidth: 2, lineType: 1 }),
    ];
  }, [chart]);
  useEffect(() => {
    const [bids, asks] = series.current;
    bids?.setData(cumulative(book.bids).reverse().map(([price, total]) => ({ time: plot(price), value: plot(total) })));
    asks?.setData(cumulative(book.asks).map(([price, total]) => ({ time: plot(price), value: plot(total) })));
  }, [book, chart]);
  return <div ref={element} style={{ height: HEIGHT }} data-testid="depth-chart" />;
}

function KlineTab({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  const [interval, setInterval] = useState<KlineInterval>('1m');
  const klines = useKlines(market.symbol, interval);
  return (
    <>
      <Segmented<KlineInterval>
        size="small"
        value={interval}
        onChange={setInterval}
        options={INTERVALS.map((value) => ({ value, label: <span data-testid={`interval-${value}`}>{t(`trade.intervals.${value}`)}</span> }))}
      />
      <div style={{ marginTop: 8 }}>
        {klines.isPending ? <Spin /> : (klines.data ?? []).length === 0 ? <Empty description={t('trade.noCandles')} /> : <CandleChart candles={klines.data ?? []} places={placesOf(market.tickSize)} />}
      </div>
      <div className="ex-chart-legend" style={{ display: 'flex', gap: 12, fontSize: 12 }}>
        {AVERAGES.map(({ n, color }) => (
          <span key={n} style={{ color }}>{`MA${n}`}</span>
        ))}
      </div>
    </>
  );
}

function TimeSharingTab({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  const line = useTimeSharing(market.symbol);
  if (line.isPending) return <Spin />;
  if ((line.data ?? []).length === 0) return <Empty description={t('trade.noCandles')} />;
  return <TimeSharingChart points={line.data ?? []} places={placesOf(market.tickSize)} />;
}

function DepthTab({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  const depth = useDepth(market.symbol);
  if (depth.isPending) return <Spin />;
  if (!depth.data || (depth.data.bids.length === 0 && depth.data.asks.length === 0)) return <Empty description={t('trade.emptyBook')} />;
  return <DepthChart book={depth.data} places={placesOf(market.tickSize)} />;
}

/** K-line, time-sharing and depth charts of a market, live with the page's stream. */
export function ChartPanel({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="chart-panel">
      <Tabs
        size="small"
        destroyOnHidden
        items={[
          { key: 'kline', label: <span data-testid="chart-kline">{t('trade.chart.kline')}</span>, children: <KlineTab key={market.symbol} market={market} /> },
          { key: 'line', label: <span data-testid="chart-line">{t('trade.chart.timeSharing')}</span>, children: <TimeSharingTab key={market.symbol} market={market} /> },
          { key: 'depth', label: <span data-testid="chart-depth">{t('trade.chart.depth')}</span>, children: <DepthTab key={market.symbol} market={market} /> },
        ]}
      />
    </Card>
  );
}
