import { Decimal } from '@tp/decimal';
import { BargainStatus, ListingAuditStatus, ListingStatusAll, type Bargain, type BargainCounterRequest, type BargainListRequest, type BargainOfferRequest, type Page } from '@tp/contract';
import type { z } from 'zod';
import { optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { buySide, type ListingContext } from './context';
import type { ListingGoods } from './goods';
import { MESSAGES, badRequest, conflict, notFound } from './listing.errors';
import * as repo from './listing.repo';
import type { createPicks } from './picks';
import type { ListingRights } from './rights';
import type { ListingViews } from './views';

type BargainOfferInput = z.output<typeof BargainOfferRequest>;
type BargainCounterInput = z.output<typeof BargainCounterRequest>;
type BargainQuery = z.output<typeof BargainListRequest>;
type MakePick = ReturnType<typeof createPicks>['makePick'];

/** Whether the firm may answer the offer now: its owner while it waits (`W`), its offerer once countered (`C`). */
const answersAsOwner = (bargain: repo.BargainRow, firmId: number) => bargain.ownerFirmId === firmId && bargain.status === BargainStatus.awaitingOwner;
const answersAsOfferer = (bargain: repo.BargainRow, firmId: number) => bargain.offererFirmId === firmId && bargain.status === BargainStatus.countered;

/** Bargaining (议价): offers on a listing, counter-offers, and the pick an accepted offer becomes. */
export function createBargaining(ctx: ListingContext, parts: { rights: ListingRights; views: ListingViews; goods: ListingGoods; makePick: MakePick }) {
  const { db, clock } = ctx;
  const { rights, views, goods, makePick } = parts;

  /** Moves one of the firm's offers on, inside a transaction, when `allowed` says the firm may; answers the offer as the firm sees it. */
  async function answer(firmId: number, bargainId: number, allowed: (bargain: repo.BargainRow) => boolean, patch: Partial<repo.BargainRow>): Promise<Bargain> {
    await withTransaction(db, async (tx) => {
      const bargain = await repo.bargainOfFirm(tx, bargainId, firmId);
      if (!bargain) throw notFound(MESSAGES.bargainNotFound);
      if (!allowed(bargain)) throw conflict(MESSAGES.bargainState);
      await repo.updateBargain(tx, bargain.id, { ...patch, updatedAt: clock.now() });
    });
    return views.bargainView(bargainId, firmId);
  }

  return {
    /** A buyer (or, on a buy order, a seller) offers a price and quantity; nothing is frozen until accepted. */
    async offer(auth: AuthContext, input: BargainOfferInput): Promise<Bargain> {
      const firmId = await rights.allowTrading(auth, 'trade.bargain');
      const listing = (await repo.listingsByIds(db, [Number(input.listingId)]))[0];
      if (!listing || listing.status === ListingStatusAll.awaitingAudit || listing.auditStatus === ListingAuditStatus.failed) throw notFound(MESSAGES.listingNotFound);
      if (listing.status !== ListingStatusAll.listed) throw conflict(MESSAGES.listingState);
      if (listing.firmId === firmId) throw conflict(MESSAGES.ownListing);
      if (Decimal.parse(input.quantity).gt(listing.remaining)) throw conflict(MESSAGES.overPick);
      if (buySide(listing) && input.holdId === undefined) throw badRequest(MESSAGES.holdRequired);
      if (input.holdId !== undefined) await goods.checkOfferedHolding(auth, listing.id, input.holdId);
      if (!buySide(listing) && input.holdId !== undefined) throw conflict(MESSAGES.wrongSide);
      const now = clock.now();
      const row = await repo.insertBargain(db, {
        listingId: listing.id,
        offererFirmId: firmId,
        ownerFirmId: listing.firmId,
        price: input.price,
        quantity: input.quantity,
        holdId: input.holdId === undefined ? null : Number(input.holdId),
        note: input.note,
        status: BargainStatus.awaitingOwner,
        createdAt: now,
        updatedAt: now,
      });
      return views.bargainView(row.id, firmId);
    },

    async bargains(auth: AuthContext, query: BargainQuery): Promise<Page<Bargain>> {
      const firmId = await rights.allow(auth, 'trade.bargain');
      const { rows, total } = await repo.listBargains(db, {
        firmId,
        role: query.role,
        status: query.status,
        listingId: optionalId(query.listingId),
        ...pageWindow(query),
      });
      return pageOf(await views.toBargains(rows, firmId), total, query);
    },

    /**
     * The owner accepts an offer (`W`), or the offerer accepts a counter-offer (`C`): a pick at the
     * agreed price is made with price flag `T` (the offerer's money frozen as for any pick), which
     * the owner then confirms like any other.
     */
    async acceptBargain(auth: AuthContext, bargainId: number): Promise<Bargain> {
      const firmId = await rights.allowTrading(auth, 'trade.bargain');
      await withTransaction(db, async (tx) => {
        const peek = await repo.bargainOfFirm(tx, bargainId, firmId, false);
        if (!peek) throw notFound(MESSAGES.bargainNotFound);
        const listing = await repo.listingById(tx, peek.listingId);
        const bargain = await repo.bargainOfFirm(tx, bargainId, firmId);
        if (!listing || !bargain) throw notFound(MESSAGES.bargainNotFound);
        const asOfferer = answersAsOfferer(bargain, firmId);
        if (!answersAsOwner(bargain, firmId) && !asOfferer) throw conflict(MESSAGES.bargainState);
        const price = asOfferer ? bargain.counterPrice! : bargain.price;
        const quantity = Decimal.parse(asOfferer ? bargain.counterQuantity! : bargain.quantity);
        // The pick is the offerer's: it is made in the offerer's name with the offerer's holding.
        const offererAuth: AuthContext = { ...auth, firmId: String(bargain.offererFirmId) };
        const pickId = await makePick(tx, offererAuth, bargain.offererFirmId, {
          listingId: listing.id,
          quantity,
          holdId: bargain.holdId === null ? undefined : String(bargain.holdId),
          price,
          bargainId: bargain.id,
        });
        await repo.updateBargain(tx, bargain.id, { status: BargainStatus.accepted, pickId, updatedAt: clock.now() });
      });
      return views.bargainView(bargainId, firmId);
    },

    async refuseBargain(auth: AuthContext, bargainId: number): Promise<Bargain> {
      const firmId = await rights.allow(auth, 'trade.bargain');
      return answer(firmId, bargainId, (b) => answersAsOwner(b, firmId) || answersAsOfferer(b, firmId), { status: BargainStatus.refused });
    },

    async counterBargain(auth: AuthContext, input: BargainCounterInput): Promise<Bargain> {
      const firmId = await rights.allowTrading(auth, 'trade.bargain');
      const patch = { status: BargainStatus.countered, counterPrice: input.price, counterQuantity: input.quantity, counterNote: input.note };
      return answer(firmId, Number(input.bargainId), (b) => answersAsOwner(b, firmId), patch);
    },

    async withdrawBargain(auth: AuthContext, bargainId: number): Promise<Bargain> {
      const firmId = await rights.allow(auth, 'trade.bargain');
      const waiting = (b: repo.BargainRow) => b.status === BargainStatus.awaitingOwner || b.status === BargainStatus.countered;
      return answer(firmId, bargainId, (b) => b.offererFirmId === firmId && waiting(b), { status: BargainStatus.withdrawn });
    },
  };
}
