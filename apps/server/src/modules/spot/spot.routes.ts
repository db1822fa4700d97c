import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptRiskDisclosureRequest,
  CancelAllRequest,
  CancelOrderRequest,
  DepthRequest,
  DepthSnapshot,
  Kline,
  KlinesRequest,
  Ticker24h,
  TimeSharingPoint,
  TimeSharingRequest,
  OpenOrdersRequest,
  MyTradesRequest,
  OrderHistoryRequest,
  PlaceOcoRequest,
  PlaceOrderRequest,
  RiskDisclosureStatus,
  SpotMarket,
  SpotOrder,
  SpotMyTradePage,
  SpotOrderPage,
  SpotPath,
  SpotTrade,
  TradesRequest,
} from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import type { SpotService } from './spot.service';

const uid = (request: Parameters<typeof caller>[0]) => Number(caller(request).userId);

export function registerSpotRoutes(app: FastifyInstance, spot: SpotService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  r.get(SpotPath.markets, { schema: { response: replyOf(z.array(SpotMarket)) } }, async () => ok(await spot.markets()));
  r.get(SpotPath.depth, { schema: { querystring: DepthRequest, response: replyOf(DepthSnapshot) } }, async (request) => ok(await spot.depth(request.query.symbol, request.query.limit)));
  r.get(SpotPath.trades, { schema: { querystring: TradesRequest, response: replyOf(z.array(SpotTrade)) } }, async (request) =>
    ok(await spot.trades(request.query.symbol, request.query.limit)),
  );
  r.get(SpotPath.ticker, { schema: { response: replyOf(z.array(Ticker24h)) } }, async () => ok(spot.tickers()));
  r.get(SpotPath.timeSharing, { schema: { querystring: TimeSharingRequest, response: replyOf(z.array(TimeSharingPoint)) } }, async (request) =>
    ok(await spot.timeSharing(request.query.symbol)),
  );
  r.get(SpotPath.klines, { schema: { querystring: KlinesRequest, response: replyOf(z.array(Kline)) } }, async (request) =>
    ok(await spot.klines(request.query.symbol, request.query.interval, request.query.limit)),
  );
  r.post(SpotPath.riskDisclosure, { schema: { response: replyOf(RiskDisclosureStatus) }, config: user }, async (request) => ok(await spot.riskDisclosure(uid(request))));
  r.post(
    SpotPath.acceptRiskDisclosure,
    { schema: { body: AcceptRiskDisclosureRequest, response: replyOf(RiskDisclosureStatus) }, config: user },
    async (request) => ok(await spot.acceptRiskDisclosure(uid(request), request.body.version)),
  );
  r.post(SpotPath.place, { schema: { body: PlaceOrderRequest, response: replyOf(SpotOrder) }, config: user }, async (request) => ok(await spot.place(uid(request), request.body)));
  r.post(SpotPath.placeOco, { schema: { body: PlaceOcoRequest, response: replyOf(z.array(SpotOrder)) }, config: user }, async (request) =>
    ok(await spot.placeOco(uid(request), request.body)),
  );
  r.post(SpotPath.myTrades, { schema: { body: MyTradesRequest, response: replyOf(SpotMyTradePage) }, config: user }, async (request) =>
    ok(await spot.myTrades(uid(request), request.body)),
  );
  r.post(SpotPath.cancel, { schema: { body: CancelOrderRequest, response: replyOf(SpotOrder) }, config: user }, async (request) =>
    ok(await spot.cancel(uid(request), request.body.symbol, request.body.orderId)),
  );
  r.post(SpotPath.cancelAll, { schema: { body: CancelAllRequest, response: replyOf(z.array(SpotOrder)) }, config: user }, async (request) =>
    ok(await spot.cancelAll(uid(request), request.body.symbol)),
  );
  r.post(SpotPath.openOrders, { schema: { body: OpenOrdersRequest, response: replyOf(z.array(SpotOrder)) }, config: user }, async (request) =>
    ok(await spot.openOrders(uid(request), request.body.symbol)),
  );
  r.post(SpotPath.history, { schema: { body: OrderHistoryRequest, response: replyOf(SpotOrderPage) }, config: user }, async (request) =>
    ok(await spot.history(uid(request), request.body)),
  );
}
