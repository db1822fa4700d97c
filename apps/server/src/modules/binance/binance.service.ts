import { Decimal } from '@tp/decimal';
import { SpotOrderStatus, type KlineInterval, type PlaceOrderRequest, type SpotMarket } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/http/index';
import { render } from '../../platform/i18n/index';
import type { AssetService } from '../asset/index';
import { findAccountOrder, listAccountOrders, listAccountTrades, type AccountOrder, type AccountTrade, type SpotService } from '../spot/index';
import { binanceErrors } from './binance.errors';
import * as map from './binance.mapping';
import type { AllOrdersParams, MyTradesParams, NewOrderParams, OrderRefParams } from './binance.schemas';

export interface BinanceServiceDeps {
  db: Db;
  clock: Clock;
  spot: Pick<SpotService, 'markets' | 'depth' | 'trades' | 'tickers' | 'klines' | 'place' | 'cancel' | 'cancelAll'>;
  assets: Pick<AssetService, 'list' | 'overview'>;
}

/** Refusals from the spot service keep their words, in English as Binance's are. */
const reasonOf = (error: AppError) => render(error.text, 'en', error.params);

const optionalDate = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms));

/** The programmatic API over the spot market, in Binance spot API v3's terms. */
export function createBinanceService({ db, clock, spot, assets }: BinanceServiceDeps) {
  async function market(symbol: string): Promise<SpotMarket> {
    const found = (await spot.markets()).find((m) => m.symbol === symbol);
    if (!found) throw binanceErrors.invalidSymbol();
    return found;
  }

  /** `symbol`, a JSON list in `symbols`, or every market. */
  async function marketsOf(params: { symbol?: string | undefined; symbols?: string | undefined }): Promise<SpotMarket[]> {
    const all = await spot.markets();
    let wanted: string[] | undefined;
    if (params.symbol) wanted = [params.symbol];
    else if (params.symbols) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(params.symbols);
      } catch {
        throw binanceErrors.illegal('symbols', '["SYMBOL", ...]');
      }
      if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((s) => typeof s === 'string')) throw binanceErrors.illegal('symbols', '["SYMBOL", ...]');
      wanted = parsed as string[];
    }
    if (!wanted) return all;
    return wanted.map((symbol) => {
      const found = all.find((m) => m.symbol === symbol);
      if (!found) throw binanceErrors.invalidSymbol();
      return found;
    });
  }

  async function top(symbol: string): Promise<map.BookTop> {
    const book = await spot.depth(symbol, 1);
    return { bid: book.bids[0], ask: book.asks[0] };
  }

  function fillsOf(trades: AccountTrade[], quote: string): map.Fill[] {
    return trades.map((t) => ({ price: t.price, qty: t.quantity, commission: t.fee, commissionAsset: quote, tradeId: t.id }));
  }

  async function orderOf(userId: number, ref: OrderRefParams): Promise<AccountOrder | undefined> {
    if (ref.orderId === undefined && ref.origClientOrderId === undefined) throw binanceErrors.eitherOf('orderId', 'origClientOrderId');
    return findAccountOrder(db, userId, ref.symbol, { orderId: ref.orderId, clientOrderId: ref.origClientOrderId });
  }

  /** Binance's order parameters as a spot order request; combinations Binance refuses are refused the same way. */
  function placeRequest(p: NewOrderParams): PlaceOrderRequest {
    const side = p.side === 'BUY' ? 'buy' : 'sell';
    const base = { symbol: p.symbol, side, clientOrderId: p.newClientOrderId } as const;
    if (p.type === 'MARKET') {
      if (p.price !== undefined) throw binanceErrors.notRequired('price');
      if (p.timeInForce !== undefined) throw binanceErrors.notRequired('timeInForce');
      if (side === 'buy') {
        // The engine spends a quote budget on market buys; a base quantity is not supported.
        if (p.quantity !== undefined) throw binanceErrors.notRequired('quantity');
        if (p.quoteOrderQty === undefined) throw binanceErrors.mandatory('quoteOrderQty');
        return { ...base, type: 'market', quoteAmount: Decimal.parse(p.quoteOrderQty).toString(), timeInForce: 'IOC', postOnly: false };
      }
      if (p.quoteOrderQty !== undefined) throw binanceErrors.notRequired('quoteOrderQty');
      if (p.quantity === undefined) throw binanceErrors.mandatory('quantity');
      return { ...base, type: 'market', quantity: Decimal.parse(p.quantity).toString(), timeInForce: 'IOC', postOnly: false };
    }
    if (p.quoteOrderQty !== undefined) throw binanceErrors.notRequired('quoteOrderQty');
    if (p.price === undefined) throw binanceErrors.mandatory('price');
    if (p.quantity === undefined) throw binanceErrors.mandatory('quantity');
    const limit = { ...base, type: 'limit', price: Decimal.parse(p.price).toString(), quantity: Decimal.parse(p.quantity).toString() } as const;
    if (p.type === 'LIMIT_MAKER') {
      if (p.timeInForce !== undefined) throw binanceErrors.notRequired('timeInForce');
      return { ...limit, timeInForce: 'GTC', postOnly: true };
    }
    if (p.timeInForce === undefined) throw binanceErrors.mandatory('timeInForce');
    return { ...limit, timeInForce: p.timeInForce, postOnly: false };
  }

  return {
    time: () => ({ serverTime: clock.now().getTime() }),

    async exchangeInfo(params: { symbol?: string | undefined; symbols?: string | undefined }) {
      const list = await marketsOf(params);
      const precisions = new Map((await assets.list()).map((a) => [a.code, a.precision]));
      return {
        timezone: 'UTC',
        serverTime: clock.now().getTime(),
        rateLimits: [],
        exchangeFilters: [],
        symbols: list.map((m) => map.symbolInfo(m, (asset) => precisions.get(asset) ?? 8)),
      };
    },

    async depth(symbol: string, limit: number) {
      await market(symbol);
      const book = await spot.depth(symbol, limit);
      return { lastUpdateId: book.seq, bids: map.depthLevels(book.bids), asks: map.depthLevels(book.asks) };
    },

    async trades(symbol: string, limit: number) {
      await market(symbol);
      return (await spot.trades(symbol, limit)).reverse().map(map.trade);
    },

    async aggTrades(q: { symbol: string; limit: number; startTime?: number | undefined; endTime?: number | undefined }) {
      await market(q.symbol);
      const rows = (await spot.trades(q.symbol, 1000)).reverse().map(map.aggTrade);
      const inRange = rows.filter((r) => (q.startTime === undefined || r.T >= q.startTime) && (q.endTime === undefined || r.T <= q.endTime));
      return q.startTime !== undefined ? inRange.slice(0, q.limit) : inRange.slice(-q.limit);
    },

    /** The latest candles (at most 1000 back), narrowed to the asked time range. */
    async klines(q: { symbol: string; interval: KlineInterval; limit: number; startTime?: number | undefined; endTime?: number | undefined }) {
      await market(q.symbol);
      const rows = (await spot.klines(q.symbol, q.interval, 1000)).map((k) => map.klineRow(k, q.interval));
      const inRange = rows.filter((r) => (q.startTime === undefined || r[0] >= q.startTime) && (q.endTime === undefined || r[0] <= q.endTime));
      return q.startTime !== undefined ? inRange.slice(0, q.limit) : inRange.slice(-q.limit);
    },

    async ticker24h(params: { symbol?: string | undefined; symbols?: string | undefined }) {
      const list = await marketsOf(params);
      const tickers = spot.tickers();
      const now = clock.now().getTime();
      const rows = await Promise.all(
        list.map(async (m) => {
          const t = tickers.find((x) => x.symbol === m.symbol);
          if (!t) throw binanceErrors.invalidSymbol();
          const [last] = await spot.trades(m.symbol, 1);
          return map.ticker24h(t, await top(m.symbol), last?.quantity ?? '0', now);
        }),
      );
      return params.symbol ? rows[0] : rows;
    },

    async tickerPrice(params: { symbol?: string | undefined; symbols?: string | undefined }) {
      const list = await marketsOf(params);
      const tickers = spot.tickers();
      const rows = list.map((m) => ({ symbol: m.symbol, price: tickers.find((t) => t.symbol === m.symbol)?.last ?? '0' }));
      return params.symbol ? rows[0] : rows;
    },

    async bookTicker(params: { symbol?: string | undefined; symbols?: string | undefined }) {
      const rows = await Promise.all((await marketsOf(params)).map(async (m) => map.bookTicker(m.symbol, await top(m.symbol))));
      return params.symbol ? rows[0] : rows;
    },

    /** The caller's spot account: every asset with what is free and what is locked in orders. */
    async account(caller: { userId: number; canTrade: boolean }) {
      const overview = await assets.overview(String(caller.userId));
      const spotBook = overview.accounts.find((a) => a.accountType === 'spot');
      return {
        canTrade: caller.canTrade,
        canWithdraw: false,
        canDeposit: false,
        brokered: false,
        requireSelfTradePrevention: false,
        preventSor: false,
        updateTime: clock.now().getTime(),
        accountType: 'SPOT',
        balances: (spotBook?.balances ?? []).map((b) => ({ asset: b.asset, free: b.available, locked: b.frozen })),
        permissions: ['SPOT'],
        uid: caller.userId,
      };
    },

    async newOrder(userId: number, p: NewOrderParams) {
      const m = await market(p.symbol);
      const request = placeRequest(p);
      let order;
      try {
        order = await spot.place(userId, request);
      } catch (error) {
        if (error instanceof AppError) throw binanceErrors.orderRejected(reasonOf(error));
        throw error;
      }
      if (request.postOnly && order.status === SpotOrderStatus.enum.cancelled && !Decimal.parse(order.filledQuantity).isPositive()) {
        throw binanceErrors.orderRejected('Order would immediately match and take.');
      }
      const respType = p.newOrderRespType ?? (p.type === 'LIMIT_MAKER' ? 'ACK' : 'FULL');
      const fills = respType === 'FULL' ? fillsOf(await listAccountTrades(db, userId, { symbol: m.symbol, orderId: Number(order.orderId), limit: 1000, fromId: 0 }), m.quote) : [];
      return map.placedOrder({ ...order, postOnly: request.postOnly }, respType, fills);
    },

    async queryOrder(userId: number, ref: OrderRefParams) {
      await market(ref.symbol);
      const order = await orderOf(userId, ref);
      if (!order) throw binanceErrors.noSuchOrder();
      return map.queriedOrder(order);
    },

    async cancelOrder(userId: number, ref: OrderRefParams) {
      await market(ref.symbol);
      const order = await orderOf(userId, ref);
      if (!order || !map.isOpen(order)) throw binanceErrors.cancelRejected();
      let cancelled;
      try {
        cancelled = await spot.cancel(userId, ref.symbol, order.orderId);
      } catch (error) {
        if (error instanceof AppError) throw binanceErrors.cancelRejected();
        throw error;
      }
      return map.cancelledOrder({ ...cancelled, postOnly: order.postOnly }, order.clientOrderId, ref.newClientOrderId);
    },

    async openOrders(userId: number, symbol: string | undefined) {
      if (symbol) await market(symbol);
      return (await listAccountOrders(db, userId, { symbol, open: true, fromId: 0, limit: 1000 })).map(map.queriedOrder);
    },

    /** Cancels every open order of the caller in one market; none open is Binance's "unknown order". */
    async cancelOpenOrders(userId: number, symbol: string) {
      await market(symbol);
      const open = await listAccountOrders(db, userId, { symbol, open: true, fromId: 0, limit: 1000 });
      if (open.length === 0) throw binanceErrors.cancelRejected();
      const postOnly = new Map(open.map((o) => [o.orderId, o.postOnly]));
      const done = await spot.cancelAll(userId, symbol);
      return done.map((o) => map.cancelledOrder({ ...o, postOnly: postOnly.get(o.orderId) ?? false }, o.clientOrderId, undefined));
    },

    async allOrders(userId: number, q: AllOrdersParams) {
      await market(q.symbol);
      const rows = await listAccountOrders(db, userId, { symbol: q.symbol, fromId: q.orderId, startTime: optionalDate(q.startTime), endTime: optionalDate(q.endTime), limit: q.limit });
      return rows.map(map.queriedOrder);
    },

    async myTrades(userId: number, q: MyTradesParams) {
      const m = await market(q.symbol);
      const rows = await listAccountTrades(db, userId, {
        symbol: q.symbol,
        orderId: q.orderId,
        fromId: q.fromId,
        startTime: optionalDate(q.startTime),
        endTime: optionalDate(q.endTime),
        limit: q.limit,
      });
      return rows.map((t) => ({
        symbol: t.symbol,
        id: t.id,
        orderId: Number(t.orderId),
        orderListId: -1,
        price: t.price,
        qty: t.quantity,
        quoteQty: t.quoteQuantity,
        commission: t.fee,
        commissionAsset: m.quote,
        time: t.time.getTime(),
        isBuyer: t.side === 'buy',
        isMaker: t.isMaker,
        isBestMatch: true,
      }));
    },
  };
}

export type BinanceService = ReturnType<typeof createBinanceService>;
