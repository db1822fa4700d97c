import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { Decimal } from '@tp/decimal';
import type { SpotMyTrade, SpotOrder } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { toOrder } from './market-state';
import { spotMarkets, spotOrders, spotTrades } from './spot.tables';

/**
 * Read-only look-ups of one user's spot orders and fills, by the keys trading clients use
 * (order id, client order id, id and time ranges). The owner is in every `where`.
 */

/** A spot order as the service reports it. */
export type AccountOrder = SpotOrder;

/** One fill seen from one side: the user's order, its side and role, and the fee it paid (quote). */
export interface AccountTrade {
  id: number;
  symbol: string;
  orderId: string;
  side: 'buy' | 'sell';
  isMaker: boolean;
  price: string;
  quantity: string;
  quoteQuantity: string;
  fee: string;
  time: Date;
}

const plain = (value: string) => Decimal.parse(value).toString();

const toAccountOrder = toOrder;

export async function findAccountOrder(db: DbOrTx, userId: number, symbol: string, ref: { orderId?: number | undefined; clientOrderId?: string | undefined }): Promise<AccountOrder | undefined> {
  const by = ref.orderId !== undefined ? eq(spotOrders.id, ref.orderId) : ref.clientOrderId !== undefined ? eq(spotOrders.clientOrderId, ref.clientOrderId) : undefined;
  if (!by) return undefined;
  const [row] = await db.select().from(spotOrders).where(and(eq(spotOrders.userId, userId), eq(spotOrders.symbol, symbol), by)).limit(1);
  return row ? toAccountOrder(row) : undefined;
}

export interface RangeQuery {
  /** From this id on (orders: order id; trades: trade id), oldest first. */
  fromId?: number | undefined;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
  limit: number;
}

/**
 * A user's orders, oldest first: from `fromId` or `startTime` on when given, otherwise the
 * newest `limit`. `open` narrows to orders still on the book.
 */
export async function listAccountOrders(db: DbOrTx, userId: number, q: RangeQuery & { symbol?: string | undefined; open?: boolean }): Promise<AccountOrder[]> {
  const where = and(
    eq(spotOrders.userId, userId),
    q.symbol ? eq(spotOrders.symbol, q.symbol) : undefined,
    q.open ? eq(spotOrders.open, true) : undefined,
    q.fromId !== undefined ? gte(spotOrders.id, q.fromId) : undefined,
    q.startTime ? gte(spotOrders.createdAt, q.startTime) : undefined,
    q.endTime ? lte(spotOrders.createdAt, q.endTime) : undefined,
  );
  const forward = q.fromId !== undefined || q.startTime !== undefined;
  const rows = await db.select().from(spotOrders).where(where).orderBy(forward ? asc(spotOrders.id) : desc(spotOrders.id)).limit(q.limit);
  return (forward ? rows : rows.reverse()).map(toAccountOrder);
}

/** A user's fills in one market, oldest first, with the same range rules as the orders. */
export async function listAccountTrades(db: DbOrTx, userId: number, q: RangeQuery & { symbol: string; orderId?: number | undefined }): Promise<AccountTrade[]> {
  const range: (SQL | undefined)[] = [
    eq(spotTrades.symbol, q.symbol),
    q.fromId !== undefined ? gte(spotTrades.id, q.fromId) : undefined,
    q.startTime ? gte(spotTrades.createdAt, q.startTime) : undefined,
    q.endTime ? lte(spotTrades.createdAt, q.endTime) : undefined,
    q.orderId !== undefined ? eq(spotOrders.id, q.orderId) : undefined,
  ];
  const forward = q.fromId !== undefined || q.startTime !== undefined;
  const rows = await db
    .select({ trade: spotTrades, orderId: spotOrders.id, side: spotOrders.side })
    .from(spotTrades)
    .innerJoin(spotOrders, or(eq(spotOrders.id, spotTrades.makerOrderId), eq(spotOrders.id, spotTrades.takerOrderId)))
    .where(and(eq(spotOrders.userId, userId), ...range))
    .orderBy(forward ? asc(spotTrades.id) : desc(spotTrades.id), asc(spotOrders.id))
    .limit(q.limit);
  const ordered = forward ? rows : rows.reverse();
  return ordered.map(({ trade, orderId, side }) => ({
    id: trade.id,
    symbol: trade.symbol,
    orderId: String(orderId),
    side,
    isMaker: trade.makerOrderId === orderId,
    price: plain(trade.price),
    quantity: plain(trade.quantity),
    quoteQuantity: plain(trade.quoteQuantity),
    fee: plain(side === 'buy' ? trade.buyerFee : trade.sellerFee),
    time: trade.createdAt,
  }));
}

