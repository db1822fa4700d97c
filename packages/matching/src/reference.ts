/**
 * A deliberately naive order book, used only by tests as the oracle for `OrderBook`.
 * Resting and held orders live in plain arrays; every matching step filters and sorts them
 * afresh. FOK is decided by running the order on a copy of the book and seeing whether it fills.
 */
import type {
  BookEvent,
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
} from './types';

interface RefOrder {
  orderId: OrderId;
  ownerId: OwnerId;
  side: Side;
  price: number;
  qty: number;
  seq: number;
}

interface RefHeld {
  req: HeldOrder;
  seq: number;
  /** Lots, or quote for a market order sized by quote. */
  size: number;
}

const STP_MODES: readonly unknown[] = ['cancel_newest', 'cancel_oldest', 'cancel_both', 'none'];
const TIFS: readonly unknown[] = ['GTC', 'IOC', 'FOK'];
const SIDES: readonly unknown[] = ['buy', 'sell'];

const positiveSafe = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
const isStop = (req: OrderRequest) => req.stopPrice !== undefined || req.trigger !== undefined;

export class ReferenceBook {
  private resting: RefOrder[] = [];
  private held: RefHeld[] = [];
  private peers = new Map<OrderId, OrderId>();
  private last: number | undefined;
  private seq = 0;

  constructor(private readonly defaultStp: StpMode = 'cancel_newest') {}

  submit(req: OrderRequest): BookEvent[] {
    const reason = this.check(req);
    if (reason !== undefined) return [{ type: 'rejected', orderId: req.orderId, ownerId: req.ownerId, reason }];
    if (isStop(req)) return [this.hold(req as HeldOrder)];
    const isMarket = req.type === 'market';
    const price = isMarket ? 0 : (req.price as number);
    if (req.postOnly === true && this.crossable(req.side, isMarket, price).length > 0) {
      return [{ type: 'rejected', orderId: req.orderId, ownerId: req.ownerId, reason: 'post_only_would_cross' }];
    }
    const events: BookEvent[] = [this.acceptedEvent(req)];
    this.run(req, events);
    this.fireTriggers(events);
    return events;
  }

  submitOco(limit: OrderRequest, stop: OrderRequest): BookEvent[] {
    const both = (reason: RejectReason): BookEvent[] => [
      { type: 'rejected', orderId: limit.orderId, ownerId: limit.ownerId, reason },
      { type: 'rejected', orderId: stop.orderId, ownerId: stop.ownerId, reason },
    ];
    if (
      limit.ownerId !== stop.ownerId ||
      limit.side !== stop.side ||
      limit.type !== 'limit' ||
      isStop(limit) ||
      (limit.tif ?? 'GTC') !== 'GTC' ||
      stop.stopPrice === undefined ||
      limit.orderId === stop.orderId
    ) {
      return both('invalid_order');
    }
    const reason = this.check(limit) ?? this.check(stop);
    if (reason !== undefined) return both(reason);
    if (this.crossable(limit.side, false, limit.price as number).length > 0) return both('post_only_would_cross');
    const events: BookEvent[] = [this.acceptedEvent(limit)];
    this.rest(limit.orderId, limit.ownerId, limit.side, limit.price as number, limit.qty as number);
    events.push(this.hold(stop as HeldOrder));
    this.peers.set(limit.orderId, stop.orderId);
    this.peers.set(stop.orderId, limit.orderId);
    return events;
  }

  cancel(orderId: OrderId, ownerId?: OwnerId): BookEvent[] {
    const order = this.resting.find((o) => o.orderId === orderId && (ownerId === undefined || o.ownerId === ownerId));
    const held = this.held.find((h) => h.req.orderId === orderId && (ownerId === undefined || h.req.ownerId === ownerId));
    const events: BookEvent[] = [];
    if (order !== undefined) {
      this.resting = this.resting.filter((o) => o !== order);
      events.push(this.cancelledEvent(order, 'user'));
    } else if (held !== undefined) {
      this.held = this.held.filter((h) => h !== held);
      events.push(this.heldCancelled(held, 'user'));
    } else {
      return [{ type: 'rejected', orderId, ownerId: ownerId ?? null, reason: 'order_not_found' }];
    }
    this.cancelPeer(orderId, events);
    return events;
  }

