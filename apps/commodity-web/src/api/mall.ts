import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AuctionItemPage,
  AuctionPath,
  MallClassList,
  MallGoods,
  MallGoodsPage,
  MallMobilePayment,
  MallOrder,
  MallOrderPage,
  MallPath,
  UploadedFile,
  type MallGoodsListRequest,
  type MallGoodsRequest,
  type MallMineRequest,
  type MallOrderListRequest,
  type MallOrderRequest,
} from '@tp/contract';
import { api, queryClient } from './client';

export const mallKeys = {
  all: ['mall'] as const,
  classes: () => [...mallKeys.all, 'classes'] as const,
  goods: (query: MallGoodsListRequest) => [...mallKeys.all, 'goods', query] as const,
  detail: (id: string) => [...mallKeys.all, 'detail', id] as const,
  mine: (query: MallMineRequest) => [...mallKeys.all, 'mine', query] as const,
  orders: (query: MallOrderListRequest) => [...mallKeys.all, 'orders', query] as const,
  order: (id: string) => [...mallKeys.all, 'order', id] as const,
  auctions: () => [...mallKeys.all, 'auctions'] as const,
};

// Orders move money and stock, so every change refreshes everything the mall shows.
const refresh = () => queryClient.invalidateQueries({ queryKey: mallKeys.all });
const validId = (id: string | undefined): id is string => id !== undefined && /^\d{1,18}$/.test(id);

export const useMallClasses = () => useQuery({ queryKey: mallKeys.classes(), queryFn: ({ signal }) => api.post(MallPath.classes, {}, MallClassList, { signal }) });

export function useMallGoods(query: MallGoodsListRequest) {
  return useQuery({ queryKey: mallKeys.goods(query), queryFn: ({ signal }) => api.post(MallPath.goods, query, MallGoodsPage, { signal }), placeholderData: keepPreviousData });
}

export function useMallGoodsDetail(id: string | undefined) {
  return useQuery({ queryKey: mallKeys.detail(id ?? ''), queryFn: ({ signal }) => api.post(MallPath.detail, { commodityId: id }, MallGoods, { signal }), enabled: validId(id), retry: false });
}

export function useMyMallGoods(query: MallMineRequest) {
  return useQuery({ queryKey: mallKeys.mine(query), queryFn: ({ signal }) => api.post(MallPath.mine, query, MallGoodsPage, { signal }), placeholderData: keepPreviousData });
}

/** The mall's auctions: lots in public notice, bidding, or ended (passed-in when unsold), linking to their rooms. */
export function useMallAuctions() {
  return useQuery({ queryKey: mallKeys.auctions(), queryFn: ({ signal }) => api.post(AuctionPath.list, { page: 0, size: 6 }, AuctionItemPage, { signal }) });
}

export function useMallOrders(query: MallOrderListRequest) {
  return useQuery({ queryKey: mallKeys.orders(query), queryFn: ({ signal }) => api.post(MallPath.orders, query, MallOrderPage, { signal }), placeholderData: keepPreviousData });
}

export function useMallOrder(id: string | undefined) {
  return useQuery({ queryKey: mallKeys.order(id ?? ''), queryFn: ({ signal }) => api.post(MallPath.orderDetail, { orderId: id }, MallOrder, { signal }), enabled: validId(id), retry: false });
}

export const useUploadMallImage = () => useMutation({ mutationFn: (file: File) => api.upload(MallPath.upload, file, UploadedFile) });

export function useSaveMallGoods() {
  return useMutation({
    mutationFn: ({ commodityId, ...body }: MallGoodsRequest & { commodityId?: string }) =>
      commodityId ? api.post(MallPath.update, { ...body, commodityId }, MallGoods) : api.post(MallPath.create, body, MallGoods),
    onSuccess: refresh,
  });
}

export const useMallOffShelf = () => useMutation({ mutationFn: (commodityId: string) => api.post(MallPath.offShelf, { commodityId }, MallGoods), onSuccess: refresh });
export const useAddMallOrder = () => useMutation({ mutationFn: (body: MallOrderRequest) => api.post(MallPath.orderAdd, body, MallOrder), onSuccess: refresh });
export const usePayMallOrder = () => useMutation({ mutationFn: (body: { orderId: string; fundPassword: string }) => api.post(MallPath.orderPay, body, MallOrder), onSuccess: refresh });
export const useMobilePayMallOrder = () => useMutation({ mutationFn: (body: { orderId: string; channel: 'alipay' | 'wechat' }) => api.post(MallPath.orderMobilePay, body, MallMobilePayment) });
export function useMallOrderAction(action: 'orderCancel' | 'orderReceive') {
  return useMutation({ mutationFn: (orderId: string) => api.post(MallPath[action], { orderId }, MallOrder), onSuccess: refresh });
}
export const useShipMallOrder = () => useMutation({ mutationFn: (body: { orderId: string; trackingNo: string }) => api.post(MallPath.orderShip, body, MallOrder), onSuccess: refresh });
export const refreshMall = refresh;
