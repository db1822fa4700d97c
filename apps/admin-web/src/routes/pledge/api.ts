import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminFunderList,
  AdminPledgePath,
  Funder,
  PledgeFinance,
  PledgeFinancePage,
  PledgeProduct,
  RateInfo,
  type AdminLoanListRequest,
  type SaveFunderRequest,
  type SavePledgeProductRequest,
} from '@tp/contract';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';

export const pledgeKeys = {
  all: () => [...adminKeys.staff(), 'pledge'] as const,
  loans: (q: AdminLoanListRequest) => [...pledgeKeys.all(), 'loans', q] as const,
  funders: () => [...pledgeKeys.all(), 'funders'] as const,
  products: () => [...pledgeKeys.all(), 'products'] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: pledgeKeys.all() });

export const useAdminLoans = (query: AdminLoanListRequest) =>
  useQuery({ queryKey: pledgeKeys.loans(query), queryFn: ({ signal }) => api.post(AdminPledgePath.loans, query, PledgeFinancePage, { signal }), placeholderData: keepPreviousData });
export const useFunders = () => useQuery({ queryKey: pledgeKeys.funders(), queryFn: ({ signal }) => api.post(AdminPledgePath.funders, {}, AdminFunderList, { signal }) });
export const useProducts = () => useQuery({ queryKey: pledgeKeys.products(), queryFn: ({ signal }) => api.post(AdminPledgePath.products, {}, RateInfo, { signal }) });

export const useSaveFunder = () => useMutation({ mutationFn: (body: SaveFunderRequest) => api.post(AdminPledgePath.saveFunder, body, Funder), onSuccess: refresh });
export const useSaveProduct = () => useMutation({ mutationFn: (body: SavePledgeProductRequest) => api.post(AdminPledgePath.saveProduct, body, PledgeProduct), onSuccess: refresh });
export const useWarehouseConfirm = () => useMutation({ mutationFn: (financeId: string) => api.post(AdminPledgePath.warehouseConfirm, { financeId }, PledgeFinance), onSuccess: refresh });
export const useWarehouseReject = () => useMutation({ mutationFn: (body: { financeId: string; reason: string }) => api.post(AdminPledgePath.warehouseReject, body, PledgeFinance), onSuccess: refresh });
