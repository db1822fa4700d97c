import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateListingRequest, Listing, ListingIdRequest, ListingListRequest, ListingPage, ListingPath, ListingPick, PickIdRequest, PickListRequest, PickPage, PickRequest } from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import type { ListingService } from './listing.service';

/** The market list is public (a logged-in viewer sees which listings are its own); everything else needs a firm user. */
export function registerListingRoutes(app: FastifyInstance, listing: ListingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  r.post(ListingPath.market, { schema: { body: ListingListRequest, response: replyOf(ListingPage) }, config: { auth: 'optional' } }, async (request) =>
    ok(await listing.market(request.auth, request.body)),
  );
  r.post(ListingPath.mine, { schema: { body: ListingListRequest, response: replyOf(ListingPage) }, config: user }, async (request) =>
    ok(await listing.mine(caller(request), request.body)),
  );
  r.post(ListingPath.create, { schema: { body: CreateListingRequest, response: replyOf(Listing) }, config: user }, async (request) =>
    ok(await listing.create(caller(request), request.body)),
  );
  r.post(ListingPath.cancel, { schema: { body: ListingIdRequest, response: replyOf(Listing) }, config: user }, async (request) =>
    ok(await listing.cancel(caller(request), Number(request.body.listingId))),
  );
  r.post(ListingPath.pick, { schema: { body: PickRequest, response: replyOf(ListingPick) }, config: user }, async (request) =>
    ok(await listing.pick(caller(request), request.body)),
  );
  r.post(ListingPath.picks, { schema: { body: PickListRequest, response: replyOf(PickPage) }, config: user }, async (request) =>
    ok(await listing.picks(caller(request), request.body)),
  );
  r.post(ListingPath.pickDetail, { schema: { body: PickIdRequest, response: replyOf(ListingPick) }, config: user }, async (request) =>
    ok(await listing.pickDetail(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingPath.confirmPick, { schema: { body: PickIdRequest, response: replyOf(ListingPick) }, config: user }, async (request) =>
    ok(await listing.confirmPick(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingPath.refusePick, { schema: { body: PickIdRequest, response: replyOf(ListingPick) }, config: user }, async (request) =>
    ok(await listing.refusePick(caller(request), Number(request.body.pickId))),
  );
  r.post(ListingPath.cancelPick, { schema: { body: PickIdRequest, response: replyOf(ListingPick) }, config: user }, async (request) =>
    ok(await listing.cancelPick(caller(request), Number(request.body.pickId))),
  );
}
