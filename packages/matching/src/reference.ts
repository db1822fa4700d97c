/**
 * A deliberately naive order book, used only by tests as the oracle for `OrderBook`.
 * Resting orders live in one array; every matching step filters and sorts it afresh. FOK is
 * decided by running the order on a copy of the book and seeing whether it fills.
 */
import type {
  BookEvent,
  CancelReason,
  DepthView,
  LevelView,
  OrderId,
  OrderRequest,
  OwnerId,
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

const STP_MODES: readonly unknown[] = ['cancel_newest', 'cancel_oldest', 'cancel_both'];
const TIFS: readonly unknown[] = ['GTC', 'IOC', 'FOK'];
const SIDES: readonly unknown[] = ['buy', 'sell'];

const positiveSafe = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

export class ReferenceBook {
  private resting: RefOrder[] = [];
  private seq = 0;

  constructor(private readonly defaultStp: StpMode = 'cancel_newest') {}

  submit(req: OrderRequest): BookEvent[] {
    const reject = (reason: 'invalid_order' | 'invalid_price' | 'invalid_quantity' | 'duplicate_order_id' | 'post_only_would_cross'): BookEvent[] => [
      { type: 'rejected', orderId: req.orderId, ownerId: req.ownerId, reason },
    ];
    const stp = req.stp ?? this.defaultStp;
    const isMarket = req.type === 'market';
    const tif = req.tif ?? (isMarket ? 'IOC' : 'GTC');
    const byQuote = isMarket && req.quoteQty !== undefined;
    const invalid =
      (req.type !== 'limit' && req.type !== 'market') ||
      !SIDES.includes(req.side) ||
      !STP_MODES.includes(stp) ||
      !TIFS.includes(tif) ||
      (isMarket
        ? req.price !== undefined || req.postOnly === true || (req.qty === undefined) === (req.quoteQty === undefined) || tif === 'GTC' || (byQuote && tif === 'FOK')
        : req.quoteQty !== undefined || (req.postOnly === true && tif !== 'GTC'));
    if (invalid) return reject('invalid_order');
    if (!isMarket && !positiveSafe(req.price)) return reject('invalid_price');
    const size = byQuote ? req.quoteQty : req.qty;
    if (!positiveSafe(size)) return reject('invalid_quantity');
    if (this.resting.some((o) => o.orderId === req.orderId)) return reject('duplicate_order_id');
    const price = isMarket ? 0 : (req.price as number);
    if (req.postOnly === true && this.crossable(req.side, isMarket, price).length > 0) return reject('post_only_would_cross');

    const events: BookEvent[] = [
      {
        type: 'accepted',
        orderId: req.orderId,
        ownerId: req.ownerId,
        side: req.side,
        orderType: req.type,
        price,
        qty: byQuote ? 0 : (size as number),
        quoteQty: byQuote ? (size as number) : 0,
      },
    ];
    const cancel = (remaining: number, reason: CancelReason): BookEvent => ({
      type: 'cancelled',
      orderId: req.orderId,
      ownerId: req.ownerId,
      side: req.side,
      price,
      remaining,
      reason,
    });
    if (tif === 'FOK') {
      const trial = this.copy();
      const outcome = trial.match(req, isMarket, price, size as number, byQuote, stp);
      if (outcome.remaining !== 0) return [...events, cancel(size as number, 'fok_unfillable')];
    }
    const outcome = this.match(req, isMarket, price, size as number, byQuote, stp);
    events.push(...outcome.events);
    if (outcome.remaining === 0) return events;
    if (outcome.stpCancelled) events.push(cancel(outcome.remaining, 'stp'));
    else if (isMarket) events.push(cancel(outcome.remaining, 'market_no_liquidity'));
    else if (tif === 'GTC') this.rest(req.orderId, req.ownerId, req.side, price, outcome.remaining);
    else events.push(cancel(outcome.remaining, 'ioc_remainder'));
    return events;
  }

  cancel(orderId: OrderId, ownerId?: OwnerId): BookEvent[] {
    const order = this.resting.find((o) => o.orderId === orderId && (ownerId === undefined || o.ownerId === ownerId));
    if (order === undefined) return [{ type: 'rejected', orderId, ownerId: ownerId ?? null, reason: 'order_not_found' }];
    this.resting = this.resting.filter((o) => o !== order);
    return [this.cancelledEvent(order, 'user')];
  }

  cancelAll(ownerId: OwnerId): BookEvent[] {
    const mine = [...this.sorted('buy'), ...this.sorted('sell')].filter((o) => o.ownerId === ownerId);
    this.resting = this.resting.filter((o) => o.ownerId !== ownerId);
    return mine.map((o) => this.cancelledEvent(o, 'user'));
  }

  restore(orders: Iterable<RestingOrder>): void {
    for (const o of orders) this.rest(o.orderId, o.ownerId, o.side, o.price, o.qty);
  }

  openOrders(): RestingOrder[] {
    const bids = this.sorted('buy');
    const asks = this.sorted('sell');
    return [...bids, ...asks].map(({ orderId, ownerId, side, price, qty }) => ({ orderId, ownerId, side, price, qty }));
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

  private match(
    req: OrderRequest,
    isMarket: boolean,
    price: number,
    size: number,
    byQuote: boolean,
    stp: StpMode,
  ): { events: BookEvent[]; remaining: number; stpCancelled: boolean } {
    const events: BookEvent[] = [];
    let remaining = size;
    while (remaining > 0) {
      const maker = this.crossable(req.side, isMarket, price)[0];
      if (maker === undefined) break;
      const qty = Math.min(maker.qty, byQuote ? Math.floor(remaining / maker.price) : remaining);
      if (qty === 0) break;
      if (maker.ownerId === req.ownerId) {
        if (stp === 'cancel_oldest' || stp === 'cancel_both') {
          this.resting = this.resting.filter((o) => o !== maker);
          events.push(this.cancelledEvent(maker, 'stp'));
        }
        if (stp === 'cancel_oldest') continue;
        return { events, remaining, stpCancelled: true };
      }
      maker.qty -= qty;
      remaining -= byQuote ? qty * maker.price : qty;
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
    }
    return { events, remaining, stpCancelled: false };
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

  private copy(): ReferenceBook {
    const c = new ReferenceBook(this.defaultStp);
    c.resting = this.resting.map((o) => ({ ...o }));
    c.seq = this.seq;
    return c;
  }
}
