import { useMutation, useQuery } from '@tanstack/react-query';
import { LockupLock, LockupOverview, LockupPath } from '@tp/contract';
import { identityKeys, useSession } from '@tp/web-kit';
import { api, queryClient } from './client';

const lockupKeys = { overview: () => [...identityKeys.user(), 'lockup'] as const };

export function useLockupOverview() {
  const { isLoggedIn } = useSession();
  return useQuery({ queryKey: lockupKeys.overview(), queryFn: ({ signal }) => api.post(LockupPath.overview, {}, LockupOverview, { signal }), enabled: isLoggedIn });
}

export function useLock() {
  return useMutation({
    mutationFn: (amount: string) => api.post(LockupPath.lock, { amount }, LockupLock),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lockupKeys.overview() }),
  });
}
