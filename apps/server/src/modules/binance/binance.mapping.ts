import { Decimal } from '@tp/decimal';
import { DEFAULT_STP_MODE, SpotOrderStatus, StpMode, type DepositRecord, type ExchangeAsset, type WithdrawalRecord, type Kline, type KlineInterval, type SpotMarket, type SpotOrder, type SpotTrade, type Ticker24h } from '@tp/contract';
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
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: false,
    ocoAllowed: true,
    opoAllowed: false,
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
    // What an order that names no mode gets; each order may name another.
    defaultSelfTradePreventionMode: DEFAULT_STP_MODE,
    allowedSelfTradePreventionModes: StpMode.options,
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

/**
 * Orders their owner cancelled (or whose OCO partner took effect) are CANCELED; orders self-trade
 * prevention ended are EXPIRED_IN_MATCH; the others the engine ended (IOC, FOK, market, post-only
 * that would take) are EXPIRED.
 */
export function orderStatus(o: OrderSource): BinanceOrderStatus | 'EXPIRED_IN_MATCH' {
  switch (o.status) {
    case SpotOrderStatus.enum.new:
      return BinanceOrderStatus.new;
    case SpotOrderStatus.enum.partially_filled:
      return BinanceOrderStatus.partiallyFilled;
    case SpotOrderStatus.enum.filled:
      return BinanceOrderStatus.filled;
    default:
      if (o.endReason === 'stp') return 'EXPIRED_IN_MATCH';
      if (o.endReason === 'user' || o.endReason === 'oco') return BinanceOrderStatus.canceled;
      if (o.endReason) return BinanceOrderStatus.expired;
      return o.type === 'market' || o.timeInForce !== 'GTC' ? BinanceOrderStatus.expired : BinanceOrderStatus.canceled;
  }
}

/** A stop-loss fires against the position (a sell as the price falls, a buy as it rises); a take-profit the other way. */
const isStopLoss = (o: OrderSource) => (o.side === 'buy') === (o.trigger === 'up');

export function orderType(o: OrderSource): string {
  switch (o.type) {
    case 'market':
      return 'MARKET';
    case 'limit':
      // The limit order of an OCO pair is Binance's LIMIT_MAKER.
      return o.postOnly || o.listId !== undefined ? 'LIMIT_MAKER' : 'LIMIT';
    case 'stop_limit':
      return isStopLoss(o) ? 'STOP_LOSS_LIMIT' : 'TAKE_PROFIT_LIMIT';
    case 'stop_market':
      return isStopLoss(o) ? 'STOP_LOSS' : 'TAKE_PROFIT';
  }
}

const listIdOf = (o: OrderSource) => (o.listId === undefined ? -1 : Number(o.listId));