  cancelAll(ownerId: OwnerId): BookEvent[] {
    const mine = [...this.sorted('buy'), ...this.sorted('sell')].filter((o) => o.ownerId === ownerId);
    const held = this.held.filter((h) => h.req.ownerId === ownerId).sort((a, b) => a.seq - b.seq);
    for (const o of mine) this.peers.delete(o.orderId);
    for (const h of held) this.peers.delete(h.req.orderId);
    this.resting = this.resting.filter((o) => o.ownerId !== ownerId);
    this.held = this.held.filter((h) => h.req.ownerId !== ownerId);
    return [...mine.map((o) => this.cancelledEvent(o, 'user')), ...held.map((h) => this.heldCancelled(h, 'user'))];
  }

  restore(orders: Iterable<RestingOrder>): void {
    for (const o of orders) this.rest(o.orderId, o.ownerId, o.side, o.price, o.qty);
  }

  openOrders(): RestingOrder[] {
    const bids = this.sorted('buy');
    const asks = this.sorted('sell');
    return [...bids, ...asks].map(({ orderId, ownerId, side, price, qty }) => ({ orderId, ownerId, side, price, qty }));
  }

  heldOrders(): HeldOrder[] {
    return [...this.held].sort((a, b) => a.seq - b.seq).map((h) => h.req);
  }

  get lastPrice(): number | undefined {
    return this.last;
  }

  depth(n = Infinity): DepthView {
    const levels = (side: Side): LevelView[] => {
      const out: LevelView[] = [];
      for (const o of this.sorted(side)) {
        const last = out[out.length - 1];
        if (last !== undefined && last.price === o.price) {
          last.qty += o.qty;
          last.orders += 1;
        } else {
          out.push({ price: o.price, qty: o.qty, orders: 1 });
        }
      }
      return out.slice(0, n);
    };
    return { bids: levels('buy'), asks: levels('sell') };
  }

  private check(req: OrderRequest): RejectReason | undefined {
    const stp = req.stp ?? this.defaultStp;
    const stop = isStop(req);
    if (!SIDES.includes(req.side) || !STP_MODES.includes(stp)) return 'invalid_order';
    if (stop && ((req.trigger !== 'up' && req.trigger !== 'down') || req.postOnly === true)) return 'invalid_order';
    if (req.type === 'limit') {
      const tif = req.tif ?? 'GTC';
      if (!TIFS.includes(tif) || req.quoteQty !== undefined || (req.postOnly === true && tif !== 'GTC')) return 'invalid_order';
      if (!positiveSafe(req.price)) return 'invalid_price';
      if (!positiveSafe(req.qty)) return 'invalid_quantity';
    } else if (req.type === 'market') {
      const tif = req.tif ?? 'IOC';
      const byQuote = req.qty === undefined;
      const capped = !byQuote && req.quoteQty !== undefined;
      if (!TIFS.includes(tif) || tif === 'GTC' || req.price !== undefined || req.postOnly === true) return 'invalid_order';
      if (byQuote && req.quoteQty === undefined) return 'invalid_order';
      if ((byQuote || capped) && tif === 'FOK') return 'invalid_order';
      if (!positiveSafe(byQuote ? req.quoteQty : req.qty) || (capped && !positiveSafe(req.quoteQty))) return 'invalid_quantity';
    } else {
      return 'invalid_order';
    }
    if (stop && !positiveSafe(req.stopPrice)) return 'invalid_price';
    if (this.resting.some((o) => o.orderId === req.orderId) || this.held.some((h) => h.req.orderId === req.orderId)) return 'duplicate_order_id';
    if (stop && this.due(req as HeldOrder)) return 'would_trigger_immediately';
    return undefined;
  }

