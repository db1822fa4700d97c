import { Decimal } from '@tp/decimal';
import {
  JournalType,
  MALL_RULES,
  MallEvents,
  MallOrderStatus,
  WsTopic,
  mallImagePath,
  type Language,
  type MallAdminOrdersRequest,
  type MallMobilePayment,
  type MallOrder,
  type MallOrderCompletedEvent,
  type MallOrderListRequest,
  type MallOrderPush,
  type MallOrderRequest,
  type MallPayWay,
  type Page,
} from '@tp/contract';
import type { z } from 'zod';
import { pageOf, pageWindow, withTransaction, type DbOrTx } from '../../platform/db/index';
import { appendEvent } from '../../platform/events/index';
import { NotFoundError, userActor, type AuthContext } from '../../platform/http/index';
import { Postings, firmFund } from '../ledger/index';
import { hasOpenAfterSale } from '../aftersale/index';
import { MallJobs, SYSTEM_ACTOR, mallEscrow, type MallContext } from './context';
import { ACTIONS, MESSAGES, OrderStateError, OutOfStockError, UnknownValueError, conflict, goodsNotFound, orderNotFound } from './mall.errors';
import * as repo from './mall.repo';

type AddInput = z.output<typeof MallOrderRequest>;
type ListQuery = z.output<typeof MallOrderListRequest>;
type AdminQuery = z.output<typeof MallAdminOrdersRequest>;
type Move = { to: MallOrderStatus; reason?: string; patch?: Partial<repo.OrderInsert>; dueAt?: Date | null };

export const MallJournalType = { pay: JournalType.mallOrderPay, settle: JournalType.mallOrderSettle, refund: JournalType.mallOrderRefund } as const;

const MINUTE = 60_000;
const DAY = 86_400_000;
const money = (v: string | Decimal) => (typeof v === 'string' ? Decimal.parse(v) : v).toFixed(2);
const isMobile = (way: string) => way === 'alipay' || way === 'wechat';

/**
 * Mall orders: placed awaiting payment with the pieces reserved, paid into the mall's escrow (from
 * the balance, or by a mobile payment that first credits the balance), shipped, received and
 * completed (the seller paid), with cancels before shipment and refunds after a return.
 */
