/**
 * Units: prices are integer ticks, quantities integer lots, quote amounts ticks × lots.
 * All of them are JavaScript numbers holding safe integers (≤ Number.MAX_SAFE_INTEGER);
 * the engine rejects anything else at the edge. The sum of resting lots at one price level
 * and a quote budget must also stay ≤ Number.MAX_SAFE_INTEGER.
 */

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/**
 * What happens when an incoming order would trade with a resting order of the same owner:
 * cancel the incoming one, the resting one, both, or (`none`) let them trade.
 */
export type StpMode = 'cancel_newest' | 'cancel_oldest' | 'cancel_both' | 'none';
/** A held (stop) order fires when the last trade price reaches its stop price from below (`up`) or from above (`down`). */
export type TriggerDirection = 'up' | 'down';
export type OrderId = number | string;
export type OwnerId = number | string;

export interface OrderRequest {
  /** Unique among the orders resting in this book. */
  orderId: OrderId;
  ownerId: OwnerId;
  side: Side;
  type: OrderType;
  /** Limit price in ticks; limit orders only. */
  price?: number;
  /** Size in lots; limit orders and market orders sized by quantity. */
  qty?: number;
  /**
   * Market orders only, in ticks × lots: the budget of an order sized by quote amount; with `qty`
   * as well, the most the order may spend (it stops when the next lot would cost more).
   */
  quoteQty?: number;
  /** Limit: GTC (default), IOC, FOK. Market: IOC (default) or FOK (quantity-sized only). */
  tif?: TimeInForce;
  /** Limit GTC only: rejected instead of trading if it would cross. */
  postOnly?: boolean;
  /** Defaults to the book's `defaultStp`. */
  stp?: StpMode;
  /**
   * A stop order: held in the book's trigger queue, not matched, until the last trade price
   * reaches `stopPrice` (ticks) in the `trigger` direction; then it runs as the limit or market
   * order it describes. Refused if the last price is already there.
   */
  stopPrice?: number;
  trigger?: TriggerDirection;
}

/** A stop order waiting in the trigger queue, as reported by queries and accepted by `restoreStop`. */
export type HeldOrder = OrderRequest & { stopPrice: number; trigger: TriggerDirection };

/** An order resting in the book, as reported by queries and accepted by `restore`. */
export interface RestingOrder {
  orderId: OrderId;
  ownerId: OwnerId;
  side: Side;
  price: number;
  /** Remaining (unfilled) lots. */
  qty: number;
}

export interface LevelView {
  price: number;
  /** Sum of the remaining lots of the orders at this price. */
  qty: number;
  /** Number of orders at this price. */
  orders: number;
}

export interface DepthView {
  /** Best (highest) first. */
  bids: LevelView[];
  /** Best (lowest) first. */
  asks: LevelView[];
}

/**
 * `dust`: a market order sized by quote stopped because what is left of its budget does not buy
 * one lot at the best price (it spent what it could). `quote_cap`: a market order sized in lots
 * reached its spending cap. `oco`: the other order of a one-cancels-the-other pair filled or fired.
 */
export type CancelReason = 'user' | 'ioc_remainder' | 'fok_unfillable' | 'stp' | 'market_no_liquidity' | 'dust' | 'quote_cap' | 'oco';

export type RejectReason =
  | 'invalid_order'
  | 'invalid_price'
  | 'invalid_quantity'
  | 'duplicate_order_id'
  | 'post_only_would_cross'
  | 'would_trigger_immediately'
  | 'order_not_found';

/** The order passed validation; fills and at most one `cancelled` for it may follow. */
export interface AcceptedEvent {
  readonly type: 'accepted';
  readonly orderId: OrderId;
  readonly ownerId: OwnerId;
  readonly side: Side;
  readonly orderType: OrderType;
  /** Limit price; 0 for market orders. */
  readonly price: number;
  /** Lots; 0 for market orders sized by quote amount. */
  readonly qty: number;
  /** Quote budget (or cap); 0 unless the market order named one. */
  readonly quoteQty: number;
  /** Present for stop orders: held until the last price reaches it. */
  readonly stopPrice?: number;
}

/** A held stop order fired: its fills, rest or cancellation follow as for a new order. */
export interface TriggeredEvent {
  readonly type: 'triggered';
  readonly orderId: OrderId;
  readonly ownerId: OwnerId;
  readonly side: Side;
  /** Its stop price, in ticks. */
  readonly price: number;
}

export interface FillEvent {
  readonly type: 'fill';
  readonly makerOrderId: OrderId;
  readonly takerOrderId: OrderId;
  readonly makerOwnerId: OwnerId;
  readonly takerOwnerId: OwnerId;
  readonly takerSide: Side;
  /** The maker's price, in ticks. */
  readonly price: number;
  /** Lots traded. */
  readonly qty: number;
  /** Lots the maker still has resting; 0 means it is filled and gone. */
  readonly makerRemaining: number;
  /** What the taker has left in its own unit: lots, or quote for quote-sized market orders. */
  readonly takerRemaining: number;
}

export interface CancelledEvent {
  readonly type: 'cancelled';
  readonly orderId: OrderId;
  readonly ownerId: OwnerId;
  readonly side: Side;
  /** The order's limit price; 0 for market orders and for stop orders cancelled while held (they were never on a level). */
  readonly price: number;
  /** What was cancelled, in the order's own unit: lots, or quote for quote-sized market orders. */
  readonly remaining: number;
  readonly reason: CancelReason;
}

export interface RejectedEvent {
  readonly type: 'rejected';
  readonly orderId: OrderId;
  /** `null` when a cancel names an order that is not in the book. */
  readonly ownerId: OwnerId | null;
  readonly reason: RejectReason;
}

export type BookEvent = AcceptedEvent | FillEvent | CancelledEvent | RejectedEvent | TriggeredEvent;
