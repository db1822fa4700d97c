import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  Pickup,
  PickupPage,
  Storage,
  StoragePage,
  WarehousePath,
  WarehousingApply,
  WarehousingApplyPage,
  type AdminApplyListRequest,
  type AssignRequest,
  type AuditRequest,
  type PickupMode,
  type SaveStorageRequest,
  type SetFeeRequest,
} from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

export const warehouseKeys = {
  all: () => [...adminKeys.staff(), 'warehouse'] as const,
  applies: (request: object) => [...warehouseKeys.all(), 'applies', request] as const,
  pickups: (request: object) => [...warehouseKeys.all(), 'pickups', request] as const,
  storages: (request: object) => [...warehouseKeys.all(), 'storages', request] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all() });

export function useAdminApplies(request: Partial<AdminApplyListRequest> & { page: number; size: number }) {
  return useQuery({ queryKey: warehouseKeys.applies(request), queryFn: ({ signal }) => api.post(WarehousePath.adminApplies, request, WarehousingApplyPage, { signal }), placeholderData: keepPreviousData });
}

export function useAdminPickups(request: { mode: PickupMode; page: number; size: number }) {
  return useQuery({ queryKey: warehouseKeys.pickups(request), queryFn: ({ signal }) => api.post(WarehousePath.adminPickups, request, PickupPage, { signal }), placeholderData: keepPreviousData });
}

export function useAdminStorages(request: { page: number; size: number }) {
  return useQuery({ queryKey: warehouseKeys.storages(request), queryFn: ({ signal }) => api.post(WarehousePath.adminStorages, request, StoragePage, { signal }), placeholderData: keepPreviousData });
}

export const useAudit = () => useMutation({ mutationFn: (body: AuditRequest) => api.post(WarehousePath.adminAudit, body, WarehousingApply), onSuccess: refresh });
export const useSetFee = () => useMutation({ mutationFn: (body: SetFeeRequest) => api.post(WarehousePath.adminSetFee, body, WarehousingApply), onSuccess: refresh });
export const useReview = () => useMutation({ mutationFn: (body: AuditRequest) => api.post(WarehousePath.adminReview, body, WarehousingApply), onSuccess: refresh });
export const useArrive = () => useMutation({ mutationFn: (applyId: string) => api.post(WarehousePath.adminArrive, { applyId }, WarehousingApply), onSuccess: refresh });
export const useStore = () => useMutation({ mutationFn: (applyId: string) => api.post(WarehousePath.adminStore, { applyId }, WarehousingApply), onSuccess: refresh });
export const useConfirmPickup = () => useMutation({ mutationFn: (pickupCode: string) => api.post(WarehousePath.adminConfirmPickup, { pickupCode }, Pickup), onSuccess: refresh });
export const useAssign = () => useMutation({ mutationFn: (body: AssignRequest) => api.post(WarehousePath.adminAssign, body, Pickup), onSuccess: refresh });
export const useShip = () => useMutation({ mutationFn: (pickupId: string) => api.post(WarehousePath.adminShip, { pickupId }, Pickup), onSuccess: refresh });
export const useSaveStorage = () => useMutation({ mutationFn: (body: SaveStorageRequest) => api.post(WarehousePath.adminSaveStorage, body, Storage), onSuccess: refresh });
export const useDeleteStorage = () => useMutation({ mutationFn: (storageId: string) => api.post(WarehousePath.adminDeleteStorage, { storageId }, z.null()), onSuccess: refresh });

/** Opens an inspection report in a new tab; file addresses need the session headers, so it is fetched first. */
export async function openReport(url: string): Promise<void> {
  const blob = await api.blob(url);
  window.open(URL.createObjectURL(blob), '_blank', 'noopener');
}
