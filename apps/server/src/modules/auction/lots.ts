import { Decimal } from '@tp/decimal';
import { AuctionAuditStatus, AuctionKind, AuctionOrderStatus, AuctionStatus, DepositState, EnrolStatus, JournalType, PickPayStatus, type ListingFeeSettings, type AdminAuctionAuditRequest, type AdminAuctionStopRequest, type AuctionItem, type PublishAuctionRequest, type PublishMarginBuyRequest } from '@tp/contract';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/index';
import { type DbOrTx, withTransaction } from '../../platform/db/index';
import { requireStaff, type AuthContext } from '../../platform/http/index';
import { DAY_MS } from '../../platform/time';
import { requireFirmRight } from '../firm/index';
import { Postings, firmFundPair } from '../ledger/index';
import { MESSAGES, badRequest, conflict, notFound } from './auction.errors';
import * as repo from './auction.repo';
import { isReverse, reserveMet, type AuctionContext } from './context';
import type { AuctionViews } from './views';

type PublishInput = z.output<typeof PublishAuctionRequest>;
type PublishBuyInput = z.output<typeof PublishMarginBuyRequest>;
type AuditInput = z.output<typeof AdminAuctionAuditRequest>;
type StopInput = z.output<typeof AdminAuctionStopRequest>;

const SYSTEM_ACTOR = 'system:auction';
/** A lot may be published with its notice starting a little in the past (the form's clock against the server's). */
const SHOW_TIME_SLACK_MS = 60_000;

