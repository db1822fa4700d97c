import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { JournalType } from '@tp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { withTransaction, type Database } from '../src/platform/db/index';
import {
  createLedgerService,
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidAmountError,
  LedgerKind,
  LedgerUsageError,
  UnbalancedJournalError,
  verifyLedger,
  type AccountRef,
  type LedgerOwner,
  type LedgerService,
} from '../src/modules/ledger/index';
import { openTestDatabase } from './harness';

let database: Database;
let drop: () => Promise<void>;
const clock = new ManualClock('2026-01-05T02:00:00.000Z'); // 10:00 in Shanghai
let ledger: LedgerService;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  ledger = createLedgerService({ clock });
});
afterAll(async () => drop());

/** Unique per test, so tests share the database without sharing state. */
const firm = (): LedgerOwner => ({ ownerType: 'firm', ownerId: `f-${randomUUID()}` });
const key = () => `test-${randomUUID()}`;
const acct = (owner: LedgerOwner, kind: string, currency = 'CNY'): AccountRef => ({ ...owner, currency, kind });
const CLEARING: AccountRef = { ownerType: 'platform', ownerId: 'platform', currency: 'CNY', kind: LedgerKind.bankClearingIcbc };

async function deposit(owner: LedgerOwner, amount: string, currency = 'CNY') {
  return ledger.post(database.db, {
    idempotencyKey: key(),
    type: 'bank.deposit',
    description: 'ICBC recharge',
    initiator: owner,
    postings: [
      { account: { ...CLEARING, currency }, amount: `-${amount}` },
      { account: acct(owner, LedgerKind.available, currency), amount },
    ],
  });
}

