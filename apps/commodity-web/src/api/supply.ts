import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  SupplyNote,
  SupplyNotePage,
  SupplyPath,
  UploadedFile,
  type SupplyListRequest,
  type SupplyMineRequest,
  type SupplyNoteRequest,
  type SupplyUpdateRequest,
} from '@tp/contract';
import { api, queryClient } from './client';

export const supplyKeys = {
  all: ['supply'] as const,
  board: (query: SupplyListRequest) => [...supplyKeys.all, 'board', query] as const,
  detail: (noteId: string) => [...supplyKeys.all, 'detail', noteId] as const,
  mine: (query: SupplyMineRequest) => [...supplyKeys.all, 'mine', query] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: supplyKeys.all });

export function useSupplyBoard(query: SupplyListRequest) {
  return useQuery({ queryKey: supplyKeys.board(query), queryFn: ({ signal }) => api.post(SupplyPath.list, query, SupplyNotePage, { signal }), placeholderData: keepPreviousData });
}

export function useSupplyNote(noteId: string | undefined) {
  return useQuery({
    queryKey: supplyKeys.detail(noteId ?? ''),
    queryFn: ({ signal }) => api.post(SupplyPath.detail, { noteId }, SupplyNote, { signal }),
    enabled: noteId !== undefined && /^\d{1,18}$/.test(noteId),
    retry: false,
  });
}

export function useMySupplyNotes(query: SupplyMineRequest) {
  return useQuery({ queryKey: supplyKeys.mine(query), queryFn: ({ signal }) => api.post(SupplyPath.mine, query, SupplyNotePage, { signal }), placeholderData: keepPreviousData });
}

export function useReleaseNote() {
  return useMutation({ mutationFn: (body: SupplyNoteRequest) => api.post(SupplyPath.release, body, SupplyNote), onSuccess: refresh });
}

export function useUpdateNote() {
  return useMutation({ mutationFn: (body: SupplyUpdateRequest) => api.post(SupplyPath.update, body, SupplyNote), onSuccess: refresh });
}

export function useNoteAction(action: 'undo' | 'top' | 'untop') {
  return useMutation({ mutationFn: (noteId: string) => api.post(SupplyPath[action], { noteId }, SupplyNote), onSuccess: refresh });
}

export function useUploadNoteImage() {
  return useMutation({ mutationFn: (file: File) => api.upload(SupplyPath.upload, file, UploadedFile) });
}

/** Pictures are read with the session when there is one (an owner's note before approval); approved ones without. */
