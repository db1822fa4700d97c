import { useMemo } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  DepthSnapshot,
  Kline,
  RiskDisclosureStatus,
  SpotMarket,
  SpotOrder,
  SpotMyTradePage,
  SpotOrderPage,
  SpotPath,
  SpotTrade,
  Ticker24h,
  TimeSharingPoint,
  WsTopic,
  type DepthUpdate,
  type KlineInterval,
  type KlineUpdate,
  type PlaceOcoRequest,
  type PlaceOrderRequest,
  type WsPush,
} from '@tp/contract';
import { identityKeys, useLiveTopics, useSession } from '@tp/web-kit';
import { applyDepth, mergeKline, mergeTrades, TRADES_KEPT } from '../routes/trade/market-state';
import { assetKeys } from './assets';
import { api, queryClient } from './client';

/** Levels kept from the snapshot; the page shows the best ones, grouped or not. */
const DEPTH_LEVELS = 100;

export const spotKeys = {
  markets: () => ['spot', 'markets'] as const,
  depth: (symbol: string) => ['spot', 'depth', symbol] as const,
  trades: (symbol: string) => ['spot', 'trades', symbol] as const,
  tickers: () => ['spot', 'tickers'] as const,
  klines: (symbol: string, interval?: KlineInterval) => (interval ? (['spot', 'klines', symbol, interval] as const) : (['spot', 'klines', symbol] as const)),
  timeSharing: (symbol: string) => ['spot', 'timeSharing', symbol] as const,
  orders: () => [...identityKeys.user(), 'spot'] as const,
  open: (symbol: string) => [...spotKeys.orders(), 'open', symbol] as const,
  history: (symbol: string, page = 0) => [...spotKeys.orders(), 'history', symbol, page] as const,
  myTrades: (symbol: string, page = 0) => [...spotKeys.orders(), 'myTrades', symbol, page] as const,
};

/** Rows per page of the order history and the trades tab. */
export const ORDERS_PAGE = 20;

export function useSpotMarkets() {
  return useQuery({ queryKey: spotKeys.markets(), queryFn: ({ signal }) => api.get(SpotPath.markets, undefined, SpotMarket.array(), { signal }), staleTime: 60_000 });
}

export function useDepth(symbol: string) {
  return useQuery({
    queryKey: spotKeys.depth(symbol),
    queryFn: ({ signal }) => api.get(SpotPath.depth, { symbol, limit: DEPTH_LEVELS }, DepthSnapshot, { signal }),
    staleTime: Infinity,
  });
}

export function useTrades(symbol: string) {
  return useQuery({
    queryKey: spotKeys.trades(symbol),
    queryFn: ({ signal }) => api.get(SpotPath.trades, { symbol, limit: TRADES_KEPT }, SpotTrade.array(), { signal }),
    staleTime: Infinity,
  });
}

export function useTickers() {
  return useQuery({ queryKey: spotKeys.tickers(), queryFn: ({ signal }) => api.get(SpotPath.ticker, undefined, Ticker24h.array(), { signal }), staleTime: Infinity });
}

export function useKlines(symbol: string, interval: KlineInterval) {
  return useQuery({
    queryKey: spotKeys.klines(symbol, interval),
    queryFn: ({ signal }) => api.get(SpotPath.klines, { symbol, interval, limit: 500 }, Kline.array(), { signal }),
    staleTime: Infinity,
  });
}

export function useTimeSharing(symbol: string) {
  return useQuery({
    queryKey: spotKeys.timeSharing(symbol),
    queryFn: ({ signal }) => api.get(SpotPath.timeSharing, { symbol }, TimeSharingPoint.array(), { signal }),
    staleTime: Infinity,
  });
}

