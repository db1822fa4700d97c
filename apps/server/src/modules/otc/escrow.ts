import { Decimal } from '@tp/decimal';
import type { OtcOrderStatus } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { NotFoundError } from '../../platform/http/index';
import { Accounts, NO_SUCH_ORDER, type OtcContext } from './otc.context';
import * as repo from './otc.repo';

/**
 * Where an order's coins go. Every path is one keyed journal, so a replay moves nothing twice:
 * escrow at ordering, then either settle (to the buyer) or return (to the ad, or the seller).
 */
export function createOtcEscrow(ctx: OtcContext) {
  const { clock, deps } = ctx;

  /**
   * Locks an order for a transition, its ad first: every flow takes the ad before its orders, so
   * placing, cancelling and taking an ad down never wait on each other in a circle.
   */
  async function lockOrder(tx: DbOrTx, orderId: number): Promise<{ order: repo.OrderRow; ad: repo.AdRow }> {
    const peek = await repo.findOrder(tx, orderId);
    if (!peek) throw new NotFoundError(NO_SUCH_ORDER);
    const ad = await repo.findAd(tx, peek.adId, true);
    const order = await repo.findOrder(tx, orderId, true);
    if (!ad || !order) throw new NotFoundError(NO_SUCH_ORDER);
    return { order, ad };
  }

  async function history(tx: DbOrTx, order: repo.OrderRow, to: OtcOrderStatus, actor: string, reason = ''): Promise<void> {
    await repo.insertHistory(tx, { orderId: order.id, fromStatus: order.status, toStatus: to, actor, reason, createdAt: clock.now() });
  }

  /** Seller's escrow → buyer's available fiat coins. */
  async function settle(tx: DbOrTx, order: repo.OrderRow): Promise<void> {
    const volume = Decimal.parse(order.volume).toString();
    await deps.ledger.post(tx, {
      idempotencyKey: `otc.order.settle:${order.id}`,
      type: 'otc.order.settle',
      description: order.orderNo,
      businessRef: String(order.id),
      postings: [
        { account: Accounts.escrow(order.sellerUserId, order.coin), amount: `-${volume}` },
        { account: Accounts.available(order.buyerUserId, order.coin), amount: volume },
      ],
    });
  }

  /**
   * The escrow goes back: to a sell ad still active (its remaining grows again, the coins stay
   * frozen for it), otherwise to the seller's available coins; an active buy ad takes the amount back too.
   */
  async function giveBack(tx: DbOrTx, order: repo.OrderRow, ad: repo.AdRow): Promise<void> {
    const volume = Decimal.parse(order.volume);
    const toAd = ad.status === 'active';
    const target = ad.side === 'sell' && toAd ? Accounts.frozen(order.sellerUserId, order.coin) : Accounts.available(order.sellerUserId, order.coin);
    await deps.ledger.post(tx, {
      idempotencyKey: `otc.order.return:${order.id}`,
      type: 'otc.order.return',
      description: order.orderNo,
      businessRef: String(order.id),
      postings: [
        { account: Accounts.escrow(order.sellerUserId, order.coin), amount: `-${volume.toString()}` },
        { account: target, amount: volume.toString() },
      ],
    });
    if (toAd) await repo.updateAd(tx, ad.id, { remaining: Decimal.parse(ad.remaining).add(volume).toString(), updatedAt: clock.now() });
  }

  /** Ends an open order without a sale: cancelled, expired or invalid, escrow returned, both sides told. */
  async function close(tx: DbOrTx, order: repo.OrderRow, ad: repo.AdRow, to: 'cancelled' | 'expired' | 'invalid', actor: string, reason = ''): Promise<repo.OrderRow> {
    await giveBack(tx, order, ad);
    await history(tx, order, to, actor, reason);
    const now = clock.now();
    const updated = await repo.updateOrder(tx, order.id, { status: to, cancelledAt: now, cancelledBy: actor.split(':')[0] ?? actor, cancelReason: reason, updatedAt: now });
    await ctx.notify(tx, updated, to);
    return updated;
  }

  /** Completes a paid order: escrow to the buyer, both sides told. */
  async function complete(tx: DbOrTx, order: repo.OrderRow, actor: string, reason = ''): Promise<repo.OrderRow> {
    await settle(tx, order);
    await history(tx, order, 'completed', actor, reason);
    const now = clock.now();
    const updated = await repo.updateOrder(tx, order.id, { status: 'completed', completedAt: now, updatedAt: now });
    await ctx.notify(tx, updated, 'completed');
    return updated;
  }

  return { lockOrder, history, close, complete };
}

export type OtcEscrow = ReturnType<typeof createOtcEscrow>;
