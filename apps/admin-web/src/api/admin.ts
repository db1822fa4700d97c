import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminPath,
  AdminSession,
  AdminStaff,
  CaptchaChallenge,
  IdentityPath,
  SystemPath,
  SystemSwitches,
  type Page,
  type UpdateSystemSwitchesRequest,
} from '@tp/contract';
import { useSession, type Parser } from '@tp/web-kit';
import { session } from '../session';
import { api, queryClient } from './client';

export const adminKeys = {
  /** Everything read with the staff session; dropped when the session changes hands. */
  staff: () => ['admin'] as const,
  me: () => [...adminKeys.staff(), 'me'] as const,
  list: (path: string, request: object) => [...adminKeys.staff(), 'list', path, request] as const,
  switches: () => ['system', 'switches'] as const,
};

export const loadCaptcha = () => api.post(IdentityPath.captchaGenerate, {}, CaptchaChallenge);

/**
 * Staff sessions ride in the same headers as users' (`sessionStr`, and the staff id as `userId`);
 * the firm id has no meaning for staff, so a fixed marker keeps the guard's rule (both stored).
 */
export const STAFF_FIRM_MARKER = 'staff';

export function useStaffLogin() {
  return useMutation({
    mutationFn: async (body: { account: string; password: string; captchaId?: string | undefined; captchaCode?: string | undefined }) => {
      const staff = await api.post(AdminPath.login, body, AdminSession);
      queryClient.removeQueries({ queryKey: adminKeys.staff() });
      session.set({
        isLogin: true,
        userId: staff.staffId,
        sessionStr: staff.sessionStr,
        tel: '',
        firmId: STAFF_FIRM_MARKER,
        firmCode: '',
        marketId: '',
        userType: 'personal',
        userCerStatus: '',
        nickNameStatus: '',
        highCerStatus: '',
        isMainAccount: false,
      });
      return staff;
    },
  });
}

export function endStaffSession(): void {
  session.clear();
  queryClient.removeQueries({ queryKey: adminKeys.staff() });
}

export function useStaffLogout() {
  return useMutation({ mutationFn: () => api.post(AdminPath.logout).catch(() => undefined) });
}

export function useStaff() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => api.post(AdminPath.me, {}, AdminStaff, { signal }),
    enabled: isLoggedIn,
    staleTime: 5 * 60_000,
  });
}

/** A paged back-office list; the previous page stays on screen while the next one loads. */
export function usePagedList<Row>(path: string, schema: Parser<Page<Row>>, request: object) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: adminKeys.list(path, request),
    queryFn: ({ signal }) => api.post(path, request, schema, { signal }),
    enabled: isLoggedIn,
    placeholderData: keepPreviousData,
  });
}

export function useSwitches() {
  return useQuery({
    queryKey: adminKeys.switches(),
    queryFn: ({ signal }) => api.get(SystemPath.switches, undefined, SystemSwitches, { signal }),
  });
}

export function useUpdateSwitches() {
  return useMutation({
    mutationFn: (patch: UpdateSystemSwitchesRequest) => api.post(SystemPath.adminSwitches, patch, SystemSwitches),
    onSuccess: (switches) => queryClient.setQueryData(adminKeys.switches(), switches),
  });
}
