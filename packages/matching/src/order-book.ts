import { BookSide, BUY, NONE, OrderStore, SELL } from './book-side';
import { EventBatch } from './events';
import { IdIndex } from './number-table';
import type {
  CancelReason,
  DepthView,
  HeldOrder,
  LevelView,
  OrderId,
  OrderRequest,
  OwnerId,
  RejectReason,
  RestingOrder,
  Side,
  StpMode,
  TimeInForce,
} from './types';

const SIDE_NAMES: readonly Side[] = ['buy', 'sell'];

const GTC = 0;
const IOC = 1;
const FOK = 2;

const STP_NEWEST = 0;
const STP_OLDEST = 1;
const STP_BOTH = 2;
const STP_NONE = 3;

const INVALID = -1;

function sideCode(side: Side): number {
  return side === 'buy' ? BUY : side === 'sell' ? SELL : INVALID;
}

function tifCode(tif: TimeInForce): number {
  return tif === 'GTC' ? GTC : tif === 'IOC' ? IOC : tif === 'FOK' ? FOK : INVALID;
}

function stpCode(stp: StpMode): number {
  return stp === 'cancel_newest'
    ? STP_NEWEST
    : stp === 'cancel_oldest'
      ? STP_OLDEST
      : stp === 'cancel_both'
        ? STP_BOTH
        : stp === 'none'
          ? STP_NONE
          : INVALID;
}

/** What an order looks like once its request has been checked: the engine's own codes. */
interface Checked {
  side: number;
  isMarket: boolean;
  price: number;
  size: number;
  byQuote: boolean;
  /** Spending cap in quote of a market order sized in lots; 0 for none. */
  cap: number;
  tif: number;
  postOnly: boolean;
  stp: number;
}

function fill(c: Checked, side: number, isMarket: boolean, price: number, size: number, byQuote: boolean, cap: number, tif: number, postOnly: boolean, stp: number): void {
  c.side = side;
  c.isMarket = isMarket;
  c.price = price;
  c.size = size;
  c.byQuote = byQuote;
  c.cap = cap;
  c.tif = tif;
  c.postOnly = postOnly;
  c.stp = stp;
}

/** A stop order in the trigger queue, with what it runs as once it fires. */
interface Held {
  req: HeldOrder;
  seq: number;
  checked: Checked;
}

/** Finds where `entry` goes in a list kept in trigger order. */
function insertSorted(list: Held[], entry: Held, before: (a: Held, b: Held) => boolean): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(list[mid] as Held, entry)) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, entry);
}

/** Up-triggers fire lowest stop first, down-triggers highest first; equal stops in the order they came. */
const upFirst = (a: Held, b: Held) => a.req.stopPrice < b.req.stopPrice || (a.req.stopPrice === b.req.stopPrice && a.seq < b.seq);
const downFirst = (a: Held, b: Held) => a.req.stopPrice > b.req.stopPrice || (a.req.stopPrice === b.req.stopPrice && a.seq < b.seq);

