import { Decimal } from '@tp/decimal';
import type { OrderBook } from '@tp/matching';
import type { SpotOrder, SpotTrade } from '@tp/contract';
import { exchangeBook, userOwner } from '../asset/index';
import type { GroupStore } from './group-store';
import type { MarketStats } from './market-data';
import type * as repo from './spot.repo';

/** A market as this instance holds it; the book and its open orders are filled only where the market is run. */
export interface MarketState {
  row: repo.MarketRow;
  tick: Decimal;
  lot: Decimal;
  book: OrderBook;
  /** The book's resting orders as stored, by id: what fills read and change without a query. */
  open: Map<number, repo.OrderRow>;
  /** Commands waiting for the next group commit; the book and the database move together. */
  pending: Command[];
  draining: boolean;
  /**
   * Counts book changes; each depth push carries the next one (see `DepthSnapshot`). It starts at
   * the time the book was built (see `seqBase`), so after a restart or a takeover clients see a
   * jump and reload their snapshot.
   */
  seq: number;
  stats: MarketStats;
  /** When the ticker was last pushed, and the trailing push waiting for its turn. */
  tickerPushedAt: number;
  tickerTimer: ReturnType<typeof setTimeout> | undefined;
}

/** What one command changed, pushed to the market's streams once it is committed. */
export interface MarketChanges {
  /** Set just before the command moves the engine: from then on its failure cannot be undone alone. */
  engineMoved: boolean;
  trades: repo.TradeRow[];
  /** `side:price` (in ticks) of every level whose total may have changed. */
  levels: Set<string>;
  orders: repo.OrderRow[];
}

/** A command on a market's book, run in the market's next group commit. */
export interface Command {
  /** The user the trading gate is asked about before the command runs (orders, not cancels). */
  gateUserId: number | undefined;
  work: (store: GroupStore, changes: MarketChanges) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Where market data and order updates go: the WebSocket hub's topics, through the event bus. */
export type MarketFeed = (topic: string, pushType: 'depth' | 'trade' | 'ticker' | 'kline' | 'order', data: unknown) => void;

export const available = (userId: number, currency: string) => ({ ...userOwner(userId), currency, kind: exchangeBook('spot').available });
export const frozen = (userId: number, currency: string) => ({ ...userOwner(userId), currency, kind: exchangeBook('spot').frozen });

export function toOrder(row: repo.OrderRow): SpotOrder {
  const filled = Decimal.parse(row.filledQuantity);
  const quote = Decimal.parse(row.filledQuote);
  return {
    orderId: String(row.id),
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    timeInForce: row.timeInForce,
    postOnly: row.postOnly,
    price: Decimal.parse(row.price).toString(),
    quantity: Decimal.parse(row.quantity).toString(),
    quoteAmount: Decimal.parse(row.quoteAmount).toString(),
    stopPrice: Decimal.parse(row.stopPrice).toString(),
    ...(row.trigger ? { trigger: row.trigger } : {}),
    waiting: row.open && row.trigger !== null && row.triggeredAt === null,
    filledQuantity: filled.toString(),
    filledQuote: quote.toString(),
    // Exact to 18 places, rounded half-up: enough for any price step.
    averagePrice: filled.isPositive() ? quote.div(filled, 18, 'half-up').toString() : '0',
    fee: Decimal.parse(row.fee).toString(),
    status: row.status,
    ...(row.endReason ? { endReason: row.endReason } : {}),
    stpMode: row.stpMode,
    ...(row.listId !== null ? { listId: String(row.listId) } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTrade(row: repo.TradeRow): SpotTrade {
  return { id: String(row.id), price: Decimal.parse(row.price).toString(), quantity: Decimal.parse(row.quantity).toString(), takerSide: row.takerSide, time: row.createdAt.toISOString() };
}
