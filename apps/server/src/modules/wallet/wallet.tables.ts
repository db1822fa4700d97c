import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, blank, createdAt, identityKey, timestamps, userIdColumn } from '../../platform/db/columns';

/** One deposit address per user and chain, derived at `idx` below the platform's account xpub. */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    chain: text('chain').notNull(),
    idx: integer('idx').notNull(),
    address: text('address').notNull(),
    activated: boolean('activated').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallet_addresses_user_chain_uq').on(t.userId, t.chain), uniqueIndex('wallet_addresses_chain_idx_uq').on(t.chain, t.idx), uniqueIndex('wallet_addresses_address_uq').on(t.address)],
);

/** A transaction to a user's address, seen by the watcher; credited once at the required confirmations. */
export const walletDeposits = pgTable(
  'wallet_deposits',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    asset: text('asset').notNull(),
    chain: text('chain').notNull(),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    address: text('address').notNull(),
    amount: amount('amount').notNull(),
    confirmations: integer('confirmations').notNull(),
    status: text('status').$type<'confirming' | 'completed'>().notNull(),
    note: blank('note'),
    creditedAt: at('credited_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallet_deposits_tx_uq').on(t.chain, t.txid, t.vout), index('wallet_deposits_user_idx').on(t.userId, t.id), index('wallet_deposits_status_idx').on(t.status)],
);

export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    requestId: text('request_id').notNull(),
    asset: text('asset').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    status: text('status').$type<'review' | 'processing' | 'in_transit' | 'completed' | 'rejected' | 'failed'>().notNull(),
    txid: blank('txid'),
    reason: blank('reason'),
    reviewedBy: blank('reviewed_by'),
    /** The amount is taken out of the hot wallet before it is sent, and given back if the send fails. */
    hotHeld: boolean('hot_held').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('wallet_withdrawals_request_uq').on(t.userId, t.requestId),
    index('wallet_withdrawals_user_idx').on(t.userId, t.id),
    index('wallet_withdrawals_status_idx').on(t.status, t.id),
    check('wallet_withdrawals_status', sql`${t.status} in ('review', 'processing', 'in_transit', 'completed', 'rejected', 'failed')`),
  ],
);

export const walletAddressBook = pgTable(
  'wallet_address_book',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    asset: text('asset').notNull(),
    label: text('label').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
    /** In whitelist mode an address is usable only from this moment (24 hours after it was added). */
    usableAt: at('usable_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_address_book_user_idx').on(t.userId), uniqueIndex('wallet_address_book_uq').on(t.userId, t.asset, t.address)],
);

/** A user's withdrawal settings: in whitelist mode only saved addresses that have become usable are accepted. */
export const walletSettings = pgTable('wallet_settings', {
  userId: userIdColumn().primaryKey(),
  whitelistOnly: boolean('whitelist_only').notNull().default(false),
  updatedAt: at('updated_at').notNull(),
});

/**
 * A move from cold storage to the hot wallet that needs staff: asked for when withdrawals wait for
 * funds the hot wallet lacks and the move is above what the rebalance job makes by itself.
 */
export const walletRefills = pgTable(
  'wallet_refills',
  {
    id: identityKey(),
    asset: text('asset').notNull(),
    amount: amount('amount').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    reason: blank('reason'),
    decidedBy: blank('decided_by'),
    ...timestamps(),
  },
  (t) => [
    index('wallet_refills_status_idx').on(t.status, t.id),
    // One open request per asset: a later need updates its amount.
    uniqueIndex('wallet_refills_pending_uq').on(t.asset).where(sql`${t.status} = 'pending'`),
    check('wallet_refills_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** Where the custody of an asset sits: the hot wallet (for withdrawals) and cold storage. */
export const walletCustody = pgTable('wallet_custody', {
  asset: text('asset').primaryKey(),
  hot: amount('hot').notNull().default('0'),
  cold: amount('cold').notNull().default('0'),
  updatedAt: at('updated_at').notNull(),
});

/** Every move between hot and cold, as the rebalance job made it. */
export const walletCustodyMoves = pgTable('wallet_custody_moves', {
  id: identityKey(),
  asset: text('asset').notNull(),
  direction: text('direction').$type<'hot_to_cold' | 'cold_to_hot'>().notNull(),
  amount: amount('amount').notNull(),
  hotAfter: amount('hot_after').notNull(),
  coldAfter: amount('cold_after').notNull(),
  /** `rebalance` for the job, else the staff member who approved the refill. */
  actor: blank('actor'),
  createdAt: createdAt(),
});

/** The simulated chain's blocks and transactions: it keeps its state across restarts like a real node. */
export const simChainHeights = pgTable('sim_chain_heights', {
  chain: text('chain').primaryKey(),
  height: integer('height').notNull(),
});

export const simChainTxs = pgTable(
  'sim_chain_txs',
  {
    txid: text('txid').primaryKey(),
    chain: text('chain').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    address: text('address').notNull(),
    asset: text('asset').notNull(),
    amount: amount('amount').notNull(),
    /** Null while in the mempool. */
    blockHeight: integer('block_height'),
    failed: boolean('failed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('sim_chain_txs_chain_block_idx').on(t.chain, t.blockHeight)],
);
