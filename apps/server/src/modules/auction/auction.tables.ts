import type { AuctionAuditStatus, AuctionKind, AuctionOrderStatus, AuctionStatus, DefaultStatus, DepositState, EnrolStatus, PickPayStatus } from '@tp/contract';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, blank, createdAt, firmIdColumn, identityKey, referenceTo, timestamps } from '../../platform/db/columns';

const qty = (name: string) => numeric(name, { precision: 38, scale: 3 });
const money = (name: string) => numeric(name, { precision: 38, scale: 2 });

/**
 * An auction lot (竞拍), source `J`. The goods are a frozen part of the seller's holding (`holdId`)
 * from publishing until they move to the winner or go back. `endTime` moves when a late bid extends
 * it (anti-sniping); `originalEndTime` is what was published.
 */
export const auctionItems = pgTable(
  'auction_items',
  {
    id: identityKey(870001),
    firmId: firmIdColumn().notNull(),
    kind: text('kind').$type<AuctionKind>().notNull(),
    holdId: bigint('hold_id', { mode: 'number' }),
    commodityName: text('commodity_name').notNull(),
    gradeName: text('grade_name').notNull(),
    quantity: qty('quantity').notNull(),
    weight: qty('weight').notNull(),
    startingUnitPrice: money('starting_unit_price').notNull(),
    addPrice: money('add_price').notNull(),
    /** Hidden from bidders; null when the lot has none. */
    reservePrice: money('reserve_price'),
    /** What each bidder freezes to sign up (margin event 9): a buyer's deposit, or a seller's performance margin in a margin buy. */
    deposit: money('deposit').notNull(),
    /** The publisher's margin frozen at publishing: the seller's (margin sell), or the buyer's deposit, its first payment (margin buy). */
    sellerMargin: money('seller_margin').notNull().default('0'),
    showTime: at('show_time').notNull(),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    originalEndTime: at('original_end_time').notNull(),
    status: text('status').$type<AuctionStatus>().notNull(),
    auditStatus: text('audit_status').$type<AuctionAuditStatus>().notNull(),
    unsold: boolean('unsold').notNull().default(false),
    /** Why the audit failed or staff stopped the lot. */
    reason: blank('reason'),
    memo: blank('memo'),
    contactName: blank('contact_name'),
    contactPhone: blank('contact_phone'),
    image: blank('image'),
    bankIdList: jsonb('bank_id_list').$type<string[]>().notNull().default([]),
    storageId: bigint('storage_id', { mode: 'number' }),
    storageName: blank('storage_name'),
    /** The highest accepted bid (the starting price before any), its firm and how many bids were accepted. */
    currentPrice: money('current_price').notNull(),
    leaderFirmId: bigint('leader_firm_id', { mode: 'number' }),
    leaderNo: integer('leader_no'),
    bidCount: integer('bid_count').notNull().default(0),
    /** Bidder numbers handed out so far (the masked names on the ladder). */
    enrolled: integer('enrolled').notNull().default(0),
    /**
     * Moves on every change to the lot or its proxies: the lot's writer commits a group of bids only
     * while the lot is still at the version the group was validated against (its fence).
     */
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('auction_items_status_idx').on(t.status, t.id), index('auction_items_firm_idx').on(t.firmId, t.id)],
);

/** A firm's sign-up for a lot: its deposit and its bidder number. */
export const auctionEnrolments = pgTable(
  'auction_enrolments',
  {
    id: identityKey(),
    itemId: referenceTo('item_id', () => auctionItems.id),
    firmId: firmIdColumn().notNull(),
    bidderNo: integer('bidder_no').notNull(),
    status: text('status').$type<EnrolStatus>().notNull(),
    channel: text('channel').$type<'plain' | 'icbc'>().notNull().default('plain'),
    deposit: money('deposit').notNull(),
    depositState: text('deposit_state').$type<DepositState>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('auction_enrolments_item_firm_uq').on(t.itemId, t.firmId), index('auction_enrolments_firm_idx').on(t.firmId, t.id)],
);

/** Every accepted bid in the order the server accepted it; two bids on a lot never share a price or a place. */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: identityKey(),
    itemId: referenceTo('item_id', () => auctionItems.id),
    seq: integer('seq').notNull(),
    firmId: firmIdColumn().notNull(),
    bidderNo: integer('bidder_no').notNull(),
    price: money('price').notNull(),
    /** Placed by the server under the firm's proxy maximum. */
    proxy: boolean('proxy').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auction_bids_seq_uq').on(t.itemId, t.seq), uniqueIndex('auction_bids_price_uq').on(t.itemId, t.price)],
);

/** A firm's proxy maximum on a lot: private to that firm. */
export const auctionProxies = pgTable(
  'auction_proxies',
  {
    id: identityKey(),
    itemId: referenceTo('item_id', () => auctionItems.id),
    firmId: firmIdColumn().notNull(),
    maxPrice: money('max_price').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('auction_proxies_item_firm_uq').on(t.itemId, t.firmId)],
);

/**
 * The winning order (成交单) of a lot. Its ids start far above picks' because contracts are keyed by
 * the deal's id (`pickId`) and a winning order gets its contract the way a pick does.
 */
export const auctionOrders = pgTable(
  'auction_orders',
  {
    id: identityKey(900_000_001),
    itemId: referenceTo('item_id', () => auctionItems.id),
    buyerFirmId: bigint('buyer_firm_id', { mode: 'number' }).notNull(),
    sellerFirmId: bigint('seller_firm_id', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    firstPayment: money('first_payment').notNull(),
    fee: money('fee').notNull().default('0'),
    status: text('status').$type<AuctionOrderStatus>().notNull(),
    payStatus: text('pay_status').$type<PickPayStatus>().notNull(),
    buyerDefault: text('buyer_default').$type<DefaultStatus>().notNull().default('N'),
    buyerDelayedAt: at('buyer_delayed_at'),
    /** The winning seller of a margin buy who has not confirmed by `confirmDueAt`: N → W → F, its margin forfeited to the buyer. */
    sellerDefault: text('seller_default').$type<DefaultStatus>().notNull().default('N'),
    sellerDelayedAt: at('seller_delayed_at'),
    /** A margin buy's winning seller confirms by then (the balance days after the end); other orders have none. */
    confirmDueAt: at('confirm_due_at'),
    balanceDueAt: at('balance_due_at').notNull(),
    boughtHoldId: bigint('bought_hold_id', { mode: 'number' }),
    contractId: text('contract_id'),
    confirmedAt: at('confirmed_at'),
    paidAt: at('paid_at'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('auction_orders_item_uq').on(t.itemId), index('auction_orders_buyer_idx').on(t.buyerFirmId, t.id), index('auction_orders_seller_idx').on(t.sellerFirmId, t.id)],
);

/** The lot's history: every change of state, with who and why. */
export const auctionHistory = pgTable(
  'auction_history',
  {
    id: identityKey(),
    itemId: referenceTo('item_id', () => auctionItems.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: blank('note'),
    journalId: text('journal_id'),
    createdAt: createdAt(),
  },
  (t) => [index('auction_history_item_idx').on(t.itemId, t.id)],
);
