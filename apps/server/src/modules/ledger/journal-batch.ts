import { Decimal } from '@tp/decimal';
import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/index';
import { InsufficientFundsError, LedgerUsageError } from './ledger.errors';
import type { AccountRef, PostInput } from './ledger.model';
import { accountKey, checkPostings, checkRef, checkType } from './ledger.rules';
import * as repo from './ledger.repo';

const JOURNAL_ID_BLOCK = 512;

/** A batch of journals in one transaction; see `createJournalBatch`. */
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

/** What a batch shares with the service that opened it. */
export interface BatchShared {
  clock: Clock;
  scaleOf: (currency: string) => number;
  /** Journal ids for batches, drawn from the sequence a block at a time (ids of a failed write are skipped). */
  journalIds: bigint[];
  /** Ids of the accounts, created where missing. */
  resolveAccountIds(db: DbOrTx, refs: readonly AccountRef[]): Promise<Map<string, bigint>>;
}

/**
 * A batch of journals in the caller's transaction, for high-volume writers (the spot market's
 * group commit). Each `post` is checked like `post` — balanced, funds sufficient — against the
 * batch's view of the balances and either applies entirely or throws, applying nothing; the
 * accounts it touches are locked on first use. `flush` writes every journal, posting and
 * balance with a few multi-row statements. Idempotency keys must be fresh: a key already used
 * fails the flush (and so the caller's transaction), it is never replayed.
 */
export function createJournalBatch(tx: DbOrTx, shared: BatchShared): JournalBatch {
  const { clock, scaleOf, journalIds, resolveAccountIds } = shared;
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
      journals: pending.map(({ input, at }, i) => ({ id: ids[i]!, ...repo.journalRowOf(input, at) })),
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
