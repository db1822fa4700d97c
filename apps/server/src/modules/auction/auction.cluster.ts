import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/index';
import { createForwarder, createInternalSigner, onDemandLeases, registerInternalRoute, type Forwarder, type InternalSigner, type LeaseTiming, type OnDemandLeases } from '../../platform/cluster/index';

/** Where an instance takes the bids of the lots it writes from the other instances. */
export const AUCTION_INTERNAL_PATH = '/internal/auction/command';

/** The bidder as the instance that took the call authenticated it; the lot's owner checks its right and standing in the bid's group. */
export const Bidder = z.strictObject({ userId: z.string(), firmId: z.string(), isMainAccount: z.boolean() });
export type Bidder = z.infer<typeof Bidder>;

/** A command sent to the instance that writes the lot. */
export const ForwardedBid = z.strictObject({ op: z.literal('offer'), itemId: z.number().int(), bidder: Bidder, price: z.string() });
export type ForwardedBid = z.infer<typeof ForwardedBid>;

/** The lease's name of a lot's writer. */
export const lotLease = (itemId: number) => `auction:${itemId}`;

/** What lets several instances on one PostgreSQL share the lots: a lease per lot in bidding, and forwarding to the lot's writer. */
export interface AuctionCluster {
  leases: OnDemandLeases;
  forward: Forwarder<ForwardedBid>;
  signer: InternalSigner;
}

export function createAuctionCluster(deps: { db: Db; url: string; secret: string; logger: { warn(obj: object, msg: string): void }; timing?: Partial<LeaseTiming> | undefined }): AuctionCluster {
  const signer = createInternalSigner(deps.secret);
  return {
    signer,
    leases: onDemandLeases({ db: deps.db, url: deps.url, timing: deps.timing, logger: deps.logger, engine: 'auction lot' }),
    // A lot's writer commits one group at a time: one batch being written and one being gathered keep
    // it busy, and bids waiting meanwhile leave together in the next batch rather than one by one.
    forward: createForwarder<ForwardedBid>({ signer, path: AUCTION_INTERNAL_PATH, maxInFlight: 2 }),
  };
}

/** The route other instances forward bids to (signed with APP_SECRET, left out of the API document). */
export function registerAuctionInternalRoutes(app: FastifyInstance, auction: { serve(command: ForwardedBid): Promise<unknown> }, signer: InternalSigner): void {
  registerInternalRoute(app, signer, { path: AUCTION_INTERNAL_PATH, command: ForwardedBid, serve: (command) => auction.serve(command), engine: 'auction' });
}
