import { Decimal } from '@tp/decimal';
import type { BookEvent } from '@tp/matching';
import { defaultScaleOf, feeIncome } from '../ledger/index';
import type { GroupStore } from './group-store';
import { available, frozen, type MarketChanges, type MarketState } from './market-state';
import type * as repo from './spot.repo';

/** Gives back what is still frozen for a finished order. */
export async function releaseRest(store: GroupStore, state: MarketState, order: { id: number; userId: number; side: 'buy' | 'sell' }, reserved: Decimal): Promise<void> {
  if (!reserved.isPositive()) return;
  const currency = order.side === 'buy' ? state.row.quote : state.row.base;
  await store.journals.post({
    idempotencyKey: `spot.release:${order.id}`,
    type: 'spot.release',
    businessRef: String(order.id),
    postings: [
      { account: frozen(order.userId, currency), amount: `-${reserved.toString()}` },
      { account: available(order.userId, currency), amount: reserved.toString() },
    ],
  });
}

/**
 * Applies the engine's events for one command in the open transaction: each fill is a trade row
 * and one balanced journal (base seller → buyer; quote buyer → seller minus fees; fees to the
 * platform), orders are updated, and finished orders release what they still hold.
 */
export async function settle(store: GroupStore, state: MarketState, events: BookEvent[], taker: repo.OrderRow, changes: MarketChanges, now: Date): Promise<repo.OrderRow> {
  const { row: market, tick, lot } = state;
  const quoteScale = defaultScaleOf(market.quote);
  const orders = new Map<number, repo.OrderRow>([[taker.id, taker]]);
  const reserves = new Map<number, Decimal>([[taker.id, Decimal.parse(taker.reserved)]]);
  let takerCancelled = false;

  async function orderOf(id: number): Promise<repo.OrderRow> {
    let row = orders.get(id);
    if (!row) {
      row = await store.findOrder(id);
      if (!row) throw new Error(`order ${id} is in the book but not in the database`);
      orders.set(id, row);
      reserves.set(id, Decimal.parse(row.reserved));
    }
    return row;
  }

  for (const event of events) {
    if (event.type === 'fill') changes.levels.add(`${event.takerSide === 'buy' ? 'sell' : 'buy'}:${event.price}`);
    else if (event.type === 'cancelled' && event.price > 0) changes.levels.add(`${event.side}:${event.price}`);
    if (event.type === 'fill') {
      const maker = await orderOf(Number(event.makerOrderId));
      const price = tick.mul(String(event.price));
      const qty = lot.mul(String(event.qty));
      const notional = price.mul(qty);
      const buyer = event.takerSide === 'buy' ? taker : maker;
      const seller = event.takerSide === 'buy' ? maker : taker;
      const buyerFee = notional.mul(buyer === taker ? market.takerFee : market.makerFee).truncate(quoteScale);
      const sellerFee = notional.mul(seller === taker ? market.takerFee : market.makerFee).truncate(quoteScale);
      const trade = await store.addTrade({
        symbol: market.symbol,
        price: price.toString(),
        quantity: qty.toString(),
        quoteQuantity: notional.toString(),
        makerOrderId: maker.id,
        takerOrderId: taker.id,
        takerSide: event.takerSide,
        buyerFee: buyerFee.toString(),
        sellerFee: sellerFee.toString(),
        createdAt: now,
      });
      changes.trades.push(trade);
      await store.journals.post({
        idempotencyKey: `spot.fill:${trade.id}`,
        type: 'spot.trade',
        description: `${market.symbol} ${qty.toString()} @ ${price.toString()}`,
        businessRef: String(trade.id),
        postings: [
          { account: frozen(seller.userId, market.base), amount: `-${qty.toString()}` },
          { account: available(buyer.userId, market.base), amount: qty.toString() },
          { account: frozen(buyer.userId, market.quote), amount: `-${notional.add(buyerFee).toString()}` },
          { account: available(seller.userId, market.quote), amount: notional.sub(sellerFee).toString() },
          ...(buyerFee.add(sellerFee).isPositive() ? [{ account: feeIncome(market.quote), amount: buyerFee.add(sellerFee).toString() }] : []),
        ],
      });
      reserves.set(buyer.id, (reserves.get(buyer.id) ?? Decimal.ZERO).sub(notional.add(buyerFee)));
      reserves.set(seller.id, (reserves.get(seller.id) ?? Decimal.ZERO).sub(qty));
      for (const order of [maker, taker]) {
        order.filledQuantity = Decimal.parse(order.filledQuantity).add(qty).toString();
        order.filledQuote = Decimal.parse(order.filledQuote).add(notional).toString();
        order.status = 'partially_filled';
      }
      if (event.makerRemaining === 0) {
        maker.status = 'filled';
        maker.open = false;
      }
    } else if (event.type === 'cancelled' || event.type === 'rejected') {
      const id = Number(event.orderId);
      const order = await orderOf(id);
      order.status = Decimal.parse(order.filledQuantity).isPositive() ? 'partially_cancelled' : 'cancelled';
      order.open = false;
      if (id === taker.id) takerCancelled = true;
    }
  }

  const rests = state.book.order(taker.id);
  if (rests) changes.levels.add(`${rests.side}:${rests.price}`);
  if (!takerCancelled) {
    const resting = rests !== undefined;
    taker.open = resting;
    if (!resting) taker.status = 'filled';
    else if (!Decimal.parse(taker.filledQuantity).isPositive()) taker.status = 'new';
  }

  for (const order of orders.values()) {
    let reserved = reserves.get(order.id) ?? Decimal.ZERO;
    if (reserved.isNegative()) throw new Error(`order ${order.id} spent more than it reserved`);
    if (!order.open) {
      await releaseRest(store, state, order, reserved);
      reserved = Decimal.ZERO;
    }
    order.reserved = reserved.toString();
    order.updatedAt = now;
    store.touch(order);
    changes.orders.push({ ...order });
  }
  return taker;
}
