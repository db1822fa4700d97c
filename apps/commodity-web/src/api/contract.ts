import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ContractDetail, ContractPage, ContractPath, ContractVerification, contractPdfPath, type ContractListRequest } from '@tp/contract';
import { api, queryClient } from './client';

export const contractKeys = {
  all: ['contract'] as const,
  list: (query: ContractListRequest) => [...contractKeys.all, 'list', query] as const,
  detail: (contractId: string) => [...contractKeys.all, 'detail', contractId] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: contractKeys.all });

export function useContracts(query: ContractListRequest) {
  return useQuery({ queryKey: contractKeys.list(query), queryFn: ({ signal }) => api.post(ContractPath.list, query, ContractPage, { signal }), placeholderData: keepPreviousData });
}

export function useContractDetail(contractId: string | undefined) {
  return useQuery({
    queryKey: contractKeys.detail(contractId ?? ''),
    queryFn: ({ signal }) => api.post(ContractPath.detail, { contractId }, ContractDetail, { signal }),
    enabled: Boolean(contractId),
  });
}

export function useSignContract() {
  return useMutation({ mutationFn: (contractId: string) => api.post(ContractPath.sign, { contractId }, ContractDetail), onSuccess: refresh });
}

/** Checks the platform's stored copy: its hash and every signature. */
export function useVerifyContract() {
  return useMutation({ mutationFn: (contractId: string) => api.post(ContractPath.verify, { contractId }, ContractVerification) });
}

/** Checks a PDF the user holds (a downloaded or received copy). */
export function useVerifyFile() {
  return useMutation({ mutationFn: (file: Blob) => api.upload(ContractPath.verifyUpload, file, ContractVerification) });
}

/** The current PDF, read with the session headers. */
export function fetchContractPdf(contractId: string): Promise<Blob> {
  return api.blob(contractPdfPath(contractId));
}
