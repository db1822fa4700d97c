import type {
  BargainStatus,
  BsFlag,
  DefaultReason,
  DefaultStatus,
  DeliveryStatus,
  InvoiceStatus,
  ListingAuditStatus,
  ListingSource,
  ListingStatusAll,
  ListingType,
  MarginEventType,
  PickPayStatus,
  PickStatus,
  PriceFlag,
} from '@tp/contract';
import { bigint, boolean, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, blank, createdAt, firmIdColumn, identityKey, referenceTo, timestamps } from '../../platform/db/columns';

const qty = (name: string) => numeric(name, { precision: 38, scale: 3 });
const money = (name: string) => numeric(name, { precision: 38, scale: 2 });
const share = (name: string) => numeric(name, { precision: 10, scale: 4 });

/**
 * A listing (挂牌). A spot listing `X`/`W` is backed by one frozen part of the seller's holding
 * (`holdId`): `backingQuantity`/`backingWeight` are what that part holds, the unpicked remainder
 * plus what picks awaiting confirmation have reserved.
 */
export const listings = pgTable(
  'listings',
  {
    id: identityKey(810001),
    firmId: firmIdColumn().notNull(),
    type: text('type').$type<ListingType>().notNull(),
    source: text('source').$type<ListingSource>().notNull(),
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
    /** A awaiting audit, O listed, Z picked, T completed, U cancelled. */
    status: text('status').$type<ListingStatusAll>().notNull(),
    /** S the owner sells, B the owner buys (purchase requests and margin buy orders). */
    bsFlag: text('bs_flag').$type<BsFlag>().notNull().default('S'),
    bankId: blank('bank_id'),
    origin: blank('origin'),
    packagId: bigint('packag_id', { mode: 'number' }),
    poundsPoor: share('pounds_poor').notNull().default('0'),
    /** Presale: the day (YYYY-MM-DD, Asia/Shanghai) the goods must be stocked in by. */
    putWarehousDay: text('put_warehous_day'),
    specifications: blank('specifications'),
    isMarginPay: boolean('is_margin_pay').notNull().default(false),
    contentSpecificationId: bigint('content_specification_id', { mode: 'number' }),
    /** The owner's money still frozen for the unpicked remainder (seller margin, or a buyer's funds on a buy order). */
    margin: money('margin').notNull().default('0'),
    /** N no audit, P pending, T passed, F failed. */
    auditStatus: text('audit_status').$type<ListingAuditStatus>().notNull().default('N'),
    reason: blank('reason'),
    topAt: at('top_at'),
    /** The warehouse holding the goods, copied from the holding when listed (market filter). */
    storageId: bigint('storage_id', { mode: 'number' }),
    storageName: text('storage_name'),
    ...timestamps(),
  },
  (t) => [index('listings_status_idx').on(t.status, t.id), index('listings_firm_idx').on(t.firmId, t.id)],
);

