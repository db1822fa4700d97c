import { Decimal } from '@tp/decimal';
import { DefaultStatus, DeliveryStatus, ListingSource, ListingType, MarginEventType, PickPayStatus, PickStatus, type ListingFeeSettings, type ListingPickDetail, type PayBalanceRequest } from '@tp/contract';
import { withTransaction, type DbOrTx } from '../../platform/db/index';
import { appendEvent } from '../../platform/events/index';
import type { AuthContext } from '../../platform/http/index';
import { feeIncome, firmFund, type PostingInput } from '../ledger/index';
import { toMoney, toQuantity } from '../../platform/money';
import { DAY_MS } from '../../platform/time';
import { buySide, type ListingContext } from './context';
import { checkTolerance, type ListingGoods } from './goods';
import { MESSAGES, badRequest, conflict, notFound } from './listing.errors';
import * as repo from './listing.repo';
import { ListingJournalType, freezeFunds, type ListingMargins } from './margins';
import type { ListingRights } from './rights';
import type { ListingViews } from './views';

/** Announced when a pick is paid in full (its trade is complete): other modules reward the parties. */
export const PICK_COMPLETED = 'listing.pick.completed';

/** The completed pick's event, written in the paying transaction so it is published only if the payment commits. */
async function announceCompleted(tx: DbOrTx, pick: repo.PickRow, amount: Decimal): Promise<void> {
  await appendEvent(tx, {
    type: PICK_COMPLETED,
    topic: PICK_COMPLETED,
    payload: { pickId: String(pick.id), buyerFirmId: String(pick.buyerFirmId), sellerFirmId: String(pick.sellerFirmId), amount: amount.toFixed(2) },
  });
}

/** A presale's goods are due by the end of its stock-in day, Asia/Shanghai. */
const presaleDeadline = (day: string) => new Date(`${day}T23:59:59.999+08:00`);

/**
 * Full payment out of the buyer's frozen funds: what was frozen leaves in one leg, the difference to
 * the amount due goes back to (or is taken from) the buyer's available funds, and the seller gets the
 * amount less the fee. One leg per account, so each statement shows the settlement as one line.
 */
const settleInFull = (pick: repo.PickRow, frozen: Decimal, amount: Decimal, fee: Decimal): PostingInput[] => [
  { account: firmFund(pick.buyerFirmId, 'frozen'), amount: frozen.neg().toString() },
  { account: firmFund(pick.buyerFirmId, 'available'), amount: frozen.sub(amount).toString() },
  { account: firmFund(pick.sellerFirmId, 'available'), amount: amount.sub(fee).toString() },
  { account: feeIncome(), amount: fee.toString() },
];

