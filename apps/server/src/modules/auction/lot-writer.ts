import { Decimal } from '@tp/decimal';
import { AuctionStatus, type OfferResult } from '@tp/contract';
import { BadRequestError } from '../../platform/http/index';
import { toMoney } from '../../platform/money';
import { NotOwnerError, createOwnerRouter, localLeases } from '../../platform/cluster/index';
import { lotLease, type Bidder, type ForwardedBid } from './auction.cluster';
import { MESSAGES, conflict, notFound } from './auction.errors';
import * as repo from './auction.repo';
import { OPEN_FOR_SIGN_UP, challengerOf, clearsStep, isReverse, nextPriceOf, type AuctionContext, type Trader } from './context';
import type { AuctionLots } from './lots';
import type { AuctionViews } from './views';

/** The most bids one group commits. */
const MAX_GROUP = 512;
/** Proxy bids placed after one bid at most; two proxies outbidding each other stop here and go on with the next bid. */
const MAX_PROXY_STEPS = 500;
/** A group the fence refused is validated again against the lot as it now stands, this many times at most. */
const MAX_ATTEMPTS = 20;
/** A lot's writer with nothing to do is dropped after this long (its cached sign-ups with it). */
const IDLE_MS = 60_000;

interface Pending {
  bidder: Bidder;
  firmId: number;
  price: Decimal;
  resolve(result: OfferResult): void;
  reject(error: unknown): void;
}

interface LotState {
  item: repo.ItemRow;
  /** The lot's proxies (a firm's limit is private: it never leaves the server). */
  proxies: repo.ProxyRow[];
}

type Outcome = { seq: number; enrolment: repo.EnrolmentRow } | { error: unknown };

/** The group commit found the lot changed by something else: the group is validated again. */
class LotMovedError extends Error {}

/**
 * Why each bidder of a group may not bid, read once for the whole group: the firm's right
 * `auction.bid` (an active firm; main accounts hold every right), then its leave to trade (a
 * personal firm's person verified their real name). The right's refusal comes first.
 */
async function bidderRefusals(ctx: AuctionContext, bidders: readonly Bidder[]): Promise<Map<number, Error>> {
  const { firm, traders } = ctx.deps;
  const { refusals, firms } = await firm.rightRefusals(
    bidders.map((b) => ({ kind: 'user' as const, ...b })),
    'auction.bid',
    ctx.db,
  );
  const personal: { at: number; trader: Trader }[] = [];
  bidders.forEach((b, at) => {
    const firmId = Number(b.firmId);
    if (!refusals.has(at) && firms.get(firmId)?.userType === 'personal') personal.push({ at, trader: { firmId, userId: Number(b.userId), isMainAccount: b.isMainAccount } });
  });
  if (personal.length > 0) {
    const refused = await traders.tradeRefusals(
      ctx.db,
      personal.map((p) => p.trader),
    );
    for (const [i, error] of refused) refusals.set(personal[i]!.at, error);
  }
  return refusals;
}

/**
 * One writer per lot: bids queue in arrival order and are taken a group at a time. A group is
 * validated in memory against the lot's state (price, leader, end, proxies, registered bidders),
 * bid after bid, each accepted bid answered by the proxies it must meet; then the whole group is
 * written with one statement fenced on the lot's version. A bid is acknowledged only once its group
 * is committed. Anything else changing the lot (its phase, a proxy, a sign-up, staff, or bids
 * through another instance) moves the version, so a group crossing such a change is refused by the
 * fence and validated again against the lot as it then stands: every instance's bids fall into one
 * order. The state is read from the database at first use, so a restart rebuilds it.
 *
 * With several instances a lot in bidding is written by the instance holding its lease: the first
 * to get a bid for it takes it, renews it while its writer is busy and lets it go when the writer
 * goes idle or the lot is over; the others forward their bids to it and answer with its result or
 * its refusal. Should the owner die, its lease expires and the next instance with a bid takes the
 * lot over, its writer reading the lot from the database. The version fence stays: correctness
 * never rests on the lease alone.
 */
