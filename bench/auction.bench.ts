/**
 * `npm run bench:auction`: 1,000 bidders on one auction lot, bidding through the HTTP API of a real
 * server process on PostgreSQL in the lot's last minute (every accepted bid extends the end, so
 * the lot stays in its last minutes throughout). 64 keep-alive connections post `offer` for a
 * bounded time (BENCH_AUCTION_SECONDS, default 15, after BENCH_AUCTION_WARMUP_SECONDS, default 3, of
 * warm-up whose latencies are not counted); each bid asks the next price the bench has handed out,
 * so bids racing each other are refused as too low, as they would be for people.
 *
 * The lot is the demo seller's holding, published and approved through the API; the bidders are
 * enterprise firms created for the run (one user each, one password), funded by a bank-deposit
 * journal, logged in (each from its own forwarded address) and signed up through the API.
 *
 * Afterwards the server is stopped and the database is checked: every acknowledged bid is stored
 * with the place and price it was acknowledged with, places run 1..n without a gap, prices rise
 * strictly (so no two accepted bids share a price), and the ledger verifies.
 *
 * BENCH_AUCTION_INSTANCES (default `1,2`) says how many server processes share the load per run:
 * with two, both run on one fresh database and one Redis (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379), the connections (and the logins and sign-ups) are spread over both, so
 * half of the bids reach the instance that does not hold the lot and are forwarded to the one that
 * does.
 *
 * Prints bids/s and p50/p99 latency per run; the last line is one JSON object with every run.
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); it
 * creates and drops its own database for each run; a two-instance run is skipped when Redis cannot
 * be reached.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Decimal } from '@tp/decimal';
import { openDatabase } from '../apps/server/src/platform/db/index';
import { systemClock } from '../apps/server/src/platform/clock';
import { LedgerKind, PLATFORM_OWNER, createLedgerService, verifyLedger } from '../apps/server/src/modules/ledger/index';
import { createFirmService } from '../apps/server/src/modules/firm/index';
import { seedDemoIdentities } from '../apps/server/src/modules/identity/index';
import { createPoster, percentile, redisReachable, startServer, stopServer } from './support';

const SECONDS = Number(process.env.BENCH_AUCTION_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_AUCTION_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_AUCTION_CONNECTIONS ?? 64);
const BIDDERS = Number(process.env.BENCH_AUCTION_BIDDERS ?? 1000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Server processes per run (`1,2`: a single instance, then two sharing the load). */
const INSTANCES = (process.env.BENCH_AUCTION_INSTANCES ?? '1,2').split(',').map(Number);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Bench@123456';
const DEMO_PASSWORD = 'Demo@123456';
const DEMO_SELLER = '13800000002';
const STEP = '1';
const { post, close } = createPoster(CONNECTIONS);

async function must(port: number, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const reply = await post(port, pathname, body, headers);
  if (reply.code !== '0') throw new Error(`${pathname}: ${reply.message}`);
  return reply.value;
}

const forwarded = (i: number) => ({ 'x-forwarded-for': `10.77.${(i >> 8) & 255}.${i & 255}` });
const userHeaders = (s: Record<string, unknown>, i: number) => ({ sessionstr: String(s.sessionStr), userid: String(s.userId), firmid: String(s.firmId ?? ''), ...forwarded(i) });

