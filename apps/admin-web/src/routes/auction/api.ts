import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AdminAuctionPath, AuctionItem, AuctionItemPage, type AdminAuctionAuditRequest, type AdminAuctionListRequest, type AdminAuctionStopRequest } from '@tp/contract';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';

export const auctionKeys = { all: () => [...adminKeys.staff(), 'auction'] as const, list: (q: AdminAuctionListRequest) => [...auctionKeys.all(), q] as const };

export const useAdminAuctions = (query: AdminAuctionListRequest) =>
  useQuery({ queryKey: auctionKeys.list(query), queryFn: ({ signal }) => api.post(AdminAuctionPath.list, query, AuctionItemPage, { signal }), placeholderData: keepPreviousData });

const refresh = () => queryClient.invalidateQueries({ queryKey: auctionKeys.all() });

export const useAuditAuction = () => useMutation({ mutationFn: (body: AdminAuctionAuditRequest) => api.post(AdminAuctionPath.audit, body, AuctionItem), onSuccess: refresh });
export const useStopAuction = () => useMutation({ mutationFn: (body: AdminAuctionStopRequest) => api.post(AdminAuctionPath.stop, body, AuctionItem), onSuccess: refresh });
