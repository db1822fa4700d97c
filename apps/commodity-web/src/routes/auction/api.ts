import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AuctionBidPage,
  AuctionItem,
  AuctionItemPage,
  AuctionOrder,
  AuctionOrderPage,
  AuctionPath,
  Enrolment,
  EnrolmentPage,
  OfferResult,
  ProxyView,
  ServerTime,
  type AuctionListRequest,
  type AuctionOrderListRequest,
  type AuctionPayRequest,
  type ConfirmBidOrderRequest,
  type EnrolmentListRequest,
  type OfferRequest,
  type ProxyRequest,
  type PublishAuctionRequest,
  type PublishMarginBuyRequest,
  type SignUpRequest,
} from '@tp/contract';
import { api, queryClient } from '../../api/client';

export const auctionKeys = {
  all: ['auction'] as const,
  list: (query: AuctionListRequest) => [...auctionKeys.all, 'list', query] as const,
  mine: (query: AuctionListRequest) => [...auctionKeys.all, 'mine', query] as const,
  detail: (itemId: string) => [...auctionKeys.all, 'detail', itemId] as const,
  offers: (itemId: string, page: number) => [...auctionKeys.all, 'offers', itemId, page] as const,
  proxy: (itemId: string) => [...auctionKeys.all, 'proxy', itemId] as const,
  enrolments: (query: EnrolmentListRequest) => [...auctionKeys.all, 'enrolments', query] as const,
  orders: (query: AuctionOrderListRequest) => [...auctionKeys.all, 'orders', query] as const,
};

// Auctions move money and goods: the capital center's and the warehouse's queries are refetched too.
const refresh = () => queryClient.invalidateQueries();

export const useAuctionList = (query: AuctionListRequest) =>
  useQuery({ queryKey: auctionKeys.list(query), queryFn: ({ signal }) => api.post(AuctionPath.list, query, AuctionItemPage, { signal }), placeholderData: keepPreviousData });
export const useMyAuctions = (query: AuctionListRequest) =>
  useQuery({ queryKey: auctionKeys.mine(query), queryFn: ({ signal }) => api.post(AuctionPath.mine, query, AuctionItemPage, { signal }), placeholderData: keepPreviousData });
export const useAuction = (itemId: string) => useQuery({ queryKey: auctionKeys.detail(itemId), queryFn: ({ signal }) => api.post(AuctionPath.detail, { itemId }, AuctionItem, { signal }) });
export const useOffers = (itemId: string, page: number) =>
  useQuery({ queryKey: auctionKeys.offers(itemId, page), queryFn: ({ signal }) => api.post(AuctionPath.offers, { itemId, page, size: 20 }, AuctionBidPage, { signal }), placeholderData: keepPreviousData });
export const useProxy = (itemId: string, enabled: boolean) =>
  useQuery({ queryKey: auctionKeys.proxy(itemId), queryFn: ({ signal }) => api.post(AuctionPath.proxyDetail, { itemId }, ProxyView, { signal }), enabled });
export const useEnrolments = (query: EnrolmentListRequest, enabled = true) =>
  useQuery({ queryKey: auctionKeys.enrolments(query), queryFn: ({ signal }) => api.post(AuctionPath.enrolments, query, EnrolmentPage, { signal }), placeholderData: keepPreviousData, enabled });
export const useAuctionOrders = (query: AuctionOrderListRequest) =>
  useQuery({ queryKey: auctionKeys.orders(query), queryFn: ({ signal }) => api.post(AuctionPath.orders, query, AuctionOrderPage, { signal }), placeholderData: keepPreviousData });

/** The server's clock against this browser's, so every countdown agrees with the server. */
export async function fetchServerOffset(): Promise<number> {
  const sent = Date.now();
  const { serverTime } = await api.get(AuctionPath.time, undefined, ServerTime);
  return Date.parse(serverTime) - (sent + Date.now()) / 2;
}

export const usePublish = (kind: 'marginSell' | 'holdSell') =>
  useMutation({ mutationFn: (body: PublishAuctionRequest) => api.post(kind === 'marginSell' ? AuctionPath.publishMarginSell : AuctionPath.publishHoldSell, body, AuctionItem), onSuccess: refresh });
/** A margin buy (竞买): the buyer's deposit is frozen; sellers bid the price down. */
export const usePublishMarginBuy = () => useMutation({ mutationFn: (body: PublishMarginBuyRequest) => api.post(AuctionPath.publishMarginBuy, body, AuctionItem), onSuccess: refresh });
export const useUndoPublish = () => useMutation({ mutationFn: (itemId: string) => api.post(AuctionPath.undoPublish, { itemId }, AuctionItem), onSuccess: refresh });
export const useSignUp = () => useMutation({ mutationFn: (body: SignUpRequest) => api.post(AuctionPath.signUp, body, Enrolment), onSuccess: refresh });
export const useOffer = () => useMutation({ mutationFn: (body: OfferRequest) => api.post(AuctionPath.offer, body, OfferResult), onSuccess: refresh });
export const useSetProxy = () => useMutation({ mutationFn: (body: ProxyRequest) => api.post(AuctionPath.proxy, body, ProxyView), onSuccess: refresh });
/** confirm bid order; the winning seller of a margin buy names the holding it delivers from. */
export const useConfirmBidOrder = () => useMutation({ mutationFn: (body: ConfirmBidOrderRequest) => api.post(AuctionPath.confirmBidOrder, body, AuctionOrder), onSuccess: refresh });
export const usePayAuctionBalance = () => useMutation({ mutationFn: (body: AuctionPayRequest) => api.post(AuctionPath.payBalance, body, AuctionOrder), onSuccess: refresh });