export function createMallOrders(ctx: MallContext) {
  const { db, clock, ledger } = ctx;

  async function toOrders(rows: repo.OrderRow[], viewer: number | 'staff'): Promise<MallOrder[]> {
    const [goods, sellers] = await Promise.all([repo.goodsByIds(db, rows.map((r) => r.goodsId)), ctx.sellerNames(rows.map((r) => r.sellerFirmId))]);
    const withImages = new Set(goods.filter((g) => g.images.length > 0).map((g) => g.id));
    return rows.map((row) => ({
      orderId: String(row.id),
      commodityId: String(row.goodsId),
      title: row.title,
      commoditySpec: row.spec,
      thumbUrl: withImages.has(row.goodsId) ? mallImagePath(String(row.goodsId), 0, true) : null,
      price: money(row.price),
      amount: row.quantity,
      total: money(row.total),
      fee: money(row.fee),
      buyerFirmId: String(row.buyerFirmId),
      sellerFirmId: String(row.sellerFirmId),
      sellerName: sellers.get(row.sellerFirmId) ?? '',
      status: row.status,
      payWay: row.payWay,
      trackingNo: row.trackingNo,
      consignee: row.consignee,
      side: viewer === 'staff' ? 'staff' : row.sellerFirmId === viewer ? 'seller' : 'buyer',
      dueAt: row.dueAt ? row.dueAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function view(orderId: number, firmId: number): Promise<MallOrder> {
    const row = await repo.orderOfFirm(db, orderId, firmId, 'either', false);
    if (!row) throw orderNotFound();
    return (await toOrders([row], firmId))[0]!;
  }

  /** Moves a locked order, writes its history and schedules its next automatic step (once across instances). */
  async function apply(tx: DbOrTx, order: repo.OrderRow, actor: string, now: Date, move: Move): Promise<void> {
    const dueAt = move.dueAt ?? null;
    await repo.updateOrder(tx, order.id, { ...move.patch, status: move.to, dueAt, updatedAt: now });
    await repo.insertOrderHistory(tx, { orderId: order.id, fromStatus: order.status, toStatus: move.to, actor, reason: move.reason ?? '', createdAt: now });
    if (dueAt) await ctx.scheduler.schedule(tx, { name: MallJobs.due, key: `${order.id}:${move.to}`, runAt: dueAt, payload: { orderId: order.id } });
    const payload: MallOrderPush = { kind: 'mallOrder', orderId: String(order.id), status: move.to };
    for (const firmId of [order.buyerFirmId, order.sellerFirmId]) await appendEvent(tx, { type: MallEvents.orderChanged, topic: WsTopic.firm(String(firmId)), push: 'order', payload });
  }

  /** Pays an unpaid order from the buyer firm's balance into the mall's escrow. */
  async function payFromBalance(tx: DbOrTx, order: repo.OrderRow, way: MallPayWay, actor: string, now: Date): Promise<void> {
    if (order.status !== MallOrderStatus.unpaid) throw new OrderStateError(order.status, ACTIONS.pay);
    await ledger.post(tx, {
      idempotencyKey: `${MallJournalType.pay}:${order.id}`,
      type: MallJournalType.pay,
      businessRef: String(order.id),
      postings: [
        { account: firmFund(order.buyerFirmId), amount: Decimal.parse(order.total).neg().toString() },
        { account: mallEscrow(), amount: order.total },
      ],
    });
    await apply(tx, order, actor, now, { to: MallOrderStatus.paid, patch: { payWay: way } });
  }

  /** Escrow back to the buyer's balance; the pieces go back to stock when the goods never left. */
  async function refund(tx: DbOrTx, order: repo.OrderRow, amount: Decimal, key: string): Promise<void> {
    await ledger.post(tx, {
      idempotencyKey: `${MallJournalType.refund}:${key}`,
      type: MallJournalType.refund,
      businessRef: String(order.id),
      postings: [
        { account: mallEscrow(), amount: amount.neg().toString() },
        { account: firmFund(order.buyerFirmId), amount: amount.toString() },
      ],
    });
  }

  /** Escrow to the seller less the platform's fee. */
  async function settle(tx: DbOrTx, order: repo.OrderRow, amount: Decimal): Promise<Decimal> {
    const fee = amount.mul(ctx.feeRate).truncate(2);
    if (amount.isPositive())
      await ledger.post(tx, {
        idempotencyKey: `${MallJournalType.settle}:${order.id}`,
        type: MallJournalType.settle,
        businessRef: String(order.id),
        postings: Postings.settleFrozen({ from: mallEscrow(), to: firmFund(order.sellerFirmId), amount, fee }),
      });
    return fee;
  }

  /** Cancel of an order not shipped yet: pieces back to stock, any payment back to the balance. */
  async function cancelOpen(tx: DbOrTx, order: repo.OrderRow, actor: string, now: Date, reason: string): Promise<void> {
    if (order.status !== MallOrderStatus.unpaid && order.status !== MallOrderStatus.paid) throw new OrderStateError(order.status, ACTIONS.cancel);
    await repo.returnStock(tx, order.goodsId, order.quantity);
    if (order.status === MallOrderStatus.paid) {
      await refund(tx, order, Decimal.parse(order.total), String(order.id));
      await refundMobile(tx, order, Decimal.parse(order.total), reason || 'order cancelled', `mall:${order.id}:cancel`);
    }
    await apply(tx, order, actor, now, { to: MallOrderStatus.cancelled, reason });
  }

  /** The seller is paid and the completion is published (integrals are earned from it). */
  async function complete(tx: DbOrTx, order: repo.OrderRow, actor: string, now: Date): Promise<void> {
    const fee = await settle(tx, order, Decimal.parse(order.total));
    await apply(tx, order, actor, now, { to: MallOrderStatus.completed, patch: { fee: fee.toString() } });
    const payload: MallOrderCompletedEvent = { orderId: String(order.id), buyerFirmId: String(order.buyerFirmId), amount: money(order.total) };
    await appendEvent(tx, { type: MallEvents.orderCompleted, topic: MallEvents.orderCompleted, payload });
  }

  /**
   * A refund of an order a mobile payment paid goes on to the payer's wallet: the provider's refund
   * takes the money the escrow has just returned to the balance (handed over once this transaction commits).
   */
  async function refundMobile(tx: DbOrTx, order: repo.OrderRow, amount: Decimal, reason: string, reference: string): Promise<void> {
    if (!isMobile(order.payWay) || !order.paymentId || !ctx.mobilePay) return;
    await ctx.mobilePay.refund(tx, { paymentId: order.paymentId, amount: amount.toFixed(2), reason, reference });
  }

  /** One move of one order of the caller's firm, locked, in one transaction. */
  async function move(auth: AuthContext, firmId: number, side: 'buyer' | 'seller', orderId: number, work: (tx: DbOrTx, order: repo.OrderRow, now: Date) => Promise<void>): Promise<repo.OrderRow> {
    const before = await withTransaction(db, async (tx) => {
      const order = await repo.orderOfFirm(tx, orderId, firmId, side, true);
      if (!order) throw orderNotFound();
      await work(tx, order, clock.now());
      return order;
    });
    await ctx.publisher.flush();
    return before;
  }

  return {
    toOrders,

    /** The spec's order: `amount` pieces of `commodityId` in `commoditySpec`, to `consigneeId`; awaiting payment for 30 minutes. */
    async add(auth: AuthContext, input: AddInput, lang: Language): Promise<MallOrder> {
      const buyerFirmId = await ctx.allow(auth, 'mall.order');
      const goods = await repo.goodsById(db, Number(input.commodityId));
      if (!goods || (goods.status !== 'T' && goods.firmId !== buyerFirmId)) throw goodsNotFound();
      if (goods.firmId === buyerFirmId) throw conflict(MESSAGES.ownGoods);
      if (!goods.specs.includes(input.commoditySpec)) throw new UnknownValueError('commoditySpec', lang);
      // Read before the transaction; the order keeps this copy, so a later edit of the address book does not redirect it.
      const address = await ctx.addresses.addressOf(auth, Number(input.consigneeId));
      if (!address) throw new NotFoundError(MESSAGES.consigneeNotFound);
      const consignee = { recipients: address.recipients, recipientsCellphone: address.recipientsCellphone, region: address.region, addressName: address.addressName, postCode: address.postCode };
      const id = await withTransaction(db, async (tx) => {
        const taken = await repo.takeStock(tx, goods.id, input.amount);
        if (!taken) {
          const now = await repo.goodsById(tx, goods.id);
          if (!now || now.status !== 'T') throw goodsNotFound();
          throw new OutOfStockError(now.name, now.stock);
        }
        const at = clock.now();
        const total = Decimal.parse(taken.price).mul(String(input.amount)).truncate(2);
        const order = await repo.insertOrder(tx, {
          goodsId: taken.id,
          buyerFirmId,
          buyerUserId: Number(auth.userId),
          sellerFirmId: taken.firmId,
          title: taken.name,
          spec: input.commoditySpec,
          price: taken.price,
          quantity: input.amount,
          total: total.toString(),
          status: MallOrderStatus.unpaid,
          consignee,
          createdAt: at,
          updatedAt: at,
        });
        const dueAt = new Date(at.getTime() + MALL_RULES.payMinutes * MINUTE);
        await repo.updateOrder(tx, order.id, { dueAt });
        await repo.insertOrderHistory(tx, { orderId: order.id, fromStatus: '', toStatus: MallOrderStatus.unpaid, actor: userActor(auth), createdAt: at });
        await ctx.scheduler.schedule(tx, { name: MallJobs.due, key: `${order.id}:${MallOrderStatus.unpaid}`, runAt: dueAt, payload: { orderId: order.id } });
        return order.id;
      });
      return view(id, buyerFirmId);
    },

    /** Pays from the firm's balance with the fund password, as every money move of the capital center. */
    async pay(auth: AuthContext, orderId: number, fundPassword: string): Promise<MallOrder> {
      const firmId = await ctx.allow(auth, 'mall.order');
      await ctx.paymentPasswords.verify({ userId: Number(auth.userId), password: fundPassword });
      await move(auth, firmId, 'buyer', orderId, (tx, order, now) => payFromBalance(tx, order, 'balance', userActor(auth), now));
      return view(orderId, firmId);
    },

    /** Starts an Alipay or WeChat payment of an unpaid order; the provider's confirmation pays it. */
    async mobilePay(auth: AuthContext, orderId: number, channel: 'alipay' | 'wechat'): Promise<MallMobilePayment> {
      const firmId = await ctx.allow(auth, 'mall.order');
      if (!ctx.mobilePay) throw conflict(MESSAGES.mobilePayUnavailable);
      const order = await repo.orderOfFirm(db, orderId, firmId, 'buyer', false);
      if (!order) throw orderNotFound();
      if (order.status !== MallOrderStatus.unpaid) throw new OrderStateError(order.status, ACTIONS.pay);
      const mobilePay = ctx.mobilePay;
      return withTransaction(db, async (tx) => {
        const payment = await mobilePay.create(tx, { channel, reference: String(order.id), firmId: String(firmId), userId: auth.userId, amount: money(order.total), subject: `${order.title} ${order.spec} ×${order.quantity}` });
        await repo.updateOrder(tx, order.id, { paymentId: payment.paymentId });
        return payment;
      });
    },

    /**
     * A confirmed mobile payment has credited the buyer firm's balance; inside the same transaction the
     * order is paid from it exactly as a balance payment. An order no longer awaiting payment leaves the money in the balance.
     */
    async onMobilePaid(tx: DbOrTx, reference: string, channel: 'alipay' | 'wechat', paymentId: string): Promise<void> {
      const order = await repo.orderById(tx, Number(reference), true);
      if (!order || order.status !== MallOrderStatus.unpaid) return;
      await repo.updateOrder(tx, order.id, { paymentId });
      await payFromBalance(tx, order, channel, SYSTEM_ACTOR, clock.now());
    },

    async list(auth: AuthContext, query: ListQuery): Promise<Page<MallOrder>> {
      const firmId = await ctx.allow(auth, query.side === 'seller' ? 'seller.product' : 'mall.order');
      const { rows, total } = await repo.listOrders(db, { firmId, side: query.side, status: query.status, ...pageWindow(query) });
      return pageOf(await toOrders(rows, firmId), total, query);
    },

    async detail(auth: AuthContext, orderId: number): Promise<MallOrder> {
      const firmId = await ctx.allow(auth, 'mall.order');
      return view(orderId, firmId);
    },

    /** The buyer cancels before shipment: unpaid or paid → cancelled, pieces back, payment refunded. */
    async cancel(auth: AuthContext, orderId: number): Promise<MallOrder> {
      const firmId = await ctx.allow(auth, 'mall.order');
      await move(auth, firmId, 'buyer', orderId, (tx, row, now) => cancelOpen(tx, row, userActor(auth), now, ''));
      return view(orderId, firmId);
    },

    /** The seller ships a paid order with its tracking number; receipt is confirmed automatically after 10 days. */
    async ship(auth: AuthContext, orderId: number, trackingNo: string): Promise<MallOrder> {
      const firmId = await ctx.allow(auth, 'seller.product');
      await move(auth, firmId, 'seller', orderId, async (tx, order, now) => {
        if (order.status !== MallOrderStatus.paid) throw new OrderStateError(order.status, ACTIONS.ship);
        await apply(tx, order, userActor(auth), now, { to: MallOrderStatus.shipped, patch: { trackingNo }, dueAt: new Date(now.getTime() + MALL_RULES.autoReceiveDays * DAY) });
      });
      return view(orderId, firmId);
    },

    /** The buyer confirms receipt; the order completes when the return window has passed. */
    async receive(auth: AuthContext, orderId: number): Promise<MallOrder> {
      const firmId = await ctx.allow(auth, 'mall.order');
      await move(auth, firmId, 'buyer', orderId, async (tx, order, now) => {
        if (order.status !== MallOrderStatus.shipped) throw new OrderStateError(order.status, ACTIONS.receive);
        await apply(tx, order, userActor(auth), now, { to: MallOrderStatus.received, dueAt: new Date(now.getTime() + MALL_RULES.returnDays * DAY) });
      });
      return view(orderId, firmId);
    },

    /** The durable job of an order: an unpaid order lapses, a shipped one is received, a received one completes. Idempotent. */
    async runDue(orderId: number): Promise<void> {
      await withTransaction(db, async (tx) => {
        const order = await repo.orderById(tx, orderId, true);
        const now = clock.now();
        if (!order?.dueAt || order.dueAt.getTime() > now.getTime()) return;
        if (order.status === MallOrderStatus.unpaid) {
          await cancelOpen(tx, order, SYSTEM_ACTOR, now, 'payment time ran out');
        } else if (order.status === MallOrderStatus.shipped) {
          await apply(tx, order, SYSTEM_ACTOR, now, { to: MallOrderStatus.received, reason: 'receipt confirmed automatically', dueAt: new Date(now.getTime() + MALL_RULES.returnDays * DAY) });
        } else if (order.status === MallOrderStatus.received) {
          // A return or exchange still being decided holds the seller's payment back; look again a day later.
          if (await hasOpenAfterSale(tx, 'mall', String(order.id))) {
            const later = new Date(now.getTime() + DAY);
            await repo.updateOrder(tx, order.id, { dueAt: later, updatedAt: now });
            await ctx.scheduler.schedule(tx, { name: MallJobs.due, key: `${order.id}:${order.status}:${later.getTime()}`, runAt: later, payload: { orderId: order.id } });
          } else {
            await complete(tx, order, SYSTEM_ACTOR, now);
          }
        }
      });
      await ctx.publisher.flush();
    },

    // ---- returns, called by the after-sale service inside its transaction ----

    /** The order as the after-sale service reads it: the most that may be refunded is what was paid. */
    async afterSaleOrder(tx: DbOrTx, orderId: string): Promise<{ buyerFirmId: string; sellerFirmId: string; amount: string; title: string } | undefined> {
      const order = /^\d{1,15}$/.test(orderId) ? await repo.orderById(tx, Number(orderId)) : undefined;
      if (!order) return undefined;
      return { buyerFirmId: String(order.buyerFirmId), sellerFirmId: String(order.sellerFirmId), amount: money(order.total), title: `${order.title} ${order.spec} ×${order.quantity}` };
    },

    /** A return or exchange may be asked for once the goods were received, until the order is refunded. */
    async afterSaleOpenable(tx: DbOrTx, orderId: string): Promise<boolean> {
      const order = /^\d{1,15}$/.test(orderId) ? await repo.orderById(tx, Number(orderId)) : undefined;
      return order?.status === MallOrderStatus.received || order?.status === MallOrderStatus.completed;
    },

    /**
     * An accepted return refunds `amount` to the buyer: from the escrow while the order waits for completion
     * (any rest goes to the seller), from the seller's balance once completed.
     */
    async afterSaleRefund(tx: DbOrTx, input: { orderId: string; requestId: string; amount: string }): Promise<void> {
      const order = await repo.orderById(tx, Number(input.orderId), true);
      if (!order) throw orderNotFound();
      const amount = Decimal.parse(input.amount);
      const total = Decimal.parse(order.total);
      const now = clock.now();
      if (amount.gt(total) || !amount.isPositive()) throw new OrderStateError(order.status, ACTIONS.refund);
      if (order.status === MallOrderStatus.shipped || order.status === MallOrderStatus.received) {
        await refund(tx, order, amount, `${order.id}:${input.requestId}`);
        const fee = await settle(tx, order, total.sub(amount));
        await apply(tx, order, SYSTEM_ACTOR, now, { to: MallOrderStatus.refunded, reason: `after-sale ${input.requestId}`, patch: { fee: fee.toString() } });
        await refundMobile(tx, order, amount, 'returned', `mall:${order.id}:aftersale:${input.requestId}`);
      } else if (order.status === MallOrderStatus.completed) {
        await ledger.post(tx, {
          idempotencyKey: `${MallJournalType.refund}:${order.id}:${input.requestId}`,
          type: MallJournalType.refund,
          businessRef: String(order.id),
          postings: [
            { account: firmFund(order.sellerFirmId), amount: amount.neg().toString() },
            { account: firmFund(order.buyerFirmId), amount: amount.toString() },
          ],
        });
        await apply(tx, order, SYSTEM_ACTOR, now, { to: MallOrderStatus.refunded, reason: `after-sale ${input.requestId}` });
        await refundMobile(tx, order, amount, 'returned', `mall:${order.id}:aftersale:${input.requestId}`);
      } else {
        throw new OrderStateError(order.status, ACTIONS.refund);
      }
    },

    // ---- staff (the route names the `mall.manage` right) ----

    async adminList(query: AdminQuery): Promise<Page<MallOrder>> {
      const { rows, total } = await repo.listOrders(db, { status: query.status, ...pageWindow(query) });
      return pageOf(await toOrders(rows, 'staff'), total, query);
    },
  };
}

export type MallOrders = ReturnType<typeof createMallOrders>;
