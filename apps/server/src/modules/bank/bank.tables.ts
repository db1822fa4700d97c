import type { FundDealflag, PayStatus, SignStatus } from '@tp/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, blank, createdAt, firmIdColumn, identityKey, statusChange, timestamps, userIdColumn } from '../../platform/db/columns';

/**
 * A firm's binding of its fund account to a bank account on one channel (签约). Status codes are
 * the spec's: `0 unsigned` (ICBC document created, not signed), `3 in transit`, `1 signed`,
 * `2 terminated`. Terminated rows stay as history; at most one live row per firm and channel.
 */
export const bankSigns = pgTable(
  'bank_signs',
  {
    id: identityKey(),
    firmId: firmIdColumn().notNull(),
    bankId: text('bank_id').notNull(),
    status: text('status').$type<SignStatus>().notNull(),
    /** What the row is waiting for the bank to confirm while `3 in transit`. */
    pendingOp: text('pending_op').$type<'sign' | 'modify' | 'unsign' | ''>().notNull().default(''),
    bankAccount: blank('bank_account'),
    bankAccountName: blank('bank_account_name'),
    openBankName: blank('open_bank_name'),
    openBankNum: blank('open_bank_num'),
    /** The account fields a pending modification asks for; applied on the bank's success. */
    pendingAccount: jsonb('pending_account').$type<Record<string, string> | null>(),
    /** ICBC document (建档): the firm's certificate and the sub-account the bank opened. */
    certType: blank('cert_type'),
    certNo: blank('cert_no'),
    contactPhone: blank('contact_phone'),
    subAccount: blank('sub_account'),
    reason: blank('reason'),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('bank_signs_live_uq').on(t.firmId, t.bankId).where(sql`${t.status} <> '2'`),
    index('bank_signs_firm_idx').on(t.firmId, t.id),
    check('bank_signs_status', sql`${t.status} in ('0', '1', '2', '3')`),
  ],
);

