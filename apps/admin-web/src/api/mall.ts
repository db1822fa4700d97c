import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MallClass, MallClassList, MallGoods, MallGoodsPage, MallOrderPage, MallPath, type MallAdminGoodsRequest, type MallAdminOrdersRequest, type MallAuditRequest, type MallClassSaveRequest } from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

export const mallKeys = {
  all: () => [...adminKeys.staff(), 'mall'] as const,
  classes: () => [...mallKeys.all(), 'classes'] as const,
  goods: (request: MallAdminGoodsRequest) => [...mallKeys.all(), 'goods', request] as const,
  orders: (request: MallAdminOrdersRequest) => [...mallKeys.all(), 'orders', request] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: mallKeys.all() });

export const useMallClasses = () => useQuery({ queryKey: mallKeys.classes(), queryFn: ({ signal }) => api.post(MallPath.adminClasses, {}, MallClassList, { signal }) });
export const useSaveMallClass = () => useMutation({ mutationFn: (body: MallClassSaveRequest) => api.post(MallPath.adminSaveClass, body, MallClass), onSuccess: refresh });

export function useMallGoods(request: MallAdminGoodsRequest) {
  return useQuery({ queryKey: mallKeys.goods(request), queryFn: ({ signal }) => api.post(MallPath.adminGoods, request, MallGoodsPage, { signal }), placeholderData: keepPreviousData });
}
export const useAuditMallGoods = () => useMutation({ mutationFn: (body: MallAuditRequest) => api.post(MallPath.adminAudit, body, MallGoods), onSuccess: refresh });

export function useMallOrders(request: MallAdminOrdersRequest) {
  return useQuery({ queryKey: mallKeys.orders(request), queryFn: ({ signal }) => api.post(MallPath.adminOrders, request, MallOrderPage, { signal }), placeholderData: keepPreviousData });
}
