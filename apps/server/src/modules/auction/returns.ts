import { Decimal } from '@tp/decimal';
import { AuctionOrderStatus, JournalType, PickPayStatus } from '@tp/contract';
import { registerAfterSaleKind } from '../aftersale/index';
import { firmFund } from '../ledger/index';
import * as repo from './auction.repo';
import type { AuctionContext } from './context';

const AFTER_SALE_ACTOR = 'system:aftersale';

/**
 * Returns and exchanges of a winning order, once it is confirmed and paid in full (the goods were
 * delivered to the winner's holdings then). A return's refund goes from the seller's funds back to
 * the winner's; the platform keeps its fee.
 */
export function registerAuctionReturns(ctx: AuctionContext): void {
  const orderOf = async (tx: Parameters<typeof repo.orderById>[0], orderId: string) => (/^\d{1,15}$/.test(orderId) ? repo.orderById(tx, Number(orderId)) : undefined);

  registerAfterSaleKind('auction', {
    async loadOrder(tx, orderId) {
      const order = await orderOf(tx, orderId);
      if (!order) return undefined;
      const item = await repo.itemById(tx, order.itemId);
      return {
        buyerFirmId: String(order.buyerFirmId),
        sellerFirmId: String(order.sellerFirmId),
        amount: Decimal.parse(order.amount).toFixed(2),
        title: item ? `${item.commodityName} ${item.gradeName}`.trim() : `#${order.id}`,
      };
    },
    async canOpen(tx, orderId) {
      const order = await orderOf(tx, orderId);
      return order?.status === AuctionOrderStatus.confirmed && order.payStatus === PickPayStatus.fullyPaid;
    },
    async onRefund(tx, r) {
      const order = (await orderOf(tx, r.orderId))!;
      const item = (await repo.itemForUpdate(tx, order.itemId))!;
      const journalId = await ctx.post(tx, {
        key: `auction.aftersale.refund:${r.requestId}`,
        type: JournalType.auctionAfterSaleRefund,
        ref: `auction-order:${order.id}`,
        postings: [
          { account: firmFund(order.sellerFirmId, 'available'), amount: Decimal.parse(r.amount).neg().toString() },
          { account: firmFund(order.buyerFirmId, 'available'), amount: Decimal.parse(r.amount).toString() },
        ],
      });
      await ctx.history(tx, item, item.status, AFTER_SALE_ACTOR, `order ${order.id}: return ${r.requestId} refunded ${Decimal.parse(r.amount).toFixed(2)}`, journalId);
    },
  });
}
