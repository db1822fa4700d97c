import { useMutation, useQuery } from '@tanstack/react-query';
import {
  AccountRelation,
  AddressList,
  AddressRow,
  CertificationInfo,
  CompanyOverview,
  EnterprisePath,
  RightCatalogue,
  RoleList,
  RoleRow,
  SealInfo,
  StaffList,
  StaffRow,
  UploadedFile,
  type AddressSaveRequest,
  type CertificationPhotoField,
  type CertificationRequest,
  type RoleAddRequest,
  type RoleUpdateRequest,
  type StaffAddRequest,
  type StaffUpdateRequest,
} from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { api, queryClient } from './client';
import { identityKeys } from './identity';

/** Query keys of the firm's enterprise data; everything sits under the caller's firm and user. */
// Under the user's keys, so they are dropped whenever the session changes hands.
export const enterpriseKeys = {
  all: () => [...identityKeys.user(), 'enterprise'] as const,
  certification: () => [...enterpriseKeys.all(), 'certification'] as const,
  relation: () => [...enterpriseKeys.all(), 'relation'] as const,
  overview: () => [...enterpriseKeys.all(), 'overview'] as const,
  catalogue: () => [...enterpriseKeys.all(), 'catalogue'] as const,
  staff: () => [...enterpriseKeys.all(), 'staff'] as const,
  roles: () => [...enterpriseKeys.all(), 'roles'] as const,
  addresses: () => [...enterpriseKeys.all(), 'addresses'] as const,
  seal: () => [...enterpriseKeys.all(), 'seal'] as const,
};

function useLoggedInQuery<T>(key: readonly unknown[], path: string, schema: { parse(value: unknown): T }, enabled = true) {
  const { isLoggedIn, session } = useSession();
  return useQuery({
    // The firm and user are part of the key, so another login never sees these rows from the cache.
    queryKey: [...key, session?.firmId ?? '', session?.userId ?? ''],
    queryFn: ({ signal }) => api.post(path, {}, schema, { signal }),
    enabled: isLoggedIn && enabled,
  });
}

const invalidate = (...keys: (readonly unknown[])[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

// ---- certification ----

export const useCertification = (enabled = true) => useLoggedInQuery(enterpriseKeys.certification(), EnterprisePath.certification, CertificationInfo, enabled);
export const useAccountRelation = () => useLoggedInQuery(enterpriseKeys.relation(), EnterprisePath.accountRelation, AccountRelation);
export const useCompanyOverview = () => useLoggedInQuery(enterpriseKeys.overview(), EnterprisePath.overview, CompanyOverview);

/** Uploads one certification photo; a refusal comes back naming the field. */
export const uploadCertificationPhoto = (field: CertificationPhotoField, file: Blob) =>
  api.upload(`${EnterprisePath.certificationPhoto}?field=${field}`, file, UploadedFile);

export function useSubmitCertification() {
  return useMutation({
    mutationFn: (body: CertificationRequest) => api.post(EnterprisePath.certificationSubmit, body, CertificationInfo),
    onSuccess: () => invalidate(enterpriseKeys.certification(), enterpriseKeys.relation(), enterpriseKeys.overview()),
  });
}

// ---- staff and roles ----

export const useRightCatalogue = () => useLoggedInQuery(enterpriseKeys.catalogue(), EnterprisePath.rightCatalogue, RightCatalogue);
export const useStaffList = () => useLoggedInQuery(enterpriseKeys.staff(), EnterprisePath.staffList, StaffList);
export const useRoleList = () => useLoggedInQuery(enterpriseKeys.roles(), EnterprisePath.roleList, RoleList);

const staffChanged = () => invalidate(enterpriseKeys.staff(), enterpriseKeys.roles(), enterpriseKeys.overview());
// A role change can change the caller's own rights (menus) too.
const rolesChanged = () => invalidate(enterpriseKeys.staff(), enterpriseKeys.roles(), enterpriseKeys.overview(), identityKeys.rights());

export function useAddStaff() {
  return useMutation({ mutationFn: (body: StaffAddRequest) => api.post(EnterprisePath.staffAdd, body, StaffRow), onSuccess: staffChanged });
}
export function useUpdateStaff() {
  return useMutation({ mutationFn: (body: StaffUpdateRequest) => api.post(EnterprisePath.staffUpdate, body, StaffRow), onSuccess: staffChanged });
}
export function useDeleteStaff() {
  return useMutation({ mutationFn: (userId: string) => api.post(EnterprisePath.staffDelete, { userId }), onSuccess: staffChanged });
}
export function useAddRole() {
  return useMutation({ mutationFn: (body: RoleAddRequest) => api.post(EnterprisePath.roleAdd, body, RoleRow), onSuccess: rolesChanged });
}
export function useUpdateRole() {
  return useMutation({ mutationFn: (body: RoleUpdateRequest) => api.post(EnterprisePath.roleUpdate, body, RoleRow), onSuccess: rolesChanged });
}
export function useDeleteRole() {
  return useMutation({ mutationFn: (roleId: string) => api.post(EnterprisePath.roleDelete, { roleId }), onSuccess: rolesChanged });
}

// ---- delivery addresses ----

export const useAddresses = () => useLoggedInQuery(enterpriseKeys.addresses(), EnterprisePath.addressList, AddressList);

export function useSaveAddress() {
  return useMutation({
    mutationFn: (body: Partial<AddressSaveRequest> & Omit<AddressSaveRequest, 'postCode' | 'defaultFlag'>) => api.post(EnterprisePath.addressSave, body, AddressRow),
    onSuccess: () => invalidate(enterpriseKeys.addresses()),
  });
}
export function useDeleteAddress() {
  return useMutation({ mutationFn: (id: string) => api.post(EnterprisePath.addressDelete, { id }), onSuccess: () => invalidate(enterpriseKeys.addresses()) });
}
export function useDefaultAddress() {
  return useMutation({ mutationFn: (id: string) => api.post(EnterprisePath.addressDefault, { id }, AddressRow), onSuccess: () => invalidate(enterpriseKeys.addresses()) });
}

// ---- signature seal ----

export const useSeal = () => useLoggedInQuery(enterpriseKeys.seal(), EnterprisePath.seal, SealInfo);

export function useUploadSeal() {
  return useMutation({
    mutationFn: (file: Blob) => api.upload(EnterprisePath.sealUpload, file, SealInfo),
    onSuccess: () => invalidate(enterpriseKeys.seal(), enterpriseKeys.overview()),
  });
}

/** Reads an uploaded image with the session headers (file addresses need them). */
export const loadImage = (path: string, signal?: AbortSignal) => api.blob(path, signal ? { signal } : undefined);
