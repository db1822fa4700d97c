import { useMutation } from '@tanstack/react-query';
import { AdminCertificationRow, EnterprisePath, type AdminCertificationDecision } from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

/** A member-review or risk-control decision; the queues and the firm list refresh after it. */
export function useCertificationDecision() {
  return useMutation({
    mutationFn: (decision: AdminCertificationDecision) => api.post(EnterprisePath.adminCertificationDecide, decision, AdminCertificationRow),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
