import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { amount } from '../../platform/db/columns';

/** An asset the exchange holds for its users, with its deposit and withdrawal rules. */
export const exchangeAssets = pgTable('exchange_assets', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  precision: integer('precision').notNull(),
  minDeposit: amount('min_deposit').notNull(),
  minWithdraw: amount('min_withdraw').notNull(),
  withdrawFee: amount('withdraw_fee').notNull(),
  confirmations: integer('confirmations').notNull(),
  chain: text('chain').notNull(),
  /** Reference price for valuations until the spot market sets one. */
  usdtPrice: amount('usdt_price').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});
