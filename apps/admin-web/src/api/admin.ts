import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminFirmRow,
  AdminPath,
  AdminSession,
  AdminStaff,
  AdminUserRow,
  CaptchaChallenge,
  DevOutboxEntry,
  IdentityPath,
  SystemPath,
  SystemSwitches,
  type Page,
  pageOf,
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

export interface StaffLoginRequest {
  account: string;
  password: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

/** Logs a staff member in and opens their session; a plain call, so the login page can load this module on submit. */
export async function staffLogin(body: StaffLoginRequest) {
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

/** A back-office list the server pages (read through `PagedTable`): its address and its page's schema. */
export interface PagedList<Row> {
  path: string;
  schema: Parser<Page<Row>>;
}

export const userList: PagedList<AdminUserRow> = { path: AdminPath.users, schema: pageOf(AdminUserRow) };
export const firmList: PagedList<AdminFirmRow> = { path: AdminPath.firms, schema: pageOf(AdminFirmRow) };
export const outboxList: PagedList<DevOutboxEntry> = { path: AdminPath.devOutbox, schema: pageOf(DevOutboxEntry) };

/** A paged back-office list; the previous page stays on screen while the next one loads. */
export function usePagedList<Row>(list: PagedList<Row>, request: object) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: adminKeys.list(list.path, request),
    queryFn: ({ signal }) => api.post(list.path, request, list.schema, { signal }),
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

/** Marks or unmarks a proprietary member (barred from trading); every staff list refreshes. */
export function useSetProprietary() {
  return useMutation({
    mutationFn: (change: { userId: string; proprietary: boolean }) => api.post(AdminPath.userProprietary, change),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
