import { Decimal } from '@tp/decimal';
import { SpotOrderStatus, type Kline, type KlineInterval, type SpotMarket, type SpotOrder, type SpotTrade, type Ticker24h } from '@tp/contract';
import { INTERVAL_MS } from '../spot/index';

/**
 * Our spot shapes in Binance's spot API v3 shapes. Amounts stay decimal strings, as Binance sends
 * them; ids and times are numbers (milliseconds), as Binance sends them.
 */

const MINUTE = 60_000;

/** Binance's names for an order's state, as its API v3 answers them. */
export const BinanceOrderStatus = {
  new: 'NEW',
  partiallyFilled: 'PARTIALLY_FILLED',
  filled: 'FILLED',
  canceled: 'CANCELED',
  expired: 'EXPIRED',
} as const;
export type BinanceOrderStatus = (typeof BinanceOrderStatus)[keyof typeof BinanceOrderStatus];

/** An order still on the book (Binance's `isWorking`): new or partly filled. */
export const isOpen = (o: { status: SpotOrderStatus }) => o.status === SpotOrderStatus.enum.new || o.status === SpotOrderStatus.enum.partially_filled;

/** The matching engine counts ticks and lots in exact JavaScript integers. */
const MAX_UNITS = String(Number.MAX_SAFE_INTEGER);

const ms = (iso: string) => Date.parse(iso);

export function symbolInfo(market: SpotMarket, precisionOf: (asset: string) => number) {
  return {
    symbol: market.symbol,
    status: market.status === 'open' ? 'TRADING' : 'HALT',
    baseAsset: market.base,
    baseAssetPrecision: precisionOf(market.base),
    quoteAsset: market.quote,
    quotePrecision: precisionOf(market.quote),
    quoteAssetPrecision: precisionOf(market.quote),
    baseCommissionPrecision: precisionOf(market.base),
    quoteCommissionPrecision: precisionOf(market.quote),
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET'],
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    isSpotTradingAllowed: market.status === 'open',
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: market.tickSize, maxPrice: Decimal.parse(market.tickSize).mul(MAX_UNITS).toString(), tickSize: market.tickSize },
      { filterType: 'LOT_SIZE', minQty: market.lotSize, maxQty: Decimal.parse(market.lotSize).mul(MAX_UNITS).toString(), stepSize: market.lotSize },
      { filterType: 'NOTIONAL', minNotional: market.minNotional, applyMinToMarket: true, maxNotional: '9000000000', applyMaxToMarket: false, avgPriceMins: 0 },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'NONE',
    allowedSelfTradePreventionModes: ['NONE'],
  };
}

export const depthLevels = (levels: readonly (readonly [string, string])[]) => levels.map(([price, qty]) => [price, qty]);

export function trade(t: SpotTrade) {
  return {
    id: Number(t.id),
    price: t.price,
    qty: t.quantity,
    quoteQty: Decimal.parse(t.price).mul(t.quantity).toString(),
    time: ms(t.time),
    // The maker was the buyer when the taker sold.
    isBuyerMaker: t.takerSide === 'sell',
    isBestMatch: true,
  };
}

/** Each fill is its own aggregate: fills are not merged by price yet. */
export function aggTrade(t: SpotTrade) {
  return { a: Number(t.id), p: t.price, q: t.quantity, f: Number(t.id), l: Number(t.id), T: ms(t.time), m: t.takerSide === 'sell', M: true };
}

/**
 * A candle as Binance's array row. The trade count and the taker-buy volumes are not kept per
 * candle, so they are sent as zero.
 */
export function klineRow(k: Kline, interval: KlineInterval) {
  const open = ms(k.belongTime);
  return [open, k.openPrice, k.highestPrice, k.lowestPrice, k.closePrice, k.volume, open + INTERVAL_MS[interval] - 1, k.quoteVolume, 0, '0', '0', '0'] as const;
}

export interface BookTop {
  bid: readonly [string, string] | undefined;
  ask: readonly [string, string] | undefined;
}

