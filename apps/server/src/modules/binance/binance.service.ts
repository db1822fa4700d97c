import { Decimal } from '@tp/decimal';
import { SpotOrderStatus, type KlineInterval, type PlaceOcoRequest, type PlaceOrderRequest, type SpotMarket } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/http/index';
import { render } from '../../platform/i18n/index';
import type { AssetService } from '../asset/index';
import type { WalletService } from '../wallet/index';
import { findAccountOrder, listAccountOrders, listAccountTrades, type AccountOrder, type AccountTrade, type SpotService } from '../spot/index';
import { binanceErrors } from './binance.errors';
import * as map from './binance.mapping';
import type { AllOrdersParams, CoinHistoryParams, LegacyOcoParams, MyTradesParams, NewOrderParams, OcoListParams, OrderListRefParams, OrderRefParams } from './binance.schemas';

export interface BinanceServiceDeps {
  db: Db;
  clock: Clock;
  spot: Pick<SpotService, 'markets' | 'depth' | 'trades' | 'tickers' | 'klines' | 'place' | 'placeOco' | 'cancel' | 'cancelAll'>;
  assets: Pick<AssetService, 'list' | 'overview'>;
  /** Deposit addresses and the deposit and withdrawal records, as the wallet keeps them. */
  wallet: Pick<WalletService, 'depositAddress' | 'deposits' | 'withdrawals'>;
}

/** Refusals from the spot service keep their words, in English as Binance's are. */
const reasonOf = (error: AppError) => render(error.text, 'en', error.params);

const optionalDate = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms));

