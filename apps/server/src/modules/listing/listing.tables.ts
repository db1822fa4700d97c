import { bigint, boolean, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const qty = (name: string) => numeric(name, { precision: 38, scale: 3 });
const money = (name: string) => numeric(name, { precision: 38, scale: 2 });

/**
 * A listing (挂牌). A spot listing `X`/`W` is backed by one frozen part of the seller's holding
 * (`holdId`): `backingQuantity`/`backingWeight` are what that part holds, the unpicked remainder
 * plus what picks awaiting confirmation have reserved.
 */
export const listings = pgTable(
  'listings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 810001 }),
    firmId: bigint('firm_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    source: text('source').notNull(),
    holdId: bigint('hold_id', { mode: 'number' }),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }).notNull(),
    gradeId: bigint('grade_id', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    quantity: qty('quantity').notNull(),
    weight: qty('weight').notNull(),
    remaining: qty('remaining').notNull(),
    backingQuantity: qty('backing_quantity').notNull(),
    backingWeight: qty('backing_weight').notNull(),
    openTicketDay: integer('open_ticket_day').notNull(),
    autoRevoke: boolean('auto_revoke').notNull().default(false),
    /** O listed, Z picked, T completed, U cancelled. */
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('listings_status_idx').on(t.status, t.id), index('listings_firm_idx').on(t.firmId, t.id)],
);

/** A pick (摘牌) of part or all of a listing by a buyer firm. */
export const listingPicks = pgTable(
  'listing_picks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 820001 }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id),
    buyerFirmId: bigint('buyer_firm_id', { mode: 'number' }).notNull(),
    sellerFirmId: bigint('seller_firm_id', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    quantity: qty('quantity').notNull(),
    weight: qty('weight'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    /** W to confirm, T confirmed, F invalid, U cancelled. */
    status: text('status').notNull(),
    /** W awaiting payment, F first payment paid, L remainder paid. */
    payStatus: text('pay_status').notNull(),
    /** The buyer's holding the goods became, once confirmed. */
    boughtHoldId: bigint('bought_hold_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('listing_picks_listing_idx').on(t.listingId, t.status),
    index('listing_picks_buyer_idx').on(t.buyerFirmId, t.id),
    index('listing_picks_seller_idx').on(t.sellerFirmId, t.id),
  ],
);
