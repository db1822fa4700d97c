import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AdminSupplyNote, AdminSupplyNotePage, SupplyPath, type AdminSupplyListRequest, type SupplyAuditRequest, type SupplyOffShelfRequest } from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

export const supplyKeys = {
  all: () => [...adminKeys.staff(), 'supply'] as const,
  notes: (request: AdminSupplyListRequest) => [...supplyKeys.all(), 'notes', request] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: supplyKeys.all() });

export function useAdminSupplyNotes(request: AdminSupplyListRequest) {
  return useQuery({ queryKey: supplyKeys.notes(request), queryFn: ({ signal }) => api.post(SupplyPath.adminList, request, AdminSupplyNotePage, { signal }), placeholderData: keepPreviousData });
}

export const useAuditNote = () => useMutation({ mutationFn: (body: SupplyAuditRequest) => api.post(SupplyPath.adminAudit, body, AdminSupplyNote), onSuccess: refresh });
export const useOffShelfNote = () => useMutation({ mutationFn: (body: SupplyOffShelfRequest) => api.post(SupplyPath.adminOffShelf, body, AdminSupplyNote), onSuccess: refresh });

/** Staff read pictures through the back office's file addresses, which need the session headers. */