function isPositiveSafeInteger(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

export interface OrderBookOptions {
  /** STP mode for orders that do not name one. Default `cancel_newest`. */
  defaultStp?: StpMode;
}

/**
 * A price-time priority limit order book for one market, with a trigger queue of stop orders
 * and one-cancels-the-other pairs.
 *
 * Every mutating call clears and returns the book's single reusable {@link EventBatch}
 * (`book.events`); read or copy it before the next call. Calls never throw on bad input —
 * they emit `rejected` — except the `restore…` calls, whose input comes from the system itself.
 * Stop orders fire in the same call as the trade that moved the last price to them.
 */
export class OrderBook {
  readonly events = new EventBatch();
  private readonly store = new OrderStore();
  private readonly sides: readonly [BookSide, BookSide] = [new BookSide(-1, this.store), new BookSide(1, this.store)];
  /** Order id → slot in `store`, for every resting order. */
  private readonly orders = new IdIndex();
  private readonly defaultStp: number;
  /** Set by `match` when self-trade prevention cancelled the incoming order. */
  private takerStpCancelled = false;
  /** Set by `match`: why a market order stopped with something left although the book had more. */
  private takerStop: CancelReason = 'market_no_liquidity';
  /** Stop orders waiting for their price, by id, and in the order each direction fires them. */
  private readonly held = new Map<OrderId, Held>();
  private readonly ups: Held[] = [];
  private readonly downs: Held[] = [];
  private heldSeq = 0;
  /** One-cancels-the-other pairs, both ways. */
  private readonly peers = new Map<OrderId, OrderId>();
  /** The price of the last trade, in ticks; what stop orders watch. */
  private last: number | undefined;

  constructor(options: OrderBookOptions = {}) {
    const stp = stpCode(options.defaultStp ?? 'cancel_newest');
    if (stp === INVALID) throw new RangeError(`unknown STP mode ${String(options.defaultStp)}`);
    this.defaultStp = stp;
  }

  /** Places an order described by a request object; see {@link OrderRequest}. */
  submit(req: OrderRequest): EventBatch {
    const events = this.events;
    events.clear();
    const checked = this.check(req);
    if (typeof checked === 'string') {
      events.rejected(req.orderId, req.ownerId, checked);
      return events;
    }
    if (req.stopPrice !== undefined || req.trigger !== undefined) {
      this.hold(req as HeldOrder, checked);
      return events;
    }
    if (checked.postOnly && this.wouldCross(checked)) {
      events.rejected(req.orderId, req.ownerId, 'post_only_would_cross');
      return events;
    }
    this.announce(req.orderId, req.ownerId, req.side, checked, 0);
    this.run(req.orderId, req.ownerId, checked);
    this.fireTriggers();
    return events;
  }

  /**
   * Places a one-cancels-the-other pair of one owner on one side: a limit order that must rest
   * (it is refused if it would trade now) and a stop order. A fill of the limit order cancels the
   * stop order; the stop order firing cancels the limit order; cancelling either cancels both.
   * If either is refused, both are, with the same reason.
   */
  submitOco(limit: OrderRequest, stop: OrderRequest): EventBatch {
    const events = this.events;
    events.clear();
    const rejectBoth = (reason: RejectReason) => {
      events.rejected(limit.orderId, limit.ownerId, reason);
      events.rejected(stop.orderId, stop.ownerId, reason);
      return events;
    };
    if (
      limit.ownerId !== stop.ownerId ||
      limit.side !== stop.side ||
      limit.type !== 'limit' ||
      limit.stopPrice !== undefined ||
      limit.trigger !== undefined ||
      (limit.tif ?? 'GTC') !== 'GTC' ||
      stop.stopPrice === undefined ||
      limit.orderId === stop.orderId
    ) {
      return rejectBoth('invalid_order');
    }
    const first = this.check(limit);
    if (typeof first === 'string') return rejectBoth(first);
    // The second check reuses the record: keep the first.
    const a = { ...first };
    const b = this.check(stop);
    if (typeof b === 'string') return rejectBoth(b);
    if (this.wouldCross(a)) return rejectBoth('post_only_would_cross');
    if (this.firesNow(stop as HeldOrder)) return rejectBoth('would_trigger_immediately');
    this.announce(limit.orderId, limit.ownerId, limit.side, a, 0);
    this.rest(limit.orderId, limit.ownerId, a.side, a.price, a.size);
    this.hold(stop as HeldOrder, b);
    this.peers.set(limit.orderId, stop.orderId);
    this.peers.set(stop.orderId, limit.orderId);
    return events;
  }

  /** Places a limit order. Positional form of `submit` for hot paths. */
  limit(
    orderId: OrderId,
    ownerId: OwnerId,
    side: Side,
    price: number,
    qty: number,
    tif: TimeInForce = 'GTC',
    postOnly = false,
    stp?: StpMode,
  ): EventBatch {
    return this.place(orderId, ownerId, side, false, price, qty, false, tif, postOnly, stp);
  }

  /** Places a market order sized in lots (IOC; or FOK, all or nothing). */
  market(orderId: OrderId, ownerId: OwnerId, side: Side, qty: number, tif: 'IOC' | 'FOK' = 'IOC', stp?: StpMode): EventBatch {
    return this.place(orderId, ownerId, side, true, 0, qty, false, tif, false, stp);
  }

  /**
   * Places a market order sized by quote amount (ticks × lots): it takes as many whole lots as
   * the remaining budget pays for, best price first; the unspent rest is cancelled.
   */
  marketByQuote(orderId: OrderId, ownerId: OwnerId, side: Side, quoteQty: number, stp?: StpMode): EventBatch {
    return this.place(orderId, ownerId, side, true, 0, quoteQty, true, 'IOC', false, stp);
  }

  /**
   * What taking `qty` lots from the other side would cost at most (ticks × lots), and how many
   * lots are there: the owner's own orders are left out, as self-trade prevention may pass them
   * by. Reads the book only; a market buy sized in lots reserves by it.
   */
  costToTake(side: Side, qty: number, ownerId: OwnerId): { lots: number; cost: number } {
    const opposite = this.sideOf(side === 'buy' ? 'sell' : 'buy');
    const store = this.store;
    let lots = 0;
    let cost = 0;
    const index = opposite.index;
    for (let c = index.first(); c !== -1 && lots < qty; c = index.next(c)) {
      const level = index.levelAt(c);
      const price = opposite.price[level] as number;
      for (let o = opposite.head[level] as number; o !== NONE && lots < qty; o = store.next[o] as number) {
        if (store.owner[o] === ownerId) continue;
        const take = Math.min(store.qty[o] as number, qty - lots);
        lots += take;
        cost += take * price;
      }
    }
    return { lots, cost };
  }

  /** Cancels a resting or held order (and its pair). With `ownerId`, an order of another owner counts as not found. */
  cancel(orderId: OrderId, ownerId?: OwnerId): EventBatch {
    const events = this.events;
    events.clear();
    const slot = this.orders.get(orderId);
    const held = this.held.get(orderId);
    const owner = slot !== NONE ? this.store.owner[slot] : held?.req.ownerId;
    if (owner === undefined || (ownerId !== undefined && owner !== ownerId)) {
      events.rejected(orderId, ownerId ?? null, 'order_not_found');
      return events;
    }
    if (slot !== NONE) this.cancelResting(slot, 'user');
    else this.dropHeld(held as Held, 'user');
    this.cancelPeer(orderId);
    return events;
  }

  /**
   * Cancels every resting order of `ownerId`, in book priority order (bids best first, then
   * asks), then its held stop orders in the order they came, so the result does not depend on
   * how the book was built. O(resting orders).
   */
  cancelAll(ownerId: OwnerId): EventBatch {
    const events = this.events;
    events.clear();
    const store = this.store;
    // Collect first: cancelling reshapes the level index the walk reads.
    const mine: number[] = [];
    for (const side of this.sides) {
      const index = side.index;
      for (let c = index.first(); c !== -1; c = index.next(c)) {
        for (let slot = side.head[index.levelAt(c)] as number; slot !== NONE; slot = store.next[slot] as number) {
          if (store.owner[slot] === ownerId) mine.push(slot);
        }
      }
    }
    const held = [...this.held.values()].filter((h) => h.req.ownerId === ownerId).sort((a, b) => a.seq - b.seq);
    // Pairs are the owner's own: every order of both goes, each once.
    for (const slot of mine) this.peers.delete(store.id[slot] as OrderId);
    for (const h of held) this.peers.delete(h.req.orderId);
    for (const slot of mine) this.cancelResting(slot, 'user');
    for (const h of held) this.dropHeld(h, 'user');
    return events;
  }

  /**
   * Rebuilds resting orders without matching and without events, e.g. from the open orders at
   * server start. Give them in their original sequence order: each joins the back of its price
   * level's queue. Throws on invalid, duplicate or crossing input, which means corrupt state.
   */
  restore(orders: Iterable<RestingOrder>): void {
    for (const o of orders) {
      const side = sideCode(o.side);
      if (side === INVALID || !isPositiveSafeInteger(o.price) || !isPositiveSafeInteger(o.qty)) {
        throw new RangeError(`restore: invalid order ${String(o.orderId)}`);
      }
      if (this.orders.get(o.orderId) !== NONE || this.held.has(o.orderId)) throw new RangeError(`restore: duplicate order id ${String(o.orderId)}`);
      const opposite = this.sides[1 - side] as BookSide;
      const best = opposite.price[opposite.best] as number;
      if (opposite.best !== NONE && (side === BUY ? best <= o.price : best >= o.price)) {
        throw new RangeError(`restore: order ${String(o.orderId)} would cross the book`);
      }
      this.rest(o.orderId, o.ownerId, side, o.price, o.qty);
    }
  }

  /** Puts a held stop order back in the trigger queue (in its original order), without events. Throws on invalid input. */
  restoreStop(order: HeldOrder): void {
    const checked = this.check(order);
    if (typeof checked === 'string' || this.held.has(order.orderId) || this.orders.get(order.orderId) !== NONE) {
      throw new RangeError(`restoreStop: invalid order ${String(order.orderId)}`);
    }
    this.enqueue(order, checked);
  }

  /** Links two restored orders of one owner as a one-cancels-the-other pair. */
  restorePair(a: OrderId, b: OrderId): void {
    const known = (id: OrderId) => this.orders.get(id) !== NONE || this.held.has(id);
    if (!known(a) || !known(b) || a === b) throw new RangeError(`restorePair: unknown orders ${String(a)}, ${String(b)}`);
    this.peers.set(a, b);
    this.peers.set(b, a);
  }

  /** The last trade price the stop orders watch, e.g. the last stored trade at server start. */
  restoreLastPrice(price: number | undefined): void {
    if (price !== undefined && !isPositiveSafeInteger(price)) throw new RangeError(`restoreLastPrice: invalid price ${price}`);
    this.last = price;
  }

  get lastPrice(): number | undefined {
    return this.last;
  }

  bestBid(): number | undefined {
    return bestPrice(this.sides[BUY]);
  }

  bestAsk(): number | undefined {
    return bestPrice(this.sides[SELL]);
  }

  /** Number of resting orders (held stop orders not included; see `heldOrders`). */
  get size(): number {
    return this.orders.size;
  }

  levelCount(side: Side): number {
    return this.sideOf(side).levelCount;
  }

  /** Aggregated resting lots at one price (0 if none). */
  qtyAt(side: Side, price: number): number {
    const s = this.sideOf(side);
    const level = isPositiveSafeInteger(price) ? s.find(price) : NONE;
    return level === NONE ? 0 : (s.qty[level] as number);
  }

  /** The best `n` levels of one side, best first. */
  levels(side: Side, n = Infinity): LevelView[] {
    const s = this.sideOf(side);
    const out: LevelView[] = [];
    for (let c = s.index.first(); c !== -1 && out.length < n; c = s.index.next(c)) {
      const l = s.index.levelAt(c);
      out.push({ price: s.price[l] as number, qty: s.qty[l] as number, orders: s.count[l] as number });
    }
    return out;
  }

  /** The best `n` levels of both sides. */
  depth(n = Infinity): DepthView {
    return { bids: this.levels('buy', n), asks: this.levels('sell', n) };
  }

  order(orderId: OrderId): RestingOrder | undefined {
    const slot = this.orders.get(orderId);
    return slot === NONE ? undefined : this.toResting(slot);
  }

  /** Whether a stop order is still waiting for its price. */
  isHeld(orderId: OrderId): boolean {
    return this.held.has(orderId);
  }

  /** All resting orders in priority order: bids best first, then asks best first. */
  openOrders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const side of this.sides) {
      for (let c = side.index.first(); c !== -1; c = side.index.next(c)) {
        for (let o = side.head[side.index.levelAt(c)] as number; o !== NONE; o = this.store.next[o] as number) out.push(this.toResting(o));
      }
    }
    return out;
  }

  /** The one-cancels-the-other pairs, each once. */
  pairs(): [OrderId, OrderId][] {
    const out: [OrderId, OrderId][] = [];
    const seen = new Set<OrderId>();
    for (const [a, b] of this.peers) {
      if (seen.has(a)) continue;
      seen.add(b);
      out.push([a, b]);
    }
    return out;
  }

  /** Held stop orders in the order they came. */
  heldOrders(): HeldOrder[] {
    return [...this.held.values()].sort((a, b) => a.seq - b.seq).map((h) => h.req);
  }

  /** Test hook: throws if any internal structure is inconsistent or the book is crossed. */
  checkInvariants(): void {
    this.sides[BUY].checkInvariants();
    this.sides[SELL].checkInvariants();
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid !== undefined && ask !== undefined && bid >= ask) throw new Error(`crossed book: ${bid} >= ${ask}`);
    let resting = 0;
    for (const side of this.sides) {
      for (let c = side.index.first(); c !== -1; c = side.index.next(c)) resting += side.count[side.index.levelAt(c)] as number;
    }
    if (resting !== this.orders.size) throw new Error('order map differs from levels');
    if (this.ups.length + this.downs.length !== this.held.size) throw new Error('trigger queues differ from held orders');
    for (const [a, b] of this.peers) {
      if (this.peers.get(b) !== a) throw new Error(`pair ${String(a)} is one-sided`);
      if (this.orders.get(a) === NONE && !this.held.has(a)) throw new Error(`pair ${String(a)} is gone`);
    }
  }

  private sideOf(side: Side): BookSide {
    const code = sideCode(side);
    if (code === INVALID) throw new RangeError(`unknown side ${String(side)}`);
    return this.sides[code] as BookSide;
  }

  /** What `check` fills in: one record reused by every call (a held order keeps a copy). */
  private readonly checked: Checked = { side: BUY, isMarket: false, price: 0, size: 0, byQuote: false, cap: 0, tif: GTC, postOnly: false, stp: STP_NEWEST };

  /** Validates a request into the engine's codes (in the reused `checked` record), or names why it is refused. Changes nothing else. */
  private check(req: OrderRequest): Checked | RejectReason {
    const stp = req.stp === undefined ? this.defaultStp : stpCode(req.stp);
    const side = sideCode(req.side);
    const isStop = req.stopPrice !== undefined || req.trigger !== undefined;
    if (side === INVALID || stp === INVALID) return 'invalid_order';
    if (isStop && ((req.trigger !== 'up' && req.trigger !== 'down') || req.postOnly === true)) return 'invalid_order';
    const checked = this.checked;
    if (req.type === 'limit') {
      const tif = req.tif === undefined ? GTC : tifCode(req.tif);
      if (tif === INVALID || req.quoteQty !== undefined || (req.postOnly === true && tif !== GTC)) return 'invalid_order';
      if (!isPositiveSafeInteger(req.price ?? NaN)) return 'invalid_price';
      if (!isPositiveSafeInteger(req.qty ?? NaN)) return 'invalid_quantity';
      fill(checked, side, false, req.price as number, req.qty as number, false, 0, tif, req.postOnly === true, stp);
    } else if (req.type === 'market') {
      const tif = req.tif === undefined ? IOC : tifCode(req.tif);
      const byQuote = req.qty === undefined;
      const capped = !byQuote && req.quoteQty !== undefined;
      if (tif === INVALID || tif === GTC || req.price !== undefined || req.postOnly === true) return 'invalid_order';
      if (byQuote && req.quoteQty === undefined) return 'invalid_order';
      if ((byQuote || capped) && tif === FOK) return 'invalid_order';
      const size = byQuote ? req.quoteQty : req.qty;
      if (!isPositiveSafeInteger(size ?? NaN) || (capped && !isPositiveSafeInteger(req.quoteQty ?? NaN))) return 'invalid_quantity';
      fill(checked, side, true, 0, size as number, byQuote, capped ? (req.quoteQty as number) : 0, tif, false, stp);
    } else {
      return 'invalid_order';
    }
    if (isStop && !isPositiveSafeInteger(req.stopPrice ?? NaN)) return 'invalid_price';
    if (this.orders.get(req.orderId) !== NONE || this.held.has(req.orderId)) return 'duplicate_order_id';
    if (isStop && this.firesNow(req as HeldOrder)) return 'would_trigger_immediately';
    return checked;
  }

  /** Whether a stop order's price has already been reached by the last trade. */
  private firesNow(req: HeldOrder): boolean {
    const last = this.last;
    return last !== undefined && (req.trigger === 'up' ? last >= req.stopPrice : last <= req.stopPrice);
  }

  /** Whether a limit order would trade on arrival (its price reaches the best opposite price). */
  private wouldCross(c: Checked): boolean {
    const opposite = this.sides[1 - c.side] as BookSide;
    const limitKey = c.side === BUY ? c.price : -c.price;
    return opposite.best !== NONE && (opposite.key[opposite.best] as number) <= limitKey;
  }

  private announce(orderId: OrderId, ownerId: OwnerId, sideName: Side, c: Checked, stopPrice: number): void {
    this.events.accepted(
      orderId,
      ownerId,
      sideName,
      c.isMarket ? 'market' : 'limit',
      c.price,
      c.byQuote ? 0 : c.size,
      c.byQuote ? c.size : c.cap,
      stopPrice,
    );
  }

  private hold(req: HeldOrder, c: Checked): void {
    this.announce(req.orderId, req.ownerId, req.side, c, req.stopPrice);
    this.enqueue(req, c);
  }

  private enqueue(req: HeldOrder, c: Checked): void {
    const entry: Held = { req: { ...req }, seq: ++this.heldSeq, checked: { ...c } };
    this.held.set(req.orderId, entry);
    if (req.trigger === 'up') insertSorted(this.ups, entry, upFirst);
    else insertSorted(this.downs, entry, downFirst);
  }

  /** Takes a held order out of the queue, with a `cancelled` event. */
  private dropHeld(h: Held, reason: CancelReason): void {
    this.unqueue(h);
    this.events.cancelled(h.req.orderId, h.req.ownerId, h.req.side, 0, h.checked.size, reason);
  }

  private unqueue(h: Held): void {
    this.held.delete(h.req.orderId);
    const list = h.req.trigger === 'up' ? this.ups : this.downs;
    list.splice(list.indexOf(h), 1);
  }

  /** Cancels the other order of a pair whose first order filled, fired or was cancelled. */
  private cancelPeer(orderId: OrderId): void {
    const peer = this.peers.get(orderId);
    if (peer === undefined) return;
    this.peers.delete(orderId);
    this.peers.delete(peer);
    const slot = this.orders.get(peer);
    if (slot !== NONE) this.cancelResting(slot, 'oco');
    else {
      const h = this.held.get(peer);
      if (h) this.dropHeld(h, 'oco');
    }
  }

  /**
   * Fires every held order the last price has reached, one at a time (the earliest placed first
   * when both directions are due), each running as a new order whose trades may fire more.
   */
  private fireTriggers(): void {
    for (;;) {
      const last = this.last;
      if (last === undefined) return;
      const up = this.ups[0];
      const down = this.downs[0];
      const upDue = up !== undefined && up.req.stopPrice <= last;
      const downDue = down !== undefined && down.req.stopPrice >= last;
      if (!upDue && !downDue) return;
      const h = (upDue && downDue ? ((up as Held).seq < (down as Held).seq ? up : down) : upDue ? up : down) as Held;
      this.unqueue(h);
      this.cancelPeer(h.req.orderId);
      this.events.triggered(h.req.orderId, h.req.ownerId, h.req.side, h.req.stopPrice);
      this.run(h.req.orderId, h.req.ownerId, h.checked);
    }
  }

  /** The positional calls' request, reused so that the hot path allocates nothing. */
  private readonly positional: OrderRequest = { orderId: 0, ownerId: 0, side: 'buy', type: 'limit' };

  private place(
    orderId: OrderId,
    ownerId: OwnerId,
    side: Side,
    isMarket: boolean,
    price: number,
    /** Lots, or quote when `byQuote`. */
    size: number,
    byQuote: boolean,
    tif: TimeInForce,
    postOnly: boolean,
    stp: StpMode | undefined,
  ): EventBatch {
    const r = this.positional;
    r.orderId = orderId;
    r.ownerId = ownerId;
    r.side = side;
    r.type = isMarket ? 'market' : 'limit';
    r.price = isMarket ? undefined : price;
    r.qty = byQuote ? undefined : size;
    r.quoteQty = byQuote ? size : undefined;
    r.tif = tif;
    r.postOnly = postOnly;
    r.stp = stp;
    return this.submit(r);
  }

  /** Matches a checked, announced order and rests, or cancels, what is left. */
  private run(orderId: OrderId, ownerId: OwnerId, c: Checked): void {
    const events = this.events;
    const sideName = SIDE_NAMES[c.side] as Side;
    // The taker crosses an opposite level whose key is ≤ limitKey (see BookSide.key).
    const limitKey = c.isMarket ? Infinity : c.side === BUY ? c.price : -c.price;
    if (c.tif === FOK && !this.canFill(ownerId, c.side, limitKey, c.size, c.stp)) {
      events.cancelled(orderId, ownerId, sideName, c.price, c.size, 'fok_unfillable');
      return;
    }
    const remaining = this.match(orderId, ownerId, c.side, sideName, limitKey, c.size, c.byQuote, c.cap, c.stp);
    if (remaining === 0) return;
    if (this.takerStpCancelled) {
      events.cancelled(orderId, ownerId, sideName, c.price, remaining, 'stp');
    } else if (c.isMarket) {
      events.cancelled(orderId, ownerId, sideName, c.price, remaining, this.takerStop);
    } else if (c.tif === GTC) {
      this.rest(orderId, ownerId, c.side, c.price, remaining);
    } else {
      // FOK never gets here: canFill guaranteed a full fill.
      events.cancelled(orderId, ownerId, sideName, c.price, remaining, 'ioc_remainder');
    }
  }

  /**
   * Trades the incoming order against the opposite side, best price then oldest first, while
   * it has something left and the best opposite price is within `limitKey`. The order always
   * trades with the head of the best opposite level: each step either empties that head or
   * ends the loop. Returns what is left, in lots or (byQuote) in quote.
   */
  private match(
    takerId: OrderId,
    takerOwner: OwnerId,
    side: number,
    sideName: Side,
    limitKey: number,
    size: number,
    byQuote: boolean,
    cap: number,
    stp: number,
  ): number {
    const opposite = this.sides[1 - side] as BookSide;
    const store = this.store;
    const events = this.events;
    let remaining = size;
    let budget = cap;
    this.takerStpCancelled = false;
    this.takerStop = 'market_no_liquidity';
    for (;;) {
      const level = opposite.best;
      if (level === NONE || (opposite.key[level] as number) > limitKey) break;
      const maker = opposite.head[level] as number;
      const price = opposite.price[level] as number;
      const makerQty = store.qty[maker] as number;
      let qty = makerQty;
      if (byQuote || cap > 0) {
        // Exact: for safe integers a / b never rounds up to the next integer.
        const affordable = Math.floor((byQuote ? remaining : budget) / price);
        if (affordable === 0) {
          this.takerStop = byQuote ? 'dust' : 'quote_cap';
          break;
        }
        if (affordable < qty) qty = affordable;
      }
      if (!byQuote && remaining < qty) qty = remaining;
      const makerOwner = store.owner[maker] as OwnerId;
      if (makerOwner === takerOwner && stp !== STP_NONE) {
        if (stp !== STP_NEWEST) {
          const makerId = store.id[maker] as OrderId;
          this.cancelResting(maker, 'stp');
          this.cancelPeer(makerId);
        }
        if (stp === STP_OLDEST) continue;
        this.takerStpCancelled = true;
        break;
      }
      const makerLeft = makerQty - qty;
      store.qty[maker] = makerLeft;
      opposite.qty[level] = (opposite.qty[level] as number) - qty;
      remaining -= byQuote ? qty * price : qty;
      if (cap > 0) budget -= qty * price;
      this.last = price;
      const makerId = store.id[maker] as OrderId;
      events.fill(makerId, takerId, makerOwner, takerOwner, sideName, price, qty, makerLeft, remaining);
      if (makerLeft === 0) {
        this.orders.delete(makerId);
        opposite.unlink(maker);
        store.release(maker);
      }
      // A fill of one order of a pair ends the other.
      this.cancelPeer(makerId);
      if (remaining === 0) break;
    }
    return remaining;
  }

  /** Whether a FOK order of `qty` lots would fill completely, walking the book read-only. */
  private canFill(takerOwner: OwnerId, side: number, limitKey: number, qty: number, stp: number): boolean {
    const opposite = this.sides[1 - side] as BookSide;
    const store = this.store;
    let needed = qty;
    const index = opposite.index;
    for (let c = index.first(); c !== -1; c = index.next(c)) {
      const level = index.levelAt(c);
      if ((opposite.key[level] as number) > limitKey) break;
      for (let maker = opposite.head[level] as number; maker !== NONE; maker = store.next[maker] as number) {
        if (store.owner[maker] === takerOwner && stp !== STP_NONE) {
          // cancel_oldest removes the maker and trading goes on; otherwise the taker stops here.
          if (stp === STP_OLDEST) continue;
          return false;
        }
        needed -= store.qty[maker] as number;
        if (needed <= 0) return true;
      }
    }
    return false;
  }

  private rest(orderId: OrderId, ownerId: OwnerId, side: number, price: number, qty: number): void {
    const slot = this.store.alloc(orderId, ownerId, side, price, qty);
    (this.sides[side] as BookSide).append(slot);
    this.orders.insert(orderId, slot);
  }

  /** Emits `cancelled` for a resting order and removes it. */
  private cancelResting(slot: number, reason: 'user' | 'stp' | 'oco'): void {
    const store = this.store;
    const side = this.sides[store.side[slot] as number] as BookSide;
    const qty = store.qty[slot] as number;
    const orderId = store.id[slot] as OrderId;
    this.events.cancelled(orderId, store.owner[slot] as OwnerId, SIDE_NAMES[store.side[slot] as number] as Side, store.price[slot] as number, qty, reason);
    const level = store.level[slot] as number;
    side.qty[level] = (side.qty[level] as number) - qty;
    this.orders.delete(orderId);
    side.unlink(slot);
    store.release(slot);
  }

  private toResting(slot: number): RestingOrder {
    const s = this.store;
    return {
      orderId: s.id[slot] as OrderId,
      ownerId: s.owner[slot] as OwnerId,
      side: SIDE_NAMES[s.side[slot] as number] as Side,
      price: s.price[slot] as number,
      qty: s.qty[slot] as number,
    };
  }
}

function bestPrice(side: BookSide): number | undefined {
  return side.best === NONE ? undefined : side.price[side.best];
}
