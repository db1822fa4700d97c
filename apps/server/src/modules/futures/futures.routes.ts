import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminFuturesPositionPage,
  FuturesDealPage,
  FuturesLiquidationPage,
  FuturesListing,
  FuturesListingStatusRequest,
  FuturesOrder,
  FuturesOrderIdRequest,
  FuturesOrderPage,
  FuturesOrdersQuery,
  FuturesPageQuery,
  FuturesPath,
  FuturesPosition,
  FuturesSettlementPage,
  PlaceFuturesOrder,
  SaveFuturesListing,
  SetFuturesStops,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { FuturesService } from './futures.service';

/** Orders move money: a few a second per caller at most. */
const ORDER_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

export function registerFuturesRoutes(app: FastifyInstance, futures: FuturesService): void {
  const http = app.withTypeProvider<ZodTypeProvider>();
  http.get(FuturesPath.listings, { schema: { response: replyOf(z.array(FuturesListing)) } }, async () => ok(await futures.listings()));

  const post = postRoutes(app, { trader: { auth: 'user', rateLimit: ORDER_LIMIT }, user: { auth: 'user' }, staff: { auth: { staff: 'futures.manage' } } });
  const userId = (request: Parameters<typeof caller>[0]) => Number(caller(request).userId);
  post.trader(FuturesPath.place, PlaceFuturesOrder, FuturesOrder, (body, request) => futures.place(userId(request), body));
  post.trader(FuturesPath.cancel, FuturesOrderIdRequest, FuturesOrder, (body, request) => futures.cancel(userId(request), body.orderId));
  post.trader(FuturesPath.stops, SetFuturesStops, FuturesPosition, (body, request) => futures.setStops(userId(request), body));
  post.user(FuturesPath.order, FuturesOrderIdRequest, FuturesOrder, (body, request) => futures.order(userId(request), body.orderId));
  post.user(FuturesPath.orders, FuturesOrdersQuery, FuturesOrderPage, (body, request) => futures.orders(userId(request), body));
  post.user(FuturesPath.positions, z.strictObject({}), z.array(FuturesPosition), (_body, request) => futures.positions(userId(request)));
  post.user(FuturesPath.deals, FuturesPageQuery, FuturesDealPage, (body, request) => futures.deals(userId(request), body));
  post.user(FuturesPath.settlements, FuturesPageQuery, FuturesSettlementPage, (body, request) => futures.settlements(userId(request), body));
  post.staff(FuturesPath.adminListings, z.strictObject({}), z.array(FuturesListing), () => futures.listings({ all: true }));
  post.staff(FuturesPath.adminSave, SaveFuturesListing, FuturesListing, (body, request) => futures.saveListing(caller(request), body));
  post.staff(FuturesPath.adminStatus, FuturesListingStatusRequest, FuturesListing, (body, request) => futures.setListingStatus(caller(request), body.listingId, body.status));
  post.staff(FuturesPath.adminPositions, FuturesPageQuery, AdminFuturesPositionPage, (body) => futures.adminPositions(body));
  post.staff(FuturesPath.adminLiquidations, FuturesPageQuery, FuturesLiquidationPage, (body) => futures.adminLiquidations(body));
}
