import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AdminFuturesPositionPage, FuturesLiquidationPage, FuturesListing, FuturesPath, type FuturesListingStatus, type SaveFuturesListing } from '@tp/contract';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';

export const futuresKeys = {
  all: () => [...adminKeys.staff(), 'futures'] as const,
  listings: () => [...futuresKeys.all(), 'listings'] as const,
  positions: (page: number) => [...futuresKeys.all(), 'positions', page] as const,
  liquidations: (page: number) => [...futuresKeys.all(), 'liquidations', page] as const,
};

export const FUTURES_PAGE = 20;

export function useFuturesListings() {
  return useQuery({ queryKey: futuresKeys.listings(), queryFn: ({ signal }) => api.post(FuturesPath.adminListings, {}, FuturesListing.array(), { signal }) });
}

export function useOpenPositions(page: number) {
  return useQuery({
    queryKey: futuresKeys.positions(page),
    queryFn: ({ signal }) => api.post(FuturesPath.adminPositions, { page, size: FUTURES_PAGE }, AdminFuturesPositionPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLiquidations(page: number) {
  return useQuery({
    queryKey: futuresKeys.liquidations(page),
    queryFn: ({ signal }) => api.post(FuturesPath.adminLiquidations, { page, size: FUTURES_PAGE }, FuturesLiquidationPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: futuresKeys.listings() });

export function useSaveListing() {
  return useMutation({ mutationFn: (request: SaveFuturesListing) => api.post(FuturesPath.adminSave, request, FuturesListing), onSuccess: refresh });
}

export function useListingStatus() {
  return useMutation({ mutationFn: (request: { listingId: string; status: FuturesListingStatus }) => api.post(FuturesPath.adminStatus, request, FuturesListing), onSuccess: refresh });
}
