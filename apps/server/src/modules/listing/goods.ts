import { Decimal } from '@tp/decimal';
import { ListingStatusAll, type HoldStatus } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import type { ListingContext } from './context';
import { MESSAGES, conflict, notFound } from './listing.errors';
import * as repo from './listing.repo';
import type { ListingMargins } from './margins';
import type { ListingViews } from './views';

/** Rounding of one weight unit in the last place: proportional weights are truncated to 3 decimals. */
const WEIGHT_SLACK = Decimal.parse('0.001');
/** Holdings a seller may list or deliver from: held, not frozen by another listing. */
const HELD: HoldStatus = '0';

/** The weight of `quantity` out of a backing part: the whole weight for the whole part, else in proportion, truncated to 3 places. */
export function weightOf(quantity: Decimal, backingQuantity: Decimal, backingWeight: Decimal): Decimal {
  if (quantity.eq(backingQuantity)) return backingWeight;
  return backingWeight.mul(quantity).div(backingQuantity, 3, 'truncate');
}

/** Delivered weight must lie within the listed weight ± poundsPoor (plus the last-place rounding). */
export function checkTolerance(listed: Decimal, actual: Decimal, poundsPoor: string) {
  const allowed = listed.mul(poundsPoor).truncate(3).add(WEIGHT_SLACK);
  if (actual.sub(listed).abs().gt(allowed)) throw conflict(MESSAGES.weightTolerance);
}

