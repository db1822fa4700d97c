import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

/** An asset the exchange holds for its users, with its deposit and withdrawal rules. */
export const exchangeAssets = pgTable('exchange_assets', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  precision: integer('precision').notNull(),
  minDeposit: numeric('min_deposit', { precision: 38, scale: 18 }).notNull(),
  minWithdraw: numeric('min_withdraw', { precision: 38, scale: 18 }).notNull(),
  withdrawFee: numeric('withdraw_fee', { precision: 38, scale: 18 }).notNull(),
  confirmations: integer('confirmations').notNull(),
  chain: text('chain').notNull(),
  /** Reference price for valuations until the spot market sets one. */
  usdtPrice: numeric('usdt_price', { precision: 38, scale: 18 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});
