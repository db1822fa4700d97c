import { Decimal, isDecimalString, normalize } from '@tp/decimal';
import {
  LedgerResultCode,
  isJournalType,
  type JournalType,
  type LedgerBalance,
  type LedgerFlowEntry,
  type LedgerFlowKind,
  type LedgerFlowMode,
  type LedgerMismatch,
  type LedgerVerifyReport,
  type Page,
} from '@tp/contract';
import { systemClock, type Clock } from '../../platform/clock';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { AppError, BadRequestError, ConflictError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from '../../platform/time';
import * as repo from './ledger.repo';

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

export type LedgerOwnerType = 'firm' | 'user' | 'platform';
const OWNER_TYPES: readonly string[] = ['firm', 'user', 'platform'];

export interface LedgerOwner {
  ownerType: LedgerOwnerType;
  ownerId: string;
}

/** An account is named by its owner, currency and kind; it is created on first use. */
export interface AccountRef extends LedgerOwner {
  currency: string;
  /** Open set; the common ones are in `LedgerKind`. */
  kind: string;
}

export const LedgerKind = {
  available: 'available',
  frozen: 'frozen',
  escrow: 'escrow',
  margin: 'margin',
  feeIncome: 'fee_income',
  bankClearingIcbc: 'bank_clearing_icbc',
  bankClearingOther: 'bank_clearing_other',
  chainClearing: 'chain_clearing',
  mallSettlement: 'mall_settlement',
  financier: 'financier',
} as const;

/** The platform itself as an owner of ledger accounts. */
export const PLATFORM_OWNER: LedgerOwner = { ownerType: 'platform', ownerId: 'platform' };

export const LedgerEvents = { journalPosted: 'ledger.journal.posted' } as const;

/**
 * Clearing accounts mirror money held outside the ledger (a bank, a chain): a deposit credits the
 * firm and debits clearing, so clearing runs negative by what the outside holds for the firms.
 * Only the platform's clearing accounts may do that.
 */
export function isClearingAccount(ref: Pick<AccountRef, 'ownerType' | 'kind'>): boolean {
  return ref.ownerType === 'platform' && /(^|_)clearing(_|$)/.test(ref.kind);
}

/** Fractional digits each currency may carry; money is truncated to these by the caller before posting. */
export const DEFAULT_CURRENCY_SCALES: Readonly<Record<string, number>> = {
  CNY: 2,
  USD: 2,
  HKD: 2,
  INTEGRAL: 0,
  USDT: 8,
  BTC: 8,
  ETH: 18,
};
/** The column's own scale: a currency without a configured scale may use all of it. */
const COLUMN_SCALE = 18;
/** numeric(38, 18) leaves 20 integer digits. */
const AMOUNT_LIMIT = Decimal.parse('100000000000000000000');

export const defaultScaleOf = (currency: string): number => DEFAULT_CURRENCY_SCALES[currency] ?? COLUMN_SCALE;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

export class InsufficientFundsError extends AppError {
  constructor(readonly account?: AccountRef) {
    super(LedgerResultCode.insufficientFunds, 409, text('余额不足', 'Insufficient balance', '餘額不足'));
  }
}

export class InvalidAmountError extends BadRequestError {
  constructor(readonly amount: unknown) {
    super(text('金额无效', 'Invalid amount', '金額無效'), {}, LedgerResultCode.invalidAmount);
  }
}

/** The idempotency key names an existing journal that differs from this request. */
export class IdempotencyConflictError extends ConflictError {
  constructor(readonly idempotencyKey: string) {
    super(text('请求编号已被其他操作使用', 'The request id was already used for another operation', '請求編號已被其他操作使用'));
  }
}

/** A caller's programming error (a bug, not a user mistake): masked as an internal error at the edge. */
export class LedgerUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnbalancedJournalError extends LedgerUsageError {
  constructor(readonly currency: string, readonly sum: string) {
    super(`journal does not balance in ${currency}: postings sum to ${sum}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Inputs and outputs
// ---------------------------------------------------------------------------------------------

export interface PostingInput {
  account: AccountRef;
  /** Signed decimal string: positive credits, negative debits. */
  amount: string;
}

export interface PostInput {
  idempotencyKey: string;
  /** The business event, e.g. `bank.deposit`: one of the contract's journal types. */
  type: JournalType;
  description?: string | undefined;
  businessRef?: string | undefined;
  /** Who initiated the event. */
  initiator?: LedgerOwner | undefined;
  postings: readonly PostingInput[];
}

export interface JournalPosting {
  id: string;
  accountId: string;
  account: AccountRef;
  amount: string;
  balanceAfter: string;
}

export interface Journal {
  id: string;
  idempotencyKey: string;
  type: string;
  description: string;
  businessRef: string | null;
  initiator: LedgerOwner | null;
  createdAt: Date;
  postings: JournalPosting[];
  /** True when the key was already posted and this call changed nothing. */
  replayed: boolean;
}

export interface LedgerAccount extends AccountRef {
  id: string;
  balance: string;
  allowNegative: boolean;
  version: number;
}

interface JournalMeta {
  idempotencyKey: string;
  type: JournalType;
  description?: string | undefined;
  businessRef?: string | undefined;
  initiator?: LedgerOwner | undefined;
}

export interface TransferInput extends JournalMeta {
  from: AccountRef;
  to: AccountRef;
  /** Positive decimal string. */
  amount: string;
}

export interface FreezeInput extends JournalMeta {
  owner: LedgerOwner;
  currency: string;
  amount: string;
}

export interface SettleFrozenInput extends FreezeInput {
  /** Receives the frozen money; same currency. */
  to: AccountRef;
}

/**
 * The pair of kinds that hold one book's available and frozen money. The commodity platform's
 * fund account is the default; the exchange keeps one book per account type (spot, contract, fiat).
 */
export interface LedgerBook {
  available: string;
  frozen: string;
}

export const DEFAULT_BOOK: LedgerBook = { available: LedgerKind.available, frozen: LedgerKind.frozen };

export interface AccountFlowQuery {
  kind: LedgerFlowKind;
  /** Which book `kind` refers to; the fund account when omitted. */
  book?: LedgerBook | undefined;
  /** `current`: today (Asia/Shanghai); `history`: days before today. Omitted: from/to as given. */
  mode?: LedgerFlowMode | undefined;
  currency?: string | undefined;
  /** First day, YYYY-MM-DD in Asia/Shanghai, inclusive. */
  from?: string | undefined;
  /** Last day, YYYY-MM-DD in Asia/Shanghai, inclusive. */
  to?: string | undefined;
  type?: string | undefined;
  page: number;
  size: number;
}

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

export const accountKey = (ref: AccountRef): string => JSON.stringify([ref.ownerType, ref.ownerId, ref.currency, ref.kind]);

/** Statements word every journal type, so an unlisted one (say, cast in from a string) is a bug. */
function checkType(type: string): void {
  if (!isJournalType(type)) throw new LedgerUsageError(`unknown journal type ${String(type)}: add it to the contract's JournalType`);
}

function checkRef(ref: AccountRef): void {
  if (!OWNER_TYPES.includes(ref.ownerType)) throw new LedgerUsageError(`unknown owner type ${String(ref.ownerType)}`);
  if (!ref.ownerId) throw new LedgerUsageError('an account needs an owner id');
  if (!/^[A-Z][A-Z0-9_]{1,19}$/.test(ref.currency)) throw new LedgerUsageError(`invalid currency code ${String(ref.currency)}`);
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(ref.kind)) throw new LedgerUsageError(`invalid account kind ${String(ref.kind)}`);
}

/** A valid, non-zero amount within the currency's scale and the column's range; canonical form. */
export function checkAmount(amount: unknown, currency: string, scaleOf: (currency: string) => number = defaultScaleOf): Decimal {
  if (!isDecimalString(amount)) throw new InvalidAmountError(amount);
  const value = Decimal.parse(amount);
  if (value.isZero() || value.scale > scaleOf(currency) || value.abs().gte(AMOUNT_LIMIT)) throw new InvalidAmountError(amount);
  return value;
}

export interface CheckedPosting {
  account: AccountRef;
  key: string;
  amount: Decimal;
}

/** Validates every leg and that the legs sum to zero per currency (before anything touches the database). */
export function checkPostings(input: readonly PostingInput[], scaleOf: (currency: string) => number = defaultScaleOf): CheckedPosting[] {
  if (input.length < 2) throw new LedgerUsageError('a journal needs at least two postings');
  const checked = input.map((p) => {
    checkRef(p.account);
    return { account: p.account, key: accountKey(p.account), amount: checkAmount(p.amount, p.account.currency, scaleOf) };
  });
  const sums = new Map<string, Decimal>();
  for (const p of checked) sums.set(p.account.currency, (sums.get(p.account.currency) ?? Decimal.ZERO).add(p.amount));
  for (const [currency, total] of sums) if (!total.isZero()) throw new UnbalancedJournalError(currency, total.toString());
  return checked;
}

/** The createdAt window [from, until) a flow query covers. */
export function flowWindow(query: Pick<AccountFlowQuery, 'mode' | 'from' | 'to'>, now: Date): { from?: Date; until?: Date } {
  const todayStart = shanghaiDayStart(shanghaiDay(now));
  if (query.mode === 'current') return { from: todayStart, until: new Date(todayStart.getTime() + DAY_MS) };
  const from = query.from === undefined ? undefined : shanghaiDayStart(query.from);
  let until = query.to === undefined ? undefined : new Date(shanghaiDayStart(query.to).getTime() + DAY_MS);
  if (query.mode === 'history' && (until === undefined || until > todayStart)) until = todayStart;
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}

// ---------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------

export interface LedgerServiceDeps {
  clock: Clock;
  /** Scale per currency; defaults to `DEFAULT_CURRENCY_SCALES`, 18 for others. */
  scaleOf?: (currency: string) => number;
}

const MISMATCH_LIMIT = 500;
const JOURNAL_ID_BLOCK = 512;

function toAccount(row: repo.AccountRow): LedgerAccount {
  return {
    id: row.id.toString(),
    ownerType: row.ownerType as LedgerOwnerType,
    ownerId: row.ownerId,
    currency: row.currency,
    kind: row.kind,
    balance: normalize(row.balance),
    allowNegative: row.allowNegative,
    version: row.version,
  };
}

function toJournal(row: repo.JournalRow, legs: readonly repo.PostingRow[], replayed: boolean): Journal {
  return {
    id: row.id.toString(),
    idempotencyKey: row.idempotencyKey,
    type: row.type,
    description: row.description,
    businessRef: row.businessRef,
    initiator: row.ownerType && row.ownerId ? { ownerType: row.ownerType as LedgerOwnerType, ownerId: row.ownerId } : null,
    createdAt: row.createdAt,
    replayed,
    postings: legs.map((p) => ({
      id: p.id.toString(),
      accountId: p.accountId.toString(),
      account: { ownerType: p.ownerType as LedgerOwnerType, ownerId: p.ownerId, currency: p.currency, kind: p.kind },
      amount: normalize(p.amount),
      balanceAfter: normalize(p.balanceAfter),
    })),
  };
}

/** Same event, same legs: a replay. Anything else under the same key is a conflict. */
function sameJournal(row: repo.JournalRow, legs: readonly repo.PostingRow[], input: PostInput, checked: readonly CheckedPosting[]): boolean {
  if (row.type !== input.type || legs.length !== checked.length) return false;
  const stored = legs
    .map((p) => `${accountKey({ ownerType: p.ownerType as LedgerOwnerType, ownerId: p.ownerId, currency: p.currency, kind: p.kind })}=${normalize(p.amount)}`)
    .sort();
  const asked = checked.map((p) => `${p.key}=${p.amount.toString()}`).sort();
  return stored.every((s, i) => s === asked[i]);
}

export function createLedgerService(deps: LedgerServiceDeps) {
  const { clock } = deps;
  const scaleOf = deps.scaleOf ?? defaultScaleOf;
  /** Journal ids for batches, drawn from the sequence a block at a time (ids of a failed write are skipped). */
  const journalIds: bigint[] = [];

  async function ensureAccount(db: DbOrTx, ref: AccountRef, options: { allowNegative?: boolean } = {}): Promise<LedgerAccount> {
    checkRef(ref);
    const allowNegative = options.allowNegative ?? isClearingAccount(ref);
    if (allowNegative && ref.ownerType !== 'platform') throw new LedgerUsageError('only platform accounts may go negative');
    const created = await repo.insertAccountIfAbsent(db, { ...ref, allowNegative, createdAt: clock.now() });
    if (created) return toAccount(created);
    const [existing] = await repo.findAccounts(db, [ref]);
    if (!existing) throw new Error(`ledger account ${accountKey(ref)} vanished`);
    return toAccount(existing);
  }

  /** Ids of the accounts, created where missing; in a fixed order so concurrent creators do not deadlock. */
  async function resolveAccountIds(db: DbOrTx, refs: readonly AccountRef[]): Promise<Map<string, bigint>> {
    const unique = new Map(refs.map((r) => [accountKey(r), r] as const));
    const ids = new Map<string, bigint>();
    for (const row of await repo.findAccounts(db, [...unique.values()])) {
      ids.set(accountKey(row as AccountRef), row.id);
    }
    const missing = [...unique.entries()].filter(([key]) => !ids.has(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [key, ref] of missing) ids.set(key, BigInt((await ensureAccount(db, ref)).id));
    return ids;
  }

  /**
   * Posts one balanced journal. Runs in a savepoint of the caller's transaction (or its own
   * transaction when given the database), so a refusal leaves nothing behind and the caller's
   * transaction stays usable. Replaying an idempotency key returns the first journal unchanged.
   */
  async function post(db: DbOrTx, input: PostInput): Promise<Journal> {
    if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw new LedgerUsageError('an idempotency key of 1-200 characters is required');
    checkType(input.type);
    const checked = checkPostings(input.postings, scaleOf);
    const now = clock.now();

    return db.transaction(async (tx) => {
      const sp = tx as unknown as DbOrTx;
      const journal = await repo.insertJournalIfAbsent(sp, {
        idempotencyKey: input.idempotencyKey,
        type: input.type,
        description: input.description ?? '',
        ownerType: input.initiator?.ownerType ?? null,
        ownerId: input.initiator?.ownerId ?? null,
        businessRef: input.businessRef ?? null,
        createdAt: now,
      });
      if (!journal) return replay(sp, input, checked);

      const ids = await resolveAccountIds(sp, checked.map((p) => p.account));
      const locked = await repo.lockAccounts(sp, [...new Set(ids.values())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const byId = new Map<bigint, { row: repo.AccountRow; balance: Decimal }>(locked.map((row) => [row.id, { row, balance: Decimal.parse(row.balance) }]));

      const legs: { accountId: bigint; amount: string; balanceAfter: string }[] = [];
      for (const p of checked) {
        const accountId = ids.get(p.key) as bigint;
        const state = byId.get(accountId);
        if (!state) throw new Error(`ledger account ${p.key} was not locked`);
        state.balance = state.balance.add(p.amount);
        if (state.balance.isNegative() && !state.row.allowNegative) throw new InsufficientFundsError(p.account);
        legs.push({ accountId, amount: p.amount.toString(), balanceAfter: state.balance.toString() });
      }
      for (const [id, state] of byId) {
        const written = await repo.updateAccountBalance(sp, { id, version: state.row.version, balance: state.balance.toString(), updatedAt: now });
        // Cannot happen while the row lock is held; a second line of defence if it ever is not.
        if (!written) throw new Error(`ledger account ${id} changed under its lock`);
      }
      const postingIds = await repo.insertPostings(sp, legs.map((l) => ({ ...l, journalId: journal.id, createdAt: now })));

      return {
        ...toJournal(journal, [], false),
        postings: legs.map((l, i) => ({
          id: (postingIds[i] as bigint).toString(),
          accountId: l.accountId.toString(),
          account: (checked[i] as CheckedPosting).account,
          amount: l.amount,
          balanceAfter: l.balanceAfter,
        })),
      };
    });
  }

  async function replay(db: DbOrTx, input: PostInput, checked: readonly CheckedPosting[]): Promise<Journal> {
    const existing = await repo.findJournalByKey(db, input.idempotencyKey);
    if (!existing) throw new Error(`journal ${input.idempotencyKey} is neither new nor stored`);
    const legs = await repo.journalPostings(db, existing.id);
    if (!sameJournal(existing, legs, input, checked)) throw new IdempotencyConflictError(input.idempotencyKey);
    return toJournal(existing, legs, true);
  }

  function positive(amount: string, currency: string): string {
    const value = checkAmount(amount, currency, scaleOf);
    if (!value.isPositive()) throw new InvalidAmountError(amount);
    return value.toString();
  }

  function meta(input: JournalMeta, initiator?: LedgerOwner) {
    return {
      idempotencyKey: input.idempotencyKey,
      type: input.type,
      description: input.description,
      businessRef: input.businessRef,
      initiator: input.initiator ?? initiator,
    };
  }

  /** Moves a positive amount between two accounts of the same currency. */
  async function transfer(db: DbOrTx, input: TransferInput): Promise<Journal> {
    if (input.from.currency !== input.to.currency) throw new LedgerUsageError('a transfer stays in one currency');
    const amount = positive(input.amount, input.from.currency);
    return post(db, {
      ...meta(input),
      postings: [
        { account: input.from, amount: `-${amount}` },
        { account: input.to, amount },
      ],
    });
  }

  const own = (owner: LedgerOwner, currency: string, kind: string): AccountRef => ({ ...owner, currency, kind });

  /** available → frozen of the same owner. */
  async function freeze(db: DbOrTx, input: FreezeInput): Promise<Journal> {
    return transfer(db, {
      ...meta(input, input.owner),
      from: own(input.owner, input.currency, LedgerKind.available),
      to: own(input.owner, input.currency, LedgerKind.frozen),
      amount: input.amount,
    });
  }

  /** frozen → available of the same owner. */
  async function release(db: DbOrTx, input: FreezeInput): Promise<Journal> {
    return transfer(db, {
      ...meta(input, input.owner),
      from: own(input.owner, input.currency, LedgerKind.frozen),
      to: own(input.owner, input.currency, LedgerKind.available),
      amount: input.amount,
    });
  }

  /** frozen of the owner → another account (the seller, fee income, bank clearing on withdrawal...). */
  async function settleFrozen(db: DbOrTx, input: SettleFrozenInput): Promise<Journal> {
    return transfer(db, {
      ...meta(input, input.owner),
      from: own(input.owner, input.currency, LedgerKind.frozen),
      to: input.to,
      amount: input.amount,
    });
  }

  /** Available, frozen and their total per currency; a currency asked for but never used reads as zero. */
  async function balances(db: DbOrTx, owner: LedgerOwner, currency?: string, book: LedgerBook = DEFAULT_BOOK): Promise<LedgerBalance[]> {
    const rows = await repo.ownerAccounts(db, { ...owner, currency, kinds: [book.available, book.frozen] });
    const byCurrency = new Map<string, { available: Decimal; frozen: Decimal }>();
    if (currency !== undefined) byCurrency.set(currency, { available: Decimal.ZERO, frozen: Decimal.ZERO });
    for (const row of rows) {
      const entry = byCurrency.get(row.currency) ?? { available: Decimal.ZERO, frozen: Decimal.ZERO };
      if (row.kind === book.available) entry.available = Decimal.parse(row.balance);
      else entry.frozen = Decimal.parse(row.balance);
      byCurrency.set(row.currency, entry);
    }
    return [...byCurrency.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([cur, e]) => ({
        currency: cur,
        available: e.available.toString(),
        frozen: e.frozen.toString(),
        total: e.available.add(e.frozen).toString(),
      }));
  }

  async function account(db: DbOrTx, ref: AccountRef): Promise<LedgerAccount | undefined> {
    const [row] = await repo.findAccounts(db, [ref]);
    return row ? toAccount(row) : undefined;
  }

  /** The owner's postings on its available or frozen accounts, newest first, one page. */
  async function accountFlow(db: DbOrTx, owner: LedgerOwner, query: AccountFlowQuery): Promise<Page<LedgerFlowEntry>> {
    const window = flowWindow(query, clock.now());
    const filter: repo.FlowFilter = { ...owner, kind: (query.book ?? DEFAULT_BOOK)[query.kind], currency: query.currency, type: query.type, from: window.from, until: window.until };
    if (window.from && window.until && window.from >= window.until) return { content: [], total: 0, page: query.page, size: query.size };
    const [rows, total] = await Promise.all([
      repo.flowPage(db, filter, { limit: query.size, offset: query.page * query.size }),
      repo.flowCount(db, filter),
    ]);
    return {
      content: rows.map((r) => ({
        id: r.id.toString(),
        journalId: r.journalId.toString(),
        type: r.type,
        description: r.description,
        businessRef: r.businessRef,
        currency: r.currency,
        amount: normalize(r.amount),
        balanceAfter: normalize(r.balanceAfter),
        createdAt: r.createdAt.toISOString(),
      })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  /** Proves the books: balances equal their postings, journals balance, nothing is wrongly negative. */
  async function verify(db: DbOrTx): Promise<LedgerVerifyReport> {
    const counts = await repo.ledgerCounts(db);
    const mismatches: LedgerMismatch[] = [];
    const none = { accountId: null, journalId: null, postingId: null, currency: null, expected: null, actual: null };
    for (const r of await repo.accountBalanceMismatches(db, MISMATCH_LIMIT)) {
      mismatches.push({ ...none, kind: 'account_balance', accountId: r.account_id ?? null, currency: r.currency ?? null, expected: norm(r.expected), actual: norm(r.actual) });
    }
    for (const r of await repo.balanceAfterMismatches(db, MISMATCH_LIMIT)) {
      mismatches.push({
        ...none,
        kind: 'balance_after',
        accountId: r.account_id ?? null,
        journalId: r.journal_id ?? null,
        postingId: r.posting_id ?? null,
        currency: r.currency ?? null,
        expected: norm(r.expected),
        actual: norm(r.actual),
      });
    }
    for (const r of await repo.unbalancedJournals(db, MISMATCH_LIMIT)) {
      mismatches.push({ ...none, kind: 'journal_unbalanced', journalId: r.journal_id ?? null, currency: r.currency ?? null, expected: '0', actual: norm(r.actual) });
    }
    for (const r of await repo.emptyJournals(db, MISMATCH_LIMIT)) {
      mismatches.push({ ...none, kind: 'journal_empty', journalId: r.journal_id ?? null });
    }
    for (const r of await repo.negativeAccounts(db, MISMATCH_LIMIT)) {
      mismatches.push({ ...none, kind: 'negative_balance', accountId: r.account_id ?? null, currency: r.currency ?? null, expected: '0', actual: norm(r.actual) });
    }
    return { ok: mismatches.length === 0, ...counts, mismatches, checkedAt: clock.now().toISOString() };
  }

  /**
   * A batch of journals in the caller's transaction, for high-volume writers (the spot market's
   * group commit). Each `post` is checked like `post` — balanced, funds sufficient — against the
   * batch's view of the balances and either applies entirely or throws, applying nothing; the
   * accounts it touches are locked on first use. `flush` writes every journal, posting and
   * balance with a few multi-row statements. Idempotency keys must be fresh: a key already used
   * fails the flush (and so the caller's transaction), it is never replayed.
   */
  function batch(tx: DbOrTx): JournalBatch {
    const accounts = new Map<string, { id: bigint; balance: Decimal; allowNegative: boolean; dirty: boolean }>();
    const pending: { input: PostInput; at: Date; legs: { accountId: bigint; amount: string; balanceAfter: string }[] }[] = [];

    async function load(refs: readonly AccountRef[]): Promise<void> {
      const keep = (rows: readonly repo.AccountRow[]) => {
        for (const row of rows) accounts.set(accountKey(row as AccountRef), { id: row.id, balance: Decimal.parse(row.balance), allowNegative: row.allowNegative, dirty: false });
      };
      const unique = [...new Map(refs.filter((ref) => !accounts.has(accountKey(ref))).map((ref) => [accountKey(ref), ref] as const)).values()];
      if (unique.length === 0) return;
      // Existing accounts are found and locked in one query; only new ones take the longer way.
      keep(await repo.lockAccountsByKeys(tx, unique));
      const missing = unique.filter((ref) => !accounts.has(accountKey(ref)));
      if (missing.length === 0) return;
      const ids = await resolveAccountIds(tx, missing);
      keep(await repo.lockAccounts(tx, [...new Set(ids.values())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))));
    }

    /** What the batch holds, as rows to write; the batch is empty afterwards. */
    async function take(): Promise<repo.JournalWrite | undefined> {
      if (pending.length === 0) return undefined;
      if (journalIds.length < pending.length) journalIds.push(...(await repo.allocateIds(tx, 'journals', Math.max(JOURNAL_ID_BLOCK, pending.length))));
      const ids = journalIds.splice(0, pending.length);
      const dirty = [...accounts.values()].filter((a) => a.dirty);
      const write: repo.JournalWrite = {
        journals: pending.map(({ input, at }, i) => ({
          id: ids[i]!,
          idempotencyKey: input.idempotencyKey,
          type: input.type,
          description: input.description ?? '',
          ownerType: input.initiator?.ownerType ?? null,
          ownerId: input.initiator?.ownerId ?? null,
          businessRef: input.businessRef ?? null,
          createdAt: at,
        })),
        postings: pending.flatMap(({ legs, at }, i) => legs.map((leg) => ({ ...leg, journalId: ids[i]!, createdAt: at }))),
        balances: dirty.map((a) => ({ id: a.id, balance: a.balance.toString() })),
        updatedAt: clock.now(),
      };
      pending.length = 0;
      for (const a of dirty) a.dirty = false;
      return write;
    }

    return {
      async lock(refs: readonly AccountRef[]): Promise<void> {
        for (const ref of refs) checkRef(ref);
        await load(refs);
      },

      async post(input: PostInput): Promise<void> {
        if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw new LedgerUsageError('an idempotency key of 1-200 characters is required');
        checkType(input.type);
        const checked = checkPostings(input.postings, scaleOf);
        await load(checked.map((p) => p.account));
        const next = new Map<string, Decimal>();
        const legs = checked.map((p) => {
          const state = accounts.get(p.key);
          if (!state) throw new Error(`ledger account ${p.key} was not locked`);
          const balance = (next.get(p.key) ?? state.balance).add(p.amount);
          if (balance.isNegative() && !state.allowNegative) throw new InsufficientFundsError(p.account);
          next.set(p.key, balance);
          return { accountId: state.id, amount: p.amount.toString(), balanceAfter: balance.toString() };
        });
        for (const [key, balance] of next) {
          const state = accounts.get(key)!;
          state.balance = balance;
          state.dirty = true;
        }
        pending.push({ input, at: clock.now(), legs });
      },

      async flush(): Promise<void> {
        const write = await take();
        if (write) await repo.writeJournals(tx, write);
      },

      async statement(): Promise<SQL | undefined> {
        const write = await take();
        return write ? repo.journalCtes(write) : undefined;
      },

    };
  }

  return { ensureAccount, account, post, batch, transfer, freeze, release, settleFrozen, balances, accountFlow, verify, scaleOf };
}

/** See `LedgerService.batch`. */
export interface JournalBatch {
  /** Locks (creating where missing) accounts the batch is about to use, in one go instead of one journal at a time. */
  lock(refs: readonly AccountRef[]): Promise<void>;
  post(input: PostInput): Promise<void>;
  flush(): Promise<void>;
  /**
   * The flush as CTEs for the caller's own statement (`with <these>, <yours> ...`), so both are
   * written in one round trip; undefined when the batch is empty. The batch is empty afterwards.
   */
  statement(): Promise<SQL | undefined>;
}

const norm = (value: string | null | undefined): string | null => (value === null || value === undefined ? null : normalize(value));

export type LedgerService = ReturnType<typeof createLedgerService>;

/** The books' proof without a wired service (the `ledger:verify` command, tests). */
export function verifyLedger(db: DbOrTx, clock: Clock = systemClock): Promise<LedgerVerifyReport> {
  return createLedgerService({ clock }).verify(db);
}
