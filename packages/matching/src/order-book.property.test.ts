import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import { ReferenceBook } from './reference';
import type { BookEvent, OrderId, OrderRequest } from './types';

type Command =
  | { kind: 'submit'; req: OrderRequest }
  | { kind: 'oco'; limit: OrderRequest; stop: OrderRequest }
  | { kind: 'cancel'; orderId: number; ownerId?: number }
  | { kind: 'cancelAll'; ownerId: number };

// Small ranges so orders collide: same prices, same owners (STP), reused ids (duplicates).
const ownerId = fc.integer({ min: 1, max: 3 });
const side = fc.constantFrom('buy' as const, 'sell' as const);
const qty = fc.integer({ min: 1, max: 8 });
const stp = fc.option(fc.constantFrom('cancel_newest' as const, 'cancel_oldest' as const, 'cancel_both' as const, 'none' as const), { nil: undefined });
const trigger = fc.constantFrom('up' as const, 'down' as const);

/** `price` turns a side and a drawn number into a limit price. */
function commandsWith(
  orderId: fc.Arbitrary<number>,
  priceDraw: fc.Arbitrary<number>,
  price: (side: 'buy' | 'sell', n: number) => number,
  maxLength: number,
): fc.Arbitrary<Command[]> {
  const limitCmd = fc
    .record({
      orderId,
      ownerId,
      side,
      n: priceDraw,
      qty,
      tif: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
      postOnly: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
      stp,
    })
    .map(({ postOnly, tif, n, ...r }): Command => ({
      kind: 'submit',
      req: { ...r, price: price(r.side, n), type: 'limit', tif: postOnly ? 'GTC' : tif, postOnly },
    }));
  const marketCmd = fc
    .record({ orderId, ownerId, side, qty: fc.integer({ min: 1, max: 20 }), fok: fc.boolean(), stp })
    .map(({ fok, ...r }): Command => ({ kind: 'submit', req: { ...r, type: 'market', ...(fok ? { tif: 'FOK' as const } : {}) } }));
  const quoteCmd = fc
    .record({ orderId, ownerId, side, quoteQty: fc.integer({ min: 1, max: 2000 }), stp })
    .map((r): Command => ({ kind: 'submit', req: { ...r, type: 'market' } }));
  // A market order in lots with a spending cap: what a stop-market buy in lots runs as.
  const cappedCmd = fc
    .record({ orderId, ownerId, side, qty: fc.integer({ min: 1, max: 20 }), quoteQty: fc.integer({ min: 1, max: 2000 }), stp })
    .map((r): Command => ({ kind: 'submit', req: { ...r, type: 'market' } }));
  // Stop-limit and stop-market orders around the traded prices, fired by later trades.
  const stopCmd = fc
    .record({ orderId, ownerId, side, n: priceDraw, stopN: priceDraw, qty, trigger, market: fc.integer({ min: 0, max: 3 }).map((m) => m === 0), tif: fc.constantFrom('GTC' as const, 'IOC' as const, 'FOK' as const), stp })
    .map(({ n, stopN, market, tif, ...r }): Command => ({
      kind: 'submit',
      req: market
        ? { ...r, type: 'market', stopPrice: price(r.side, stopN) }
        : { ...r, type: 'limit', price: price(r.side, n), stopPrice: price(r.side, stopN), tif },
    }));
  const ocoCmd = fc
    .record({ a: orderId, b: orderId, ownerId, side, n: priceDraw, stopN: priceDraw, limitN: priceDraw, qty, trigger, stp })
    .map(({ a, b, n, stopN, limitN, trigger: t, ...r }): Command => ({
      kind: 'oco',
      limit: { ...r, orderId: a, type: 'limit', price: price(r.side, n) },
      stop: { ...r, orderId: b, type: 'limit', price: price(r.side, limitN), stopPrice: price(r.side, stopN), trigger: t },
    }));
  const cancelCmd = fc
    .record({ orderId, ownerId: fc.option(ownerId, { nil: undefined }) })
    .map(({ orderId: id, ownerId: owner }): Command => (owner === undefined ? { kind: 'cancel', orderId: id } : { kind: 'cancel', orderId: id, ownerId: owner }));
  const command = fc.oneof(
    { arbitrary: limitCmd, weight: 10 },
    { arbitrary: marketCmd, weight: 2 },
    { arbitrary: quoteCmd, weight: 2 },
    { arbitrary: cappedCmd, weight: 1 },
    { arbitrary: stopCmd, weight: 4 },
    { arbitrary: ocoCmd, weight: 2 },
    { arbitrary: cancelCmd, weight: 4 },
    { arbitrary: ownerId.map((o): Command => ({ kind: 'cancelAll', ownerId: o })), weight: 1 },
  );
  return fc.array(command, { minLength: 1, maxLength, size: 'max' });
}

const commands = commandsWith(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 95, max: 105 }), (_, n) => n, 120);
// Bids below 5000 and asks above, a few crossing, many levels, some exactly 1024 ticks apart:
// exercises index chunk splits and price-cache collisions.
const wideCommands = commandsWith(
  fc.integer({ min: 1, max: 400 }),
  fc.tuple(fc.integer({ min: -6, max: 60 }), fc.integer({ min: 0, max: 2 })).map(([tick, page]) => tick + page * 1024),
  (s, n) => (s === 'buy' ? 5000 - n : 5000 + n),
  300,
);
const defaultStp = fc.constantFrom('cancel_newest' as const, 'cancel_oldest' as const, 'cancel_both' as const, 'none' as const);

