export { OrderBook } from './order-book';
export type { OrderBookOptions } from './order-book';
export { EventBatch } from './events';
export type {
  AcceptedEvent,
  BookEvent,
  CancelledEvent,
  CancelReason,
  DepthView,
  FillEvent,
  HeldOrder,
  LevelView,
  OrderId,
  OrderRequest,
  OrderType,
  OwnerId,
  RejectedEvent,
  RejectReason,
  RestingOrder,
  Side,
  StpMode,
  TimeInForce,
  TriggerDirection,
  TriggeredEvent,
} from './types';
