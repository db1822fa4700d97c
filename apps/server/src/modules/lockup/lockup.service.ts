import { Decimal } from '@tp/decimal';
import { LOCKUP_RULES, LockupCode, type LockupLock, type LockupOverview } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { appendAudit } from '../../platform/audit/index';
import { type Db, type DbOrTx, withTransaction } from '../../platform/db/index';
import { AppError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { PLATFORM_OWNER, type LedgerService } from '../ledger/index';
import { exchangeBook, userOwner } from '../asset/index';
import * as repo from './lockup.repo';

const SPOT = exchangeBook('spot');
/** Tokens under lock. */
export const LOCKUP_LOCKED = 'lockup_locked';
/** The platform's side of the rewards it pays: a clearing account, negative by what was paid. */
const REWARD_CLEARING = 'lockup_clearing';
const MONTH_MS = LOCKUP_RULES.monthDays * 86_400_000;

export class BelowMinimumError extends AppError {
  constructor() {
    super(LockupCode.belowMinimum, 400, text('锁仓数量不能低于 {minimum}', 'The lock-up quantity must be at least {minimum}', '鎖倉數量不能低於 {minimum}'), { minimum: LOCKUP_RULES.minimum });
  }
}

export interface LockupServiceDeps {
  db: Db;
  /** The trading clock: the sandbox moves it to walk through the months. */
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'transfer' | 'balances'>;
  /** Refuses users without senior verification. */
  assertSenior: (tx: DbOrTx, userId: number) => Promise<void>;
  /** Trading fees the user paid in [from, until), in USDT. */
  feesUsdt: (userId: number, from: Date, until: Date) => Promise<string>;
  /** The platform token's price in USDT (the fees buy its release at this price). */
  tokenPriceUsdt: () => Promise<string>;
}

/** `total` in `parts` equal shares to `places` decimals, the last taking the remainder. */
function shares(total: Decimal, parts: number, places: number): Decimal[] {
  const each = total.div(String(parts), places, 'truncate');
  return Array.from({ length: parts }, (_, i) => (i === parts - 1 ? total.sub(each.mul(String(parts - 1))) : each));
}

const plain = (value: string) => Decimal.parse(value).toString();

export function createLockupService({ db, clock, ledger, assertSenior, feesUsdt, tokenPriceUsdt }: LockupServiceDeps) {
  const asset = LOCKUP_RULES.asset;
  /** The platform token's smallest unit. */
  const places = 4;

  function toLock(row: repo.LockRow, months: repo.MonthRow[]): LockupLock {
    const paid = months.filter((m) => m.paidAt);
    return {
      lockId: String(row.id),
      amount: plain(row.amount),
      reward: plain(row.reward),
      locked: plain(row.locked),
      released: paid.reduce((sum, m) => sum.add(m.release), Decimal.ZERO).toString(),
      rewarded: paid.reduce((sum, m) => sum.add(m.reward), Decimal.ZERO).toString(),
      lockedAt: row.lockedAt.toISOString(),
      status: row.status,
      months: months.map((m) => ({
        month: m.month,
        dueAt: m.dueAt.toISOString(),
        reward: plain(m.reward),
        release: plain(m.paidAt ? m.release : m.baseRelease),
        acceleration: plain(m.acceleration),
        feesUsdt: plain(m.feesUsdt),
        paidAt: m.paidAt?.toISOString() ?? '',
      })),
    };
  }

  return {
    async overview(auth: AuthContext): Promise<LockupOverview> {
      const userId = Number(auth.userId);
      const locks = await repo.locksOf(db, userId);
      const months = await repo.monthsOf(db, locks.map((l) => l.id));
      const [balance] = await ledger.balances(db, userOwner(userId), asset, SPOT);
      return { rules: { ...LOCKUP_RULES }, available: balance?.available ?? '0', locks: locks.map((l) => toLock(l, months.filter((m) => m.lockId === l.id))) };
    },

    /** Locks tokens from the spot account and plans the ten months of reward and release; audited. */
    async lock(auth: AuthContext, amount: string): Promise<LockupLock> {
      const userId = Number(auth.userId);
      const quantity = Decimal.parse(amount);
      if (quantity.lt(LOCKUP_RULES.minimum)) throw new BelowMinimumError();
      return withTransaction(db, async (tx) => {
        await assertSenior(tx, userId);
        const now = clock.now();
        const reward = quantity.mul(LOCKUP_RULES.rewardRate).truncate(places);
        const row = await repo.insertLock(tx, { userId, asset, amount: quantity.toString(), reward: reward.toString(), locked: quantity.toString(), lockedAt: now, status: 'active', createdAt: now, updatedAt: now });
        // Too few tokens in the spot account is the ledger's "insufficient balance".
        await ledger.transfer(tx, {
          idempotencyKey: `lockup.lock:${row.id}`,
          type: 'lockup.lock',
          businessRef: `lockup:${row.id}`,
          from: { ...userOwner(userId), currency: asset, kind: SPOT.available },
          to: { ...userOwner(userId), currency: asset, kind: LOCKUP_LOCKED },
          amount: quantity.toString(),
        });
        const rewards = shares(reward, LOCKUP_RULES.months, places);
        const releases = shares(quantity, LOCKUP_RULES.months, places);
        const months = rewards.map((r, i) => ({ lockId: row.id, month: i + 1, dueAt: new Date(now.getTime() + (i + 1) * MONTH_MS), reward: r.toString(), baseRelease: releases[i]!.toString() }));
        await repo.insertMonths(tx, months);
        await appendAudit(tx, { at: now, actorKind: 'user', actorId: String(userId), action: 'lockup.lock', objectType: 'lockup_lock', objectId: String(row.id), detail: { amount: quantity.toString(), reward: reward.toString() } });
        return toLock(row, await repo.monthsOf(tx, [row.id]));
      });
    },

    /**
     * Pays every month that is due, one transaction each: the month's reward, and its release
     * accelerated by 30 % of the trading fees the user paid that month (bought at the token's price),
     * never more than is still locked; the last month releases the rest. Run by the scheduler.
     */
    async payDue(): Promise<number> {
      let paid = 0;
      const price = Decimal.parse(await tokenPriceUsdt());
      for (const due of await repo.dueMonths(db, clock.now())) {
        // Read before the transaction: the fees live in another module's tables, on their own connection.
        const fees = Decimal.parse(await feesUsdt(due.userId, new Date(due.dueAt.getTime() - MONTH_MS), due.dueAt));
        const done = await withTransaction(db, async (tx) => {
          const month = await repo.lockMonth(tx, due.id);
          if (!month || month.paidAt) return false;
          const lock = await repo.lockLock(tx, month.lockId);
          if (!lock) return false;
          const owner = userOwner(lock.userId);
          const bought = price.isPositive() ? fees.mul(LOCKUP_RULES.accelerationRate).div(price, places, 'truncate') : Decimal.ZERO;
          const locked = Decimal.parse(lock.locked);
          const base = Decimal.parse(month.baseRelease);
          const last = month.month === LOCKUP_RULES.months;
          const release = last ? locked : Decimal.from(base.add(bought).lt(locked) ? base.add(bought) : locked);
          const acceleration = last ? Decimal.ZERO : release.sub(base.lt(locked) ? base : locked);
          const ref = `lockup:${lock.id}`;
          if (Decimal.parse(month.reward).isPositive()) {
            await ledger.post(tx, {
              idempotencyKey: `lockup.reward:${month.id}`,
              type: 'lockup.reward',
              businessRef: ref,
              initiator: PLATFORM_OWNER,
              postings: [
                { account: { ...PLATFORM_OWNER, currency: asset, kind: REWARD_CLEARING }, amount: Decimal.parse(month.reward).neg().toString() },
                { account: { ...owner, currency: asset, kind: SPOT.available }, amount: plain(month.reward) },
              ],
            });
          }
          if (release.isPositive()) {
            await ledger.transfer(tx, {
              idempotencyKey: `lockup.release:${month.id}`,
              type: 'lockup.release',
              businessRef: ref,
              initiator: PLATFORM_OWNER,
              from: { ...owner, currency: asset, kind: LOCKUP_LOCKED },
              to: { ...owner, currency: asset, kind: SPOT.available },
              amount: release.toString(),
            });
          }
          const now = clock.now();
          const remaining = locked.sub(release);
          await repo.updateMonth(tx, month.id, { release: release.toString(), acceleration: (acceleration.isNegative() ? Decimal.ZERO : acceleration).toString(), feesUsdt: fees.toString(), paidAt: now });
          await repo.updateLock(tx, lock.id, { locked: remaining.toString(), status: last ? 'completed' : 'active', updatedAt: now });
          return true;
        });
        if (done) paid += 1;
      }
      return paid;
    },
  };
}

export type LockupService = ReturnType<typeof createLockupService>;
