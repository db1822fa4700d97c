import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  QuotationCommodityRequest,
  QuotationKline,
  QuotationKlineRequest,
  QuotationMarkets,
  QuotationPath,
  QuotationTimeline,
  QuotationTops,
  QuotationTopsRequest,
  QuotationTrades,
} from '@tp/contract';
import { postRoutes } from '../../platform/http/index';
import type { QuotationService } from './quotation.service';

/** Quotations are public: visitors watch the market before they log in. */
export function registerQuotationRoutes(app: FastifyInstance, quotation: QuotationService): void {
  const post = postRoutes(app, { anyone: { auth: 'optional' } });
  post.anyone(QuotationPath.markets, z.strictObject({}).optional(), QuotationMarkets, () => quotation.markets());
  post.anyone(QuotationPath.tops, QuotationTopsRequest, QuotationTops, (body) => quotation.tops(body.size));
  post.anyone(QuotationPath.timeline, QuotationCommodityRequest, QuotationTimeline, (body) => quotation.timeline(body.commodityId));
  post.anyone(QuotationPath.kline, QuotationKlineRequest, QuotationKline, (body) => quotation.kline(body.commodityId, body.period));
  post.anyone(QuotationPath.trades, QuotationCommodityRequest, QuotationTrades, (body) => quotation.trades(body.commodityId));
}
