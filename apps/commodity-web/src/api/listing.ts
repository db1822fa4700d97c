import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  BargainPage,
  Bargain,
  InvoiceUpload,
  Listing,
  ListingApiPath,
  ListingDetail,
  ListingDetailPage,
  ListingPath,
  ListingPickDetail,
  ListingPickDetailPage,
  PickHistory,
  PickInvoice,
  type BargainCounterRequest,
  type BargainListRequest,
  type BargainOfferRequest,
  type CreateListingRequest,
  type MarginListingRequest,
  type MarketQuery,
  type OpenInvoiceRequest,
  type PayBalanceRequest,
  type PickAllRequest,
  type PickListQuery,
  type PickRequest,
  type PickSellRequest,
  type PurchaseListingRequest,
  type StockInRequest,
  type TopRequest,
} from '@tp/contract';
import { capitalKeys } from './bank';
import { api, queryClient } from './client';
import { warehouseKeys } from './warehouse';

export const listingKeys = {
  all: ['listing'] as const,
  market: (query: MarketQuery) => [...listingKeys.all, 'market', query] as const,
  purchases: (query: MarketQuery) => [...listingKeys.all, 'purchases', query] as const,
  mine: (query: MarketQuery) => [...listingKeys.all, 'mine', query] as const,
  detail: (listingId: string) => [...listingKeys.all, 'detail', listingId] as const,
  picks: (query: PickListQuery) => [...listingKeys.all, 'picks', query] as const,
  pick: (pickId: string) => [...listingKeys.all, 'pick', pickId] as const,
  history: (pickId: string) => [...listingKeys.all, 'history', pickId] as const,
  invoice: (pickId: string) => [...listingKeys.all, 'invoice', pickId] as const,
  bargains: (query: BargainListRequest) => [...listingKeys.all, 'bargains', query] as const,
};

// A listing, pick or payment moves funds and goods too: capital and holdings are refetched with it.
const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: listingKeys.all }), queryClient.invalidateQueries({ queryKey: warehouseKeys.all }), queryClient.invalidateQueries({ queryKey: capitalKeys.all })]);

export function useMarket(query: MarketQuery, enabled = true) {
  return useQuery({ queryKey: listingKeys.market(query), queryFn: ({ signal }) => api.post(ListingPath.market, query, ListingDetailPage, { signal }), placeholderData: keepPreviousData, enabled });
}

export function usePurchases(query: MarketQuery, enabled = true) {
  return useQuery({ queryKey: listingKeys.purchases(query), queryFn: ({ signal }) => api.post(ListingApiPath.purchases, query, ListingDetailPage, { signal }), placeholderData: keepPreviousData, enabled });
}

export function useMyListings(query: MarketQuery) {
  return useQuery({ queryKey: listingKeys.mine(query), queryFn: ({ signal }) => api.post(ListingPath.mine, query, ListingDetailPage, { signal }), placeholderData: keepPreviousData });
}

export function useListingDetail(listingId: string | undefined) {
  return useQuery({
    queryKey: listingKeys.detail(listingId ?? ''),
    queryFn: ({ signal }) => api.post(ListingApiPath.detail, { listingId }, ListingDetail, { signal }),
    enabled: Boolean(listingId && /^\d{1,18}$/.test(listingId)),
  });
}

/** One listing, from the cache when fresh: for work outside components (e.g. a confirmation's amount). */
export function fetchListingDetail(listingId: string) {
  return queryClient.fetchQuery({ queryKey: listingKeys.detail(listingId), queryFn: ({ signal }) => api.post(ListingApiPath.detail, { listingId }, ListingDetail, { signal }), staleTime: 5_000 });
}

export function usePicks(query: PickListQuery) {
  return useQuery({ queryKey: listingKeys.picks(query), queryFn: ({ signal }) => api.post(ListingPath.picks, query, ListingPickDetailPage, { signal }), placeholderData: keepPreviousData });
}

export function usePickDetail(pickId: string | undefined) {
  return useQuery({ queryKey: listingKeys.pick(pickId ?? ''), queryFn: ({ signal }) => api.post(ListingPath.pickDetail, { pickId }, ListingPickDetail, { signal }), enabled: Boolean(pickId) });
}

export function usePickHistory(pickId: string | undefined) {
  return useQuery({ queryKey: listingKeys.history(pickId ?? ''), queryFn: ({ signal }) => api.post(ListingApiPath.pickHistory, { pickId }, PickHistory, { signal }), enabled: Boolean(pickId) });
}

