import { Decimal } from '@tp/decimal';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/index';
import { PLATFORM_OWNER, type AccountRef, type LedgerService } from '../ledger/index';
import * as repo from './wallet.repo';

/** The hot wallet holds this share of each asset's custody; the rest is in cold storage. */
export const HOT_SHARE = '0.02';

/**
 * The platform's coins as ledger accounts: what sits in the hot wallet and in cold storage, against
 * a clearing account that mirrors the chain. Neither wallet account may go negative, so the ledger
 * itself refuses a send the hot wallet cannot cover. The `wallet_custody` row mirrors both balances
 * for the staff screen and is the lock every custody change takes first.
 */
const hotAccount = (asset: string): AccountRef => ({ ...PLATFORM_OWNER, currency: asset, kind: 'custody_hot' });
const coldAccount = (asset: string): AccountRef => ({ ...PLATFORM_OWNER, currency: asset, kind: 'custody_cold' });
const custodyClearing = (asset: string): AccountRef => ({ ...PLATFORM_OWNER, currency: asset, kind: 'custody_clearing' });

export interface CustodyDeps {
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'account' | 'scaleOf'>;
}

export interface Held {
  hot: Decimal;
  cold: Decimal;
}

export function createCustody({ clock, ledger }: CustodyDeps) {
  async function ledgerBalance(tx: DbOrTx, account: AccountRef): Promise<Decimal> {
    return Decimal.parse((await ledger.account(tx, account))?.balance ?? '0');
  }

  /**
   * Locks the asset's custody row and returns what the hot and cold wallets hold. Custody recorded
   * before it was kept in the ledger is brought in once, by an opening journal (a negative hot
   * balance of that time is taken from cold storage, where the coins really were).
   */
  async function lock(tx: DbOrTx, asset: string): Promise<Held> {
    const now = clock.now();
    const row = await repo.custodyForUpdate(tx, asset, now);
    const ledgerHot = await ledgerBalance(tx, hotAccount(asset));
    const ledgerCold = await ledgerBalance(tx, coldAccount(asset));
    if (!ledgerHot.isZero() || !ledgerCold.isZero()) {
      // Demo money lands in cold storage through the ledger alone: the row follows.
      if (!ledgerHot.eq(row.hot) || !ledgerCold.eq(row.cold)) await repo.setCustody(tx, asset, ledgerHot.toString(), ledgerCold.toString(), now);
      return { hot: ledgerHot, cold: ledgerCold };
    }
    let hot = Decimal.parse(row.hot);
    let cold = Decimal.parse(row.cold);
    const total = hot.add(cold);
    if (!total.isPositive()) return { hot: Decimal.ZERO, cold: Decimal.ZERO };
    if (hot.isNegative()) [hot, cold] = [Decimal.ZERO, total];
    if (cold.isNegative()) [hot, cold] = [total, Decimal.ZERO];
    await ledger.post(tx, {
      idempotencyKey: `wallet.custody.opening:${asset}`,
      type: 'wallet.custody.deposit',
      description: 'opening',
      postings: [
        { account: custodyClearing(asset), amount: total.neg().toString() },
        ...(hot.isPositive() ? [{ account: hotAccount(asset), amount: hot.toString() }] : []),
        ...(cold.isPositive() ? [{ account: coldAccount(asset), amount: cold.toString() }] : []),
      ],
    });
    await repo.setCustody(tx, asset, hot.toString(), cold.toString(), now);
    return { hot, cold };
  }

  async function mirror(tx: DbOrTx, asset: string, held: Held): Promise<void> {
    await repo.setCustody(tx, asset, held.hot.toString(), held.cold.toString(), clock.now());
  }

  return {
    lock,

    /** A credited deposit arrived at one of the platform's addresses: the hot wallet holds it. */
    async deposit(tx: DbOrTx, asset: string, amount: Decimal, key: string): Promise<void> {
      const held = await lock(tx, asset);
      await ledger.post(tx, {
        idempotencyKey: `wallet.custody.deposit:${key}`,
        type: 'wallet.custody.deposit',
        description: key,
        postings: [
          { account: custodyClearing(asset), amount: amount.neg().toString() },
          { account: hotAccount(asset), amount: amount.toString() },
        ],
      });
      await mirror(tx, asset, { ...held, hot: held.hot.add(amount) });
    },

    /**
     * Takes a withdrawal's amount out of the hot wallet before it is sent; false (nothing moved)
     * when the hot wallet holds less, so the withdrawal waits for a refill.
     */
    async take(tx: DbOrTx, withdrawal: { id: number; asset: string; amount: string }): Promise<boolean> {
      const held = await lock(tx, withdrawal.asset);
      const amount = Decimal.parse(withdrawal.amount);
      if (held.hot.lt(amount)) return false;
      await ledger.post(tx, {
        idempotencyKey: `wallet.custody.send:${withdrawal.id}`,
        type: 'wallet.custody.send',
        businessRef: String(withdrawal.id),
        postings: [
          { account: hotAccount(withdrawal.asset), amount: amount.neg().toString() },
          { account: custodyClearing(withdrawal.asset), amount: amount.toString() },
        ],
      });
      await mirror(tx, withdrawal.asset, { ...held, hot: held.hot.sub(amount) });
      return true;
    },

    /** A send the node refused or the chain dropped: its amount is back in the hot wallet. */
    async giveBack(tx: DbOrTx, withdrawal: { id: number; asset: string; amount: string }): Promise<void> {
      const held = await lock(tx, withdrawal.asset);
      const amount = Decimal.parse(withdrawal.amount);
      await ledger.post(tx, {
        idempotencyKey: `wallet.custody.return:${withdrawal.id}`,
        type: 'wallet.custody.return',
        businessRef: String(withdrawal.id),
        postings: [
          { account: custodyClearing(withdrawal.asset), amount: amount.neg().toString() },
          { account: hotAccount(withdrawal.asset), amount: amount.toString() },
        ],
      });
      await mirror(tx, withdrawal.asset, { ...held, hot: held.hot.add(amount) });
    },

    /** Moves coins between cold storage and the hot wallet (caller holds the lock), recorded as a move and a journal. */
    async move(tx: DbOrTx, asset: string, held: Held, direction: 'hot_to_cold' | 'cold_to_hot', amount: Decimal, actor: string): Promise<Held> {
      const after = direction === 'cold_to_hot' ? { hot: held.hot.add(amount), cold: held.cold.sub(amount) } : { hot: held.hot.sub(amount), cold: held.cold.add(amount) };
      const moveId = await repo.insertMove(tx, { asset, direction, amount: amount.toString(), hotAfter: after.hot.toString(), coldAfter: after.cold.toString(), actor, createdAt: clock.now() });
      const [from, to] = direction === 'cold_to_hot' ? [coldAccount(asset), hotAccount(asset)] : [hotAccount(asset), coldAccount(asset)];
      await ledger.post(tx, {
        idempotencyKey: `wallet.custody.move:${moveId}`,
        type: direction === 'cold_to_hot' ? 'wallet.custody.refill' : 'wallet.custody.sweep',
        description: actor,
        businessRef: String(moveId),
        postings: [
          { account: from, amount: amount.neg().toString() },
          { account: to, amount: amount.toString() },
        ],
      });
      await mirror(tx, asset, after);
      return after;
    },

    /** The hot wallet's target: its share of custody, or more when approved withdrawals wait for more. */
    target(asset: string, held: Held, waiting: Decimal): Decimal {
      const share = held.hot.add(held.cold).mul(HOT_SHARE).truncate(ledger.scaleOf(asset));
      return share.gt(waiting) ? share : waiting;
    },
  };
}

export type Custody = ReturnType<typeof createCustody>;

/**
 * Demo money is credited as deposits would be (from chain clearing, see the asset module's demo
 * seed); the coins behind it are put in cold storage here, so withdrawing it works as it would for
 * deposited coins (the hot wallet is refilled first). Keyed, so a second start adds nothing.
 */
export async function seedDemoCustody(db: DbOrTx, ledger: Pick<LedgerService, 'post'>, key: string, holdings: readonly { asset: string; amount: string }[]): Promise<void> {
  for (const holding of holdings) {
    await ledger.post(db, {
      idempotencyKey: `wallet.custody.demo:${key}:${holding.asset}`,
      type: 'wallet.custody.deposit',
      description: 'demo deposit',
      postings: [
        { account: custodyClearing(holding.asset), amount: `-${holding.amount}` },
        { account: coldAccount(holding.asset), amount: holding.amount },
      ],
    });
  }
}
