import { Decimal } from '@tp/decimal';
import {
  QUOTATION_KLINE_POINTS,
  QUOTATION_TRADE_ROWS,
  WsTopic,
  type BsFlag,
  type DealSource,
  type Kline,
  type KlineInterval,
  type QuotationMarket,
  type QuotationPush,
  type QuotationTops,
  type QuotationTrade,
  type TimeSharingPoint,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import { appendEvent } from '../../platform/events/index';
import { SHANGHAI_OFFSET_MS, shanghaiDay, shanghaiDayStart } from '../../platform/time';
import { loadCommodityTypes } from '../catalog/index';
import { commodityNotFound } from './quotation.errors';
import * as repo from './quotation.repo';

export const QuotationEvents = { deal: 'quotation.deal' } as const;

/** A deal another module made, handed over inside its own transaction; decimals as strings. */
export interface PlatformDeal {
  source: DealSource;
  /** The deal's id in its module; recording the same deal twice changes nothing. */
  sourceRef: string;
  commodityTypeId: number;
  price: string;
  /** In the unit `price` is per, so amount ≈ price × volume. */
  volume: string;
  amount: string;
  /** B a buyer took an offer, S a seller answered a bid. */
  bsFlag: BsFlag;
  at: Date;
}

export interface QuotationServiceDeps {
  db: Db;
  /** Trading time: "today" is the trading day of the listings that make the deals. */
  clock: Clock;
}

const MINUTE_S = 60;
const SHIFT_S = SHANGHAI_OFFSET_MS / 1000;
/** 1970-01-01 was a Thursday: weeks start on Monday, four days later. */
const WEEK_SHIFT_S = SHIFT_S - 4 * 86_400;
const PERIODS: Record<KlineInterval, { size: number; shift: number }> = {
  '1m': { size: MINUTE_S, shift: 0 },
  '5m': { size: 5 * MINUTE_S, shift: 0 },
  '15m': { size: 15 * MINUTE_S, shift: 0 },
  '30m': { size: 30 * MINUTE_S, shift: 0 },
  '1h': { size: 3600, shift: 0 },
  '4h': { size: 4 * 3600, shift: SHIFT_S },
  '1d': { size: 86_400, shift: SHIFT_S },
  '1w': { size: 7 * 86_400, shift: WEEK_SHIFT_S },
};

const money = (v: string | Decimal) => Decimal.from(v).toFixed(2);
const volumeOf = (v: string | Decimal) => Decimal.from(v).toFixed(3);

function tradeOf(row: repo.DealRow): QuotationTrade {
  return {
    dealId: String(row.id),
    commodityId: String(row.commodityTypeId),
    time: row.dealAt.toISOString(),
    price: money(row.price),
    volume: volumeOf(row.volume),
    amount: money(row.amount),
    bsFlag: row.bsFlag,
    source: row.source,
  };
}

/** Quotations (行情): market detail, time-sharing line, candles, tops and trade lists from the platform's own deals. */
export function createQuotationService(deps: QuotationServiceDeps) {
  const { db, clock } = deps;

  const todayStart = () => shanghaiDayStart(shanghaiDay(clock.now()));

  async function commodities(tx: DbOrTx) {
    return (await loadCommodityTypes(tx)).map((t) => ({ id: Number(t.commodityTypeId), name: t.name, category: t.category }));
  }

  async function commodityOf(tx: DbOrTx, commodityId: string) {
    const found = (await commodities(tx)).find((c) => c.id === Number(commodityId));
    if (!found) throw commodityNotFound();
    return found;
  }

  /** Market detail of the given commodities (all when none is named). */
  async function marketsOf(tx: DbOrTx, only?: number): Promise<QuotationMarket[]> {
    const start = todayStart();
    const [types, last, previous, today] = await Promise.all([commodities(tx), repo.lastDeals(tx, undefined, only), repo.lastDeals(tx, start, only), repo.dayFigures(tx, start, only)]);
    return types
      .filter((t) => only === undefined || t.id === only)
      .map((t) => {
        const latest = last.find((d) => d.commodityTypeId === t.id);
        const preClose = previous.find((d) => d.commodityTypeId === t.id)?.price ?? null;
        const day = today.find((d) => d.commodityTypeId === t.id);
        // Against yesterday's close; a commodity's first trading day compares with its opening deal.
        const base = preClose ?? day?.openPrice ?? null;
        const change = latest && base ? Decimal.parse(latest.price).sub(base) : null;
        const quotechange = change && base && !Decimal.parse(base).isZero() ? change.mul('100').div(base, 2, 'half-up') : null;
        return {
          commodityId: String(t.id),
          symbol: t.name,
          category: t.category,
          price: latest ? money(latest.price) : null,
          quotechange: quotechange ? quotechange.toFixed(2) : null,
          change: change ? money(change) : null,
          bsFlag: latest?.bsFlag ?? null,
          openPrice: day ? money(day.openPrice) : null,
          highestPrice: day ? money(day.highestPrice) : null,
          lowestPrice: day ? money(day.lowestPrice) : null,
          preClosePrice: preClose ? money(preClose) : null,
          volume: volumeOf(day?.volume ?? '0'),
          amount: money(day?.amount ?? '0'),
          lastDealTime: latest ? latest.dealAt.toISOString() : null,
        };
      });
  }

  return {
    /**
     * Records a deal in the caller's transaction and queues the `quotation:<commodityId>` push,
     * which leaves only if the deal commits.
     */
    async recordDeal(tx: DbOrTx, deal: PlatformDeal): Promise<void> {
      const row = await repo.insertDeal(tx, {
        source: deal.source,
        sourceRef: deal.sourceRef,
        commodityTypeId: deal.commodityTypeId,
        price: deal.price,
        volume: deal.volume,
        amount: deal.amount,
        bsFlag: deal.bsFlag,
        dealAt: deal.at,
      });
      if (!row) return;
      const [market] = await marketsOf(tx, deal.commodityTypeId);
      if (!market) return;
      const payload: QuotationPush = { market, trade: tradeOf(row) };
      await appendEvent(tx, { type: QuotationEvents.deal, topic: WsTopic.of('quotation', String(deal.commodityTypeId)), push: 'quotation', payload });
    },

    markets: (): Promise<QuotationMarket[]> => marketsOf(db),

    /** Top lists of the commodities that traded: by change up, by change down, by today's amount. */
    async tops(size: number): Promise<QuotationTops> {
      const traded = (await marketsOf(db)).filter((m) => m.quotechange !== null);
      const by = (key: (m: QuotationMarket) => Decimal, desc: boolean) =>
        [...traded].sort((a, b) => (desc ? key(b).cmp(key(a)) : key(a).cmp(key(b)))).slice(0, size);
      const change = (m: QuotationMarket) => Decimal.parse(m.quotechange ?? '0');
      return { gainers: by(change, true), losers: by(change, false), turnover: by((m) => Decimal.parse(m.amount), true) };
    },

    /**
     * The time-sharing line of the commodity's latest trading day (today once it trades): each
     * minute's last price and the day's volume-weighted average price so far.
     */
    async timeline(commodityId: string): Promise<TimeSharingPoint[]> {
      const commodity = await commodityOf(db, commodityId);
      const [latest] = await repo.lastDeals(db, undefined, commodity.id);
      if (!latest) return [];
      const dayStart = shanghaiDayStart(shanghaiDay(latest.dealAt));
      const deals = await repo.dealsSince(db, commodity.id, dayStart);
      const points: TimeSharingPoint[] = [];
      let volume = Decimal.ZERO;
      let amount = Decimal.ZERO;
      for (const deal of deals) {
        const minute = new Date(Math.floor(deal.dealAt.getTime() / 60_000) * 60_000).toISOString();
        volume = volume.add(deal.volume);
        amount = amount.add(deal.amount);
        const averagePrice = volume.isZero() ? money(deal.price) : amount.div(volume, 2, 'half-up').toFixed(2);
        const last = points.at(-1);
        if (last && last.time === minute) {
          last.price = money(deal.price);
          last.averagePrice = averagePrice;
          last.volume = volumeOf(Decimal.parse(last.volume).add(deal.volume));
        } else {
          points.push({ time: minute, price: money(deal.price), averagePrice, volume: volumeOf(deal.volume) });
        }
      }
      return points;
    },

    /** The latest 500 candles of a period, oldest first; `belongTime` is each candle's start. */
    async kline(commodityId: string, period: KlineInterval): Promise<Kline[]> {
      const commodity = await commodityOf(db, commodityId);
      const { size, shift } = PERIODS[period];
      const rows = await repo.candles(db, commodity.id, size, shift, QUOTATION_KLINE_POINTS);
      return rows.reverse().map((r) => ({
        belongTime: new Date((r.bucket * size - shift) * 1000).toISOString(),
        openPrice: money(r.openPrice),
        closePrice: money(r.closePrice),
        highestPrice: money(r.highestPrice),
        lowestPrice: money(r.lowestPrice),
        volume: volumeOf(r.volume),
        quoteVolume: money(r.amount),
      }));
    },

    /** The commodity's latest 500 deals, newest first. */
    async trades(commodityId: string): Promise<QuotationTrade[]> {
      const commodity = await commodityOf(db, commodityId);
      return (await repo.recentDeals(db, commodity.id, QUOTATION_TRADE_ROWS)).map(tradeOf);
    },
  };
}

export type QuotationService = ReturnType<typeof createQuotationService>;