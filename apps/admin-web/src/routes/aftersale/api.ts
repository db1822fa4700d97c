import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AdminAfterSalePath, AfterSalePage, AfterSaleRequestView, type AdminAfterSaleDecideRequest, type AfterSaleStatus } from '@tp/contract';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';

export const afterSaleKeys = {
  all: () => [...adminKeys.staff(), 'aftersale'] as const,
  list: (q: { status?: AfterSaleStatus; page: number; size: number }) => [...afterSaleKeys.all(), 'list', q] as const,
};

export const useAdminAfterSales = (query: { status?: AfterSaleStatus; page: number; size: number }) =>
  useQuery({ queryKey: afterSaleKeys.list(query), queryFn: ({ signal }) => api.post(AdminAfterSalePath.list, query, AfterSalePage, { signal }), placeholderData: keepPreviousData });
export const useDecideAfterSale = () =>
  useMutation({ mutationFn: (body: AdminAfterSaleDecideRequest) => api.post(AdminAfterSalePath.decide, body, AfterSaleRequestView), onSuccess: () => queryClient.invalidateQueries({ queryKey: afterSaleKeys.all() }) });
