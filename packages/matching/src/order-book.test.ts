import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import type { BookEvent, OrderRequest, RestingOrder } from './types';

function limit(orderId: number, ownerId: number, side: 'buy' | 'sell', price: number, qty: number, extra: Partial<OrderRequest> = {}): OrderRequest {
  return { orderId, ownerId, side, type: 'limit', price, qty, ...extra };
}

/** Submits and returns a copy of the events. */
function run(book: OrderBook, req: OrderRequest): BookEvent[] {
  return book.submit(req).toArray();
}

function seed(book: OrderBook, reqs: OrderRequest[]): void {
  for (const r of reqs) {
    const events = run(book, r);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('accepted');
  }
}

const accepted = (orderId: number, ownerId: number, side: 'buy' | 'sell', price: number, qty: number, orderType: 'limit' | 'market' = 'limit', quoteQty = 0): BookEvent => ({
  type: 'accepted',
  orderId,
  ownerId,
  side,
  orderType,
  price,
  qty,
  quoteQty,
});

describe('limit orders', () => {
  it('rests a non-crossing order and reports it in depth', () => {
    const book = new OrderBook();
    expect(run(book, limit(1, 7, 'buy', 100, 5))).toEqual([accepted(1, 7, 'buy', 100, 5)]);
    expect(run(book, limit(2, 7, 'sell', 105, 3))).toEqual([accepted(2, 7, 'sell', 105, 3)]);
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBe(105);
    expect(book.depth()).toEqual({ bids: [{ price: 100, qty: 5, orders: 1 }], asks: [{ price: 105, qty: 3, orders: 1 }] });
    expect(book.order(1)).toEqual({ orderId: 1, ownerId: 7, side: 'buy', price: 100, qty: 5 });
    expect(book.size).toBe(2);
  });

  it('matches best price first, then oldest first within a price, at the maker price', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 101, 2), limit(2, 2, 'sell', 101, 3), limit(3, 3, 'sell', 100, 1), limit(4, 4, 'sell', 102, 9)]);
    expect(run(book, limit(10, 9, 'buy', 101, 5))).toEqual([
      accepted(10, 9, 'buy', 101, 5),
      { type: 'fill', makerOrderId: 3, takerOrderId: 10, makerOwnerId: 3, takerOwnerId: 9, takerSide: 'buy', price: 100, qty: 1, makerRemaining: 0, takerRemaining: 4 },
      { type: 'fill', makerOrderId: 1, takerOrderId: 10, makerOwnerId: 1, takerOwnerId: 9, takerSide: 'buy', price: 101, qty: 2, makerRemaining: 0, takerRemaining: 2 },
      { type: 'fill', makerOrderId: 2, takerOrderId: 10, makerOwnerId: 2, takerOwnerId: 9, takerSide: 'buy', price: 101, qty: 2, makerRemaining: 1, takerRemaining: 0 },
    ]);
    expect(book.openOrders()).toEqual([
      { orderId: 2, ownerId: 2, side: 'sell', price: 101, qty: 1 },
      { orderId: 4, ownerId: 4, side: 'sell', price: 102, qty: 9 },
    ]);
  });

  it('sell taker walks bids from the highest price', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 98, 1), limit(2, 2, 'buy', 99, 1), limit(3, 3, 'buy', 97, 1)]);
    const fills = run(book, limit(4, 4, 'sell', 98, 5)).filter((e) => e.type === 'fill');
    expect(fills.map((f) => (f.type === 'fill' ? [f.makerOrderId, f.price] : []))).toEqual([
      [2, 99],
      [1, 98],
    ]);
    expect(book.openOrders()).toEqual([
      { orderId: 3, ownerId: 3, side: 'buy', price: 97, qty: 1 },
      { orderId: 4, ownerId: 4, side: 'sell', price: 98, qty: 3 },
    ]);
  });

  it('GTC rests the unfilled remainder at its limit price', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 2)]);
    const events = run(book, limit(2, 2, 'buy', 100, 5, { tif: 'GTC' }));
    expect(events.at(-1)).toMatchObject({ type: 'fill', takerRemaining: 3 });
    expect(book.openOrders()).toEqual([{ orderId: 2, ownerId: 2, side: 'buy', price: 100, qty: 3 }]);
  });

  it('a new order at a price joins the back of that price queue', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 100, 1), limit(2, 2, 'buy', 100, 1)]);
    book.cancel(1);
    seed(book, [limit(1, 1, 'buy', 100, 1)]);
    expect(book.openOrders().map((o) => o.orderId)).toEqual([2, 1]);
  });
});

