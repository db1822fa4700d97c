import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  RecoveryCodes,
  SecurityPath,
  SecurityStatus,
  TotpSetup,
  UserSession,
  pageOf,
  type DisableTotpRequest,
  type EnableTotpRequest,
  type SetAntiPhishingRequest,
} from '@tp/contract';
import { identityKeys, useSession } from '@tp/web-kit';
import { api, queryClient } from './client';

export const securityKeys = {
  /** Under the user's keys, so a change of session drops them. */
  status: () => [...identityKeys.user(), 'security'] as const,
  sessions: (page: number) => [...identityKeys.user(), 'sessions', page] as const,
  allSessions: () => [...identityKeys.user(), 'sessions'] as const,
};

const SessionPage = pageOf(UserSession);

/** Two-factor authentication on or off, recovery codes left, the anti-phishing phrase. */
export function useSecurityStatus() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: securityKeys.status(),
    queryFn: ({ signal }) => api.post(SecurityPath.status, {}, SecurityStatus, { signal }),
    enabled: isLoggedIn,
  });
}

const refreshStatus = () => queryClient.invalidateQueries({ queryKey: securityKeys.status() });

/** A new secret and its QR code; shown only while setting up. */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => api.post(SecurityPath.totpSetup, {}, TotpSetup) });
}

/** Answers with the recovery codes, which the server never shows again. */
export function useEnableTotp() {
  return useMutation({ mutationFn: (request: EnableTotpRequest) => api.post(SecurityPath.totpEnable, request, RecoveryCodes), onSuccess: refreshStatus });
}

export function useDisableTotp() {
  return useMutation({ mutationFn: (request: DisableTotpRequest) => api.post(SecurityPath.totpDisable, request), onSuccess: refreshStatus });
}

export function useSetAntiPhishing() {
  return useMutation({ mutationFn: (request: SetAntiPhishingRequest) => api.post(SecurityPath.antiPhishing, request), onSuccess: refreshStatus });
}

export function useSessions(page: number, size: number) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: securityKeys.sessions(page),
    queryFn: ({ signal }) => api.post(SecurityPath.sessions, { page, size }, SessionPage, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

export function useRevokeSession() {
  return useMutation({
    mutationFn: (sessionId: string) => api.post(SecurityPath.revokeSession, { sessionId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.allSessions() }),
  });
}

/** Every session of the user ends, this one included: follow with the identity API's endSession. */
export function useRevokeAllSessions() {
  return useMutation({ mutationFn: () => api.post(SecurityPath.revokeAllSessions, {}) });
}