/** Applies one push to the cached market data; a lost book change reloads the book. */
function applyPush(symbol: string, push: WsPush): void {
  if (push.type === 'depth' && push.topic === WsTopic.of('depth', symbol)) {
    const update = push.data as DepthUpdate;
    const book = queryClient.getQueryData<DepthSnapshot>(spotKeys.depth(symbol));
    if (!book) return;
    const next = applyDepth(book, update);
    if (next === 'gap') void queryClient.invalidateQueries({ queryKey: spotKeys.depth(symbol) });
    else if (next !== book) queryClient.setQueryData(spotKeys.depth(symbol), next);
  } else if (push.type === 'trade' && push.topic === WsTopic.of('trade', symbol)) {
    queryClient.setQueryData<SpotTrade[]>(spotKeys.trades(symbol), (current) => (current ? mergeTrades(current, push.data as SpotTrade[]) : current));
  } else if (push.type === 'kline' && push.topic === WsTopic.of('kline', symbol)) {
    const { klines } = push.data as KlineUpdate;
    for (const [interval, candle] of Object.entries(klines) as [KlineInterval, Kline][]) {
      queryClient.setQueryData<Kline[]>(spotKeys.klines(symbol, interval), (current) => (current ? mergeKline(current, candle) : current));
    }
    const minute = klines['1m'];
    const line = queryClient.getQueryData<TimeSharingPoint[]>(spotKeys.timeSharing(symbol));
    if (minute && line) {
      // The running average needs the whole day: a new minute reloads the line, the current one moves its price.
      if (line.at(-1)?.time === minute.belongTime) queryClient.setQueryData(spotKeys.timeSharing(symbol), [...line.slice(0, -1), { ...line.at(-1)!, price: minute.closePrice, volume: minute.volume }]);
      else void queryClient.invalidateQueries({ queryKey: spotKeys.timeSharing(symbol) });
    }
  } else if (push.type === 'ticker') {
    const ticker = push.data as Ticker24h;
    queryClient.setQueryData<Ticker24h[]>(spotKeys.tickers(), (current) => current?.map((t) => (t.symbol === ticker.symbol ? ticker : t)));
  } else if (push.type === 'order') {
    void queryClient.invalidateQueries({ queryKey: spotKeys.orders() });
    void queryClient.invalidateQueries({ queryKey: assetKeys.overview() });
  }
}

/**
 * Keeps the trading page live over one WebSocket: the market's book, trades and candles, every
 * market's ticker and, when logged in, the user's orders and balances. After a reconnect every
 * snapshot is reloaded.
 */
export function useMarketStream(symbol: string): void {
  const { session } = useSession();
  const userId = session?.userId;
  const topics = useMemo(
    () => [WsTopic.of('depth', symbol), WsTopic.of('trade', symbol), WsTopic.of('kline', symbol), WsTopic.of('ticker', '*'), ...(userId ? [WsTopic.user(userId)] : [])],
    [symbol, userId],
  );
  useLiveTopics(
    topics,
    (push) => applyPush(symbol, push),
    () => {
      void queryClient.invalidateQueries({ queryKey: ['spot'] });
      void queryClient.invalidateQueries({ queryKey: spotKeys.orders() });
    },
  );
}

export function useOpenOrders(symbol: string) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: spotKeys.open(symbol),
    queryFn: ({ signal }) => api.post(SpotPath.openOrders, { symbol }, SpotOrder.array(), { signal }),
    enabled: isLoggedIn,
  });
}

export function useOrderHistory(symbol: string, page = 0) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: spotKeys.history(symbol, page),
    queryFn: ({ signal }) => api.post(SpotPath.history, { symbol, page, size: ORDERS_PAGE }, SpotOrderPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: (previous) => previous,
  });
}

/** The user's own fills in one market, newest first. */
export function useMyTrades(symbol: string, page = 0) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: spotKeys.myTrades(symbol, page),
    queryFn: ({ signal }) => api.post(SpotPath.myTrades, { symbol, page, size: ORDERS_PAGE }, SpotMyTradePage, { signal }),
    enabled: isLoggedIn,
    placeholderData: (previous) => previous,
  });
}

/** The book and trades arrive over the stream; the user's own orders and balances are read again at once. */
function refreshAfterOrder() {
  void queryClient.invalidateQueries({ queryKey: spotKeys.orders() });
  void queryClient.invalidateQueries({ queryKey: assetKeys.overview() });
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: (request: PlaceOrderRequest) => api.post(SpotPath.place, request, SpotOrder),
    onSuccess: refreshAfterOrder,
  });
}

export function usePlaceOco() {
  return useMutation({
    mutationFn: (request: PlaceOcoRequest) => api.post(SpotPath.placeOco, request, SpotOrder.array()),
    onSuccess: refreshAfterOrder,
  });
}

/** Cancels every open order in one market, or (no symbol) in every market. */
export function useCancelAll() {
  return useMutation({
    mutationFn: (symbol: string | undefined) => api.post(SpotPath.cancelAll, symbol ? { symbol } : {}, SpotOrder.array()),
    onSuccess: refreshAfterOrder,
  });
}

export function useCancelOrder(symbol: string) {
  return useMutation({
    mutationFn: (orderId: string) => api.post(SpotPath.cancel, { symbol, orderId }, SpotOrder),
    onSuccess: refreshAfterOrder,
  });
}

export function useRiskDisclosure() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: [...spotKeys.orders(), 'riskDisclosure'],
    queryFn: ({ signal }) => api.post(SpotPath.riskDisclosure, {}, RiskDisclosureStatus, { signal }),
    enabled: isLoggedIn,
  });
}

export function useAcceptRiskDisclosure() {
  return useMutation({
    mutationFn: (version: string) => api.post(SpotPath.acceptRiskDisclosure, { version }, RiskDisclosureStatus),
    onSuccess: (status) => queryClient.setQueryData([...spotKeys.orders(), 'riskDisclosure'], status),
  });
}
