/**
 * `npm run bench:api`: orders placed through the HTTP API of a real server process, persisted,
 * on the embedded database and on PostgreSQL. 64 keep-alive connections on loopback post limit
 * orders for a bounded time (BENCH_API_SECONDS, default 15, after BENCH_API_WARMUP_SECONDS, default 3,
 * of warm-up whose latencies are not counted) from the two demo market-maker
 * accounts, half of them crossing so fills are settled too. Afterwards the server is stopped, the
 * ledger is verified and every acknowledged order is looked up in the database.
 *
 * On PostgreSQL it runs twice: one server process, then two processes on one fresh database and
 * one Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379) with the orders sent to each in
 * turn, so half of them reach the instance that does not own the market and are forwarded.
 *
 * Prints orders/s and p50/p99 latency per run; the last line is one JSON object.
 * PostgreSQL is skipped when BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * cannot be reached, the two-instance run when Redis cannot; the benchmark creates and drops its
 * own database for each PostgreSQL run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/index';
import { verifyLedger } from '../apps/server/src/modules/ledger/index';
import { createPoster, percentile, redisReachable, startServer, stopServer } from './support';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 15);
/** Seconds of load before measuring starts (connections opened, code warmed up); their orders are still checked. */
const WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 64);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Which databases to measure (`pglite,postgresql`), and extra node flags for the server (e.g. `--cpu-prof`). */
const DATABASES = (process.env.BENCH_API_DATABASES ?? 'pglite,postgresql').split(',');
/** Server processes per PostgreSQL run (`1,2`: a single instance, then two sharing the load). */
const INSTANCES = (process.env.BENCH_API_INSTANCES ?? '1,2').split(',').map(Number);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const poster = createPoster(CONNECTIONS);
/** The calls this benchmark makes answer string fields (a session, an order id). */
const post = (port: number, pathname: string, body: unknown, headers?: Record<string, string>) => poster.post<Record<string, string>>(port, pathname, body, headers);
const ACCOUNTS = ['13800000009', '13800000008'];
const PASSWORD = 'Demo@123456';

interface Result {
  database: string;
  instances: number;
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  ledgerOk: boolean;
  allAcknowledgedStored: boolean;
}







/** Orders go to the servers in turn, one after the other. */
async function load(ports: number[]): Promise<{ ids: string[]; measured: number; latencies: number[]; errors: number; seconds: number }> {
  const sessions: Record<string, string>[] = [];
  for (const account of ACCOUNTS) {
    const reply = await post(ports[0]!, '/api/user/login', { loginAccount: account, password: PASSWORD });
    if (reply.code !== '0') throw new Error(`login ${account}: ${reply.message}`);
    sessions.push({ sessionstr: reply.value.sessionStr!, userid: reply.value.userId!, firmid: reply.value.firmId ?? '' });
  }
  const ids: string[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let measured = 0;
  let n = 0;
  const started = performance.now() + WARMUP_SECONDS * 1000;
  const deadline = started + SECONDS * 1000;

  async function worker(w: number): Promise<void> {
    while (performance.now() < deadline) {
      const i = n++;
      // Sells rest above 60000, buys below it; every other buy crosses, so fills are settled too.
      const sell = i % 2 === 0;
      const offset = (i % 50) + 1;
      const price = sell ? 60000 + offset : i % 4 === 1 ? 60000 + offset : 60000 - offset;
      const body = { symbol: 'BTCUSDT', side: sell ? 'sell' : 'buy', type: 'limit', price: String(price), quantity: '0.001', timeInForce: 'GTC' };
      const t0 = performance.now();
      const counted = t0 >= started;
      try {
        const reply = await post(ports[i % ports.length]!, '/api/spot/order/place', body, sessions[w % 2]!);
        if (counted) latencies.push(performance.now() - t0);
        if (reply.code === '0') {
          ids.push(reply.value.orderId!);
          if (counted) measured += 1;
        } else errors += 1;
      } catch {
        errors += 1;
      }
    }
  }

  await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
  return { ids, measured, latencies: latencies.sort((a, b) => a - b), errors, seconds: (performance.now() - started) / 1000 };
}

async function run(database: string, instances: number, env: Record<string, string>, open: () => ReturnType<typeof openDatabase>): Promise<Result> {
  const servers: { child: ChildProcess; port: number }[] = [];
  let outcome: Awaited<ReturnType<typeof load>>;
  try {
    // One after the other: the first migrates the fresh database, the next finds it migrated.
    for (let i = 0; i < instances; i++) servers.push(await startServer(env, { nodeArgs: SERVER_NODE_ARGS }));
    outcome = await load(servers.map((s) => s.port));
  } finally {
    await Promise.all(servers.map((s) => stopServer(s.child)));
  }
  const db = await open();
  try {
    const report = await verifyLedger(db.db);
    const stored = (await db.db.execute(
      `select count(*)::text as n from spot_orders where id in (${outcome.ids.length ? outcome.ids.map(Number).join(',') : '0'})`,
    )) as unknown as { rows: { n: string }[] };
    const result: Result = {
      database,
      instances,
      orders: outcome.measured,
      ordersPerSecond: Math.round(outcome.measured / outcome.seconds),
      p50Ms: Number(percentile(outcome.latencies, 50).toFixed(2)),
      p99Ms: Number(percentile(outcome.latencies, 99).toFixed(2)),
      errors: outcome.errors,
      ledgerOk: report.ok,
      allAcknowledgedStored: Number(stored.rows[0]?.n) === outcome.ids.length,
    };
    process.stdout.write(
      `${`${database}, ${instances} instance${instances > 1 ? 's' : ''}`.padEnd(24)} ${String(result.ordersPerSecond).padStart(6)} orders/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  ` +
        `(${result.orders} orders, ${result.errors} errors, ledger ${report.ok ? 'OK' : 'MISMATCH'}, acknowledged stored: ${result.allAcknowledgedStored})\n`,
    );
    return result;
  } finally {
    await db.close();
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A fresh database for one run, dropped afterwards. */
async function onFreshPostgres(instances: number, extraEnv: Record<string, string>): Promise<Result> {
  const name = `bench_api_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  try {
    // Several instances share one data directory, as they would share a volume.
    return await run('postgresql', instances, { DATABASE_URL: url.toString(), DATA_DIR: dataDir, ...extraEnv }, () => openDatabase({ url: url.toString() }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  process.stdout.write(`Placing limit orders through the HTTP API: ${CONNECTIONS} connections, ${SECONDS} s measured per run after ${WARMUP_SECONDS} s of warm-up.\n`);
  const results: Result[] = [];

  if (DATABASES.includes('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
    try {
      results.push(await run('pglite', 1, { DATA_DIR: dataDir }, () => openDatabase({ dataDir })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (!DATABASES.includes('postgresql')) {
    // measured on request only
  } else if (await postgresReachable()) {
    for (const instances of INSTANCES) {
      if (instances === 1) results.push(await onFreshPostgres(1, {}));
      else if (await redisReachable(REDIS_URL)) results.push(await onFreshPostgres(instances, { REDIS_URL }));
      else process.stdout.write(`postgresql, ${instances} instances skipped: Redis at ${REDIS_URL} cannot be reached\n`);
    }
  } else {
    process.stdout.write(`postgresql skipped: ${ADMIN_URL} cannot be reached\n`);
  }

  poster.close();
  const ok = results.every((r) => r.ledgerOk && r.allAcknowledgedStored);
  process.stdout.write(`${JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, results })}\n`);
  if (!ok) process.exitCode = 1;
}

await main();