/** The programmatic API over the spot market, in Binance spot API v3's terms. */
export function createBinanceService({ db, clock, spot, assets, wallet }: BinanceServiceDeps) {
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
    const base = { symbol: p.symbol, side, clientOrderId: p.newClientOrderId, stpMode: p.selfTradePreventionMode } as const;
    const amount = (value: string) => Decimal.parse(value).toString();
    if (p.type === 'MARKET' || p.type === 'STOP_LOSS' || p.type === 'TAKE_PROFIT') {
      if (p.price !== undefined) throw binanceErrors.notRequired('price');
      if (p.timeInForce !== undefined) throw binanceErrors.notRequired('timeInForce');
      if (p.type === 'MARKET' && p.stopPrice !== undefined) throw binanceErrors.notRequired('stopPrice');
      const stop = p.type === 'MARKET' ? undefined : stopOf(p.type, side, p.stopPrice);
      const type = stop ? 'stop_market' : 'market';
      if (side === 'buy' && p.quoteOrderQty !== undefined) {
        if (p.quantity !== undefined) throw binanceErrors.notRequired('quantity');
        return { ...base, ...stop, type, quoteAmount: amount(p.quoteOrderQty), timeInForce: 'IOC', postOnly: false };
      }
      if (p.quoteOrderQty !== undefined) throw binanceErrors.notRequired('quoteOrderQty');
      if (p.quantity === undefined) throw binanceErrors.mandatory('quantity');
      return { ...base, ...stop, type, quantity: amount(p.quantity), timeInForce: 'IOC', postOnly: false };
    }
    if (p.quoteOrderQty !== undefined) throw binanceErrors.notRequired('quoteOrderQty');
    if (p.price === undefined) throw binanceErrors.mandatory('price');
    if (p.quantity === undefined) throw binanceErrors.mandatory('quantity');
    const limit = { ...base, price: amount(p.price), quantity: amount(p.quantity) } as const;
    if (p.type === 'LIMIT_MAKER') {
      if (p.timeInForce !== undefined) throw binanceErrors.notRequired('timeInForce');
      return { ...limit, type: 'limit', timeInForce: 'GTC', postOnly: true };
    }
    if (p.timeInForce === undefined) throw binanceErrors.mandatory('timeInForce');
    if (p.type === 'LIMIT') {
      if (p.stopPrice !== undefined) throw binanceErrors.notRequired('stopPrice');
      return { ...limit, type: 'limit', timeInForce: p.timeInForce, postOnly: false };
    }
    return { ...limit, ...stopOf(p.type, side, p.stopPrice), type: 'stop_limit', timeInForce: p.timeInForce, postOnly: false };
  }

  /**
   * A stop-loss fires against the position: a sell when the price falls to the stop, a buy when it
   * rises to it; a take-profit the other way round.
   */
  function stopOf(type: string, side: 'buy' | 'sell', stopPrice: string | undefined) {
    if (stopPrice === undefined) throw binanceErrors.mandatory('stopPrice');
    const stopLoss = type.startsWith('STOP_LOSS');
    const trigger = stopLoss === (side === 'sell') ? 'down' : 'up';
    return { stopPrice: Decimal.parse(stopPrice).toString(), trigger } as const;
  }

  /** Runs a call into another module; its refusals become Binance's -2010 with their words (in English). */
  async function refused<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError) throw binanceErrors.orderRejected(reasonOf(error));
      throw error;
    }
  }

  /** Places an OCO pair (limit order + stop order) and answers with Binance's order list. */
  async function placeOco(userId: number, request: PlaceOcoRequest) {
    await market(request.symbol);
    const orders = await refused(() => spot.placeOco(userId, request));
    return map.orderList(orders, orders.map((o) => map.placedOrder(o, 'RESULT', [])), clock.now().getTime());
  }

  async function listOrders(userId: number, symbol: string, listId: number): Promise<AccountOrder[]> {
    const all = await listAccountOrders(db, userId, { symbol, fromId: listId, limit: 10 });
    return all.filter((o) => o.listId === String(listId));
  }

  return {
    time: () => ({ serverTime: clock.now().getTime() }),

    /** An exchange information answer without symbols, for the futures APIs the platform does not serve. */
    noFutures: () => ({ timezone: 'UTC', serverTime: clock.now().getTime(), futuresType: 'U_MARGINED', rateLimits: [], exchangeFilters: [], assets: [], symbols: [] }),

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
      const order = await refused(() => spot.place(userId, request));
      if (request.postOnly && order.status === SpotOrderStatus.enum.cancelled && !Decimal.parse(order.filledQuantity).isPositive()) {
        throw binanceErrors.orderRejected('Order would immediately match and take.');
      }
      const respType = p.newOrderRespType ?? (p.type === 'LIMIT_MAKER' ? 'ACK' : 'FULL');
      const fills = respType === 'FULL' ? fillsOf(await listAccountTrades(db, userId, { symbol: m.symbol, orderId: Number(order.orderId), limit: 1000, fromId: 0 }), m.quote) : [];
      return map.placedOrder(order, respType, fills);
    },

    /** `orderList/oco`: a LIMIT_MAKER on one side of the price and a STOP_LOSS(_LIMIT) on the other, as Binance pairs them. */
    async newOcoList(userId: number, p: OcoListParams) {
      const side = p.side === 'BUY' ? 'buy' : 'sell';
      // A sell takes profit above and stops the loss below; a buy the other way round.
      const [limitAt, stopAt] = side === 'sell' ? (['above', 'below'] as const) : (['below', 'above'] as const);
      const leg = (at: 'above' | 'below') =>
        at === 'above'
          ? { type: p.aboveType, price: p.abovePrice, stopPrice: p.aboveStopPrice, clientOrderId: p.aboveClientOrderId }
          : { type: p.belowType, price: p.belowPrice, stopPrice: p.belowStopPrice, clientOrderId: p.belowClientOrderId };
      const limit = leg(limitAt);
      const stop = leg(stopAt);
      if (limit.type !== 'LIMIT_MAKER' || (stop.type !== 'STOP_LOSS' && stop.type !== 'STOP_LOSS_LIMIT')) throw binanceErrors.invalidOrderType();
      if (limit.price === undefined) throw binanceErrors.mandatory(`${limitAt}Price`);
      if (stop.stopPrice === undefined) throw binanceErrors.mandatory(`${stopAt}StopPrice`);
      if (stop.type === 'STOP_LOSS_LIMIT' && stop.price === undefined) throw binanceErrors.mandatory(`${stopAt}Price`);
      if (stop.type === 'STOP_LOSS' && stop.price !== undefined) throw binanceErrors.notRequired(`${stopAt}Price`);
      const clientOrderId = limit.clientOrderId ?? p.listClientOrderId;
      return placeOco(userId, {
        symbol: p.symbol,
        side,
        quantity: Decimal.parse(p.quantity).toString(),
        price: Decimal.parse(limit.price).toString(),
        stopPrice: Decimal.parse(stop.stopPrice).toString(),
        ...(stop.type === 'STOP_LOSS_LIMIT' && stop.price !== undefined ? { stopLimitPrice: Decimal.parse(stop.price).toString() } : {}),
        ...(p.selfTradePreventionMode ? { stpMode: p.selfTradePreventionMode } : {}),
        ...(clientOrderId ? { clientOrderId } : {}),
        ...(stop.clientOrderId ? { stopClientOrderId: stop.clientOrderId } : {}),
      });
    },

    /** The older `order/oco`: a limit order at `price`, a stop order at `stopPrice` (stop-limit at `stopLimitPrice`). */
    async newLegacyOco(userId: number, p: LegacyOcoParams) {
      if (p.stopLimitPrice !== undefined && p.stopLimitTimeInForce === undefined) throw binanceErrors.mandatory('stopLimitTimeInForce');
      const clientOrderId = p.limitClientOrderId ?? p.listClientOrderId;
      return placeOco(userId, {
        symbol: p.symbol,
        side: p.side === 'BUY' ? 'buy' : 'sell',
        quantity: Decimal.parse(p.quantity).toString(),
        price: Decimal.parse(p.price).toString(),
        stopPrice: Decimal.parse(p.stopPrice).toString(),
        ...(p.stopLimitPrice !== undefined ? { stopLimitPrice: Decimal.parse(p.stopLimitPrice).toString() } : {}),
        ...(p.selfTradePreventionMode ? { stpMode: p.selfTradePreventionMode } : {}),
        ...(clientOrderId ? { clientOrderId } : {}),
        ...(p.stopClientOrderId ? { stopClientOrderId: p.stopClientOrderId } : {}),
      });
    },

    /** Cancels an OCO pair (both orders) by its list id or its limit order's client id. */
    async cancelOrderList(userId: number, ref: OrderListRefParams) {
      await market(ref.symbol);
      if (ref.orderListId === undefined && ref.listClientOrderId === undefined) throw binanceErrors.eitherOf('orderListId', 'listClientOrderId');
      const first = await findAccountOrder(db, userId, ref.symbol, ref.orderListId !== undefined ? { orderId: ref.orderListId } : { clientOrderId: ref.listClientOrderId });
      const listId = first?.listId;
      if (!listId) throw binanceErrors.cancelRejected();
      const open = (await listOrders(userId, ref.symbol, Number(listId))).find(map.isOpen);
      if (!open) throw binanceErrors.cancelRejected();
      try {
        await spot.cancel(userId, ref.symbol, open.orderId);
      } catch (error) {
        if (error instanceof AppError) throw binanceErrors.cancelRejected();
        throw error;
      }
      const after = await listOrders(userId, ref.symbol, Number(listId));
      return map.orderList(after, after.map((o) => map.cancelledOrder(o, o.clientOrderId, undefined)), clock.now().getTime());
    },

    /** Every market's maker and taker fee rates (`sapi/v1/asset/tradeFee`). */
    async tradeFees(symbol: string | undefined) {
      const list = symbol ? [await market(symbol)] : await spot.markets();
      return list.map((m) => ({ symbol: m.symbol, makerCommission: m.makerFee, takerCommission: m.takerFee }));
    },

    /** The caller's coins, each on its one network (`sapi/v1/capital/config/getall`). */
    async coins(userId: number) {
      const overview = await assets.overview(String(userId));
      const balances = overview.accounts.find((a) => a.accountType === 'spot')?.balances ?? [];
      return (await assets.list()).map((a) => map.coin(a, balances.find((b) => b.asset === a.code)));
    },

    /** The caller's deposit address for a coin, from the wallet (`sapi/v1/capital/deposit/address`). */
    async depositAddress(userId: number, coin: string, network: string | undefined) {
      const address = await refused(() => wallet.depositAddress(userId, coin));
      if (network !== undefined && network !== address.chain) throw binanceErrors.orderRejected('Network is not supported for this coin.');
      return { coin: address.asset, address: address.address, tag: '', url: '' };
    },

    /** `sapi/v1/capital/deposit/hisrec`, newest first. */
    async deposits(userId: number, q: CoinHistoryParams) {
      const page = await refused(() => wallet.deposits(userId, { asset: q.coin, page: 0, size: Math.min(q.offset + q.limit, 1000) }));
      return page.content.slice(q.offset).map(map.deposit);
    },

    /** `sapi/v1/capital/withdraw/history`, newest first, in Binance's status numbers. */
    async withdrawals(userId: number, q: CoinHistoryParams) {
      const page = await refused(() => wallet.withdrawals(userId, { asset: q.coin, page: 0, size: Math.min(q.offset + q.limit, 1000) }));
      return page.content.slice(q.offset).map(map.withdrawal);
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
      return map.cancelledOrder(cancelled, order.clientOrderId, ref.newClientOrderId);
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
      const done = await spot.cancelAll(userId, symbol);
      return done.map((o) => map.cancelledOrder(o, o.clientOrderId, undefined));
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
