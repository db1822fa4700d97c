/**
 * Matching engine benchmark: @tp/matching against nodejs-order-book, in one process.
 *
 *   npx tsx bench/matching.bench.ts            (from the repository root)
 *   BENCH_SCALE=0.2 npx tsx bench/matching.bench.ts   (quicker, smaller command arrays)
 *   BENCH_ONLY=mix,insert_cancel npx tsx bench/matching.bench.ts   (some scenarios only)
 *
 * Every scenario is a command array generated up front from a seeded PRNG, so both engines get
 * the same commands and no generation happens inside a timed loop. Each engine gets the
 * commands in the form its API takes (ours: positional arguments from typed arrays; the peer:
 * option objects and string ids, built up front too). Each run starts from a fresh, empty book.
 * Before timing the peer, an untimed pass checks that both engines end with the same book.
 *
 * Throughput: warm-up runs, then timed runs with nothing but the engine calls in the loop;
 * the median run is reported. Latency: one further run in which every 16th command is timed
 * on its own with process.hrtime.bigint(); the timer's own cost (median of back-to-back
 * calls) is subtracted. Percentiles are over those sampled single commands.
 *
 * The last line printed is one JSON object with the results.
 */
import { OrderBook } from '@tp/matching';
import type { Side as OurSide } from '@tp/matching';
import { OrderBook as PeerBook, Side as PeerSide } from 'nodejs-order-book';
import type { LimitOrderOptions, MarketOrderOptions } from 'nodejs-order-book';

const LIMIT = 0;
const MARKET = 1;
const CANCEL = 2;

const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const LATENCY_EVERY = 16;
const SIDES: readonly OurSide[] = ['buy', 'sell'];
const PEER_SIDES: readonly PeerSide[] = [PeerSide.BUY, PeerSide.SELL];

interface Scenario {
  name: string;
  description: string;
  length: number;
  kind: Uint8Array;
  id: Int32Array;
  side: Uint8Array;
  price: Int32Array;
  qty: Int32Array;
  /** Whether the peer runs it too. */
  shared: boolean;
}

/** The peer's inputs for a scenario: option objects and string ids. */
interface PeerCommands {
  limit: (LimitOrderOptions | undefined)[];
  market: (MarketOrderOptions | undefined)[];
  id: string[];
}

/** mulberry32: small, fast, seeded. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class ScenarioBuilder {
  readonly kind: Uint8Array;
  readonly id: Int32Array;
  readonly side: Uint8Array;
  readonly price: Int32Array;
  readonly qty: Int32Array;
  length = 0;
  private nextId = 1;

  constructor(capacity: number) {
    this.kind = new Uint8Array(capacity);
    this.id = new Int32Array(capacity);
    this.side = new Uint8Array(capacity);
    this.price = new Int32Array(capacity);
    this.qty = new Int32Array(capacity);
  }

  limit(side: number, price: number, qty: number): number {
    return this.push(LIMIT, this.nextId++, side, price, qty);
  }

  market(side: number, qty: number): number {
    return this.push(MARKET, this.nextId++, side, 0, qty);
  }

  cancel(id: number): void {
    this.push(CANCEL, id, 0, 0, 0);
  }

  build(name: string, description: string, shared: boolean): Scenario {
    const n = this.length;
    return {
      name,
      description,
      length: n,
      kind: this.kind.subarray(0, n),
      id: this.id.subarray(0, n),
      side: this.side.subarray(0, n),
      price: this.price.subarray(0, n),
      qty: this.qty.subarray(0, n),
      shared,
    };
  }

  private push(kind: number, id: number, side: number, price: number, qty: number): number {
    const i = this.length++;
    this.kind[i] = kind;
    this.id[i] = id;
    this.side[i] = side;
    this.price[i] = price;
    this.qty[i] = qty;
    return id;
  }
}

/** A set of ids with O(1) add, remove and uniform random pick. */
class LiveIds {
  private readonly ids: number[] = [];
  private readonly index = new Map<number, number>();

