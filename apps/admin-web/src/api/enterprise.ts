import { useMutation } from '@tanstack/react-query';
import { AdminCertificationPage, AdminCertificationRow, EnterprisePath, type AdminCertificationDecision } from '@tp/contract';
import { adminKeys, type PagedList } from './admin';
import { api, queryClient } from './client';

/** Enterprise certifications at every review level, for `PagedTable`. */
export const certificationList: PagedList<AdminCertificationRow> = { path: EnterprisePath.adminCertificationList, schema: AdminCertificationPage };

/** A member-review or risk-control decision; the queues and the firm list refresh after it. */
export function useCertificationDecision() {
  return useMutation({
    mutationFn: (decision: AdminCertificationDecision) => api.post(EnterprisePath.adminCertificationDecide, decision, AdminCertificationRow),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