export function usePickInvoice(pickId: string | undefined, enabled = true) {
  return useQuery({ queryKey: listingKeys.invoice(pickId ?? ''), queryFn: ({ signal }) => api.post(ListingApiPath.invoiceDetail, { pickId }, PickInvoice, { signal }), enabled: Boolean(pickId) && enabled });
}

export function useBargains(query: BargainListRequest) {
  return useQuery({ queryKey: listingKeys.bargains(query), queryFn: ({ signal }) => api.post(ListingApiPath.bargainList, query, BargainPage, { signal }), placeholderData: keepPreviousData });
}

export function useCreateListing() {
  return useMutation({ mutationFn: (body: CreateListingRequest) => api.post(ListingPath.create, body, Listing), onSuccess: refresh });
}

export function useCreateMarginListing() {
  return useMutation({ mutationFn: (body: MarginListingRequest) => api.post(ListingApiPath.createMargin, body, ListingDetail), onSuccess: refresh });
}

export function useCreatePurchase() {
  return useMutation({ mutationFn: (body: PurchaseListingRequest) => api.post(ListingApiPath.createPurchase, body, ListingDetail), onSuccess: refresh });
}

export function useCancelListing() {
  return useMutation({ mutationFn: (listingId: string) => api.post(ListingPath.cancel, { listingId }, Listing), onSuccess: refresh });
}

export function useTopListing() {
  return useMutation({ mutationFn: (body: TopRequest) => api.post(ListingApiPath.top, body, ListingDetail), onSuccess: refresh });
}

export function usePick() {
  return useMutation({ mutationFn: (body: PickRequest) => api.post(ListingPath.pick, body, ListingPickDetail), onSuccess: refresh });
}

export function usePickSell() {
  return useMutation({ mutationFn: (body: PickSellRequest) => api.post(ListingApiPath.pickSell, body, ListingPickDetail), onSuccess: refresh });
}

export function usePickAll() {
  return useMutation({ mutationFn: (body: PickAllRequest) => api.post(ListingApiPath.pickAll, body, ListingPickDetail), onSuccess: refresh });
}

export function usePickAction(action: 'confirmPick' | 'refusePick' | 'cancelPick') {
  return useMutation({ mutationFn: (pickId: string) => api.post(ListingPath[action], { pickId }, ListingPickDetail), onSuccess: refresh });
}

export function usePayBalance() {
  return useMutation({ mutationFn: (body: PayBalanceRequest) => api.post(ListingApiPath.payBalance, body, ListingPickDetail), onSuccess: refresh });
}

export function useStockIn() {
  return useMutation({ mutationFn: (body: StockInRequest) => api.post(ListingApiPath.stockIn, body, ListingPickDetail), onSuccess: refresh });
}

export function useOpenInvoice() {
  return useMutation({
    mutationFn: async (input: Omit<OpenInvoiceRequest, 'fileId'> & { file: Blob }) => {
      const uploaded = await api.upload(ListingApiPath.invoiceUpload, input.file, InvoiceUpload);
      return api.post(ListingApiPath.invoiceOpen, { pickId: input.pickId, fileId: uploaded.fileId, invoiceTitle: input.invoiceTitle, taxpayerId: input.taxpayerId, amount: input.amount }, PickInvoice);
    },
    onSuccess: refresh,
  });
}

export function useConfirmInvoice() {
  return useMutation({ mutationFn: (pickId: string) => api.post(ListingApiPath.invoiceConfirm, { pickId }, PickInvoice), onSuccess: refresh });
}

/** The invoice file, read with the session headers (uploads are never plain links). */
export function fetchInvoiceFile(pickId: string): Promise<Blob> {
  return api.blob(`${ListingApiPath.invoiceFile}?pickId=${encodeURIComponent(pickId)}`);
}

export function useBargainOffer() {
  return useMutation({ mutationFn: (body: BargainOfferRequest) => api.post(ListingApiPath.bargainOffer, body, Bargain), onSuccess: refresh });
}

export function useBargainCounter() {
  return useMutation({ mutationFn: (body: BargainCounterRequest) => api.post(ListingApiPath.bargainCounter, body, Bargain), onSuccess: refresh });
}

export function useBargainAction(action: 'bargainAccept' | 'bargainRefuse' | 'bargainWithdraw') {
  return useMutation({ mutationFn: (bargainId: string) => api.post(ListingApiPath[action], { bargainId }, Bargain), onSuccess: refresh });
}