/** A pick (摘牌) of part or all of a listing by a buyer firm. */
export const listingPicks = pgTable(
  'listing_picks',
  {
    id: identityKey(820001),
    listingId: referenceTo('listing_id', () => listings.id),
    buyerFirmId: bigint('buyer_firm_id', { mode: 'number' }).notNull(),
    sellerFirmId: bigint('seller_firm_id', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    quantity: qty('quantity').notNull(),
    weight: qty('weight'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    /** W to confirm, T confirmed, F invalid, U cancelled. */
    status: text('status').$type<PickStatus>().notNull(),
    /** W awaiting payment, F first payment paid, L remainder paid. */
    payStatus: text('pay_status').$type<PickPayStatus>().notNull(),
    /** The buyer's holding the goods became, once confirmed. */
    boughtHoldId: bigint('bought_hold_id', { mode: 'number' }),
    /** The seller's frozen part backing this pick alone (purchase requests, presale after stock-in). */
    holdId: bigint('hold_id', { mode: 'number' }),
    /** F ordinary price, T bargained. */
    priceFlag: text('price_flag').$type<PriceFlag>().notNull().default('F'),
    bargainId: bigint('bargain_id', { mode: 'number' }),
    /** The pick's share of the listed weight; `weight` is what was delivered. */
    listedWeight: qty('listed_weight'),
    /** The buyer's money frozen for the pick: its margin, or the whole amount when paid in full. */
    buyerMargin: money('buyer_margin').notNull().default('0'),
    sellerMargin: money('seller_margin').notNull().default('0'),
    /** W not issued, O awaiting confirmation, T confirmed. */
    invoiceStatus: text('invoice_status').$type<InvoiceStatus>().notNull().default('W'),
    invoiceTitle: text('invoice_title'),
    taxpayerId: text('taxpayer_id'),
    invoiceAmount: money('invoice_amount'),
    invoiceFileId: text('invoice_file_id'),
    invoiceFileName: text('invoice_file_name'),
    invoiceOpenedAt: at('invoice_opened_at'),
    invoiceConfirmedAt: at('invoice_confirmed_at'),
    /** N none, W delayed, F defaulted. */
    buyerDefault: text('buyer_default').$type<DefaultStatus>().notNull().default('N'),
    sellerDefault: text('seller_default').$type<DefaultStatus>().notNull().default('N'),
    /** Why a side is delayed or defaulted; '' when none. */
    defaultReason: text('default_reason').$type<DefaultReason | ''>().notNull().default(''),
    /** When the side entered `W`; `F` follows after the grace days. */
    buyerDelayedAt: at('buyer_delayed_at'),
    sellerDelayedAt: at('seller_delayed_at'),
    /** N goods held, W presale awaiting stock-in, T stocked in. */
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull().default('N'),
    confirmedAt: at('confirmed_at'),
    balanceDueAt: at('balance_due_at'),
    invoiceDueAt: at('invoice_due_at'),
    deliveryDueAt: at('delivery_due_at'),
    paidAt: at('paid_at'),
    settledAt: at('settled_at'),
    contractId: text('contract_id'),
    ...timestamps(),
  },
  (t) => [
    index('listing_picks_listing_idx').on(t.listingId, t.status),
    index('listing_picks_buyer_idx').on(t.buyerFirmId, t.id),
    index('listing_picks_seller_idx').on(t.sellerFirmId, t.id),
  ],
);

/** One margin event (1–9) of a listing or a pick, in the order it happened; `journalId` is the ledger journal it posted. */
export const listingMarginEvents = pgTable(
  'listing_margin_events',
  {
    id: identityKey(),
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    /** Null for events of the listing itself (1 list order, 7 the remainder released). */
    pickId: bigint('pick_id', { mode: 'number' }),
    eventType: text('event_type').$type<MarginEventType>().notNull(),
    amount: money('amount').notNull(),
    journalId: text('journal_id'),
    note: blank('note'),
    createdAt: createdAt(),
  },
  (t) => [index('listing_margin_events_pick_idx').on(t.pickId, t.id), index('listing_margin_events_listing_idx').on(t.listingId, t.id)],
);

/** A price offer (议价) on a listing, between the offerer and the listing's owner only. */
export const listingBargains = pgTable(
  'listing_bargains',
  {
    id: identityKey(830001),
    listingId: referenceTo('listing_id', () => listings.id),
    offererFirmId: bigint('offerer_firm_id', { mode: 'number' }).notNull(),
    ownerFirmId: bigint('owner_firm_id', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    quantity: qty('quantity').notNull(),
    /** The offering seller's holding on a buy order. */
    holdId: bigint('hold_id', { mode: 'number' }),
    note: blank('note'),
    counterPrice: money('counter_price'),
    counterQuantity: qty('counter_quantity'),
    counterNote: blank('counter_note'),
    /** W awaiting the owner, C countered, A accepted, R refused, X withdrawn or void. */
    status: text('status').$type<BargainStatus>().notNull(),
    pickId: bigint('pick_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [index('listing_bargains_offerer_idx').on(t.offererFirmId, t.id), index('listing_bargains_owner_idx').on(t.ownerFirmId, t.id)],
);

/** The trading fee and margin settings: one row (`id` 1) plus per commodity type overrides. */
export const listingSettings = pgTable('listing_settings', {
  id: integer('id').primaryKey(),
  feeRate: share('fee_rate').notNull(),
  defaultBuyerMarginRatio: share('default_buyer_margin_ratio').notNull(),
  defaultSellerMarginRatio: share('default_seller_margin_ratio').notNull(),
  balanceDays: integer('balance_days').notNull(),
  graceDays: integer('grace_days').notNull(),
  forfeitPlatformShare: share('forfeit_platform_share').notNull(),
  marketCloseTime: text('market_close_time').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const listingCommodityMargins = pgTable(
  'listing_commodity_margins',
  {
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }).notNull(),
    buyerMarginRatio: share('buyer_margin_ratio').notNull(),
    sellerMarginRatio: share('seller_margin_ratio').notNull(),
    graceDays: integer('grace_days').notNull(),
  },
  (t) => [uniqueIndex('listing_commodity_margins_type_idx').on(t.commodityTypeId)],
);
