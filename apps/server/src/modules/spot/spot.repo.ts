import { and, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { textArray, type DbOrTx } from '../../platform/db/index';
import { spotMarketLeases, spotMarkets, spotOrders, spotRiskDisclosures, spotTrades } from './spot.tables';

export type MarketRow = typeof spotMarkets.$inferSelect;
export type OrderRow = typeof spotOrders.$inferSelect;
export type TradeRow = typeof spotTrades.$inferSelect;
export type LeaseRow = typeof spotMarketLeases.$inferSelect & { expired: boolean };

export async function listMarkets(db: DbOrTx): Promise<MarketRow[]> {
  return db.select().from(spotMarkets).orderBy(spotMarkets.symbol);
}

export async function ensureMarket(db: DbOrTx, row: typeof spotMarkets.$inferInsert): Promise<void> {
  await db.insert(spotMarkets).values(row).onConflictDoNothing();
}

export async function openOrders(db: DbOrTx, symbol: string): Promise<OrderRow[]> {
  return db.select().from(spotOrders).where(and(eq(spotOrders.symbol, symbol), eq(spotOrders.open, true))).orderBy(spotOrders.id);
}

export async function openOrdersOfUser(db: DbOrTx, userId: number, symbol?: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.userId, userId), eq(spotOrders.open, true), symbol ? eq(spotOrders.symbol, symbol) : undefined))
    .orderBy(desc(spotOrders.id));
}