async function journalCount(): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::text as n from journals`)) as unknown as { rows: { n: string }[] };
  return Number(result.rows[0]?.n);
}

describe('posting journals', () => {
  it('credits a firm from the platform clearing account, which may go negative', async () => {
    const owner = firm();
    const journal = await deposit(owner, '1000.50');
    expect(journal).toMatchObject({ type: 'bank.deposit', description: 'ICBC recharge', initiator: owner, replayed: false, businessRef: null });
    expect(journal.createdAt.toISOString()).toBe('2026-01-05T02:00:00.000Z');
    expect(journal.postings.map((p) => [p.account.kind, p.amount])).toEqual([
      [LedgerKind.bankClearingIcbc, '-1000.5'],
      [LedgerKind.available, '1000.5'],
    ]);
    expect(journal.postings[1]?.balanceAfter).toBe('1000.5');
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '1000.5', frozen: '0', total: '1000.5' }]);
    const clearing = await ledger.account(database.db, CLEARING);
    expect(clearing?.allowNegative).toBe(true);
    expect(clearing && clearing.balance.startsWith('-')).toBe(true);
  });

  it('freezes, releases and settles frozen money to another firm', async () => {
    const buyer = firm();
    const seller = firm();
    await deposit(buyer, '100');
    const freeze = await ledger.freeze(database.db, { idempotencyKey: key(), type: 'listing.pick.freeze', owner: buyer, currency: 'CNY', amount: '30.25', businessRef: 'order-1' });
    expect(freeze.initiator).toEqual(buyer);
    expect(freeze.businessRef).toBe('order-1');
    expect(await ledger.balances(database.db, buyer, 'CNY')).toEqual([{ currency: 'CNY', available: '69.75', frozen: '30.25', total: '100' }]);

    await ledger.release(database.db, { idempotencyKey: key(), type: 'listing.pick.release', owner: buyer, currency: 'CNY', amount: '10.25' });
    expect(await ledger.balances(database.db, buyer, 'CNY')).toEqual([{ currency: 'CNY', available: '80', frozen: '20', total: '100' }]);

    await ledger.settleFrozen(database.db, {
      idempotencyKey: key(),
      type: 'listing.pick.settle',
      owner: buyer,
      currency: 'CNY',
      amount: '20',
      to: acct(seller, LedgerKind.available),
    });
    expect(await ledger.balances(database.db, buyer)).toEqual([{ currency: 'CNY', available: '80', frozen: '0', total: '80' }]);
    expect(await ledger.balances(database.db, seller)).toEqual([{ currency: 'CNY', available: '20', frozen: '0', total: '20' }]);
  });

  it('posts a multi-currency journal that balances per currency', async () => {
    const a = firm();
    const b = firm();
    await deposit(a, '500');
    await deposit(b, '0.5', 'BTC');
    await ledger.post(database.db, {
      idempotencyKey: key(),
      type: 'spot.trade',
      postings: [
        { account: acct(a, LedgerKind.available), amount: '-400' },
        { account: acct(b, LedgerKind.available), amount: '400' },
        { account: acct(b, LedgerKind.available, 'BTC'), amount: '-0.01' },
        { account: acct(a, LedgerKind.available, 'BTC'), amount: '0.01' },
      ],
    });
    expect(await ledger.balances(database.db, a)).toEqual([
      { currency: 'BTC', available: '0.01', frozen: '0', total: '0.01' },
      { currency: 'CNY', available: '100', frozen: '0', total: '100' },
    ]);
  });

  it('answers a currency never used with zeros', async () => {
    expect(await ledger.balances(database.db, firm(), 'USDT')).toEqual([{ currency: 'USDT', available: '0', frozen: '0', total: '0' }]);
    expect(await ledger.balances(database.db, firm())).toEqual([]);
  });
});

describe('refusals change nothing', () => {
  it('refuses an overdraft with InsufficientFundsError and its exact messages', async () => {
    const owner = firm();
    await deposit(owner, '50');
    const before = await journalCount();
    const k = key();
    const error = await ledger.freeze(database.db, { idempotencyKey: k, type: 'bank.withdraw.freeze', owner, currency: 'CNY', amount: '50.01' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect((error as InsufficientFundsError).code).toBe('-2001');
    expect((error as InsufficientFundsError).text).toEqual({ cn: '余额不足', en: 'Insufficient balance', tw: '餘額不足' });
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '50', frozen: '0', total: '50' }]);
    expect(await journalCount()).toBe(before);
    // The key stays free: a later, affordable request under it goes through.
    await ledger.freeze(database.db, { idempotencyKey: k, type: 'bank.withdraw.freeze', owner, currency: 'CNY', amount: '50' });
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '0', frozen: '50', total: '50' }]);
  });

  it('leaves the caller transaction usable and clean after a refusal inside it', async () => {
    const owner = firm();
    await deposit(owner, '10');
    const before = await journalCount();
    await withTransaction(database.db, async (tx) => {
      await expect(ledger.freeze(tx, { idempotencyKey: key(), type: 'bank.withdraw.freeze', owner, currency: 'CNY', amount: '11' })).rejects.toThrow(InsufficientFundsError);
      await ledger.freeze(tx, { idempotencyKey: key(), type: 'bank.withdraw.freeze', owner, currency: 'CNY', amount: '4' });
    });
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '6', frozen: '4', total: '10' }]);
    expect(await journalCount()).toBe(before + 1);
  });

  it('refuses to release more than is frozen', async () => {
    const owner = firm();
    await deposit(owner, '10');
    await ledger.freeze(database.db, { idempotencyKey: key(), type: 'listing.pick.freeze', owner, currency: 'CNY', amount: '3' });
    await expect(ledger.release(database.db, { idempotencyKey: key(), type: 'listing.pick.release', owner, currency: 'CNY', amount: '3.01' })).rejects.toThrow(InsufficientFundsError);
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '7', frozen: '3', total: '10' }]);
  });

  it('refuses a journal type the statements cannot word, before touching the database', async () => {
    const a = firm();
    const before = await journalCount();
    const unlisted = { idempotencyKey: key(), type: 'listing.margin.4' as JournalType, postings: [{ account: CLEARING, amount: '-1' }, { account: acct(a, LedgerKind.available), amount: '1' }] };
    await expect(ledger.post(database.db, unlisted)).rejects.toThrow(/unknown journal type listing\.margin\.4/);
    await expect(withTransaction(database.db, (tx) => ledger.batch(tx).post(unlisted))).rejects.toThrow(LedgerUsageError);
    expect(await journalCount()).toBe(before);
  });

  it('refuses an unbalanced journal before touching the database', async () => {
    const a = firm();
    const before = await journalCount();
    await expect(
      ledger.post(database.db, {
        idempotencyKey: key(),
        type: 'bank.deposit',
        postings: [
          { account: CLEARING, amount: '-10' },
          { account: acct(a, LedgerKind.available), amount: '9.99' },
        ],
      }),
    ).rejects.toThrow(UnbalancedJournalError);
    expect(await journalCount()).toBe(before);
    expect(await ledger.account(database.db, acct(a, LedgerKind.available))).toBeUndefined();
  });

  it('refuses zero, malformed and over-precise amounts', async () => {
    const a = firm();
    for (const amount of ['0', '0.001', '1e3', '-5', 'ten']) {
      await expect(ledger.transfer(database.db, { idempotencyKey: key(), type: 'bank.deposit', from: CLEARING, to: acct(a, LedgerKind.available), amount })).rejects.toThrow(
        InvalidAmountError,
      );
    }
    await expect(
      ledger.transfer(database.db, { idempotencyKey: key(), type: 'bank.deposit', from: CLEARING, to: acct(a, LedgerKind.available, 'USDT'), amount: '1' }),
    ).rejects.toThrow(LedgerUsageError);
  });

  it('refuses negative-capable accounts for anyone but the platform', async () => {
    await expect(ledger.ensureAccount(database.db, acct(firm(), LedgerKind.available), { allowNegative: true })).rejects.toThrow(LedgerUsageError);
  });
});

describe('idempotency', () => {
  it('replays the same key as the first journal and changes nothing', async () => {
    const owner = firm();
    const k = key();
    const input = {
      idempotencyKey: k,
      type: JournalType.bankDeposit,
      postings: [
        { account: CLEARING, amount: '-25.00' },
        { account: acct(owner, LedgerKind.available), amount: '25' },
      ],
    };
    const first = await ledger.post(database.db, input);
    const before = await journalCount();
    const again = await ledger.post(database.db, input);
    expect(again.replayed).toBe(true);
    expect(again.id).toBe(first.id);
    expect(again.postings.map((p) => [p.id, p.amount, p.balanceAfter])).toEqual(first.postings.map((p) => [p.id, p.amount, p.balanceAfter]));
    expect(await journalCount()).toBe(before);
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '25', frozen: '0', total: '25' }]);
  });

  it('refuses the same key for a different journal', async () => {
    const owner = firm();
    const k = key();
    await ledger.transfer(database.db, { idempotencyKey: k, type: 'bank.deposit', from: CLEARING, to: acct(owner, LedgerKind.available), amount: '5' });
    await expect(
      ledger.transfer(database.db, { idempotencyKey: k, type: 'bank.deposit', from: CLEARING, to: acct(owner, LedgerKind.available), amount: '6' }),
    ).rejects.toThrow(IdempotencyConflictError);
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '5', frozen: '0', total: '5' }]);
  });

  it('applies a key once when the same request races itself', async () => {
    const owner = firm();
    await deposit(owner, '100');
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        withTransaction(database.db, (tx) => ledger.freeze(tx, { idempotencyKey: k, type: 'bank.withdraw.freeze', owner, currency: 'CNY', amount: '40' })),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger.balances(database.db, owner)).toEqual([{ currency: 'CNY', available: '60', frozen: '40', total: '100' }]);
  });
});

describe('account flow', () => {
  it('pages newest first, filters by kind, currency, type and day, current versus history', async () => {
    const owner = firm();
    const other = firm();
    const at = (iso: string) => clock.set(iso);
    // Two days ago, yesterday and today (Shanghai), in two currencies.
    at('2026-01-03T01:00:00.000Z');
    await deposit(owner, '100');
    await deposit(other, '999');
    at('2026-01-04T15:59:00.000Z'); // 23:59 on the 4th in Shanghai
    await deposit(owner, '50');
    await ledger.freeze(database.db, { idempotencyKey: key(), type: 'listing.pick.freeze', owner, currency: 'CNY', amount: '20' });
    at('2026-01-04T16:01:00.000Z'); // 00:01 on the 5th in Shanghai: today
    await deposit(owner, '1', 'USDT');
    for (let i = 1; i <= 5; i++) await ledger.freeze(database.db, { idempotencyKey: key(), type: 'listing.pick.freeze', owner, currency: 'CNY', amount: `${i}` });
    await ledger.release(database.db, { idempotencyKey: key(), type: 'listing.pick.release', owner, currency: 'CNY', amount: '2' });
    at('2026-01-05T02:00:00.000Z');

    const all = await ledger.accountFlow(database.db, owner, { kind: 'available', page: 0, size: 50 });
    expect(all.total).toBe(10);
    expect(all.content.every((e, i, list) => i === 0 || BigInt(list[i - 1]!.id) > BigInt(e.id))).toBe(true);

    const current = await ledger.accountFlow(database.db, owner, { kind: 'available', mode: 'current', currency: 'CNY', page: 0, size: 4 });
    expect(current.total).toBe(6); // five freezes and a release
    expect(current.content.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['listing.pick.release', '2', '117'],
      ['listing.pick.freeze', '-5', '115'],
      ['listing.pick.freeze', '-4', '120'],
      ['listing.pick.freeze', '-3', '124'],
    ]);
    const secondPage = await ledger.accountFlow(database.db, owner, { kind: 'available', mode: 'current', currency: 'CNY', page: 1, size: 4 });
    expect(secondPage).toMatchObject({ total: 6, page: 1, size: 4 });
    expect(secondPage.content.map((e) => e.amount)).toEqual(['-2', '-1']);

    const history = await ledger.accountFlow(database.db, owner, { kind: 'available', mode: 'history', page: 0, size: 10 });
    expect(history.content.map((e) => [e.type, e.amount, e.createdAt])).toEqual([
      ['listing.pick.freeze', '-20', '2026-01-04T15:59:00.000Z'],
      ['bank.deposit', '50', '2026-01-04T15:59:00.000Z'],
      ['bank.deposit', '100', '2026-01-03T01:00:00.000Z'],
    ]);
    const yesterday = await ledger.accountFlow(database.db, owner, { kind: 'available', mode: 'history', from: '2026-01-04', to: '2026-01-04', page: 0, size: 10 });
    expect(yesterday.content.map((e) => e.amount)).toEqual(['-20', '50']);
    const deposits = await ledger.accountFlow(database.db, owner, { kind: 'available', mode: 'history', type: 'bank.deposit', page: 0, size: 10 });
    expect(deposits.content.map((e) => e.amount)).toEqual(['50', '100']);
    expect(deposits.content[0]).toMatchObject({ description: 'ICBC recharge', currency: 'CNY', businessRef: null });

    const frozen = await ledger.accountFlow(database.db, owner, { kind: 'frozen', mode: 'current', page: 0, size: 10 });
    expect(frozen.total).toBe(6);
    expect(frozen.content[0]).toMatchObject({ type: 'listing.pick.release', amount: '-2', balanceAfter: '33' });

    const usdt = await ledger.accountFlow(database.db, owner, { kind: 'available', mode: 'current', currency: 'USDT', page: 0, size: 10 });
    expect(usdt.content.map((e) => [e.currency, e.amount])).toEqual([['USDT', '1']]);

    // Nothing of the other firm shows up.
    const others = await ledger.accountFlow(database.db, other, { kind: 'available', page: 0, size: 10 });
    expect(others.content.map((e) => e.amount)).toEqual(['999']);
    const empty = await ledger.accountFlow(database.db, owner, { kind: 'available', mode: 'history', from: '2026-01-05', page: 0, size: 10 });
    expect(empty).toEqual({ content: [], total: 0, page: 0, size: 10 });
  });
});

describe('verifyLedger', () => {
  it('proves the books and reports a tampered balance', async () => {
    const clean = await verifyLedger(database.db);
    expect(clean.mismatches).toEqual([]);
    expect(clean.ok).toBe(true);
    expect(clean.journals).toBeGreaterThan(0);

    const owner = firm();
    await deposit(owner, '10');
    const account = await ledger.account(database.db, acct(owner, LedgerKind.available));
    await database.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${account?.id}`);
    const report = await verifyLedger(database.db);
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual([
      { kind: 'account_balance', accountId: account?.id, journalId: null, postingId: null, currency: 'CNY', expected: '10', actual: '11' },
    ]);
    await database.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${account?.id}`);
    expect((await verifyLedger(database.db)).ok).toBe(true);
  });

  it('is backed by the database: a non-negative account cannot be pushed below zero even by hand', async () => {
    const owner = firm();
    await deposit(owner, '1');
    const account = await ledger.account(database.db, acct(owner, LedgerKind.available));
    await expect(database.db.execute(sql`update ledger_accounts set balance = -1 where id = ${account?.id}`)).rejects.toThrow();
  });
});

describe('journal batches', () => {
  it('apply each journal whole or not at all, and write them all at the flush with balances and postings that verify', async () => {
    const a = firm();
    const b = firm();
    await deposit(a, '100');
    const before = await journalCount();
    await withTransaction(database.db, async (tx) => {
      const batch = ledger.batch(tx);
      const move = (amount: string) => ({
        idempotencyKey: key(),
        type: JournalType.spotTrade,
        postings: [
          { account: acct(a, LedgerKind.available), amount: `-${amount}` },
          { account: acct(b, LedgerKind.available), amount },
        ],
      });
      await batch.post(move('60'));
      // Only 40 left in the batch's view: this one is refused and changes nothing.
      await expect(batch.post(move('50'))).rejects.toBeInstanceOf(InsufficientFundsError);
      await batch.post(move('40'));
      // No balance moves before the flush.
      expect(await ledger.balances(tx, b, 'CNY')).toEqual([{ currency: 'CNY', available: '0', frozen: '0', total: '0' }]);
      await batch.flush();
    });
    expect(await journalCount()).toBe(before + 2);
    expect(await ledger.balances(database.db, a, 'CNY')).toEqual([{ currency: 'CNY', available: '0', frozen: '0', total: '0' }]);
    expect(await ledger.balances(database.db, b, 'CNY')).toEqual([{ currency: 'CNY', available: '100', frozen: '0', total: '100' }]);
    expect((await verifyLedger(database.db, clock)).ok).toBe(true);
  });
});
