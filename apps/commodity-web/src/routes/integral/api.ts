import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  IntegralGoods,
  IntegralGoodsPage,
  IntegralHistoryPage,
  IntegralPath,
  IntegralSummary,
  Redemption,
  RedemptionPage,
  RewardApplication,
  RewardApplicationPage,
  SignInResult,
  type IntegralGoodsListRequest,
  type IntegralHistoryRequest,
  type RedeemRequest,
  type RedemptionListRequest,
  type RewardApplicationListRequest,
} from '@tp/contract';
import { api, queryClient } from '../../api/client';

export const integralKeys = {
  all: ['integral'] as const,
  summary: () => [...integralKeys.all, 'summary'] as const,
  history: (query: IntegralHistoryRequest) => [...integralKeys.all, 'history', query] as const,
  goods: (query: IntegralGoodsListRequest) => [...integralKeys.all, 'goods', query] as const,
  goodsDetail: (goodsId: string) => [...integralKeys.all, 'goodsDetail', goodsId] as const,
  redemptions: (query: RedemptionListRequest) => [...integralKeys.all, 'redemptions', query] as const,
  applications: (query: RewardApplicationListRequest) => [...integralKeys.all, 'applications', query] as const,
};

// Every change moves points, stock or a status the other lists show: refresh all of them.
const refresh = () => queryClient.invalidateQueries({ queryKey: integralKeys.all });

export const useIntegralSummary = () => useQuery({ queryKey: integralKeys.summary(), queryFn: ({ signal }) => api.post(IntegralPath.summary, {}, IntegralSummary, { signal }) });
export const useIntegralHistory = (query: IntegralHistoryRequest) =>
  useQuery({ queryKey: integralKeys.history(query), queryFn: ({ signal }) => api.post(IntegralPath.history, query, IntegralHistoryPage, { signal }), placeholderData: keepPreviousData });
export const useIntegralGoods = (query: IntegralGoodsListRequest) =>
  useQuery({ queryKey: integralKeys.goods(query), queryFn: ({ signal }) => api.post(IntegralPath.goods, query, IntegralGoodsPage, { signal }), placeholderData: keepPreviousData });
export const useIntegralGoodsDetail = (goodsId: string | undefined) =>
  useQuery({
    queryKey: integralKeys.goodsDetail(goodsId ?? ''),
    queryFn: ({ signal }) => api.post(IntegralPath.goodsDetail, { goodsId }, IntegralGoods, { signal }),
    enabled: goodsId !== undefined && /^\d{1,18}$/.test(goodsId),
    retry: false,
  });
export const useRedemptions = (query: RedemptionListRequest) =>
  useQuery({ queryKey: integralKeys.redemptions(query), queryFn: ({ signal }) => api.post(IntegralPath.redemptions, query, RedemptionPage, { signal }), placeholderData: keepPreviousData });
export const useRewardApplications = (query: RewardApplicationListRequest) =>
  useQuery({ queryKey: integralKeys.applications(query), queryFn: ({ signal }) => api.post(IntegralPath.applications, query, RewardApplicationPage, { signal }), placeholderData: keepPreviousData });

export const useSignIn = () => useMutation({ mutationFn: () => api.post(IntegralPath.signIn, {}, SignInResult), onSuccess: refresh });
export const useRedeem = () => useMutation({ mutationFn: (body: RedeemRequest) => api.post(IntegralPath.redeem, body, Redemption), onSuccess: refresh });
export const useRedemptionAction = (action: 'cancel' | 'receive') =>
  useMutation({ mutationFn: (redemptionId: string) => api.post(IntegralPath[action], { redemptionId }, Redemption), onSuccess: refresh });
export const useApplyReward = () => useMutation({ mutationFn: (reason: string) => api.post(IntegralPath.apply, { reason }, RewardApplication), onSuccess: refresh });
