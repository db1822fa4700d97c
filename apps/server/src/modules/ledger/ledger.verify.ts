import { normalize } from '@tp/decimal';
import type { LedgerMismatch, LedgerVerifyReport } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/index';
import * as repo from './ledger.repo';

const MISMATCH_LIMIT = 500;

const norm = (value: string | null | undefined): string | null => (value === null || value === undefined ? null : normalize(value));

/** Proves the books: balances equal their postings, journals balance, nothing is wrongly negative. */
export async function verifyBooks(db: DbOrTx, clock: Clock): Promise<LedgerVerifyReport> {
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