/** In `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  }));
}

async function run(url: string, instances: number): Promise<Record<string, unknown>> {
  const database = await openDatabase({ url });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-auction-'));
  let servers: { child: ChildProcess; port: number }[] = [];
  try {
    // Each bidder logs in from its own forwarded address, as people behind a proxy do. One server
    // after the other: the first migrates the fresh database, the next finds it migrated; several
    // share the data directory, as they would share a volume.
    for (let i = 0; i < instances; i++) {
      servers.push(await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, TRUST_PROXY: 'true', ...(instances > 1 ? { REDIS_URL } : {}) }, { startTimeoutMs: 180_000 }));
    }
    const ports = servers.map((s) => s.port);
    /** The instance the i-th bidder (or connection) talks to: each in turn. */
    const portOf = (i: number) => ports[i % ports.length]!;
    const port = ports[0]!;

    // The bidders: enterprise firms (a main account holds every right), funded as a bank deposit would.
    const tels = Array.from({ length: BIDDERS }, (_, i) => `1770${String(i).padStart(7, '0')}`);
    const firm = createFirmService({ db: database.db, clock: systemClock });
    const accounts = await seedDemoIdentities(
      { db: database.db, clock: systemClock, firm },
      { password: PASSWORD, firms: tels.map((tel, i) => ({ name: `竞拍压测企业${i}`, userType: 'enterprise' as const, users: [{ tel, userName: `bidder${i}`, isMainAccount: true }] })), staff: [] },
    );
    const ledger = createLedgerService({ clock: systemClock });
    for (const tel of tels) {
      const firmId = accounts[tel]!.firmId;
      await ledger.post(database.db, {
        idempotencyKey: `bench.auction.deposit:${firmId}`,
        type: 'bank.deposit',
        postings: [
          { account: { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.bankClearingIcbc }, amount: '-10000000' },
          { account: { ownerType: 'firm', ownerId: firmId, currency: 'CNY', kind: LedgerKind.available }, amount: '10000000' },
        ],
      });
    }

    // Everyone logs in first (the password check is the slow part), each from its own address.
    const sessions: Record<string, string>[] = [];
    const loginsFrom = Date.now();
    await inBatches(tels, 16, async (tel, i) => {
      sessions[i] = userHeaders(await must(portOf(i), '/api/user/login', { loginAccount: tel, password: PASSWORD }, forwarded(i)), i);
    });
    process.stdout.write(`${BIDDERS} bidders logged in in ${Math.round((Date.now() - loginsFrom) / 1000)} s\n`);

    // The lot: the demo seller's first held holding, bidding opening once everyone has signed up.
    const seller = await must(port, '/api/user/login', { loginAccount: DEMO_SELLER, password: DEMO_PASSWORD }, forwarded(60000));
    const sellerHeaders = userHeaders(seller, 60000);
    const holdings = (await must(port, '/api/warehouse/holdings', { status: '0', size: 100 }, sellerHeaders)) as { content: { holdId: string; storageId: string }[] };
    const holding = holdings.content[0];
    if (!holding) throw new Error('the demo seller holds nothing');
    const now = Date.now();
    const setupMs = 30_000;
    const lot = await must(
      port,
      '/api/auction/publish/holdSell',
      {
        holdId: holding.holdId,
        startingUnitPrice: '100',
        addPrice: STEP,
        showTime: new Date(now).toISOString(),
        startTime: new Date(now + setupMs).toISOString(),
        // The last minute starts with bidding: every bid extends the end.
        endTime: new Date(now + setupMs + 60_000).toISOString(),
        contactName: '压测',
        contactPhone: '13900000000',
      },
      sellerHeaders,
    );
    const itemId = String(lot.itemId);
    const staff = await must(port, '/api/admin/login', { account: 'admin', password: DEMO_PASSWORD }, forwarded(60001));
    await must(port, '/api/admin/auction/audit', { itemId, pass: true }, { sessionstr: String(staff.sessionStr), userid: String(staff.staffId), firmid: '', ...forwarded(60001) });

    const approved = await must(port, '/api/auction/detail', { itemId });
    if (approved.status !== '0') throw new Error(`the lot is not in public notice after its audit: ${JSON.stringify(approved)}`);
    await inBatches(tels, 16, async (_, i) => void (await must(portOf(i), '/api/auction/signUp', { itemId }, sessions[i])));
    const startAt = now + setupMs;
    process.stdout.write(`${BIDDERS} bidders signed up; bidding opens in ${Math.max(0, Math.round((startAt - Date.now()) / 1000))} s\n`);
    await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now()) + 1500));

    // The load: each request bids the next price handed out; the bidder changes every request.
    let handedOut = Decimal.parse('100');
    let n = 0;
    const acknowledged: { seq: number; price: string }[] = [];
    const latencies: number[] = [];
    let measured = 0;
    let refused = 0;
    let errors = 0;
    const started = performance.now() + WARMUP_SECONDS * 1000;
    const deadline = started + SECONDS * 1000;
    async function worker(w: number): Promise<void> {
      const target = portOf(w);
      while (performance.now() < deadline) {
        const i = n++;
        const price = handedOut.toFixed(2);
        handedOut = handedOut.add(STEP);
        const t0 = performance.now();
        const counted = t0 >= started;
        try {
          const reply = await post(target, '/api/auction/offer', { itemId, offerPrice: price }, sessions[i % BIDDERS]!);
          if (counted) latencies.push(performance.now() - t0);
          if (reply.code === '0') {
            acknowledged.push({ seq: Number(reply.value.seq), price: String(reply.value.price) });
            if (counted) measured += 1;
          } else if (reply.code === '-1') errors += 1;
          else refused += 1;
        } catch {
          errors += 1;
        }
      }
    }
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(servers.map((s) => stopServer(s.child)));
    servers = [];

    const stored = (await database.db.execute(`select seq, price::text as price from auction_bids where item_id = ${Number(itemId)} order by seq`)) as unknown as { rows: { seq: number; price: string }[] };
    const bySeq = new Map(stored.rows.map((r) => [Number(r.seq), Decimal.parse(r.price).toFixed(2)]));
    const allAcknowledgedStored = acknowledged.every((a) => bySeq.get(a.seq) === a.price);
    const placesWithoutGap = stored.rows.every((r, i) => Number(r.seq) === i + 1);
    const pricesRise = stored.rows.every((r, i) => i === 0 || Decimal.parse(r.price).gt(stored.rows[i - 1]!.price));
    const report = await verifyLedger(database.db);
    const sorted = latencies.sort((a, b) => a - b);
    const result = {
      database: 'postgresql',
      instances,
      bidders: BIDDERS,
      bids: measured,
      bidsPerSecond: Math.round(measured / seconds),
      p50Ms: Number(percentile(sorted, 50).toFixed(2)),
      p99Ms: Number(percentile(sorted, 99).toFixed(2)),
      refused,
      errors,
      storedBids: stored.rows.length,
      allAcknowledgedStored,
      placesWithoutGap,
      pricesRise,
      ledgerOk: report.ok,
    };
    process.stdout.write(
      `${`postgresql, ${instances} instance${instances > 1 ? 's' : ''}, one lot`.padEnd(32)} ${String(result.bidsPerSecond).padStart(6)} bids/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  (${measured} accepted, ${refused} refused as too low or leading, ${errors} errors; ` +
        `stored ${stored.rows.length}, acknowledged stored: ${allAcknowledgedStored}, in order: ${placesWithoutGap && pricesRise}, ledger ${report.ok ? 'OK' : 'MISMATCH'})\n`,
    );
    return result;
  } finally {
    await Promise.all(servers.map((s) => stopServer(s.child)));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One run on a database of its own, dropped afterwards. */
async function onFreshPostgres(instances: number): Promise<Record<string, unknown>> {
  const name = `bench_auction_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString(), instances);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  process.stdout.write(`Bidding on one auction lot through the HTTP API: ${BIDDERS} bidders, ${CONNECTIONS} connections, ${SECONDS} s measured after ${WARMUP_SECONDS} s of warm-up.\n`);
  const results: Record<string, unknown>[] = [];
  try {
    for (const instances of INSTANCES) {
      if (instances === 1 || (await redisReachable(REDIS_URL))) results.push(await onFreshPostgres(instances));
      else process.stdout.write(`postgresql, ${instances} instances skipped: Redis at ${REDIS_URL} cannot be reached\n`);
    }
  } finally {
    close();
  }
  const ok = results.every((r) => r.allAcknowledgedStored && r.placesWithoutGap && r.pricesRise && r.ledgerOk && r.errors === 0);
  process.stdout.write(`${JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, results })}\n`);
  if (!ok) process.exitCode = 1;
}

await main();
