import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminDefaultListRequest,
  AdminDefaultPage,
  AdminListingAuditRequest,
  AdminListingListRequest,
  AdminListingPath,
  AdminOffShelfRequest,
  Bargain,
  BargainCounterRequest,
  BargainIdRequest,
  BargainListRequest,
  BargainOfferRequest,
  BargainPage,
  CreateListingRequest,
  InvoiceUpload,
  ListingApiPath,
  ListingDetail,
  ListingDetailPage,
  ListingFeeSettings,
  PublicFeeSettings,
  ListingIdRequest,
  ListingPath,
  ListingPickDetail,
  ListingPickDetailPage,
  ListingType,
  MarginListingRequest,
  MarketQuery,
  OpenInvoiceRequest,
  PayBalanceRequest,
  PickAllRequest,
  PickHistory,
  PickIdRequest,
  PickInvoice,
  PickListQuery,
  PickRequest,
  PickSellRequest,
  PurchaseListingRequest,
  SandboxClock,
  SandboxClockRequest,
  SandboxJobResult,
  SandboxRunJobRequest,
  StockInRequest,
  TopRequest,
  UPLOAD_IMAGE_MAX_BYTES,
} from '@tp/contract';
import type { AdjustableClock } from '../../platform/clock';
import { BadRequestError, caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import { readUploadedFile, sendStoredFile } from '../../platform/uploads/index';
import { MESSAGES, forbidden } from './listing.errors';
import { ListingJobs, type ListingService } from './listing.service';

export interface ListingRouteOptions {
  /** Sandbox controls (clock, jobs): given only outside production. */
  sandbox?: { clock: AdjustableClock } | undefined;
}

const readInvoice = (request: FastifyRequest) => readUploadedFile(request, { maxBytes: UPLOAD_IMAGE_MAX_BYTES, kind: 'document', noFile: MESSAGES.fileRequired });

/** The market, purchase requests and listing detail are public; everything else needs a firm user, admin routes staff. */
export function registerListingRoutes(app: FastifyInstance, listing: ListingService, options: ListingRouteOptions = {}): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  const staff = { auth: { staff: 'listing.manage' } } as const;
  const publicRoute = { auth: 'optional' } as const;
  const post = postRoutes(app, { user, staff, anyone: publicRoute, feeSettings: { auth: { staff: 'fee.settings' } } });

  post.anyone(ListingPath.market, MarketQuery, ListingDetailPage, (body, request) => listing.market(request.auth, body));
  post.anyone(ListingApiPath.purchases, MarketQuery, ListingDetailPage, (body, request) => listing.market(request.auth, body, { types: [ListingType.purchase] }));
  r.get(ListingApiPath.feeSettings, { schema: { response: replyOf(PublicFeeSettings) }, config: publicRoute }, async () => ok(await listing.publicFeeSettings()));
  post.anyone(ListingApiPath.detail, ListingIdRequest, ListingDetail, (body, request) => listing.detail(request.auth, Number(body.listingId)));
  post.user(ListingPath.mine, MarketQuery, ListingDetailPage, (body, request) => listing.mine(caller(request), body));
  post.user(ListingPath.create, CreateListingRequest, ListingDetail, (body, request) => listing.create(caller(request), body));
  post.user(ListingApiPath.createMargin, MarginListingRequest, ListingDetail, (body, request) => listing.createMargin(caller(request), body));
  post.user(ListingApiPath.createPurchase, PurchaseListingRequest, ListingDetail, (body, request) => listing.createPurchase(caller(request), body));
  post.user(ListingPath.cancel, ListingIdRequest, ListingDetail, (body, request) => listing.cancel(caller(request), Number(body.listingId)));
  post.user(ListingApiPath.top, TopRequest, ListingDetail, (body, request) => listing.top(caller(request), body));

  post.user(ListingPath.pick, PickRequest, ListingPickDetail, (body, request) => listing.pick(caller(request), body));
  post.user(ListingApiPath.pickSell, PickSellRequest, ListingPickDetail, (body, request) => listing.pickSell(caller(request), body));
  post.user(ListingApiPath.pickAll, PickAllRequest, ListingPickDetail, (body, request) => listing.pickAll(caller(request), body));
  post.user(ListingPath.picks, PickListQuery, ListingPickDetailPage, (body, request) => listing.picks(caller(request), body));
  post.user(ListingPath.pickDetail, PickIdRequest, ListingPickDetail, (body, request) => listing.pickDetail(caller(request), Number(body.pickId)));
  post.user(ListingApiPath.pickHistory, PickIdRequest, PickHistory, (body, request) => listing.pickHistory(caller(request), Number(body.pickId)));
  post.user(ListingPath.confirmPick, PickIdRequest, ListingPickDetail, (body, request) => listing.confirmPick(caller(request), Number(body.pickId)));
  post.user(ListingPath.refusePick, PickIdRequest, ListingPickDetail, (body, request) => listing.refusePick(caller(request), Number(body.pickId)));
  post.user(ListingPath.cancelPick, PickIdRequest, ListingPickDetail, (body, request) => listing.cancelPick(caller(request), Number(body.pickId)));
  post.user(ListingApiPath.payBalance, PayBalanceRequest, ListingPickDetail, (body, request) => listing.payBalance(caller(request), body));
  post.user(ListingApiPath.stockIn, StockInRequest, ListingPickDetail, (body, request) => listing.stockIn(caller(request), body));

  r.post(ListingApiPath.invoiceUpload, { schema: { consumes: ['multipart/form-data'], response: replyOf(InvoiceUpload) }, config: user }, async (request) =>
    ok(await listing.uploadInvoice(caller(request), await readInvoice(request))),
  );
  post.user(ListingApiPath.invoiceOpen, OpenInvoiceRequest, PickInvoice, (body, request) => listing.openInvoice(caller(request), body));
  post.user(ListingApiPath.invoiceDetail, PickIdRequest, PickInvoice, (body, request) => listing.invoice(caller(request), Number(body.pickId)));
  post.user(ListingApiPath.invoiceConfirm, PickIdRequest, PickInvoice, (body, request) => listing.confirmInvoice(caller(request), Number(body.pickId)));
  r.get(ListingApiPath.invoiceFile, { schema: { querystring: PickIdRequest }, config: user }, async (request, reply) =>
    sendStoredFile(reply, await listing.invoiceFile(caller(request), Number(request.query.pickId)), { disposition: 'attachment', maxAgeSeconds: 0 }),
  );

  post.user(ListingApiPath.bargainOffer, BargainOfferRequest, Bargain, (body, request) => listing.offer(caller(request), body));
  post.user(ListingApiPath.bargainList, BargainListRequest, BargainPage, (body, request) => listing.bargains(caller(request), body));
  post.user(ListingApiPath.bargainAccept, BargainIdRequest, Bargain, (body, request) => listing.acceptBargain(caller(request), Number(body.bargainId)));
  post.user(ListingApiPath.bargainRefuse, BargainIdRequest, Bargain, (body, request) => listing.refuseBargain(caller(request), Number(body.bargainId)));
  post.user(ListingApiPath.bargainCounter, BargainCounterRequest, Bargain, (body, request) => listing.counterBargain(caller(request), body));
  post.user(ListingApiPath.bargainWithdraw, BargainIdRequest, Bargain, (body, request) => listing.withdrawBargain(caller(request), Number(body.bargainId)));

  post.staff(AdminListingPath.list, AdminListingListRequest, ListingDetailPage, (body, request) => listing.adminListings(caller(request), body));
  post.staff(AdminListingPath.audit, AdminListingAuditRequest, ListingDetail, (body, request) => listing.audit(caller(request), body));
  post.staff(AdminListingPath.offShelf, AdminOffShelfRequest, ListingDetail, (body, request) => listing.offShelf(caller(request), body));
  post.staff(AdminListingPath.defaults, AdminDefaultListRequest, AdminDefaultPage, (body, request) => listing.adminDefaults(caller(request), body));
  r.post(AdminListingPath.feeSettings, { schema: { response: replyOf(ListingFeeSettings) }, config: { auth: { staff: 'fee.settings' } } }, async (request) => ok(await listing.adminSettings(caller(request))));
  post.feeSettings(AdminListingPath.saveFeeSettings, ListingFeeSettings, ListingFeeSettings, (body, request) => listing.saveSettings(caller(request), body));

  const sandbox = options.sandbox;
  let advancedHours = 0;
  r.post(AdminListingPath.sandboxClock, { schema: { body: SandboxClockRequest, response: replyOf(SandboxClock) }, config: { auth: { staff: 'sandbox.control' }, audit: 'listing.sandbox.clock' } }, async (request) => {
    if (caller(request).kind !== 'staff') throw forbidden();
    if (!sandbox) throw new BadRequestError(MESSAGES.sandboxOnly);
    sandbox.clock.advance(Math.round(request.body.advanceHours * 3_600_000));
    advancedHours += request.body.advanceHours;
    return ok({ now: sandbox.clock.now().toISOString(), offsetHours: advancedHours });
  });
  r.post(AdminListingPath.sandboxRunJob, { schema: { body: SandboxRunJobRequest, response: replyOf(SandboxJobResult) }, config: { auth: { staff: 'sandbox.control' }, audit: 'listing.sandbox.run-job' } }, async (request) => {
    if (caller(request).kind !== 'staff') throw forbidden();
    if (!sandbox) throw new BadRequestError(MESSAGES.sandboxOnly);
    const job = request.body.job;
    const changed = job === ListingJobs.defaults ? await listing.sweepDefaults() : await listing.autoRevoke();
    return ok({ job, now: sandbox.clock.now().toISOString(), changed });
  });
}
