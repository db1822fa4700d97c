import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AfterSaleOfOrder,
  AfterSalePage,
  AfterSalePath,
  AfterSaleRequestView,
  UploadPath,
  UploadedFile,
  type AfterSaleKindCode,
  type AfterSaleListRequest,
  type OpenAfterSaleRequest,
} from '@tp/contract';
import { api, queryClient } from '../../api/client';

export const afterSaleKeys = {
  all: ['aftersale'] as const,
  list: (query: AfterSaleListRequest) => [...afterSaleKeys.all, 'list', query] as const,
  ofOrder: (kind: AfterSaleKindCode, orderId: string) => [...afterSaleKeys.all, 'order', kind, orderId] as const,
};

// A refund moves money: the capital center's and the orders' queries are refetched too.
const refresh = () => queryClient.invalidateQueries();

export const useAfterSaleOfOrder = (kind: AfterSaleKindCode, orderId: string) =>
  useQuery({ queryKey: afterSaleKeys.ofOrder(kind, orderId), queryFn: ({ signal }) => api.post(AfterSalePath.ofOrder, { kind, orderId }, AfterSaleOfOrder, { signal }) });
export const useAfterSaleList = (query: AfterSaleListRequest) =>
  useQuery({ queryKey: afterSaleKeys.list(query), queryFn: ({ signal }) => api.post(AfterSalePath.list, query, AfterSalePage, { signal }), placeholderData: keepPreviousData });

export const useUploadAfterSalePhoto = () => useMutation({ mutationFn: (file: File) => api.upload(UploadPath.image, file, UploadedFile) });
export const useOpenAfterSale = () => useMutation({ mutationFn: (body: OpenAfterSaleRequest) => api.post(AfterSalePath.open, body, AfterSaleRequestView), onSuccess: refresh });

type Step =
  | { path: typeof AfterSalePath.answer; body: { requestId: string; accept: boolean; reason?: string } }
  | { path: typeof AfterSalePath.arbitrate; body: { requestId: string; reason: string } }
  | { path: typeof AfterSalePath.shipBack | typeof AfterSalePath.shipReplacement; body: { requestId: string; carrier: string; trackingNo: string } }
  | { path: typeof AfterSalePath.confirmReturn | typeof AfterSalePath.confirmReplacement; body: { requestId: string } };

/** One party's step on a request (answer, arbitration, shipments, receipts). */
export const useAfterSaleStep = () => useMutation({ mutationFn: (step: Step) => api.post(step.path, step.body, AfterSaleRequestView), onSuccess: refresh });
