import { Decimal } from '@tp/decimal';
import { ProductOrderCanceller, ProductOrderStatus, type Page, type ProductOrder, type ProductOrderListRequest } from '@tp/contract';
import type { z } from 'zod';
import { pageOf, pageWindow, withTransaction, type DbOrTx } from '../../platform/db/index';
import { userActor, type AuthContext } from '../../platform/http/index';
import { Postings, firmFund, firmFundPair } from '../ledger/index';
import { ProductJournalType } from './cart';
import type { ProductContext } from './context';
import { ACTIONS, OrderStateError, orderNotFound } from './product.errors';
import * as repo from './product.repo';
import type { ProductViews } from './views';

type OrderQuery = z.output<typeof ProductOrderListRequest>;
type OrderMove = { to: ProductOrderStatus; patch?: Partial<repo.OrderRow> };

/** Orders (订单) after checkout: the seller ships, the buyer receives (the seller is paid) or either side cancels. */
export function createOrders(ctx: ProductContext, views: ProductViews) {
  const { db, clock, ledger } = ctx;

  /** One move of one order, locked and scoped to the caller's side of it, with its history row. */
  async function orderMove(auth: AuthContext, firmId: number, side: 'buyer' | 'seller', orderId: number, work: (tx: DbOrTx, order: repo.OrderRow, now: Date) => Promise<OrderMove>): Promise<ProductOrder> {
    await withTransaction(db, async (tx) => {
      const order = await repo.orderOfFirm(tx, orderId, firmId, side);
      if (!order) throw orderNotFound();
      const now = clock.now();
      const { to, patch = {} } = await work(tx, order, now);
      await repo.updateOrder(tx, order.id, { ...patch, status: to, updatedAt: now });
      await repo.insertOrderHistory(tx, { orderId: order.id, fromStatus: order.status, toStatus: to, actor: userActor(auth), createdAt: now });
    });
    return views.orderView(orderId, firmId);
  }

  /**
   * Either side's cancel of a paid order before shipment: the pieces go back to stock and the buyer's
   * frozen payment back to its available funds in one journal, so both cancels move money alike.
   */
  async function cancelPaid(tx: DbOrTx, order: repo.OrderRow, by: ProductOrderCanceller, reason: string): Promise<OrderMove> {
    if (order.status !== ProductOrderStatus.paid) throw new OrderStateError(order.status, ACTIONS.cancel);
    const items = await repo.itemsOf(tx, [order.id]);
    const locked = new Map((await repo.productsByIds(tx, items.map((i) => i.productId), true)).map((p) => [p.id, p]));
    for (const item of items) {
      const product = locked.get(item.productId);
      if (product) await repo.updateProduct(tx, product.id, { stock: product.stock + item.quantity, sold: Math.max(0, product.sold - item.quantity) });
    }
    await ledger.post(tx, {
      idempotencyKey: `${ProductJournalType.orderRelease}:${order.id}`,
      type: ProductJournalType.orderRelease,
      businessRef: String(order.id),
      postings: Postings.release(firmFundPair(order.buyerFirmId), order.amount),
    });
    return { to: ProductOrderStatus.cancelled, patch: { cancelledBy: by, cancelReason: reason } };
  }

  return {
    async orders(auth: AuthContext, query: OrderQuery): Promise<Page<ProductOrder>> {
      const firmId = await ctx.allow(auth, query.side === 'seller' ? 'seller.product' : 'mall.order');
      const { rows, total } = await repo.listOrders(db, { firmId, side: query.side, status: query.status, ...pageWindow(query) });
      return pageOf(await views.toOrders(rows, firmId), total, query);
    },

    /** The seller ships a paid order with the carrier's tracking number: `W` → `S`. */
    async ship(auth: AuthContext, orderId: number, trackingNo: string): Promise<ProductOrder> {
      const firmId = await ctx.allow(auth, 'seller.product');
      return orderMove(auth, firmId, 'seller', orderId, async (_tx, order) => {
        if (order.status !== ProductOrderStatus.paid) throw new OrderStateError(order.status, ACTIONS.ship);
        return { to: ProductOrderStatus.shipped, patch: { trackingNo } };
      });
    },

    /** The buyer confirms receipt: `S` → `T`, the frozen payment goes to the seller less the platform fee, in one journal. */
    async receive(auth: AuthContext, orderId: number): Promise<ProductOrder> {
      const firmId = await ctx.allow(auth, 'mall.order');
      return orderMove(auth, firmId, 'buyer', orderId, async (tx, order) => {
        if (order.status !== ProductOrderStatus.shipped) throw new OrderStateError(order.status, ACTIONS.receive);
        const amount = Decimal.parse(order.amount);
        const fee = amount.mul(ctx.feeRate).truncate(2);
        await ledger.post(tx, {
          idempotencyKey: `${ProductJournalType.orderSettle}:${order.id}`,
          type: ProductJournalType.orderSettle,
          businessRef: String(order.id),
          postings: Postings.settleFrozen({ from: firmFund(order.buyerFirmId, 'frozen'), to: firmFund(order.sellerFirmId), amount, fee }),
        });
        return { to: ProductOrderStatus.received, patch: { fee: fee.toString() } };
      });
    },

    /** The buyer cancels before shipment: `W` → `U`, the funds are released and the pieces go back to stock. */
    async cancel(auth: AuthContext, orderId: number): Promise<ProductOrder> {
      const firmId = await ctx.allow(auth, 'mall.order');
      return orderMove(auth, firmId, 'buyer', orderId, (tx, order) => cancelPaid(tx, order, ProductOrderCanceller.buyer, ''));
    },

    /** The seller cannot ship a paid order: `W` → `U` like the buyer's cancel, with the reason the buyer reads. */
    async sellerCancel(auth: AuthContext, orderId: number, reason: string): Promise<ProductOrder> {
      const firmId = await ctx.allow(auth, 'seller.product');
      return orderMove(auth, firmId, 'seller', orderId, (tx, order) => cancelPaid(tx, order, ProductOrderCanceller.seller, reason));
    },
  };
}
