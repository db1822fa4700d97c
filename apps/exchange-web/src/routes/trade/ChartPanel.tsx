import { useEffect, useRef, useState } from 'react';
import { Card, Empty, Segmented, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  LineSeries,
  createChart,
  createOptionsChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { DepthSnapshot, Kline, KlineInterval, SpotMarket, TimeSharingPoint } from '@tp/contract';
import { useDepth, useKlines, useTimeSharing } from '../../api/spot';
import { cumulative, movingAverage } from './market-state';
import { placesOf } from './format';

const UP = '#0ecb81';
const DOWN = '#f6465d';
const AVERAGES = [
  { n: 5, color: '#f0b90b' },
  { n: 10, color: '#c026d3' },
  { n: 15, color: '#2563eb' },
  { n: 20, color: '#0891b2' },
] as const;
const INTERVALS: KlineInterval[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'];
const HEIGHT = 360;

// Charts draw with floating point; the figures they show come from exact decimals, rounded for display only.
const plot = (value: string) => Number(value);
const timeOf = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;

function baseOptions(places: number) {
  return {
    height: HEIGHT,
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#8a8f98', attributionLogo: false },
    grid: { vertLines: { color: 'rgba(128,128,128,0.1)' }, horzLines: { color: 'rgba(128,128,128,0.1)' } },
    localization: { priceFormatter: (price: number) => price.toFixed(places) },
  };
}

/** Creates a chart in the element for the component's lifetime. */
function useChart<T extends { remove(): void }>(make: (element: HTMLDivElement) => T): [React.RefObject<HTMLDivElement | null>, T | undefined] {
  const element = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<T>();
  const factory = useRef(make);
  useEffect(() => {
    if (!element.current) return;
    const created = factory.current(element.current);
    setChart(created);
    return () => {
      setChart(undefined);
      created.remove();
    };
  }, []);
  return [element, chart];
}

/** Candles with volume and the 5, 10, 15 and 20-period moving averages. */
function CandleChart({ candles, places }: { candles: Kline[]; places: number }) {
  const [element, chart] = useChart((el) => createChart(el, { ...baseOptions(places), timeScale: { timeVisible: true, secondsVisible: false } }));
  const series = useRef<{ candles: ReturnType<IChartApi['addSeries']>; volume: ReturnType<IChartApi['addSeries']>; averages: ReturnType<IChartApi['addSeries']>[] }>(undefined);

  useEffect(() => {
    if (!chart) return;
    series.current = {
      candles: chart.addSeries(CandlestickSeries, { upColor: UP, downColor: DOWN, borderVisible: false, wickUpColor: UP, wickDownColor: DOWN }),
      volume: chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' } }),
      averages: AVERAGES.map(({ color }) => chart.addSeries(LineSeries, { color, lineWidth: 1, priceLineVisible: false, lastValueVisible: false })),
    };
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chart.priceScale('right').applyOptions({ scaleMargins: { top: 0.05, bottom: 0.25 } });
    return () => {
      series.current = undefined;
    };
  }, [chart]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    s.candles.setData(candles.map((c) => ({ time: timeOf(c.belongTime), open: plot(c.openPrice), high: plot(c.highestPrice), low: plot(c.lowestPrice), close: plot(c.closePrice) })));
    s.volume.setData(
      candles.map((c) => ({ time: timeOf(c.belongTime), value: plot(c.volume), color: plot(c.closePrice) >= plot(c.openPrice) ? `${UP}80` : `${DOWN}80` })),
    );
    AVERAGES.forEach(({ n }, i) => s.averages[i]!.setData(movingAverage(candles, n).map((p) => ({ time: timeOf(p.belongTime), value: plot(p.value) }))));
  }, [candles, chart]);

  return <div ref={element} style={{ height: HEIGHT }} data-testid="kline-chart" data-candles={candles.length} data-last-close={candles.at(-1)?.closePrice ?? ''} />;
}

/** The day's minute prices and their running average price. */
function TimeSharingChart({ points, places }: { points: TimeSharingPoint[]; places: number }) {
  const [element, chart] = useChart((el) => createChart(el, { ...baseOptions(places), timeScale: { timeVisible: true, secondsVisible: false } }));
  const series = useRef<ReturnType<IChartApi['addSeries']>[]>([]);
  useEffect(() => {
    if (!chart) return;
    series.current = [
      chart.addSeries(AreaSeries, { lineColor: '#2563eb', topColor: 'rgba(37,99,235,0.3)', bottomColor: 'rgba(37,99,235,0)', lineWidth: 2 }),
      chart.addSeries(LineSeries, { color: '#f0b90b', lineWidth: 1, priceLineVisible: false }),
    ];
  }, [chart]);
  useEffect(() => {
    const [price, average] = series.current;
    price?.setData(points.map((p) => ({ time: timeOf(p.time), value: plot(p.price) })));
    average?.setData(points.map((p) => ({ time: timeOf(p.time), value: plot(p.averagePrice) })));
  }, [points, chart]);
  return <div ref={element} style={{ height: HEIGHT }} data-testid="time-sharing-chart" data-points={points.length} />;
}

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