  get size(): number {
    return this.ids.length;
  }

  add(id: number): void {
    this.index.set(id, this.ids.length);
    this.ids.push(id);
  }

  remove(id: number): void {
    const i = this.index.get(id);
    if (i === undefined) return;
    const last = this.ids.pop() as number;
    if (last !== id) {
      this.ids[i] = last;
      this.index.set(last, i);
    }
    this.index.delete(id);
  }

  pick(rand: () => number): number {
    return this.ids[Math.floor(rand() * this.ids.length)] as number;
  }
}

const MID = 1_000_000;

function insertsAtDistinctPrices(n: number): Scenario {
  const rand = prng(1);
  const prices: number[] = [];
  for (let k = 0; k < n / 2; k++) prices.push(MID - 1 - k, MID + 1 + k);
  for (let i = prices.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [prices[i], prices[j]] = [prices[j] as number, prices[i] as number];
  }
  const b = new ScenarioBuilder(n);
  for (const p of prices) b.limit(p < MID ? 0 : 1, p, 1 + Math.floor(rand() * 10));
  return b.build('insert_distinct', `${n} limit orders, each at a new price (shuffled), none crossing`, true);
}

function insertsAndMarkets(n: number): Scenario {
  const rand = prng(2);
  const b = new ScenarioBuilder(n);
  while (b.length < n) {
    const side = rand() < 0.5 ? 0 : 1;
    if (rand() < 0.8) {
      const offset = 1 + Math.floor(rand() * 100);
      b.limit(side, side === 0 ? MID - offset : MID + offset, 1 + Math.floor(rand() * 10));
    } else {
      b.market(side, 1 + Math.floor(rand() * 40));
    }
  }
  return b.build('insert_market', `${n} commands: 80% limit within 100 ticks of mid, 20% market (~4.5 fills each); ends with ~11k orders resting`, true);
}

function insertsAndCancels(n: number): Scenario {
  const rand = prng(3);
  const b = new ScenarioBuilder(n);
  const live = new LiveIds();
  while (b.length < n) {
    if (live.size === 0 || rand() < 0.6) {
      const side = rand() < 0.5 ? 0 : 1;
      const offset = 1 + Math.floor(rand() * 1000);
      live.add(b.limit(side, side === 0 ? MID - offset : MID + offset, 1 + Math.floor(rand() * 10)));
    } else {
      const id = live.pick(rand);
      live.remove(id);
      b.cancel(id);
    }
  }
  return b.build('insert_cancel', `${n} commands: 60% limit within 1000 ticks of mid, 40% cancel of a random resting order; ends with ~40k orders on 2000 levels`, true);
}

/**
 * 60% limit, 30% cancel, 10% market. Limit prices sit around a drifting mid and ~2% of them
 * cross. Our engine runs alongside generation (untimed) so cancels target orders that are
 * really resting at that point.
 */
function mixed(n: number): Scenario {
  const rand = prng(4);
  const b = new ScenarioBuilder(n);
  const live = new LiveIds();
  const sim = new OrderBook();
  let mid = MID;
  while (b.length < n) {
    if (b.length % 1000 === 0) mid += Math.floor(rand() * 11) - 5;
    const r = rand();
    const side = rand() < 0.5 ? 0 : 1;
    let events;
    if (r < 0.6 || live.size === 0) {
      const offset = Math.floor(rand() * 64) - 3;
      const price = side === 0 ? mid - offset : mid + offset;
      const id = b.limit(side, price, 1 + Math.floor(rand() * 10));
      events = sim.limit(id, id, SIDES[side] as OurSide, price, b.qty[b.length - 1] as number);
      if (sim.order(id) !== undefined) live.add(id);
    } else if (r < 0.9) {
      const id = live.pick(rand);
      b.cancel(id);
      events = sim.cancel(id);
      live.remove(id);
    } else {
      const id = b.market(side, 1 + Math.floor(rand() * 30));
      events = sim.market(id, id, SIDES[side] as OurSide, b.qty[b.length - 1] as number);
    }
    for (let i = 0; i < events.length; i++) {
      const e = events.get(i);
      if (e.type === 'fill' && e.makerRemaining === 0) live.remove(e.makerOrderId as number);
    }
  }
  return b.build('mix', `${n} commands: 60% limit (~2% crossing), 30% cancel of a resting order, 10% market (~3.6 fills each); a few hundred orders resting`, true);
}

