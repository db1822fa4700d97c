import { Decimal } from '@tp/decimal';
import { LISTING_FEE_RATE, type CommodityType, type CreateListingRequest, type Listing, type ListingListRequest, type ListingPick, type Page, type PickListRequest, type PickRequest } from '@tp/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { loadCommodityTypes } from '../catalog/index';
import { firmFund } from '../bank/index';
import { LedgerKind, PLATFORM_OWNER, type AccountRef, type LedgerService } from '../ledger/index';
import type { FirmService, RightCode } from '../firm/index';
import type { WarehouseService } from '../warehouse/index';
import { MESSAGES, conflict, notFound } from './listing.errors';
import * as repo from './listing.repo';

export const ListingJournalType = {
  pickFreeze: 'listing.pick.freeze',
  pickRelease: 'listing.pick.release',
  pickSettle: 'listing.pick.settle',
} as const;

export interface ListingServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight'>;
  warehouse: Pick<WarehouseService, 'freezeHolding' | 'releaseHolding' | 'moveFrozen' | 'holdings'>;
  /** The platform's share of a confirmed pick's amount, taken from the seller. */
  feeRate?: string;
}

type CreateInput = z.output<typeof CreateListingRequest>;
type MarketQuery = z.output<typeof ListingListRequest>;
type PickQuery = z.output<typeof PickListRequest>;

const FEE_INCOME: AccountRef = { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.feeIncome };
const d = (v: string) => Decimal.parse(v);
const q3 = (v: Decimal | string) => (typeof v === 'string' ? d(v) : v).truncate(3).toFixed(3);
const m2 = (v: Decimal | string) => (typeof v === 'string' ? d(v) : v).truncate(2).toFixed(2);
const pageOf = <T>(content: T[], total: number, query: { page: number; size: number }): Page<T> => ({ content, total, page: query.page, size: query.size });

/** The weight of `quantity` out of a backing part: the whole weight for the whole part, else in proportion, truncated to 3 places. */
function weightOf(quantity: Decimal, backingQuantity: Decimal, backingWeight: Decimal): Decimal {
  if (quantity.eq(backingQuantity)) return backingWeight;
  return backingWeight.mul(quantity).div(backingQuantity, 3, 'truncate');
}

