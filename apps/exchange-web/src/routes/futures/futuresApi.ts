import { useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  FuturesDealPage,
  FuturesListing,
  FuturesOrder,
  FuturesOrderPage,
  FuturesPath,
  FuturesPosition,
  FuturesSettlementPage,
  WsTopic,
  type PlaceFuturesOrder,
  type SetFuturesStops,
} from '@tp/contract';
import { identityKeys, useLiveTopics, useSession } from '@tp/web-kit';
import { api, queryClient } from '../../api/client';
import { assetKeys } from '../../api/assets';

/** Rows a page of the entrustment, deal and settlement tables shows. */
export const FUTURES_PAGE = 10;
/** The mark follows the spot market; the listings (with their marks) and positions are read again this often. */
const MARK_REFRESH_MS = 2_000;

export const futuresKeys = {
  listings: () => ['futures', 'listings'] as const,
  mine: () => [...identityKeys.user(), 'futures'] as const,
  positions: () => [...futuresKeys.mine(), 'positions'] as const,
  orders: (open: boolean, page: number) => [...futuresKeys.mine(), 'orders', open, page] as const,
  deals: (page: number) => [...futuresKeys.mine(), 'deals', page] as const,
  settlements: (page: number) => [...futuresKeys.mine(), 'settlements', page] as const,
};

export function useFuturesListings() {
  return useQuery({
    queryKey: futuresKeys.listings(),
    queryFn: ({ signal }) => api.get(FuturesPath.listings, undefined, FuturesListing.array(), { signal }),
    refetchInterval: MARK_REFRESH_MS,
  });
}

export function usePositions() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: futuresKeys.positions(),
    queryFn: ({ signal }) => api.post(FuturesPath.positions, {}, FuturesPosition.array(), { signal }),
    enabled: isLoggedIn,
    refetchInterval: MARK_REFRESH_MS,
  });
}

export function useFuturesOrders(open: boolean, page: number) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: futuresKeys.orders(open, page),
    queryFn: ({ signal }) => api.post(FuturesPath.orders, { ...(open ? { open: true } : {}), page, size: FUTURES_PAGE }, FuturesOrderPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

export function useDeals(page: number) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: futuresKeys.deals(page),
    queryFn: ({ signal }) => api.post(FuturesPath.deals, { page, size: FUTURES_PAGE }, FuturesDealPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

export function useSettlements(page: number) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: futuresKeys.settlements(page),
    queryFn: ({ signal }) => api.post(FuturesPath.settlements, { page, size: FUTURES_PAGE }, FuturesSettlementPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

/** Positions, entrustments and the contract balance move together: all are read again. */
function refreshMine() {
  void queryClient.invalidateQueries({ queryKey: futuresKeys.mine() });
  void queryClient.invalidateQueries({ queryKey: assetKeys.overview() });
}

export function usePlaceFuturesOrder() {
  return useMutation({ mutationFn: (request: PlaceFuturesOrder) => api.post(FuturesPath.place, request, FuturesOrder), onSuccess: refreshMine });
}

export function useCancelFuturesOrder() {
  return useMutation({ mutationFn: (orderId: string) => api.post(FuturesPath.cancel, { orderId }, FuturesOrder), onSuccess: refreshMine });
}

export function useSetStops() {
  return useMutation({ mutationFn: (request: SetFuturesStops) => api.post(FuturesPath.stops, request, FuturesPosition), onSuccess: refreshMine });
}

/** The server pushes on the user's topic when an entrustment fills or a stop or compulsory closing closes a position. */
export function useFuturesStream(): void {
  const { session } = useSession();
  const userId = session?.userId;
  const topics = useMemo(() => (userId ? [WsTopic.user(userId)] : []), [userId]);
  useLiveTopics(
    topics,
    (push) => {
      if (push.type === 'order' && typeof push.data === 'object' && push.data !== null && 'futures' in push.data) refreshMine();
    },
    refreshMine,
  );
}
