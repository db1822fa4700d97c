import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CatalogPath,
  CommodityType,
  CompanyWarehouse,
  HoldingPage,
  Pickup,
  PickupPage,
  ReceiptPage,
  ReportUpload,
  StoragePage,
  WarehousePath,
  WarehousingApply,
  WarehousingApplyPage,
  type ApplyListRequest,
  type HoldingListRequest,
  type PickupApplyRequest,
  type PickupMode,
  type SubmitReportRequest,
  type WarehousingApplyRequest,
} from '@tp/contract';
import { api, queryClient } from './client';

export const warehouseKeys = {
  all: ['warehouse'] as const,
  catalog: () => ['catalog', 'commodityTypes'] as const,
  storages: () => ['catalog', 'storages'] as const,
  applies: (query: Partial<ApplyListRequest>) => [...warehouseKeys.all, 'applies', query] as const,
  inspections: (query: Partial<ApplyListRequest>) => [...warehouseKeys.all, 'inspections', query] as const,
  receipts: (page: number) => [...warehouseKeys.all, 'receipts', page] as const,
  holdings: (query: Partial<HoldingListRequest>) => [...warehouseKeys.all, 'holdings', query] as const,
  companyWarehouse: () => [...warehouseKeys.all, 'companyWarehouse'] as const,
  pickups: (mode: PickupMode, page: number) => [...warehouseKeys.all, 'pickups', mode, page] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all });

export function useCommodityTypes() {
  return useQuery({ queryKey: warehouseKeys.catalog(), queryFn: ({ signal }) => api.get(CatalogPath.commodityTypes, undefined, z.array(CommodityType), { signal }), staleTime: 600_000 });
}

export function useStorages() {
  return useQuery({ queryKey: warehouseKeys.storages(), queryFn: ({ signal }) => api.post(CatalogPath.storages, { size: 99 }, StoragePage, { signal }), staleTime: 600_000 });
}

export function useApplies(query: Partial<ApplyListRequest>) {
  return useQuery({ queryKey: warehouseKeys.applies(query), queryFn: ({ signal }) => api.post(WarehousePath.applyList, query, WarehousingApplyPage, { signal }), placeholderData: keepPreviousData });
}

export function useInspections(query: Partial<ApplyListRequest>) {
  return useQuery({ queryKey: warehouseKeys.inspections(query), queryFn: ({ signal }) => api.post(WarehousePath.inspectionList, query, WarehousingApplyPage, { signal }), placeholderData: keepPreviousData });
}

export function useReceipts(page: number) {
  return useQuery({ queryKey: warehouseKeys.receipts(page), queryFn: ({ signal }) => api.post(WarehousePath.receipts, { page }, ReceiptPage, { signal }), placeholderData: keepPreviousData });
}

export function useHoldings(query: Partial<HoldingListRequest>, enabled = true) {
  return useQuery({ queryKey: warehouseKeys.holdings(query), queryFn: ({ signal }) => api.post(WarehousePath.holdings, query, HoldingPage, { signal }), placeholderData: keepPreviousData, enabled });
}

export function useCompanyWarehouse() {
  return useQuery({ queryKey: warehouseKeys.companyWarehouse(), queryFn: ({ signal }) => api.post(WarehousePath.companyWarehouse, {}, z.array(CompanyWarehouse), { signal }) });
}

export function usePickups(mode: PickupMode, page: number) {
  return useQuery({ queryKey: warehouseKeys.pickups(mode, page), queryFn: ({ signal }) => api.post(WarehousePath.pickups, { mode, page }, PickupPage, { signal }), placeholderData: keepPreviousData });
}

export function useApplyWarehousing() {
  return useMutation({ mutationFn: (body: WarehousingApplyRequest) => api.post(WarehousePath.apply, body, WarehousingApply), onSuccess: refresh });
}

export function useApplyAction(action: 'revoke' | 'remove' | 'acceptFailed') {
  return useMutation({ mutationFn: (applyId: string) => api.post(WarehousePath[action], { applyId }, action === 'remove' ? z.null() : WarehousingApply), onSuccess: refresh });
}

export function useSubmitReport() {
  return useMutation({
    mutationFn: async (input: Omit<SubmitReportRequest, 'fileId'> & { file: Blob }) => {
      const uploaded = await api.upload(WarehousePath.reportUpload, input.file, ReportUpload);
      return api.post(WarehousePath.submitReport, { applyId: input.applyId, reportType: input.reportType, fileId: uploaded.id }, WarehousingApply);
    },
    onSuccess: refresh,
  });
}

export function usePickupApply() {
  return useMutation({ mutationFn: (body: PickupApplyRequest) => api.post(WarehousePath.pickupApply, body, Pickup), onSuccess: refresh });
}

export function usePickupReceive() {
  return useMutation({ mutationFn: (pickupId: string) => api.post(WarehousePath.pickupReceive, { pickupId }, Pickup), onSuccess: refresh });
}