describe('time in force', () => {
  it('IOC trades what it can and cancels the rest without resting', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 2), limit(2, 1, 'sell', 103, 2)]);
    expect(run(book, limit(3, 2, 'buy', 101, 5, { tif: 'IOC' }))).toEqual([
      accepted(3, 2, 'buy', 101, 5),
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'buy', price: 100, qty: 2, makerRemaining: 0, takerRemaining: 3 },
      { type: 'cancelled', orderId: 3, ownerId: 2, side: 'buy', price: 101, remaining: 3, reason: 'ioc_remainder' },
    ]);
    expect(book.bestBid()).toBeUndefined();
    expect(book.bestAsk()).toBe(103);
  });

  it('IOC that fills completely emits no cancel', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 5)]);
    expect(run(book, limit(2, 2, 'buy', 100, 5, { tif: 'IOC' })).map((e) => e.type)).toEqual(['accepted', 'fill']);
  });

  it('FOK fills completely across levels when it can', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 2), limit(2, 1, 'sell', 101, 3)]);
    expect(run(book, limit(3, 2, 'buy', 101, 5, { tif: 'FOK' }))).toEqual([
      accepted(3, 2, 'buy', 101, 5),
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'buy', price: 100, qty: 2, makerRemaining: 0, takerRemaining: 3 },
      { type: 'fill', makerOrderId: 2, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'buy', price: 101, qty: 3, makerRemaining: 0, takerRemaining: 0 },
    ]);
    expect(book.size).toBe(0);
  });

  it('FOK that cannot fill completely within its limit cancels without touching the book', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 2), limit(2, 1, 'sell', 101, 3), limit(3, 1, 'sell', 102, 10)]);
    const before = book.openOrders();
    expect(run(book, limit(4, 2, 'buy', 101, 6, { tif: 'FOK' }))).toEqual([
      accepted(4, 2, 'buy', 101, 6),
      { type: 'cancelled', orderId: 4, ownerId: 2, side: 'buy', price: 101, remaining: 6, reason: 'fok_unfillable' },
    ]);
    expect(book.openOrders()).toEqual(before);
  });

  it('FOK does not count own orders that self-trade prevention would stop at', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 2, 'sell', 100, 5), limit(2, 1, 'sell', 100, 5)]);
    const events = run(book, limit(3, 2, 'buy', 100, 5, { tif: 'FOK', stp: 'cancel_newest' }));
    expect(events.at(-1)).toEqual({ type: 'cancelled', orderId: 3, ownerId: 2, side: 'buy', price: 100, remaining: 5, reason: 'fok_unfillable' });
    expect(book.size).toBe(2);
    // With cancel_oldest the own order is removed and the rest is enough.
    const filled = run(book, limit(4, 2, 'buy', 100, 5, { tif: 'FOK', stp: 'cancel_oldest' }));
    expect(filled.map((e) => e.type)).toEqual(['accepted', 'cancelled', 'fill']);
    expect(book.size).toBe(0);
  });

  it('market FOK by quantity is all or nothing', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 100, 3)]);
    expect(run(book, { orderId: 2, ownerId: 2, side: 'sell', type: 'market', qty: 4, tif: 'FOK' }).at(-1)).toMatchObject({
      type: 'cancelled',
      reason: 'fok_unfillable',
      remaining: 4,
    });
    expect(run(book, { orderId: 3, ownerId: 2, side: 'sell', type: 'market', qty: 3, tif: 'FOK' }).map((e) => e.type)).toEqual(['accepted', 'fill']);
  });
});

