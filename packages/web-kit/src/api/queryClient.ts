import { QueryClient } from '@tanstack/react-query';

/**
 * A QueryClient for the API client's calls. No automatic retries: the client has already told
 * the user what went wrong, and a retry would tell them again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
