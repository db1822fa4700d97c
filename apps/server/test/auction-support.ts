import { afterAll, beforeAll, expect } from 'vitest';
import { AdminAuctionPath, AuctionPath, LedgerPath, PaymentPasswordPath, type AuctionBid, type AuctionItem, type AuctionPush, type LedgerFlowEntry, type OfferResult, type Page } from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { verifyLedger } from '../src/modules/ledger/index';
import type { Clock } from '../src/platform/clock';
import type { TestContext } from './harness';
import type { Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const DAY = 86_400_000;
export const MARGIN_PASSWORD = '246802';

/** The auction tests' world: the app on a test clock, its firms and staff, and every live `auction` push. */
export interface AuctionTestApp {
  ctx: TestContext;
  world: ListingWorld;
  staff: Client;
  pushes: AuctionPush[];
}

/**
 * Starts the app for a test file (before its tests, closed after them). Sessions outlive the days the
 * clock skips, so the parties act after a deadline as they would after logging in again.
 */
export function auctionTestApp() {
  const app = { pushes: [] as AuctionPush[] } as AuctionTestApp;
  beforeAll(async () => {
    const { ctx, world } = await startListingApp({ sessionIdleMs: 400 * DAY, sessionAbsoluteMs: 400 * DAY });
    Object.assign(app, { ctx, world, staff: world.staff });
    ctx.app.platform.bus.subscribe('auction:*', (message) => void app.pushes.push(message.payload as AuctionPush));
  });
  afterAll(() => app.ctx?.close());

  async function ok<T>(c: Client, path: string, body: object = {}): Promise<T> {
    const res = await c.post<T>(path, body);
    expect(res.code, `${path}: ${res.message}`).toBe('0');
    return res.value;
  }

  async function refused(c: Client, path: string, body: object, status: number, message: string) {
    const res = await c.post(path, body);
    expect({ status: res.status, message: res.message }).toEqual({ status, message });
  }

  /** What journals of `type` moved on the firm's available funds, as signed amounts, oldest first. */
  async function flowsOf(c: Client, type: string): Promise<string[]> {
    const amounts: string[] = [];
    for (const mode of ['history', 'current']) {
      const page = await ok<Page<LedgerFlowEntry>>(c, LedgerPath.flow, { kind: 'available', mode, type, size: 100 });
      amounts.push(...page.content.reverse().map((e) => Decimal.parse(e.amount).toFixed(2)));
    }
    return amounts;
  }

  async function ledgerBalanced() {
    expect((await verifyLedger(app.ctx.database.db, app.ctx.clock)).ok).toBe(true);
  }

  /** Runs every job that is due, batch after batch. */
  async function runJobs() {
    for (let batch = 0; batch < 50 && (await app.ctx.app.platform.scheduler.runDue()) > 0; batch++);
  }

  /** Moves the clock and runs the jobs that fell due (the lots' phases and the defaults among them). */
  async function timePasses(ms: number) {
    app.ctx.clock.advance(ms);
    await runJobs();
  }

  const detail = (c: Client, itemId: string) => ok<AuctionItem>(c, AuctionPath.detail, { itemId });

  /** A firm that buys by auction: funds and a margin password. */
  async function payingFirm(amount = '50000') {
    const b = await app.world.firmWithFunds(amount);
    await ok(b.c, PaymentPasswordPath.set, { kind: 'margin', password: MARGIN_PASSWORD });
    return b;
  }

  return { app, ok, refused, flowsOf, ledgerBalanced, runJobs, timePasses, detail, payingFirm };
}

/** What the bidding helpers need of a test file: its world, its clock, its successful call and its way of letting time pass. */
export interface BiddingTools {
  world: ListingWorld;
  clock: Clock;
  ok<T>(c: Client, path: string, body?: object): Promise<T>;
  timePasses(ms: number): Promise<void>;
}

/**
 * A hold-sell lot in its bidding phase, 20 minutes before its end, with `n` registered bidders;
 * `before` runs once they have signed up, before bidding opens.
 */
export async function biddingLot(t: BiddingTools, n: number, before: (lot: AuctionItem) => Promise<void> = async () => undefined) {
  const s = await t.world.firmWithFunds('5500');
  const holding = await t.world.storedHolding(s.c);
  const now = t.clock.now().getTime();
  const lot = await t.ok<AuctionItem>(s.c, AuctionPath.publishHoldSell, {
    holdId: holding.holdId,
    quantity: '40',
    startingUnitPrice: '100',
    addPrice: '1',
    showTime: new Date(now + HOUR).toISOString(),
    startTime: new Date(now + 2 * HOUR).toISOString(),
    endTime: new Date(now + 3 * HOUR).toISOString(),
    contactName: '王经理',
    contactPhone: '13900000000',
  });
  await t.ok(t.world.staff, AdminAuctionPath.audit, { itemId: lot.itemId, pass: true });
  await t.timePasses(HOUR);
  const bidders: Client[] = [];
  for (let i = 0; i < n; i++) {
    const bidder = await t.world.firmWithFunds('50000');
    await t.ok(bidder.c, AuctionPath.signUp, { itemId: lot.itemId });
    bidders.push(bidder.c);
  }
  await before(lot);
  await t.timePasses(2 * HOUR - 20 * MINUTE);
  return { lot, bidders };
}

/** Every bid of the lot as stored, first first. */
export async function ladderOf(t: Pick<BiddingTools, 'ok'>, c: Client, itemId: string): Promise<AuctionBid[]> {
  return (await t.ok<Page<AuctionBid>>(c, AuctionPath.offers, { itemId, size: 500 })).content.reverse();
}

/** Places 1..n without a gap, prices rising strictly, and every acknowledged bid in its acknowledged place at its price. */
export function expectOneOrder(ladder: AuctionBid[], acknowledged: OfferResult[]) {
  expect(ladder.map((b) => b.seq)).toEqual(ladder.map((_, i) => i + 1));
  for (let i = 1; i < ladder.length; i++) expect(Decimal.parse(ladder[i]!.price).gt(ladder[i - 1]!.price)).toBe(true);
  for (const ack of acknowledged) expect(ladder[ack.seq - 1]?.price).toBe(ack.price);
}
