import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAuctionAuditRequest,
  AdminAuctionListRequest,
  AdminAuctionPath,
  AdminAuctionStopRequest,
  AuctionBidPage,
  AuctionIdRequest,
  AuctionItem,
  AuctionItemPage,
  AuctionKind,
  AuctionListRequest,
  AuctionOrder,
  AuctionOrderListRequest,
  AuctionOrderPage,
  AuctionPath,
  AuctionPayRequest,
  ConfirmBidOrderRequest,
  Enrolment,
  EnrolmentListRequest,
  EnrolmentPage,
  OfferRequest,
  OfferResult,
  ProxyRequest,
  ProxyView,
  PublishAuctionRequest,
  PublishMarginBuyRequest,
  ServerTime,
  SignUpRequest,
  pageFields,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { AuctionService } from './auction.service';

const OffersRequest = z.strictObject({ itemId: z.string().regex(/^\d{1,18}$/), ...pageFields(20, 500) });
const OrderIdRequest = z.strictObject({ orderId: z.string().regex(/^\d{1,18}$/) });

/** The hall, a lot, its ladder and the server time are public; everything else needs a firm user, admin routes staff. */
export function registerAuctionRoutes(app: FastifyInstance, auction: AuctionService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const post = postRoutes(app, { user: { auth: 'user' }, anyone: { auth: 'optional' }, staff: { auth: { staff: 'listing.manage' } } });

  post.anyone(AuctionPath.list, AuctionListRequest, AuctionItemPage, (body, request) => auction.list(request.auth, body));
  post.anyone(AuctionPath.detail, AuctionIdRequest, AuctionItem, (body, request) => auction.detail(request.auth, Number(body.itemId)));
  post.anyone(AuctionPath.offers, OffersRequest, AuctionBidPage, (body, request) => auction.offers(request.auth, Number(body.itemId), body));
  r.get(AuctionPath.time, { schema: { response: replyOf(ServerTime) }, config: { auth: 'none' } }, async () => ok(auction.serverTime()));

  post.user(AuctionPath.publishMarginSell, PublishAuctionRequest, AuctionItem, (body, request) => auction.publish(caller(request), AuctionKind.marginSell, body));
  post.user(AuctionPath.publishHoldSell, PublishAuctionRequest, AuctionItem, (body, request) => auction.publish(caller(request), AuctionKind.holdSell, body));
  post.user(AuctionPath.publishMarginBuy, PublishMarginBuyRequest, AuctionItem, (body, request) => auction.publishMarginBuy(caller(request), body));
  post.user(AuctionPath.undoPublish, AuctionIdRequest, AuctionItem, (body, request) => auction.undoPublish(caller(request), Number(body.itemId)));
  post.user(AuctionPath.mine, AuctionListRequest, AuctionItemPage, (body, request) => auction.mine(caller(request), body));
  post.user(AuctionPath.signUp, SignUpRequest, Enrolment, (body, request) => auction.signUp(caller(request), body));
  post.user(AuctionPath.enrolments, EnrolmentListRequest, EnrolmentPage, (body, request) => auction.enrolments(caller(request), body));
  post.user(AuctionPath.offer, OfferRequest, OfferResult, (body, request) => auction.offer(caller(request), Number(body.itemId), body.offerPrice));
  post.user(AuctionPath.proxy, ProxyRequest, ProxyView, (body, request) => auction.proxy(caller(request), Number(body.itemId), body.maxPrice));
  post.user(AuctionPath.proxyDetail, AuctionIdRequest, ProxyView, (body, request) => auction.proxyDetail(caller(request), Number(body.itemId)));
  post.user(AuctionPath.orders, AuctionOrderListRequest, AuctionOrderPage, (body, request) => auction.orders(caller(request), body));
  post.user(AuctionPath.orderDetail, OrderIdRequest, AuctionOrder, (body, request) => auction.orderDetail(caller(request), Number(body.orderId)));
  post.user(AuctionPath.confirmBidOrder, ConfirmBidOrderRequest, AuctionOrder, (body, request) => auction.confirmBidOrder(caller(request), Number(body.orderId), body.holdId));
  post.user(AuctionPath.payBalance, AuctionPayRequest, AuctionOrder, (body, request) => auction.payBalance(caller(request), body));

  post.staff(AdminAuctionPath.list, AdminAuctionListRequest, AuctionItemPage, (body, request) => auction.adminList(caller(request), body));
  post.staff(AdminAuctionPath.audit, AdminAuctionAuditRequest, AuctionItem, (body, request) => auction.audit(caller(request), body));
  post.staff(AdminAuctionPath.stop, AdminAuctionStopRequest, AuctionItem, (body, request) => auction.stop(caller(request), body));
}
