import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { clusterLeases } from './cluster.tables';

/** How long a lease lasts without renewal, and how often its owner renews it. */
export interface LeaseTiming {
  ttlMs: number;
  renewMs: number;
}
export const DEFAULT_LEASE_TIMING: LeaseTiming = { ttlMs: 10_000, renewMs: 2_000 };

/** A name for this process among the instances: random per start, so a restarted process is a new owner. */
export const newOwnerName = () => `${hostname()}#${process.pid}#${randomBytes(4).toString('hex')}`;

/** Where an engine taken on demand runs: here (at this epoch of its lease), or on another instance. */
export type Holder = { here: true; epoch: number } | { here: false; url: string | undefined };

/**
 * Leases of engines that come and go (an auction lot's writer): the first instance needing the
 * engine takes its lease, keeps it while the engine is busy and lets it go when the engine goes
 * idle; the others forward to it.
 */
export interface OnDemandLeases {
  /** Whether other instances may run engines; without that everything runs here. */
  readonly shared: boolean;
  /**
   * Where `name` runs, taking its lease when it is free or expired. `fresh` reads the lease row
   * again instead of trusting the owner remembered (after the owner could not be asked, or said no).
   */
  locate(name: string, fresh: boolean): Promise<Holder>;
  /** Whether this instance holds `name` now (a forwarded command runs only then). */
  holds(name: string): boolean;
  /** The engine went idle: its lease is given up, so whoever needs it next takes it. */
  release(name: string): Promise<void>;
  /** `listener` hears of every lease a renewal found taken over by another instance. */
  onLost(listener: (name: string) => void): void;
  /** Stops renewing; `release` lets the other instances take the engines at once (a clean shutdown). */
  stop(options: { release: boolean }): Promise<void>;
}

/** One process on its own database (embedded PGlite): every engine runs here, no lease is written. */
export function localLeases(): OnDemandLeases {
  return {
    shared: false,
    locate: () => Promise.resolve({ here: true, epoch: 0 }),
    holds: () => true,
    release: () => Promise.resolve(),
    onLost: () => undefined,
    stop: () => Promise.resolve(),
  };
}

const inMs = (ms: number) => sql`now() + ${String(ms)}::integer * interval '1 millisecond'`;

export interface LeasedDeps {
  db: Db;
  /** This instance's address for the others (INSTANCE_URL). */
  url: string;
  timing?: Partial<LeaseTiming> | undefined;
  logger: { warn(obj: object, msg: string): void };
  /** Names what the leases are of, in the log. */
  engine: string;
}

/**
 * Several instances on one PostgreSQL: an engine runs on the instance holding its row in
 * `cluster_leases`. Times are the database's, shared by every instance. Every `renewMs` the owner
 * extends its rows and notices any taken over (its engine there is dropped); a row whose owner
 * stopped renewing for `ttlMs` is taken by the next instance that needs the engine.
 */
export function onDemandLeases(deps: LeasedDeps): OnDemandLeases {
  const { db } = deps;
  const timing = { ...DEFAULT_LEASE_TIMING, ...deps.timing };
  const owner = newOwnerName();
  const mine = new Map<string, number>();
  /** Owners elsewhere as last read, forgotten when a call to them fails or after a while. */
  const elsewhere = new Map<string, { url: string; at: number }>();
  const claiming = new Map<string, Promise<Holder>>();
  const listeners: ((name: string) => void)[] = [];
  let stopped = false;

  /** Takes the row when it is free, expired or already this owner's; else reads who holds it. */
  async function claim(name: string): Promise<Holder> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const [won] = await db
        .insert(clusterLeases)
        .values({ name, owner, url: deps.url, epoch: 1, expiresAt: inMs(timing.ttlMs) })
        .onConflictDoUpdate({
          target: clusterLeases.name,
          set: { owner, url: deps.url, epoch: sql`${clusterLeases.epoch} + 1`, expiresAt: inMs(timing.ttlMs) },
          where: or(lt(clusterLeases.expiresAt, sql`now()`), eq(clusterLeases.owner, owner)),
        })
        .returning({ epoch: clusterLeases.epoch });
      if (won) {
        mine.set(name, won.epoch);
        elsewhere.delete(name);
        return { here: true, epoch: won.epoch };
      }
      const [held] = await db.select({ url: clusterLeases.url, expired: sql<boolean>`${clusterLeases.expiresAt} < now()` }).from(clusterLeases).where(eq(clusterLeases.name, name));
      // Released or expired between the two statements: try to take it once more.
      if (!held || held.expired) continue;
      elsewhere.set(name, { url: held.url, at: Date.now() });
      return { here: false, url: held.url };
    }
    return { here: false, url: undefined };
  }

  async function renew(): Promise<void> {
    const now = Date.now();
    for (const [name, { at }] of elsewhere) if (now - at > 30 * timing.ttlMs) elsewhere.delete(name);
    if (mine.size === 0) return;
    const before = new Map(mine);
    const held = await db
      .update(clusterLeases)
      .set({ expiresAt: inMs(timing.ttlMs) })
      .where(and(eq(clusterLeases.owner, owner), inArray(clusterLeases.name, [...before.keys()])))
      .returning({ name: clusterLeases.name, epoch: clusterLeases.epoch });
    const epochs = new Map(held.map((row) => [row.name, row.epoch]));
    for (const [name, epoch] of before) {
      // Released or claimed again while the renewal ran: that lease is not the one renewed.
      if (mine.get(name) !== epoch || epochs.get(name) === epoch) continue;
      mine.delete(name);
      for (const listener of listeners) listener(name);
    }
  }

  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renew().catch((err: unknown) => deps.logger.warn({ err }, `renewing the ${deps.engine} leases failed`));
  }, timing.renewMs);
  timer.unref();

  return {
    shared: true,
    locate(name, fresh) {
      const epoch = mine.get(name);
      if (epoch !== undefined) return Promise.resolve({ here: true, epoch });
      const known = fresh ? undefined : elsewhere.get(name);
      if (known) return Promise.resolve({ here: false, url: known.url });
      if (stopped) return Promise.resolve({ here: false, url: undefined });
      let pending = claiming.get(name);
      if (!pending) {
        pending = claim(name).finally(() => claiming.delete(name));
        claiming.set(name, pending);
      }
      return pending;
    },
    holds: (name) => mine.has(name),
    async release(name) {
      const epoch = mine.get(name);
      if (epoch === undefined) return;
      mine.delete(name);
      // Only the row as this instance took it: a claim made again since keeps its own.
      await db.delete(clusterLeases).where(and(eq(clusterLeases.name, name), eq(clusterLeases.owner, owner), eq(clusterLeases.epoch, epoch)));
    },
    onLost(listener) {
      listeners.push(listener);
    },
    async stop({ release }) {
      stopped = true;
      clearInterval(timer);
      await renewing;
      if (release && mine.size > 0) await db.delete(clusterLeases).where(eq(clusterLeases.owner, owner));
      mine.clear();
    },
  };
}
