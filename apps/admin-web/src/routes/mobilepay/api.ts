import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminMobilePayment,
  AdminMobilePaymentPage,
  AdminMobileRefundPage,
  MobilePayPath,
  MobileReconDiff,
  MobileReconDiffPage,
  MobileReconRun,
  type AdminMobileDiffsRequest,
  type AdminMobilePaymentsRequest,
  type AdminMobileReconcileRequest,
  type AdminMobileRefundsRequest,
  type AdminMobileResolveRequest,
} from '@tp/contract';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';

export const mobilePayKeys = {
  all: () => [...adminKeys.staff(), 'mobilepay'] as const,
  payments: (q: Partial<AdminMobilePaymentsRequest>) => [...mobilePayKeys.all(), 'payments', q] as const,
  refunds: (q: Partial<AdminMobileRefundsRequest>) => [...mobilePayKeys.all(), 'refunds', q] as const,
  diffs: (q: Partial<AdminMobileDiffsRequest>) => [...mobilePayKeys.all(), 'diffs', q] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: mobilePayKeys.all() });

export const usePayments = (query: Partial<AdminMobilePaymentsRequest>) =>
  useQuery({ queryKey: mobilePayKeys.payments(query), queryFn: ({ signal }) => api.post(MobilePayPath.adminPayments, query, AdminMobilePaymentPage, { signal }), placeholderData: keepPreviousData });
export const useRefunds = (query: Partial<AdminMobileRefundsRequest>) =>
  useQuery({ queryKey: mobilePayKeys.refunds(query), queryFn: ({ signal }) => api.post(MobilePayPath.adminRefunds, query, AdminMobileRefundPage, { signal }), placeholderData: keepPreviousData });
export const useDiffs = (query: Partial<AdminMobileDiffsRequest>) =>
  useQuery({ queryKey: mobilePayKeys.diffs(query), queryFn: ({ signal }) => api.post(MobilePayPath.adminDiffs, query, MobileReconDiffPage, { signal }), placeholderData: keepPreviousData });

export const useQueryProvider = () => useMutation({ mutationFn: (paymentId: string) => api.post(MobilePayPath.adminQuery, { paymentId }, AdminMobilePayment), onSuccess: refresh });
export const useReconcile = () => useMutation({ mutationFn: (body: AdminMobileReconcileRequest) => api.post(MobilePayPath.adminReconcile, body, MobileReconRun), onSuccess: refresh });
export const useResolve = () => useMutation({ mutationFn: (body: AdminMobileResolveRequest) => api.post(MobilePayPath.adminResolve, body, MobileReconDiff), onSuccess: refresh });
