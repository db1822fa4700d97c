import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, blank } from '../../platform/db/columns';
import type { LedgerOwnerType } from './ledger.model';

/**
 * One balance per (owner, currency, kind). The balance is a cache of the sum of the account's
 * postings, kept in the same transaction and checked by `ledger:verify`.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    ownerType: text('owner_type').$type<LedgerOwnerType>().notNull(),
    ownerId: text('owner_id').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    balance: amount('balance').notNull().default('0'),
    /** Only platform clearing accounts: they mirror money held outside (banks, chains). */
    allowNegative: boolean('allow_negative').notNull().default(false),
    version: integer('version').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_currency_kind_uq').on(t.ownerType, t.ownerId, t.currency, t.kind),
    check('ledger_accounts_balance_nonnegative', sql`${t.balance} >= 0 or ${t.allowNegative}`),
    check('ledger_accounts_owner_type', sql`${t.ownerType} in ('firm', 'user', 'platform')`),
    check('ledger_accounts_negative_platform_only', sql`not ${t.allowNegative} or ${t.ownerType} = 'platform'`),
  ],
);

/** One business event. The idempotency key makes a retried request post nothing twice. */
export const journals = pgTable(
  'journals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    type: text('type').notNull(),
    description: blank('description'),
    /** Who initiated the event (a firm, a user, or the platform itself). */
    ownerType: text('owner_type').$type<LedgerOwnerType>(),
    ownerId: text('owner_id'),
    businessRef: text('business_ref'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journals_idempotency_key_uq').on(t.idempotencyKey),
    index('journals_business_ref_idx').on(t.businessRef),
  ],
);

/** The legs of a journal; a journal's amounts sum to zero per currency. */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    journalId: bigint('journal_id', { mode: 'bigint' })
      .notNull()
      .references(() => journals.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: positive credits the account, negative debits it. */
    amount: amount('amount').notNull(),
    balanceAfter: amount('balance_after').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('postings_account_id_idx').on(t.accountId, t.id),
    index('postings_journal_idx').on(t.journalId),
    check('postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
