import { Decimal } from '@tp/decimal';
import { AuctionAuditStatus, AuctionStatus, DepositState, EnrolStatus, JournalType, type AuctionBid, type EnrolmentListRequest, type Enrolment, type OfferResult, type Page, type ProxyView, type SignUpRequest } from '@tp/contract';
import type { z } from 'zod';
import { type DbOrTx, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { toMoney } from '../../platform/money';
import { requireFirmRight } from '../firm/index';
import { InsufficientFundsError, Postings, firmFundPair } from '../ledger/index';
import { BadRequestError } from '../../platform/http/index';
import { MESSAGES, conflict, notFound } from './auction.errors';
import * as repo from './auction.repo';
import { AuctionJobs, OPEN_FOR_SIGN_UP, challengerOf, clearsStep, isReverse, nextPriceOf, type AuctionContext } from './context';
import type { ForwardedBid } from './auction.cluster';
import { createLotWriters } from './lot-writer';
import type { AuctionLots } from './lots';
import type { AuctionViews } from './views';

type SignUpInput = z.output<typeof SignUpRequest>;
type EnrolmentQuery = z.output<typeof EnrolmentListRequest>;

/** Proxy bids placed in one go at most; two proxies outbidding each other stop here and go on with the next bid. */
const MAX_PROXY_STEPS = 500;

/** Sign-up with a deposit, bids through the lot's writer (group commit), anti-sniping and proxy bids. */
export function createBidding(ctx: AuctionContext, views: AuctionViews, lots: () => AuctionLots) {
  const { db, clock, deps } = ctx;
  const writers = createLotWriters(ctx, views, lots);

  /** The deposit is frozen (margin event 9) and the firm registered. */
  async function freezeDeposit(tx: DbOrTx, item: repo.ItemRow, enrolment: repo.EnrolmentRow) {
    const journalId = await ctx.post(tx, { key: `auction.signup:${item.id}:${enrolment.firmId}`, type: JournalType.listingMargin9, ref: `auction:${item.id}`, postings: Postings.freeze(firmFundPair(enrolment.firmId), Decimal.parse(item.deposit)) });
    await repo.updateEnrolment(tx, enrolment.id, { status: EnrolStatus.registered, depositState: DepositState.frozen, updatedAt: clock.now() });
    return journalId;
  }

  /**
   * Appends one bid to the locked lot: its place in the lot's order, the new price and leader, and
   * the end moved to `antiSnipingMs` after the bid when the bid came later than that before the end.
   */
  async function placeBid(tx: DbOrTx, item: repo.ItemRow, enrolment: repo.EnrolmentRow, price: Decimal, proxy: boolean): Promise<{ item: repo.ItemRow; extended: boolean }> {
    const now = clock.now();
    const seq = item.bidCount + 1;
    await repo.insertBid(tx, { itemId: item.id, seq, firmId: enrolment.firmId, bidderNo: enrolment.bidderNo, price: price.toString(), proxy, createdAt: now });
    const extendTo = new Date(now.getTime() + ctx.antiSnipingMs);
    const extended = extendTo.getTime() > item.endTime.getTime();
    const patch = { currentPrice: price.toString(), leaderFirmId: enrolment.firmId, leaderNo: enrolment.bidderNo, bidCount: seq, updatedAt: now, ...(extended ? { endTime: extendTo } : {}) };
    await repo.updateItem(tx, item.id, patch);
    if (extended) await ctx.schedulePhase(tx, item.id, extendTo);
    return { item: { ...item, ...patch }, extended };
  }

  /** Proxies of firms other than the leader bid what they must (the next price), one step at a time, while their limit allows. */
  async function runProxies(tx: DbOrTx, start: repo.ItemRow): Promise<{ item: repo.ItemRow; extended: boolean }> {
    let item = start;
    let extended = false;
    const proxies = await repo.proxiesOfItem(tx, item.id);
    if (proxies.length === 0) return { item, extended };
    const enrolments = new Map((await repo.enrolmentsOfItem(tx, item.id)).map((e) => [e.firmId, e]));
    for (let step = 0; step < MAX_PROXY_STEPS; step++) {
      const challenger = challengerOf(item, proxies, (firmId) => lots().registered(enrolments.get(firmId)));
      if (!challenger) break;
      const placed = await placeBid(tx, item, enrolments.get(challenger.firmId)!, nextPriceOf(item), true);
      item = placed.item;
      extended ||= placed.extended;
    }
    return { item, extended };
  }

  /** The firm's right to bid and its leave to trade, checked together; the right's refusal comes first. */
  async function allowBidder(auth: AuthContext): Promise<number> {
    const [right, trader] = await Promise.allSettled([requireFirmRight(deps.firm, auth, 'auction.bid'), deps.traders.assertMayTrade(auth)]);
    if (right.status === 'rejected') throw right.reason;
    if (trader.status === 'rejected') throw trader.reason;
    return right.value;
  }

  return {
    runProxies,

    /**
     * Signs the firm up for a public lot. Plain: the deposit is frozen now (event 9) and the firm is
     * registered (2). icbc: the firm is pre-registered (1) and the deposit is frozen when the channel answers.
     */
    async signUp(auth: AuthContext, input: SignUpInput): Promise<Enrolment> {
      const firmId = await allowBidder(auth);
      const itemId = Number(input.itemId);
      const { enrolment, item } = await withTransaction(db, async (tx) => {
        const row = await repo.itemForUpdate(tx, itemId);
        if (!row || row.auditStatus !== AuctionAuditStatus.passed || row.status === AuctionStatus.notPublic) throw notFound(MESSAGES.auctionNotFound);
        if (row.firmId === firmId) throw conflict(MESSAGES.ownAuction);
        if (!OPEN_FOR_SIGN_UP.includes(row.status) || clock.now().getTime() >= row.endTime.getTime()) throw conflict(MESSAGES.signUpClosed);
        if (await repo.enrolmentOf(tx, itemId, firmId)) throw conflict(MESSAGES.alreadyEnrolled);
        const now = clock.now();
        const bidderNo = row.enrolled + 1;
        await repo.updateItem(tx, row.id, { enrolled: bidderNo, updatedAt: now });
        const created = await repo.insertEnrolment(tx, { itemId, firmId, bidderNo, status: EnrolStatus.pre, channel: input.channel, deposit: row.deposit, depositState: DepositState.awaiting, createdAt: now, updatedAt: now });
        if (input.channel === 'plain') await freezeDeposit(tx, row, created);
        else await deps.scheduler.schedule(tx, { name: AuctionJobs.enrol, key: String(created.id), runAt: now, payload: { itemId, firmId } });
        return { enrolment: (await repo.enrolmentOf(tx, itemId, firmId))!, item: row };
      });
      return views.enrolmentView(enrolment, item);
    },

    /** The channel's answer to a pre-registration: the deposit frozen and the firm registered, or, when the funds fall short, not registered. */
    async answerPreRegistration(itemId: number, firmId: number): Promise<void> {
      await withTransaction(db, async (tx) => {
        const item = await repo.itemForUpdate(tx, itemId);
        const enrolment = await repo.enrolmentOf(tx, itemId, firmId);
        if (!item || !enrolment || enrolment.status !== EnrolStatus.pre) return;
        const open = OPEN_FOR_SIGN_UP.includes(item.status) && clock.now().getTime() < item.endTime.getTime();
        try {
          if (open) return void (await freezeDeposit(tx, item, enrolment));
        } catch (err) {
          if (!(err instanceof InsufficientFundsError)) throw err;
        }
        await repo.updateEnrolment(tx, enrolment.id, { status: EnrolStatus.none, updatedAt: clock.now() });
      });
    },

    /** The firm's sign-ups, newest first (the web app loads page 0, size 1000 at startup). */
    async enrolments(auth: AuthContext, query: EnrolmentQuery): Promise<Page<Enrolment>> {
      const firmId = await requireFirmRight(deps.firm, auth, 'auction.bid');
      const { rows, total } = await repo.listEnrolments(db, { firmId, status: query.status, ...pageWindow(query) });
      return pageOf(
        rows.map((r) => views.enrolmentView(r.enrolment, r.item)),
        total,
        query,
      );
    },

    /**
     * offer (itemId, offerPrice): a registered firm's bid of at least the current price plus the step
     * (the starting price first; in a margin buy at most the current price minus the step). The bid
     * joins the lot's writer (on the instance holding the lot), which checks the bidders of a group
     * together, orders the bids, answers them with the proxies and acknowledges each once its group
     * is committed; a refusal names what was wrong.
     */
    async offer(auth: AuthContext, itemId: number, offerPrice: string): Promise<OfferResult> {
      // Only a firm's user bids (staff are refused here); the firm's right and leave to trade are read in the bid's group.
      if (auth.kind !== 'user') await allowBidder(auth);
      return writers.offer(itemId, { userId: auth.userId, firmId: auth.firmId, isMainAccount: auth.isMainAccount }, offerPrice);
    },

    /** A bid another instance forwarded to this lot's writer. */
    serve: (command: ForwardedBid) => writers.serve(command),
    /** Stops renewing the lots' leases; `release` hands them over at once (a clean shutdown). */
    close: (options: { release: boolean }) => writers.close(options),

    /** Sets the firm's proxy maximum; in the bidding phase the proxy bids at once when the firm is not leading. */
    async proxy(auth: AuthContext, itemId: number, maxPrice: string): Promise<ProxyView> {
      const firmId = await allowBidder(auth);
      const item = await withTransaction(db, async (tx) => {
        const lot = await repo.itemForUpdate(tx, itemId);
        if (!lot || lot.status === AuctionStatus.notPublic) throw notFound(MESSAGES.auctionNotFound);
        if (!OPEN_FOR_SIGN_UP.includes(lot.status) || clock.now().getTime() >= lot.endTime.getTime()) throw conflict(MESSAGES.notBidding);
        if (!lots().registered(await repo.enrolmentOf(tx, itemId, firmId))) throw conflict(MESSAGES.notRegistered);
        const limit = nextPriceOf(lot);
        if (isReverse(lot) ? !clearsStep(lot, Decimal.parse(maxPrice)) : Decimal.parse(maxPrice).lt(limit)) {
          throw isReverse(lot) ? new BadRequestError(MESSAGES.proxyTooHigh, { max: toMoney(limit) }) : new BadRequestError(MESSAGES.proxyTooLow, { min: toMoney(limit) });
        }
        await repo.saveProxy(tx, { itemId, firmId, maxPrice, createdAt: clock.now(), updatedAt: clock.now() });
        // The lot's version moves on: a group of bids validated without this proxy is validated again.
        await repo.updateItem(tx, itemId, {});
        if (lot.status !== AuctionStatus.bidding) return null;
        const ran = await runProxies(tx, lot);
        return ran.item.bidCount === lot.bidCount ? null : ran;
      });
      if (item) ctx.push(item.item, item.extended);
      return { itemId: String(itemId), maxPrice: toMoney(maxPrice) };
    },

    /** The firm's own proxy maximum; never another firm's. */
    async proxyDetail(auth: AuthContext, itemId: number): Promise<ProxyView> {
      const firmId = await requireFirmRight(deps.firm, auth, 'auction.bid');
      const own = await repo.proxyOf(db, itemId, firmId);
      return { itemId: String(itemId), maxPrice: own ? toMoney(own.maxPrice) : null };
    },

    /** The bid ladder, newest first; bidders by number, the viewer's own bids marked. */
    async offers(auth: AuthContext | null, itemId: number, query: { page: number; size: number }): Promise<Page<AuctionBid>> {
      const item = await repo.itemById(db, itemId);
      if (!item || item.status === AuctionStatus.notPublic) throw notFound(MESSAGES.auctionNotFound);
      const viewer = auth?.firmId ? Number(auth.firmId) : undefined;
      const { rows, total } = await repo.listBids(db, itemId, pageWindow(query));
      return pageOf(
        rows.map((b) => ({ seq: b.seq, price: toMoney(b.price), bidder: String(b.bidderNo), proxy: b.proxy, time: b.createdAt.toISOString(), mine: b.firmId === viewer })),
        total,
        query,
      );
    },
  };
}

export type AuctionBidding = ReturnType<typeof createBidding>;
