import { useQuery } from '@tanstack/react-query';
import {
  QuotationKline,
  QuotationMarkets,
  QuotationPath,
  QuotationTimeline,
  QuotationTops,
  QuotationTrades,
  type KlineInterval,
  type QuotationMarket,
  type QuotationPush,
} from '@tp/contract';
import { api, queryClient } from './client';

export const quotationKeys = {
  all: ['quotation'] as const,
  markets: () => [...quotationKeys.all, 'markets'] as const,
  tops: (size: number) => [...quotationKeys.all, 'tops', size] as const,
  commodity: (commodityId: string) => [...quotationKeys.all, 'commodity', commodityId] as const,
  timeline: (commodityId: string) => [...quotationKeys.commodity(commodityId), 'timeline'] as const,
  kline: (commodityId: string, period: KlineInterval) => [...quotationKeys.commodity(commodityId), 'kline', period] as const,
  trades: (commodityId: string) => [...quotationKeys.commodity(commodityId), 'trades'] as const,
};

export function useQuotationMarkets() {
  return useQuery({ queryKey: quotationKeys.markets(), queryFn: ({ signal }) => api.post(QuotationPath.markets, {}, QuotationMarkets, { signal }) });
}

export function useQuotationTops(size: 7 | 10) {
  return useQuery({ queryKey: quotationKeys.tops(size), queryFn: ({ signal }) => api.post(QuotationPath.tops, { size }, QuotationTops, { signal }) });
}

export function useQuotationTimeline(commodityId: string) {
  return useQuery({ queryKey: quotationKeys.timeline(commodityId), queryFn: ({ signal }) => api.post(QuotationPath.timeline, { commodityId }, QuotationTimeline, { signal }) });
}

export function useQuotationKline(commodityId: string, period: KlineInterval) {
  return useQuery({ queryKey: quotationKeys.kline(commodityId, period), queryFn: ({ signal }) => api.post(QuotationPath.kline, { commodityId, period }, QuotationKline, { signal }) });
}

export function useQuotationTrades(commodityId: string) {
  return useQuery({ queryKey: quotationKeys.trades(commodityId), queryFn: ({ signal }) => api.post(QuotationPath.trades, { commodityId }, QuotationTrades, { signal }) });
}

/**
 * A `quotation` push: the market row is replaced at once; the charts, trades and tops of that
 * commodity reload, since a deal can change the latest candle, the average line and the rankings.
 */
export function applyQuotationPush(push: QuotationPush): void {
  queryClient.setQueryData(quotationKeys.markets(), (markets: QuotationMarket[] | undefined) =>
    markets?.map((m) => (m.commodityId === push.market.commodityId ? push.market : m)),
  );
  void queryClient.invalidateQueries({ queryKey: quotationKeys.commodity(push.market.commodityId) });
  void queryClient.invalidateQueries({ queryKey: [...quotationKeys.all, 'tops'] });
}

/** After a reconnect, pushes missed meanwhile are never replayed: everything reloads. */
export const reloadQuotations = () => queryClient.invalidateQueries({ queryKey: quotationKeys.all });