describe('post-only', () => {
  it('rests when it would not cross', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 101, 1), limit(2, 2, 'buy', 100, 1, { postOnly: true })]);
    expect(book.bestBid()).toBe(100);
  });

  it('is rejected when it would cross, leaving the book as it was', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 101, 1)]);
    expect(run(book, limit(2, 2, 'buy', 101, 1, { postOnly: true }))).toEqual([
      { type: 'rejected', orderId: 2, ownerId: 2, reason: 'post_only_would_cross' },
    ]);
    expect(book.openOrders()).toEqual([{ orderId: 1, ownerId: 1, side: 'sell', price: 101, qty: 1 }]);
  });

  it('is rejected with IOC or FOK, and on market orders', () => {
    const book = new OrderBook();
    expect(run(book, limit(1, 1, 'buy', 100, 1, { postOnly: true, tif: 'IOC' }))[0]).toMatchObject({ reason: 'invalid_order' });
    expect(run(book, limit(1, 1, 'buy', 100, 1, { postOnly: true, tif: 'FOK' }))[0]).toMatchObject({ reason: 'invalid_order' });
    expect(run(book, { orderId: 1, ownerId: 1, side: 'buy', type: 'market', qty: 1, postOnly: true })[0]).toMatchObject({ reason: 'invalid_order' });
  });
});

describe('market orders', () => {
  it('by quantity sweep the book and cancel what no liquidity is left for', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 99, 2), limit(2, 1, 'buy', 98, 2)]);
    expect(run(book, { orderId: 3, ownerId: 2, side: 'sell', type: 'market', qty: 5 })).toEqual([
      accepted(3, 2, 'sell', 0, 5, 'market'),
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'sell', price: 99, qty: 2, makerRemaining: 0, takerRemaining: 3 },
      { type: 'fill', makerOrderId: 2, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'sell', price: 98, qty: 2, makerRemaining: 0, takerRemaining: 1 },
      { type: 'cancelled', orderId: 3, ownerId: 2, side: 'sell', price: 0, remaining: 1, reason: 'market_no_liquidity' },
    ]);
    expect(book.size).toBe(0);
  });

  it('on an empty book is accepted and cancelled at once', () => {
    const book = new OrderBook();
    expect(book.market(1, 1, 'buy', 3).toArray()).toEqual([
      accepted(1, 1, 'buy', 0, 3, 'market'),
      { type: 'cancelled', orderId: 1, ownerId: 1, side: 'buy', price: 0, remaining: 3, reason: 'market_no_liquidity' },
    ]);
  });

  it('by quote budget buy whole lots best price first; a rest too small for one lot is dust, not a lack of liquidity', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 5), limit(2, 1, 'sell', 101, 10)]);
    expect(run(book, { orderId: 3, ownerId: 2, side: 'buy', type: 'market', quoteQty: 1050 })).toEqual([
      accepted(3, 2, 'buy', 0, 0, 'market', 1050),
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'buy', price: 100, qty: 5, makerRemaining: 0, takerRemaining: 550 },
      { type: 'fill', makerOrderId: 2, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'buy', price: 101, qty: 5, makerRemaining: 5, takerRemaining: 45 },
      { type: 'cancelled', orderId: 3, ownerId: 2, side: 'buy', price: 0, remaining: 45, reason: 'dust' },
    ]);
    expect(book.openOrders()).toEqual([{ orderId: 2, ownerId: 1, side: 'sell', price: 101, qty: 5 }]);
  });

  it('by quote budget that is spent exactly emits no cancel', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 5)]);
    expect(book.marketByQuote(2, 2, 'buy', 300).toArray().map((e) => e.type)).toEqual(['accepted', 'fill']);
    expect(book.qtyAt('sell', 100)).toBe(2);
  });

  it('by quote budget smaller than one lot trades nothing', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 5)]);
    expect(book.marketByQuote(2, 2, 'buy', 99).toArray().at(-1)).toMatchObject({ type: 'cancelled', remaining: 99, reason: 'dust' });
    expect(book.qtyAt('sell', 100)).toBe(5);
  });

  it('reject a quote budget with FOK, GTC, a price, a capped order with FOK, or no size', () => {
    const book = new OrderBook();
    const bad: OrderRequest[] = [
      { orderId: 1, ownerId: 1, side: 'buy', type: 'market', quoteQty: 100, tif: 'FOK' },
      { orderId: 1, ownerId: 1, side: 'buy', type: 'market', qty: 1, tif: 'GTC' },
      { orderId: 1, ownerId: 1, side: 'buy', type: 'market', qty: 1, price: 5 },
      { orderId: 1, ownerId: 1, side: 'buy', type: 'market', qty: 1, quoteQty: 100, tif: 'FOK' },
      { orderId: 1, ownerId: 1, side: 'buy', type: 'market' },
      { orderId: 1, ownerId: 1, side: 'buy', type: 'limit', price: 5, qty: 1, quoteQty: 100 },
    ];
    for (const req of bad) expect(run(book, req)).toEqual([{ type: 'rejected', orderId: 1, ownerId: 1, reason: 'invalid_order' }]);
  });
});

