import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OtcAd,
  OtcAdIdRequest,
  OtcAdminAdsRequest,
  OtcAdminAppealDetail,
  OtcAdminAppealPage,
  OtcAdminAppealsRequest,
  OtcAdminDecisionRequest,
  OtcAdminMerchantPage,
  OtcAdminMerchantsRequest,
  OtcAdminReviewRequest,
  OtcAdminTakeDownRequest,
  OtcAdPage,
  OtcAppealRequest,
  OtcCancelRequest,
  OtcConfirmPaymentRequest,
  OtcContactRequest,
  OtcDeletePaymentMethodRequest,
  OtcEvidenceRequest,
  OtcImage,
  OtcMarketRequest,
  OtcMerchantApplyRequest,
  OtcMerchantQuitRequest,
  OtcMessage,
  OtcMyAdsRequest,
  OtcNicknameRequest,
  OtcNoticePage,
  OtcNoticesRequest,
  OtcOrder,
  OtcOrderIdRequest,
  OtcOrderPage,
  OtcOrdersRequest,
  OtcPath,
  OtcPaymentInfo,
  OtcPlaceOrderRequest,
  OtcPostAdRequest,
  OtcProfile,
  OtcReleaseRequest,
  OtcSandboxExpireResult,
  OtcSavePaymentMethodRequest,
  OtcSendMessageRequest,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { caller, ok, postRoutes, replyOf, type AuthContext } from '../../platform/http/index';
import { readOptionalImage, sendStoredFile } from '../../platform/uploads/index';
import type { OtcService } from './otc.service';

export interface OtcRouteOptions {
  /** The sandbox clock's controls (outside production): expire what its moved time made due. */
  sandbox?: { clock: Clock } | undefined;
}

/** The caller, answered in the language of the request (refusals that name a field are worded when thrown). */
const who = (request: FastifyRequest): AuthContext => ({ ...caller(request), language: request.lang });

