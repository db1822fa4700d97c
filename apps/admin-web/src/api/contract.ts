import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ContractDetail, ContractPage, ContractPath, ContractVerification, adminContractPdfPath, type AdminContractListRequest } from '@tp/contract';
import { adminKeys } from './admin';
import { api } from './client';

export const contractKeys = {
  all: () => [...adminKeys.staff(), 'contract'] as const,
  list: (request: AdminContractListRequest) => [...contractKeys.all(), 'list', request] as const,
  detail: (contractId: string) => [...contractKeys.all(), 'detail', contractId] as const,
};

/** The registry: every contract on the platform. */
export function useAdminContracts(request: AdminContractListRequest) {
  return useQuery({ queryKey: contractKeys.list(request), queryFn: ({ signal }) => api.post(ContractPath.adminList, request, ContractPage, { signal }), placeholderData: keepPreviousData });
}

export function useAdminContractDetail(contractId: string | undefined) {
  return useQuery({
    queryKey: contractKeys.detail(contractId ?? ''),
    queryFn: ({ signal }) => api.post(ContractPath.adminDetail, { contractId }, ContractDetail, { signal }),
    enabled: Boolean(contractId),
  });
}

export function useAdminVerifyContract() {
  return useMutation({ mutationFn: (contractId: string) => api.post(ContractPath.adminVerify, { contractId }, ContractVerification) });
}

export function fetchAdminContractPdf(contractId: string): Promise<Blob> {
  return api.blob(adminContractPdfPath(contractId));
}
