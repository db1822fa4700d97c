import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  OtcAd,
  OtcAdPage,
  OtcImage,
  OtcMessage,
  OtcNoticePage,
  OtcOrder,
  OtcOrderPage,
  OtcPath,
  OtcPaymentInfo,
  OtcProfile,
  WsTopic,
  type OtcAdStatus,
  type OtcContactRequest,
  type OtcMarketRequest,
  type OtcMerchantApplyRequest,
  type OtcOrderStatus,
  type OtcPayMethod,
  type OtcPostAdRequest,
  type OtcSavePaymentMethodRequest,
} from '@tp/contract';
import { identityKeys, useLiveTopic, useSession } from '@tp/web-kit';
import { assetKeys } from './assets';
import { api, queryClient } from './client';

export const otcKeys = {
  all: () => [...identityKeys.user(), 'otc'] as const,
  profile: () => [...otcKeys.all(), 'profile'] as const,
  market: (request: object) => ['otc', 'market', request] as const,
  ad: (adId: string) => ['otc', 'ad', adId] as const,
  myAds: (request: object) => [...otcKeys.all(), 'myAds', request] as const,
  orders: (request: object) => [...otcKeys.all(), 'orders', request] as const,
  order: (orderId: string) => [...otcKeys.all(), 'order', orderId] as const,
  payment: (orderId: string) => [...otcKeys.all(), 'payment', orderId] as const,
  messages: (orderId: string) => [...otcKeys.all(), 'messages', orderId] as const,
  notices: (request: object) => [...otcKeys.all(), 'notices', request] as const,
};

const refreshAll = () => {
  void queryClient.invalidateQueries({ queryKey: otcKeys.all() });
  void queryClient.invalidateQueries({ queryKey: ['otc'] });
  void queryClient.invalidateQueries({ queryKey: assetKeys.overview() });
};

/** Orders and chat are pushed to the user's topic: refresh what shows them. */
export function useOtcLive() {
  const { session } = useSession();
  useLiveTopic(session ? WsTopic.user(session.userId) : undefined, (push) => push.type === 'otc' && refreshAll(), refreshAll);
}

export function useOtcProfile() {
  const { isLoggedIn } = useSession();
  return useQuery({ queryKey: otcKeys.profile(), queryFn: ({ signal }) => api.post(OtcPath.profile, {}, OtcProfile, { signal }), enabled: isLoggedIn });
}

export function useMarket(request: OtcMarketRequest) {
  return useQuery({ queryKey: otcKeys.market(request), queryFn: ({ signal }) => api.post(OtcPath.market, request, OtcAdPage, { signal }), placeholderData: keepPreviousData });
}

export function useAd(adId: string | undefined) {
  return useQuery({ queryKey: otcKeys.ad(adId ?? ''), queryFn: ({ signal }) => api.post(OtcPath.ad, { adId }, OtcAd, { signal }), enabled: !!adId });
}

export function useMyAds(request: { status?: OtcAdStatus; page: number; size: number }) {
  const { isLoggedIn } = useSession();
  return useQuery({ queryKey: otcKeys.myAds(request), queryFn: ({ signal }) => api.post(OtcPath.myAds, request, OtcAdPage, { signal }), enabled: isLoggedIn, placeholderData: keepPreviousData });
}

export function useOrders(request: { status?: OtcOrderStatus; page: number; size: number }) {
  const { isLoggedIn } = useSession();
  return useQuery({ queryKey: otcKeys.orders(request), queryFn: ({ signal }) => api.post(OtcPath.orders, request, OtcOrderPage, { signal }), enabled: isLoggedIn, placeholderData: keepPreviousData });
}

export function useOrder(orderId: string) {
  return useQuery({ queryKey: otcKeys.order(orderId), queryFn: ({ signal }) => api.post(OtcPath.order, { orderId }, OtcOrder, { signal }) });
}

