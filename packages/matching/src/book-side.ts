/**
 * Storage for orders and price levels.
 *
 * Everything the matching loop touches lives in typed arrays indexed by slot number (0 means
 * "none"), not in objects: a book of a million orders is a handful of arrays, so inserting,
 * filling and cancelling allocate nothing and the garbage collector has nothing to trace.
 * Freed slots are reused through free lists; arrays double when full.
 */
import { LevelIndex } from './level-index';
import type { OrderId, OwnerId } from './types';

export const BUY = 0;
export const SELL = 1;
export const NONE = 0;
const CACHE = 1024;

/** Resting orders. Each is a node of its price level's FIFO queue (prev/next). */
export class OrderStore {
  id: OrderId[] = [0];
  owner: OwnerId[] = [0];
  side: Uint8Array;
  price: Float64Array;
  /** Remaining lots. */
  qty: Float64Array;
  level: Int32Array;
  prev: Int32Array;
  next: Int32Array;
  private top = 1;
  private free = NONE;

  constructor(capacity = 1024) {
    this.side = new Uint8Array(capacity);
    this.price = new Float64Array(capacity);
    this.qty = new Float64Array(capacity);
    this.level = new Int32Array(capacity);
    this.prev = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
  }

  /** A free slot. May replace the typed arrays: re-read them after calling. */
  alloc(orderId: OrderId, ownerId: OwnerId, side: number, price: number, qty: number): number {
    let slot = this.free;
    if (slot !== NONE) {
      this.free = this.next[slot] as number;
    } else {
      slot = this.top++;
      if (slot === this.qty.length) this.grow();
    }
    this.id[slot] = orderId;
    this.owner[slot] = ownerId;
    this.side[slot] = side;
    this.price[slot] = price;
    this.qty[slot] = qty;
    return slot;
  }

  release(slot: number): void {
    this.next[slot] = this.free;
    this.free = slot;
  }

  private grow(): void {
    const n = this.qty.length * 2;
    this.side = grown(this.side, new Uint8Array(n));
    this.price = grown(this.price, new Float64Array(n));
    this.qty = grown(this.qty, new Float64Array(n));
    this.level = grown(this.level, new Int32Array(n));
    this.prev = grown(this.prev, new Int32Array(n));
    this.next = grown(this.next, new Int32Array(n));
  }
}

function grown<T extends Uint8Array | Int32Array | Float64Array>(from: T, to: T): T {
  // Same element type on both sides; TypeScript cannot see that through the union.
  to.set(from as never);
  return to;
}

/**
 * One side of a book. Each price level is a FIFO queue of orders (head/tail). A sorted index
 * (LevelIndex) keeps the levels in price order, best first: O(1) for the best, O(log levels)
 * to find, add or remove a level.
 */
export class BookSide {
  /** Best level, or NONE. */
  best = NONE;
  levelCount = 0;

  // Level slots.
  price: Float64Array;
  /** Sort key, ascending from the best price: the price for asks, minus the price for bids. */
  key: Float64Array;
  /** Sum of the remaining lots at this level. */
  qty: Float64Array;
  count: Int32Array;
  head: Int32Array;
  tail: Int32Array;
  private top = 1;
  private free = NONE;
  readonly index = new LevelIndex();
  /**
   * A direct-mapped cache of price → level by the price's low bits (0 = empty). Prices near the
   * spread are consecutive ticks, so they rarely evict each other and most lookups skip the
   * index search. The index stays the source of truth.
   */
  private readonly cachedPrice = new Float64Array(CACHE);
  private readonly cachedLevel = new Int32Array(CACHE);

  constructor(
    private readonly keySign: 1 | -1,
    private readonly orders: OrderStore,
    capacity = 256,
  ) {
    this.price = new Float64Array(capacity);
    this.key = new Float64Array(capacity);
    this.qty = new Float64Array(capacity);
    this.count = new Int32Array(capacity);
    this.head = new Int32Array(capacity);
    this.tail = new Int32Array(capacity);
  }

  /** The level at `price`, or NONE. */
  find(price: number): number {
    const i = price & (CACHE - 1);
    if (this.cachedPrice[i] === price) return this.cachedLevel[i] as number;
    const level = this.index.find(price * this.keySign);
    if (level !== NONE) {
      this.cachedPrice[i] = price;
      this.cachedLevel[i] = level;
    }
    return level;
  }

