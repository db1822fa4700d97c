import { useMutation } from '@tanstack/react-query';
import { AdminSeniorPage, VerificationPath, type AdminSeniorRow } from '@tp/contract';
import { adminKeys, type PagedList } from './admin';
import { api, queryClient } from './client';

/** Senior verification submissions, newest first, for `PagedTable`. */
export const seniorList: PagedList<AdminSeniorRow> = { path: VerificationPath.adminSeniorList, schema: AdminSeniorPage };

/** Passes or fails one senior verification; every staff list refreshes. */
export function useSeniorDecision() {
  return useMutation({
    mutationFn: (decision: { id: string; approve: boolean; reason?: string }) => api.post(VerificationPath.adminSeniorDecide, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
