import { useMutation, useQuery } from '@tanstack/react-query';
import { DepthSnapshot, RiskDisclosureStatus, SpotMarket, SpotOrder, SpotOrderPage, SpotPath, SpotTrade, type PlaceOrderRequest } from '@tp/contract';
import { identityKeys, useSession } from '@tp/web-kit';
import { assetKeys } from './assets';
import { api, queryClient } from './client';

/** How often the book and trades are read again while the page is open. */
const MARKET_REFRESH_MS = 1_000;

export const spotKeys = {
  markets: () => ['spot', 'markets'] as const,
  depth: (symbol: string) => ['spot', 'depth', symbol] as const,
  trades: (symbol: string) => ['spot', 'trades', symbol] as const,
  orders: () => [...identityKeys.user(), 'spot'] as const,
  open: (symbol: string) => [...spotKeys.orders(), 'open', symbol] as const,
  history: (symbol: string) => [...spotKeys.orders(), 'history', symbol] as const,
};

export function useSpotMarkets() {
  return useQuery({ queryKey: spotKeys.markets(), queryFn: ({ signal }) => api.get(SpotPath.markets, undefined, SpotMarket.array(), { signal }), staleTime: 60_000 });
}

export function useDepth(symbol: string) {
  return useQuery({
    queryKey: spotKeys.depth(symbol),
    queryFn: ({ signal }) => api.get(SpotPath.depth, { symbol, limit: 15 }, DepthSnapshot, { signal }),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useTrades(symbol: string) {
  return useQuery({
    queryKey: spotKeys.trades(symbol),
    queryFn: ({ signal }) => api.get(SpotPath.trades, { symbol, limit: 50 }, SpotTrade.array(), { signal }),
    refetchInterval: MARKET_REFRESH_MS,
  });
}

export function useOpenOrders(symbol: string) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: spotKeys.open(symbol),
    queryFn: ({ signal }) => api.post(SpotPath.openOrders, { symbol }, SpotOrder.array(), { signal }),
    enabled: isLoggedIn,
    refetchInterval: 3_000,
  });
}

export function useOrderHistory(symbol: string) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: spotKeys.history(symbol),
    queryFn: ({ signal }) => api.post(SpotPath.history, { symbol, page: 0, size: 20 }, SpotOrderPage, { signal }),
    enabled: isLoggedIn,
  });
}

function refreshAfterOrder(symbol: string) {
  void queryClient.invalidateQueries({ queryKey: spotKeys.orders() });
  void queryClient.invalidateQueries({ queryKey: spotKeys.depth(symbol) });
  void queryClient.invalidateQueries({ queryKey: spotKeys.trades(symbol) });
  void queryClient.invalidateQueries({ queryKey: assetKeys.overview() });
}

export function usePlaceOrder(symbol: string) {
  return useMutation({
    mutationFn: (request: PlaceOrderRequest) => api.post(SpotPath.place, request, SpotOrder),
    onSuccess: () => refreshAfterOrder(symbol),
  });
}

export function useCancelOrder(symbol: string) {
  return useMutation({
    mutationFn: (orderId: string) => api.post(SpotPath.cancel, { symbol, orderId }, SpotOrder),
    onSuccess: () => refreshAfterOrder(symbol),
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
