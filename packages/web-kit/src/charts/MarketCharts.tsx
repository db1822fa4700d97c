import { useEffect, useRef, useState } from 'react';
import { AreaSeries, CandlestickSeries, ColorType, HistogramSeries, LineSeries, createChart, type IChartApi, type UTCTimestamp } from 'lightweight-charts';
import type { Kline, TimeSharingPoint } from '@tp/contract';
import { movingAverage } from './movingAverage';

export const CHART_UP = '#0ecb81';
export const CHART_DOWN = '#f6465d';
/** The K-line's moving averages: 5, 10, 15 and 20 periods. */
export const MOVING_AVERAGES = [
  { n: 5, color: '#f0b90b' },
  { n: 10, color: '#c026d3' },
  { n: 15, color: '#2563eb' },
  { n: 20, color: '#0891b2' },
] as const;
export const CHART_HEIGHT = 360;

// Charts draw with floating point; the figures they show come from exact decimals, rounded for display only.
const plot = (value: string) => Number(value);
const timeOf = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;

/** Options every market chart starts from: transparent, light grid, prices with the market's places. */
export function chartOptions(places: number) {
  return {
    height: CHART_HEIGHT,
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#8a8f98', attributionLogo: false },
    grid: { vertLines: { color: 'rgba(128,128,128,0.1)' }, horzLines: { color: 'rgba(128,128,128,0.1)' } },
    localization: { priceFormatter: (price: number) => price.toFixed(places) },
  };
}

/** Creates a chart in the element for the component's lifetime. */
export function useChart<T extends { remove(): void }>(make: (element: HTMLDivElement) => T): [React.RefObject<HTMLDivElement | null>, T | undefined] {
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

/**
 * Shows the points from `zoomStart` percent of the data to its end the first time data arrives
 * (later updates keep whatever the reader zoomed to). Without `zoomStart` every point shows.
 */
function useInitialZoom(chart: IChartApi | undefined, count: number, zoomStart: number | undefined): void {
  const done = useRef(false);
  useEffect(() => {
    if (!chart || done.current || count === 0 || zoomStart === undefined) return;
    done.current = true;
    chart.timeScale().setVisibleLogicalRange({ from: Math.floor((count * zoomStart) / 100), to: count - 1 });
  }, [chart, count, zoomStart]);
}

export interface CandleChartProps {
  candles: Kline[];
  places: number;
  /** Percent of the candles where the first view starts (80 shows the latest fifth). */
  zoomStart?: number;
}

/** Candles with volume and the 5, 10, 15 and 20-period moving averages. */
export function CandleChart({ candles, places, zoomStart }: CandleChartProps) {
  const [element, chart] = useChart((el) => createChart(el, { ...chartOptions(places), timeScale: { timeVisible: true, secondsVisible: false } }));
  const series = useRef<{ candles: ReturnType<IChartApi['addSeries']>; volume: ReturnType<IChartApi['addSeries']>; averages: ReturnType<IChartApi['addSeries']>[] }>(undefined);

  useEffect(() => {
    if (!chart) return;
    series.current = {
      candles: chart.addSeries(CandlestickSeries, { upColor: CHART_UP, downColor: CHART_DOWN, borderVisible: false, wickUpColor: CHART_UP, wickDownColor: CHART_DOWN }),
      volume: chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' } }),
      averages: MOVING_AVERAGES.map(({ color }) => chart.addSeries(LineSeries, { color, lineWidth: 1, priceLineVisible: false, lastValueVisible: false })),
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
      candles.map((c) => ({ time: timeOf(c.belongTime), value: plot(c.volume), color: plot(c.closePrice) >= plot(c.openPrice) ? `${CHART_UP}80` : `${CHART_DOWN}80` })),
    );
    MOVING_AVERAGES.forEach(({ n }, i) => s.averages[i]!.setData(movingAverage(candles, n).map((p) => ({ time: timeOf(p.belongTime), value: plot(p.value) }))));
  }, [candles, chart]);
  useInitialZoom(chart, candles.length, zoomStart);

  return <div ref={element} style={{ height: CHART_HEIGHT }} data-testid="kline-chart" data-candles={candles.length} data-last-close={candles.at(-1)?.closePrice ?? ''} />;
}

export interface TimeSharingChartProps {
  points: TimeSharingPoint[];
  places: number;
  /** Percent of the points where the first view starts (60 shows the latest two fifths). */
  zoomStart?: number;
}

/** The day's minute prices and their running average price. */
export function TimeSharingChart({ points, places, zoomStart }: TimeSharingChartProps) {
  const [element, chart] = useChart((el) => createChart(el, { ...chartOptions(places), timeScale: { timeVisible: true, secondsVisible: false } }));
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
  useInitialZoom(chart, points.length, zoomStart);
  return <div ref={element} style={{ height: CHART_HEIGHT }} data-testid="time-sharing-chart" data-points={points.length} data-last-price={points.at(-1)?.price ?? ''} />;
}