/**
 * Money between a firm's fund account and its signed bank account. `fundDealflag` 1 in / 2 out;
 * status is the spec's bank payment state `0 paying` → `1 success` | `2 failed`. A retry makes a
 * new attempt (and a new bank request) on the same row.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: identityKey(),
    firmId: firmIdColumn().notNull(),
    userId: userIdColumn().notNull(),
    bankId: text('bank_id').notNull(),
    signId: bigint('sign_id', { mode: 'number' }).notNull(),
    fundDealflag: text('fund_dealflag').$type<FundDealflag>().notNull(),
    payChannel: text('pay_channel').notNull().default('1'),
    amount: amount('amount').notNull(),
    status: text('status').$type<PayStatus>().notNull(),
    /** The caller's idempotency key: the same request twice makes one transfer. */
    requestId: text('request_id').notNull(),
    /** The bank request of the current attempt. */
    requestNo: text('request_no').notNull(),
    attempt: integer('attempt').notNull().default(1),
    bankSerial: blank('bank_serial'),
    reason: blank('reason'),
    ...timestamps(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('bank_transfers_request_uq').on(t.firmId, t.requestId),
    uniqueIndex('bank_transfers_request_no_uq').on(t.requestNo),
    index('bank_transfers_firm_idx').on(t.firmId, t.id),
    index('bank_transfers_status_idx').on(t.status, t.id),
    check('bank_transfers_status', sql`${t.status} in ('0', '1', '2')`),
    check('bank_transfers_flag', sql`${t.fundDealflag} in ('1', '2')`),
    check('bank_transfers_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Every request the platform sent a bank, by its serial; callbacks and the monitor find work here. */
export const bankRequests = pgTable(
  'bank_requests',
  {
    requestNo: text('request_no').primaryKey(),
    bankId: text('bank_id').notNull(),
    kind: text('kind').$type<'sign' | 'modify' | 'unsign' | 'deposit' | 'withdraw'>().notNull(),
    firmId: firmIdColumn().notNull(),
    signId: bigint('sign_id', { mode: 'number' }),
    transferId: bigint('transfer_id', { mode: 'number' }),
    amount: amount('amount'),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    reason: blank('reason'),
    /** How many times it was handed to the bank (a staff retry resends the same serial). */
    sends: integer('sends').notNull().default(1),
    createdAt: createdAt(),
    answeredAt: at('answered_at'),
  },
  (t) => [index('bank_requests_status_idx').on(t.status, t.createdAt), index('bank_requests_transfer_idx').on(t.transferId)],
);

/** Callbacks accepted, by the bank's notification id: a second delivery of the same id is a replay. */
export const bankNotifications = pgTable(
  'bank_notifications',
  {
    id: identityKey(),
    bankId: text('bank_id').notNull(),
    notifyId: text('notify_id').notNull(),
    requestNo: text('request_no').notNull(),
    /** applied: it changed the request; duplicate: the request was already answered. */
    outcome: text('outcome').$type<'applied' | 'duplicate' | 'unknown'>().notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [uniqueIndex('bank_notifications_uq').on(t.bankId, t.notifyId), index('bank_notifications_request_idx').on(t.requestNo)],
);

/** Each state change of a sign or a transfer: who, when, from, to, why. */
export const bankHistory = pgTable(
  'bank_history',
  {
    id: identityKey(),
    objectType: text('object_type').$type<'sign' | 'transfer'>().notNull(),
    objectId: bigint('object_id', { mode: 'number' }).notNull(),
    ...statusChange(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('bank_history_object_idx').on(t.objectType, t.objectId, t.id)],
);

/** One reconciliation of a bank's daily statement against the platform's transfers. */
export const bankReconRuns = pgTable(
  'bank_recon_runs',
  {
    id: identityKey(),
    bankId: text('bank_id').notNull(),
    day: text('day').notNull(),
    matched: integer('matched').notNull(),
    differences: integer('differences').notNull(),
    ranAt: at('ran_at').notNull(),
  },
  (t) => [index('bank_recon_runs_bank_day_idx').on(t.bankId, t.day, t.id)],
);

/** A difference between a statement and the platform, flagged once and resolved by staff. */
export const bankReconDiffs = pgTable(
  'bank_recon_diffs',
  {
    id: identityKey(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    bankId: text('bank_id').notNull(),
    day: text('day').notNull(),
    requestNo: text('request_no').notNull(),
    kind: text('kind').$type<'missing_on_platform' | 'missing_at_bank' | 'amount_mismatch' | 'status_mismatch'>().notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }),
    firmId: firmIdColumn(),
    bankAmount: amount('bank_amount'),
    platformAmount: amount('platform_amount'),
    platformStatus: blank('platform_status'),
    resolution: text('resolution').$type<'' | 'applied' | 'dismissed'>().notNull().default(''),
    resolvedBy: blank('resolved_by'),
    note: blank('note'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [uniqueIndex('bank_recon_diffs_uq').on(t.bankId, t.requestNo, t.kind), index('bank_recon_diffs_open_idx').on(t.resolution, t.id)],
);

/**
 * The sandbox banks' own books (they keep state across restarts like a real bank): every request
 * they received, its answer, and the signed callback they sent.
 */
export const sandboxBankRequests = pgTable(
  'sandbox_bank_requests',
  {
    id: identityKey(),
    bankId: text('bank_id').notNull(),
    requestNo: text('request_no').notNull(),
    kind: text('kind').notNull(),
    account: blank('account'),
    amount: amount('amount'),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    reason: blank('reason'),
    bankSerial: text('bank_serial').notNull(),
    /** When the bank answers: it works asynchronously, and can be told to take its time. */
    dueAt: at('due_at').notNull(),
    /** Answered, but the callback was held back (a lost notification): only the statement tells. */
    callbackHeld: boolean('callback_held').notNull().default(false),
    callback: jsonb('callback'),
    createdAt: createdAt(),
    answeredAt: at('answered_at'),
  },
  (t) => [uniqueIndex('sandbox_bank_requests_uq').on(t.bankId, t.requestNo), index('sandbox_bank_requests_due_idx').on(t.status, t.dueAt)],
);

/** What the back office and tests told a sandbox bank to do with its next requests. */
export const sandboxBankControls = pgTable('sandbox_bank_controls', {
  bankId: text('bank_id').primaryKey(),
  failNext: integer('fail_next').notNull().default(0),
  dropNext: integer('drop_next').notNull().default(0),
  delayMs: integer('delay_ms').notNull().default(0),
  updatedAt: at('updated_at').notNull(),
});