// ---------------------------------------------------------------------------------------------
// Runners. One function per engine keeps each call site monomorphic.

function stepOurs(book: OrderBook, s: Scenario, i: number): void {
  const kind = s.kind[i];
  const id = s.id[i] as number;
  if (kind === LIMIT) book.limit(id, id, SIDES[s.side[i] as number] as OurSide, s.price[i] as number, s.qty[i] as number);
  else if (kind === CANCEL) book.cancel(id);
  else book.market(id, id, SIDES[s.side[i] as number] as OurSide, s.qty[i] as number);
}

function runOurs(s: Scenario): number {
  const book = new OrderBook();
  const n = s.length;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) stepOurs(book, s, i);
  return Number(process.hrtime.bigint() - t0);
}

function latencyOurs(s: Scenario, out: Float64Array): number {
  const book = new OrderBook();
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    if (i % LATENCY_EVERY === 0) {
      const t0 = process.hrtime.bigint();
      stepOurs(book, s, i);
      out[k++] = Number(process.hrtime.bigint() - t0);
    } else {
      stepOurs(book, s, i);
    }
  }
  return k;
}

/** Built only while the peer runs, so its many objects do not weigh on our runs' GC. */
function peerCommands(s: Scenario): PeerCommands {
  const n = s.length;
  const cmds: PeerCommands = { limit: new Array(n).fill(undefined), market: new Array(n).fill(undefined), id: new Array(n).fill('') };
  for (let i = 0; i < n; i++) {
    const side = PEER_SIDES[s.side[i] as number] as PeerSide;
    const id = String(s.id[i]);
    cmds.id[i] = id;
    if (s.kind[i] === LIMIT) cmds.limit[i] = { id, side, size: s.qty[i] as number, price: s.price[i] as number };
    else if (s.kind[i] === MARKET) cmds.market[i] = { side, size: s.qty[i] as number };
  }
  return cmds;
}

function stepPeer(book: PeerBook, s: Scenario, c: PeerCommands, i: number): void {
  const kind = s.kind[i];
  if (kind === LIMIT) book.limit(c.limit[i] as LimitOrderOptions);
  else if (kind === CANCEL) book.cancel(c.id[i] as string);
  else book.market(c.market[i] as MarketOrderOptions);
}

function peerRunners(c: PeerCommands): { run: (s: Scenario) => number; latency: (s: Scenario, out: Float64Array) => number } {
  return {
    run(s) {
      const book = new PeerBook();
      const n = s.length;
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < n; i++) stepPeer(book, s, c, i);
      return Number(process.hrtime.bigint() - t0);
    },
    latency(s, out) {
      const book = new PeerBook();
      let k = 0;
      for (let i = 0; i < s.length; i++) {
        if (i % LATENCY_EVERY === 0) {
          const t0 = process.hrtime.bigint();
          stepPeer(book, s, c, i);
          out[k++] = Number(process.hrtime.bigint() - t0);
        } else {
          stepPeer(book, s, c, i);
        }
      }
      return k;
    },
  };
}

/** Untimed check that both engines really did the same work: same levels at the end. */
function sameFinalBook(s: Scenario, c: PeerCommands): boolean {
  const ours = new OrderBook();
  const peer = new PeerBook();
  for (let i = 0; i < s.length; i++) {
    stepOurs(ours, s, i);
    stepPeer(peer, s, c, i);
  }
  const [peerAsks, peerBids] = peer.depth();
  const { asks, bids } = ours.depth();
  const pairs = (levels: { price: number; qty: number }[]): [number, number][] => levels.map((l) => [l.price, l.qty]);
  return JSON.stringify([pairs(asks), pairs(bids)]) === JSON.stringify([peerAsks, peerBids]);
}