describe('self-trade prevention', () => {
  function bookWithOwnOrderInMiddle(): OrderBook {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 2), limit(2, 9, 'sell', 100, 2), limit(3, 1, 'sell', 101, 2)]);
    return book;
  }

  it('cancel_newest cancels the incoming order when it reaches its own resting order', () => {
    const book = bookWithOwnOrderInMiddle();
    expect(run(book, limit(4, 9, 'buy', 101, 6, { stp: 'cancel_newest' }))).toEqual([
      accepted(4, 9, 'buy', 101, 6),
      { type: 'fill', makerOrderId: 1, takerOrderId: 4, makerOwnerId: 1, takerOwnerId: 9, takerSide: 'buy', price: 100, qty: 2, makerRemaining: 0, takerRemaining: 4 },
      { type: 'cancelled', orderId: 4, ownerId: 9, side: 'buy', price: 101, remaining: 4, reason: 'stp' },
    ]);
    expect(book.openOrders().map((o) => o.orderId)).toEqual([2, 3]);
  });

  it('cancel_oldest cancels the resting order and keeps matching', () => {
    const book = bookWithOwnOrderInMiddle();
    expect(run(book, limit(4, 9, 'buy', 101, 6, { stp: 'cancel_oldest' }))).toEqual([
      accepted(4, 9, 'buy', 101, 6),
      { type: 'fill', makerOrderId: 1, takerOrderId: 4, makerOwnerId: 1, takerOwnerId: 9, takerSide: 'buy', price: 100, qty: 2, makerRemaining: 0, takerRemaining: 4 },
      { type: 'cancelled', orderId: 2, ownerId: 9, side: 'sell', price: 100, remaining: 2, reason: 'stp' },
      { type: 'fill', makerOrderId: 3, takerOrderId: 4, makerOwnerId: 1, takerOwnerId: 9, takerSide: 'buy', price: 101, qty: 2, makerRemaining: 0, takerRemaining: 2 },
    ]);
    expect(book.openOrders()).toEqual([{ orderId: 4, ownerId: 9, side: 'buy', price: 101, qty: 2 }]);
  });

  it('cancel_both cancels the resting order and the incoming order', () => {
    const book = bookWithOwnOrderInMiddle();
    expect(run(book, limit(4, 9, 'buy', 101, 6, { stp: 'cancel_both' }))).toEqual([
      accepted(4, 9, 'buy', 101, 6),
      { type: 'fill', makerOrderId: 1, takerOrderId: 4, makerOwnerId: 1, takerOwnerId: 9, takerSide: 'buy', price: 100, qty: 2, makerRemaining: 0, takerRemaining: 4 },
      { type: 'cancelled', orderId: 2, ownerId: 9, side: 'sell', price: 100, remaining: 2, reason: 'stp' },
      { type: 'cancelled', orderId: 4, ownerId: 9, side: 'buy', price: 101, remaining: 4, reason: 'stp' },
    ]);
    expect(book.openOrders().map((o) => o.orderId)).toEqual([3]);
  });

  it('does not trigger when the own order is beyond the limit price', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 9, 'sell', 102, 2)]);
    expect(run(book, limit(2, 9, 'buy', 101, 1)).map((e) => e.type)).toEqual(['accepted']);
  });

  it('applies to market orders and uses the book default when the order names no mode', () => {
    const book = new OrderBook({ defaultStp: 'cancel_oldest' });
    seed(book, [limit(1, 9, 'sell', 100, 2), limit(2, 1, 'sell', 100, 2)]);
    expect(book.market(3, 9, 'buy', 2).toArray().map((e) => e.type)).toEqual(['accepted', 'cancelled', 'fill']);
    expect(book.size).toBe(0);
    expect(() => new OrderBook({ defaultStp: 'nope' as never })).toThrow(RangeError);
  });
});