/** A user's fills in every market or one, newest first, a page at a time. */
export async function myTradesPage(db: DbOrTx, userId: number, q: { symbol?: string | undefined; offset: number; limit: number }): Promise<{ rows: SpotMyTrade[]; total: number }> {
  const where = and(eq(spotOrders.userId, userId), q.symbol ? eq(spotTrades.symbol, q.symbol) : undefined);
  const joined = or(eq(spotOrders.id, spotTrades.makerOrderId), eq(spotOrders.id, spotTrades.takerOrderId));
  const [rows, [totals]] = await Promise.all([
    db
      .select({ trade: spotTrades, orderId: spotOrders.id, side: spotOrders.side })
      .from(spotTrades)
      .innerJoin(spotOrders, joined)
      .where(where)
      .orderBy(desc(spotTrades.id), asc(spotOrders.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ total: count() }).from(spotTrades).innerJoin(spotOrders, joined).where(where),
  ]);
  return {
    total: totals?.total ?? 0,
    rows: rows.map(({ trade, orderId, side }) => ({
      id: String(trade.id),
      symbol: trade.symbol,
      orderId: String(orderId),
      side,
      role: trade.makerOrderId === orderId ? 'maker' : 'taker',
      price: plain(trade.price),
      quantity: plain(trade.quantity),
      quoteQuantity: plain(trade.quoteQuantity),
      fee: plain(side === 'buy' ? trade.buyerFee : trade.sellerFee),
      time: trade.createdAt.toISOString(),
    })),
  };
}

/** Fees the user paid on fills in [from, until), per quote asset (the lock-up reward's acceleration reads them). */
export async function feesPaidBetween(db: DbOrTx, userId: number, from: Date, until: Date): Promise<Map<string, string>> {
  const rows = await db
    .select({ quote: spotMarkets.quote, fee: sql<string>`coalesce(sum(case when ${spotOrders.side} = 'buy' then ${spotTrades.buyerFee} else ${spotTrades.sellerFee} end), 0)::text` })
    .from(spotTrades)
    .innerJoin(spotOrders, or(eq(spotOrders.id, spotTrades.makerOrderId), eq(spotOrders.id, spotTrades.takerOrderId)))
    .innerJoin(spotMarkets, eq(spotMarkets.symbol, spotTrades.symbol))
    .where(and(eq(spotOrders.userId, userId), gte(spotTrades.createdAt, from), lt(spotTrades.createdAt, until)))
    .groupBy(spotMarkets.quote);
  return new Map(rows.map((row) => [row.quote, Decimal.parse(row.fee).toString()]));
}

/**
 * The fee each of the user's sides paid on the given fills, keyed `<trade id>:<buy|sell>`, in the
 * market's quote asset (the financial log shows a fill's fee as its own line).
 */
export async function feesOfTrades(db: DbOrTx, userId: number, tradeIds: readonly number[]): Promise<Map<string, { asset: string; amount: string }>> {
  if (tradeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: spotTrades.id, side: spotOrders.side, quote: spotMarkets.quote, buyerFee: spotTrades.buyerFee, sellerFee: spotTrades.sellerFee })
    .from(spotTrades)
    .innerJoin(spotOrders, or(eq(spotOrders.id, spotTrades.makerOrderId), eq(spotOrders.id, spotTrades.takerOrderId)))
    .innerJoin(spotMarkets, eq(spotMarkets.symbol, spotTrades.symbol))
    .where(and(eq(spotOrders.userId, userId), inArray(spotTrades.id, [...tradeIds])));
  return new Map(rows.map((row) => [`${row.id}:${row.side}`, { asset: row.quote, amount: plain(row.side === 'buy' ? row.buyerFee : row.sellerFee) }]));
}
