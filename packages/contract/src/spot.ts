import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { PositiveAmount } from './exchange-assets';
import { DecimalString } from './ledger';

/** Spot trading: markets, orders and the public market data. */
export const SpotPath = {
  markets: '/api/spot/markets',
  depth: '/api/spot/depth',
  trades: '/api/spot/trades',
  place: '/api/spot/order/place',
  cancel: '/api/spot/order/cancel',
  cancelAll: '/api/spot/order/cancelAll',
  openOrders: '/api/spot/orders/open',
  history: '/api/spot/orders/history',
  ticker: '/api/spot/ticker',
  klines: '/api/spot/klines',
  timeSharing: '/api/spot/timeSharing',
  riskDisclosure: '/api/spot/riskDisclosure',
  acceptRiskDisclosure: '/api/spot/riskDisclosure/accept',
} as const;

/** The risk disclosure a user accepts once before trading; a new version must be accepted again. */
export const RISK_DISCLOSURE_VERSION = '2026-11';
export const RiskDisclosureStatus = z.object({ version: z.string(), accepted: z.boolean(), acceptedAt: z.string() });
export type RiskDisclosureStatus = z.infer<typeof RiskDisclosureStatus>;
export const AcceptRiskDisclosureRequest = z.strictObject({ version: z.string().max(20) });

export const SpotCode = {
  placeFailed: '-3301',
  cancelFailed: '-3302',
} as const;

export const SpotMarket = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  tickSize: DecimalString,
  lotSize: DecimalString,
  minNotional: DecimalString,
  makerFee: DecimalString,
  takerFee: DecimalString,
  status: z.enum(['open', 'halted']),
});
export type SpotMarket = z.infer<typeof SpotMarket>;

export const SpotSymbol = z.string().regex(/^[A-Z0-9]{4,20}$/);

/** Order statuses: new → partially filled → filled | cancelled | cancelled after a partial fill. */
export const SpotOrderStatus = z.enum(['new', 'partially_filled', 'filled', 'cancelled', 'partially_cancelled']);
export type SpotOrderStatus = z.infer<typeof SpotOrderStatus>;

export const PlaceOrderRequest = z
  .strictObject({
    symbol: SpotSymbol,
    side: z.enum(['buy', 'sell']),
    type: z.enum(['limit', 'market']),
    price: PositiveAmount.optional(),
    /** Base quantity: limit orders and market sells. */
    quantity: PositiveAmount.optional(),
    /** Quote amount to spend: market buys. */
    quoteAmount: PositiveAmount.optional(),
    timeInForce: z.enum(['GTC', 'IOC', 'FOK']).default('GTC'),
    postOnly: z.boolean().default(false),
    /** Chosen by the client; a repeated id returns the first order. */
    clientOrderId: z.string().regex(/^[A-Za-z0-9_-]{1,36}$/).optional(),
  })
  .refine((r) => r.type !== 'limit' || (r.price !== undefined && r.quantity !== undefined), { path: ['price'], message: 'a limit order needs price and quantity' })
  .refine((r) => r.type !== 'market' || (r.side === 'buy' ? r.quoteAmount !== undefined : r.quantity !== undefined), {
    path: ['quantity'],
    message: 'a market buy needs quoteAmount, a market sell quantity',
  });
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequest>;

export const SpotOrder = z.object({
  orderId: z.string(),
  clientOrderId: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'market']),
  timeInForce: z.enum(['GTC', 'IOC', 'FOK']),
  price: DecimalString,
  quantity: DecimalString,
  quoteAmount: DecimalString,
  filledQuantity: DecimalString,
  filledQuote: DecimalString,
  status: SpotOrderStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpotOrder = z.infer<typeof SpotOrder>;
export const SpotOrderPage = pageOf(SpotOrder);

export const CancelOrderRequest = z.strictObject({ symbol: SpotSymbol, orderId: z.string().regex(/^\d{1,18}$/) });
export const CancelAllRequest = z.strictObject({ symbol: SpotSymbol });
export const OpenOrdersRequest = z.strictObject({ symbol: SpotSymbol.optional() });
export const OrderHistoryRequest = z.strictObject({
  symbol: SpotSymbol.optional(),
  ...pageFields(20),
});

export const DepthRequest = z.strictObject({ symbol: SpotSymbol, limit: z.coerce.number().int().min(1).max(500).default(50) });
export const DepthLevel = z.tuple([DecimalString, DecimalString]);
/**
 * The book's best levels. `seq` counts the market's book changes: the `depth:<symbol>` stream
 * sends each change as a `DepthUpdate` with the next `seq`, so a client applies updates after its
 * snapshot's `seq` and reloads the snapshot when it sees a gap.
 */
export const DepthSnapshot = z.object({ symbol: z.string(), seq: z.number().int(), bids: z.array(DepthLevel), asks: z.array(DepthLevel) });
export type DepthSnapshot = z.infer<typeof DepthSnapshot>;
/** Levels whose total changed, with the new total; `"0"` removes the level. */
export const DepthUpdate = z.object({ symbol: z.string(), seq: z.number().int(), bids: z.array(DepthLevel), asks: z.array(DepthLevel) });
export type DepthUpdate = z.infer<typeof DepthUpdate>;

export const TradesRequest = z.strictObject({ symbol: SpotSymbol, limit: z.coerce.number().int().min(1).max(500).default(50) });
export const SpotTrade = z.object({ id: z.string(), price: DecimalString, quantity: DecimalString, takerSide: z.enum(['buy', 'sell']), time: z.string() });
export type SpotTrade = z.infer<typeof SpotTrade>;

/** The last 24 hours of a market; `quotechange` is the change in percent, two places. */
export const Ticker24h = z.object({
  symbol: z.string(),
  last: DecimalString,
  open: DecimalString,
  high: DecimalString,
  low: DecimalString,
  volume: DecimalString,
  quoteVolume: DecimalString,
  quotechange: DecimalString,
});
export type Ticker24h = z.infer<typeof Ticker24h>;

export const KlineInterval = z.enum(['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w']);
export type KlineInterval = z.infer<typeof KlineInterval>;
export const KlinesRequest = z.strictObject({ symbol: SpotSymbol, interval: KlineInterval.default('1m'), limit: z.coerce.number().int().min(1).max(500).default(500) });
/** One candle with the spec's field names; `belongTime` is the start of its interval. */
export const Kline = z.object({
  belongTime: z.string(),
  openPrice: DecimalString,
  highestPrice: DecimalString,
  lowestPrice: DecimalString,
  closePrice: DecimalString,
  volume: DecimalString,
  quoteVolume: DecimalString,
});
export type Kline = z.infer<typeof Kline>;
/** The `kline:<symbol>` stream: the current candle of every interval after each trade. */
export const KlineUpdate = z.object({ symbol: z.string(), klines: z.partialRecord(KlineInterval, Kline) });
export type KlineUpdate = z.infer<typeof KlineUpdate>;

export const TimeSharingRequest = z.strictObject({ symbol: SpotSymbol });
/** The time-sharing line: each minute's last price and the day's volume-weighted average so far. */
export const TimeSharingPoint = z.object({ time: z.string(), price: DecimalString, averagePrice: DecimalString, volume: DecimalString });
export type TimeSharingPoint = z.infer<typeof TimeSharingPoint>;
