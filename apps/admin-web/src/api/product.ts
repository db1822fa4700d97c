import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminProduct, AdminProductPage, CatalogPath, CommodityType, ProductPath, type AdminProductListRequest, type ProductAuditRequest, type ProductOffShelfRequest } from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

export const productKeys = {
  all: () => [...adminKeys.staff(), 'product'] as const,
  products: (request: AdminProductListRequest) => [...productKeys.all(), 'products', request] as const,
  commodityTypes: () => ['catalog', 'commodityTypes', 'product'] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all() });

export function useAdminProducts(request: AdminProductListRequest) {
  return useQuery({ queryKey: productKeys.products(request), queryFn: ({ signal }) => api.post(ProductPath.adminList, request, AdminProductPage, { signal }), placeholderData: keepPreviousData });
}

export const useAuditProduct = () => useMutation({ mutationFn: (body: ProductAuditRequest) => api.post(ProductPath.adminAudit, body, AdminProduct), onSuccess: refresh });
export const useForceOffShelf = () => useMutation({ mutationFn: (body: ProductOffShelfRequest) => api.post(ProductPath.adminOffShelf, body, AdminProduct), onSuccess: refresh });

/** Staff read pictures through the back office's file addresses, which need the session headers. */
export function useProductCommodityTypes() {
  return useQuery({ queryKey: productKeys.commodityTypes(), queryFn: ({ signal }) => api.get(CatalogPath.commodityTypes, undefined, z.array(CommodityType), { signal }), staleTime: 10 * 60_000 });
}