describe('validation', () => {
  it.each([0, -1, 1.5, NaN, Infinity, 2 ** 53])('rejects price %s', (price) => {
    expect(run(new OrderBook(), limit(1, 1, 'buy', price, 1))).toEqual([{ type: 'rejected', orderId: 1, ownerId: 1, reason: 'invalid_price' }]);
  });

  it.each([0, -3, 2.5, 2 ** 53])('rejects quantity %s', (qty) => {
    expect(run(new OrderBook(), limit(1, 1, 'buy', 10, qty))).toEqual([{ type: 'rejected', orderId: 1, ownerId: 1, reason: 'invalid_quantity' }]);
    expect(new OrderBook().marketByQuote(1, 1, 'buy', qty).toArray()).toEqual([{ type: 'rejected', orderId: 1, ownerId: 1, reason: 'invalid_quantity' }]);
  });

  it('rejects unknown side, type, time in force and STP mode', () => {
    const book = new OrderBook();
    const reqs = [
      { ...limit(1, 1, 'buy', 10, 1), side: 'long' },
      { ...limit(1, 1, 'buy', 10, 1), type: 'stop' },
      limit(1, 1, 'buy', 10, 1, { tif: 'GTD' as never }),
      limit(1, 1, 'buy', 10, 1, { stp: 'never' as never }),
    ] as OrderRequest[];
    for (const req of reqs) expect(run(book, req)).toEqual([{ type: 'rejected', orderId: 1, ownerId: 1, reason: 'invalid_order' }]);
    expect(book.size).toBe(0);
  });

  it('rejects an order id that is resting, and accepts it again once the order is gone', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 10, 1)]);
    expect(run(book, limit(1, 2, 'sell', 20, 1))).toEqual([{ type: 'rejected', orderId: 1, ownerId: 2, reason: 'duplicate_order_id' }]);
    book.cancel(1);
    seed(book, [limit(1, 2, 'sell', 20, 1)]);
  });

  it('accepts string ids and owners', () => {
    const book = new OrderBook();
    book.limit('a', 'alice', 'sell', 10, 1);
    expect(book.limit('b', 'bob', 'buy', 10, 1).toArray()[1]).toMatchObject({ type: 'fill', makerOrderId: 'a', makerOwnerId: 'alice', takerOwnerId: 'bob' });
  });
});

describe('cancel', () => {
  it('cancels a resting order by id', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 10, 4), limit(2, 1, 'buy', 10, 1)]);
    expect(book.cancel(1).toArray()).toEqual([{ type: 'cancelled', orderId: 1, ownerId: 1, side: 'buy', price: 10, remaining: 4, reason: 'user' }]);
    expect(book.depth()).toEqual({ bids: [{ price: 10, qty: 1, orders: 1 }], asks: [] });
  });

  it('reports the remaining quantity after partial fills', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 10, 4)]);
    book.limit(2, 2, 'sell', 10, 3);
    expect(book.cancel(1).toArray()).toEqual([{ type: 'cancelled', orderId: 1, ownerId: 1, side: 'buy', price: 10, remaining: 1, reason: 'user' }]);
  });

  it('rejects unknown ids and orders of another owner', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 10, 4)]);
    expect(book.cancel(99).toArray()).toEqual([{ type: 'rejected', orderId: 99, ownerId: null, reason: 'order_not_found' }]);
    expect(book.cancel(1, 2).toArray()).toEqual([{ type: 'rejected', orderId: 1, ownerId: 2, reason: 'order_not_found' }]);
    expect(book.cancel(1, 1).toArray()[0]).toMatchObject({ type: 'cancelled', reason: 'user' });
    expect(book.cancel(1).toArray()[0]).toMatchObject({ type: 'rejected', reason: 'order_not_found' });
  });

  it('cancelAll removes every order of one owner, bids best first, then asks', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'buy', 10, 1), limit(2, 2, 'buy', 11, 1), limit(3, 1, 'sell', 20, 1), limit(4, 1, 'buy', 12, 1)]);
    expect(book.cancelAll(1).toArray().map((e) => (e.type === 'cancelled' ? e.orderId : null))).toEqual([4, 1, 3]);
    expect(book.openOrders().map((o) => o.orderId)).toEqual([2]);
    expect(book.cancelAll(1).length).toBe(0);
  });
});

