import { Decimal } from '@tp/decimal';
import { BsFlag, DefaultStatus, DeliveryStatus, ListingSource, ListingStatusAll, ListingType, MarginEventType, PickPayStatus, PickStatus, PriceFlag } from '@tp/contract';
import type { JournalType, ListingPickDetail, MarginEvent, Page, PickAllRequest, PickHistory, PickListQuery, PickRequest, PickSellRequest, StockInRequest } from '@tp/contract';
import type { z } from 'zod';
import { type DbOrTx, optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { toMoney, toQuantity } from '../../platform/money';
import { DAY_MS } from '../../platform/time';
import { buySide, iso, marginMode, pickerOfPick, type ListingContext, type PickContractTerms } from './context';
import { checkTolerance, type ListingGoods } from './goods';
import { MESSAGES, conflict, notFound } from './listing.errors';
import * as repo from './listing.repo';
import { ListingJournalType, freezeFunds, marginJournalType, releaseFunds, type ListingMargins } from './margins';
import type { ListingPayments } from './payments';
import type { ListingRights } from './rights';
import type { ListingViews } from './views';

type PickQuery = z.output<typeof PickListQuery>;

/** What a pick is made of: the listing, how much (all that is left when omitted), the seller's holding on a buy order, a bargained price. */
export interface PickInput {
  listingId: number;
  quantity?: Decimal | undefined;
  holdId?: string | undefined;
  price?: string;
  bargainId?: number;
}

/** Picks (摘牌): made by a buyer or, on a buy order, a seller; confirmed, refused or cancelled; presale goods stocked in. */
export function createPicks(ctx: ListingContext, parts: { rights: ListingRights; views: ListingViews; goods: ListingGoods; margins: ListingMargins; payments: ListingPayments }) {
  const { db, clock, deps } = ctx;
  const { rights, views, goods, margins, payments } = parts;

  /**
   * Makes a pick inside the caller's transaction (the listing row locked first): a buyer on a sell
   * listing, or a seller with one of its holdings on a buy-side listing.
   */
  async function makePick(tx: DbOrTx, auth: AuthContext, firmId: number, input: PickInput): Promise<number> {
    const listing = await repo.listingById(tx, input.listingId);
    if (!listing) throw notFound(MESSAGES.listingNotFound);
    if (listing.status !== ListingStatusAll.listed) throw conflict(MESSAGES.listingState);
    if (listing.firmId === firmId) throw conflict(MESSAGES.ownListing);
    const remaining = Decimal.parse(listing.remaining);
    const quantity = input.quantity ?? remaining;
    if (!quantity.isPositive() || quantity.gt(remaining)) throw conflict(MESSAGES.overPick);
    const price = Decimal.parse(input.price ?? listing.price);
    const now = clock.now();
    const left = remaining.sub(quantity);
    const status = left.isZero() ? ListingStatusAll.picked : ListingStatusAll.listed;
    const whole = quantity.eq(Decimal.parse(listing.quantity));
    const listedWeight = whole ? Decimal.parse(listing.weight) : Decimal.parse(listing.weight).mul(quantity).div(listing.quantity, 3, 'truncate');
    const base = {
      listingId: listing.id,
      price: price.toString(),
      quantity: quantity.toString(),
      status: PickStatus.toConfirm,
      payStatus: PickPayStatus.awaiting,
      priceFlag: input.bargainId === undefined ? PriceFlag.ordinary : PriceFlag.bargained,
      bargainId: input.bargainId ?? null,
      createdAt: now,
      updatedAt: now,
    };
    /** The picker's money freezes with the pick, in its own journal. */
    const freezeForPick = (pickId: number, key: string, type: JournalType, amount: Decimal) => margins.postJournal(tx, { key, type, ref: String(pickId), postings: freezeFunds(firmId, amount) });

    if (listing.type === ListingType.spot) {
      if (buySide(listing)) throw conflict(MESSAGES.wrongSide);
      const amount = price.mul(quantity).truncate(2);
      if (!amount.isPositive()) throw conflict(MESSAGES.amountTooSmall);
      await repo.updateListing(tx, listing.id, { remaining: left.toString(), status, updatedAt: now });
      const pick = await repo.insertPick(tx, { ...base, buyerFirmId: firmId, sellerFirmId: listing.firmId, amount: amount.toString(), buyerMargin: amount.toString(), listedWeight: listedWeight.toString() });
      await freezeForPick(pick.id, `${ListingJournalType.pickFreeze}:${pick.id}`, ListingJournalType.pickFreeze, amount);
      return pick.id;
    }

    // Margin and purchase listings are priced per weight unit: the amount follows the weight.
    const amount = price.mul(listedWeight).truncate(2);
    if (!amount.isPositive()) throw conflict(MESSAGES.amountTooSmall);
    const ratios = ctx.ratiosOf(await ctx.settings(tx), listing.commodityTypeId);
    // The owner's money for this share of the listing: all that is left for the last part, else in proportion.
    const ownerShare = left.isZero() ? Decimal.parse(listing.margin) : Decimal.parse(listing.margin).mul(quantity).div(remaining, 2, 'truncate');
    const listingPatch = { remaining: left.toString(), margin: Decimal.parse(listing.margin).sub(ownerShare).toString(), status, updatedAt: now };

    if (!buySide(listing)) {
      if (input.holdId !== undefined) throw conflict(MESSAGES.wrongSide);
      const buyerMargin = amount.mul(ratios.buyer).truncate(2);
      await repo.updateListing(tx, listing.id, listingPatch);
      const pick = await repo.insertPick(tx, {
        ...base,
        buyerFirmId: firmId,
        sellerFirmId: listing.firmId,
        amount: amount.toString(),
        listedWeight: listedWeight.toString(),
        buyerMargin: buyerMargin.toString(),
        sellerMargin: ownerShare.toString(),
        deliveryStatus: listing.source === ListingSource.presale ? DeliveryStatus.awaitingStockIn : DeliveryStatus.notNeeded,
      });
      // The margin freezes now; confirmation records it as event 2 (the same journal, replayed by its key).
      const confirmJournal = marginJournalType(MarginEventType.confirmPick);
      await freezeForPick(pick.id, `${confirmJournal}:pick:${pick.id}`, confirmJournal, buyerMargin);
      return pick.id;
    }

    // A seller answers a buy order with goods it holds (checked against the commodity before the transaction).
    if (input.holdId === undefined) throw conflict(MESSAGES.wrongSide);
    const part = await deps.warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: quantity.toString(), actor: ctx.actorOf(auth) });
    checkTolerance(listedWeight, Decimal.parse(part.weight), listing.poundsPoor);
    const sellerMargin = marginMode(listing) ? amount.mul(ratios.seller).truncate(2) : Decimal.ZERO;
    await repo.updateListing(tx, listing.id, listingPatch);
    const pick = await repo.insertPick(tx, {
      ...base,
      buyerFirmId: listing.firmId,
      sellerFirmId: firmId,
      amount: amount.toString(),
      listedWeight: listedWeight.toString(),
      weight: part.weight,
      holdId: part.id,
      buyerMargin: ownerShare.toString(),
      sellerMargin: sellerMargin.toString(),
    });
    await freezeForPick(pick.id, `${ListingJournalType.pickFreeze}:${pick.id}`, ListingJournalType.pickFreeze, sellerMargin);
    return pick.id;
  }

  /** Ends a pick awaiting confirmation (refused `F` or cancelled `U`): the picker's money, the owner's share and the goods come back. */
  async function endPick(auth: AuthContext, firmId: number, role: 'owner' | 'picker', pickId: number, to: typeof PickStatus.invalid | typeof PickStatus.cancelled): Promise<ListingPickDetail> {
    await withTransaction(db, async (tx) => {
      const { listing, pick } = await rights.lockPick(tx, pickId, firmId, role);
      if (pick.status !== PickStatus.toConfirm) throw conflict(MESSAGES.pickState);
      const now = clock.now();
      await repo.updatePick(tx, pick.id, { status: to, updatedAt: now });
      if (listing.type === ListingType.spot) {
        await margins.postJournal(tx, { key: `${ListingJournalType.pickRelease}:${pick.id}`, type: ListingJournalType.pickRelease, ref: String(pick.id), postings: releaseFunds(pick.buyerFirmId, Decimal.parse(pick.amount)) });
        await goods.returnGoods(tx, listing, pick, ctx.actorOf(auth), true);
        return;
      }
      const sell = !buySide(listing);
      const pickerMoney = Decimal.parse(sell ? pick.buyerMargin : pick.sellerMargin);
      const ownerShare = Decimal.parse(sell ? pick.sellerMargin : pick.buyerMargin);
      const closed = listing.status === ListingStatusAll.cancelled;
      // The owner's share goes back to the listing while it is open, else straight back to the owner.
      const ownerBack = closed ? releaseFunds(listing.firmId, ownerShare) : [];
      await margins.marginEvent(tx, {
        event: MarginEventType.release,
        listingId: listing.id,
        pickId: pick.id,
        key: `pick:${pick.id}`,
        amount: pickerMoney.add(closed ? ownerShare : Decimal.ZERO),
        postings: [...releaseFunds(pickerOfPick(listing, pick), pickerMoney), ...ownerBack],
        note: to === PickStatus.invalid ? 'refused' : 'cancelled',
      });
      if (!closed) await repo.updateListing(tx, listing.id, { margin: Decimal.parse(listing.margin).add(ownerShare).toString(), updatedAt: now });
      const fresh = (await repo.listingById(tx, listing.id))!;
      await goods.returnGoods(tx, fresh, pick, ctx.actorOf(auth), true);
    });
    return views.pickView(pickId, firmId);
  }

  async function termsOf(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, feeRate: string, confirmedAt: Date): Promise<PickContractTerms> {
    return {
      pickId: pick.id,
      listingId: listing.id,
      listingType: listing.type,
      source: listing.source,
      sellerFirmId: pick.sellerFirmId,
      buyerFirmId: pick.buyerFirmId,
      ...views.names(await views.catalogue(tx), listing.commodityTypeId, listing.gradeId),
      price: toMoney(pick.price),
      quantity: toQuantity(pick.quantity),
      weight: toQuantity(pick.weight ?? pick.listedWeight ?? '0'),
      amount: toMoney(pick.amount),
      buyerMargin: marginMode(listing) ? toMoney(pick.buyerMargin) : '0.00',
      sellerMargin: toMoney(pick.sellerMargin),
      feeRate,
      poundsPoor: Decimal.parse(listing.poundsPoor).toString(),
      openTicketDay: listing.openTicketDay,
      balanceDueAt: iso(pick.balanceDueAt),
      deliveryDueAt: iso(pick.deliveryDueAt),
      origin: listing.origin || null,
      warehouseName: listing.storageName,
      confirmedAt: confirmedAt.toISOString(),
    };
  }

  const api = {
    /** A buyer picks part of a sell listing: its money (full amount, or the margin) is frozen until the seller answers. */
    async pick(auth: AuthContext, input: PickRequest): Promise<ListingPickDetail> {
      const firmId = await rights.allowTrading(auth, 'trade.pick');
      const pickId = await withTransaction(db, (tx) => makePick(tx, auth, firmId, { listingId: Number(input.listingId), quantity: Decimal.parse(input.quantity) }));
      return views.pickView(pickId, firmId);
    },

    /** A seller picks a buy order with goods from one of its holdings. */
    async pickSell(auth: AuthContext, input: PickSellRequest): Promise<ListingPickDetail> {
      const firmId = await rights.allowTrading(auth, 'trade.list');
      await goods.checkOfferedHolding(auth, Number(input.listingId), input.holdId);
      const pickId = await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, Number(input.listingId));
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (!buySide(listing)) throw conflict(MESSAGES.wrongSide);
        return makePick(tx, auth, firmId, { listingId: listing.id, quantity: Decimal.parse(input.quantity), holdId: input.holdId });
      });
      return views.pickView(pickId, firmId);
    },

    /** Picks the whole remainder of a listing. */
    async pickAll(auth: AuthContext, input: PickAllRequest): Promise<ListingPickDetail> {
      const firmId = await rights.allowTrading(auth, input.holdId === undefined ? 'trade.pick' : 'trade.list');
      if (input.holdId !== undefined) await goods.checkOfferedHolding(auth, Number(input.listingId), input.holdId);
      const pickId = await withTransaction(db, (tx) => makePick(tx, auth, firmId, { listingId: Number(input.listingId), holdId: input.holdId }));
      return views.pickView(pickId, firmId);
    },

    async picks(auth: AuthContext, query: PickQuery): Promise<Page<ListingPickDetail>> {
      const firmId = await rights.allow(auth, query.side === 'seller' ? 'trade.list' : 'trade.pick');
      const { rows, total } = await repo.listPicks(db, {
        firmId,
        side: query.side,
        status: query.status,
        payStatus: query.payStatus,
        invoiceStatus: query.invoiceStatus,
        listingId: optionalId(query.listingId),
        source: query.source,
        ...pageWindow(query),
      });
      return pageOf(await views.toPicks(rows, firmId), total, query);
    },

    /** One pick, to its buyer or its seller only. */
    async pickDetail(auth: AuthContext, pickId: number): Promise<ListingPickDetail> {
      const view = await views.pickView(pickId, Number(auth.firmId));
      await rights.allow(auth, view.side === 'seller' ? 'trade.list' : 'trade.pick');
      return view;
    },

    /** The margin events of a pick in order, to its parties only. */
    async pickHistory(auth: AuthContext, pickId: number): Promise<PickHistory> {
      const pick = await repo.pickOfFirm(db, pickId, Number(auth.firmId), 'either', false);
      if (!pick) throw notFound(MESSAGES.pickNotFound);
      await rights.allowParty(auth, pick);
      const events: MarginEvent[] = (await repo.eventsOfPick(db, pick)).map((e) => ({
        eventType: e.eventType,
        amount: toMoney(e.amount),
        time: e.createdAt.toISOString(),
        journalId: e.journalId,
        note: e.note,
      }));
      return { pickId: String(pick.id), events };
    },

    /**
     * The listing's owner confirms a pick. Spot: paid in full at once (`W` → `L`), goods move. Margin:
     * the buyer's margin stays frozen as the first payment (`F`, event 2) and the balance falls due.
     * Purchase requests paid in full settle like spot. Every confirmation records the pick's contract.
     */
    async confirmPick(auth: AuthContext, pickId: number): Promise<ListingPickDetail> {
      const firmId = await rights.allowPickOwner(auth, pickId);
      // Confirming issues the contract, which names both parties.
      await deps.traders.assertMayTrade(auth);
      await withTransaction(db, async (tx) => {
        const { listing, pick } = await rights.lockPick(tx, pickId, firmId, 'owner');
        if (pick.status !== PickStatus.toConfirm) throw conflict(MESSAGES.pickState);
        const s = await ctx.settings(tx);
        const now = clock.now();
        const patch = marginMode(listing) ? await payments.keepFirstPayment(tx, listing, pick, s, now) : await payments.payInFull(tx, listing, pick, s, ctx.actorOf(auth), now);
        await repo.updatePick(tx, pick.id, { ...patch, updatedAt: now });
        if (deps.contracts) {
          const fresh = (await repo.listingById(tx, listing.id))!;
          const { contractId } = await deps.contracts.issueForPick(tx, await termsOf(tx, fresh, { ...pick, ...patch }, s.feeRate, now));
          await repo.updatePick(tx, pick.id, { contractId });
        }
        const volume = listing.type === ListingType.spot ? pick.quantity : (pick.listedWeight ?? pick.quantity);
        await deps.deals?.recordDeal(tx, { source: 'pick', sourceRef: String(pick.id), commodityTypeId: listing.commodityTypeId, price: pick.price, volume, amount: pick.amount, bsFlag: buySide(listing) ? BsFlag.sell : BsFlag.buy, at: now });
        await goods.maybeComplete(tx, listing.id);
      });
      return views.pickView(pickId, firmId);
    },

    async refusePick(auth: AuthContext, pickId: number): Promise<ListingPickDetail> {
      const firmId = await rights.allowPickOwner(auth, pickId);
      return endPick(auth, firmId, 'owner', pickId, PickStatus.invalid);
    },

    async cancelPick(auth: AuthContext, pickId: number): Promise<ListingPickDetail> {
      const firmId = await rights.allowPicker(auth, pickId);
      return endPick(auth, firmId, 'picker', pickId, PickStatus.cancelled);
    },

    /** The seller of a confirmed presale pick supplies the goods from a held holding (event 8). */
    async stockIn(auth: AuthContext, input: StockInRequest): Promise<ListingPickDetail> {
      const firmId = await rights.allow(auth, 'trade.delivery');
      const pickId = Number(input.pickId);
      const peek = await repo.pickOfFirm(db, pickId, firmId, 'seller', false);
      if (!peek) throw notFound(MESSAGES.pickNotFound);
      const listingRow = (await repo.listingsByIds(db, [peek.listingId]))[0]!;
      const held = await goods.sellerHolding(auth, input.holdId, listingRow.commodityTypeId, listingRow.gradeId);
      await withTransaction(db, async (tx) => {
        const { listing, pick } = await rights.lockPick(tx, pickId, firmId, 'seller');
        if (pick.status !== PickStatus.confirmed || pick.deliveryStatus !== DeliveryStatus.awaitingStockIn || pick.sellerDefault === DefaultStatus.defaulted) throw conflict(MESSAGES.pickState);
        const part = await deps.warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: pick.quantity, actor: ctx.actorOf(auth) });
        checkTolerance(Decimal.parse(pick.listedWeight ?? '0'), Decimal.parse(part.weight), listing.poundsPoor);
        const now = clock.now();
        const s = await ctx.settings(tx);
        await margins.noteEvent(tx, MarginEventType.stockIn, pick, `stocked in ${toQuantity(part.quantity)} / ${toQuantity(part.weight)}`);
        await repo.updatePick(tx, pick.id, {
          holdId: part.id,
          weight: part.weight,
          deliveryStatus: DeliveryStatus.stockedIn,
          sellerDefault: DefaultStatus.none,
          balanceDueAt: new Date(now.getTime() + s.balanceDays * DAY_MS),
          updatedAt: now,
        });
        if (held && listing.storageId === null) await repo.updateListing(tx, listing.id, { storageId: Number(held.storageId), storageName: held.storageName, updatedAt: now });
      });
      return views.pickView(pickId, firmId);
    },
  };

  return { makePick, api };
}