export function ticker24h(t: Ticker24h, top: BookTop, lastQty: string, now: number) {
  const volume = Decimal.parse(t.volume);
  return {
    symbol: t.symbol,
    priceChange: Decimal.parse(t.last).sub(t.open).toString(),
    priceChangePercent: t.quotechange,
    weightedAvgPrice: volume.isPositive() ? Decimal.parse(t.quoteVolume).div(volume, 8, 'half-up').toString() : '0',
    prevClosePrice: t.open,
    lastPrice: t.last,
    lastQty,
    bidPrice: top.bid?.[0] ?? '0',
    bidQty: top.bid?.[1] ?? '0',
    askPrice: top.ask?.[0] ?? '0',
    askQty: top.ask?.[1] ?? '0',
    openPrice: t.open,
    highPrice: t.high,
    lowPrice: t.low,
    volume: t.volume,
    quoteVolume: t.quoteVolume,
    openTime: now - 1440 * MINUTE,
    closeTime: now,
    firstId: -1,
    lastId: -1,
    count: 0,
  };
}

export function bookTicker(symbol: string, top: BookTop) {
  return { symbol, bidPrice: top.bid?.[0] ?? '0', bidQty: top.bid?.[1] ?? '0', askPrice: top.ask?.[0] ?? '0', askQty: top.ask?.[1] ?? '0' };
}

/** An order as we report it; `postOnly` known when the caller has it. */
export type OrderSource = SpotOrder & { postOnly?: boolean };

/** Engine-ended orders (IOC, FOK, market, post-only that would take) expire; the others were cancelled. */
export function orderStatus(o: OrderSource): BinanceOrderStatus {
  switch (o.status) {
    case SpotOrderStatus.enum.new:
      return BinanceOrderStatus.new;
    case SpotOrderStatus.enum.partially_filled:
      return BinanceOrderStatus.partiallyFilled;
    case SpotOrderStatus.enum.filled:
      return BinanceOrderStatus.filled;
    default:
      return o.type === 'market' || o.timeInForce !== 'GTC' ? BinanceOrderStatus.expired : BinanceOrderStatus.canceled;
  }
}

export const orderType = (o: OrderSource) => (o.type === 'market' ? 'MARKET' : o.postOnly ? 'LIMIT_MAKER' : 'LIMIT');

function orderCore(o: OrderSource) {
  return {
    symbol: o.symbol,
    orderId: Number(o.orderId),
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    price: o.price,
    origQty: o.quantity,
    executedQty: o.filledQuantity,
    origQuoteOrderQty: o.quoteAmount,
    cummulativeQuoteQty: o.filledQuote,
    status: orderStatus(o),
    timeInForce: o.timeInForce,
    type: orderType(o),
    side: o.side === 'buy' ? 'BUY' : 'SELL',
  };
}

/** The order as `GET order`, `openOrders` and `allOrders` answer it. */
export function queriedOrder(o: OrderSource) {
  return {
    ...orderCore(o),
    stopPrice: '0',
    icebergQty: '0',
    time: ms(o.createdAt),
    updateTime: ms(o.updatedAt),
    isWorking: isOpen(o),
    workingTime: ms(o.createdAt),
    selfTradePreventionMode: 'NONE',
  };
}

export interface Fill {
  price: string;
  qty: string;
  commission: string;
  commissionAsset: string;
  tradeId: number;
}

/** The answer to a new order, in the response type the client asked for. */
export function placedOrder(o: OrderSource, respType: 'ACK' | 'RESULT' | 'FULL', fills: Fill[]) {
  const ack = { symbol: o.symbol, orderId: Number(o.orderId), orderListId: -1, clientOrderId: o.clientOrderId, transactTime: ms(o.updatedAt) };
  if (respType === 'ACK') return ack;
  const result = { ...orderCore(o), transactTime: ack.transactTime, workingTime: ms(o.createdAt), selfTradePreventionMode: 'NONE' };
  return respType === 'RESULT' ? result : { ...result, fills };
}

export function cancelledOrder(o: OrderSource, origClientOrderId: string, newClientOrderId: string | undefined) {
  return { ...orderCore(o), origClientOrderId, clientOrderId: newClientOrderId ?? o.clientOrderId, transactTime: ms(o.updatedAt), selfTradePreventionMode: 'NONE' };
}
