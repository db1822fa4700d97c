import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminDefaultPage,
  AdminListingPath,
  CatalogPath,
  CommodityType,
  ListingDetail,
  ListingDetailPage,
  ListingFeeSettings,
  SandboxClock,
  SandboxJobResult,
  type AdminDefaultListRequest,
  type AdminListingAuditRequest,
  type AdminListingListRequest,
  type AdminOffShelfRequest,
  type SandboxRunJobRequest,
} from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

export const listingKeys = {
  all: () => [...adminKeys.staff(), 'listing'] as const,
  listings: (request: AdminListingListRequest) => [...listingKeys.all(), 'listings', request] as const,
  defaults: (request: AdminDefaultListRequest) => [...listingKeys.all(), 'defaults', request] as const,
  fees: () => [...listingKeys.all(), 'fees'] as const,
  /** Outside `all`, so refreshing the lists never asks a production server for its sandbox again. */
  sandbox: () => [...adminKeys.staff(), 'listing-sandbox'] as const,
  commodityTypes: () => ['catalog', 'commodityTypes'] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: listingKeys.all() });

export function useAdminListings(request: AdminListingListRequest) {
  return useQuery({ queryKey: listingKeys.listings(request), queryFn: ({ signal }) => api.post(AdminListingPath.list, request, ListingDetailPage, { signal }), placeholderData: keepPreviousData });
}

export function useAdminDefaults(request: AdminDefaultListRequest) {
  return useQuery({ queryKey: listingKeys.defaults(request), queryFn: ({ signal }) => api.post(AdminListingPath.defaults, request, AdminDefaultPage, { signal }), placeholderData: keepPreviousData });
}

export const useAuditListing = () => useMutation({ mutationFn: (body: AdminListingAuditRequest) => api.post(AdminListingPath.audit, body, ListingDetail), onSuccess: refresh });
export const useForceOffShelf = () => useMutation({ mutationFn: (body: AdminOffShelfRequest) => api.post(AdminListingPath.offShelf, body, ListingDetail), onSuccess: refresh });

export function useFeeSettings() {
  return useQuery({ queryKey: listingKeys.fees(), queryFn: ({ signal }) => api.post(AdminListingPath.feeSettings, {}, ListingFeeSettings, { signal }) });
}

export function useSaveFeeSettings() {
  return useMutation({
    mutationFn: (body: ListingFeeSettings) => api.post(AdminListingPath.saveFeeSettings, body, ListingFeeSettings),
    onSuccess: (saved) => queryClient.setQueryData(listingKeys.fees(), saved),
  });
}

/**
 * The sandbox clock answers only outside production: moving it by 0 hours reads it, and a refusal
 * means the sandbox is off, so the panel stays hidden and the clock is not asked again.
 */
export function useSandboxClock() {
  return useQuery({
    queryKey: listingKeys.sandbox(),
    queryFn: ({ signal }) => api.post(AdminListingPath.sandboxClock, { advanceHours: 0 }, SandboxClock, { signal }),
    retry: false,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data ? 30_000 : false),
  });
}

export function useAdvanceClock() {
  return useMutation({
    mutationFn: (advanceHours: number) => api.post(AdminListingPath.sandboxClock, { advanceHours }, SandboxClock),
    onSuccess: (clock) => {
      queryClient.setQueryData(listingKeys.sandbox(), clock);
      return refresh();
    },
  });
}
export const useRunJob = () => useMutation({ mutationFn: (body: SandboxRunJobRequest) => api.post(AdminListingPath.sandboxRunJob, body, SandboxJobResult), onSuccess: refresh });

const CommodityTypes = z.array(CommodityType);

/** The public catalogue, for the commodity names in filters and the per-commodity fee rows. */
export function useCommodityTypes() {
  return useQuery({ queryKey: listingKeys.commodityTypes(), queryFn: ({ signal }) => api.get(CatalogPath.commodityTypes, undefined, CommodityTypes, { signal }), staleTime: 10 * 60_000 });
}
