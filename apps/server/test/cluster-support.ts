import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { testConfig, type Config } from '../src/platform/config';
import type { Database } from '../src/platform/db/index';
import { createRedisBus } from '../src/platform/events/index';
import { spotMarketLeases } from '../src/modules/spot/spot.tables';
import { clusterLeases } from '../src/platform/cluster/index';
import { openTestDatabase, type TestContext } from './harness';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_TEST_URL;

/** Several instances need a PostgreSQL server and a Redis: without both, the cluster tests skip and say why. */
export const clusterSkipReason =
  DATABASE_URL && REDIS_URL ? undefined : 'SKIPPED: needs TEST_DATABASE_URL (PostgreSQL) and REDIS_TEST_URL (Redis), as .ci/run sets them';

/** Short leases, so a takeover happens within a test's patience. */
export const TEST_LEASES = { ttlMs: 1_500, renewMs: 300 };

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A port nothing listens on once this returns. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface Instance {
  ctx: TestContext;
  app: App;
  url: string;
}

export interface Cluster {
  database: Database;
  clock: ManualClock;
  instances: Instance[];
  /** Builds and starts listening one more instance on the shared database and Redis channel. */
  add(overrides?: Partial<Config>): Promise<Instance>;
  /** Stops an instance as a crash would: no more lease renewals, none released, its connections cut. */
  kill(instance: Instance): Promise<void>;
  /** The instance holding a market's lease now. */
  ownerOf(symbol: string): Promise<Instance>;
  /** The instance holding an engine's lease taken on demand (`auction:<lot>`) now; undefined when none does. */
  holderOf(name: string): Promise<Instance | undefined>;
  close(): Promise<void>;
}

/**
 * Server instances in this process over one fresh PostgreSQL database and one Redis channel of
 * their own (so parallel test files do not hear each other), each listening on its own port, so
 * commands they forward to each other travel over real HTTP.
 */
export async function openCluster(): Promise<Cluster> {
  const { database, drop } = await openTestDatabase();
  const clock = new ManualClock(new Date());
  const channel = `tp:test:${randomUUID()}`;
  const instances: Instance[] = [];
  const closed = new Set<App>();
  const cluster: Cluster = {
    database,
    clock,
    instances,
    async add(overrides = {}) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const config = testConfig({ ...overrides, redisUrl: REDIS_URL, instanceUrl: url, port });
      const bus = await createRedisBus({ url: REDIS_URL!, logger: quiet, channel });
      const app = await buildApp({ config, database, clock, bus, marketLeases: TEST_LEASES });
      await app.http.listen({ port, host: '127.0.0.1' });
      const instance: Instance = {
        app,
        url,
        ctx: {
          app,
          database,
          clock,
          config,
          close: async () => {
            if (closed.has(app)) return;
            closed.add(app);
            await app.close().catch(() => undefined);
          },
        },
      };
      instances.push(instance);
      return instance;
    },
    async kill(instance) {
      await instance.app.services.spot.close({ release: false });
      await instance.app.services.auction.close({ release: false });
      instance.app.http.server.closeAllConnections();
      instance.app.http.server.close();
    },
    async ownerOf(symbol) {
      const [lease] = await database.db.select().from(spotMarketLeases).where(eq(spotMarketLeases.symbol, symbol));
      const owner = instances.find((i) => i.url === lease?.url);
      if (!owner) throw new Error(`no instance of this cluster holds ${symbol}`);
      return owner;
    },
    async holderOf(name) {
      const [lease] = await database.db.select().from(clusterLeases).where(eq(clusterLeases.name, name));
      return instances.find((i) => i.url === lease?.url);
    },
    async close() {
      for (const instance of instances) await instance.ctx.close();
      await drop();
    },
  };
  return cluster;
}