  private due(req: HeldOrder): boolean {
    return this.last !== undefined && (req.trigger === 'up' ? this.last >= req.stopPrice : this.last <= req.stopPrice);
  }

  private acceptedEvent(req: OrderRequest): BookEvent {
    const isMarket = req.type === 'market';
    const byQuote = isMarket && req.qty === undefined;
    return {
      type: 'accepted',
      orderId: req.orderId,
      ownerId: req.ownerId,
      side: req.side,
      orderType: req.type,
      price: isMarket ? 0 : (req.price as number),
      qty: byQuote ? 0 : (req.qty as number),
      quoteQty: isMarket ? (req.quoteQty ?? 0) : 0,
      ...(req.stopPrice !== undefined ? { stopPrice: req.stopPrice } : {}),
    };
  }

  private hold(req: HeldOrder): BookEvent {
    const byQuote = req.type === 'market' && req.qty === undefined;
    this.held.push({ req, seq: ++this.seq, size: byQuote ? (req.quoteQty as number) : (req.qty as number) });
    return this.acceptedEvent(req);
  }

  /** Matches an accepted order and rests or cancels the rest, appending to `events`. */
  private run(req: OrderRequest, events: BookEvent[]): void {
    const isMarket = req.type === 'market';
    const byQuote = isMarket && req.qty === undefined;
    const cap = isMarket && !byQuote ? (req.quoteQty ?? 0) : 0;
    const tif = req.tif ?? (isMarket ? 'IOC' : 'GTC');
    const stp = req.stp ?? this.defaultStp;
    const price = isMarket ? 0 : (req.price as number);
    const size = (byQuote ? req.quoteQty : req.qty) as number;
    const cancel = (remaining: number, reason: CancelReason): BookEvent => ({ type: 'cancelled', orderId: req.orderId, ownerId: req.ownerId, side: req.side, price, remaining, reason });
    if (tif === 'FOK') {
      const trial = this.copy();
      if (trial.match(req, isMarket, price, size, byQuote, cap, stp).remaining !== 0) {
        events.push(cancel(size, 'fok_unfillable'));
        return;
      }
    }
    const outcome = this.match(req, isMarket, price, size, byQuote, cap, stp);
    events.push(...outcome.events);
    if (outcome.remaining === 0) return;
    if (outcome.stpCancelled) events.push(cancel(outcome.remaining, 'stp'));
    else if (isMarket) events.push(cancel(outcome.remaining, outcome.stop));
    else if (tif === 'GTC') this.rest(req.orderId, req.ownerId, req.side, price, outcome.remaining);
    else events.push(cancel(outcome.remaining, 'ioc_remainder'));
  }

  private fireTriggers(events: BookEvent[]): void {
    for (;;) {
      const ups = this.held.filter((h) => h.req.trigger === 'up' && this.due(h.req)).sort((a, b) => a.req.stopPrice - b.req.stopPrice || a.seq - b.seq);
      const downs = this.held.filter((h) => h.req.trigger === 'down' && this.due(h.req)).sort((a, b) => b.req.stopPrice - a.req.stopPrice || a.seq - b.seq);
      const up = ups[0];
      const down = downs[0];
      const next = up && down ? (up.seq < down.seq ? up : down) : (up ?? down);
      if (next === undefined) return;
      this.held = this.held.filter((h) => h !== next);
      this.cancelPeer(next.req.orderId, events);
      events.push({ type: 'triggered', orderId: next.req.orderId, ownerId: next.req.ownerId, side: next.req.side, price: next.req.stopPrice });
      const { stopPrice: _s, trigger: _t, ...plain } = next.req;
      this.run(plain, events);
    }
  }

  private cancelPeer(orderId: OrderId, events: BookEvent[]): void {
    const peer = this.peers.get(orderId);
    if (peer === undefined) return;
    this.peers.delete(orderId);
    this.peers.delete(peer);
    const order = this.resting.find((o) => o.orderId === peer);
    if (order !== undefined) {
      this.resting = this.resting.filter((o) => o !== order);
      events.push(this.cancelledEvent(order, 'oco'));
      return;
    }
    const held = this.held.find((h) => h.req.orderId === peer);
    if (held !== undefined) {
      this.held = this.held.filter((h) => h !== held);
      events.push(this.heldCancelled(held, 'oco'));
    }
  }

