import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminMobilePayment,
  AdminMobilePaymentPage,
  AdminMobileRefundPage,
  MobilePayPath,
  MobileReconDiff,
  MobileReconDiffPage,
  MobileReconRun,
  MobileSandboxState,
  type MobileSandboxControlRequest,
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
  sandbox: () => [...mobilePayKeys.all(), 'sandbox'] as const,
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

const SandboxStates = MobileSandboxState.array();
/** The sandbox providers' console exists only where they run; elsewhere the query fails quietly. */
export const useSandbox = (enabled: boolean) =>
  useQuery({ queryKey: mobilePayKeys.sandbox(), queryFn: ({ signal }) => api.post(MobilePayPath.adminSandbox, {}, SandboxStates, { signal }), retry: false, refetchInterval: 5_000, enabled });
export const useSandboxControl = () =>
  useMutation({ mutationFn: (body: Partial<MobileSandboxControlRequest> & Pick<MobileSandboxControlRequest, 'channel' | 'action'>) => api.post(MobilePayPath.adminSandboxControl, body, SandboxStates), onSuccess: refresh });
