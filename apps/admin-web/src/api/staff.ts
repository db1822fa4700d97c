import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AuditLogRow,
  AuditVerifyReport,
  StaffAccess,
  StaffMemberRow,
  StaffPath,
  StaffRoleRow,
  pageOf,
  staffMay,
  type AssignStaffRolesRequest,
  type AuditLogRequest,
  type SaveStaffRoleRequest,
  type StaffRight,
} from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

export const staffKeys = {
  access: () => [...adminKeys.staff(), 'access'] as const,
  roles: () => [...adminKeys.staff(), 'staff-roles'] as const,
  members: () => [...adminKeys.staff(), 'staff-members'] as const,
  auditLog: (request: object) => [...adminKeys.staff(), 'audit-log', request] as const,
};

/** What the signed-in staff member may do; menus and pages follow it, the server enforces it. */
export function useStaffAccess() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: staffKeys.access(),
    queryFn: ({ signal }) => api.post(StaffPath.access, {}, StaffAccess, { signal }),
    enabled: isLoggedIn,
    staleTime: 60_000,
  });
}

/** May the signed-in staff member use something that needs `right`? False while unknown. */
export function useMay(): (right: StaffRight) => boolean {
  const access = useStaffAccess();
  return (right) => staffMay(access.data, right);
}

export function useStaffRoles() {
  return useQuery({ queryKey: staffKeys.roles(), queryFn: ({ signal }) => api.post(StaffPath.roles, {}, StaffRoleRow.array(), { signal }) });
}

export function useStaffMembers() {
  return useQuery({ queryKey: staffKeys.members(), queryFn: ({ signal }) => api.post(StaffPath.members, {}, StaffMemberRow.array(), { signal }) });
}

const refreshStaff = () => Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.roles() }), queryClient.invalidateQueries({ queryKey: staffKeys.members() }), queryClient.invalidateQueries({ queryKey: staffKeys.access() })]);

export function useSaveStaffRole() {
  return useMutation({ mutationFn: (body: SaveStaffRoleRequest) => api.post(StaffPath.saveRole, body, StaffRoleRow), onSuccess: refreshStaff });
}

export function useDeleteStaffRole() {
  return useMutation({ mutationFn: (roleId: string) => api.post(StaffPath.deleteRole, { roleId }), onSuccess: refreshStaff });
}

export function useAssignStaffRoles() {
  return useMutation({ mutationFn: (body: AssignStaffRolesRequest) => api.post(StaffPath.assign, body, StaffMemberRow), onSuccess: refreshStaff });
}

const AUDIT_PAGE = pageOf(AuditLogRow);

export function useAuditLog(request: Partial<AuditLogRequest>) {
  return useQuery({ queryKey: staffKeys.auditLog(request), queryFn: ({ signal }) => api.post(StaffPath.auditLog, request, AUDIT_PAGE, { signal }), placeholderData: keepPreviousData });
}

export function useVerifyAudit() {
  return useMutation({ mutationFn: () => api.post(StaffPath.auditVerify, {}, AuditVerifyReport) });
}
