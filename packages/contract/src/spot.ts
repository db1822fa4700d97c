import { z } from 'zod';
import { RowId, pageFields, pageOf } from './envelope';
import { PositiveAmount } from './exchange-assets';
import { DecimalString } from './ledger';

/** Spot trading: markets, orders and the public market data. */
export const SpotPath = {
  markets: '/api/spot/markets',
  depth: '/api/spot/depth',
  trades: '/api/spot/trades',
  place: '/api/spot/order/place',
  placeOco: '/api/spot/order/placeOco',
  cancel: '/api/spot/order/cancel',
  cancelAll: '/api/spot/order/cancelAll',
  openOrders: '/api/spot/orders/open',
  history: '/api/spot/orders/history',
  myTrades: '/api/spot/orders/trades',
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

/** Stop orders wait, off the book, until the last trade price reaches their stop price; then they run as a limit or market order. */
export const SpotOrderType = z.enum(['limit', 'market', 'stop_limit', 'stop_market']);
export type SpotOrderType = z.infer<typeof SpotOrderType>;

/**
 * Self-trade prevention, in Binance's words: when an order would trade with an order of the same
 * user, expire the incoming one (the default), the resting one, both, or (`NONE`) let them trade.
 */
export const StpMode = z.enum(['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH', 'NONE']);
export type StpMode = z.infer<typeof StpMode>;
export const DEFAULT_STP_MODE: StpMode = 'EXPIRE_TAKER';

/**
 * Why an order ended without filling completely: cancelled by its owner (`user`), what IOC left
 * (`ioc`), FOK that could not fill (`fok`), post-only that would have taken (`post_only`),
 * self-trade prevention (`stp`), no more orders on the other side (`no_liquidity`), the spending
 * cap of a stop-market buy (`price_protection`), or the other order of its OCO pair (`oco`).
 */
export const SpotEndReason = z.enum(['user', 'ioc', 'fok', 'post_only', 'stp', 'no_liquidity', 'price_protection', 'oco']);
export type SpotEndReason = z.infer<typeof SpotEndReason>;

/** `up`: fires when the last price rises to the stop price; `down`: when it falls to it. */
export const StopTrigger = z.enum(['up', 'down']);
export type StopTrigger = z.infer<typeof StopTrigger>;

const ClientOrderId = z.string().regex(/^[A-Za-z0-9_-]{1,36}$/);

export const PlaceOrderRequest = z
  .strictObject({
    symbol: SpotSymbol,
    side: z.enum(['buy', 'sell']),
    type: SpotOrderType,
    /** Limit price: limit and stop-limit orders. */
    price: PositiveAmount.optional(),
    /** Base quantity: limit orders, sells, and buys sized in the base asset. */
    quantity: PositiveAmount.optional(),
    /** Quote amount to spend: market and stop-market buys sized by total. */
    quoteAmount: PositiveAmount.optional(),
    /** Stop and stop-limit orders: the last trade price that fires them. */
    stopPrice: PositiveAmount.optional(),
    /** Which way the price must move to reach the stop price; by default, from where the last price is. */
    trigger: StopTrigger.optional(),
    timeInForce: z.enum(['GTC', 'IOC', 'FOK']).default('GTC'),
    postOnly: z.boolean().default(false),
    stpMode: StpMode.optional(),
    /** Chosen by the client; a repeated id returns the first order. */
    clientOrderId: ClientOrderId.optional(),
    /**
     * Makes this limit order one of a one-cancels-the-other pair with a stop order on the same
     * side and quantity (a stop-limit with `stopLimitPrice`, else a stop-market order).
     */
    oco: z.strictObject({ stopPrice: PositiveAmount, stopLimitPrice: PositiveAmount.optional(), clientOrderId: ClientOrderId.optional() }).optional(),
  })
  .refine((r) => !r.type.endsWith('limit') || (r.price !== undefined && r.quantity !== undefined), { path: ['price'], message: 'a limit order needs price and quantity' })
  .refine((r) => !r.type.endsWith('market') || (r.side === 'buy' ? (r.quoteAmount === undefined) !== (r.quantity === undefined) : r.quantity !== undefined && r.quoteAmount === undefined), {
    path: ['quantity'],
    message: 'a market buy needs quoteAmount or quantity, a market sell quantity',
  })
  .refine((r) => r.type.startsWith('stop') === (r.stopPrice !== undefined), { path: ['stopPrice'], message: 'stop orders, and only they, need a stop price' })
  .refine((r) => r.oco === undefined || (r.type === 'limit' && r.timeInForce === 'GTC'), { path: ['oco'], message: 'an OCO pair starts from a GTC limit order' });
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequest>;

/** A one-cancels-the-other pair: a limit order resting on the book and a stop order (stop-limit when `stopLimitPrice` is given). */
export const PlaceOcoRequest = z.strictObject({
  symbol: SpotSymbol,
  side: z.enum(['buy', 'sell']),
  quantity: PositiveAmount,
  price: PositiveAmount,
  stopPrice: PositiveAmount,
  stopLimitPrice: PositiveAmount.optional(),
  stpMode: StpMode.optional(),
  /** Of the limit order. */
  clientOrderId: ClientOrderId.optional(),
  stopClientOrderId: ClientOrderId.optional(),
});
export type PlaceOcoRequest = z.infer<typeof PlaceOcoRequest>;

export const SpotOrder = z.object({
  orderId: z.string(),
  clientOrderId: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: SpotOrderType,
  timeInForce: z.enum(['GTC', 'IOC', 'FOK']),
  postOnly: z.boolean(),
  /** The limit price; "0" for market orders (see `averagePrice`). */
  price: DecimalString,
  quantity: DecimalString,
  quoteAmount: DecimalString,
  /** Stop orders: the stop price; "0" otherwise. */
  stopPrice: DecimalString,
  /** Stop orders: which way the last price had to move to reach the stop price. */
  trigger: StopTrigger.optional(),
  /** A stop order still waiting for its price (not on the book yet). */
  waiting: z.boolean(),
  filledQuantity: DecimalString,
  filledQuote: DecimalString,
  /** What the fills cost on average: filled quote ÷ filled quantity; "0" before any fill. */
  averagePrice: DecimalString,
  /** Fees paid so far, in the quote asset. */
  fee: DecimalString,
  status: SpotOrderStatus,
  /** Why the order ended unfilled or partly filled; absent while open or once filled. */
  endReason: SpotEndReason.optional(),
  stpMode: StpMode,
  /** Both orders of an OCO pair carry the pair's id. */
  listId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpotOrder = z.infer<typeof SpotOrder>;
export const SpotOrderPage = pageOf(SpotOrder);

export const CancelOrderRequest = z.strictObject({ symbol: SpotSymbol, orderId: RowId });
/** Without a symbol: every market. */
export const CancelAllRequest = z.strictObject({ symbol: SpotSymbol.optional() });
export const OpenOrdersRequest = z.strictObject({ symbol: SpotSymbol.optional() });
export const OrderHistoryRequest = z.strictObject({
  symbol: SpotSymbol.optional(),
  ...pageFields(20),
});

/** The user's own fills, newest first. */
export const MyTradesRequest = z.strictObject({ symbol: SpotSymbol.optional(), ...pageFields(20) });
export const SpotMyTrade = z.object({
  id: z.string(),
  symbol: z.string(),
  orderId: z.string(),
  side: z.enum(['buy', 'sell']),
  role: z.enum(['maker', 'taker']),
  price: DecimalString,
  quantity: DecimalString,
  quoteQuantity: DecimalString,
  /** In the quote asset. */
  fee: DecimalString,
  time: z.string(),
});
export type SpotMyTrade = z.infer<typeof SpotMyTrade>;
export const SpotMyTradePage = pageOf(SpotMyTrade);

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