const ImageQuery = z.strictObject({ id: z.uuid(), orderId: z.string().regex(/^\d{1,15}$/).optional() });
const AdminImageQuery = z.strictObject({ id: z.uuid() });
/** Orders and releases move coins: a per-IP limit on top of the ledger's own checks. */
const ORDER_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export function registerOtcRoutes(app: FastifyInstance, otc: OtcService, options: OtcRouteOptions = {}): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings, ads, orders, appeals } = otc;
  const post = postRoutes(app, {
    user: { auth: 'user' },
    trade: { auth: 'user', rateLimit: ORDER_LIMIT },
    anyone: { auth: 'optional' },
    merchants: { auth: { staff: 'otc.merchant' } },
    appealReaders: { auth: { staff: ['otc.appeal', 'otc.ombudsman'] } },
    service: { auth: { staff: 'otc.appeal' } },
    ombudsman: { auth: { staff: 'otc.ombudsman' } },
  });

  post.user(OtcPath.profile, z.strictObject({}), OtcProfile, (_, request) => settings.profile(who(request)));
  post.user(OtcPath.nickname, OtcNicknameRequest, OtcProfile, (body, request) => settings.setNickname(who(request), body.nickname));
  post.user(OtcPath.contact, OtcContactRequest, OtcProfile, (body, request) => settings.saveContact(who(request), body));
  post.user(OtcPath.savePaymentMethod, OtcSavePaymentMethodRequest, OtcProfile, (body, request) => settings.savePaymentMethod(who(request), body));
  post.user(OtcPath.deletePaymentMethod, OtcDeletePaymentMethodRequest, OtcProfile, (body, request) => settings.deletePaymentMethod(who(request), body.id, body.fundPassword));
  r.post(OtcPath.image, { schema: { consumes: ['multipart/form-data'], response: replyOf(OtcImage) }, config: { auth: 'user' } }, async (request) =>
    ok(await settings.storeImage(who(request), await readOptionalImage(request, 'otc'))),
  );
  r.get(OtcPath.imageFile, { schema: { querystring: ImageQuery }, config: { auth: 'user' } }, async (request, reply) =>
    sendStoredFile(reply, await orders.image(who(request), request.query.orderId === undefined ? undefined : Number(request.query.orderId), request.query.id), {
      disposition: 'inline',
      maxAgeSeconds: 3600,
    }),
  );
  post.user(OtcPath.merchantApply, OtcMerchantApplyRequest, OtcProfile, (body, request) => settings.applyMerchant(who(request), body));
  post.user(OtcPath.merchantQuit, OtcMerchantQuitRequest, OtcProfile, (body, request) => settings.quitMerchant(who(request), body.fundPassword));

  post.anyone(OtcPath.market, OtcMarketRequest, OtcAdPage, (body, request) => ads.market(request.auth, body));
  post.anyone(OtcPath.ad, OtcAdIdRequest, OtcAd, (body, request) => ads.ad(request.auth, Number(body.adId)));
  post.user(OtcPath.postAd, OtcPostAdRequest, OtcAd, (body, request) => ads.post(who(request), body));
  post.user(OtcPath.myAds, OtcMyAdsRequest, OtcAdPage, (body, request) => ads.mine(who(request), body));
  post.user(OtcPath.withdrawAd, OtcAdIdRequest, OtcAd, (body, request) => ads.withdraw(who(request), Number(body.adId)));

  post.trade(OtcPath.placeOrder, OtcPlaceOrderRequest, OtcOrder, (body, request) => orders.place(who(request), body));
  post.user(OtcPath.orders, OtcOrdersRequest, OtcOrderPage, (body, request) => orders.list(who(request), body));
  post.user(OtcPath.order, OtcOrderIdRequest, OtcOrder, (body, request) => orders.one(who(request), Number(body.orderId)));
  post.user(OtcPath.paymentInfo, OtcOrderIdRequest, OtcPaymentInfo, (body, request) => orders.paymentInfo(who(request), Number(body.orderId)));
  post.trade(OtcPath.confirmPayment, OtcConfirmPaymentRequest, OtcOrder, (body, request) => orders.confirmPayment(who(request), Number(body.orderId), body.proofImageId));
  post.trade(OtcPath.release, OtcReleaseRequest, OtcOrder, (body, request) => orders.release(who(request), Number(body.orderId), body.fundPassword));
  post.trade(OtcPath.cancel, OtcCancelRequest, OtcOrder, (body, request) => orders.cancel(who(request), Number(body.orderId), body.reason));
  post.user(OtcPath.appeal, OtcAppealRequest, OtcOrder, (body, request) => orders.appeal(who(request), body));
  post.user(OtcPath.appealEvidence, OtcEvidenceRequest, OtcOrder, (body, request) => orders.addEvidence(who(request), Number(body.orderId), body.images));
  post.user(OtcPath.revokeAppeal, OtcOrderIdRequest, OtcOrder, (body, request) => orders.revokeAppeal(who(request), Number(body.orderId)));
  post.user(OtcPath.messages, OtcOrderIdRequest, z.array(OtcMessage), (body, request) => orders.messages(who(request), Number(body.orderId)));
  post.user(OtcPath.sendMessage, OtcSendMessageRequest, z.array(OtcMessage), (body, request) => orders.sendMessage(who(request), body));
  post.user(OtcPath.notices, OtcNoticesRequest, OtcNoticePage, (body, request) => orders.notices(who(request), body));
  post.user(OtcPath.readNotices, z.strictObject({}), z.null(), async (_, request) => {
    await orders.readNotices(who(request));
    return null;
  });

  post.merchants(OtcPath.adminMerchants, OtcAdminMerchantsRequest, OtcAdminMerchantPage, (body) => settings.adminMerchants(body));
  post.merchants(OtcPath.adminReviewMerchant, OtcAdminReviewRequest, z.null(), async (body, request) => {
    await settings.adminReview(who(request), body);
    return null;
  });
  post.merchants(OtcPath.adminAds, OtcAdminAdsRequest, OtcAdPage, (body) => ads.adminAds(body));
  post.merchants(OtcPath.adminTakeDownAd, OtcAdminTakeDownRequest, OtcAd, (body, request) => ads.takeDown(who(request), Number(body.adId), body.reason));
  post.appealReaders(OtcPath.adminAppeals, OtcAdminAppealsRequest, OtcAdminAppealPage, (body) => appeals.list(body));
  post.appealReaders(OtcPath.adminAppeal, OtcOrderIdRequest, OtcAdminAppealDetail, (body, request) => appeals.detail(who(request), Number(body.orderId)));
  post.service(OtcPath.adminVerdict, OtcAdminDecisionRequest, OtcAdminAppealDetail, (body, request) => appeals.verdict(who(request), body));
  post.ombudsman(OtcPath.adminExecute, OtcAdminDecisionRequest, OtcAdminAppealDetail, (body, request) => appeals.execute(who(request), body));
  r.get(OtcPath.adminImageFile, { schema: { querystring: AdminImageQuery }, config: { auth: { staff: ['otc.merchant', 'otc.appeal', 'otc.ombudsman'] } } }, async (request, reply) =>
    sendStoredFile(reply, await appeals.image(who(request), request.query.id), { disposition: 'inline', maxAgeSeconds: 3600 }),
  );

  const sandbox = options.sandbox;
  if (!sandbox) return;
  r.post(
    OtcPath.adminSandboxExpire,
    { schema: { response: replyOf(OtcSandboxExpireResult) }, config: { auth: { staff: 'sandbox.control' }, audit: 'otc.sandbox.expire' } },
    async () => ok({ expired: await orders.expireDue(), now: sandbox.clock.now().toISOString() }),
  );
}