/** The goods behind listings and picks: the seller's frozen holdings, cut, delivered to the buyer or given back. */
export function createGoods(ctx: ListingContext, parts: { views: ListingViews; margins: ListingMargins }) {
  const { db, clock } = ctx;
  const { warehouse } = ctx.deps;

  /**
   * Re-cuts the listing's frozen part so it backs exactly `keep` (what the listing still owes),
   * first splitting off `sell` for a buyer when given. Everything else returns to the seller's
   * held stock. Quantities are conserved by the warehouse; weights follow the backing part.
   */
  async function recut(tx: DbOrTx, listing: repo.ListingRow, keep: Decimal, actor: string, sell?: { quantity: Decimal; toFirmId: number }) {
    const backingQuantity = Decimal.parse(listing.backingQuantity);
    const backingWeight = Decimal.parse(listing.backingWeight);
    if (listing.holdId === null) throw conflict(MESSAGES.listingState);
    const held = await warehouse.releaseHolding(tx, { holdId: listing.holdId, actor });
    let bought: number | null = null;
    let soldWeight: Decimal | null = null;
    let leftQuantity = backingQuantity;
    let leftWeight = backingWeight;
    if (sell) {
      soldWeight = weightOf(sell.quantity, backingQuantity, backingWeight);
      const part = await warehouse.freezeHolding(tx, { firmId: listing.firmId, holdId: held.id, quantity: sell.quantity.toString(), weight: soldWeight.toString(), actor });
      bought = (await warehouse.moveFrozen(tx, { holdId: part.id, toFirmId: sell.toFirmId, actor })).id;
      leftQuantity = backingQuantity.sub(sell.quantity);
      leftWeight = backingWeight.sub(soldWeight);
    }
    const keepWeight = keep.eq(leftQuantity) ? leftWeight : weightOf(keep, leftQuantity, leftWeight);
    const holdId = keep.isPositive()
      ? (await warehouse.freezeHolding(tx, { firmId: listing.firmId, holdId: held.id, quantity: keep.toString(), weight: keepWeight.toString(), actor })).id
      : null;
    const backing = { holdId, backingQuantity: keep.toString(), backingWeight: keep.isPositive() ? keepWeight.toString() : '0' };
    return { backing, bought, soldWeight };
  }

  /** The seller's held (or, for pledged goods, frozen) holding by id, checked against the listing's commodity and grade. */
  async function sellerHolding(auth: AuthContext, holdId: string, commodityTypeId: number, gradeId: number, status: HoldStatus = HELD) {
    const held = (await warehouse.holdings(auth, { status, page: 0, size: 1000 })).content.find((h) => h.holdId === holdId);
    const type = (await parts.views.catalogue()).get(String(commodityTypeId));
    const grade = type?.grades.find((g) => g.gradeId === String(gradeId));
    if (held && (!type || !grade || type.name !== held.commodityName || grade.gradeName !== held.gradeName)) throw conflict(MESSAGES.badCatalog);
    return held;
  }

  /** A seller's holding offered to a buy order must exist, be held and match the order's commodity and grade. */
  async function checkOfferedHolding(auth: AuthContext, listingId: number, holdId: string) {
    const listing = (await repo.listingsByIds(db, [listingId]))[0];
    if (!listing) throw notFound(MESSAGES.listingNotFound);
    await sellerHolding(auth, holdId, listing.commodityTypeId, listing.gradeId);
  }

  /** The goods of a pick become the buyer's: from the pick's own frozen part, or cut from the listing's. */
  async function deliverGoods(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, actor: string) {
    if (pick.holdId !== null) {
      const bought = await warehouse.moveFrozen(tx, { holdId: pick.holdId, toFirmId: pick.buyerFirmId, actor });
      return { bought: bought.id, weight: Decimal.parse(bought.weight), backing: null };
    }
    // Pledged goods: the loan's pledged part holds them until now.
    const pledged = listing.holdId === null ? await ctx.deps.pledged?.deliver(tx, { listingId: listing.id, quantity: pick.quantity, toFirmId: pick.buyerFirmId, actor }) : undefined;
    if (pledged) {
      const keep = Decimal.parse(listing.backingQuantity).sub(pick.quantity);
      const backing = { holdId: null, backingQuantity: keep.toString(), backingWeight: Decimal.parse(listing.backingWeight).sub(pledged.weight).toString() };
      return { bought: pledged.bought, weight: Decimal.parse(pledged.weight), backing };
    }
    const quantity = Decimal.parse(pick.quantity);
    const weight = weightOf(quantity, Decimal.parse(listing.backingQuantity), Decimal.parse(listing.backingWeight));
    const keep = Decimal.parse(listing.backingQuantity).sub(quantity);
    const { backing, bought, soldWeight } = await recut(tx, listing, keep, actor, { quantity, toFirmId: pick.buyerFirmId });
    return { bought, weight: soldWeight ?? weight, backing };
  }

  /** The actual weight of the pick's goods before they move: its own part's, else its share of the listing's. */
  function actualWeight(listing: repo.ListingRow, pick: repo.PickRow): Decimal {
    if (pick.weight !== null && pick.holdId !== null) return Decimal.parse(pick.weight);
    if (pick.holdId !== null) throw new Error(`pick ${pick.id} has a holding but no weight`);
    return weightOf(Decimal.parse(pick.quantity), Decimal.parse(listing.backingQuantity), Decimal.parse(listing.backingWeight));
  }

  /** The pick's quantity goes back to the open listing. */
  const reopen = (tx: DbOrTx, listing: repo.ListingRow, quantity: string) =>
    repo.updateListing(tx, listing.id, { remaining: Decimal.parse(listing.remaining).add(quantity).toString(), status: ListingStatusAll.listed, updatedAt: clock.now() });

  /** Gives a pick's goods back to the seller's held stock (the pick ended without delivery). */
  async function returnGoods(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, actor: string, backToMarket: boolean) {
    const reopens = backToMarket && listing.status !== ListingStatusAll.cancelled;
    if (pick.holdId !== null) {
      await warehouse.releaseHolding(tx, { holdId: pick.holdId, actor });
      if (reopens) await reopen(tx, listing, pick.quantity);
      return;
    }
    // The quantity alone goes back when the goods stay behind the open listing, or when none exist yet (presale before stock-in).
    if (listing.holdId === null || reopens) {
      if (reopens) await reopen(tx, listing, pick.quantity);
      // Pledged goods no longer offered stay in their pledge.
      else await ctx.deps.pledged?.unlisted(tx, { listingId: listing.id, quantity: pick.quantity, actor });
      return;
    }
    const { backing } = await recut(tx, listing, Decimal.parse(listing.backingQuantity).sub(pick.quantity), actor);
    await repo.updateListing(tx, listing.id, { ...backing, updatedAt: clock.now() });
  }

  /** A picked-out listing is complete once none of its picks is still open. */
  async function maybeComplete(tx: DbOrTx, listingId: number) {
    const listing = await repo.listingById(tx, listingId);
    if (!listing || listing.status !== ListingStatusAll.picked) return;
    if ((await repo.openPicks(tx, listingId)).length === 0) await repo.updateListing(tx, listingId, { status: ListingStatusAll.completed, updatedAt: clock.now() });
  }

  /** Ends the listing's open remainder: goods (when a holding backs it) and the owner's money go back. */
  async function closeRemainder(tx: DbOrTx, listing: repo.ListingRow, actor: string, patch: Partial<repo.ListingRow>, note: string) {
    const now = clock.now();
    let backing = {};
    if (listing.holdId !== null) {
      const reserved = Decimal.parse(listing.backingQuantity).sub(listing.remaining);
      backing = (await recut(tx, listing, reserved, actor)).backing;
    } else if (Decimal.parse(listing.remaining).isPositive()) {
      // Pledged goods no longer offered stay in their pledge.
      await ctx.deps.pledged?.unlisted(tx, { listingId: listing.id, quantity: listing.remaining, actor });
    }
    await parts.margins.releaseListingMargin(tx, listing, note);
    await repo.updateListing(tx, listing.id, { ...backing, remaining: '0', margin: '0', status: ListingStatusAll.cancelled, updatedAt: now, ...patch });
  }

  return { recut, sellerHolding, checkOfferedHolding, deliverGoods, actualWeight, returnGoods, maybeComplete, closeRemainder };
}

export type ListingGoods = ReturnType<typeof createGoods>;
