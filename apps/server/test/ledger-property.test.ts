import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalType } from '@tp/contract';
import { Decimal, fromUnits, sum } from '@tp/decimal';
import { ManualClock } from '../src/platform/clock';
import { withTransaction, type Database } from '../src/platform/db/index';
import {
  createLedgerService,
  InsufficientFundsError,
  LedgerKind,
  verifyLedger,
  type AccountRef,
  type Journal,
  type LedgerOwner,
  type LedgerService,
} from '../src/modules/ledger/index';
import { openTestDatabase } from './harness';

let database: Database;
let drop: () => Promise<void>;
let ledger: LedgerService;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  ledger = createLedgerService({ clock: new ManualClock('2026-01-05T02:00:00.000Z') });
});
afterAll(async () => drop());

const CURRENCIES = [
  { code: 'CNY', scale: 2 },
  { code: 'USDT', scale: 8 },
] as const;

type Op =
  | { op: 'deposit' | 'withdraw' | 'freeze' | 'release'; a: number; c: number; units: bigint }
  | { op: 'transfer' | 'settle'; a: number; b: number; c: number; units: bigint }
  | { op: 'replay'; pick: number };

const owners = 3;
const units = fc.bigInt({ min: 1n, max: 50_000n });
const who = fc.integer({ min: 0, max: owners - 1 });
const cur = fc.integer({ min: 0, max: CURRENCIES.length - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constantFrom('deposit' as const, 'withdraw' as const, 'freeze' as const, 'release' as const), a: who, c: cur, units }),
  fc.record({ op: fc.constantFrom('transfer' as const, 'settle' as const), a: who, b: who, c: cur, units }),
  fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }),
);

/** Every journal sums to zero per currency, whatever the legs. */
function expectBalanced(journal: Journal): void {
  const byCurrency = new Map<string, string[]>();
  for (const p of journal.postings) byCurrency.set(p.account.currency, [...(byCurrency.get(p.account.currency) ?? []), p.amount]);
  for (const amounts of byCurrency.values()) expect(sum(amounts)).toBe('0');
}

