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
import { BadRequestError, caller, ok, replyOf } from '../../platform/http/index';
import { readUploadedFile } from '../../platform/uploads/index';
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

  r.post(ListingPath.market, { schema: { body: MarketQuery, response: replyOf(ListingDetailPage) }, config: publicRoute }, async (request) =>
    ok(await listing.market(request.auth, request.body)),
  );
  r.post(ListingApiPath.purchases, { schema: { body: MarketQuery, response: replyOf(ListingDetailPage) }, config: publicRoute }, async (request) =>
    ok(await listing.market(request.auth, request.body, { types: [ListingType.purchase] })),
  );
  r.get(ListingApiPath.feeSettings, { schema: { response: replyOf(PublicFeeSettings) }, config: publicRoute }, async () => ok(await listing.publicFeeSettings()));
  r.post(ListingApiPath.detail, { schema: { body: ListingIdRequest, response: replyOf(ListingDetail) }, config: publicRoute }, async (request) =>
    ok(await listing.detail(request.auth, Number(request.body.listingId))),
  );
  r.post(ListingPath.mine, { schema: { body: MarketQuery, response: replyOf(ListingDetailPage) }, config: user }, async (request) =>
    ok(await listing.mine(caller(request), request.body)),
  );
  r.post(ListingPath.create, { schema: { body: CreateListingRequest, response: replyOf(ListingDetail) }, config: user }, async (request) =>
    ok(await listing.create(caller(request), request.body)),
  );
  r.post(ListingApiPath.createMargin, { schema: { body: MarginListingRequest, response: replyOf(ListingDetail) }, config: user }, async (request) =>
    ok(await listing.createMargin(caller(request), request.body)),
  );
  r.post(ListingApiPath.createPurchase, { schema: { body: PurchaseListingRequest, response: replyOf(ListingDetail) }, config: user }, async (request) =>
    ok(await listing.createPurchase(caller(request), request.body)),
  );
  r.post(ListingPath.cancel, { schema: { body: ListingIdRequest, response: replyOf(ListingDetail) }, config: user }, async (request) =>
    ok(await listing.cancel(caller(request), Number(request.body.listingId))),
  );
  r.post(ListingApiPath.top, { schema: { body: TopRequest, response: replyOf(ListingDetail) }, config: user }, async (request) => ok(await listing.top(caller(request), request.body)));

  r.post(ListingPath.pick, { schema: { body: PickRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.pick(caller(request), request.body)),
  );
  r.post(ListingApiPath.pickSell, { schema: { body: PickSellRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.pickSell(caller(request), request.body)),
  );
  r.post(ListingApiPath.pickAll, { schema: { body: PickAllRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.pickAll(caller(request), request.body)),
  );
  r.post(ListingPath.picks, { schema: { body: PickListQuery, response: replyOf(ListingPickDetailPage) }, config: user }, async (request) =>
    ok(await listing.picks(caller(request), request.body)),
  );
  r.post(ListingPath.pickDetail, { schema: { body: PickIdRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.pickDetail(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingApiPath.pickHistory, { schema: { body: PickIdRequest, response: replyOf(PickHistory) }, config: user }, async (request) =>
    ok(await listing.pickHistory(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingPath.confirmPick, { schema: { body: PickIdRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.confirmPick(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingPath.refusePick, { schema: { body: PickIdRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.refusePick(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingPath.cancelPick, { schema: { body: PickIdRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.cancelPick(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingApiPath.payBalance, { schema: { body: PayBalanceRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.payBalance(caller(request), request.body)),
  );
  r.post(ListingApiPath.stockIn, { schema: { body: StockInRequest, response: replyOf(ListingPickDetail) }, config: user }, async (request) =>
    ok(await listing.stockIn(caller(request), request.body)),
  );

  r.post(ListingApiPath.invoiceUpload, { schema: { consumes: ['multipart/form-data'], response: replyOf(InvoiceUpload) }, config: user }, async (request) =>
    ok(await listing.uploadInvoice(caller(request), await readInvoice(request))),
  );
  r.post(ListingApiPath.invoiceOpen, { schema: { body: OpenInvoiceRequest, response: replyOf(PickInvoice) }, config: user }, async (request) =>
    ok(await listing.openInvoice(caller(request), request.body)),
  );
  r.post(ListingApiPath.invoiceDetail, { schema: { body: PickIdRequest, response: replyOf(PickInvoice) }, config: user }, async (request) =>
    ok(await listing.invoice(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingApiPath.invoiceConfirm, { schema: { body: PickIdRequest, response: replyOf(PickInvoice) }, config: user }, async (request) =>
    ok(await listing.confirmInvoice(caller(request), Number(request.body.pickId))),
  );
  r.get(ListingApiPath.invoiceFile, { schema: { querystring: PickIdRequest }, config: user }, async (request, reply) => {
    const file = await listing.invoiceFile(caller(request), Number(request.query.pickId));
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.bytes)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });

  r.post(ListingApiPath.bargainOffer, { schema: { body: BargainOfferRequest, response: replyOf(Bargain) }, config: user }, async (request) =>
    ok(await listing.offer(caller(request), request.body)),
  );
  r.post(ListingApiPath.bargainList, { schema: { body: BargainListRequest, response: replyOf(BargainPage) }, config: user }, async (request) =>
    ok(await listing.bargains(caller(request), request.body)),
  );
  r.post(ListingApiPath.bargainAccept, { schema: { body: BargainIdRequest, response: replyOf(Bargain) }, config: user }, async (request) =>
    ok(await listing.acceptBargain(caller(request), Number(request.body.bargainId))),
  );
  r.post(ListingApiPath.bargainRefuse, { schema: { body: BargainIdRequest, response: replyOf(Bargain) }, config: user }, async (request) =>
    ok(await listing.refuseBargain(caller(request), Number(request.body.bargainId))),
  );
  r.post(ListingApiPath.bargainCounter, { schema: { body: BargainCounterRequest, response: replyOf(Bargain) }, config: user }, async (request) =>
    ok(await listing.counterBargain(caller(request), request.body)),
  );
  r.post(ListingApiPath.bargainWithdraw, { schema: { body: BargainIdRequest, response: replyOf(Bargain) }, config: user }, async (request) =>
    ok(await listing.withdrawBargain(caller(request), Number(request.body.bargainId))),
  );

  r.post(AdminListingPath.list, { schema: { body: AdminListingListRequest, response: replyOf(ListingDetailPage) }, config: staff }, async (request) =>
    ok(await listing.adminListings(caller(request), request.body)),
  );
  r.post(AdminListingPath.audit, { schema: { body: AdminListingAuditRequest, response: replyOf(ListingDetail) }, config: staff }, async (request) =>
    ok(await listing.audit(caller(request), request.body)),
  );
  r.post(AdminListingPath.offShelf, { schema: { body: AdminOffShelfRequest, response: replyOf(ListingDetail) }, config: staff }, async (request) =>
    ok(await listing.offShelf(caller(request), request.body)),
  );
  r.post(AdminListingPath.defaults, { schema: { body: AdminDefaultListRequest, response: replyOf(AdminDefaultPage) }, config: staff }, async (request) =>
    ok(await listing.adminDefaults(caller(request), request.body)),
  );
  r.post(AdminListingPath.feeSettings, { schema: { response: replyOf(ListingFeeSettings) }, config: { auth: { staff: 'fee.settings' } } }, async (request) => ok(await listing.adminSettings(caller(request))));
  r.post(AdminListingPath.saveFeeSettings, { schema: { body: ListingFeeSettings, response: replyOf(ListingFeeSettings) }, config: { auth: { staff: 'fee.settings' } } }, async (request) =>
    ok(await listing.saveSettings(caller(request), request.body)),
  );

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
