import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { PresalePath, PresalePlacementPage, PresaleProjectDetail, PresaleProjectPage, PresaleSubscriptionPage, SubscribeResult, type SubscribeRequest } from '@tp/contract';
import { identityKeys, useSession } from '@tp/web-kit';
import { api, queryClient } from './client';

export const presaleKeys = {
  projects: (page: number) => ['presale', 'projects', page] as const,
  project: (id: string) => ['presale', 'project', id] as const,
  mine: () => [...identityKeys.user(), 'presale'] as const,
  subscriptions: (page: number) => [...presaleKeys.mine(), 'subscriptions', page] as const,
  placements: (page: number) => [...presaleKeys.mine(), 'placements', page] as const,
};

export function usePresaleProjects(page: number, size: number) {
  return useQuery({
    queryKey: presaleKeys.projects(page),
    queryFn: ({ signal }) => api.get(PresalePath.projects, { page, size }, PresaleProjectPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The project with the server's clock; read again every half minute so remaining amounts and phases stay current. */
export function usePresaleProject(id: string) {
  return useQuery({
    queryKey: presaleKeys.project(id),
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const detail = await api.get(PresalePath.project, { projectId: id }, PresaleProjectDetail, { signal });
      // The server's time when the reply was made, against the middle of the round trip here.
      const offsetMs = new Date(detail.serverTime).getTime() - (sent + Date.now()) / 2;
      return { ...detail, offsetMs };
    },
    enabled: /^\d{1,12}$/.test(id),
    refetchInterval: 30_000,
  });
}

export function useSubscribe(projectId: string) {
  return useMutation({
    mutationFn: (request: SubscribeRequest) => api.post(PresalePath.subscribe, request, SubscribeResult),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: presaleKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: presaleKeys.mine() });
    },
  });
}

export function useMySubscriptions(page: number, size: number) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: presaleKeys.subscriptions(page),
    queryFn: ({ signal }) => api.post(PresalePath.subscriptions, { page, size }, PresaleSubscriptionPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

export function useMyPlacements(page: number, size: number) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: presaleKeys.placements(page),
    queryFn: ({ signal }) => api.post(PresalePath.placements, { page, size }, PresalePlacementPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}
