import { useMutation, useQuery } from '@tanstack/react-query';
import { AdminWithdrawalPage, ChainStatus, CustodyRow, RefillPage, RefillRow, WalletPath, WithdrawalRecord, type AdminWithdrawalRow } from '@tp/contract';
import { adminKeys, type PagedList } from './admin';
import { api, queryClient } from './client';

const walletKeys = {
  chain: () => [...adminKeys.staff(), 'chain'] as const,
  custody: () => [...adminKeys.staff(), 'custody'] as const,
};

const ChainStatuses = ChainStatus.array();
const CustodyRows = CustodyRow.array();
const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() });

/** Withdrawals by status, for `PagedTable`. */
export const withdrawalList: PagedList<AdminWithdrawalRow> = { path: WalletPath.adminWithdrawals, schema: AdminWithdrawalPage };

/** Sends or rejects one withdrawal waiting for review. */
export function useWithdrawalDecision() {
  return useMutation({
    mutationFn: (decision: { id: string; approve: boolean; reason?: string }) => api.post(WalletPath.adminDecide, decision, WithdrawalRecord),
    onSuccess: refresh,
  });
}

/** Cold-to-hot refills by status, for `PagedTable`. */
export const refillList: PagedList<RefillRow> = { path: WalletPath.adminRefills, schema: RefillPage };

/** Approves (the coins move and waiting withdrawals are sent) or rejects one refill. */
export function useRefillDecision() {
  return useMutation({
    mutationFn: (decision: { id: string; approve: boolean; reason?: string }) => api.post(WalletPath.adminRefillDecide, decision, RefillRow),
    onSuccess: refresh,
  });
}

/** The simulated chains' heights, refreshed every five seconds (only a sandbox controller reads them). */
export function useChainStatus(enabled: boolean) {
  return useQuery({ queryKey: walletKeys.chain(), queryFn: ({ signal }) => api.post(WalletPath.adminChain, {}, ChainStatuses, { signal }), retry: false, refetchInterval: 5_000, enabled });
}

/** Each asset's custody, hot and cold, refreshed every ten seconds. */
export function useCustody(enabled: boolean) {
  return useQuery({ queryKey: walletKeys.custody(), queryFn: ({ signal }) => api.post(WalletPath.adminCustody, {}, CustodyRows, { signal }), refetchInterval: 10_000, enabled });
}

/** Sends a simulated deposit to an address. */
export function useChainDeposit() {
  return useMutation({ mutationFn: (body: object) => api.post(WalletPath.adminChainDeposit, body), onSuccess: refresh });
}

/** Mines blocks on a simulated chain. */
export function useChainMine() {
  return useMutation({ mutationFn: (body: object) => api.post(WalletPath.adminChainMine, body), onSuccess: refresh });
}
