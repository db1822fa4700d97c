import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiKey, ApiKeyPath, CreatedApiKey, type CreateApiKeyRequest } from '@tp/contract';
import { identityKeys, useSession } from '@tp/web-kit';
import { api, queryClient } from './client';

export const apiKeyKeys = {
  /** Under the user's keys, so a change of session drops them. */
  list: () => [...identityKeys.user(), 'apiKeys'] as const,
};

export function useApiKeys() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => api.post(ApiKeyPath.list, {}, ApiKey.array(), { signal }),
    enabled: isLoggedIn,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() });

/** Answers with the secret, which the server never shows again. */
export function useCreateApiKey() {
  return useMutation({ mutationFn: (request: CreateApiKeyRequest) => api.post(ApiKeyPath.create, request, CreatedApiKey), onSuccess: refresh });
}

export function useDeleteApiKey() {
  return useMutation({ mutationFn: (id: string) => api.post(ApiKeyPath.delete, { id }), onSuccess: refresh });
}