/** A lot's life: publish, audit, withdraw, and the phases its clock drives (notice, bidding, end). */
export function createLots(ctx: AuctionContext, views: AuctionViews, hooks: { onBiddingOpened(tx: DbOrTx, item: repo.ItemRow): Promise<repo.ItemRow> }) {
  const { db, clock, deps } = ctx;

  /** Every deposit still frozen goes back (one journal), except the winner's when given. */
  async function releaseDeposits(tx: DbOrTx, item: repo.ItemRow, keepFirmId: number | null, note: string): Promise<string | null> {
    const released = (await repo.enrolmentsOfItem(tx, item.id)).filter((e) => e.depositState === DepositState.frozen && e.firmId !== keepFirmId);
    const journalId = await ctx.post(tx, {
      key: `auction.release:${item.id}`,
      type: JournalType.listingMargin7,
      ref: `auction:${item.id}`,
      postings: released.flatMap((e) => Postings.release(firmFundPair(e.firmId), Decimal.parse(e.deposit))),
    });
    for (const e of released) await repo.updateEnrolment(tx, e.id, { depositState: DepositState.released, updatedAt: clock.now() });
    if (released.length > 0) await ctx.history(tx, item, item.status, SYSTEM_ACTOR, `${note}: ${released.length} deposit(s) released`, journalId);
    return journalId;
  }

  /** The goods and the seller's margin go back to the seller. */
  async function returnToSeller(tx: DbOrTx, item: repo.ItemRow, actor: string) {
    if (item.holdId !== null) await deps.warehouse.releaseHolding(tx, { holdId: item.holdId, actor });
    await ctx.post(tx, { key: `auction.seller-release:${item.id}`, type: JournalType.listingMargin7, ref: `auction:${item.id}`, postings: Postings.release(firmFundPair(item.firmId), Decimal.parse(item.sellerMargin)) });
  }

  /** Withdraws a lot that has not ended: everyone's money and the goods go back. */
  async function withdraw(tx: DbOrTx, item: repo.ItemRow, actor: string, patch: Partial<repo.ItemRow>, note: string) {
    await releaseDeposits(tx, item, null, note);
    await returnToSeller(tx, item, actor);
    await ctx.history(tx, item, AuctionStatus.withdrawn, actor, note);
    await repo.updateItem(tx, item.id, { ...patch, status: AuctionStatus.withdrawn, updatedAt: clock.now() });
  }

  /**
   * The end: the highest bid at or above the reserve wins and becomes a winning order (its deposit
   * the first payment, the balance due after the listing settings' balance days); every other
   * deposit is released. Without such a bid the lot is passed-in and everything goes back.
   */
  async function end(tx: DbOrTx, item: repo.ItemRow, s: ListingFeeSettings): Promise<repo.ItemRow> {
    const now = clock.now();
    const sold = reserveMet(item) && item.leaderFirmId !== null;
    if (!sold) {
      await withdrawGoodsAtEnd(tx, item);
      const patch = { status: AuctionStatus.ended, unsold: true, updatedAt: now };
      await ctx.history(tx, item, AuctionStatus.ended, SYSTEM_ACTOR, 'passed in');
      await repo.updateItem(tx, item.id, patch);
      return { ...item, ...patch };
    }
    const winner = item.leaderFirmId!;
    await releaseDeposits(tx, item, winner, 'auction ended');
    const enrolment = (await repo.enrolmentOf(tx, item.id, winner))!;
    const amount = Decimal.parse(item.currentPrice).mul(item.weight).truncate(2);
    const reverse = isReverse(item);
    let firstPayment = Decimal.parse(enrolment.deposit);
    if (reverse) {
      // A margin buy: the buyer's deposit, frozen at publishing, becomes its first payment at the buyer's
      // margin ratio of the amount; what it froze beyond that goes back. The winning seller's margin stays
      // frozen until the goods are paid for.
      const share = amount.mul(s.defaultBuyerMarginRatio).truncate(2);
      firstPayment = share.lt(item.sellerMargin) ? share : Decimal.parse(item.sellerMargin);
      await ctx.post(tx, { key: `auction.buyer-excess:${item.id}`, type: JournalType.listingMargin7, ref: `auction:${item.id}`, postings: Postings.release(firmFundPair(item.firmId), Decimal.parse(item.sellerMargin).sub(firstPayment)) });
    } else {
      await repo.updateEnrolment(tx, enrolment.id, { depositState: DepositState.firstPayment, updatedAt: now });
    }
    const order = await repo.insertOrder(tx, {
      itemId: item.id,
      buyerFirmId: reverse ? item.firmId : winner,
      sellerFirmId: reverse ? winner : item.firmId,
      price: item.currentPrice,
      amount: amount.toString(),
      firstPayment: firstPayment.toString(),
      status: AuctionOrderStatus.toConfirm,
      payStatus: PickPayStatus.firstPaid,
      // A margin buy's balance falls due only once its seller has confirmed (the deadline is set again then);
      // until then the seller has the same balance days to confirm.
      balanceDueAt: new Date(now.getTime() + s.balanceDays * DAY_MS),
      confirmDueAt: reverse ? new Date(now.getTime() + s.balanceDays * DAY_MS) : null,
      createdAt: now,
      updatedAt: now,
    });
    await ctx.history(tx, item, AuctionStatus.ended, SYSTEM_ACTOR, reverse ? `won by bidder ${item.leaderNo} at ${item.currentPrice} (lowest bid): order ${order.id}, the buyer's deposit kept as first payment, the seller's margin kept` : `won by bidder ${item.leaderNo} at ${item.currentPrice}: order ${order.id}, deposit kept as first payment`);
    const patch = { status: AuctionStatus.ended, updatedAt: now };
    await repo.updateItem(tx, item.id, patch);
    return { ...item, ...patch };
  }

  async function withdrawGoodsAtEnd(tx: DbOrTx, item: repo.ItemRow) {
    await releaseDeposits(tx, item, null, 'passed in');
    await returnToSeller(tx, item, SYSTEM_ACTOR);
  }

  /**
   * Moves a locked lot through every phase its clock has reached; the lot as it stands after. Ending
   * needs the trading settings, read before the transaction (PGlite has one connection); without
   * them a lot past its end is left for its phase job to end.
   */
  async function advanceLocked(tx: DbOrTx, start: repo.ItemRow, s?: ListingFeeSettings): Promise<repo.ItemRow> {
    let item = start;
    const now = clock.now().getTime();
    if (item.status === AuctionStatus.notPublic && item.auditStatus === AuctionAuditStatus.passed && now >= item.showTime.getTime()) {
      await ctx.history(tx, item, AuctionStatus.notice, SYSTEM_ACTOR, 'public notice');
      item = { ...item, status: AuctionStatus.notice };
      await repo.updateItem(tx, item.id, { status: item.status, updatedAt: clock.now() });
    }
    if (item.status === AuctionStatus.notice && now >= item.startTime.getTime()) {
      await ctx.history(tx, item, AuctionStatus.bidding, SYSTEM_ACTOR, 'bidding opened');
      item = { ...item, status: AuctionStatus.bidding };
      await repo.updateItem(tx, item.id, { status: item.status, updatedAt: clock.now() });
      item = await hooks.onBiddingOpened(tx, item);
    }
    if (s && item.status === AuctionStatus.bidding && now >= item.endTime.getTime()) item = await end(tx, item, s);
    return item;
  }

  /** The phase job: one lot, locked, moved to where its clock says; the change pushed after commit. */
  async function advance(itemId: number): Promise<void> {
    const s = await deps.listing.settings();
    const result = await withTransaction(db, async (tx) => {
      const item = await repo.itemForUpdate(tx, itemId);
      if (!item) return null;
      const after = await advanceLocked(tx, item, s);
      return after.status === item.status && after.bidCount === item.bidCount ? null : after;
    });
    if (result) ctx.push(result);
  }

  /** The phase sweep: every lot whose clock reached its next phase, one transaction each. */
  async function advanceDue(): Promise<number> {
    const due = await repo.dueLots(db, clock.now());
    for (const itemId of due) await advance(itemId);
    return due.length;
  }

  async function holdingOf(auth: AuthContext, holdId: string) {
    const held = (await deps.warehouse.holdings(auth, { status: '0', page: 0, size: 1000 })).content.find((h) => h.holdId === holdId);
    if (!held) throw notFound(MESSAGES.holding);
    return held;
  }

  /** What every lot takes from its publishing request: its prices, phases and contact, awaiting the staff audit. */
  function publishedTerms(input: PublishInput | PublishBuyInput, showTime: Date, now: Date) {
    return {
      startingUnitPrice: input.startingUnitPrice,
      addPrice: input.addPrice,
      reservePrice: input.reservePrice ?? null,
      showTime,
      startTime: new Date(input.startTime),
      endTime: new Date(input.endTime),
      originalEndTime: new Date(input.endTime),
      status: AuctionStatus.notPublic,
      auditStatus: AuctionAuditStatus.pending,
      memo: input.memo,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      image: input.image,
      bankIdList: input.bankIdList,
      currentPrice: input.startingUnitPrice,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** Stores a published lot, freezes what its publisher puts up (event 1) and writes its first history line. */
  async function insertLot(tx: DbOrTx, auth: AuthContext, values: Parameters<typeof repo.insertItem>[1], frozen: Decimal, note: string): Promise<repo.ItemRow> {
    const row = await repo.insertItem(tx, values);
    const journalId = await ctx.post(tx, { key: `auction.publish:${row.id}`, type: JournalType.listingMargin1, ref: `auction:${row.id}`, postings: Postings.freeze(firmFundPair(values.firmId), frozen) });
    await ctx.history(tx, row, AuctionStatus.notPublic, ctx.actorOf(auth), note, journalId);
    return row;
  }

  return {
    advance,
    advanceDue,
    advanceLocked,

    /** Publishes a lot from a held holding: the goods are frozen, and for a margin sell the seller's margin too (event 1). Staff audit it next. */
    async publish(auth: AuthContext, kind: AuctionKind, input: PublishInput): Promise<AuctionItem> {
      const firmId = await requireFirmRight(deps.firm, auth, 'auction.publish');
      await deps.traders.assertMayTrade(auth);
      const held = await holdingOf(auth, input.holdId);
      if (input.warehousId !== undefined && input.warehousId !== held.storageId) throw badRequest(MESSAGES.warehouse);
      if (input.reservePrice !== undefined && Decimal.parse(input.reservePrice).lt(input.startingUnitPrice)) throw badRequest(MESSAGES.reservePrice);
      const showTime = new Date(input.showTime);
      if (showTime.getTime() < clock.now().getTime() - SHOW_TIME_SLACK_MS) throw badRequest(MESSAGES.showTimePast);
      const s = await deps.listing.settings();
      const now = clock.now();
      const item = await withTransaction(db, async (tx) => {
        const part = await deps.warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity ?? held.quantity, actor: ctx.actorOf(auth) });
        const startAmount = Decimal.parse(input.startingUnitPrice).mul(part.weight);
        const sellerMargin = kind === AuctionKind.marginSell ? startAmount.mul(s.defaultSellerMarginRatio).truncate(2) : Decimal.ZERO;
        return insertLot(tx, auth, {
          ...publishedTerms(input, showTime, now),
          firmId,
          kind,
          holdId: part.id,
          commodityName: held.commodityName,
          gradeName: held.gradeName,
          quantity: part.quantity,
          weight: part.weight,
          deposit: startAmount.mul(s.defaultBuyerMarginRatio).truncate(2).toString(),
          sellerMargin: sellerMargin.toString(),
          storageId: Number(held.storageId),
          storageName: held.storageName,
        }, sellerMargin, 'published, awaiting audit');
      });
      return views.itemView(item, firmId, undefined);
    },

    /**
     * publish margin buy (竞买): the buyer names what it wants and the delivery warehouse; its deposit
     * (the buyer's margin ratio of the starting amount, event 1) is frozen, and sellers sign up with a
     * performance margin (the seller's margin ratio of it) to bid the price down. Staff audit it next.
     */
    async publishMarginBuy(auth: AuthContext, input: PublishBuyInput): Promise<AuctionItem> {
      const firmId = await requireFirmRight(deps.firm, auth, 'auction.publish');
      await deps.traders.assertMayTrade(auth);
      if (input.reservePrice !== undefined && Decimal.parse(input.reservePrice).gt(input.startingUnitPrice)) throw badRequest(MESSAGES.reserveAbove);
      const showTime = new Date(input.showTime);
      if (showTime.getTime() < clock.now().getTime() - SHOW_TIME_SLACK_MS) throw badRequest(MESSAGES.showTimePast);
      const storage = (await deps.warehouse.storages({ page: 0, size: 1000 })).content.find((w) => w.storageId === input.warehousId);
      if (!storage) throw badRequest(MESSAGES.warehouse);
      const s = await deps.listing.settings();
      const now = clock.now();
      const startAmount = Decimal.parse(input.startingUnitPrice).mul(input.weight);
      const buyerDeposit = startAmount.mul(s.defaultBuyerMarginRatio).truncate(2);
      const item = await withTransaction(db, (tx) =>
        insertLot(tx, auth, {
          ...publishedTerms(input, showTime, now),
          firmId,
          kind: AuctionKind.marginBuy,
          holdId: null,
          commodityName: input.commodityName,
          gradeName: input.gradeName,
          quantity: input.quantity,
          weight: input.weight,
          deposit: startAmount.mul(s.defaultSellerMarginRatio).truncate(2).toString(),
          sellerMargin: buyerDeposit.toString(),
          storageId: Number(storage.storageId),
          storageName: storage.name,
        }, buyerDeposit, 'margin buy published, awaiting audit'),
      );
      return views.itemView(item, firmId, undefined);
    },

    /** The seller takes the lot back before bidding starts. */
    async undoPublish(auth: AuthContext, itemId: number): Promise<AuctionItem> {
      const firmId = await requireFirmRight(deps.firm, auth, 'auction.publish');
      const item = await withTransaction(db, async (tx) => {
        const row = await repo.itemForUpdate(tx, itemId, firmId);
        if (!row) throw notFound(MESSAGES.auctionNotFound);
        const now = clock.now().getTime();
        const beforeStart = (row.status === AuctionStatus.notPublic && row.auditStatus !== AuctionAuditStatus.failed) || row.status === AuctionStatus.notice;
        if (!beforeStart || now >= row.startTime.getTime()) throw conflict(MESSAGES.auctionState);
        await withdraw(tx, row, ctx.actorOf(auth), {}, 'publish undone by the seller');
        return (await repo.itemById(tx, itemId))!;
      });
      ctx.push(item);
      return views.itemView(item, firmId, undefined);
    },

    /** Staff pass a lot (its phases are scheduled) or fail it with a reason (everything goes back). */
    async audit(auth: AuthContext, input: AuditInput): Promise<AuctionItem> {
      requireStaff(auth);
      if (!input.pass && !input.reason) throw badRequest(MESSAGES.reasonRequired);
      const s = await deps.listing.settings();
      const item = await withTransaction(db, async (tx) => {
        const row = await repo.itemForUpdate(tx, Number(input.itemId));
        if (!row) throw notFound(MESSAGES.auctionNotFound);
        if (row.auditStatus !== AuctionAuditStatus.pending || row.status !== AuctionStatus.notPublic) throw conflict(MESSAGES.auctionState);
        if (input.pass) {
          await repo.updateItem(tx, row.id, { auditStatus: AuctionAuditStatus.passed, updatedAt: clock.now() });
          await ctx.history(tx, row, row.status, ctx.actorOf(auth), 'audit passed');
          for (const at of [row.showTime, row.startTime, row.endTime]) await ctx.schedulePhase(tx, row.id, at);
        } else {
          await withdraw(tx, row, ctx.actorOf(auth), { auditStatus: AuctionAuditStatus.failed, reason: input.reason }, `audit failed: ${input.reason}`);
        }
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: auth.userId,
          action: input.pass ? 'auction.audit.pass' : 'auction.audit.fail',
          objectType: 'auction',
          objectId: String(row.id),
          detail: { before: { status: row.status, auditStatus: row.auditStatus }, after: { pass: input.pass }, reason: input.reason },
        });
        return advanceLocked(tx, (await repo.itemById(tx, row.id))!, s);
      });
      return views.itemView(item, undefined, undefined);
    },

    /** Staff stop a lot that has not ended, with the reason: every deposit, the goods and the seller's margin go back. */
    async stop(auth: AuthContext, input: StopInput): Promise<AuctionItem> {
      requireStaff(auth);
      const item = await withTransaction(db, async (tx) => {
        const row = await repo.itemForUpdate(tx, Number(input.itemId));
        if (!row) throw notFound(MESSAGES.auctionNotFound);
        if (row.status === AuctionStatus.ended || row.status === AuctionStatus.withdrawn) throw conflict(MESSAGES.auctionState);
        await withdraw(tx, row, ctx.actorOf(auth), { reason: input.reason }, `stopped by staff: ${input.reason}`);
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: auth.userId,
          action: 'auction.stop',
          objectType: 'auction',
          objectId: String(row.id),
          detail: { before: { status: row.status }, after: { status: AuctionStatus.withdrawn }, reason: input.reason },
        });
        return (await repo.itemById(tx, row.id))!;
      });
      ctx.push(item);
      return views.itemView(item, undefined, undefined);
    },

    /** Whether the firm's sign-up lets it bid now. */
    registered: (e: repo.EnrolmentRow | undefined) => e?.status === EnrolStatus.registered && e.depositState === DepositState.frozen,
  };
}

export type AuctionLots = ReturnType<typeof createLots>;