// ---------------------------------------------------------------------------------------------

interface Result {
  opsPerSec: number;
  p50: number;
  p99: number;
}

function timerOverhead(): number {
  const d = new Float64Array(10_001);
  for (let i = 0; i < d.length; i++) {
    const t0 = process.hrtime.bigint();
    d[i] = Number(process.hrtime.bigint() - t0);
  }
  d.sort();
  return d[d.length >> 1] as number;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function measure(
  s: Scenario,
  run: (s: Scenario) => number,
  latency: (s: Scenario, out: Float64Array) => number,
  warmups: number,
  runs: number,
  overhead: number,
): Result {
  for (let i = 0; i < warmups; i++) run(s);
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    rates.push((s.length / run(s)) * 1e9);
  }
  rates.sort((a, b) => a - b);
  const samples = new Float64Array(Math.ceil(s.length / LATENCY_EVERY));
  const k = latency(s, samples);
  const sorted = samples.subarray(0, k).map((v) => Math.max(0, v - overhead)).sort();
  return { opsPerSec: rates[rates.length >> 1] as number, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

function fmtInt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function main(): void {
  const size = (n: number): number => Math.max(1000, Math.round(n * SCALE));
  // Generated one at a time, right before they run, to keep the heap small.
  const scenarios: [string, () => Scenario][] = [
    ['insert_distinct', () => insertsAtDistinctPrices(size(100_000))],
    ['insert_market', () => insertsAndMarkets(size(200_000))],
    ['insert_cancel', () => insertsAndCancels(size(200_000))],
    ['mix', () => mixed(size(1_000_000))],
  ];
  const descriptions: string[] = [];
  const overhead = timerOverhead();
  console.log(`node ${process.version}, ${process.arch}; timer overhead ${overhead} ns subtracted from latency samples`);

  const rows: string[][] = [['scenario', 'engine', 'commands', 'ops/s', 'p50 ns', 'p99 ns', 'ours/peer']];
  const json: { scenarios: Record<string, { ours: number; peer: number; ratio: number }>; mix: { ours: number } } = {
    scenarios: {},
    mix: { ours: 0 },
  };
  const only = process.env.BENCH_ONLY?.split(',');
  for (const [name, make] of scenarios) {
    if (only !== undefined && !only.includes(name)) continue;
    const s = make();
    descriptions.push(`  ${s.name}: ${s.description}`);
    const ours = measure(s, runOurs, latencyOurs, 5, 7, overhead);
    rows.push([s.name, 'ours', fmtInt(s.length), fmtInt(ours.opsPerSec), fmtInt(ours.p50), fmtInt(ours.p99), '']);
    if (s.name === 'mix') json.mix.ours = Math.round(ours.opsPerSec);
    if (s.shared) {
      const commands = peerCommands(s);
      if (!sameFinalBook(s, commands)) throw new Error(`${s.name}: the two engines ended with different books`);
      const runners = peerRunners(commands);
      const peer = measure(s, runners.run, runners.latency, 1, 3, overhead);
      const ratio = ours.opsPerSec / peer.opsPerSec;
      rows.push([s.name, 'nodejs-order-book', fmtInt(s.length), fmtInt(peer.opsPerSec), fmtInt(peer.p50), fmtInt(peer.p99), `${ratio.toFixed(1)}x`]);
      json.scenarios[s.name] = { ours: Math.round(ours.opsPerSec), peer: Math.round(peer.opsPerSec), ratio: Math.round(ratio * 100) / 100 };
    }
  }
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] as string).length))) ?? [];
  for (const [r, row] of rows.entries()) {
    console.log(row.map((cell, c) => (c < 2 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  '));
    if (r === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  for (const d of descriptions) console.log(d);
  console.log(JSON.stringify(json));
}

main();
