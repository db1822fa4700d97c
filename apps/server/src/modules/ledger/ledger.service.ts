import { Decimal, normalize } from '@tp/decimal';
import type { LedgerBalance, LedgerFlowEntry, LedgerVerifyReport, Page } from '@tp/contract';
import { systemClock, type Clock } from '../../platform/clock';
import { pageWindow, type DbOrTx } from '../../platform/db/index';
import { createJournalBatch, type JournalBatch } from './journal-batch';
import { IdempotencyConflictError, InsufficientFundsError, InvalidAmountError, LedgerUsageError } from './ledger.errors';
import {
  DEFAULT_BOOK,
  LedgerKind,
  defaultScaleOf,
  isClearingAccount,
  type AccountFlowQuery,
  type AccountRef,
  type FreezeInput,
  type Journal,
  type JournalMeta,
  type LedgerAccount,
  type LedgerBook,
  type LedgerOwner,
  type PostInput,
  type SettleFrozenInput,
  type TransferInput,
} from './ledger.model';
import { accountKey, checkAmount, checkPostings, checkRef, checkType, flowWindow, type CheckedPosting } from './ledger.rules';
import { verifyBooks } from './ledger.verify';
import * as repo from './ledger.repo';

/*
 * Posting a journal announces no event. The spot market's group commit posts thousands of journals
 * a second, and an outbox row for each would double its writes for a notice nobody reads; each
 * module announces its own business event (a bank transfer settled, a pick confirmed) in the same
 * transaction instead.
 */

export interface LedgerServiceDeps {
  clock: Clock;
  /** Scale per currency; defaults to `DEFAULT_CURRENCY_SCALES`, 18 for others. */
  scaleOf?: (currency: string) => number;
}

function toAccount(row: repo.AccountRow): LedgerAccount {
  return {
    id: row.id.toString(),
    ownerType: row.ownerType,
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
    initiator: row.ownerType && row.ownerId ? { ownerType: row.ownerType, ownerId: row.ownerId } : null,
    createdAt: row.createdAt,
    replayed,
    postings: legs.map((p) => ({
      id: p.id.toString(),
      accountId: p.accountId.toString(),
      account: { ownerType: p.ownerType, ownerId: p.ownerId, currency: p.currency, kind: p.kind },
      amount: normalize(p.amount),
      balanceAfter: normalize(p.balanceAfter),
    })),
  };
}

/** Same event, same legs: a replay. Anything else under the same key is a conflict. */
function sameJournal(row: repo.JournalRow, legs: readonly repo.PostingRow[], input: PostInput, checked: readonly CheckedPosting[]): boolean {
  if (row.type !== input.type || legs.length !== checked.length) return false;
  const stored = legs
    .map((p) => `${accountKey({ ownerType: p.ownerType, ownerId: p.ownerId, currency: p.currency, kind: p.kind })}=${normalize(p.amount)}`)
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
      const journal = await repo.insertJournalIfAbsent(sp, repo.journalRowOf(input, now));
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

  /** The owner's `from` account of the currency → `to` (another of the owner's kinds, or any account). */
  function fromOwner(db: DbOrTx, input: FreezeInput, from: string, to: string | AccountRef): Promise<Journal> {
    const target = typeof to === 'string' ? own(input.owner, input.currency, to) : to;
    return transfer(db, { ...meta(input, input.owner), from: own(input.owner, input.currency, from), to: target, amount: input.amount });
  }

  /** available → frozen of the same owner. */
  const freeze = (db: DbOrTx, input: FreezeInput): Promise<Journal> => fromOwner(db, input, LedgerKind.available, LedgerKind.frozen);

  /** frozen → available of the same owner. */
  const release = (db: DbOrTx, input: FreezeInput): Promise<Journal> => fromOwner(db, input, LedgerKind.frozen, LedgerKind.available);

  /** frozen of the owner → another account (the seller, fee income, bank clearing on withdrawal...). */
  const settleFrozen = (db: DbOrTx, input: SettleFrozenInput): Promise<Journal> => fromOwner(db, input, LedgerKind.frozen, input.to);

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
      repo.flowPage(db, filter, pageWindow(query)),
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

  /** See `createJournalBatch`: the spot market's group commit posts through it. */
  const batch = (tx: DbOrTx): JournalBatch => createJournalBatch(tx, { clock, scaleOf, journalIds, resolveAccountIds });
  const verify = (db: DbOrTx): Promise<LedgerVerifyReport> => verifyBooks(db, clock);

  return { ensureAccount, account, post, batch, transfer, freeze, release, settleFrozen, balances, accountFlow, verify, scaleOf };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/** The books' proof without a wired service (the `ledger:verify` command, tests). */
export function verifyLedger(db: DbOrTx, clock: Clock = systemClock): Promise<LedgerVerifyReport> {
  return verifyBooks(db, clock);
}