  /** Appends order `slot` (price and qty set) at the back of its price's queue. */
  append(slot: number): void {
    const orders = this.orders;
    const price = orders.price[slot] as number;
    let level = this.find(price);
    if (level === NONE) level = this.addLevel(price);
    const tail = this.tail[level] as number;
    orders.level[slot] = level;
    orders.prev[slot] = tail;
    orders.next[slot] = NONE;
    if (tail === NONE) this.head[level] = slot;
    else orders.next[tail] = slot;
    this.tail[level] = slot;
    this.qty[level] = (this.qty[level] as number) + (orders.qty[slot] as number);
    this.count[level] = (this.count[level] as number) + 1;
  }

  /** Unlinks order `slot` from its level; the caller has already taken its lots off `qty`. */
  unlink(slot: number): void {
    const orders = this.orders;
    const level = orders.level[slot] as number;
    const prev = orders.prev[slot] as number;
    const next = orders.next[slot] as number;
    if (prev === NONE) this.head[level] = next;
    else orders.next[prev] = next;
    if (next === NONE) this.tail[level] = prev;
    else orders.prev[next] = prev;
    const count = (this.count[level] as number) - 1;
    this.count[level] = count;
    if (count === 0) this.removeLevel(level);
  }

  private addLevel(price: number): number {
    let level = this.free;
    if (level !== NONE) {
      this.free = this.head[level] as number;
    } else {
      level = this.top++;
      if (level === this.price.length) this.grow();
    }
    const key = price * this.keySign;
    this.price[level] = price;
    this.key[level] = key;
    this.qty[level] = 0;
    this.count[level] = 0;
    this.head[level] = NONE;
    this.tail[level] = NONE;
    this.levelCount++;
    this.index.insertFound(key, level);
    const i = price & (CACHE - 1);
    this.cachedPrice[i] = price;
    this.cachedLevel[i] = level;
    if (this.best === NONE || key < (this.key[this.best] as number)) this.best = level;
    return level;
  }

  private removeLevel(level: number): void {
    this.levelCount--;
    const price = this.price[level] as number;
    const i = price & (CACHE - 1);
    if (this.cachedPrice[i] === price) this.cachedPrice[i] = 0;
    this.index.remove(this.key[level] as number);
    if (level === this.best) this.best = this.index.best();
    this.head[level] = this.free;
    this.free = level;
  }

  private grow(): void {
    const n = this.price.length * 2;
    this.price = grown(this.price, new Float64Array(n));
    this.key = grown(this.key, new Float64Array(n));
    this.qty = grown(this.qty, new Float64Array(n));
    this.count = grown(this.count, new Int32Array(n));
    this.head = grown(this.head, new Int32Array(n));
    this.tail = grown(this.tail, new Int32Array(n));
  }

  /** Test hook: checks the index, the price cache, the best level and the queues agree. Throws on the first inconsistency. */
  checkInvariants(): void {
    for (let i = 0; i < CACHE; i++) {
      const price = this.cachedPrice[i] as number;
      if (price !== 0 && this.index.find(price * this.keySign) !== this.cachedLevel[i]) throw new Error('price cache stale');
    }
    const listed: number[] = [];
    for (let c = this.index.first(); c !== -1; c = this.index.next(c)) listed.push(this.index.levelAt(c));
    if ((listed[0] ?? NONE) !== this.best) throw new Error('best level wrong');
    const indexed = this.index.allKeys();
    if (indexed.length !== listed.length || listed.length !== this.levelCount) {
      throw new Error('level count mismatch');
    }
    const orders = this.orders;
    for (let i = 0; i < listed.length; i++) {
      const l = listed[i] as number;
      const price = this.price[l] as number;
      if (indexed[i] !== this.key[l]) throw new Error('level index keys differ from its levels');
      if (i > 0 && (this.key[listed[i - 1] as number] as number) >= (this.key[l] as number)) throw new Error('levels not strictly sorted');
      if (this.find(price) !== l) throw new Error('level lookup differs');
      let qty = 0;
      let count = 0;
      for (let o = this.head[l] as number, prev = NONE; o !== NONE; prev = o, o = orders.next[o] as number) {
        if (orders.prev[o] !== prev || orders.level[o] !== l || orders.price[o] !== price) throw new Error('order queue broken');
        if ((orders.qty[o] as number) <= 0) throw new Error('empty order resting');
        qty += orders.qty[o] as number;
        count++;
        if (orders.next[o] === NONE && this.tail[l] !== o) throw new Error('level tail wrong');
      }
      if (count === 0 || count !== this.count[l] || qty !== this.qty[l]) throw new Error('level totals wrong');
    }
  }
}