function orderCore(o: OrderSource) {
  return {
    symbol: o.symbol,
    orderId: Number(o.orderId),
    orderListId: listIdOf(o),
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
    stopPrice: o.stopPrice,
    icebergQty: '0',
    time: ms(o.createdAt),
    updateTime: ms(o.updatedAt),
    // A stop order waiting for its price is not on the book yet.
    isWorking: isOpen(o) && !o.waiting,
    workingTime: ms(o.createdAt),
    selfTradePreventionMode: o.stpMode,
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
  const ack = { symbol: o.symbol, orderId: Number(o.orderId), orderListId: listIdOf(o), clientOrderId: o.clientOrderId, transactTime: ms(o.updatedAt) };
  if (respType === 'ACK') return ack;
  const result = {
    ...orderCore(o),
    ...(o.type.startsWith('stop') ? { stopPrice: o.stopPrice } : {}),
    transactTime: ack.transactTime,
    workingTime: ms(o.createdAt),
    selfTradePreventionMode: o.stpMode,
  };
  return respType === 'RESULT' ? result : { ...result, fills };
}

export function cancelledOrder(o: OrderSource, origClientOrderId: string, newClientOrderId: string | undefined) {
  return { ...orderCore(o), origClientOrderId, clientOrderId: newClientOrderId ?? o.clientOrderId, transactTime: ms(o.updatedAt), selfTradePreventionMode: o.stpMode };
}

/** Binance's answer about an OCO pair (`orderList`): the list, its orders, and (when asked) each order's report. */
export function orderList(orders: OrderSource[], reports: unknown[] | undefined, transactionTime: number) {
  const limit = orders.find((o) => o.type === 'limit') ?? orders[0];
  const done = orders.every((o) => !isOpen(o));
  return {
    orderListId: limit ? listIdOf(limit) : -1,
    contingencyType: 'OCO',
    listStatusType: done ? 'ALL_DONE' : 'EXEC_STARTED',
    listOrderStatus: done ? 'ALL_DONE' : 'EXECUTING',
    listClientOrderId: limit?.clientOrderId ?? '',
    transactionTime,
    symbol: limit?.symbol ?? '',
    orders: orders.map((o) => ({ symbol: o.symbol, orderId: Number(o.orderId), clientOrderId: o.clientOrderId })),
    ...(reports ? { orderReports: reports } : {}),
  };
}

/** An asset as Binance's coin configuration: one network, the asset's chain. */
export function coin(a: ExchangeAsset, balance: { available: string; frozen: string } | undefined) {
  return {
    coin: a.code,
    name: a.name,
    free: balance?.available ?? '0',
    locked: balance?.frozen ?? '0',
    freeze: '0',
    withdrawing: '0',
    ipoing: '0',
    ipoable: '0',
    storage: '0',
    isLegalMoney: false,
    trading: true,
    depositAllEnable: true,
    withdrawAllEnable: true,
    networkList: [
      {
        network: a.chain,
        coin: a.code,
        name: a.chain,
        isDefault: true,
        depositEnable: true,
        withdrawEnable: true,
        depositDesc: '',
        withdrawDesc: '',
        withdrawIntegerMultiple: a.precision === 0 ? '1' : `0.${'0'.repeat(a.precision - 1)}1`,
        withdrawFee: a.withdrawFee,
        withdrawMin: a.minWithdraw,
        withdrawMax: '9999999999',
        minConfirm: a.confirmations,
        unLockConfirm: 0,
        resetAddressStatus: false,
        sameAddress: false,
        busy: false,
      },
    ],
  };
}

/** Binance's deposit record; status 0 while confirming, 1 once credited. */
export function deposit(d: DepositRecord) {
  return {
    id: d.id,
    amount: d.amount,
    coin: d.asset,
    network: d.chain,
    status: d.status === 'completed' ? 1 : 0,
    address: d.address,
    addressTag: '',
    txId: d.txid,
    insertTime: ms(d.createdAt),
    transferType: 0,
    confirmTimes: `${d.confirmations}/${d.required}`,
    unlockConfirm: d.required,
    walletType: 0,
  };
}

/** Binance's withdrawal status numbers: 2 awaiting approval, 3 rejected, 4 processing, 5 failure, 6 completed. */
const WITHDRAWAL_STATUS: Record<WithdrawalRecord['status'], number> = { review: 2, processing: 4, in_transit: 4, completed: 6, rejected: 3, failed: 5 };

/** Binance writes a withdrawal's times as UTC "YYYY-MM-DD HH:mm:ss". */
const utcText = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

export function withdrawal(w: WithdrawalRecord) {
  return {
    id: w.id,
    amount: w.amount,
    transactionFee: w.fee,
    coin: w.asset,
    status: WITHDRAWAL_STATUS[w.status] ?? 4,
    address: w.address,
    txId: w.txid,
    applyTime: utcText(w.createdAt),
    completeTime: w.status === 'completed' ? utcText(w.updatedAt) : undefined,
    network: w.chain,
    transferType: 0,
    info: w.reason,
    confirmNo: 0,
    walletType: 0,
  };
}
