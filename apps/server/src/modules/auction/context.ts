import { Decimal } from '@tp/decimal';
import { AuctionKind, AuctionStatus, WsTopic, type AuctionPush, type JournalType, type ListingFeeSettings } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import type { Scheduler } from '../../platform/scheduler/index';
import type { FirmService } from '../firm/index';
import type { AuctionCluster } from './auction.cluster';
import type { PaymentPasswordService } from '../identity/index';
import type { LedgerService, PostingInput } from '../ledger/index';
import type { ContractIssuer } from '../listing/index';
import type { WarehouseService } from '../warehouse/index';
import * as repo from './auction.repo';

export const AuctionJobs = {
  /** One run per lot and moment (show, start, end, each extended end): moves the lot to the phase its clock says. */
  phase: 'auction.phase',
  /** The bank channel's answer to a pre-registration: freezes the deposit or drops the sign-up. */
  enrol: 'auction.enrol',
  /**
   * Every lot its clock has moved on: the per-moment jobs run on the scheduler's clock, and a sandbox
   * trading clock moved forward by staff is ahead of it, so this sweep follows the trading clock.
   */
  phases: 'auction.phases',
  /** Winning orders whose balance is overdue: N → W → F. */
  defaults: 'auction.defaults',
} as const;

export interface AuctionServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight' | 'rightRefusals'>;
  warehouse: Pick<WarehouseService, 'freezeHolding' | 'releaseHolding' | 'moveFrozen' | 'holdings' | 'storages'>;
  /** The trading settings of listings (fee, margin ratios, balance and grace days) apply to auctions too; read outside transactions. */
  listing: { settings(): Promise<ListingFeeSettings> };
  contracts?: ContractIssuer;
  traders: {
    assertMayTrade(auth: AuthContext): Promise<void>;
    /** `assertMayTrade` for many callers at once (a group of bids): each refused caller's error by position. */
    tradeRefusals(db: DbOrTx, callers: readonly Trader[]): Promise<Map<number, Error>>;
  };
  paymentPasswords: Pick<PaymentPasswordService, 'verify'>;
  scheduler: Pick<Scheduler, 'schedule'>;
  /** Live pushes (`auction` messages), sent after the change commits. */
  feed: (topic: string, payload: AuctionPush) => void;
  /** With several instances on one PostgreSQL: a lease per lot in bidding, and bids forwarded to the lot's writer. */
  cluster?: AuctionCluster | undefined;
  /** A bid this close to the end moves the end to this long after the bid (anti-sniping); 5 minutes by default. */
  antiSnipingMs?: number;
}

/** A bidder of a personal firm as the trading gate sees it: the firm trades once its person verified their real name. */
export interface Trader {
  firmId: number;
  userId: number;
  isMainAccount: boolean;
}

export interface AuctionContext {
  deps: AuctionServiceDeps;
  db: Db;
  clock: Clock;
  antiSnipingMs: number;
  actorOf(auth: AuthContext): string;
  /** Posts one journal (zero legs left out); null when nothing moves. */
  post(tx: DbOrTx, input: { key: string; type: JournalType; ref: string; postings: PostingInput[] }): Promise<string | null>;
  /** Records a change of the lot's state in its history. */
  history(tx: DbOrTx, item: repo.ItemRow, to: string, actor: string, note: string, journalId?: string | null): Promise<void>;
  /** Runs the phase job for the lot at `at` (idempotent: one row per lot and moment). */
  schedulePhase(tx: DbOrTx, itemId: number, at: Date): Promise<void>;
  /** The live state of the lot as the hall and the room show it. */
  pushOf(item: repo.ItemRow, extended?: boolean): AuctionPush;
  push(item: repo.ItemRow, extended?: boolean): void;
}

/**
 * A reverse auction (margin buy, 竞买): the buyer publishes, sellers bid the price down and the
 * lowest bid leads. Every price rule below is mirrored for it.
 */
export const isReverse = (item: Pick<repo.ItemRow, 'kind'>): boolean => item.kind === AuctionKind.marginBuy;

/**
 * The limit the next bid must reach: the starting price first, then the current price plus the
 * step (a reverse auction: minus the step, the least the next bid may be is then its most).
 */
