import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ExchangeArticleDetail,
  ExchangeArticlePage,
  ExchangeContentPath,
  HelpCentre,
  LegalDocument,
  TermsStatus,
  type LegalKind,
} from '@tp/contract';
import { currentLanguage, identityKeys, useSession } from '@tp/web-kit';
import { api, queryClient } from './client';

/** The server words articles and legal texts in the request's language, so the language is part of each key. */
export const contentKeys = {
  notices: (language: string, page: number, size: number, pinned: boolean) => ['content', language, 'notices', page, size, pinned] as const,
  article: (language: string, id: string) => ['content', language, 'article', id] as const,
  help: (language: string) => ['content', language, 'help'] as const,
  legal: (language: string, kind: LegalKind) => ['content', language, 'legal', kind] as const,
  terms: () => [...identityKeys.user(), 'terms'] as const,
};

function useLanguage(): string {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}

export function useNotices(page: number, size: number, pinned = false) {
  const language = useLanguage();
  return useQuery({
    queryKey: contentKeys.notices(language, page, size, pinned),
    queryFn: ({ signal }) => api.get(ExchangeContentPath.notices, { page, size, ...(pinned ? { pinned: '1' } : {}) }, ExchangeArticlePage, { signal }),
  });
}

export function useArticle(id: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: contentKeys.article(language, id),
    queryFn: ({ signal }) => api.get(ExchangeContentPath.article, { id }, ExchangeArticleDetail, { signal }),
    enabled: /^\d{1,12}$/.test(id),
  });
}

export function useHelpCentre() {
  const language = useLanguage();
  return useQuery({ queryKey: contentKeys.help(language), queryFn: ({ signal }) => api.get(ExchangeContentPath.help, undefined, HelpCentre, { signal }) });
}

export const legalQuery = (language: string, kind: LegalKind) => ({
  queryKey: contentKeys.legal(language, kind),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get(ExchangeContentPath.legal, { kind }, LegalDocument, { signal }),
});

export function useLegal(kind: LegalKind) {
  return useQuery(legalQuery(useLanguage(), kind));
}

/** Whether the logged-in user accepted the terms in force (a new version asks again). */
export function useTermsStatus() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: contentKeys.terms(),
    queryFn: ({ signal }) => api.post(ExchangeContentPath.legalStatus, {}, TermsStatus, { signal }),
    enabled: isLoggedIn,
  });
}

export const acceptTerms = (version: number) => api.post(ExchangeContentPath.legalAccept, { version }, TermsStatus);

export function useAcceptTerms() {
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (status) => queryClient.setQueryData(contentKeys.terms(), status),
  });
}
