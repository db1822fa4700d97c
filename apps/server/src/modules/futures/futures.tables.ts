import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, blank, createdAt, identityKey, timestamps, userIdColumn } from '../../platform/db/columns';

/** A contract listing: which spot market it follows and the rules of trading it. Quantities are in lots. */
export const futuresListings = pgTable(
  'futures_listings',
  {
    id: identityKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'unlisted' | 'listed' | 'delisted'>().notNull(),
    tickSize: amount('tick_size').notNull(),
    unit: amount('unit').notNull(),
    marginAlgorithm: text('margin_algorithm').$type<'fixed' | 'percent'>().notNull(),
    marginCoefficient: amount('margin_coefficient').notNull(),
    maintenanceRate: amount('maintenance_rate').notNull(),
    feeAlgorithm: text('fee_algorithm').$type<'fixed' | 'percent'>().notNull(),
    openFee: amount('open_fee').notNull(),
    closeFee: amount('close_fee').notNull(),
    minLots: integer('min_lots').notNull(),
    maxLots: integer('max_lots').notNull(),
    maxPosition: integer('max_position').notNull(),
    priceDifference: amount('price_difference').notNull(),
    overnightFee: amount('overnight_fee').notNull(),
    allowMarketOpen: boolean('allow_market_open').notNull(),
    allowMarketClose: boolean('allow_market_close').notNull(),
    allowStops: boolean('allow_stops').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('futures_listings_code_uq').on(t.code)],
);

/** An entrustment. Opening orders hold their margin and fee on the contract account until they fill or are cancelled. */
export const futuresOrders = pgTable(
  'futures_orders',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    listingId: integer('listing_id').notNull(),
    side: text('side').$type<'long' | 'short'>().notNull(),
    action: text('action').$type<'open' | 'close'>().notNull(),
    type: text('type').$type<'market' | 'limit'>().notNull(),
    lots: integer('lots').notNull(),
    filledLots: integer('filled_lots').notNull().default(0),
    price: amount('price').notNull(),
    fillPrice: amount('fill_price').notNull().default('0'),
    frozenMargin: amount('frozen_margin').notNull().default('0'),
    frozenFee: amount('frozen_fee').notNull().default('0'),
    stopProfit: blank('stop_profit'),
    stopLoss: blank('stop_loss'),
    status: text('status').$type<'entrusted' | 'partially_filled' | 'filled' | 'cancelled' | 'partially_cancelled'>().notNull(),
    open: boolean('open').notNull(),
    ...timestamps(),
  },
  (t) => [index('futures_orders_user_idx').on(t.userId, t.id), index('futures_orders_open_idx').on(t.listingId, t.open)],
);

/** One position per user, listing and side; it stays as a row at zero lots once closed and is reused. */
export const futuresPositions = pgTable(
  'futures_positions',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    listingId: integer('listing_id').notNull(),
    side: text('side').$type<'long' | 'short'>().notNull(),
    lots: integer('lots').notNull(),
    averagePrice: amount('average_price').notNull(),
    openPrice: amount('open_price').notNull(),
    openedAt: at('opened_at').notNull(),
    /** Held on the contract account's frozen side for this position. */
    margin: amount('margin').notNull(),
    stopProfit: blank('stop_profit'),
    stopLoss: blank('stop_loss'),
    mode: text('mode').$type<'market' | 'limit'>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('futures_positions_owner_uq').on(t.userId, t.listingId, t.side), index('futures_positions_listing_idx').on(t.listingId, t.lots)],
);

/** A fill: opening, closing (by the user, a stop, or compulsory closing). */
export const futuresDeals = pgTable(
  'futures_deals',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    listingId: integer('listing_id').notNull(),
    orderId: integer('order_id'),
    positionId: integer('position_id').notNull(),
    side: text('side').$type<'long' | 'short'>().notNull(),
    action: text('action').$type<'open' | 'close'>().notNull(),
    dealType: text('deal_type').$type<'market' | 'limit' | 'stop_loss' | 'stop_profit' | 'liquidation'>().notNull(),
    price: amount('price').notNull(),
    lots: integer('lots').notNull(),
    fee: amount('fee').notNull(),
    realizedPnl: amount('realized_pnl').notNull(),
    /** The loss beyond the margin that the platform's risk account bore (compulsory closing only). */
    shortfall: amount('shortfall').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [index('futures_deals_user_idx').on(t.userId, t.id), index('futures_deals_type_idx').on(t.dealType, t.id)],
);

/** A user's daily settlement: the overnight fee charged and the day's results. */
export const futuresSettlements = pgTable(
  'futures_settlements',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    day: text('day').notNull(),
    currency: text('currency').notNull(),
    positions: integer('positions').notNull(),
    overnightFee: amount('overnight_fee').notNull(),
    realizedPnl: amount('realized_pnl').notNull(),
    fees: amount('fees').notNull(),
    balance: amount('balance').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('futures_settlements_user_day_uq').on(t.userId, t.day, t.currency)],
);