export const nextPriceOf = (item: repo.ItemRow): Decimal => {
  if (item.bidCount === 0) return Decimal.parse(item.startingUnitPrice);
  const current = Decimal.parse(item.currentPrice);
  return isReverse(item) ? current.sub(item.addPrice) : current.add(item.addPrice);
};

/** Whether `price` may be the next bid: at least the next price, or at most it in a reverse auction (and above zero). */
export const clearsStep = (item: repo.ItemRow, price: Decimal): boolean => {
  const next = nextPriceOf(item);
  return isReverse(item) ? price.gt(Decimal.ZERO) && price.lte(next) : price.gte(next);
};

/** The leading bid sells when there is no reserve or it reaches the reserve (at or below it in a reverse auction). */
export const reserveMet = (item: repo.ItemRow): boolean => {
  if (item.bidCount === 0) return false;
  if (item.reservePrice === null) return true;
  const current = Decimal.parse(item.currentPrice);
  return isReverse(item) ? current.lte(item.reservePrice) : current.gte(item.reservePrice);
};

/**
 * The proxy that must answer the lot's leading bid: of the firms not leading whose registered
 * proxy still reaches the next price (a maximum at or above it; in a reverse auction a minimum at
 * or below it), the one reaching furthest, the earlier among equals.
 */
export function challengerOf<P extends { firmId: number; maxPrice: string; id: number }>(item: repo.ItemRow, proxies: readonly P[], registered: (firmId: number) => boolean): P | undefined {
  const next = nextPriceOf(item);
  const reverse = isReverse(item);
  if (reverse && !next.gt(Decimal.ZERO)) return undefined;
  let best: P | undefined;
  for (const p of proxies) {
    if (p.firmId === item.leaderFirmId || !registered(p.firmId)) continue;
    const limit = Decimal.parse(p.maxPrice);
    if (reverse ? limit.gt(next) : limit.lt(next)) continue;
    if (!best) best = p;
    else {
      const further = reverse ? limit.lt(best.maxPrice) : limit.gt(best.maxPrice);
      const equalEarlier = limit.eq(best.maxPrice) && p.id < best.id;
      if (further || equalEarlier) best = p;
    }
  }
  return best;
}

export const AUCTION_TOPIC = (itemId: number | string) => WsTopic.of('auction', String(itemId));

export function createAuctionContext(deps: AuctionServiceDeps): AuctionContext {
  const { db, clock } = deps;

  async function post(tx: DbOrTx, input: { key: string; type: JournalType; ref: string; postings: PostingInput[] }): Promise<string | null> {
    const postings = input.postings.filter((p) => !Decimal.parse(p.amount).isZero());
    if (postings.length === 0) return null;
    return (await deps.ledger.post(tx, { idempotencyKey: input.key, type: input.type, businessRef: input.ref, postings })).id;
  }

  const pushOf = (item: repo.ItemRow, extended = false): AuctionPush => ({
    itemId: String(item.id),
    status: item.status,
    unsold: item.unsold,
    currentPrice: Decimal.parse(item.currentPrice).toFixed(2),
    nextPrice: nextPriceOf(item).toFixed(2),
    leader: item.leaderNo === null ? null : String(item.leaderNo),
    bidCount: item.bidCount,
    endTime: item.endTime.toISOString(),
    extended,
    serverTime: clock.now().toISOString(),
  });

  return {
    deps,
    db,
    clock,
    antiSnipingMs: deps.antiSnipingMs ?? 5 * 60_000,
    actorOf: (auth) => `${auth.kind}:${auth.userId}`,
    post,
    async history(tx, item, to, actor, note, journalId = null) {
      await repo.insertHistory(tx, { itemId: item.id, fromStatus: item.status, toStatus: to, actor, note, journalId, createdAt: clock.now() });
    },
    async schedulePhase(tx, itemId, at) {
      await deps.scheduler.schedule(tx, { name: AuctionJobs.phase, key: `${itemId}@${at.toISOString()}`, runAt: at, payload: { itemId } });
    },
    pushOf,
    push: (item, extended) => deps.feed(AUCTION_TOPIC(item.id), pushOf(item, extended)),
  };
}

/** Statuses in which the lot is still open for sign-up. */
export const OPEN_FOR_SIGN_UP: readonly AuctionStatus[] = [AuctionStatus.notice, AuctionStatus.bidding];