export function createListingService(deps: ListingServiceDeps) {
  const { db, clock, ledger, firm, warehouse } = deps;
  const feeRate = d(deps.feeRate ?? LISTING_FEE_RATE);
  const actorOf = (auth: AuthContext) => `user:${auth.userId}`;

  async function allow(auth: AuthContext, right: RightCode): Promise<number> {
    await firm.requireRight(auth, right);
    return Number(auth.firmId);
  }

  async function catalogue(): Promise<Map<string, CommodityType>> {
    return new Map((await loadCommodityTypes(db)).map((t) => [t.commodityTypeId, t]));
  }

  function names(types: Map<string, CommodityType>, commodityTypeId: number, gradeId: number) {
    const type = types.get(String(commodityTypeId));
    return {
      commodityName: type?.name ?? '',
      gradeName: type?.grades.find((g) => g.gradeId === String(gradeId))?.gradeName ?? '',
      unit: type?.unit ?? '',
      weightUnit: type?.weightUnit ?? '',
    };
  }

  async function toListings(rows: repo.ListingRow[], viewerFirmId: number | undefined): Promise<Listing[]> {
    const types = await catalogue();
    return rows.map((row) => ({
      listingId: String(row.id),
      type: row.type,
      source: row.source,
      commodityTypeId: String(row.commodityTypeId),
      gradeId: String(row.gradeId),
      ...names(types, row.commodityTypeId, row.gradeId),
      price: m2(row.price),
      quantity: q3(row.quantity),
      weight: q3(row.weight),
      remaining: q3(row.remaining),
      openTicketDay: row.openTicketDay,
      autoRevoke: row.autoRevoke,
      status: row.status,
      mine: viewerFirmId !== undefined && row.firmId === viewerFirmId,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function toPicks(rows: repo.PickRow[], viewerFirmId: number): Promise<ListingPick[]> {
    const types = await catalogue();
    const listings = new Map((await repo.listingsByIds(db, [...new Set(rows.map((r) => r.listingId))])).map((l) => [l.id, l]));
    return rows.map((row) => {
      const listing = listings.get(row.listingId);
      const { commodityName, gradeName, unit } = listing ? names(types, listing.commodityTypeId, listing.gradeId) : { commodityName: '', gradeName: '', unit: '' };
      return {
        pickId: String(row.id),
        listingId: String(row.listingId),
        commodityName,
        gradeName,
        unit,
        price: m2(row.price),
        quantity: q3(row.quantity),
        weight: row.weight === null ? null : q3(row.weight),
        amount: m2(row.amount),
        fee: m2(row.fee),
        status: row.status,
        payStatus: row.payStatus,
        side: row.sellerFirmId === viewerFirmId ? ('seller' as const) : ('buyer' as const),
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async function listingView(id: number, viewerFirmId: number): Promise<Listing> {
    const [row] = await repo.listingsByIds(db, [id]);
    if (!row) throw notFound(MESSAGES.listingNotFound);
    const [view] = await toListings([row], viewerFirmId);
    return view!;
  }

  async function pickView(id: number, firmId: number): Promise<ListingPick> {
    const row = await repo.pickOfFirm(db, id, firmId, 'either', false);
    if (!row) throw notFound(MESSAGES.pickNotFound);
    const [view] = await toPicks([row], firmId);
    return view!;
  }

  /**
   * Re-cuts the listing's frozen part so it backs exactly `keep` (what the listing still owes),
   * first splitting off `sell` for a buyer when given. Everything else returns to the seller's
   * held stock. Quantities are conserved by the warehouse; weights follow the backing part.
   */
  async function recut(tx: DbOrTx, listing: repo.ListingRow, keep: Decimal, actor: string, sell?: { quantity: Decimal; toFirmId: number }) {
    const backingQuantity = d(listing.backingQuantity);
    const backingWeight = d(listing.backingWeight);
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

  async function releaseFunds(tx: DbOrTx, pick: repo.PickRow): Promise<void> {
    await ledger.post(tx, {
      idempotencyKey: `${ListingJournalType.pickRelease}:${pick.id}`,
      type: ListingJournalType.pickRelease,
      businessRef: String(pick.id),
      postings: [
        { account: firmFund(pick.buyerFirmId, 'frozen'), amount: d(pick.amount).neg().toString() },
        { account: firmFund(pick.buyerFirmId, 'available'), amount: pick.amount },
      ],
    });
  }

  /** Ends a pick awaiting confirmation (refused `F` or cancelled `U`): the buyer's funds and the listing's quantity come back. */
  async function endPick(auth: AuthContext, firmId: number, side: 'buyer' | 'seller', pickId: number, to: 'F' | 'U'): Promise<ListingPick> {
    const peek = await repo.pickOfFirm(db, pickId, firmId, side, false);
    if (!peek) throw notFound(MESSAGES.pickNotFound);
    await withTransaction(db, async (tx) => {
      // Listing before pick: the fixed lock order every flow here follows.
      const listing = await repo.listingById(tx, peek.listingId);
      const pick = await repo.pickOfFirm(tx, pickId, firmId, side);
      if (!listing || !pick) throw notFound(MESSAGES.pickNotFound);
      if (pick.status !== 'W') throw conflict(MESSAGES.pickState);
      const now = clock.now();
      await releaseFunds(tx, pick);
      await repo.updatePick(tx, pick.id, { status: to, updatedAt: now });
      const quantity = d(pick.quantity);
      if (listing.status === 'U') {
        const { backing } = await recut(tx, listing, d(listing.backingQuantity).sub(quantity), actorOf(auth));
        await repo.updateListing(tx, listing.id, { ...backing, updatedAt: now });
      } else {
        await repo.updateListing(tx, listing.id, { remaining: d(listing.remaining).add(quantity).toString(), status: 'O', updatedAt: now });
      }
    });
    return pickView(pickId, firmId);
  }

  return {
    /** The market: open listings of every firm, readable without logging in. */
    async market(auth: AuthContext | null, query: MarketQuery): Promise<Page<Listing>> {
      const { rows, total } = await repo.listListings(db, {
        status: query.status ?? 'O',
        commodityTypeId: query.commodityTypeId === undefined ? undefined : Number(query.commodityTypeId),
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toListings(rows, auth ? Number(auth.firmId) : undefined), total, query);
    },

    async mine(auth: AuthContext, query: MarketQuery): Promise<Page<Listing>> {
      const firmId = await allow(auth, 'trade.list');
      const { rows, total } = await repo.listListings(db, {
        firmId,
        status: query.status,
        commodityTypeId: query.commodityTypeId === undefined ? undefined : Number(query.commodityTypeId),
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toListings(rows, firmId), total, query);
    },

    /** Lists part or all of a held holding: that quantity is frozen for as long as the listing owes it. */
    async create(auth: AuthContext, input: CreateInput): Promise<Listing> {
      const firmId = await allow(auth, 'trade.list');
      const held = (await warehouse.holdings(auth, { status: '0', page: 0, size: 1000 })).content.find((h) => h.holdId === input.holdId);
      const type = (await catalogue()).get(input.commodityTypeId);
      const grade = type?.grades.find((g) => g.gradeId === input.gradeId);
      if (held && (!type || !grade || type.name !== held.commodityName || grade.gradeName !== held.gradeName)) throw conflict(MESSAGES.badCatalog);
      const id = await withTransaction(db, async (tx) => {
        const part = await warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity, weight: input.weight, actor: actorOf(auth) });
        const now = clock.now();
        const row = await repo.insertListing(tx, {
          firmId,
          type: input.type,
          source: input.source,
          holdId: part.id,
          commodityTypeId: Number(input.commodityTypeId),
          gradeId: Number(input.gradeId),
          price: input.price,
          quantity: part.quantity,
          weight: part.weight,
          remaining: part.quantity,
          backingQuantity: part.quantity,
          backingWeight: part.weight,
          openTicketDay: input.openTicketDay,
          autoRevoke: input.autoRevoke,
          status: 'O',
          createdAt: now,
          updatedAt: now,
        });
        return row.id;
      });
      return listingView(id, firmId);
    },

    /** The seller cancels: only the unpicked remainder goes back; picks awaiting confirmation keep their goods. */
    async cancel(auth: AuthContext, listingId: number): Promise<Listing> {
      const firmId = await allow(auth, 'trade.list');
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, listingId, firmId);
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (listing.status !== 'O') throw conflict(MESSAGES.listingState);
        const reserved = d(listing.backingQuantity).sub(listing.remaining);
        const { backing } = await recut(tx, listing, reserved, actorOf(auth));
        await repo.updateListing(tx, listing.id, { ...backing, remaining: '0', status: 'U', updatedAt: clock.now() });
      });
      return listingView(listingId, firmId);
    },

    /** A buyer picks part or all of a listing: the amount is frozen from the buyer's funds until the seller answers. */
    async pick(auth: AuthContext, input: PickRequest): Promise<ListingPick> {
      const firmId = await allow(auth, 'trade.pick');
      const pickId = await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, Number(input.listingId));
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (listing.status !== 'O') throw conflict(MESSAGES.listingState);
        if (listing.firmId === firmId) throw conflict(MESSAGES.ownListing);
        const quantity = d(input.quantity);
        const remaining = d(listing.remaining);
        if (quantity.gt(remaining)) throw conflict(MESSAGES.overPick);
        const amount = d(listing.price).mul(quantity).truncate(2);
        if (!amount.isPositive()) throw conflict(MESSAGES.amountTooSmall);
        const now = clock.now();
        const left = remaining.sub(quantity);
        await repo.updateListing(tx, listing.id, { remaining: left.toString(), status: left.isZero() ? 'Z' : 'O', updatedAt: now });
        const pick = await repo.insertPick(tx, {
          listingId: listing.id,
          buyerFirmId: firmId,
          sellerFirmId: listing.firmId,
          price: listing.price,
          quantity: quantity.toString(),
          amount: amount.toString(),
          status: 'W',
          payStatus: 'W',
          createdAt: now,
          updatedAt: now,
        });
        await ledger.post(tx, {
          idempotencyKey: `${ListingJournalType.pickFreeze}:${pick.id}`,
          type: ListingJournalType.pickFreeze,
          businessRef: String(pick.id),
          postings: [
            { account: firmFund(firmId, 'available'), amount: amount.neg().toString() },
            { account: firmFund(firmId, 'frozen'), amount: amount.toString() },
          ],
        });
        return pick.id;
      });
      return pickView(pickId, firmId);
    },

    async picks(auth: AuthContext, query: PickQuery): Promise<Page<ListingPick>> {
      const firmId = await allow(auth, query.side === 'seller' ? 'trade.list' : 'trade.pick');
      const { rows, total } = await repo.listPicks(db, {
        firmId,
        side: query.side,
        status: query.status,
        listingId: query.listingId === undefined ? undefined : Number(query.listingId),
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toPicks(rows, firmId), total, query);
    },

    /** One pick, to its buyer or its seller only. */
    async pickDetail(auth: AuthContext, pickId: number): Promise<ListingPick> {
      const firmId = Number(auth.firmId);
      const view = await pickView(pickId, firmId);
      await allow(auth, view.side === 'seller' ? 'trade.list' : 'trade.pick');
      return view;
    },

    /**
     * The seller confirms: paid in full at once (`W` → `L`) in one balanced journal (buyer frozen →
     * seller available less the platform fee), and the picked goods become the buyer's holding.
     */
    async confirmPick(auth: AuthContext, pickId: number): Promise<ListingPick> {
      const firmId = await allow(auth, 'trade.list');
      const peek = await repo.pickOfFirm(db, pickId, firmId, 'seller', false);
      if (!peek) throw notFound(MESSAGES.pickNotFound);
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, peek.listingId, firmId);
        const pick = await repo.pickOfFirm(tx, pickId, firmId, 'seller');
        if (!listing || !pick) throw notFound(MESSAGES.pickNotFound);
        if (pick.status !== 'W') throw conflict(MESSAGES.pickState);
        const amount = d(pick.amount);
        const fee = amount.mul(feeRate).truncate(2);
        await ledger.post(tx, {
          idempotencyKey: `${ListingJournalType.pickSettle}:${pick.id}`,
          type: ListingJournalType.pickSettle,
          businessRef: String(pick.id),
          postings: [
            { account: firmFund(pick.buyerFirmId, 'frozen'), amount: amount.neg().toString() },
            { account: firmFund(pick.sellerFirmId, 'available'), amount: amount.sub(fee).toString() },
            ...(fee.isPositive() ? [{ account: FEE_INCOME, amount: fee.toString() }] : []),
          ],
        });
        const quantity = d(pick.quantity);
        const keep = d(listing.backingQuantity).sub(quantity);
        const { backing, bought, soldWeight } = await recut(tx, listing, keep, actorOf(auth), { quantity, toFirmId: pick.buyerFirmId });
        const now = clock.now();
        await repo.updatePick(tx, pick.id, { status: 'T', payStatus: 'L', fee: fee.toString(), weight: soldWeight?.toString() ?? null, boughtHoldId: bought, updatedAt: now });
        const settled = listing.status === 'Z' && keep.isZero();
        await repo.updateListing(tx, listing.id, { ...backing, status: settled ? 'T' : listing.status, updatedAt: now });
      });
      return pickView(pickId, firmId);
    },

    async refusePick(auth: AuthContext, pickId: number): Promise<ListingPick> {
      const firmId = await allow(auth, 'trade.list');
      return endPick(auth, firmId, 'seller', pickId, 'F');
    },

    async cancelPick(auth: AuthContext, pickId: number): Promise<ListingPick> {
      const firmId = await allow(auth, 'trade.pick');
      return endPick(auth, firmId, 'buyer', pickId, 'U');
    },
  };
}

export type ListingService = ReturnType<typeof createListingService>;
