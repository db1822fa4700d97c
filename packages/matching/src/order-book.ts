import { BookSide, BUY, NONE, OrderStore, SELL } from './book-side';
import { EventBatch } from './events';
import { IdIndex } from './number-table';
import type {
  DepthView,
  LevelView,
  OrderId,
  OrderRequest,
  OwnerId,
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
        : INVALID;
}

function isPositiveSafeInteger(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

export interface OrderBookOptions {
  /** STP mode for orders that do not name one. Default `cancel_newest`. */
  defaultStp?: StpMode;
}

/**
 * A price-time priority limit order book for one market.
 *
 * Every mutating call clears and returns the book's single reusable {@link EventBatch}
 * (`book.events`); read or copy it before the next call. Calls never throw on bad input —
 * they emit `rejected` — except `restore`, whose input comes from the system itself.
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

  constructor(options: OrderBookOptions = {}) {
    const stp = stpCode(options.defaultStp ?? 'cancel_newest');
    if (stp === INVALID) throw new RangeError(`unknown STP mode ${String(options.defaultStp)}`);
    this.defaultStp = stp;
  }

  /** Places an order described by a request object; see {@link OrderRequest}. */
  submit(req: OrderRequest): EventBatch {
    const stp = req.stp === undefined ? this.defaultStp : stpCode(req.stp);
    if (req.type === 'limit') {
      const tif = req.tif === undefined ? GTC : tifCode(req.tif);
      if (req.quoteQty !== undefined) return this.reject(req.orderId, req.ownerId, 'invalid_order');
      return this.place(req.orderId, req.ownerId, req.side, false, req.price ?? NaN, req.qty ?? NaN, false, tif, req.postOnly === true, stp);
    }
    if (req.type === 'market') {
      const tif = req.tif === undefined ? IOC : tifCode(req.tif);
      if (req.price !== undefined || req.postOnly === true) return this.reject(req.orderId, req.ownerId, 'invalid_order');
      const byQuote = req.quoteQty !== undefined;
      if (byQuote === (req.qty !== undefined)) return this.reject(req.orderId, req.ownerId, 'invalid_order');
      const size = byQuote ? req.quoteQty : req.qty;
      return this.place(req.orderId, req.ownerId, req.side, true, 0, size ?? NaN, byQuote, tif, false, stp);
    }
    return this.reject(req.orderId, req.ownerId, 'invalid_order');
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
    return this.place(orderId, ownerId, side, false, price, qty, false, tifCode(tif), postOnly, stp === undefined ? this.defaultStp : stpCode(stp));
  }

  /** Places a market order sized in lots (IOC; or FOK, all or nothing). */
  market(orderId: OrderId, ownerId: OwnerId, side: Side, qty: number, tif: 'IOC' | 'FOK' = 'IOC', stp?: StpMode): EventBatch {
    return this.place(orderId, ownerId, side, true, 0, qty, false, tifCode(tif), false, stp === undefined ? this.defaultStp : stpCode(stp));
  }

  /**
   * Places a market order sized by quote amount (ticks × lots): it takes as many whole lots as
   * the remaining budget pays for, best price first; the unspent rest is cancelled.
   */
  marketByQuote(orderId: OrderId, ownerId: OwnerId, side: Side, quoteQty: number, stp?: StpMode): EventBatch {
    return this.place(orderId, ownerId, side, true, 0, quoteQty, true, IOC, false, stp === undefined ? this.defaultStp : stpCode(stp));
  }

  /** Cancels a resting order. With `ownerId`, an order of another owner counts as not found. */
  cancel(orderId: OrderId, ownerId?: OwnerId): EventBatch {
    const events = this.events;
    events.clear();
    const slot = this.orders.get(orderId);
    if (slot === NONE || (ownerId !== undefined && this.store.owner[slot] !== ownerId)) {
      events.rejected(orderId, ownerId ?? null, 'order_not_found');
      return events;
    }
    this.cancelResting(slot, 'user');
    return events;
  }

  /**
   * Cancels every resting order of `ownerId`, in book priority order (bids best first, then
   * asks), so the result does not depend on how the book was built. O(resting orders).
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
    for (const slot of mine) this.cancelResting(slot, 'user');
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
      if (this.orders.get(o.orderId) !== NONE) throw new RangeError(`restore: duplicate order id ${String(o.orderId)}`);
      const opposite = this.sides[1 - side] as BookSide;
      const best = opposite.price[opposite.best] as number;
      if (opposite.best !== NONE && (side === BUY ? best <= o.price : best >= o.price)) {
        throw new RangeError(`restore: order ${String(o.orderId)} would cross the book`);
      }
      this.rest(o.orderId, o.ownerId, side, o.price, o.qty);
    }
  }

  bestBid(): number | undefined {
    return bestPrice(this.sides[BUY]);
  }

  bestAsk(): number | undefined {
    return bestPrice(this.sides[SELL]);
  }

  /** Number of resting orders. */
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
  }

  private sideOf(side: Side): BookSide {
    const code = sideCode(side);
    if (code === INVALID) throw new RangeError(`unknown side ${String(side)}`);
    return this.sides[code] as BookSide;
  }

  private reject(orderId: OrderId, ownerId: OwnerId, reason: 'invalid_order'): EventBatch {
    const events = this.events;
    events.clear();
    events.rejected(orderId, ownerId, reason);
    return events;
  }

  private place(
    orderId: OrderId,
    ownerId: OwnerId,
    sideName: Side,
    isMarket: boolean,
    price: number,
    /** Lots, or quote when `byQuote`. */
    size: number,
    byQuote: boolean,
    tif: number,
    postOnly: boolean,
    stp: number,
  ): EventBatch {
    const events = this.events;
    events.clear();
    const side = sideCode(sideName);
    if (side === INVALID || tif === INVALID || stp === INVALID) {
      events.rejected(orderId, ownerId, 'invalid_order');
      return events;
    }
    if (isMarket) {
      if (tif === GTC || (byQuote && tif === FOK)) {
        events.rejected(orderId, ownerId, 'invalid_order');
        return events;
      }
      if (!isPositiveSafeInteger(size)) {
        events.rejected(orderId, ownerId, 'invalid_quantity');
        return events;
      }
    } else {
      if (postOnly && tif !== GTC) {
        events.rejected(orderId, ownerId, 'invalid_order');
        return events;
      }
      if (!isPositiveSafeInteger(price)) {
        events.rejected(orderId, ownerId, 'invalid_price');
        return events;
      }
      if (!isPositiveSafeInteger(size)) {
        events.rejected(orderId, ownerId, 'invalid_quantity');
        return events;
      }
    }
    if (this.orders.get(orderId) !== NONE) {
      events.rejected(orderId, ownerId, 'duplicate_order_id');
      return events;
    }
    // The taker crosses an opposite level whose key is ≤ limitKey (see BookSide.key).
    const limitKey = isMarket ? Infinity : side === BUY ? price : -price;
    if (postOnly) {
      const opposite = this.sides[1 - side] as BookSide;
      if (opposite.best !== NONE && (opposite.key[opposite.best] as number) <= limitKey) {
        events.rejected(orderId, ownerId, 'post_only_would_cross');
        return events;
      }
    }
    events.accepted(orderId, ownerId, sideName, isMarket ? 'market' : 'limit', price, byQuote ? 0 : size, byQuote ? size : 0);
    if (tif === FOK && !this.canFill(ownerId, side, limitKey, size, stp)) {
      events.cancelled(orderId, ownerId, sideName, price, size, 'fok_unfillable');
      return events;
    }
    const remaining = this.match(orderId, ownerId, side, sideName, limitKey, size, byQuote, stp);
    if (remaining === 0) return events;
    if (this.takerStpCancelled) {
      events.cancelled(orderId, ownerId, sideName, price, remaining, 'stp');
    } else if (isMarket) {
      events.cancelled(orderId, ownerId, sideName, price, remaining, 'market_no_liquidity');
    } else if (tif === GTC) {
      this.rest(orderId, ownerId, side, price, remaining);
    } else {
      // FOK never gets here: canFill guaranteed a full fill.
      events.cancelled(orderId, ownerId, sideName, price, remaining, 'ioc_remainder');
    }
    return events;
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
    stp: number,
  ): number {
    const opposite = this.sides[1 - side] as BookSide;
    const store = this.store;
    const events = this.events;
    let remaining = size;
    this.takerStpCancelled = false;
    for (;;) {
      const level = opposite.best;
      if (level === NONE || (opposite.key[level] as number) > limitKey) break;
      const maker = opposite.head[level] as number;
      const price = opposite.price[level] as number;
      const makerQty = store.qty[maker] as number;
      let qty = makerQty;
      if (byQuote) {
        // Exact: for safe integers a / b never rounds up to the next integer.
        const affordable = Math.floor(remaining / price);
        if (affordable === 0) break;
        if (affordable < qty) qty = affordable;
      } else if (remaining < qty) {
        qty = remaining;
      }
      const makerOwner = store.owner[maker] as OwnerId;
      if (makerOwner === takerOwner) {
        if (stp !== STP_NEWEST) this.cancelResting(maker, 'stp');
        if (stp === STP_OLDEST) continue;
        this.takerStpCancelled = true;
        break;
      }
      const makerLeft = makerQty - qty;
      store.qty[maker] = makerLeft;
      opposite.qty[level] = (opposite.qty[level] as number) - qty;
      remaining -= byQuote ? qty * price : qty;
      const makerId = store.id[maker] as OrderId;
      events.fill(makerId, takerId, makerOwner, takerOwner, sideName, price, qty, makerLeft, remaining);
      if (makerLeft === 0) {
        this.orders.delete(makerId);
        opposite.unlink(maker);
        store.release(maker);
      }
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
        if (store.owner[maker] === takerOwner) {
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
  private cancelResting(slot: number, reason: 'user' | 'stp'): void {
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