  private match(
    req: OrderRequest,
    isMarket: boolean,
    price: number,
    size: number,
    byQuote: boolean,
    cap: number,
    stp: StpMode,
  ): { events: BookEvent[]; remaining: number; stpCancelled: boolean; stop: CancelReason } {
    const events: BookEvent[] = [];
    let remaining = size;
    let budget = cap;
    let stop: CancelReason = 'market_no_liquidity';
    while (remaining > 0) {
      const maker = this.crossable(req.side, isMarket, price)[0];
      if (maker === undefined) break;
      let qty = maker.qty;
      if (byQuote || cap > 0) {
        const affordable = Math.floor((byQuote ? remaining : budget) / maker.price);
        if (affordable === 0) {
          stop = byQuote ? 'dust' : 'quote_cap';
          break;
        }
        qty = Math.min(qty, affordable);
      }
      if (!byQuote) qty = Math.min(qty, remaining);
      if (maker.ownerId === req.ownerId && stp !== 'none') {
        if (stp === 'cancel_oldest' || stp === 'cancel_both') {
          this.resting = this.resting.filter((o) => o !== maker);
          events.push(this.cancelledEvent(maker, 'stp'));
          this.cancelPeer(maker.orderId, events);
        }
        if (stp === 'cancel_oldest') continue;
        return { events, remaining, stpCancelled: true, stop };
      }
      maker.qty -= qty;
      remaining -= byQuote ? qty * maker.price : qty;
      if (cap > 0) budget -= qty * maker.price;
      this.last = maker.price;
      events.push({
        type: 'fill',
        makerOrderId: maker.orderId,
        takerOrderId: req.orderId,
        makerOwnerId: maker.ownerId,
        takerOwnerId: req.ownerId,
        takerSide: req.side,
        price: maker.price,
        qty,
        makerRemaining: maker.qty,
        takerRemaining: remaining,
      });
      if (maker.qty === 0) this.resting = this.resting.filter((o) => o !== maker);
      this.cancelPeer(maker.orderId, events);
    }
    return { events, remaining, stpCancelled: false, stop };
  }

  /** Opposite-side orders the incoming order may trade with, in priority order. */
  private crossable(side: Side, isMarket: boolean, price: number): RefOrder[] {
    const opposite: Side = side === 'buy' ? 'sell' : 'buy';
    return this.sorted(opposite).filter((o) => isMarket || (side === 'buy' ? o.price <= price : o.price >= price));
  }

  private sorted(side: Side): RefOrder[] {
    return this.resting
      .filter((o) => o.side === side)
      .sort((a, b) => (side === 'buy' ? b.price - a.price : a.price - b.price) || a.seq - b.seq);
  }

  private rest(orderId: OrderId, ownerId: OwnerId, side: Side, price: number, qty: number): void {
    this.resting.push({ orderId, ownerId, side, price, qty, seq: ++this.seq });
  }

  private cancelledEvent(o: RefOrder, reason: CancelReason): BookEvent {
    return { type: 'cancelled', orderId: o.orderId, ownerId: o.ownerId, side: o.side, price: o.price, remaining: o.qty, reason };
  }

  private heldCancelled(h: RefHeld, reason: CancelReason): BookEvent {
    return { type: 'cancelled', orderId: h.req.orderId, ownerId: h.req.ownerId, side: h.req.side, price: 0, remaining: h.size, reason };
  }

  private copy(): ReferenceBook {
    const c = new ReferenceBook(this.defaultStp);
    c.resting = this.resting.map((o) => ({ ...o }));
    c.held = this.held.map((h) => ({ ...h }));
    c.peers = new Map(this.peers);
    c.last = this.last;
    c.seq = this.seq;
    return c;
  }
}
