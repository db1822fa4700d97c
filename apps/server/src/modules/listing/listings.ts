import { Decimal } from '@tp/decimal';
import { BsFlag, ListingAuditStatus, ListingSource, ListingStatusAll, ListingType, MarginEventType } from '@tp/contract';
import type { CreateListingRequest, HoldStatus, ListingDetail, MarginListingRequest, MarketQuery, Page, PurchaseListingRequest, TopRequest } from '@tp/contract';
import type { z } from 'zod';
import { type DbOrTx, optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { shanghaiDay } from '../../platform/time';
import type { ListingContext } from './context';
import { checkTolerance, type ListingGoods } from './goods';
import { MESSAGES, badRequest, conflict, notFound } from './listing.errors';
import * as repo from './listing.repo';
import { freezeFunds, type ListingMargins } from './margins';
import type { ListingRights } from './rights';
import type { ListingViews } from './views';

type CreateInput = z.output<typeof CreateListingRequest>;
type MarginInput = z.output<typeof MarginListingRequest>;
type PurchaseInput = z.output<typeof PurchaseListingRequest>;
type MarketInput = z.output<typeof MarketQuery>;
type NewListing = Omit<Parameters<typeof repo.insertListing>[1], 'firmId' | 'createdAt' | 'updatedAt'>;

/** Pledged goods are frozen in their loan's part. */
const FROZEN: HoldStatus = '1';

const idOrNull = (id: string | undefined) => (id === undefined ? null : Number(id));

/** Listings (挂牌): the market, an owner's listings, publishing spot and margin orders and purchase requests, withdrawing and pinning. */
export function createListings(ctx: ListingContext, parts: { rights: ListingRights; views: ListingViews; goods: ListingGoods; margins: ListingMargins }) {
  const { db, clock, deps } = ctx;
  const { rights, views, goods, margins } = parts;

  /** Inserts the listing and, for a margin order or purchase request, freezes the owner's money (event 1) in the same transaction. */
  async function insertListing(tx: DbOrTx, firmId: number, row: NewListing, frozen?: { margin: Decimal; note: string }) {
    const now = clock.now();
    const listing = await repo.insertListing(tx, { ...row, firmId, createdAt: now, updatedAt: now });
    if (frozen) {
      const { margin, note } = frozen;
      await margins.marginEvent(tx, { event: MarginEventType.listOrder, listingId: listing.id, pickId: null, key: `listing:${listing.id}`, amount: margin, postings: freezeFunds(firmId, margin), note });
    }
    return listing.id;
  }

  /** The trade terms a margin order and a purchase request share, as their rows store them. */
  const termsOf = (input: MarginInput | PurchaseInput) => ({
    commodityTypeId: Number(input.commodityTypeId),
    gradeId: Number(input.gradeId),
    price: input.price,
    quantity: input.quantity,
    weight: input.weight,
    remaining: input.quantity,
    openTicketDay: input.openTicketDay,
    autoRevoke: input.autoRevoke,
    bankId: input.bankId,
    origin: input.origin,
    packagId: idOrNull(input.packagId),
    poundsPoor: input.poundsPoor,
    specifications: input.specifications,
    isMarginPay: input.isMarginPay,
    contentSpecificationId: idOrNull(input.contentSpecificationId),
  });

  /** The amount an order of `price` per weight unit comes to; refused when it truncates to nothing. */
  function orderAmount(input: MarginInput | PurchaseInput) {
    const amount = Decimal.parse(input.price).mul(input.weight).truncate(2);
    if (!amount.isPositive()) throw conflict(MESSAGES.amountTooSmall);
    return amount;
  }

  /**
   * Lists goods pledged to a funder (pledge financing): the goods stay in the loan's pledged part (the
   * listing has no frozen part of its own) and the pledge decides whether they may be sold at this price.
   */
  async function createPledged(auth: AuthContext, input: CreateInput, financeId: string): Promise<ListingDetail> {
    const firmId = await rights.allowTrading(auth, 'trade.list');
    const pledged = deps.pledged;
    if (!pledged) throw conflict(MESSAGES.pledgedNotAllowed);
    const type = (await views.catalogue()).get(String(input.commodityTypeId));
    if (!type || !type.grades.some((g) => g.gradeId === String(input.gradeId))) throw conflict(MESSAGES.badCatalog);
    // The pledged (frozen) holding's goods must be the commodity and grade listed; the pledge checks the holding is the loan's.
    await goods.sellerHolding(auth, input.holdId, Number(input.commodityTypeId), Number(input.gradeId), FROZEN);
    const id = await withTransaction(db, async (tx) => {
      const s = await ctx.settings(tx);
      const listingId = await insertListing(tx, firmId, {
        type: input.type,
        source: input.source,
        holdId: null,
        commodityTypeId: Number(input.commodityTypeId),
        gradeId: Number(input.gradeId),
        price: input.price,
        quantity: input.quantity,
        weight: '0',
        remaining: input.quantity,
        backingQuantity: input.quantity,
        backingWeight: '0',
        openTicketDay: input.openTicketDay,
        autoRevoke: input.autoRevoke,
        status: ListingStatusAll.listed,
      });
      const goods = await pledged.list(tx, {
        firmId,
        financeId: Number(financeId),
        holdId: Number(input.holdId),
        listingId,
        commodityTypeId: Number(input.commodityTypeId),
        price: input.price,
        quantity: input.quantity,
        feeRate: s.feeRate,
        actor: ctx.actorOf(auth),
      });
      await repo.updateListing(tx, listingId, { weight: goods.weight, backingWeight: goods.weight, storageId: goods.storageId, storageName: goods.storageName, updatedAt: clock.now() });
      return listingId;
    });
    return views.listingView(id, firmId);
  }

  return {
    /** The market: open listings of every firm, readable without logging in; pinned listings first. */
    async market(auth: AuthContext | null, query: MarketInput, only?: { types: ListingType[] }): Promise<Page<ListingDetail>> {
      let commodityTypeIds: number[] | undefined;
      if (query.keyword) {
        const word = query.keyword.toLowerCase();
        commodityTypeIds = [...(await views.catalogue()).values()].filter((t) => t.name.toLowerCase().includes(word)).map((t) => Number(t.commodityTypeId));
      }
      const { rows, total } = await repo.listListings(db, {
        status: query.status ?? ListingStatusAll.listed,
        commodityTypeId: optionalId(query.commodityTypeId),
        commodityTypeIds,
        gradeId: optionalId(query.gradeId),
        origin: query.origin,
        storageId: optionalId(query.storageId),
        priceMin: query.priceMin,
        priceMax: query.priceMax,
        type: query.type,
        types: only?.types,
        source: query.source,
        bsFlag: query.bsFlag,
        sort: query.sort,
        pinnedFirst: true,
        ...pageWindow(query),
      });
      return pageOf(await views.toListings(rows, auth?.firmId ? Number(auth.firmId) : undefined), total, query);
    },

    /** One listing: any firm's listed (or finished) listing; a listing awaiting audit or failed only to its owner. */
    async detail(auth: AuthContext | null, listingId: number): Promise<ListingDetail> {
      const viewer = auth?.firmId ? Number(auth.firmId) : undefined;
      const view = await views.listingView(listingId, viewer);
      if (!view.mine && (view.status === ListingStatusAll.awaitingAudit || view.auditStatus === ListingAuditStatus.failed)) throw notFound(MESSAGES.listingNotFound);
      return view;
    },

    async mine(auth: AuthContext, query: MarketInput): Promise<Page<ListingDetail>> {
      const firmId = Number(auth.firmId);
      await rights.allow(auth, 'trade.list').catch(async (err: unknown) => {
        // A buyer firm sees its own purchase requests with the purchase right alone.
        await rights.allow(auth, 'trade.purchase').catch(() => Promise.reject(err));
      });
      const { rows, total } = await repo.listListings(db, {
        firmId,
        status: query.status,
        commodityTypeId: optionalId(query.commodityTypeId),
        type: query.type,
        source: query.source,
        bsFlag: query.bsFlag,
        ...pageWindow(query),
      });
      return pageOf(await views.toListings(rows, firmId), total, query);
    },

    /** Lists part or all of a held holding: that quantity is frozen for as long as the listing owes it. */
    async create(auth: AuthContext, input: CreateInput): Promise<ListingDetail> {
      if (input.financeId !== undefined) return createPledged(auth, input, input.financeId);
      const firmId = await rights.allowTrading(auth, 'trade.list');
      const held = await goods.sellerHolding(auth, input.holdId, Number(input.commodityTypeId), Number(input.gradeId));
      const id = await withTransaction(db, async (tx) => {
        const part = await deps.warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity, weight: input.weight, actor: ctx.actorOf(auth) });
        return insertListing(tx, firmId, {
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
          status: ListingStatusAll.listed,
          storageId: held ? Number(held.storageId) : null,
          storageName: held?.storageName ?? null,
        });
      });
      return views.listingView(id, firmId);
    },

    /**
     * Hangs a margin order. Selling: spot/bidding goods are frozen from the named holding, presale
     * goods are promised by `putWarehousDay`; the seller's margin is frozen (event 1). Buying: the
     * buyer's margin (or the full amount without margin pay) is frozen (event 1).
     */
    async createMargin(auth: AuthContext, input: MarginInput): Promise<ListingDetail> {
      const sell = input.bsFlag === BsFlag.sell;
      const firmId = await rights.allowTrading(auth, sell ? 'trade.list' : 'trade.purchase');
      const presale = input.sourceId === ListingSource.presale;
      if (sell && presale && input.holdId !== undefined) throw badRequest(MESSAGES.holdNotAllowed);
      if (sell && !presale && input.holdId === undefined) throw badRequest(MESSAGES.holdRequired);
      if (presale && (!input.putWarehousDay || input.putWarehousDay < shanghaiDay(clock.now()))) throw badRequest(MESSAGES.putWarehousDay);
      if (!sell && input.holdId !== undefined) throw conflict(MESSAGES.wrongSide);
      const held = sell && !presale ? await goods.sellerHolding(auth, input.holdId!, Number(input.commodityTypeId), Number(input.gradeId)) : undefined;
      const ratios = ctx.ratiosOf(await ctx.settings(), Number(input.commodityTypeId));
      const amount = orderAmount(input);
      const margin = sell ? amount.mul(ratios.seller).truncate(2) : input.isMarginPay ? amount.mul(ratios.buyer).truncate(2) : amount;
      const id = await withTransaction(db, async (tx) => {
        let backing = { holdId: null as number | null, backingQuantity: '0', backingWeight: '0' };
        if (held) {
          const part = await deps.warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity, actor: ctx.actorOf(auth) });
          checkTolerance(Decimal.parse(input.weight), Decimal.parse(part.weight), input.poundsPoor);
          backing = { holdId: part.id, backingQuantity: part.quantity, backingWeight: part.weight };
        }
        const row: NewListing = {
          type: ListingType.margin,
          source: input.sourceId,
          bsFlag: input.bsFlag,
          ...backing,
          ...termsOf(input),
          putWarehousDay: input.putWarehousDay ?? null,
          margin: margin.toString(),
          status: presale ? ListingStatusAll.awaitingAudit : ListingStatusAll.listed,
          auditStatus: presale ? ListingAuditStatus.pending : ListingAuditStatus.none,
          storageId: held ? Number(held.storageId) : null,
          storageName: held?.storageName ?? null,
        };
        return insertListing(tx, firmId, row, { margin, note: sell ? 'seller margin frozen' : 'buyer margin frozen' });
      });
      return views.listingView(id, firmId);
    },

    /** A purchase request: the buyer's funds are frozen (event 1) and staff audit it before it is listed. */
    async createPurchase(auth: AuthContext, input: PurchaseInput): Promise<ListingDetail> {
      const firmId = await rights.allowTrading(auth, 'trade.purchase');
      const s = await ctx.settings();
      const amount = orderAmount(input);
      const margin = input.isMarginPay ? amount.mul(ctx.ratiosOf(s, Number(input.commodityTypeId)).buyer).truncate(2) : amount;
      const id = await withTransaction(db, (tx) =>
        insertListing(
          tx,
          firmId,
          {
            type: ListingType.purchase,
            source: input.sourceId,
            bsFlag: BsFlag.buy,
            holdId: null,
            backingQuantity: '0',
            backingWeight: '0',
            ...termsOf(input),
            margin: margin.toString(),
            status: ListingStatusAll.awaitingAudit,
            auditStatus: ListingAuditStatus.pending,
          },
          { margin, note: input.isMarginPay ? 'buyer margin frozen' : 'buyer funds frozen' },
        ),
      );
      return views.listingView(id, firmId);
    },

    /** The owner withdraws: only the unpicked remainder goes back; picks keep their goods and money. */
    async cancel(auth: AuthContext, listingId: number): Promise<ListingDetail> {
      const firmId = await rights.allowOwner(auth, listingId);
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, listingId, firmId);
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (listing.status !== ListingStatusAll.listed && listing.status !== ListingStatusAll.awaitingAudit) throw conflict(MESSAGES.listingState);
        await goods.closeRemainder(tx, listing, ctx.actorOf(auth), {}, 'listing withdrawn');
      });
      return views.listingView(listingId, firmId);
    },

    /** Pins an own listed listing to the top of the market (or unpins it). */
    async top(auth: AuthContext, input: TopRequest): Promise<ListingDetail> {
      const firmId = await rights.allowOwner(auth, Number(input.listingId));
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, Number(input.listingId), firmId);
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (listing.status !== ListingStatusAll.listed) throw conflict(MESSAGES.listingState);
        await repo.updateListing(tx, listing.id, { topAt: input.top ? clock.now() : null, updatedAt: clock.now() });
      });
      return views.listingView(Number(input.listingId), firmId);
    },
  };
}
