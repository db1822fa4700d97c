import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminArticle,
  AdminArticlePage,
  AdminLegalVersion,
  ExchangeContentPath,
  type ExchangeArticleKind,
  type LegalKind,
  type PublishLegalRequest,
  type SaveArticleRequest,
} from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

const contentKeys = {
  all: () => [...adminKeys.staff(), 'exchangeContent'] as const,
  articles: (kind: ExchangeArticleKind, page: number) => [...contentKeys.all(), 'articles', kind, page] as const,
  legal: (kind: LegalKind) => [...contentKeys.all(), 'legal', kind] as const,
};

export function useArticles(kind: ExchangeArticleKind, page: number, size: number) {
  return useQuery({
    queryKey: contentKeys.articles(kind, page),
    queryFn: ({ signal }) => api.post(ExchangeContentPath.adminArticles, { kind, page, size }, AdminArticlePage, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: contentKeys.all() });

export function useSaveArticle() {
  return useMutation({ mutationFn: (request: SaveArticleRequest) => api.post(ExchangeContentPath.adminSaveArticle, request, AdminArticle), onSuccess: refresh });
}

export function useDeleteArticle() {
  return useMutation({ mutationFn: (id: string) => api.post(ExchangeContentPath.adminDeleteArticle, { id }), onSuccess: refresh });
}

export function useLegalVersions(kind: LegalKind) {
  return useQuery({
    queryKey: contentKeys.legal(kind),
    queryFn: ({ signal }) => api.post(ExchangeContentPath.adminLegalVersions, { kind }, AdminLegalVersion.array(), { signal }),
  });
}

export function usePublishLegal() {
  return useMutation({ mutationFn: (request: PublishLegalRequest) => api.post(ExchangeContentPath.adminPublishLegal, request, AdminLegalVersion), onSuccess: refresh });
}
