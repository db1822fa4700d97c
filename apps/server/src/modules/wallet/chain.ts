import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/index';
import type { Chain } from './hd';
import { simChainHeights, simChainTxs } from './wallet.tables';

export interface ChainTx {
  txid: string;
  vout: number;
  address: string;
  asset: string;
  amount: string;
  /** 0 while unconfirmed. */
  confirmations: number;
}

/**
 * What the wallet needs of a blockchain. A real node client implements it for each chain; the
 * simulated chain below ships with the server for development and tests.
 */
export interface ChainAdapter {
  height(chain: Chain): Promise<number>;
  /** Recent transactions paying into any address (the watcher keeps those to its own). */
  incoming(chain: Chain): Promise<ChainTx[]>;
  /** Sends from the hot wallet; throws when the node refuses the transaction. */
  broadcast(chain: Chain, payment: { address: string; asset: string; amount: string }): Promise<string>;
  /** Confirmations of a sent transaction, or failed when the chain dropped it. */
  status(chain: Chain, txid: string): Promise<{ confirmations: number; failed: boolean } | undefined>;
}

export class BroadcastError extends Error {}

/** How far back `incoming` looks, in blocks; far more than any asset's required confirmations. */
const LOOKBACK_BLOCKS = 1000;

export interface SimulatedChain extends ChainAdapter {
  /** A deposit from outside to any address; it waits in the mempool until a block is mined. */
  send(chain: Chain, payment: { address: string; asset: string; amount: string }): Promise<string>;
  mine(chain: Chain, blocks?: number): Promise<number>;
  /** The next broadcast is refused (tests and the back office use it to rehearse failures). */
  failNextBroadcast(): void;
  /** Drops a sent transaction, as a chain reorganisation would. */
  dropTransaction(txid: string): Promise<void>;
  pending(chain: Chain): Promise<number>;
}

export function createSimulatedChain({ db, clock }: { db: Db; clock: Clock }): SimulatedChain {
  let failNext = false;
  const newTxid = (chain: Chain) => (chain === 'ETH' ? `0x${randomBytes(32).toString('hex')}` : randomBytes(32).toString('hex'));

  async function height(chain: Chain): Promise<number> {
    const [row] = await db.select().from(simChainHeights).where(eq(simChainHeights.chain, chain)).limit(1);
    return row?.height ?? 0;
  }

  async function record(chain: Chain, direction: 'in' | 'out', payment: { address: string; asset: string; amount: string }): Promise<string> {
    const txid = newTxid(chain);
    await db.insert(simChainTxs).values({ txid, chain, direction, ...payment, createdAt: clock.now() });
    return txid;
  }

  return {
    height,
    async incoming(chain) {
      const tip = await height(chain);
      const rows = await db
        .select()
        .from(simChainTxs)
        .where(and(eq(simChainTxs.chain, chain), eq(simChainTxs.direction, 'in'), eq(simChainTxs.failed, false), or(isNull(simChainTxs.blockHeight), gt(simChainTxs.blockHeight, tip - LOOKBACK_BLOCKS))));
      return rows.map((row) => ({
        txid: row.txid,
        vout: 0,
        address: row.address,
        asset: row.asset,
        amount: row.amount,
        confirmations: row.blockHeight === null ? 0 : tip - row.blockHeight + 1,
      }));
    },
    async broadcast(chain, payment) {
      if (failNext) {
        failNext = false;
        throw new BroadcastError('the node refused the transaction');
      }
      return record(chain, 'out', payment);
    },
    async status(chain, txid) {
      const [row] = await db.select().from(simChainTxs).where(and(eq(simChainTxs.chain, chain), eq(simChainTxs.txid, txid))).limit(1);
      if (!row) return undefined;
      const tip = await height(chain);
      return { confirmations: row.blockHeight === null ? 0 : tip - row.blockHeight + 1, failed: row.failed };
    },
    send: (chain, payment) => record(chain, 'in', payment),
    async mine(chain, blocks = 1) {
      let tip = await height(chain);
      for (let i = 0; i < blocks; i++) {
        tip += 1;
        await db.insert(simChainHeights).values({ chain, height: tip }).onConflictDoUpdate({ target: simChainHeights.chain, set: { height: tip } });
        // Everything waiting goes into the first block mined.
        await db.update(simChainTxs).set({ blockHeight: tip }).where(and(eq(simChainTxs.chain, chain), isNull(simChainTxs.blockHeight), eq(simChainTxs.failed, false)));
      }
      return tip;
    },
    failNextBroadcast() {
      failNext = true;
    },
    async dropTransaction(txid) {
      await db.update(simChainTxs).set({ failed: true }).where(eq(simChainTxs.txid, txid));
    },
    async pending(chain) {
      const [row] = await db.select({ n: count() }).from(simChainTxs).where(and(eq(simChainTxs.chain, chain), isNull(simChainTxs.blockHeight), sql`not ${simChainTxs.failed}`));
      return row?.n ?? 0;
    },
  };
}
