import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AssetFlowPage,
  AssetOverview,
  ExchangeAsset,
  ExchangeAssetPath,
  TransferResult,
  type AssetFlowRequest,
  type TransferRequest,
} from '@tp/contract';
import { identityKeys, useSession } from '@tp/web-kit';
import { api, queryClient } from './client';

export const assetKeys = {
  list: () => ['assets', 'list'] as const,
  /** Under the user's keys, so a change of session drops them. */
  overview: () => [...identityKeys.user(), 'assets', 'overview'] as const,
  flow: (request: object) => [...identityKeys.user(), 'assets', 'flow', request] as const,
  flowAll: () => [...identityKeys.user(), 'assets', 'flow'] as const,
};

export function useAssetList() {
  return useQuery({
    queryKey: assetKeys.list(),
    queryFn: ({ signal }) => api.get(ExchangeAssetPath.assets, undefined, ExchangeAsset.array(), { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAssetOverview() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: assetKeys.overview(),
    queryFn: ({ signal }) => api.post(ExchangeAssetPath.overview, {}, AssetOverview, { signal }),
    enabled: isLoggedIn,
  });
}

export function useTransfer() {
  return useMutation({
    mutationFn: (request: TransferRequest) => api.post(ExchangeAssetPath.transfer, request, TransferResult),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assetKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: assetKeys.flowAll() });
    },
  });
}

export function useAssetFlow(request: Partial<AssetFlowRequest>) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: assetKeys.flow(request),
    queryFn: ({ signal }) => api.post(ExchangeAssetPath.flow, request, AssetFlowPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}
