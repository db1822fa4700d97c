import type { DbOrTx } from '../../platform/db/index';
import { hasOpenRequest } from './aftersale.repo';

/** The businesses whose orders may be returned or exchanged after the sale. */
export type AfterSaleKind = 'auction' | 'mall';
export const AFTER_SALE_KINDS: readonly AfterSaleKind[] = ['auction', 'mall'];

/** What the after-sale module needs to know about an order; the owning module reads it. */
export interface AfterSaleOrder {
  buyerFirmId: string;
  sellerFirmId: string;
  /** The most that may be refunded, a decimal string. */
  amount: string;
  title: string;
}

/** How the module that owns an order takes part in its returns and exchanges. */
export interface AfterSaleKindHandler {
  /** The order, or undefined when there is none. */
  loadOrder(tx: DbOrTx, orderId: string): Promise<AfterSaleOrder | undefined>;
  /** Whether a request may be opened now (e.g. only once the goods were received); open by default. */
  canOpen?(tx: DbOrTx, orderId: string): Promise<boolean>;
  /** Moves the refund from the seller back to the buyer (a ledger journal), inside the request's transaction. */
  onRefund(tx: DbOrTx, r: { orderId: string; requestId: string; amount: string }): Promise<void>;
  /** Told when the seller ships the replacement of an exchange. */
  onExchangeShipped?(tx: DbOrTx, r: { orderId: string; requestId: string; trackingNo: string }): Promise<void>;
}

const handlers = new Map<AfterSaleKind, AfterSaleKindHandler>();

/**
 * The owning module registers its kind when it is built (the app wires modules once per process;
 * a later registration of the same kind replaces the earlier one).
 */
export function registerAfterSaleKind(kind: AfterSaleKind, handler: AfterSaleKindHandler): void {
  handlers.set(kind, handler);
}

export function afterSaleHandlerOf(kind: AfterSaleKind): AfterSaleKindHandler | undefined {
  return handlers.get(kind);
}

/**
 * Whether a return or exchange of the order is still under way: the owning module holds back
 * what would settle the order (paying the seller) until it is decided.
 */
export function hasOpenAfterSale(db: DbOrTx, kind: AfterSaleKind, orderId: string): Promise<boolean> {
  return hasOpenRequest(db, kind, orderId);
}