describe('queries', () => {
  it('depth and levels aggregate per price, best first, limited to n', () => {
    const book = new OrderBook();
    seed(book, [
      limit(1, 1, 'buy', 10, 1),
      limit(2, 1, 'buy', 12, 2),
      limit(3, 1, 'buy', 12, 3),
      limit(4, 1, 'buy', 11, 4),
      limit(5, 1, 'sell', 15, 1),
      limit(6, 1, 'sell', 14, 2),
    ]);
    expect(book.depth(2)).toEqual({
      bids: [
        { price: 12, qty: 5, orders: 2 },
        { price: 11, qty: 4, orders: 1 },
      ],
      asks: [
        { price: 14, qty: 2, orders: 1 },
        { price: 15, qty: 1, orders: 1 },
      ],
    });
    expect(book.levels('buy')).toHaveLength(3);
    expect(book.levelCount('buy')).toBe(3);
    expect(book.qtyAt('buy', 12)).toBe(5);
    expect(book.qtyAt('sell', 12)).toBe(0);
    expect(() => book.levels('up' as never)).toThrow(RangeError);
  });

  it('returns the same reusable batch from every call; toArray copies it', () => {
    const book = new OrderBook();
    const first = book.limit(1, 1, 'buy', 10, 1);
    const copy = first.toArray();
    const second = book.limit(2, 1, 'buy', 11, 1);
    expect(second).toBe(first);
    expect(second).toBe(book.events);
    expect(copy).toEqual([accepted(1, 1, 'buy', 10, 1)]);
    expect([...second]).toHaveLength(1);
    expect(second.get(0)).toMatchObject({ orderId: 2 });
    expect(() => second.get(1)).toThrow(RangeError);
  });
});

describe('restore', () => {
  it('rebuilds the book in the given sequence order', () => {
    const orders: RestingOrder[] = [
      { orderId: 1, ownerId: 1, side: 'sell', price: 101, qty: 2 },
      { orderId: 2, ownerId: 2, side: 'buy', price: 99, qty: 3 },
      { orderId: 3, ownerId: 3, side: 'sell', price: 101, qty: 4 },
    ];
    const book = new OrderBook();
    book.restore(orders);
    expect(book.openOrders()).toEqual([orders[1], orders[0], orders[2]]);
    const fills = book.limit(4, 4, 'buy', 101, 3).toArray().filter((e) => e.type === 'fill');
    expect(fills.map((f) => (f.type === 'fill' ? [f.makerOrderId, f.qty] : []))).toEqual([
      [1, 2],
      [3, 1],
    ]);
    book.checkInvariants();
  });

  it('throws on crossing, duplicate or invalid orders', () => {
    const book = new OrderBook();
    book.restore([{ orderId: 1, ownerId: 1, side: 'sell', price: 101, qty: 2 }]);
    expect(() => book.restore([{ orderId: 2, ownerId: 1, side: 'buy', price: 101, qty: 2 }])).toThrow(/cross/);
    expect(() => book.restore([{ orderId: 1, ownerId: 1, side: 'sell', price: 105, qty: 2 }])).toThrow(/duplicate/);
    expect(() => book.restore([{ orderId: 3, ownerId: 1, side: 'sell', price: 105, qty: 0 }])).toThrow(/invalid/);
  });
});

