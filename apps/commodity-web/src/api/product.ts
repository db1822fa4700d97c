import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  Cart,
  CheckoutResult,
  Product,
  ProductOrder,
  ProductOrderPage,
  ProductPage,
  ProductPath,
  Shop,
  UploadedFile,
  type CheckoutRequest,
  type ProductListRequest,
  type SellerCancelRequest,
  type ProductMineRequest,
  type ProductOrderListRequest,
  type ProductRequest,
  type ProductUpdateRequest,
  type ShopRequest,
} from '@tp/contract';
import { api, queryClient } from './client';

export const productKeys = {
  all: ['product'] as const,
  list: (query: ProductListRequest) => [...productKeys.all, 'list', query] as const,
  detail: (productId: string) => [...productKeys.all, 'detail', productId] as const,
  mine: (query: ProductMineRequest) => [...productKeys.all, 'mine', query] as const,
  shop: (firmId: string) => [...productKeys.all, 'shop', firmId] as const,
  myShop: () => [...productKeys.all, 'myShop'] as const,
  cart: () => [...productKeys.all, 'cart'] as const,
  orders: (query: ProductOrderListRequest) => [...productKeys.all, 'orders', query] as const,
};

// Orders move money and stock, so every change refreshes everything the shop shows.
const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
const validId = (id: string | undefined): id is string => id !== undefined && /^\d{1,18}$/.test(id);

export function useProducts(query: ProductListRequest) {
  return useQuery({ queryKey: productKeys.list(query), queryFn: ({ signal }) => api.post(ProductPath.list, query, ProductPage, { signal }), placeholderData: keepPreviousData });
}

export function useProduct(productId: string | undefined) {
  return useQuery({
    queryKey: productKeys.detail(productId ?? ''),
    queryFn: ({ signal }) => api.post(ProductPath.detail, { productId }, Product, { signal }),
    enabled: validId(productId),
    retry: false,
  });
}

export function useMyProducts(query: ProductMineRequest) {
  return useQuery({ queryKey: productKeys.mine(query), queryFn: ({ signal }) => api.post(ProductPath.mine, query, ProductPage, { signal }), placeholderData: keepPreviousData });
}

export function useShop(firmId: string | undefined) {
  return useQuery({
    queryKey: productKeys.shop(firmId ?? ''),
    queryFn: ({ signal }) => api.post(ProductPath.shop, { firmId }, Shop, { signal }),
    enabled: validId(firmId),
    retry: false,
  });
}

export function useMyShop(enabled = true) {
  return useQuery({ queryKey: productKeys.myShop(), queryFn: ({ signal }) => api.post(ProductPath.shopMine, {}, Shop.nullable(), { signal }), enabled });
}

export function useSaveShop() {
  return useMutation({ mutationFn: (body: ShopRequest) => api.post(ProductPath.shopSave, body, Shop), onSuccess: refresh });
}

export function useCreateProduct() {
  return useMutation({ mutationFn: (body: ProductRequest) => api.post(ProductPath.create, body, Product), onSuccess: refresh });
}

export function useUpdateProduct() {
  return useMutation({ mutationFn: (body: ProductUpdateRequest) => api.post(ProductPath.update, body, Product), onSuccess: refresh });
}

export function useProductAction(action: 'submit' | 'offShelf') {
  return useMutation({ mutationFn: (productId: string) => api.post(ProductPath[action], { productId }, Product), onSuccess: refresh });
}

export function useUploadProductImage() {
  return useMutation({ mutationFn: (file: File) => api.upload(ProductPath.upload, file, UploadedFile) });
}

export function useCart(enabled = true) {
  return useQuery({ queryKey: productKeys.cart(), queryFn: ({ signal }) => api.post(ProductPath.cart, {}, Cart, { signal }), enabled });
}

export function useCartChange(action: 'cartAdd' | 'cartUpdate') {
  return useMutation({
    mutationFn: (body: { productId: string; quantity: number }) => api.post(ProductPath[action], body, Cart),
    onSuccess: (cart) => queryClient.setQueryData(productKeys.cart(), cart),
  });
}

export function useCartRemove() {
  return useMutation({
    mutationFn: (productId: string) => api.post(ProductPath.cartRemove, { productId }, Cart),
    onSuccess: (cart) => queryClient.setQueryData(productKeys.cart(), cart),
  });
}

export function useCheckout() {
  return useMutation({ mutationFn: (body: CheckoutRequest) => api.post(ProductPath.checkout, body, CheckoutResult), onSuccess: refresh });
}

export function useProductOrders(query: ProductOrderListRequest, enabled = true) {
  return useQuery({ queryKey: productKeys.orders(query), queryFn: ({ signal }) => api.post(ProductPath.orders, query, ProductOrderPage, { signal }), placeholderData: keepPreviousData, enabled });
}

export function useOrderAction(action: 'receive' | 'cancel') {
  return useMutation({ mutationFn: (orderId: string) => api.post(ProductPath[action], { orderId }, ProductOrder), onSuccess: refresh });
}

export function useShipOrder() {
  return useMutation({ mutationFn: (body: { orderId: string; trackingNo: string }) => api.post(ProductPath.ship, body, ProductOrder), onSuccess: refresh });
}

/** The seller cancels a paid order it cannot ship, with the reason the buyer reads. */
export function useSellerCancel() {
  return useMutation({ mutationFn: (body: SellerCancelRequest) => api.post(ProductPath.sellerCancel, body, ProductOrder), onSuccess: refresh });
}

/** Pictures are read with the session when there is one (an owner's product before approval); on-sale ones without. */