export async function historyOfUser(db: DbOrTx, query: { userId: number; symbol?: string | undefined; offset: number; limit: number }) {
  const where = and(eq(spotOrders.userId, query.userId), query.symbol ? eq(spotOrders.symbol, query.symbol) : undefined);
  const [rows, [totals]] = await Promise.all([
    db.select().from(spotOrders).where(where).orderBy(desc(spotOrders.id)).offset(query.offset).limit(query.limit),
    db.select({ total: count() }).from(spotOrders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findByClientId(db: DbOrTx, userId: number, clientOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(spotOrders).where(and(eq(spotOrders.userId, userId), eq(spotOrders.clientOrderId, clientOrderId))).limit(1);
  return row;
}

/** The orders of one OCO pair of a user, limit order first. */
export async function ordersOfList(db: DbOrTx, userId: number, listId: number): Promise<OrderRow[]> {
  return db.select().from(spotOrders).where(and(eq(spotOrders.userId, userId), eq(spotOrders.listId, listId))).orderBy(spotOrders.id);
}

/** The price of a market's last trade: what its stop orders watch after a restart. */
export async function lastTradePrice(db: DbOrTx, symbol: string): Promise<string | undefined> {
  const [row] = await db.select({ price: spotTrades.price }).from(spotTrades).where(eq(spotTrades.symbol, symbol)).orderBy(desc(spotTrades.id)).limit(1);
  return row?.price;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(spotOrders).where(eq(spotOrders.id, id)).limit(1);
  return row;
}

export async function recentTrades(db: DbOrTx, symbol: string, limit: number): Promise<TradeRow[]> {
  return db.select().from(spotTrades).where(eq(spotTrades.symbol, symbol)).orderBy(desc(spotTrades.id)).limit(limit);
}

export async function findDisclosure(db: DbOrTx, userId: number, version: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: spotRiskDisclosures.acceptedAt })
    .from(spotRiskDisclosures)
    .where(and(eq(spotRiskDisclosures.userId, userId), eq(spotRiskDisclosures.version, version)))
    .limit(1);
  return row?.at;
}

export async function acceptDisclosure(db: DbOrTx, userId: number, version: string, at: Date): Promise<void> {
  await db.insert(spotRiskDisclosures).values({ userId, version, acceptedAt: at }).onConflictDoNothing();
}

/** One interval's aggregate of trades; numbers as exact decimal text. */
export interface CandleRow {
  /** Start of the interval, epoch milliseconds. */
  start: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quoteVolume: string;
}

/**
 * Candles aggregated in the database from `from` on, newest first: intervals of `sizeMs`
 * starting at multiples of `sizeMs` shifted back by `shiftMs` (see `bucketStart`).
 */
export async function candles(db: DbOrTx, q: { symbol: string; from: Date; sizeMs: number; shiftMs: number; limit: number }): Promise<CandleRow[]> {
  const result = (await db.execute(sql`
    select (b * ${q.sizeMs} - ${q.shiftMs})::bigint::text as start,
           ((array_agg(price order by id))[1])::text as open,
           max(price)::text as high,
           min(price)::text as low,
           ((array_agg(price order by id desc))[1])::text as close,
           sum(quantity)::text as volume,
           sum(quote_quantity)::text as quote_volume
      from (select floor((extract(epoch from ${spotTrades.createdAt}) * 1000 + ${q.shiftMs}) / ${q.sizeMs}) as b,
                   ${spotTrades.id} as id, ${spotTrades.price} as price, ${spotTrades.quantity} as quantity, ${spotTrades.quoteQuantity} as quote_quantity
              from ${spotTrades}
             where ${spotTrades.symbol} = ${q.symbol} and ${spotTrades.createdAt} >= ${q.from.toISOString()}) as t
     group by b
     order by b desc
     limit ${q.limit}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => ({
    start: Number(row.start),
    open: row.open!,
    high: row.high!,
    low: row.low!,
    close: row.close!,
    volume: row.volume!,
    quoteVolume: row.quote_volume!,
  }));
}

// --- Group commit: a group's orders and trades written with a few statements. ---
// Each column goes as one array parameter and is unnested by PostgreSQL, so a statement costs
// about the same to build and parse for any number of rows.

const text = (values: readonly (string | number | boolean | null)[]) => sql`${textArray(values)}::text[]`;
const nullable = text;

/** Draws `n` ids from a table's identity sequence in one round trip. */
export async function allocateIds(db: DbOrTx, table: 'spot_orders' | 'spot_trades', n: number): Promise<number[]> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::text as id from generate_series(1, ${n})`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => Number(row.id));
}

/**
 * Writes a group's new orders (in their final state), the changes of existing ones and the
 * trades — with the ledger's journals alongside — in one statement (data-modifying CTEs): one
 * round trip however big the group. With a fence, the same statement takes the market's lease
 * row in share mode and answers whether it is still this owner's at this epoch: a takeover then
 * waits for this commit, and an owner that lost the market rolls the group back (false).
 */
export async function writeGroup(
  db: DbOrTx,
  params: { inserted: readonly OrderRow[]; changed: readonly OrderRow[]; trades: readonly TradeRow[] },
  /** Other CTEs written in the same statement (the ledger's journals). */
  alongside?: SQL,
  fence?: { symbol: string; owner: string; epoch: number },
): Promise<boolean> {
  const { inserted: ins, changed: chg, trades: trs } = params;
  const iso = (d: Date) => d.toISOString();
  const held = fence
    ? sql`select ${spotMarketLeases.epoch} from ${spotMarketLeases}
           where ${spotMarketLeases.symbol} = ${fence.symbol} and ${spotMarketLeases.owner} = ${fence.owner} and ${spotMarketLeases.epoch} = ${fence.epoch}
           for share`
    : sql`select 1`;
  const result = (await db.execute(sql`
    with ${alongside ? sql`${alongside},` : sql``} new_orders as (
      insert into ${spotOrders}
        (id, user_id, client_order_id, symbol, side, type, time_in_force, post_only, price, quantity, quote_amount,
         filled_quantity, filled_quote, reserved, status, open, created_at, updated_at,
         stop_price, trigger, triggered_at, list_id, stp_mode, fee, end_reason)
      overriding system value
      select * from unnest(
        ${text(ins.map((o) => o.id))}::bigint[], ${text(ins.map((o) => o.userId))}::bigint[], ${text(ins.map((o) => o.clientOrderId))},
        ${text(ins.map((o) => o.symbol))}, ${text(ins.map((o) => o.side))}, ${text(ins.map((o) => o.type))}, ${text(ins.map((o) => o.timeInForce))},
        ${text(ins.map((o) => o.postOnly))}::boolean[], ${text(ins.map((o) => o.price))}::numeric[], ${text(ins.map((o) => o.quantity))}::numeric[],
        ${text(ins.map((o) => o.quoteAmount))}::numeric[], ${text(ins.map((o) => o.filledQuantity))}::numeric[],
        ${text(ins.map((o) => o.filledQuote))}::numeric[], ${text(ins.map((o) => o.reserved))}::numeric[], ${text(ins.map((o) => o.status))},
        ${text(ins.map((o) => o.open))}::boolean[], ${text(ins.map((o) => iso(o.createdAt)))}::timestamptz[],
        ${text(ins.map((o) => iso(o.updatedAt)))}::timestamptz[], ${text(ins.map((o) => o.stopPrice))}::numeric[],
        ${nullable(ins.map((o) => o.trigger))}, ${nullable(ins.map((o) => (o.triggeredAt ? iso(o.triggeredAt) : null)))}::timestamptz[],
        ${nullable(ins.map((o) => (o.listId === null ? null : String(o.listId))))}::bigint[], ${text(ins.map((o) => o.stpMode))},
        ${text(ins.map((o) => o.fee))}::numeric[], ${nullable(ins.map((o) => o.endReason))})
    ), new_trades as (
      insert into ${spotTrades}
        (id, symbol, price, quantity, quote_quantity, maker_order_id, taker_order_id, taker_side, buyer_fee, seller_fee, created_at)
      overriding system value
      select * from unnest(
        ${text(trs.map((t) => t.id))}::bigint[], ${text(trs.map((t) => t.symbol))}, ${text(trs.map((t) => t.price))}::numeric[],
        ${text(trs.map((t) => t.quantity))}::numeric[], ${text(trs.map((t) => t.quoteQuantity))}::numeric[],
        ${text(trs.map((t) => t.makerOrderId))}::bigint[], ${text(trs.map((t) => t.takerOrderId))}::bigint[], ${text(trs.map((t) => t.takerSide))},
        ${text(trs.map((t) => t.buyerFee))}::numeric[], ${text(trs.map((t) => t.sellerFee))}::numeric[],
        ${text(trs.map((t) => iso(t.createdAt)))}::timestamptz[])
    ), changed_orders as (
      update ${spotOrders} as o
         set filled_quantity = v.filled_quantity, filled_quote = v.filled_quote, status = v.status,
             open = v.open, reserved = v.reserved, updated_at = v.updated_at,
             triggered_at = v.triggered_at, fee = v.fee, end_reason = v.end_reason
        from unnest(
          ${text(chg.map((o) => o.id))}::bigint[], ${text(chg.map((o) => o.filledQuantity))}::numeric[],
          ${text(chg.map((o) => o.filledQuote))}::numeric[], ${text(chg.map((o) => o.status))},
          ${text(chg.map((o) => o.open))}::boolean[], ${text(chg.map((o) => o.reserved))}::numeric[],
          ${text(chg.map((o) => iso(o.updatedAt)))}::timestamptz[],
          ${nullable(chg.map((o) => (o.triggeredAt ? iso(o.triggeredAt) : null)))}::timestamptz[],
          ${text(chg.map((o) => o.fee))}::numeric[], ${nullable(chg.map((o) => o.endReason))})
          as v(id, filled_quantity, filled_quote, status, open, reserved, updated_at, triggered_at, fee, end_reason)
       where o.id = v.id
    ), fence as (${held})
    select count(*)::int as held from fence`)) as unknown as { rows: { held: number }[] };
  return Number(result.rows[0]?.held) > 0;
}

// --- Market leases: which instance runs each book. Times are the database's, shared by every instance. ---

const inMs = (ms: number) => sql`now() + ${String(ms)}::integer * interval '1 millisecond'`;

/**
 * Takes a market that is free or whose lease has expired; returns the new epoch, or undefined
 * when another instance holds it. The row lock waits for a group commit of the former owner
 * that is still running (its fence holds the row), so that commit is in before the takeover.
 */
export async function claimLease(db: DbOrTx, lease: { symbol: string; owner: string; url: string; ttlMs: number }): Promise<number | undefined> {
  const [row] = await db
    .insert(spotMarketLeases)
    .values({ symbol: lease.symbol, owner: lease.owner, url: lease.url, epoch: 1, expiresAt: inMs(lease.ttlMs) })
    .onConflictDoUpdate({
      target: spotMarketLeases.symbol,
      set: { owner: lease.owner, url: lease.url, epoch: sql`${spotMarketLeases.epoch} + 1`, expiresAt: inMs(lease.ttlMs) },
      where: lt(spotMarketLeases.expiresAt, sql`now()`),
    })
    .returning({ epoch: spotMarketLeases.epoch });
  return row?.epoch;
}

/** Extends every lease this owner still holds; returns them (a market missing here was taken over). */
export async function renewLeases(db: DbOrTx, owner: string, ttlMs: number): Promise<{ symbol: string; epoch: number }[]> {
  return db
    .update(spotMarketLeases)
    .set({ expiresAt: inMs(ttlMs) })
    .where(eq(spotMarketLeases.owner, owner))
    .returning({ symbol: spotMarketLeases.symbol, epoch: spotMarketLeases.epoch });
}

/** Lets the other instances take this owner's markets at once (a clean shutdown). */
export async function releaseLeases(db: DbOrTx, owner: string): Promise<void> {
  await db.update(spotMarketLeases).set({ expiresAt: sql`'-infinity'::timestamptz` }).where(eq(spotMarketLeases.owner, owner));
}

export async function readLeases(db: DbOrTx): Promise<LeaseRow[]> {
  return db.select({ symbol: spotMarketLeases.symbol, owner: spotMarketLeases.owner, url: spotMarketLeases.url, epoch: spotMarketLeases.epoch, expiresAt: spotMarketLeases.expiresAt, expired: sql<boolean>`${spotMarketLeases.expiresAt} < now()` }).from(spotMarketLeases);
}

