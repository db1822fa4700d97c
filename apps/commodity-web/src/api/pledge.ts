import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  FinancialPath,
  FinancialWarehouse,
  Funder,
  Listing,
  ListingPath,
  PledgeBill,
  PledgeDetail,
  PledgeFinance,
  PledgeFinancePage,
  PledgeNoticePage,
  PledgePath,
  PledgeRepaymentPage,
  RateInfo,
  type CreateListingRequest,
  type ManualPaybackRequest,
  type PledgeApplyRequest,
  type PledgeDisposeRequest,
  type PledgeListRequest,
  type PledgeQuoteRequest,
} from '@tp/contract';
import { api, queryClient } from './client';

export const pledgeKeys = {
  all: ['pledge'] as const,
  rateInfo: () => [...pledgeKeys.all, 'rateInfo'] as const,
  mine: (query: Partial<PledgeListRequest>) => [...pledgeKeys.all, 'mine', query] as const,
  detail: (financeId: string) => [...pledgeKeys.all, 'detail', financeId] as const,
  bill: (side: 'borrower' | 'funder', financeId: string) => [...pledgeKeys.all, 'bill', side, financeId] as const,
  funder: () => [...pledgeKeys.all, 'funder'] as const,
  orders: (query: Partial<PledgeListRequest>) => [...pledgeKeys.all, 'orders', query] as const,
  repayments: (page: number) => [...pledgeKeys.all, 'repayments', page] as const,
  warehouses: () => [...pledgeKeys.all, 'warehouses'] as const,
  notices: (page: number) => [...pledgeKeys.all, 'notices', page] as const,
};

// A loan's money and goods move together, so every change refreshes the funds and holdings too.
const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: pledgeKeys.all }), queryClient.invalidateQueries({ queryKey: ['warehouse'] }), queryClient.invalidateQueries({ queryKey: ['capital'] })]);

export function useRateInfo() {
  return useQuery({ queryKey: pledgeKeys.rateInfo(), queryFn: ({ signal }) => api.post(PledgePath.rateInfo, {}, RateInfo, { signal }) });
}

export function useMyFinances(query: Partial<PledgeListRequest>) {
  return useQuery({ queryKey: pledgeKeys.mine(query), queryFn: ({ signal }) => api.post(PledgePath.mine, query, PledgeFinancePage, { signal }), placeholderData: keepPreviousData });
}

export function usePledgeDetail(financeId: string | undefined) {
  return useQuery({ queryKey: pledgeKeys.detail(financeId ?? ''), queryFn: ({ signal }) => api.post(PledgePath.detail, { financeId }, PledgeDetail, { signal }), enabled: !!financeId });
}

export function usePledgeBill(side: 'borrower' | 'funder', financeId: string | undefined) {
  return useQuery({
    queryKey: pledgeKeys.bill(side, financeId ?? ''),
    queryFn: ({ signal }) => api.post(side === 'borrower' ? PledgePath.bill : FinancialPath.bill, { financeId }, PledgeBill, { signal }),
    enabled: !!financeId,
  });
}

export const useApplyPledge = () => useMutation({ mutationFn: (body: PledgeApplyRequest) => api.post(PledgePath.apply, body, PledgeFinance), onSuccess: refresh });
export const useAcceptQuote = () => useMutation({ mutationFn: (financeId: string) => api.post(PledgePath.accept, { financeId }, PledgeFinance), onSuccess: refresh });
export const useDeclineQuote = () => useMutation({ mutationFn: (body: { financeId: string; reason: string }) => api.post(PledgePath.decline, body, PledgeFinance), onSuccess: refresh });
export const useWithdrawPledge = () => useMutation({ mutationFn: (financeId: string) => api.post(PledgePath.withdraw, { financeId }, PledgeFinance), onSuccess: refresh });
export const useManualPayback = () => useMutation({ mutationFn: (body: ManualPaybackRequest) => api.post(PledgePath.manualPayback, body, PledgeFinance), onSuccess: refresh });

/** The address of a loan's signed pledge contract (PDF), opened with the session's headers by the caller. */
export const contractPdf = (financeId: string) => api.blob(`${PledgePath.contract}?financeId=${financeId}`);

/** The firm as a funder, or null when it lends nothing. */
export function useFunder(enabled = true) {
  return useQuery({ queryKey: pledgeKeys.funder(), queryFn: ({ signal }) => api.post(FinancialPath.me, {}, Funder.nullable(), { signal }), staleTime: 300_000, enabled });
}

export function useFunderOrders(query: Partial<PledgeListRequest>) {
  return useQuery({ queryKey: pledgeKeys.orders(query), queryFn: ({ signal }) => api.post(FinancialPath.orders, query, PledgeFinancePage, { signal }), placeholderData: keepPreviousData });
}

export function useFunderRepayments(page: number) {
  return useQuery({ queryKey: pledgeKeys.repayments(page), queryFn: ({ signal }) => api.post(FinancialPath.repayments, { page }, PledgeRepaymentPage, { signal }), placeholderData: keepPreviousData });
}

export function useFunderWarehouses() {
  return useQuery({ queryKey: pledgeKeys.warehouses(), queryFn: ({ signal }) => api.post(FinancialPath.warehouses, {}, z.array(FinancialWarehouse), { signal }) });
}

export const useQuote = () => useMutation({ mutationFn: (body: PledgeQuoteRequest) => api.post(FinancialPath.quote, body, PledgeFinance), onSuccess: refresh });
export const useFunderReject = () => useMutation({ mutationFn: (body: { financeId: string; reason: string }) => api.post(FinancialPath.reject, body, PledgeFinance), onSuccess: refresh });
export const useDispose = () => useMutation({ mutationFn: (body: PledgeDisposeRequest) => api.post(FinancialPath.dispose, body, PledgeFinance), onSuccess: refresh });

/** The firm's pledge notices (margin calls, overdue), newest first. */
export function usePledgeNotices(page: number, enabled = true) {
  return useQuery({ queryKey: pledgeKeys.notices(page), queryFn: ({ signal }) => api.post(PledgePath.notices, { page, size: 10 }, PledgeNoticePage, { signal }), placeholderData: keepPreviousData, enabled });
}

/** Lists pledged goods for sale (a spot listing naming the loan); the market and the loans refresh. */
export const useSellPledged = () =>
  useMutation({ mutationFn: (body: CreateListingRequest) => api.post(ListingPath.create, body, Listing), onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['listing'] })]) });
