import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CaptchaChallenge,
  CheckPasswordResult,
  IdentityPath,
  QrResult,
  QrTicket,
  RightEntry,
  SendCodeResult,
  SessionInfo,
  UserInfo,
  type ChangePasswordRequest,
  type ChangePhoneRequest,
  type CodeLoginRequest,
  type ForgotPasswordRequest,
  type Language,
  type LoginRequest,
  type RegisterRequest,
  type SendCodeRequest,
  type SetPasswordRequest,
} from '@tp/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../session/SessionProvider';
import type { SessionStore } from '../session/store';
import { CLIENT_ERROR_CODE, isApiError, type ApiClient, type RequestBody } from './client';

/** The spec's right type for the fine-grained rights of a firm. */
const FIRM_RIGHTS_TYPE = 3;
const QR_POLL_MS = 2_000;

export const identityKeys = {
  all: ['identity'] as const,
  /** What belongs to the logged-in user; dropped whenever the session changes hands. */
  user: () => [...identityKeys.all, 'user'] as const,
  userInfo: () => [...identityKeys.user(), 'info'] as const,
  hasPassword: () => [...identityKeys.user(), 'hasPassword'] as const,
  rights: () => [...identityKeys.user(), 'rights'] as const,
  qrTicket: () => [...identityKeys.all, 'qrTicket'] as const,
  qrResult: (uuid: string) => [...identityKeys.all, 'qrResult', uuid] as const,
};

export interface IdentityApiDeps {
  api: ApiClient;
  session: SessionStore;
  queryClient: QueryClient;
}

/**
 * The identity calls every app makes (login, registration, passwords, QR login, logout), bound
 * to the app's own API client, session store and query cache.
 */
