import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  OtcAd,
  OtcAdminAppealDetail,
  OtcAdminAppealPage,
  OtcAdminMerchantPage,
  OtcAdPage,
  OtcPath,
  type OtcAdStatus,
  type OtcAdminDecisionRequest,
  type OtcAppealStatus,
  type OtcMerchantStatus,
} from '@tp/contract';
import { adminKeys } from './admin';
import { api, queryClient } from './client';

const otcKey = (...parts: unknown[]) => [...adminKeys.staff(), 'otc', ...parts] as const;
const refresh = () => queryClient.invalidateQueries({ queryKey: otcKey() });

export function useOtcMerchants(request: { status?: OtcMerchantStatus; page: number; size: number }) {
  return useQuery({ queryKey: otcKey('merchants', request), queryFn: ({ signal }) => api.post(OtcPath.adminMerchants, request, OtcAdminMerchantPage, { signal }), placeholderData: keepPreviousData });
}

export function useOtcAppeals(request: { appealStatus?: OtcAppealStatus; page: number; size: number }) {
  return useQuery({ queryKey: otcKey('appeals', request), queryFn: ({ signal }) => api.post(OtcPath.adminAppeals, request, OtcAdminAppealPage, { signal }), placeholderData: keepPreviousData });
}

export function useOtcAppeal(orderId: string) {
  return useQuery({ queryKey: otcKey('appeal', orderId), queryFn: ({ signal }) => api.post(OtcPath.adminAppeal, { orderId }, OtcAdminAppealDetail, { signal }) });
}

export function useOtcAds(request: { status?: OtcAdStatus; page: number; size: number }) {
  return useQuery({ queryKey: otcKey('ads', request), queryFn: ({ signal }) => api.post(OtcPath.adminAds, request, OtcAdPage, { signal }), placeholderData: keepPreviousData });
}

export function useReviewMerchant() {
  return useMutation({ mutationFn: (decision: { id: string; approve: boolean; reason?: string }) => api.post(OtcPath.adminReviewMerchant, decision), onSuccess: refresh });
}

export function useTakeDownAd() {
  return useMutation({ mutationFn: (request: { adId: string; reason: string }) => api.post(OtcPath.adminTakeDownAd, request, OtcAd), onSuccess: refresh });
}

/** Customer service's verdict, or the ombudsman's forced release or cancellation. */
export function useAppealDecision(step: 'verdict' | 'execute') {
  return useMutation({
    mutationFn: (decision: OtcAdminDecisionRequest) => api.post(step === 'verdict' ? OtcPath.adminVerdict : OtcPath.adminExecute, decision, OtcAdminAppealDetail),
    onSuccess: refresh,
  });
}

/** A fiat picture (evidence, proof, chat, QR code, merchant document) for staff. */
export const otcImagePath = (id: string) => `${OtcPath.adminImageFile}?id=${id}`;
