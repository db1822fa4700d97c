import { z } from 'zod';
import { DecimalString } from './ledger';
import { BsFlag } from './listing';
import { Kline, KlineInterval, TimeSharingPoint } from './spot';

/** Quotations (行情) of the commodity platform, built from its own deals (picks, auctions, mall). Public reads. */
export const QuotationPath = {
  /** Every commodity's market detail (`quotechange`, `symbol`, `bsFlag`, today's figures). */
  markets: '/api/quotation/markets',
  /** The time-sharing line of one commodity's latest trading day: each minute's price and `averagePrice`. */
  timeline: '/api/quotation/timeline',
  /** Candles of one commodity, at most 500. */
  kline: '/api/quotation/kline',
  /** Top lists: gainers, losers and turnover, 7 or 10 rows each. */
  tops: '/api/quotation/tops',
  /** One commodity's latest deals, newest first, at most 500. */
  trades: '/api/quotation/trades',
} as const;

/** Candles a K-line shows and rows a trade list shows (the spec's limits). */
export const QUOTATION_KLINE_POINTS = 500;
export const QUOTATION_TRADE_ROWS = 500;
/** Top lists come in 7 or 10 rows. */
export const QUOTATION_TOP_SIZES = [7, 10] as const;

/** Where a deal was made. */
export const DealSource = z.enum(['pick', 'auction', 'mall']);
export type DealSource = z.infer<typeof DealSource>;

const commodityId = z.string().regex(/^\d{1,18}$/);

/** One commodity's market detail. Prices are null until its first deal. */
export const QuotationMarket = z.object({
  commodityId: z.string(),
  /** The commodity's name as the market shows it. */
  symbol: z.string(),
  category: z.string(),
  /** The latest deal's price. */
  price: DecimalString.nullable(),
  /** Change against the previous trading day's close (or today's open), in percent with 2 decimals, e.g. `"-1.25"`. */
  quotechange: DecimalString.nullable(),
  /** The same change as a price difference. */
  change: DecimalString.nullable(),
  /** Who made the latest deal: B a buyer took an offer, S a seller answered a bid. */
  bsFlag: z.enum(BsFlag).nullable(),
  openPrice: DecimalString.nullable(),
  highestPrice: DecimalString.nullable(),
  lowestPrice: DecimalString.nullable(),
  /** The previous trading day's last price. */
  preClosePrice: DecimalString.nullable(),
  /** Today's traded volume and amount. */
  volume: DecimalString,
  amount: DecimalString,
  lastDealTime: z.string().nullable(),
});
export type QuotationMarket = z.infer<typeof QuotationMarket>;

export const QuotationCommodityRequest = z.strictObject({ commodityId });
export type QuotationCommodityRequest = z.input<typeof QuotationCommodityRequest>;

export const QuotationKlineRequest = z.strictObject({ commodityId, period: KlineInterval.default('1d') });
export type QuotationKlineRequest = z.input<typeof QuotationKlineRequest>;

export const QuotationTopsRequest = z.strictObject({ size: z.union([z.literal(QUOTATION_TOP_SIZES[0]), z.literal(QUOTATION_TOP_SIZES[1])]).default(10) });
export type QuotationTopsRequest = z.input<typeof QuotationTopsRequest>;

export const QuotationTops = z.object({ gainers: z.array(QuotationMarket), losers: z.array(QuotationMarket), turnover: z.array(QuotationMarket) });
export type QuotationTops = z.infer<typeof QuotationTops>;

/** A deal as the trade list shows it. */
export const QuotationTrade = z.object({
  dealId: z.string(),
  commodityId: z.string(),
  time: z.string(),
  price: DecimalString,
  volume: DecimalString,
  amount: DecimalString,
  bsFlag: z.enum(BsFlag),
  source: DealSource,
});
export type QuotationTrade = z.infer<typeof QuotationTrade>;

export const QuotationTimeline = z.array(TimeSharingPoint);
export const QuotationKline = z.array(Kline);
export const QuotationTrades = z.array(QuotationTrade);
export const QuotationMarkets = z.array(QuotationMarket);

/** The `quotation:<commodityId>` push after every deal: the commodity's new market detail and the deal. */
export const QuotationPush = z.object({ market: QuotationMarket, trade: QuotationTrade });
export type QuotationPush = z.infer<typeof QuotationPush>;