/** The money of a pick: paid in full or by first payment at confirmation, then the balance. */
export function createPayments(ctx: ListingContext, parts: { rights: ListingRights; views: ListingViews; goods: ListingGoods; margins: ListingMargins }) {
  const { db, clock, deps } = ctx;
  const { rights, views, goods, margins } = parts;

  /**
   * A full-payment pick (spot, or a purchase request without margin pay) is confirmed: the goods move
   * and the seller is paid now, on the listed amount (spot) or the delivered weight (purchase requests).
   * The invoice still follows (W → O → T) without moving money.
   */
  async function payInFull(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, s: ListingFeeSettings, actor: string, now: Date): Promise<Partial<repo.PickRow>> {
    const delivered = await goods.deliverGoods(tx, listing, pick, actor);
    const weight = delivered.weight;
    const spot = listing.type === ListingType.spot;
    const amount = spot ? Decimal.parse(pick.amount) : Decimal.parse(pick.price).mul(weight).truncate(2);
    if (!spot) checkTolerance(Decimal.parse(pick.listedWeight ?? pick.amount), weight, listing.poundsPoor);
    const fee = amount.mul(Decimal.parse(s.feeRate)).truncate(2);
    const journalId = await margins.postJournal(tx, {
      key: `${ListingJournalType.pickSettle}:${pick.id}`,
      type: ListingJournalType.pickSettle,
      ref: String(pick.id),
      postings: settleInFull(pick, Decimal.parse(pick.buyerMargin), amount, fee),
    });
    await margins.marginEvent(tx, { event: MarginEventType.payBalance, listingId: listing.id, pickId: pick.id, key: `pick:${pick.id}`, amount, postings: [], journalId, note: 'paid in full at confirmation' });
    // Pledged goods: the seller's proceeds repay its funder first.
    if (listing.holdId === null) await deps.pledged?.paid(tx, { listingId: listing.id, pickId: pick.id, proceeds: amount.sub(fee).toString(), actor });
    if (delivered.backing) await repo.updateListing(tx, listing.id, { ...delivered.backing, updatedAt: now });
    await announceCompleted(tx, pick, amount);
    return {
      status: PickStatus.confirmed,
      payStatus: PickPayStatus.fullyPaid,
      fee: fee.toString(),
      amount: amount.toString(),
      weight: weight.toString(),
      boughtHoldId: delivered.bought,
      confirmedAt: now,
      paidAt: now,
      settledAt: now,
      invoiceDueAt: new Date(now.getTime() + listing.openTicketDay * DAY_MS),
    };
  }

  /** A margin pick is confirmed: the buyer's margin stays frozen as the first payment (event 2) and the balance (or the presale's stock-in) falls due. */
  async function keepFirstPayment(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, s: ListingFeeSettings, now: Date): Promise<Partial<repo.PickRow>> {
    const presale = listing.source === ListingSource.presale && pick.holdId === null;
    await margins.marginEvent(tx, {
      event: MarginEventType.confirmPick,
      listingId: listing.id,
      pickId: pick.id,
      key: `pick:${pick.id}`,
      amount: Decimal.parse(pick.buyerMargin),
      // A sell listing's buyer froze its margin when picking; a buy order's margin was frozen at listing (event 1).
      ...(buySide(listing) ? { postings: [], journalId: null } : { postings: freezeFunds(pick.buyerFirmId, Decimal.parse(pick.buyerMargin)) }),
      note: buySide(listing) ? 'buyer margin (frozen with the buy order) kept as the first payment' : 'buyer margin kept frozen as the first payment',
    });
    return {
      status: PickStatus.confirmed,
      payStatus: PickPayStatus.firstPaid,
      confirmedAt: now,
      balanceDueAt: presale ? null : new Date(now.getTime() + s.balanceDays * DAY_MS),
      deliveryDueAt: presale && listing.putWarehousDay ? presaleDeadline(listing.putWarehousDay) : null,
      deliveryStatus: presale ? DeliveryStatus.awaitingStockIn : pick.deliveryStatus,
    };
  }

  /**
   * Pay hang order: the buyer pays the balance of a confirmed margin pick (event 3), authorised by
   * the margin password. The goods move to the buyer and the money is settled on their actual weight.
   */
  async function payBalance(auth: AuthContext, input: PayBalanceRequest): Promise<ListingPickDetail> {
    const firmId = await rights.allow(auth, 'trade.pay');
    const pickId = Number(input.orderId);
    const peek = await repo.pickOfFirm(db, pickId, firmId, 'buyer', false);
    if (!peek) throw notFound(MESSAGES.pickNotFound);
    await deps.paymentPasswords.verify({ userId: Number(auth.userId), kind: 'margin', password: input.marginPassWord });
    await withTransaction(db, async (tx) => {
      const { listing, pick } = await rights.lockPick(tx, pickId, firmId, 'buyer');
      if (pick.status !== PickStatus.confirmed || pick.buyerDefault === DefaultStatus.defaulted) throw conflict(MESSAGES.pickState);
      if (pick.payStatus !== PickPayStatus.firstPaid) throw conflict(MESSAGES.payState);
      if (pick.deliveryStatus === DeliveryStatus.awaitingStockIn) throw conflict(MESSAGES.deliveryState);
      const weight = goods.actualWeight(listing, pick);
      checkTolerance(Decimal.parse(pick.listedWeight ?? '0'), weight, listing.poundsPoor);
      const amount = Decimal.parse(pick.price).mul(weight).truncate(2);
      const balance = amount.sub(pick.buyerMargin);
      if (input.code.trim() !== toMoney(Decimal.parse(pick.amount).sub(pick.buyerMargin)) && input.code.trim() !== toMoney(balance)) throw badRequest(MESSAGES.wrongCode);
      const now = clock.now();
      await margins.marginEvent(tx, {
        event: MarginEventType.payBalance,
        listingId: listing.id,
        pickId: pick.id,
        key: `pick:${pick.id}`,
        amount: balance,
        postings: freezeFunds(pick.buyerFirmId, balance),
        note: amount.eq(pick.amount) ? 'balance paid' : `balance paid on the actual weight ${toQuantity(weight)} (listed ${toQuantity(pick.listedWeight ?? '0')})`,
      });
      const delivered = await goods.deliverGoods(tx, listing, pick, ctx.actorOf(auth));
      if (delivered.backing) await repo.updateListing(tx, listing.id, { ...delivered.backing, updatedAt: now });
      await repo.updatePick(tx, pick.id, {
        payStatus: PickPayStatus.fullyPaid,
        amount: amount.toString(),
        weight: weight.toString(),
        boughtHoldId: delivered.bought,
        paidAt: now,
        invoiceDueAt: new Date(now.getTime() + listing.openTicketDay * DAY_MS),
        // Paying within the grace period cures the delay; the reason text stays on the pick.
        buyerDefault: DefaultStatus.none,
        updatedAt: now,
      });
      await announceCompleted(tx, pick, amount);
    });
    return views.pickView(pickId, firmId);
  }

  return { payInFull, keepFirstPayment, payBalance };
}

export type ListingPayments = ReturnType<typeof createPayments>;
