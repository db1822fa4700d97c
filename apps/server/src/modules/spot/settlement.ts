import { Decimal } from '@tp/decimal';
import type { BookEvent, CancelReason, RejectReason } from '@tp/matching';
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

/** The engine's reasons for ending an order early, as the order records them. */
const END_REASONS: Record<CancelReason | RejectReason, repo.OrderRow['endReason']> = {
  user: 'user',
  ioc_remainder: 'ioc',
  fok_unfillable: 'fok',
  stp: 'stp',
  market_no_liquidity: 'no_liquidity',
  dust: null,
  quote_cap: 'price_protection',
  oco: 'oco',
  post_only_would_cross: 'post_only',
  invalid_order: null,
  invalid_price: null,
  invalid_quantity: null,
  duplicate_order_id: null,
  would_trigger_immediately: null,
  order_not_found: null,
};

/**
 * Applies the engine's events for one command in the open transaction: each fill is a trade row
 * and one balanced journal (base seller → buyer; quote buyer → seller minus fees; fees to the
 * platform), orders are updated, and finished orders release what they still hold. A command
 * may move several takers: the order it placed and the stop orders its trades fired.
 */
export async function settle(store: GroupStore, state: MarketState, events: BookEvent[], placed: readonly repo.OrderRow[], changes: MarketChanges, now: Date): Promise<void> {
  const { row: market, tick, lot } = state;
  const quoteScale = defaultScaleOf(market.quote);
  const orders = new Map<number, repo.OrderRow>();
  const reserves = new Map<number, Decimal>();
  /** Orders the engine ended with an event: nothing to infer from the book for them. */
  const ended = new Set<number>();
  /** The limit order of an OCO pair cancelled because its stop order fired: its reserve goes to the stop order. */
  let handOver: repo.OrderRow | undefined;

  function track(row: repo.OrderRow): repo.OrderRow {
    if (!orders.has(row.id)) {
      orders.set(row.id, row);
      reserves.set(row.id, Decimal.parse(row.reserved));
    }
    return row;
  }
  for (const row of placed) track(row);

  async function orderOf(id: number): Promise<repo.OrderRow> {
    const known = orders.get(id);
    if (known) return known;
    const row = await store.findOrder(id);
    if (!row) throw new Error(`order ${id} is in the book but not in the database`);
    return track(row);
  }

  for (const event of events) {
    if (event.type === 'fill') changes.levels.add(`${event.takerSide === 'buy' ? 'sell' : 'buy'}:${event.price}`);
    else if (event.type === 'cancelled' && event.price > 0) changes.levels.add(`${event.side}:${event.price}`);
    if (event.type === 'fill') {
      const maker = await orderOf(Number(event.makerOrderId));
      const taker = await orderOf(Number(event.takerOrderId));
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
      buyer.fee = Decimal.parse(buyer.fee).add(buyerFee).toString();
      seller.fee = Decimal.parse(seller.fee).add(sellerFee).toString();
      for (const order of [maker, taker]) {
        order.filledQuantity = Decimal.parse(order.filledQuantity).add(qty).toString();
        order.filledQuote = Decimal.parse(order.filledQuote).add(notional).toString();
      }
    } else if (event.type === 'triggered') {
      const order = await orderOf(Number(event.orderId));
      order.triggeredAt = now;
      if (handOver && handOver.listId !== null && handOver.listId === order.listId) {
        reserves.set(order.id, (reserves.get(order.id) ?? Decimal.ZERO).add(reserves.get(handOver.id) ?? Decimal.ZERO));
        reserves.set(handOver.id, Decimal.ZERO);
      }
      handOver = undefined;
    } else if (event.type === 'cancelled' || event.type === 'rejected') {
      const id = Number(event.orderId);
      const order = await orderOf(id);
      const filled = Decimal.parse(order.filledQuantity).isPositive();
      // A quote budget spent down to less than one lot filled the order.
      if (event.type === 'cancelled' && event.reason === 'dust' && filled) order.status = 'filled';
      else order.status = filled ? 'partially_cancelled' : 'cancelled';
      if (order.status !== 'filled') order.endReason = END_REASONS[event.reason] ?? null;
      order.open = false;
      ended.add(id);
      handOver = event.type === 'cancelled' && event.reason === 'oco' ? order : undefined;
    }
  }

  for (const order of orders.values()) {
    if (ended.has(order.id)) continue;
    const rests = state.book.order(order.id);
    if (rests) changes.levels.add(`${rests.side}:${rests.price}`);
    order.open = rests !== undefined || state.book.isHeld(order.id);
    if (!order.open) order.status = 'filled';
    else order.status = Decimal.parse(order.filledQuantity).isPositive() ? 'partially_filled' : 'new';
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
}
