import type {
  BookEvent,
  CancelReason,
  OrderId,
  OrderType,
  OwnerId,
  RejectReason,
  Side,
} from './types';

type EventType = BookEvent['type'];

/**
 * One pooled, reusable event. Every event kind uses this single class so that the engine's
 * writes and the consumer's reads stay monomorphic; the fields a kind does not use keep stale
 * values from earlier use, which the `BookEvent` view type hides.
 */
class EventSlot {
  type: EventType = 'accepted';
  orderId: OrderId = 0;
  ownerId: OwnerId | null = 0;
  side: Side = 'buy';
  orderType: OrderType = 'limit';
  price = 0;
  qty = 0;
  quoteQty = 0;
  stopPrice = 0;
  remaining = 0;
  reason: CancelReason | RejectReason = 'user';
  makerOrderId: OrderId = 0;
  takerOrderId: OrderId = 0;
  makerOwnerId: OwnerId = 0;
  takerOwnerId: OwnerId = 0;
  takerSide: Side = 'buy';
  makerRemaining = 0;
  takerRemaining = 0;
}

/**
 * The events of one book call, in the order they happened.
 *
 * The book owns a single batch and reuses it (and its event objects) on every call, so the hot
 * path allocates nothing: read it — or copy it with `toArray()` — before the next call on the
 * same book.
 */
export class EventBatch {
  length = 0;
  private readonly slots: EventSlot[] = [];

  get(index: number): BookEvent {
    if (index < 0 || index >= this.length) throw new RangeError(`event index ${index} out of range`);
    return this.slots[index] as BookEvent;
  }

  /** Fresh plain objects holding only each kind's own fields; safe to keep. */
  toArray(): BookEvent[] {
    const out: BookEvent[] = [];
    for (let i = 0; i < this.length; i++) out.push(copyEvent(this.slots[i] as EventSlot));
    return out;
  }

  *[Symbol.iterator](): IterableIterator<BookEvent> {
    for (let i = 0; i < this.length; i++) yield this.slots[i] as BookEvent;
  }

  /** @internal */
  clear(): void {
    this.length = 0;
  }

  /** @internal */
  accepted(
    orderId: OrderId,
    ownerId: OwnerId,
    side: Side,
    orderType: OrderType,
    price: number,
    qty: number,
    quoteQty: number,
    stopPrice = 0,
  ): void {
    const e = this.next();
    e.type = 'accepted';
    e.stopPrice = stopPrice;
    e.orderId = orderId;
    e.ownerId = ownerId;
    e.side = side;
    e.orderType = orderType;
    e.price = price;
    e.qty = qty;
    e.quoteQty = quoteQty;
  }

  /** @internal */
  fill(
    makerOrderId: OrderId,
    takerOrderId: OrderId,
    makerOwnerId: OwnerId,
    takerOwnerId: OwnerId,
    takerSide: Side,
    price: number,
    qty: number,
    makerRemaining: number,
    takerRemaining: number,
  ): void {
    const e = this.next();
    e.type = 'fill';
    e.makerOrderId = makerOrderId;
    e.takerOrderId = takerOrderId;
    e.makerOwnerId = makerOwnerId;
    e.takerOwnerId = takerOwnerId;
    e.takerSide = takerSide;
    e.price = price;
    e.qty = qty;
    e.makerRemaining = makerRemaining;
    e.takerRemaining = takerRemaining;
  }

  /** @internal */
  cancelled(orderId: OrderId, ownerId: OwnerId, side: Side, price: number, remaining: number, reason: CancelReason): void {
    const e = this.next();
    e.type = 'cancelled';
    e.orderId = orderId;
    e.ownerId = ownerId;
    e.side = side;
    e.price = price;
    e.remaining = remaining;
    e.reason = reason;
  }

  /** @internal */
  triggered(orderId: OrderId, ownerId: OwnerId, side: Side, stopPrice: number): void {
    const e = this.next();
    e.type = 'triggered';
    e.orderId = orderId;
    e.ownerId = ownerId;
    e.side = side;
    e.price = stopPrice;
  }

  /** @internal */
  rejected(orderId: OrderId, ownerId: OwnerId | null, reason: RejectReason): void {
    const e = this.next();
    e.type = 'rejected';
    e.orderId = orderId;
    e.ownerId = ownerId;
    e.reason = reason;
  }

  private next(): EventSlot {
    const slots = this.slots;
    if (this.length === slots.length) slots.push(new EventSlot());
    return slots[this.length++] as EventSlot;
  }
}

function copyEvent(e: EventSlot): BookEvent {
  switch (e.type) {
    case 'accepted':
      return {
        type: 'accepted',
        orderId: e.orderId,
        ownerId: e.ownerId as OwnerId,
        side: e.side,
        orderType: e.orderType,
        price: e.price,
        qty: e.qty,
        quoteQty: e.quoteQty,
        ...(e.stopPrice > 0 ? { stopPrice: e.stopPrice } : {}),
      };
    case 'triggered':
      return { type: 'triggered', orderId: e.orderId, ownerId: e.ownerId as OwnerId, side: e.side, price: e.price };
    case 'fill':
      return {
        type: 'fill',
        makerOrderId: e.makerOrderId,
        takerOrderId: e.takerOrderId,
        makerOwnerId: e.makerOwnerId,
        takerOwnerId: e.takerOwnerId,
        takerSide: e.takerSide,
        price: e.price,
        qty: e.qty,
        makerRemaining: e.makerRemaining,
        takerRemaining: e.takerRemaining,
      };
    case 'cancelled':
      return {
        type: 'cancelled',
        orderId: e.orderId,
        ownerId: e.ownerId as OwnerId,
        side: e.side,
        price: e.price,
        remaining: e.remaining,
        reason: e.reason as CancelReason,
      };
    case 'rejected':
      return { type: 'rejected', orderId: e.orderId, ownerId: e.ownerId, reason: e.reason as RejectReason };
  }
}
