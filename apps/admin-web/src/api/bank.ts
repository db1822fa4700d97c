import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AdminOperationPage, CapitalPath, FirmFundsPage, ReconDiffPage, ReconRun, SandboxState, type BankChannelId, type FirmFunds } from '@tp/contract';
import { adminKeys, type PagedList } from './admin';
import { api, queryClient } from './client';

export const bankKeys = {
  all: () => [...adminKeys.staff(), 'bank'] as const,
  operations: (request: object) => [...bankKeys.all(), 'operations', request] as const,
  diffs: (request: object) => [...bankKeys.all(), 'diffs', request] as const,
  sandbox: () => [...bankKeys.all(), 'sandbox'] as const,
};

/** Each firm's funds on the platform, for `PagedTable`. */
export const fundList: PagedList<FirmFunds> = { path: CapitalPath.adminFunds, schema: FirmFundsPage };

const refresh = () => queryClient.invalidateQueries({ queryKey: bankKeys.all() });
const SandboxStates = SandboxState.array();

export function useBankOperations(request: { status?: string | undefined; bankId?: string | undefined; kind?: string | undefined; page: number; size: number }) {
  return useQuery({
    queryKey: bankKeys.operations(request),
    queryFn: ({ signal }) => api.post(CapitalPath.adminOperations, request, AdminOperationPage, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

export function useResend() {
  return useMutation({ mutationFn: (requestNo: string) => api.post(CapitalPath.adminResend, { requestNo }), onSuccess: refresh });
}

export function useReconDiffs(request: { open?: boolean | undefined; page: number; size: number }) {
  return useQuery({ queryKey: bankKeys.diffs(request), queryFn: ({ signal }) => api.post(CapitalPath.adminDiffs, request, ReconDiffPage, { signal }), placeholderData: keepPreviousData });
}

export function useReconcile() {
  return useMutation({ mutationFn: (body: { bankId: BankChannelId; day?: string }) => api.post(CapitalPath.adminReconcile, body, ReconRun), onSuccess: refresh });
}

export function useResolve() {
  return useMutation({ mutationFn: (body: { id: string; action: 'apply' | 'dismiss'; note: string }) => api.post(CapitalPath.adminResolve, body), onSuccess: refresh });
}

/** The sandbox banks' console exists only outside production; elsewhere the query fails quietly. Read only by staff with the sandbox right. */
export function useSandbox(enabled = true) {
  return useQuery({ queryKey: bankKeys.sandbox(), queryFn: ({ signal }) => api.post(CapitalPath.adminSandbox, {}, SandboxStates, { signal }), retry: false, refetchInterval: 5_000, enabled });
}

export function useSandboxControl() {
  return useMutation({
    mutationFn: (body: { bankId: BankChannelId; action: 'failNext' | 'dropNext' | 'delay' | 'succeed'; count?: number; delayMs?: number }) => api.post(CapitalPath.adminSandboxControl, body, SandboxStates),
    onSuccess: refresh,
  });
}