function apply(book: OrderBook, cmd: Command): BookEvent[] {
  switch (cmd.kind) {
    case 'submit':
      return book.submit(cmd.req).toArray();
    case 'oco':
      return book.submitOco(cmd.limit, cmd.stop).toArray();
    case 'cancel':
      return book.cancel(cmd.orderId, cmd.ownerId).toArray();
    case 'cancelAll':
      return book.cancelAll(cmd.ownerId).toArray();
  }
}

function applyRef(book: ReferenceBook, cmd: Command): BookEvent[] {
  switch (cmd.kind) {
    case 'submit':
      return book.submit(cmd.req);
    case 'oco':
      return book.submitOco(cmd.limit, cmd.stop);
    case 'cancel':
      return book.cancel(cmd.orderId, cmd.ownerId);
    case 'cancelAll':
      return book.cancelAll(cmd.ownerId);
  }
}

/** Runs command sequences on the book and on the reference: the same events after every command, the same book at the end. */
function agreesWithReference(sequences: fc.Arbitrary<Command[]>, numRuns: number): void {
  fc.assert(
    fc.property(defaultStp, sequences, (mode, cmds) => {
      const book = new OrderBook({ defaultStp: mode });
      const ref = new ReferenceBook(mode);
      for (const cmd of cmds) {
        expect(apply(book, cmd)).toEqual(applyRef(ref, cmd));
        book.checkInvariants();
      }
      expect(book.openOrders()).toEqual(ref.openOrders());
      expect(book.heldOrders()).toEqual(ref.heldOrders());
      expect(book.lastPrice).toBe(ref.lastPrice);
      expect(book.depth()).toEqual(ref.depth());
    }),
    { numRuns },
  );
}

describe('OrderBook against the reference book', () => {
  it('emits the same events after every command and ends with the same book', () => {
    agreesWithReference(commands, 1000);
  });

  it('agrees with the reference on books with many, spread-out levels', () => {
    agreesWithReference(wideCommands, 150);
  });

  it('a book restored from the open orders, held stops, pairs and last price behaves exactly like the original', () => {
    fc.assert(
      fc.property(commands, commands, (before, after) => {
        const book = new OrderBook();
        for (const cmd of before) apply(book, cmd);
        const restored = new OrderBook();
        restored.restore(book.openOrders());
        for (const held of book.heldOrders()) restored.restoreStop(held);
        for (const [a, b] of book.pairs()) restored.restorePair(a, b);
        restored.restoreLastPrice(book.lastPrice);
        expect(restored.openOrders()).toEqual(book.openOrders());
        for (const cmd of after) expect(apply(restored, cmd)).toEqual(apply(book, cmd));
        expect(restored.openOrders()).toEqual(book.openOrders());
      }),
      { numRuns: 200 },
    );
  });
});

describe('OrderBook invariants', () => {
  it('never leaves the book crossed', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        const book = new OrderBook();
        for (const cmd of cmds) {
          apply(book, cmd);
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('conserves quantity: every order size = filled + cancelled + resting', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        const book = new OrderBook();
        // Per live-or-finished order instance, in the unit it was sized in (lots or quote).
        interface Tally { size: number; byQuote: boolean; filled: number; cancelled: number }
        const finished: Tally[] = [];
        const open = new Map<OrderId, Tally>();
        const close = (id: OrderId): void => {
          const t = open.get(id);
          if (t !== undefined) finished.push(t);
          open.delete(id);
        };
        for (const cmd of cmds) {
          for (const e of apply(book, cmd)) {
            if (e.type === 'accepted') {
              open.set(e.orderId, { size: e.qty || e.quoteQty, byQuote: e.qty === 0, filled: 0, cancelled: 0 });
            } else if (e.type === 'fill') {
              const maker = open.get(e.makerOrderId) as Tally;
              const taker = open.get(e.takerOrderId) as Tally;
              maker.filled += e.qty;
              taker.filled += taker.byQuote ? e.qty * e.price : e.qty;
              expect(maker.size - maker.filled).toBe(e.makerRemaining);
              expect(taker.size - taker.filled).toBe(e.takerRemaining);
              if (e.makerRemaining === 0) close(e.makerOrderId);
            } else if (e.type === 'cancelled') {
              const t = open.get(e.orderId) as Tally;
              t.cancelled += e.remaining;
              close(e.orderId);
            }
          }
          // Takers that neither rest, wait nor got cancelled were filled completely.
          for (const id of open.keys()) if (book.order(id) === undefined && !book.isHeld(id)) close(id);
        }
        const resting = new Map<OrderId, number>(book.openOrders().map((o) => [o.orderId, o.qty]));
        for (const held of book.heldOrders()) resting.set(held.orderId, held.qty ?? held.quoteQty ?? NaN);
        for (const t of finished) expect(t.filled + t.cancelled).toBe(t.size);
        expect(open.size).toBe(resting.size);
        for (const [id, t] of open) expect(t.filled + t.cancelled + (resting.get(id) ?? NaN)).toBe(t.size);
      }),
      { numRuns: 300 },
    );
  });
});