/** Only while the order stands; a closed order answers the spec's "order invalid or expired". */
export function usePaymentInfo(orderId: string, enabled: boolean) {
  return useQuery({ queryKey: otcKeys.payment(orderId), queryFn: ({ signal }) => api.post(OtcPath.paymentInfo, { orderId }, OtcPaymentInfo, { signal }), enabled, retry: false });
}

export function useMessages(orderId: string) {
  return useQuery({ queryKey: otcKeys.messages(orderId), queryFn: ({ signal }) => api.post(OtcPath.messages, { orderId }, z.array(OtcMessage), { signal }) });
}

export function useNotices(request: { page: number; size: number }) {
  const { isLoggedIn } = useSession();
  return useQuery({ queryKey: otcKeys.notices(request), queryFn: ({ signal }) => api.post(OtcPath.notices, request, OtcNoticePage, { signal }), enabled: isLoggedIn });
}

export const uploadOtcImage = (file: Blob) => api.upload(OtcPath.image, file, OtcImage);

/** A fiat picture as a blob URL (uploads are read with the session headers, not a plain `<img src>`). */
export function useOtcImage(id: string, orderId?: string) {
  return useQuery({
    queryKey: ['otc', 'image', id, orderId ?? ''],
    queryFn: async ({ signal }) => URL.createObjectURL(await api.blob(`${OtcPath.imageFile}?id=${id}${orderId ? `&orderId=${orderId}` : ''}`, { signal })),
    enabled: id !== '',
    staleTime: Infinity,
  });
}

const mutation = <B, R>(fn: (body: B) => Promise<R>) => () => useMutation({ mutationFn: fn, onSuccess: refreshAll });

export const useSetNickname = mutation((nickname: string) => api.post(OtcPath.nickname, { nickname }, OtcProfile));
export const useSaveContact = mutation((contact: Partial<OtcContactRequest>) => api.post(OtcPath.contact, contact, OtcProfile));
export const useSavePaymentMethod = mutation((request: Partial<OtcSavePaymentMethodRequest>) => api.post(OtcPath.savePaymentMethod, request, OtcProfile));
export const useDeletePaymentMethod = mutation((request: { id: string; fundPassword: string }) => api.post(OtcPath.deletePaymentMethod, request, OtcProfile));
export const useApplyMerchant = mutation((request: OtcMerchantApplyRequest) => api.post(OtcPath.merchantApply, request, OtcProfile));
export const useQuitMerchant = mutation((fundPassword: string) => api.post(OtcPath.merchantQuit, { fundPassword }, OtcProfile));
export const usePostAd = mutation((request: Partial<OtcPostAdRequest>) => api.post(OtcPath.postAd, request, OtcAd));
export const useWithdrawAd = mutation((adId: string) => api.post(OtcPath.withdrawAd, { adId }, OtcAd));
export const usePlaceOrder = mutation((request: { adId: string; volume: string; paymentMethod: OtcPayMethod; remarks?: string }) => api.post(OtcPath.placeOrder, request, OtcOrder));
export const useConfirmPayment = mutation((request: { orderId: string; proofImageId?: string }) => api.post(OtcPath.confirmPayment, request, OtcOrder));
export const useRelease = mutation((request: { orderId: string; fundPassword: string }) => api.post(OtcPath.release, request, OtcOrder));
export const useCancelOrder = mutation((request: { orderId: string; reason?: string }) => api.post(OtcPath.cancel, request, OtcOrder));
export const useAppeal = mutation((request: { orderId: string; type: string; reason: string; images: string[] }) => api.post(OtcPath.appeal, request, OtcOrder));
export const useAddEvidence = mutation((request: { orderId: string; images: string[] }) => api.post(OtcPath.appealEvidence, request, OtcOrder));
export const useRevokeAppeal = mutation((orderId: string) => api.post(OtcPath.revokeAppeal, { orderId }, OtcOrder));
export const useSendMessage = mutation((request: { orderId: string; text?: string; imageId?: string }) => api.post(OtcPath.sendMessage, request, z.array(OtcMessage)));
export const useReadNotices = mutation(() => api.post(OtcPath.readNotices, {}));
