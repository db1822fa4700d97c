import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { PresalePath, PresaleProject, PresaleProjectPage, type SavePresaleProject } from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

const presaleKeys = { all: () => [...adminKeys.staff(), 'presale'] as const, page: (page: number) => [...presaleKeys.all(), page] as const };

export function usePresaleProjects(page: number, size: number) {
  return useQuery({
    queryKey: presaleKeys.page(page),
    queryFn: ({ signal }) => api.post(PresalePath.adminProjects, { page, size }, PresaleProjectPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: presaleKeys.all() });

export function useSavePresaleProject() {
  return useMutation({ mutationFn: (request: SavePresaleProject) => api.post(PresalePath.adminSave, request, PresaleProject), onSuccess: refresh });
}

export function useRemovePresaleProject() {
  return useMutation({ mutationFn: (request: { projectId: string; reason: string }) => api.post(PresalePath.adminRemove, request, PresaleProject), onSuccess: refresh });
}
