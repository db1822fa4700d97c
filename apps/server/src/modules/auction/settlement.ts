import { Decimal } from '@tp/decimal';
import { AuctionKind, AuctionOrderStatus, DefaultStatus, DepositState, JournalType, ListingSource, ListingType, PickPayStatus, type AuctionOrder, type AuctionOrderListRequest, type AuctionPayRequest, type ListingFeeSettings, type Page } from '@tp/contract';
import type { z } from 'zod';
import { type DbOrTx, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { toMoney, toQuantity } from '../../platform/money';
import { DAY_MS } from '../../platform/time';
import { requireFirmRight, type RightCode } from '../firm/index';
import { Postings, firmFund, firmFundPair } from '../ledger/index';
import type { PickContractTerms } from '../listing/index';
import { MESSAGES, badRequest, conflict, notFound } from './auction.errors';
import * as repo from './auction.repo';
import { isReverse, type AuctionContext } from './context';
import { registerAuctionReturns } from './returns';
import type { AuctionViews } from './views';

type OrderQuery = z.output<typeof AuctionOrderListRequest>;
type PayInput = z.output<typeof AuctionPayRequest>;

const SWEEP_ACTOR = 'system:auction-defaults';

/** The winning order: confirmed with its contract, the balance paid (goods move, the seller is paid), or defaulted. */
export function createSettlement(ctx: AuctionContext, views: AuctionViews) {
  const { db, clock, deps } = ctx;
  // Paid winning orders may be returned or exchanged through the after-sale module.
  registerAuctionReturns(ctx);

  const rightOf = (side: 'buyer' | 'seller'): RightCode => (side === 'buyer' ? 'auction.bid' : 'auction.publish');

  /** The order and its lot, locked in that order (lot first, as every lot change does), for a party on `side`. */
  async function lockOrder(tx: DbOrTx, orderId: number, firmId: number, side: 'buyer' | 'seller') {
    const peek = await repo.orderById(tx, orderId);
    const sideFirm = side === 'buyer' ? peek?.buyerFirmId : peek?.sellerFirmId;
    if (!peek || sideFirm !== firmId) throw notFound(MESSAGES.orderNotFound);
    const item = (await repo.itemForUpdate(tx, peek.itemId))!;
    const order = (await repo.orderForUpdate(tx, orderId, { firmId, side }))!;
    return { item, order };
  }

  /** The holding the winning seller of a margin buy delivers from: its own, held, of the lot's commodity, in the lot's warehouse. */
  async function deliveryHolding(auth: AuthContext, item: repo.ItemRow, holdId: string | undefined) {
    if (!holdId) throw badRequest(MESSAGES.holding);
    const held = (await deps.warehouse.holdings(auth, { status: '0', page: 0, size: 1000 })).content.find((h) => h.holdId === holdId);
    if (!held || held.commodityName !== item.commodityName) throw badRequest(MESSAGES.holding);
    if (held.storageId !== String(item.storageId)) throw badRequest(MESSAGES.warehouse);
    return held;
  }

  /**
   * The seller's margin released when the deal is done or the buyer defaults: a margin sell's frozen
   * at publishing, or the winning seller's sign-up margin of a margin buy (its sign-up marked released).
   */
  async function sellerMarginBack(tx: DbOrTx, item: repo.ItemRow, order: repo.OrderRow) {
    if (item.kind === AuctionKind.marginSell) return Postings.release(firmFundPair(order.sellerFirmId), Decimal.parse(item.sellerMargin));
    if (!isReverse(item)) return [];
    const enrolment = await repo.enrolmentOf(tx, item.id, order.sellerFirmId);
    if (!enrolment || enrolment.depositState !== DepositState.frozen) return [];
    await repo.updateEnrolment(tx, enrolment.id, { depositState: DepositState.released, updatedAt: clock.now() });
    return Postings.release(firmFundPair(order.sellerFirmId), Decimal.parse(enrolment.deposit));
  }

  function termsOf(item: repo.ItemRow, order: repo.OrderRow, feeRate: string, confirmedAt: Date): PickContractTerms {
    return {
      pickId: order.id,
      listingId: item.id,
      listingType: ListingType.margin,
      source: ListingSource.bidding,
      sellerFirmId: order.sellerFirmId,
      buyerFirmId: order.buyerFirmId,
      commodityName: item.commodityName,
      gradeName: item.gradeName,
      unit: '',
      weightUnit: '',
      price: toMoney(order.price),
      quantity: toQuantity(item.quantity),
      weight: toQuantity(item.weight),
      amount: toMoney(order.amount),
      buyerMargin: toMoney(order.firstPayment),
      sellerMargin: toMoney(item.sellerMargin),
      feeRate,
      poundsPoor: '0',
      openTicketDay: 0,
      balanceDueAt: order.balanceDueAt.toISOString(),
      deliveryDueAt: null,
      origin: null,
      warehouseName: item.storageName || null,
      confirmedAt: confirmedAt.toISOString(),
    };
  }

  async function orderView(orderId: number, firmId: number): Promise<AuctionOrder> {
    const order = (await repo.orderById(db, orderId))!;
    return views.orderView(order, (await repo.itemById(db, order.itemId))!, firmId);
  }

  /** The order and its lot locked (the lot first, as every lot change does), or undefined when gone. */
  async function lockForSweep(tx: DbOrTx, orderId: number) {
    const peek = await repo.orderById(tx, orderId);
    if (!peek) return undefined;
    const item = (await repo.itemForUpdate(tx, peek.itemId))!;
    const order = (await repo.orderForUpdate(tx, orderId))!;
    return { item, order };
  }

  /**
   * A winning order past its balance deadline: delayed (W) first; after the grace days defaulted (F):
   * the deposit goes to the seller less the platform's share, the goods and the seller's margin go
   * back to the seller, who may auction them again.
   */
  async function buyerDefault(orderId: number, now: Date, s: ListingFeeSettings): Promise<boolean> {
    return withTransaction(db, async (tx) => {
      const locked = await lockForSweep(tx, orderId);
      if (!locked) return false;
      const { item, order } = locked;
      if (order.payStatus !== PickPayStatus.firstPaid || order.buyerDefault === DefaultStatus.defaulted || order.status === AuctionOrderStatus.invalid) return false;
      // A margin buy's balance falls due once its seller has confirmed the order and frozen the goods.
      if (isReverse(item) && order.status === AuctionOrderStatus.toConfirm) return false;
      if (order.buyerDefault === DefaultStatus.none) {
        await repo.updateOrder(tx, order.id, { buyerDefault: DefaultStatus.delayed, buyerDelayedAt: now, updatedAt: now });
        await ctx.history(tx, item, item.status, SWEEP_ACTOR, `order ${order.id}: balance overdue, the winner delayed`);
        return true;
      }
      if (now.getTime() <= order.balanceDueAt.getTime() + s.graceDays * DAY_MS) return false;
      const deposit = Decimal.parse(order.firstPayment);
      const journalId = await ctx.post(tx, {
        key: `auction.default:${order.id}`,
        type: JournalType.listingMargin7,
        ref: `auction-order:${order.id}`,
        postings: [
          ...Postings.settleFrozen({ from: firmFund(order.buyerFirmId, 'frozen'), to: firmFund(order.sellerFirmId, 'available'), amount: deposit, fee: deposit.mul(s.forfeitPlatformShare).truncate(2) }),
          ...(await sellerMarginBack(tx, item, order)),
        ],
      });
      if (item.holdId !== null) await deps.warehouse.releaseHolding(tx, { holdId: item.holdId, actor: SWEEP_ACTOR });
      const enrolment = await repo.enrolmentOf(tx, item.id, order.buyerFirmId);
      if (enrolment) await repo.updateEnrolment(tx, enrolment.id, { depositState: DepositState.forfeited, updatedAt: now });
      await repo.updateOrder(tx, order.id, { status: AuctionOrderStatus.invalid, buyerDefault: DefaultStatus.defaulted, updatedAt: now });
      await ctx.history(tx, item, item.status, SWEEP_ACTOR, `order ${order.id}: the winner defaulted, deposit forfeited to the seller`, journalId);
      return true;
    });
  }

  /**
   * A margin buy whose winning seller has not confirmed by its deadline: delayed (W) first; after the
   * grace days defaulted (F): the seller's sign-up margin goes to the buyer less the platform's share,
   * the buyer's deposit is released and the order is void. No goods were frozen (the seller never named them).
   */
  async function sellerDefault(orderId: number, now: Date, s: ListingFeeSettings): Promise<boolean> {
    return withTransaction(db, async (tx) => {
      const locked = await lockForSweep(tx, orderId);
      if (!locked) return false;
      const { item, order } = locked;
      if (!isReverse(item) || order.status !== AuctionOrderStatus.toConfirm || order.confirmDueAt === null || order.sellerDefault === DefaultStatus.defaulted) return false;
      if (now.getTime() <= order.confirmDueAt.getTime()) return false;
      if (order.sellerDefault === DefaultStatus.none) {
        await repo.updateOrder(tx, order.id, { sellerDefault: DefaultStatus.delayed, sellerDelayedAt: now, updatedAt: now });
        await ctx.history(tx, item, item.status, SWEEP_ACTOR, `order ${order.id}: not confirmed by the seller in time, the seller delayed`);
        return true;
      }
      if (now.getTime() <= order.confirmDueAt.getTime() + s.graceDays * DAY_MS) return false;
      const enrolment = await repo.enrolmentOf(tx, item.id, order.sellerFirmId);
      const margin = enrolment?.depositState === DepositState.frozen ? Decimal.parse(enrolment.deposit) : Decimal.ZERO;
      const journalId = await ctx.post(tx, {
        key: `auction.seller-default:${order.id}`,
        type: JournalType.listingMargin7,
        ref: `auction-order:${order.id}`,
        postings: [
          // A seller whose margin is no longer frozen forfeits nothing: the journal then only releases the buyer's first payment.
          ...(margin.gt(Decimal.ZERO) ? Postings.settleFrozen({ from: firmFund(order.sellerFirmId, 'frozen'), to: firmFund(order.buyerFirmId, 'available'), amount: margin, fee: margin.mul(s.forfeitPlatformShare).truncate(2) }) : []),
          ...Postings.release(firmFundPair(order.buyerFirmId), Decimal.parse(order.firstPayment)),
        ],
      });
      if (enrolment && margin.gt(Decimal.ZERO)) await repo.updateEnrolment(tx, enrolment.id, { depositState: DepositState.forfeited, updatedAt: now });
      await repo.updateOrder(tx, order.id, { status: AuctionOrderStatus.invalid, sellerDefault: DefaultStatus.defaulted, updatedAt: now });
      await ctx.history(tx, item, item.status, SWEEP_ACTOR, `order ${order.id}: the winning seller defaulted (never confirmed), its margin forfeited to the buyer, the buyer's deposit released`, journalId);
      return true;
    });
  }

  return {
    async orders(auth: AuthContext, query: OrderQuery): Promise<Page<AuctionOrder>> {
      const firmId = await requireFirmRight(deps.firm, auth, rightOf(query.side));
      const { rows, total } = await repo.listOrders(db, { firmId, side: query.side, ...pageWindow(query) });
      return pageOf(
        rows.map((r) => views.orderView(r.order, r.item, firmId)),
        total,
        query,
      );
    },

    /** One order, to its buyer or its seller only. */
    async orderDetail(auth: AuthContext, orderId: number): Promise<AuctionOrder> {
      const firmId = Number(auth.firmId);
      const order = await repo.orderById(db, orderId);
      if (!order || (order.buyerFirmId !== firmId && order.sellerFirmId !== firmId)) throw notFound(MESSAGES.orderNotFound);
      await requireFirmRight(deps.firm, auth, rightOf(order.buyerFirmId === firmId ? 'buyer' : 'seller'));
      return orderView(orderId, firmId);
    },

    /**
     * confirm bid order: the winner confirms the deal, and its contract is issued as a pick's is. The
     * winner of a margin buy is the seller: it names the holding it delivers from (`holdId`, the lot's
     * commodity in the lot's warehouse), whose part of the lot's quantity is frozen until the buyer pays.
     */
    async confirmBidOrder(auth: AuthContext, orderId: number, holdId?: string): Promise<AuctionOrder> {
      const firmId = await requireFirmRight(deps.firm, auth, 'auction.bid');
      await deps.traders.assertMayTrade(auth);
      const s = await deps.listing.settings();
      const peek = await repo.orderById(db, orderId);
      const lot = peek ? await repo.itemById(db, peek.itemId) : undefined;
      const reverse = lot !== undefined && isReverse(lot);
      if (!peek || (reverse ? peek.sellerFirmId : peek.buyerFirmId) !== firmId) throw notFound(MESSAGES.orderNotFound);
      const delivered = reverse ? await deliveryHolding(auth, lot, holdId) : undefined;
      await withTransaction(db, async (tx) => {
        const { item, order: locked } = await lockOrder(tx, orderId, firmId, reverse ? 'seller' : 'buyer');
        if (locked.sellerDefault === DefaultStatus.defaulted) throw conflict(MESSAGES.confirmLapsed);
        if (locked.status !== AuctionOrderStatus.toConfirm) throw conflict(MESSAGES.orderState);
        const now = clock.now();
        let order = locked;
        if (delivered) {
          const part = await deps.warehouse.freezeHolding(tx, { firmId, holdId: Number(delivered.holdId), quantity: item.quantity, actor: ctx.actorOf(auth) });
          await repo.updateItem(tx, item.id, { holdId: part.id, updatedAt: now });
          // The buyer's balance days run from the seller's confirmation; a late confirmation (delayed, W) clears the delay.
          order = { ...order, balanceDueAt: new Date(now.getTime() + s.balanceDays * DAY_MS), sellerDefault: DefaultStatus.none };
        }
        await repo.updateOrder(tx, order.id, { status: AuctionOrderStatus.confirmed, confirmedAt: now, balanceDueAt: order.balanceDueAt, sellerDefault: order.sellerDefault, updatedAt: now });
        if (deps.contracts) {
          const { contractId } = await deps.contracts.issueForPick(tx, termsOf(item, order, s.feeRate, now));
          await repo.updateOrder(tx, order.id, { contractId });
        }
        await ctx.history(tx, item, item.status, ctx.actorOf(auth), delivered ? `order ${order.id} confirmed by the seller, delivering from holding ${delivered.holdId}` : `order ${order.id} confirmed`);
      });
      return orderView(orderId, firmId);
    },

    /**
     * The winner pays the balance (margin password): the balance is frozen (event 3), then the whole
     * amount goes to the seller less the fee and the seller's margin is released (event 6), and the
     * goods move from the seller's frozen holding to the winner.
     */
    async payBalance(auth: AuthContext, input: PayInput): Promise<AuctionOrder> {
      const firmId = await requireFirmRight(deps.firm, auth, 'trade.pay');
      const orderId = Number(input.orderId);
      const peek = await repo.orderById(db, orderId);
      if (!peek || peek.buyerFirmId !== firmId) throw notFound(MESSAGES.orderNotFound);
      await deps.paymentPasswords.verify({ userId: Number(auth.userId), kind: 'margin', password: input.marginPassWord });
      const s = await deps.listing.settings();
      await withTransaction(db, async (tx) => {
        const { item, order } = await lockOrder(tx, orderId, firmId, 'buyer');
        if (order.status !== AuctionOrderStatus.confirmed || order.payStatus !== PickPayStatus.firstPaid || order.buyerDefault === DefaultStatus.defaulted) throw conflict(MESSAGES.orderState);
        const amount = Decimal.parse(order.amount);
        const balance = amount.sub(order.firstPayment);
        const fee = amount.mul(s.feeRate).truncate(2);
        const ref = `auction-order:${order.id}`;
        const paid = await ctx.post(tx, { key: `auction.pay:${order.id}`, type: JournalType.listingMargin3, ref, postings: Postings.freeze(firmFundPair(firmId), balance) });
        const settled = await ctx.post(tx, {
          key: `auction.settle:${order.id}`,
          type: JournalType.listingMargin6,
          ref,
          postings: [
            ...Postings.settleFrozen({ from: firmFund(firmId, 'frozen'), to: firmFund(order.sellerFirmId, 'available'), amount, fee }),
            ...(await sellerMarginBack(tx, item, order)),
          ],
        });
        const bought = await deps.warehouse.moveFrozen(tx, { holdId: item.holdId!, toFirmId: firmId, actor: ctx.actorOf(auth) });
        const now = clock.now();
        await repo.updateOrder(tx, order.id, { payStatus: PickPayStatus.fullyPaid, fee: fee.toString(), boughtHoldId: bought.id, paidAt: now, buyerDefault: DefaultStatus.none, updatedAt: now });
        await ctx.history(tx, item, item.status, ctx.actorOf(auth), `order ${order.id}: balance ${toMoney(balance)} paid`, paid);
        await ctx.history(tx, item, item.status, ctx.actorOf(auth), `order ${order.id}: seller paid ${toMoney(amount.sub(fee))}, goods delivered`, settled);
      });
      return orderView(orderId, firmId);
    },

    /**
     * The defaults job: winning orders past their balance deadline (the buyer), then margin buys whose
     * winning seller has not confirmed by its deadline (the seller); how many orders changed.
     */
    async sweepDefaults(): Promise<number> {
      const now = clock.now();
      const s = await deps.listing.settings();
      let changed = 0;
      for (const candidate of await repo.overdueOrders(db, now)) if (await buyerDefault(candidate.id, now, s)) changed += 1;
      for (const candidate of await repo.unconfirmedOrders(db, now)) if (await sellerDefault(candidate.id, now, s)) changed += 1;
      return changed;
    },
  };
}

export type AuctionSettlement = ReturnType<typeof createSettlement>;
