import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { WS_PATH } from '@tp/contract';
import { buildApp, type App } from '../src/app';
import { seedDemoData } from '../src/demo/seed';
import { ManualClock } from '../src/platform/clock';
import { testConfig, type Config } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/db/index';

export interface TestContext {
  app: App;
  database: Database;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the server
 * named by TEST_DATABASE_URL, so the same suite proves both.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return { database, drop: async () => database.close() };
  }
  const name = `tp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      try {
        await dropWhenIdle(again, name);
      } finally {
        await again.end();
      }
    },
  };
}

/**
 * Drops a test database once its last connection has gone. Forcing it would kill connections a
 * closing pool is still ending, and their clients would report the kill as an uncaught error.
 */
async function dropWhenIdle(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt++) {
    try {
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  await client.query(`drop database if exists ${name} with (force)`);
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const clock = new ManualClock(new Date());
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, clock });
  await app.http.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** A test app over a database holding the demo data (catalogue, demo firms and staff, fee settings). */
export async function createSeededTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const ctx = await createTestApp(overrides);
  await seedDemoData(ctx.database, ctx.config, ctx.clock);
  return ctx;
}

/** Starts the app on a free local port and returns its WebSocket address. */
export async function listenForWebSockets(app: App): Promise<string> {
  const address = await app.http.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}${WS_PATH}`;
}

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at REDIS_URL: the tests that need one skip without it. */
export async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
