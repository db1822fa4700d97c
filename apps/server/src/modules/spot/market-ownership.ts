import type { Db } from '../../platform/db/index';
import { DEFAULT_LEASE_TIMING, LeaseLostError, newOwnerName, type LeaseTiming } from '../../platform/cluster/index';
import * as repo from './spot.repo';

export { DEFAULT_LEASE_TIMING, LeaseLostError, type LeaseTiming };

/** Where a market's book runs, as this instance knows it. */
export type Whereabouts =
  | { here: true; epoch: number }
  /** Another instance (its address, when known) runs it. */
  | { here: false; url: string | undefined }
  /** This instance is taking the market over: wait, then ask again. */
  | { here: 'pending'; ready: Promise<void> };

/** A market's lease as its owner believes it to be: a group commit writes only while it still is. */
export interface LeaseFence {
  symbol: string;
  owner: string;
  epoch: number;
}

/** What the spot service does when a market comes or goes. */
export interface OwnershipHooks {
  /** The market is this instance's from now on: its book is rebuilt from the database before any command runs. */
  acquired(symbol: string, epoch: number): Promise<void>;
  /** Another instance took the market: the book here is dropped. */
  lost(symbol: string): void;
}

export interface MarketOwnership {
  /** Whether other instances may run markets: group commits then check their lease (fencing). */
  readonly shared: boolean;
  /** Takes the markets that are free and keeps the leases renewed. */
  start(symbols: readonly string[], hooks: OwnershipHooks): Promise<void>;
  where(symbol: string): Whereabouts;
  /** Reads the leases again, taking over a market whose owner let its lease expire. */
  recheck(symbol: string): Promise<Whereabouts>;
  /**
   * What a group commit's write checks, in its own statement, to be sure this instance still
   * holds the market at `epoch`; none when nothing is shared.
   */
  fence(symbol: string, epoch: number): LeaseFence | undefined;
  /** A group commit found the lease gone: the market is dropped here. */
  forget(symbol: string, epoch: number): void;
  /** Stops renewing; `release` lets the other instances take the markets at once (a clean shutdown). */
  stop(options: { release: boolean }): Promise<void>;
}

/** One process on its own database (embedded PGlite): every market is run here, nothing is fenced. */
export function localOwnership(): MarketOwnership {
  return {
    shared: false,
    async start(symbols, hooks) {
      for (const symbol of symbols) await hooks.acquired(symbol, 0);
    },
    where: () => ({ here: true, epoch: 0 }),
    recheck: async () => ({ here: true, epoch: 0 }),
    fence: () => undefined,
    forget: () => undefined,
    stop: async () => undefined,
  };
}

export interface LeasedOwnershipDeps {
  db: Db;
  /** This instance's address for the others (INSTANCE_URL). */
  url: string;
  timing?: Partial<LeaseTiming> | undefined;
  logger: { warn(obj: object, msg: string): void };
}

/**
 * Several instances on one PostgreSQL: each market is run by the instance holding its lease row.
 * Every `renewMs` an instance renews its leases (noticing any it lost) and takes markets that are
 * free or whose owner stopped renewing for `ttlMs`. Lease changes run one at a time.
 */
export function leasedOwnership(deps: LeasedOwnershipDeps): MarketOwnership {
  const { db } = deps;
  const timing = { ...DEFAULT_LEASE_TIMING, ...deps.timing };
  const owner = newOwnerName();
  const mine = new Map<string, number>();
  const elsewhere = new Map<string, string>();
  const acquiring = new Map<string, Promise<void>>();
  let symbols: readonly string[] = [];
  let hooks: OwnershipHooks | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  /** Lease changes in order: a renewal never interleaves with a takeover. */
  let chain: Promise<void> = Promise.resolve();

  function drop(symbol: string): void {
    if (mine.delete(symbol)) hooks?.lost(symbol);
  }

  /**
   * Runs the market once `claim` gives its epoch. The market reads as pending from before the
   * claim is sent: a command forwarded here in the moment between winning the lease and starting
   * the rebuild waits for the book instead of hearing "not mine".
   */
  async function take(symbol: string, claim: () => Promise<number | undefined>): Promise<void> {
    let done!: () => void;
    acquiring.set(symbol, new Promise<void>((resolve) => (done = resolve)));
    try {
      const epoch = await claim();
      if (epoch !== undefined) {
        await hooks?.acquired(symbol, epoch);
        mine.set(symbol, epoch);
      }
      elsewhere.delete(symbol);
    } finally {
      acquiring.delete(symbol);
      done();
    }
  }

  async function sync(): Promise<void> {
    if (stopped) return;
    const held = new Map((await repo.renewLeases(db, owner, timing.ttlMs)).map((row) => [row.symbol, row.epoch]));
    for (const [symbol, epoch] of mine) if (held.get(symbol) !== epoch) drop(symbol);
    const leases = new Map((await repo.readLeases(db)).map((row) => [row.symbol, row]));
    for (const symbol of symbols) {
      if (mine.has(symbol)) continue;
      const lease = leases.get(symbol);
      // Ours but not running: the rebuild after taking it failed last time.
      if (lease?.owner === owner) await take(symbol, () => Promise.resolve(lease.epoch));
      else if (lease && !lease.expired) elsewhere.set(symbol, lease.url);
      if (lease?.owner === owner || (lease && !lease.expired)) continue;
      await take(symbol, () => repo.claimLease(db, { symbol, owner, url: deps.url, ttlMs: timing.ttlMs }));
    }
  }

  function serialized(): Promise<void> {
    const next = chain.then(sync);
    chain = next.catch(() => undefined);
    return next;
  }

  return {
    shared: true,
    async start(markets, given) {
      symbols = markets;
      hooks = given;
      await serialized();
      timer = setInterval(() => {
        serialized().catch((err: unknown) => deps.logger.warn({ err }, 'renewing the spot market leases failed'));
      }, timing.renewMs);
      timer.unref();
    },
    where(symbol) {
      const epoch = mine.get(symbol);
      if (epoch !== undefined) return { here: true, epoch };
      const ready = acquiring.get(symbol);
      if (ready) return { here: 'pending', ready };
      return { here: false, url: elsewhere.get(symbol) };
    },
    async recheck(symbol) {
      await serialized();
      return this.where(symbol);
    },
    fence: (symbol, epoch) => ({ symbol, owner, epoch }),
    forget(symbol, epoch) {
      if (mine.get(symbol) === epoch) drop(symbol);
    },
    async stop({ release }) {
      stopped = true;
      if (timer) clearInterval(timer);
      await chain;
      if (release && mine.size > 0) await repo.releaseLeases(db, owner);
      mine.clear();
    },
  };
}
