import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  IntegralGoods,
  IntegralGoodsPage,
  IntegralPath,
  IntegralRuleList,
  Redemption,
  RedemptionPage,
  RewardApplication,
  RewardApplicationPage,
  UploadedFile,
  type IntegralGoodsListRequest,
  type IntegralShipRequest,
  type RedemptionListRequest,
  type RewardApplicationListRequest,
  type RewardDecisionRequest,
  type SaveIntegralGoods,
  type SaveIntegralRule,
} from '@tp/contract';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';

export const integralKeys = {
  all: () => [...adminKeys.staff(), 'integral'] as const,
  rules: () => [...integralKeys.all(), 'rules'] as const,
  goods: (q: IntegralGoodsListRequest) => [...integralKeys.all(), 'goods', q] as const,
  redemptions: (q: RedemptionListRequest) => [...integralKeys.all(), 'redemptions', q] as const,
  applications: (q: RewardApplicationListRequest) => [...integralKeys.all(), 'applications', q] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: integralKeys.all() });

export const useRules = () => useQuery({ queryKey: integralKeys.rules(), queryFn: ({ signal }) => api.post(IntegralPath.adminRules, {}, IntegralRuleList, { signal }) });
export const useGoods = (query: IntegralGoodsListRequest) =>
  useQuery({ queryKey: integralKeys.goods(query), queryFn: ({ signal }) => api.post(IntegralPath.adminGoods, query, IntegralGoodsPage, { signal }), placeholderData: keepPreviousData });
export const useRedemptions = (query: RedemptionListRequest) =>
  useQuery({ queryKey: integralKeys.redemptions(query), queryFn: ({ signal }) => api.post(IntegralPath.adminRedemptions, query, RedemptionPage, { signal }), placeholderData: keepPreviousData });
export const useApplications = (query: RewardApplicationListRequest) =>
  useQuery({ queryKey: integralKeys.applications(query), queryFn: ({ signal }) => api.post(IntegralPath.adminApplications, query, RewardApplicationPage, { signal }), placeholderData: keepPreviousData });

export const useSaveRule = () => useMutation({ mutationFn: (body: SaveIntegralRule) => api.post(IntegralPath.adminSaveRule, body, IntegralRuleList), onSuccess: refresh });
export const useSaveGoods = () => useMutation({ mutationFn: (body: SaveIntegralGoods) => api.post(IntegralPath.adminSaveGoods, body, IntegralGoods), onSuccess: refresh });
export const useUploadGoodsImage = () => useMutation({ mutationFn: (file: File) => api.upload(IntegralPath.adminUpload, file, UploadedFile) });
export const useShip = () => useMutation({ mutationFn: (body: IntegralShipRequest) => api.post(IntegralPath.adminShip, body, Redemption), onSuccess: refresh });
export const useDecide = () => useMutation({ mutationFn: (body: RewardDecisionRequest) => api.post(IntegralPath.adminDecide, body, RewardApplication), onSuccess: refresh });