describe('price levels at scale', () => {
  it('keeps levels sorted and consistent through many inserts and removals', () => {
    const book = new OrderBook();
    let s = 12345;
    const rand = (n: number): number => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    const live: number[] = [];
    for (let id = 1; id <= 5000; id++) {
      if (live.length > 0 && rand(3) === 0) {
        const i = rand(live.length);
        book.cancel(live[i] as number);
        live.splice(i, 1);
      } else {
        const buy = rand(2) === 0;
        book.limit(id, 1, buy ? 'buy' : 'sell', buy ? 1 + rand(5000) : 5001 + rand(5000), 1 + rand(5));
        live.push(id);
      }
      if (id % 500 === 0) book.checkInvariants();
    }
    book.checkInvariants();
    const bids = book.levels('buy').map((l) => l.price);
    const asks = book.levels('sell').map((l) => l.price);
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(asks).toEqual([...asks].sort((a, b) => a - b));
    expect(book.size).toBe(live.length);
  });
});

describe('market orders in lots with a spending cap', () => {
  it('stop at the cap and cancel the rest', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 2), limit(2, 1, 'sell', 120, 5)]);
    expect(run(book, { orderId: 3, ownerId: 2, side: 'buy', type: 'market', qty: 5, quoteQty: 450 })).toEqual([
      accepted(3, 2, 'buy', 0, 5, 'market', 450),
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'buy', price: 100, qty: 2, makerRemaining: 0, takerRemaining: 3 },
      { type: 'fill', makerOrderId: 2, takerOrderId: 3, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'buy', price: 120, qty: 2, makerRemaining: 3, takerRemaining: 1 },
      { type: 'cancelled', orderId: 3, ownerId: 2, side: 'buy', price: 0, remaining: 1, reason: 'quote_cap' },
    ]);
  });

  it('cost what the other side asks for, leaving the owner’s own orders out', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 1, 'sell', 100, 2), limit(2, 2, 'sell', 110, 1), limit(3, 1, 'sell', 120, 5)]);
    expect(book.costToTake('buy', 4, 2)).toEqual({ lots: 4, cost: 200 + 240 });
    expect(book.costToTake('buy', 40, 3)).toEqual({ lots: 8, cost: 200 + 110 + 600 });
  });
});

describe('self-trade prevention none', () => {
  it('lets an owner trade with its own resting order', () => {
    const book = new OrderBook({ defaultStp: 'none' });
    seed(book, [limit(1, 9, 'sell', 100, 2)]);
    expect(run(book, limit(2, 9, 'buy', 100, 2)).map((e) => e.type)).toEqual(['accepted', 'fill']);
  });
});

describe('stop orders', () => {
  const trade = (book: OrderBook, id: number, price: number) => {
    seed(book, [limit(id, 50, 'sell', price, 1)]);
    return run(book, limit(id + 1, 51, 'buy', price, 1));
  };

  it('wait in the trigger queue until a trade reaches the stop price, then run in the same call', () => {
    const book = new OrderBook();
    trade(book, 1, 100);
    seed(book, [limit(10, 1, 'buy', 90, 3)]);
    expect(run(book, { orderId: 20, ownerId: 2, side: 'sell', type: 'limit', price: 89, qty: 2, stopPrice: 95, trigger: 'down' })).toEqual([
      { ...accepted(20, 2, 'sell', 89, 2), stopPrice: 95 },
    ]);
    expect(book.depth().asks).toEqual([]);
    expect(book.heldOrders().map((o) => o.orderId)).toEqual([20]);
    seed(book, [limit(3, 5, 'sell', 96, 1)]);
    // Someone sells at 95: the stop fires and sells into the bid at 90.
    seed(book, [limit(4, 6, 'buy', 95, 1)]);
    expect(run(book, { orderId: 5, ownerId: 7, side: 'sell', type: 'market', qty: 1 })).toEqual([
      accepted(5, 7, 'sell', 0, 1, 'market'),
      { type: 'fill', makerOrderId: 4, takerOrderId: 5, makerOwnerId: 6, takerOwnerId: 7, takerSide: 'sell', price: 95, qty: 1, makerRemaining: 0, takerRemaining: 0 },
      { type: 'triggered', orderId: 20, ownerId: 2, side: 'sell', price: 95 },
      { type: 'fill', makerOrderId: 10, takerOrderId: 20, makerOwnerId: 1, takerOwnerId: 2, takerSide: 'sell', price: 90, qty: 2, makerRemaining: 1, takerRemaining: 0 },
    ]);
    expect(book.heldOrders()).toEqual([]);
    expect(book.lastPrice).toBe(90);
  });

  it('are refused when the last price already reached them, and cancel like resting orders', () => {
    const book = new OrderBook();
    trade(book, 1, 100);
    expect(run(book, { orderId: 9, ownerId: 2, side: 'buy', type: 'market', quoteQty: 500, stopPrice: 100, trigger: 'up' })).toEqual([
      { type: 'rejected', orderId: 9, ownerId: 2, reason: 'would_trigger_immediately' },
    ]);
    run(book, { orderId: 9, ownerId: 2, side: 'buy', type: 'market', quoteQty: 500, stopPrice: 101, trigger: 'up' });
    expect(book.cancel(9, 3).toArray()).toEqual([{ type: 'rejected', orderId: 9, ownerId: 3, reason: 'order_not_found' }]);
    expect(book.cancel(9, 2).toArray()).toEqual([{ type: 'cancelled', orderId: 9, ownerId: 2, side: 'buy', price: 0, remaining: 500, reason: 'user' }]);
  });
});

