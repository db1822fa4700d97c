import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const spotMarkets = pgTable('spot_markets', {
  symbol: text('symbol').primaryKey(),
  base: text('base').notNull(),
  quote: text('quote').notNull(),
  tickSize: amount('tick_size').notNull(),
  lotSize: amount('lot_size').notNull(),
  minNotional: amount('min_notional').notNull(),
  makerFee: amount('maker_fee').notNull(),
  takerFee: amount('taker_fee').notNull(),
  status: text('status').$type<'open' | 'halted'>().notNull().default('open'),
});

/**
 * An order and what is left of its reserve. The book in memory is rebuilt from the open ones
 * (`open` true) at start, so every accepted order is here before it is acknowledged.
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    clientOrderId: text('client_order_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    type: text('type').$type<'limit' | 'market' | 'stop_limit' | 'stop_market'>().notNull(),
    timeInForce: text('time_in_force').$type<'GTC' | 'IOC' | 'FOK'>().notNull(),
    postOnly: boolean('post_only').notNull().default(false),
    price: amount('price').notNull(),
    quantity: amount('quantity').notNull(),
    quoteAmount: amount('quote_amount').notNull(),
    /** Stop orders: the price that fires them, and which way the last price must move to reach it. */
    stopPrice: amount('stop_price').notNull().default('0'),
    trigger: text('trigger').$type<'up' | 'down'>(),
    /** When a stop order fired; until then it waits in the engine's trigger queue, off the book. */
    triggeredAt: at('triggered_at'),
    /** Both orders of a one-cancels-the-other pair: the id of its limit order. */
    listId: bigint('list_id', { mode: 'number' }),
    stpMode: text('stp_mode').$type<'EXPIRE_TAKER' | 'EXPIRE_MAKER' | 'EXPIRE_BOTH' | 'NONE'>().notNull().default('EXPIRE_TAKER'),
    /** Fees paid by the order's fills so far, in the quote asset. */
    fee: amount('fee').notNull().default('0'),
    endReason: text('end_reason').$type<'user' | 'ioc' | 'fok' | 'post_only' | 'stp' | 'no_liquidity' | 'price_protection' | 'oco'>(),
    filledQuantity: amount('filled_quantity').notNull().default('0'),
    filledQuote: amount('filled_quote').notNull().default('0'),
    /** Still frozen for this order: quote for buys, base for sells. */
    reserved: amount('reserved').notNull(),
    status: text('status').$type<'new' | 'partially_filled' | 'filled' | 'cancelled' | 'partially_cancelled'>().notNull(),
    open: boolean('open').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('spot_orders_client_uq').on(t.userId, t.clientOrderId),
    index('spot_orders_open_idx').on(t.symbol, t.open, t.id),
    index('spot_orders_user_idx').on(t.userId, t.id),
    check('spot_orders_reserved', sql`${t.reserved} >= 0`),
  ],
);

export const spotTrades = pgTable(
  'spot_trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    price: amount('price').notNull(),
    quantity: amount('quantity').notNull(),
    quoteQuantity: amount('quote_quantity').notNull(),
    makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
    takerSide: text('taker_side').$type<'buy' | 'sell'>().notNull(),
    buyerFee: amount('buyer_fee').notNull(),
    sellerFee: amount('seller_fee').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('spot_trades_symbol_idx').on(t.symbol, t.id)],
);

/** Who accepted which version of the risk disclosure, and when. */
export const spotRiskDisclosures = pgTable(
  'spot_risk_disclosures',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    version: text('version').notNull(),
    acceptedAt: at('accepted_at').notNull(),
  },
  (t) => [uniqueIndex('spot_risk_disclosures_uq').on(t.userId, t.version)],
);

/**
 * Which server instance runs each market's book. One row per market; the owner renews
 * `expires_at` every couple of seconds. Taking a market over (free, or its lease expired) bumps
 * `epoch`, and every group commit checks the epoch it holds, so an owner that stalled and lost the
 * market can never write to it again.
 */
export const spotMarketLeases = pgTable('spot_market_leases', {
  symbol: text('symbol').primaryKey(),
  /** The owning process (random per start, so a restarted process is a new owner). */
  owner: text('owner').notNull(),
  /** Where the other instances forward the market's commands (the owner's INSTANCE_URL). */
  url: text('url').notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  expiresAt: at('expires_at').notNull(),
});