export function createIdentityApi({ api, session, queryClient }: IdentityApiDeps) {
  const loadCaptcha = () => api.post(IdentityPath.captchaGenerate, {}, CaptchaChallenge);

  const sendCode = (body: RequestBody<typeof SendCodeRequest>) => api.post(IdentityPath.sendCode, body, SendCodeResult);

  /** Loads the firm's right codes into the session (the spec's roleRight, read by `hasRight`). */
  async function loadRights(firmId: string, signal?: AbortSignal): Promise<RightEntry[]> {
    const rights = await api.post(IdentityPath.loadRights, { firmId, type: FIRM_RIGHTS_TYPE }, RightEntry.array(), { signal });
    session.setRights(rights);
    return rights;
  }

  /**
   * Keeps a new session and its firm's rights. Whatever was cached belonged to the previous user,
   * so it goes first. A failure to load rights leaves the user logged in without any; the client
   * has already said why.
   */
  async function establishSession(info: SessionInfo): Promise<void> {
    queryClient.removeQueries({ queryKey: identityKeys.user() });
    session.set(info);
    try {
      queryClient.setQueryData(identityKeys.rights(), await loadRights(info.firmId));
    } catch {
      session.setRights([]);
    }
  }

  /** Re-reads the logged-in firm's rights, e.g. when a page is entered with a session made elsewhere. */
  function useFirmRights() {
    const { isLoggedIn, session: current } = useSession();
    return useQuery({
      queryKey: identityKeys.rights(),
      queryFn: ({ signal }) => loadRights(current?.firmId ?? '', signal),
      enabled: isLoggedIn,
    });
  }

  function useLogin() {
    return useMutation({
      mutationFn: async (body: Omit<RequestBody<typeof LoginRequest>, 'loginWay'>) =>
        establishSession(await api.post(IdentityPath.login, { ...body, loginWay: 'password' }, SessionInfo)),
    });
  }

  function useCodeLogin() {
    return useMutation({
      mutationFn: async (body: RequestBody<typeof CodeLoginRequest>) =>
        establishSession(await api.post(IdentityPath.loginByCode, body, SessionInfo)),
    });
  }

  function useRegister() {
    return useMutation({
      mutationFn: async (body: RequestBody<typeof RegisterRequest>) =>
        establishSession(await api.post(IdentityPath.register, body, SessionInfo)),
    });
  }

  function useForgotPassword() {
    return useMutation({
      mutationFn: (body: RequestBody<typeof ForgotPasswordRequest>) => api.post(IdentityPath.forgotPassword, body),
    });
  }

  /** Forgets the session in this browser: storage, rights and everything cached for the user. */
  function endSession(): void {
    session.clear();
    queryClient.removeQueries({ queryKey: identityKeys.user() });
  }

  /** Tells the server; a failure does not matter, the session then expires there by itself. Follow with endSession. */
  function useLogout() {
    return useMutation({
      mutationFn: () => api.post(IdentityPath.logout).catch(() => undefined),
    });
  }

  // The user's queries run only with a session: a page still on screen while the session ends
  // (logout, password change) must not ask again without one and set off the expiry flow.

  function useUserInfo() {
    const { isLoggedIn } = useSession();
    return useQuery({
      queryKey: identityKeys.userInfo(),
      queryFn: ({ signal }) => api.post(IdentityPath.userInfo, {}, UserInfo, { signal }),
      enabled: isLoggedIn,
    });
  }

  function useHasPassword() {
    const { isLoggedIn } = useSession();
    return useQuery({
      queryKey: identityKeys.hasPassword(),
      queryFn: ({ signal }) => api.post(IdentityPath.checkPassword, {}, CheckPasswordResult, { signal }),
      select: (result) => result.hasPassword,
      enabled: isLoggedIn,
    });
  }

  /** The server ends every session of the user on a password change, this one included: follow with endSession. */
  function useChangePassword() {
    return useMutation({
      mutationFn: (body: RequestBody<typeof ChangePasswordRequest>) => api.post(IdentityPath.changePassword, body),
    });
  }

  function useSetPassword() {
    return useMutation({
      mutationFn: (body: RequestBody<typeof SetPasswordRequest>) => api.post(IdentityPath.setPassword, body),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.hasPassword() }),
    });
  }

  function useChangePhone() {
    return useMutation({
      mutationFn: (body: RequestBody<typeof ChangePhoneRequest>) => api.post(IdentityPath.changePhone, body, UserInfo),
      onSuccess: (info) => {
        session.update({ tel: info.tel });
        queryClient.setQueryData(identityKeys.userInfo(), info);
      },
    });
  }

  /** Saves a logged-in user's language choice, so the server writes to them in it. */
  function useSaveLanguage() {
    return useMutation({
      mutationFn: (language: Language) => api.post(IdentityPath.setLanguage, { language }),
    });
  }

  /** A QR login ticket, made once per visit of the QR page; `refetch` makes a new one. */
  function useQrTicket(enabled: boolean) {
    return useQuery({
      queryKey: identityKeys.qrTicket(),
      queryFn: () => api.post(IdentityPath.qrGenerate, {}, QrTicket),
      enabled,
      staleTime: Infinity,
      gcTime: 0,
    });
  }

  /**
   * Polls a QR ticket every 2 s while it waits. The session of a confirmed ticket is kept as soon
   * as it is read: the answer that carries it is the one the page acts on. A ticket the server
   * refuses (unknown, already used) is as good as expired: only a new one can help.
   */
  function useQrResult(uuid: string | undefined) {
    return useQuery({
      queryKey: identityKeys.qrResult(uuid ?? ''),
      queryFn: async ({ signal }): Promise<QrResult['status']> => {
        let result: QrResult;
        try {
          result = await api.post(IdentityPath.qrResult, { uuid }, QrResult, { signal });
        } catch (error) {
          // A shaky network fails this poll only; the next one tries again.
          if (isApiError(error, CLIENT_ERROR_CODE.network) || !isApiError(error)) throw error;
          return 'expired';
        }
        if (result.status === 'confirmed' && result.session) await establishSession(result.session);
        return result.status;
      },
      enabled: Boolean(uuid),
      refetchInterval: ({ state }) => (state.data === undefined || state.data === 'waiting' ? QR_POLL_MS : false),
      refetchIntervalInBackground: true,
      gcTime: 0,
    });
  }

  function useQrConfirm() {
    return useMutation({
      mutationFn: (uuid: string) => api.post(IdentityPath.qrConfirm, { uuid }),
    });
  }

  return {
    loadCaptcha,
    sendCode,
    establishSession,
    useFirmRights,
    useLogin,
    useCodeLogin,
    useRegister,
    useForgotPassword,
    endSession,
    useLogout,
    useUserInfo,
    useHasPassword,
    useChangePassword,
    useSetPassword,
    useChangePhone,
    useSaveLanguage,
    useQrTicket,
    useQrResult,
    useQrConfirm,
  };
}

export type IdentityApi = ReturnType<typeof createIdentityApi>;