describe('one-cancels-the-other pairs', () => {
  const pair = (book: OrderBook) =>
    book.submitOco(limit(20, 2, 'sell', 110, 3), { orderId: 21, ownerId: 2, side: 'sell', type: 'limit', price: 89, qty: 3, stopPrice: 90, trigger: 'down' }).toArray();

  it('rest the limit order and hold the stop order; a fill of the limit order cancels the stop order', () => {
    const book = new OrderBook();
    expect(pair(book).map((e) => e.type)).toEqual(['accepted', 'accepted']);
    expect(run(book, limit(30, 3, 'buy', 110, 1))).toEqual([
      accepted(30, 3, 'buy', 110, 1),
      { type: 'fill', makerOrderId: 20, takerOrderId: 30, makerOwnerId: 2, takerOwnerId: 3, takerSide: 'buy', price: 110, qty: 1, makerRemaining: 2, takerRemaining: 0 },
      { type: 'cancelled', orderId: 21, ownerId: 2, side: 'sell', price: 0, remaining: 3, reason: 'oco' },
    ]);
  });

  it('cancel the limit order when the stop order fires, and both when either is cancelled', () => {
    const book = new OrderBook();
    pair(book);
    seed(book, [limit(1, 4, 'buy', 90, 5)]);
    expect(run(book, limit(2, 5, 'sell', 90, 1)).slice(2)).toEqual([
      { type: 'cancelled', orderId: 20, ownerId: 2, side: 'sell', price: 110, remaining: 3, reason: 'oco' },
      { type: 'triggered', orderId: 21, ownerId: 2, side: 'sell', price: 90 },
      { type: 'fill', makerOrderId: 1, takerOrderId: 21, makerOwnerId: 4, takerOwnerId: 2, takerSide: 'sell', price: 90, qty: 3, makerRemaining: 1, takerRemaining: 0 },
    ]);
    const other = new OrderBook();
    pair(other);
    expect(other.cancel(21).toArray().map((e) => [e.type, 'orderId' in e ? e.orderId : 0, 'reason' in e ? e.reason : ''])).toEqual([
      ['cancelled', 21, 'user'],
      ['cancelled', 20, 'oco'],
    ]);
  });

  it('are refused together when the limit order would trade at once', () => {
    const book = new OrderBook();
    seed(book, [limit(1, 4, 'buy', 120, 5)]);
    expect(pair(book)).toEqual([
      { type: 'rejected', orderId: 20, ownerId: 2, reason: 'post_only_would_cross' },
      { type: 'rejected', orderId: 21, ownerId: 2, reason: 'post_only_would_cross' },
    ]);
  });
});
