import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * One type for both drivers. Repositories take `DbOrTx` so the same query runs inside or outside
 * a transaction, on PGlite or on PostgreSQL.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbOrTx = Db;

export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `undefined` keeps the database in memory. */
  dataDir?: string | undefined;
  /** A PGlite data dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, admin) is dropped by the pool and
    // replaced on next use; without a listener the 'error' event would end the process.
    pool.on('error', () => undefined);
    // numeric must stay a string: money never passes through a JS float.
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      dialect: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.loadDataDir
    ? new PGlite({ loadDataDir: options.loadDataDir })
    : new PGlite(options.dataDir ? path.resolve(options.dataDir, 'pg') : undefined);
  await client.waitReady;
  const pgliteDb = drizzlePglite(client);
  return {
    db: pgliteDb as unknown as Db,
    dialect: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