export function createLotWriters(ctx: AuctionContext, views: AuctionViews, lots: () => AuctionLots) {
  const { db, clock } = ctx;
  const writers = new Map<number, LotWriter>();
  const leases = ctx.deps.cluster?.leases ?? localLeases();
  // A lease taken over by another instance: this writer's state is left behind (the fence would refuse it anyway).
  leases.onLost((name) => {
    for (const itemId of writers.keys()) if (lotLease(itemId) === name) writers.delete(itemId);
  });

  class LotWriter {
    private queue: Pending[] = [];
    private running = false;
    private idle: ReturnType<typeof setTimeout> | undefined;
    private state: LotState | undefined;
    /** Registered sign-ups by firm: a firm registered on a lot stays so while the lot is bidding. */
    private readonly registered = new Map<number, repo.EnrolmentRow>();

    constructor(private readonly itemId: number) {}

    submit(bidder: Bidder, price: Decimal): Promise<OfferResult> {
      if (this.idle) clearTimeout(this.idle);
      return new Promise<OfferResult>((resolve, reject) => {
        this.queue.push({ bidder, firmId: Number(bidder.firmId), price, resolve, reject });
        if (!this.running) void this.drain();
      });
    }

    private async drain(): Promise<void> {
      this.running = true;
      try {
        while (this.queue.length > 0) {
          const group = this.queue.splice(0, MAX_GROUP);
          try {
            await this.run(group);
          } catch (err) {
            for (const p of group) p.reject(err);
          }
        }
      } finally {
        this.running = false;
        // A lot past bidding has nothing more to write: its lease goes at once.
        const over = this.state !== undefined && !OPEN_FOR_SIGN_UP.includes(this.state.item.status);
        this.idle = setTimeout(() => {
          if (this.running || this.queue.length > 0 || writers.get(this.itemId) !== this) return;
          writers.delete(this.itemId);
          // Should the release fail, the lease simply expires: the next bid anywhere takes the lot then.
          leases.release(lotLease(this.itemId)).catch(() => undefined);
        }, over ? 0 : IDLE_MS);
        this.idle.unref?.();
      }
    }

    /** The sign-ups of these firms not known as registered yet, read in one query. */
    private async learnEnrolments(firmIds: number[]): Promise<void> {
      const unknown = [...new Set(firmIds.filter((f) => !this.registered.has(f)))];
      for (const e of await repo.enrolmentsOf(db, this.itemId, unknown)) if (lots().registered(e)) this.registered.set(e.firmId, e);
    }

    private async run(all: Pending[]): Promise<void> {
      const [refusals] = await Promise.all([
        bidderRefusals(
          ctx,
          all.map((p) => p.bidder),
        ),
        this.learnEnrolments(all.map((p) => p.firmId)),
      ]);
      const group = all.filter((p, i) => {
        const refusal = refusals.get(i);
        if (refusal) p.reject(refusal);
        return !refusal;
      });
      if (group.length === 0) return;
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        try {
          return await this.attempt(group);
        } catch (err) {
          if (!(err instanceof LotMovedError)) throw err;
          this.state = undefined;
        }
      }
      throw conflict(MESSAGES.lotBusy);
    }

    /**
     * The lot and its proxies as the writer knows them, read from the database the first time (after
     * a restart too) and whenever the fence found them changed; a lot whose clock reached its next
     * phase is moved there first (bidding opened on time even when its job is late, ended past its end).
     */
    private async lot(): Promise<LotState | undefined> {
      const now = clock.now().getTime();
      const known = this.state?.item;
      const due = (i: repo.ItemRow) => (i.status === AuctionStatus.notice && now >= i.startTime.getTime()) || (i.status === AuctionStatus.bidding && now >= i.endTime.getTime());
      if (known && !due(known)) return this.state;
      let item = await repo.itemById(db, this.itemId);
      if (item && due(item)) {
        await lots().advance(this.itemId);
        item = await repo.itemById(db, this.itemId);
      }
      if (!item) return (this.state = undefined);
      const proxies = item.status === AuctionStatus.bidding ? await repo.proxiesOfItem(db, this.itemId) : [];
      await this.learnEnrolments(proxies.map((p) => p.firmId));
      return (this.state = { item, proxies });
    }

    private async attempt(group: Pending[]): Promise<void> {
      const state = await this.lot();
      if (!state) throw notFound(MESSAGES.auctionNotFound);
      const { proxies } = state;
      const start = state.item;
      let item = start;
      let extended = false;
      const bids: repo.BidGroup['bids'] = [];
      const isRegistered = (firmId: number) => this.registered.has(firmId);

      const place = (enrolment: repo.EnrolmentRow, price: Decimal, proxy: boolean) => {
        const now = clock.now();
        const seq = item.bidCount + 1;
        bids.push({ seq, firmId: enrolment.firmId, bidderNo: enrolment.bidderNo, price: price.toString(), proxy, createdAt: now });
        const extendTo = new Date(now.getTime() + ctx.antiSnipingMs);
        const extends_ = extendTo.getTime() > item.endTime.getTime();
        extended ||= extends_;
        item = { ...item, currentPrice: price.toString(), leaderFirmId: enrolment.firmId, leaderNo: enrolment.bidderNo, bidCount: seq, updatedAt: now, ...(extends_ ? { endTime: extendTo } : {}) };
        return seq;
      };

      const outcomes: Outcome[] = group.map((p) => {
        try {
          const now = clock.now().getTime();
          if (item.status !== AuctionStatus.bidding || now >= item.endTime.getTime()) throw conflict(MESSAGES.notBidding);
          if (item.firmId === p.firmId) throw conflict(MESSAGES.ownAuction);
          const enrolment = this.registered.get(p.firmId);
          if (!enrolment) throw conflict(MESSAGES.notRegistered);
          if (item.leaderFirmId === p.firmId) throw conflict(MESSAGES.alreadyLeading);
          if (!clearsStep(item, p.price)) throw refusalOf(item);
          const seq = place(enrolment, p.price, false);
          for (let step = 0; step < MAX_PROXY_STEPS; step++) {
            const challenger = challengerOf(item, proxies, isRegistered);
            if (!challenger) break;
            place(this.registered.get(challenger.firmId)!, nextPriceOf(item), true);
          }
          return { seq, enrolment };
        } catch (error) {
          return { error };
        }
      });

      if (bids.length > 0) {
        const after = { currentPrice: item.currentPrice, leaderFirmId: item.leaderFirmId!, leaderNo: item.leaderNo!, bidCount: item.bidCount, endTime: item.endTime, updatedAt: item.updatedAt };
        // The extension's phase job goes with the write: should the fence refuse the group, a job at a moment the lot does not end at finds nothing to do.
        const [written] = await Promise.all([
          repo.commitBids(db, { itemId: this.itemId, expected: start.version, after, bids }),
          extended ? ctx.schedulePhase(db, this.itemId, item.endTime) : undefined,
        ]);
        if (!written) throw new LotMovedError();
        item = { ...item, version: start.version + 1 };
        this.state = { item, proxies };
        ctx.push(item, extended);
      } else if ((await repo.versionOf(db, this.itemId)) !== start.version) {
        // Refusals stand only against the lot as it is.
        throw new LotMovedError();
      }
      group.forEach((p, i) => {
        const outcome = outcomes[i]!;
        if ('error' in outcome) p.reject(outcome.error);
        else p.resolve({ seq: outcome.seq, price: toMoney(p.price), item: views.itemView(item, p.firmId, outcome.enrolment) });
      });
    }
  }

  /** Why a price does not clear the step, naming the limit. */
  function refusalOf(item: repo.ItemRow): Error {
    const next = nextPriceOf(item);
    if (!isReverse(item)) return new BadRequestError(MESSAGES.lowOffer, { min: toMoney(next) });
    if (!next.gt(Decimal.ZERO)) return conflict(MESSAGES.noLowerBid);
    return new BadRequestError(MESSAGES.highOffer, { max: toMoney(next) });
  }

  /** Queues the bid on the lot's writer here; resolves once the bid's group is committed. */
  function write(command: ForwardedBid): Promise<OfferResult> {
    let writer = writers.get(command.itemId);
    if (!writer) writers.set(command.itemId, (writer = new LotWriter(command.itemId)));
    return writer.submit(command.bidder, Decimal.parse(command.price));
  }

  const route = createOwnerRouter<ForwardedBid>({
    locate: (command, fresh) => leases.locate(lotLease(command.itemId), fresh),
    forward: ctx.deps.cluster?.forward ?? (() => Promise.reject(new Error('no instance to forward to'))),
    // A bid that may have reached the owner is never sent twice.
    repeatable: () => false,
    busy: () => conflict(MESSAGES.lotBusy),
  });

  return {
    refusalOf,
    /** The bid goes to the lot's writer, here or on the instance holding the lot; resolves once the bid's group is committed. */
    offer(itemId: number, bidder: Bidder, price: string): Promise<OfferResult> {
      const command: ForwardedBid = { op: 'offer', itemId, bidder, price };
      return route(command, () => write(command), 'caller');
    },
    /** A bid another instance forwarded: written here while this instance holds the lot, else "not mine" (the sender reads the lease again). */
    serve(command: ForwardedBid): Promise<OfferResult> {
      if (!leases.holds(lotLease(command.itemId))) return Promise.reject(new NotOwnerError());
      return write(command);
    },
    /** Stops renewing the leases; `release` lets the other instances take the lots at once (a clean shutdown). */
    close: (options: { release: boolean }) => leases.stop(options),
  };
}

export type LotWriters = ReturnType<typeof createLotWriters>;