describe('ledger properties', () => {
  it('random transfers, freezes and releases keep the books balanced, conserved and non-negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const run = randomUUID();
        const platform: LedgerOwner = { ownerType: 'platform', ownerId: `p-${run}` };
        const firms: LedgerOwner[] = Array.from({ length: owners }, (_, i) => ({ ownerType: 'firm', ownerId: `f-${run}-${i}` }));
        const model = new Map<string, Decimal>();
        const keyOf = (r: AccountRef) => `${r.ownerId}|${r.currency}|${r.kind}`;
        const refs = new Map<string, AccountRef>();
        const posted: { input: Parameters<LedgerService['post']>[1]; journal: Journal }[] = [];

        for (const op of ops) {
          if (op.op === 'replay') {
            const earlier = posted[op.pick % Math.max(posted.length, 1)];
            if (!earlier) continue;
            const again = await withTransaction(database.db, (tx) => ledger.post(tx, earlier.input));
            expect(again.replayed).toBe(true);
            expect(again.id).toBe(earlier.journal.id);
            continue;
          }
          const { code, scale } = CURRENCIES[op.c]!;
          const amount = fromUnits(op.units, scale);
          const acct = (owner: LedgerOwner, kind: string): AccountRef => ({ ...owner, currency: code, kind });
          const clearing = acct(platform, LedgerKind.bankClearingIcbc);
          const a = firms[op.a]!;
          const b = 'b' in op ? firms[op.b]! : a;
          const legs: Record<typeof op.op, [AccountRef, AccountRef]> = {
            deposit: [clearing, acct(a, LedgerKind.available)],
            withdraw: [acct(a, LedgerKind.available), clearing],
            freeze: [acct(a, LedgerKind.available), acct(a, LedgerKind.frozen)],
            release: [acct(a, LedgerKind.frozen), acct(a, LedgerKind.available)],
            transfer: [acct(a, LedgerKind.available), acct(b, LedgerKind.available)],
            settle: [acct(a, LedgerKind.frozen), acct(b, LedgerKind.available)],
          };
          const [from, to] = legs[op.op];
          refs.set(keyOf(from), from);
          refs.set(keyOf(to), to);

          const fromBalance = model.get(keyOf(from)) ?? Decimal.ZERO;
          const affordable = from === clearing || fromBalance.gte(amount);
          const input = {
            idempotencyKey: randomUUID(),
            type: JournalType.exchangeTransfer,
            postings: [
              { account: from, amount: `-${amount}` },
              { account: to, amount },
            ],
          };
          const outcome = await withTransaction(database.db, (tx) => ledger.post(tx, input)).catch((e: unknown) => e);
          if (!affordable) {
            expect(outcome).toBeInstanceOf(InsufficientFundsError);
            continue;
          }
          expect(outcome).not.toBeInstanceOf(Error);
          const journal = outcome as Journal;
          expectBalanced(journal);
          posted.push({ input, journal });
          model.set(keyOf(from), fromBalance.sub(amount));
          model.set(keyOf(to), (model.get(keyOf(to)) ?? Decimal.ZERO).add(amount));
        }

        // Every account of the run holds what the model says; none of the firms' is negative.
        const totals = new Map<string, Decimal>();
        for (const [key, ref] of refs) {
          const stored = await ledger.account(database.db, ref);
          const balance = stored ? Decimal.parse(stored.balance) : Decimal.ZERO;
          expect(balance.toString()).toBe((model.get(key) ?? Decimal.ZERO).toString());
          if (ref.ownerType !== 'platform') expect(balance.isNegative()).toBe(false);
          totals.set(ref.currency, (totals.get(ref.currency) ?? Decimal.ZERO).add(balance));
        }
        // Money is conserved: what the firms hold is exactly what clearing owes outside.
        for (const total of totals.values()) expect(total.toString()).toBe('0');

        const report = await verifyLedger(database.db);
        expect(report.mismatches).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});

describe('concurrency', () => {
  it('parallel withdrawals never overdraw: exactly the affordable number succeeds', async () => {
    const owner: LedgerOwner = { ownerType: 'firm', ownerId: `f-${randomUUID()}` };
    const clearing: AccountRef = { ownerType: 'platform', ownerId: 'platform', currency: 'CNY', kind: LedgerKind.bankClearingIcbc };
    await ledger.transfer(database.db, { idempotencyKey: randomUUID(), type: 'bank.deposit', from: clearing, to: { ...owner, currency: 'CNY', kind: LedgerKind.available }, amount: '100' });

    // Each withdrawal freezes at request time and pays out on the bank's success: two journals, one transaction.
    const attempts = 20;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, () =>
        withTransaction(database.db, async (tx) => {
          await ledger.freeze(tx, { idempotencyKey: randomUUID(), type: 'bank.withdraw.freeze', owner, currency: 'CNY', amount: '7.01' });
          await ledger.settleFrozen(tx, { idempotencyKey: randomUUID(), type: 'bank.withdraw', owner, currency: 'CNY', amount: '7', to: clearing });
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.every((r) => r.reason instanceof InsufficientFundsError)).toBe(true);
    expect(succeeded).toBe(14); // floor(100 / 7.01)
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '1.86', frozen: '0.14', total: '2' }]);
    expect((await verifyLedger(database.db)).mismatches).toEqual([]);
  });

  it('opposite transfers between two firms in parallel neither deadlock nor lose money', async () => {
    const a: AccountRef = { ownerType: 'firm', ownerId: `f-${randomUUID()}`, currency: 'USDT', kind: LedgerKind.available };
    const b: AccountRef = { ...a, ownerId: `f-${randomUUID()}` };
    const clearing: AccountRef = { ownerType: 'platform', ownerId: 'platform', currency: 'USDT', kind: LedgerKind.chainClearing };
    for (const to of [a, b]) await ledger.transfer(database.db, { idempotencyKey: randomUUID(), type: 'wallet.deposit', from: clearing, to, amount: '1000' });

    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        withTransaction(database.db, (tx) =>
          ledger.transfer(tx, { idempotencyKey: randomUUID(), type: 'exchange.transfer', from: i % 2 ? a : b, to: i % 2 ? b : a, amount: '0.00000001' }),
        ),
      ),
    );
    const balances = await Promise.all([a, b].map((r) => ledger.account(database.db, r)));
    expect(balances.map((x) => x?.balance)).toEqual(['1000', '1000']);
  });
});
