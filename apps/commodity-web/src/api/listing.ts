import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Listing, ListingPage, ListingPath, ListingPick, PickPage, type CreateListingRequest, type ListingListRequest, type PickListRequest, type PickRequest } from '@tp/contract';
import { capitalKeys } from './bank';
import { api, queryClient } from './client';
import { warehouseKeys } from './warehouse';

export const listingKeys = {
  all: ['listing'] as const,
  market: (query: ListingListRequest) => [...listingKeys.all, 'market', query] as const,
  mine: (query: ListingListRequest) => [...listingKeys.all, 'mine', query] as const,
  picks: (query: PickListRequest) => [...listingKeys.all, 'picks', query] as const,
};

// A listing or pick moves funds and goods too: capital and holdings are refetched with it.
const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: listingKeys.all }), queryClient.invalidateQueries({ queryKey: warehouseKeys.all }), queryClient.invalidateQueries({ queryKey: capitalKeys.all })]);

export function useMarket(query: ListingListRequest) {
  return useQuery({ queryKey: listingKeys.market(query), queryFn: ({ signal }) => api.post(ListingPath.market, query, ListingPage, { signal }), placeholderData: keepPreviousData });
}

export function useMyListings(query: ListingListRequest) {
  return useQuery({ queryKey: listingKeys.mine(query), queryFn: ({ signal }) => api.post(ListingPath.mine, query, ListingPage, { signal }), placeholderData: keepPreviousData });
}

export function usePicks(query: PickListRequest) {
  return useQuery({ queryKey: listingKeys.picks(query), queryFn: ({ signal }) => api.post(ListingPath.picks, query, PickPage, { signal }), placeholderData: keepPreviousData });
}

export function useCreateListing() {
  return useMutation({ mutationFn: (body: CreateListingRequest) => api.post(ListingPath.create, body, Listing), onSuccess: refresh });
}

export function useCancelListing() {
  return useMutation({ mutationFn: (listingId: string) => api.post(ListingPath.cancel, { listingId }, Listing), onSuccess: refresh });
}

export function usePick() {
  return useMutation({ mutationFn: (body: PickRequest) => api.post(ListingPath.pick, body, ListingPick), onSuccess: refresh });
}

export function usePickAction(action: 'confirmPick' | 'refusePick' | 'cancelPick') {
  return useMutation({ mutationFn: (pickId: string) => api.post(ListingPath[action], { pickId }, ListingPick), onSuccess: refresh });
}
