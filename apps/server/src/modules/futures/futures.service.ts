import { Decimal } from '@tp/decimal';
import {
  JournalType,
  type AdminFuturesPosition,
  type FuturesDeal,
  type FuturesDealType,
  type FuturesLiquidation,
  type FuturesListing,
  type FuturesOrder,
  type FuturesOrdersQuery,
  type FuturesPosition,
  type FuturesPush,
  type FuturesSettlement,
  type Page,
  type PlaceFuturesOrder,
  type SaveFuturesListing,
  type SetFuturesStops,
  type FuturesListingStatus,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { appendAudit } from '../../platform/audit/index';
import { pageWindow, withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import { AppError, type AuthContext } from '../../platform/http/index';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from '../../platform/time';
import { exchangeBook, userOwner } from '../asset/index';
import { InsufficientFundsError, PLATFORM_OWNER, feeIncome, type AccountRef, type LedgerService, type PostingInput } from '../ledger/index';
import { FuturesCode } from '@tp/contract';
import { DISCLOSURE_REFUSED, REASONS, cancelFailed, futuresNotFound, listingInvalid, placeFailed, stopsInvalid, type FuturesField } from './futures.errors';
import { averagePrice, buys, crosses, feeOf, marginOf, marginShare, marketPrice, pnlOf, splitClose, underMaintenance } from './futures.math';
import { toDeal, toLiquidation, toListing, toOrder, toPosition, toSettlement } from './futures.views';
import * as repo from './futures.repo';

const BOOK = exchangeBook('contract');

/** The platform's side of every position: it pays the users' profits and receives their losses. */
const house = (currency: string): AccountRef => ({ ...PLATFORM_OWNER, currency, kind: 'futures_clearing' });
/** The platform's risk account: it bears a loss beyond a position's margin, so no user balance goes below zero. */
export const riskAccount = (currency: string): AccountRef => ({ ...PLATFORM_OWNER, currency, kind: 'futures_risk_clearing' });
const available = (userId: number, currency: string): AccountRef => ({ ...userOwner(userId), currency, kind: BOOK.available });
const frozen = (userId: number, currency: string): AccountRef => ({ ...userOwner(userId), currency, kind: BOOK.frozen });

export interface FuturesServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'balances'>;
  /** The mark price of a spot market: its last trade, else the middle of its best bid and ask. */
  markOf: (symbol: string) => Promise<Decimal | undefined>;
  /** The quote currency of a spot market, undefined for a market that does not exist. */
  quoteOf: (symbol: string) => Promise<string | undefined>;
  /** Refuses users who may not trade (real name missing, proprietary members). */
  assertMayTrade: (tx: DbOrTx, userId: number) => Promise<void>;
  /** Whether the user accepted the current risk disclosure. */
  disclosureAccepted: (userId: number) => Promise<boolean>;
  /** Places the currency's amounts are kept to on the contract account; asked before a transaction opens (it reads on its own connection). */
  placesOf: (currency: string) => Promise<number>;
  /** Tells the user's open pages that an entrustment or a position changed. */
  push?: (userId: number, data: FuturesPush) => void;
}

type Push = [userId: number, data: FuturesPush];

export function createFuturesService(deps: FuturesServiceDeps) {
  const { db, clock, ledger } = deps;
  const push = deps.push ?? (() => {});
  const send = (pushes: Push[]) => {
    for (const [userId, data] of pushes) push(userId, data);
  };

  async function listingOrFail(tx: DbOrTx, id: number, field: FuturesField = 'listingId'): Promise<repo.ListingRow> {
    const row = await repo.listing(tx, id);
    if (!row) throw futuresNotFound(field);
    return row;
  }

  const codes = async (): Promise<Map<number, repo.ListingRow>> => new Map((await repo.listings(db)).map((l) => [l.id, l]));

  function checkTick(field: FuturesField, value: Decimal, tick: string, make = placeFailed): void {
    const step = Decimal.parse(tick);
    if (!value.div(step, 0, 'floor').mul(step).eq(value)) throw make(field, REASONS.tick, { tick: step.toString() });
  }

  /** Stop-profit above and stop-loss below the price for a long, the other way round for a short. */
  function checkStops(listing: repo.ListingRow, side: 'long' | 'short', reference: Decimal, stops: { stopProfit?: string | undefined; stopLoss?: string | undefined }): void {
    const { stopProfit, stopLoss } = stops;
    if (!stopProfit && !stopLoss) return;
    if (!listing.allowStops) throw stopsInvalid('listingId', REASONS.stopsNotAllowed);
    const mark = reference.toString();
    if (stopProfit) {
      const price = Decimal.parse(stopProfit);
      checkTick('stopProfit', price, listing.tickSize, stopsInvalid);
      if (side === 'long' ? !price.gt(reference) : !price.lt(reference)) throw stopsInvalid('stopProfit', side === 'long' ? REASONS.aboveMark : REASONS.belowMark, { mark });
    }
    if (stopLoss) {
      const price = Decimal.parse(stopLoss);
      checkTick('stopLoss', price, listing.tickSize, stopsInvalid);
      if (side === 'long' ? !price.lt(reference) : !price.gt(reference)) throw stopsInvalid('stopLoss', side === 'long' ? REASONS.belowMark : REASONS.aboveMark, { mark });
    }
  }

  async function post(tx: DbOrTx, key: string, type: JournalType, userId: number, businessRef: string, postings: PostingInput[], need?: Decimal): Promise<void> {
    const legs = postings.filter((p) => !Decimal.parse(p.amount).isZero());
    if (legs.length === 0) return;
    try {
      await ledger.post(tx, { idempotencyKey: key, type, businessRef, initiator: userOwner(userId), postings: legs });
    } catch (error) {
      if (error instanceof InsufficientFundsError && need) throw placeFailed('balance', REASONS.insufficient, { need: need.toString() }, 409);
      throw error;
    }
  }

  /**
   * Closes `lots` of a locked position at `price`: the share of the margin is released, the P&L
   * settled against the platform, the closing fee charged; a loss beyond the margin goes to the
   * platform's risk account. Records the deal and returns it.
   */
  async function closeLots(tx: DbOrTx, listing: repo.ListingRow, places: number, position: repo.PositionRow, lots: number, price: Decimal, dealType: FuturesDealType, orderId: number | null): Promise<repo.DealRow> {
    const now = clock.now();
    const margin = marginShare(Decimal.parse(position.margin), lots, position.lots, places);
    const pnl = pnlOf(listing, position.side, Decimal.parse(position.averagePrice), price, lots, places);
    const split = splitClose(margin, pnl, feeOf(listing, 'close', price, lots, places));
    const deal = await repo.insertDeal(tx, {
      userId: position.userId,
      listingId: listing.id,
      orderId,
      positionId: position.id,
      side: position.side,
      action: 'close',
      dealType,
      price: price.toString(),
      lots,
      fee: split.fee.toString(),
      realizedPnl: pnl.toString(),
      shortfall: split.shortfall.toString(),
      createdAt: now,
    });
    const cur = listing.currency;
    await post(tx, `futures.deal:${deal.id}`, dealType === 'liquidation' ? JournalType.futuresLiquidation : JournalType.futuresClose, position.userId, `futures:${position.id}`, [
      { account: frozen(position.userId, cur), amount: margin.neg().toString() },
      { account: available(position.userId, cur), amount: split.credit.toString() },
      { account: feeIncome(cur), amount: split.fee.toString() },
      { account: house(cur), amount: pnl.neg().toString() },
      { account: riskAccount(cur), amount: split.shortfall.neg().toString() },
    ]);
    const left = position.lots - lots;
    if (left === 0) await repo.cancelWaitingCloses(tx, position, now);
    await repo.updatePosition(tx, position.id, {
      lots: left,
      margin: Decimal.parse(position.margin).sub(margin).toString(),
      ...(left === 0 ? { stopProfit: '', stopLoss: '' } : {}),
      updatedAt: now,
    });
    return deal;
  }

  /** Fills a locked open order at `price`: an opening adds to the position and charges the held fee; a closing closes lots. */
  async function fill(tx: DbOrTx, listing: repo.ListingRow, places: number, order: repo.OrderRow, price: Decimal, dealType: FuturesDealType): Promise<repo.OrderRow> {
    const now = clock.now();
    const position = await repo.lockPosition(tx, { userId: order.userId, listingId: listing.id, side: order.side, now, mode: order.type });
    if (order.action === 'close') {
      // The position shrank under the order (a stop, a compulsory closing): what is left is cancelled.
      if (position.lots < order.lots) return repo.updateOrder(tx, order.id, { status: 'cancelled', open: false, updatedAt: now });
      await closeLots(tx, listing, places, position, order.lots, price, dealType, order.id);
      return repo.updateOrder(tx, order.id, { status: 'filled', open: false, filledLots: order.lots, fillPrice: price.toString(), updatedAt: now });
    }
    const deal = await repo.insertDeal(tx, {
      userId: order.userId,
      listingId: listing.id,
      orderId: order.id,
      positionId: position.id,
      side: order.side,
      action: 'open',
      dealType,
      price: price.toString(),
      lots: order.lots,
      fee: order.frozenFee,
      realizedPnl: '0',
      createdAt: now,
    });
    // The margin stays on the frozen side, now the position's; the fee goes to the platform.
    await post(tx, `futures.deal:${deal.id}`, JournalType.futuresOpen, order.userId, `futures:${order.id}`, [
      { account: frozen(order.userId, listing.currency), amount: Decimal.parse(order.frozenFee).neg().toString() },
      { account: feeIncome(listing.currency), amount: Decimal.parse(order.frozenFee).toString() },
    ]);
    const fresh = position.lots === 0;
    await repo.updatePosition(tx, position.id, {
      lots: position.lots + order.lots,
      averagePrice: averagePrice({ lots: position.lots, price: Decimal.parse(position.averagePrice) }, { lots: order.lots, price }).toString(),
      margin: Decimal.parse(position.margin).add(order.frozenMargin).toString(),
      ...(fresh ? { openPrice: price.toString(), openedAt: now, mode: order.type, stopProfit: order.stopProfit, stopLoss: order.stopLoss } : {}),
      ...(!fresh && order.stopProfit ? { stopProfit: order.stopProfit } : {}),
      ...(!fresh && order.stopLoss ? { stopLoss: order.stopLoss } : {}),
      updatedAt: now,
    });
    return repo.updateOrder(tx, order.id, { status: 'filled', open: false, filledLots: order.lots, fillPrice: price.toString(), updatedAt: now });
  }

  async function place(userId: number, request: PlaceFuturesOrder): Promise<FuturesOrder> {
    const listing = await listingOrFail(db, Number(request.listingId));
    const opening = request.action === 'open';
    if (opening ? listing.status !== 'listed' : listing.status === 'unlisted') throw placeFailed('listingId', REASONS.notListed, {}, 409);
    const min = Math.max(1, listing.minLots);
    if (request.lots < min) throw placeFailed('lots', REASONS.atLeast, { min });
    if (request.lots > listing.maxLots) throw placeFailed('lots', REASONS.atMost, { max: listing.maxLots });
    const isMarket = request.type === 'market';
    if (isMarket && request.price !== undefined) throw placeFailed('price', REASONS.marketHasPrice);
    if (!isMarket && request.price === undefined) throw placeFailed('price', REASONS.limitNeedsPrice);
    if (isMarket && !(opening ? listing.allowMarketOpen : listing.allowMarketClose)) throw placeFailed('type', REASONS.notAllowed);
    if (!opening && (request.stopProfit || request.stopLoss)) throw placeFailed(request.stopProfit ? 'stopProfit' : 'stopLoss', REASONS.notAllowed);
    const limit = request.price === undefined ? undefined : Decimal.parse(request.price);
    if (limit) checkTick('price', limit, listing.tickSize);
    const mark = await deps.markOf(listing.symbol);
    if (isMarket && !mark) throw placeFailed('listingId', REASONS.noPrice, {}, 409);
    const buying = buys(request.side, request.action);
    const price = limit ?? marketPrice(listing, mark!, buying);
    if (!price.isPositive()) throw placeFailed('price', REASONS.positive);
    if (opening) checkStops(listing, request.side, price, request);
    if (!(await deps.disclosureAccepted(userId))) throw new AppError(FuturesCode.placeFailed, 403, DISCLOSURE_REFUSED);
    const places = await deps.placesOf(listing.currency);

    const pushes: Push[] = [];
    const order = await withTransaction(db, async (tx) => {
      await deps.assertMayTrade(tx, userId);
      const now = clock.now();
      // The position's row is the lock every change of this user's side of the listing takes first.
      const position = await repo.lockPosition(tx, { userId, listingId: listing.id, side: request.side, now, mode: request.type });
      let margin = Decimal.ZERO;
      let fee = Decimal.ZERO;
      if (opening) {
        const room = listing.maxPosition - position.lots - (await repo.pendingOpenLots(tx, userId, listing.id, request.side));
        if (request.lots > room) throw placeFailed('lots', REASONS.atMost, { max: Math.max(0, room) });
        margin = marginOf(listing, price, request.lots, places);
        fee = feeOf(listing, 'open', price, request.lots, places);
      } else {
        const closable = position.lots - (await repo.pendingCloseLots(tx, userId, listing.id, request.side));
        if (request.lots > closable) throw placeFailed('lots', REASONS.closeTooMany, { max: Math.max(0, closable) });
      }
      let order = await repo.insertOrder(tx, {
        userId,
        listingId: listing.id,
        side: request.side,
        action: request.action,
        type: request.type,
        lots: request.lots,
        price: limit?.toString() ?? '0',
        frozenMargin: margin.toString(),
        frozenFee: fee.toString(),
        stopProfit: request.stopProfit ?? '',
        stopLoss: request.stopLoss ?? '',
        status: 'entrusted',
        open: true,
        createdAt: now,
        updatedAt: now,
      });
      const held = margin.add(fee);
      await post(tx, `futures.freeze:${order.id}`, JournalType.futuresFreeze, userId, `futures:${order.id}`, [
        { account: available(userId, listing.currency), amount: held.neg().toString() },
        { account: frozen(userId, listing.currency), amount: held.toString() },
      ], held);
      if (isMarket) order = await fill(tx, listing, places, order, price, 'market');
      else if (mark && crosses(price, mark, buying)) order = await fill(tx, listing, places, order, price, 'limit');
      pushes.push([userId, { futures: 'order', listingId: String(listing.id) }]);
      if (!order.open) pushes.push([userId, { futures: 'position', listingId: String(listing.id) }]);
      return order;
    });
    send(pushes);
    return toOrder(order, listing.code);
  }

  async function cancel(userId: number, orderId: string): Promise<FuturesOrder> {
    let code = '';
    const order = await withTransaction(db, async (tx) => {
      const order = await repo.lockOrder(tx, Number(orderId), userId);
      if (!order) throw cancelFailed('orderId', REASONS.notFound, 404);
      if (!order.open) throw cancelFailed('orderId', REASONS.notOpen);
      const listing = await listingOrFail(tx, order.listingId);
      code = listing.code;
      const held = Decimal.parse(order.frozenMargin).add(order.frozenFee);
      await post(tx, `futures.release:${order.id}`, JournalType.futuresRelease, userId, `futures:${order.id}`, [
        { account: frozen(userId, listing.currency), amount: held.neg().toString() },
        { account: available(userId, listing.currency), amount: held.toString() },
      ]);
      return repo.updateOrder(tx, order.id, { status: order.filledLots > 0 ? 'partially_cancelled' : 'cancelled', open: false, updatedAt: clock.now() });
    });
    send([[userId, { futures: 'order', listingId: String(order.listingId) }]]);
    return toOrder(order, code);
  }

  async function setStops(userId: number, request: SetFuturesStops): Promise<FuturesPosition> {
    if (!request.stopProfit && !request.stopLoss) throw stopsInvalid('stopLoss', REASONS.stopsRequired);
    const found = await repo.findPositionOf(db, Number(request.positionId), userId);
    if (!found || found.lots === 0) throw futuresNotFound('positionId');
    const listing = await listingOrFail(db, found.listingId);
    const mark = await deps.markOf(listing.symbol);
    if (!mark) throw stopsInvalid('listingId', REASONS.noPrice);
    checkStops(listing, found.side, mark, request);
    const row = await withTransaction(db, async (tx) => {
      const position = await repo.lockPositionById(tx, found.id, userId);
      if (!position || position.lots === 0) throw futuresNotFound('positionId');
      return repo.updatePosition(tx, position.id, { stopProfit: request.stopProfit, stopLoss: request.stopLoss, updatedAt: clock.now() });
    });
    send([[userId, { futures: 'position', listingId: String(listing.id) }]]);
    return toPosition(row, listing, mark, await deps.placesOf(listing.currency));
  }

  /** Marks of the listings' spot markets, each asked once. */
  async function marksOf(rows: Iterable<repo.ListingRow>): Promise<Map<string, Decimal | undefined>> {
    const marks = new Map<string, Decimal | undefined>();
    for (const row of rows) if (!marks.has(row.symbol)) marks.set(row.symbol, await deps.markOf(row.symbol));
    return marks;
  }

  async function positionViews(rows: repo.PositionRow[]): Promise<FuturesPosition[]> {
    const byId = await codes();
    const marks = await marksOf([...new Set(rows.map((r) => byId.get(r.listingId)!))]);
    const out: FuturesPosition[] = [];
    for (const row of rows) {
      const listing = byId.get(row.listingId)!;
      out.push(toPosition(row, listing, marks.get(listing.symbol), await deps.placesOf(listing.currency)));
    }
    return out;
  }

  /**
   * One pass of the price watcher over every listing with a mark: resting limit orders the mark
   * has crossed fill at their price; positions whose equity fell under the maintenance margin
   * are compulsorily closed at the mark; stop-profits and stop-losses the mark reached close at
   * the market price. Each change is its own transaction, taken with the rows locked and the
   * condition checked again, so a user's cancel or close racing the watcher wins or loses whole.
   */
  async function watch(): Promise<number> {
    let done = 0;
    for (const listing of await repo.listings(db)) {
      if (listing.status === 'unlisted') continue;
      const mark = await deps.markOf(listing.symbol);
      if (!mark) continue;
      const places = await deps.placesOf(listing.currency);
      for (const waiting of await repo.openLimitOrders(db, listing.id)) {
        if (waiting.type !== 'limit' || !crosses(Decimal.parse(waiting.price), mark, buys(waiting.side, waiting.action))) continue;
        const filled = await withTransaction(db, async (tx) => {
          // The position first, as every change takes it: a user's close emptying it (which ends its waiting closing orders) cannot hold it while waiting for this order.
          await repo.lockPosition(tx, { userId: waiting.userId, listingId: listing.id, side: waiting.side, now: clock.now(), mode: waiting.type });
          const order = await repo.lockOrder(tx, waiting.id);
          if (!order?.open) return false;
          await fill(tx, listing, places, order, Decimal.parse(order.price), 'limit');
          return true;
        });
        if (filled) {
          done += 1;
          send([[waiting.userId, { futures: 'order', listingId: String(listing.id) }], [waiting.userId, { futures: 'position', listingId: String(listing.id) }]]);
        }
      }
      /** Why the mark closes a position now, and at what price: compulsory closing first, then its stops. */
      const closing = (position: repo.PositionRow): { dealType: FuturesDealType; price: Decimal } | undefined => {
        const pnl = pnlOf(listing, position.side, Decimal.parse(position.averagePrice), mark, position.lots, places);
        if (underMaintenance(listing, Decimal.parse(position.margin), pnl)) return { dealType: 'liquidation', price: mark };
        const price = marketPrice(listing, mark, position.side === 'short');
        if (position.stopLoss && (position.side === 'long' ? mark.lte(position.stopLoss) : mark.gte(position.stopLoss))) return { dealType: 'stop_loss', price };
        if (position.stopProfit && (position.side === 'long' ? mark.gte(position.stopProfit) : mark.lte(position.stopProfit))) return { dealType: 'stop_profit', price };
        return undefined;
      };
      // Read without locks to find the few to close; each is locked and judged again before it is.
      for (const seen of (await repo.openPositionsOn(db, listing.id)).filter((position) => closing(position))) {
        const closed = await withTransaction(db, async (tx) => {
          const position = await repo.lockPositionById(tx, seen.id);
          const close = position && position.lots > 0 ? closing(position) : undefined;
          if (!position || !close) return false;
          await closeLots(tx, listing, places, position, position.lots, close.price, close.dealType, null);
          return true;
        });
        if (closed) {
          done += 1;
          send([[seen.userId, { futures: 'position', listingId: String(listing.id) }]]);
        }
      }
    }
    return done;
  }

  /**
   * The daily settlement of the business day before `now` (Asia/Shanghai): every position held
   * over the day's end pays the overnight fee (from the contract account, the rest from its
   * margin), and each of their owners gets one settlement record of the day. Recorded once per
   * user and day, so running it again (another instance, a retry) changes nothing.
   */
  async function settle(now: Date = clock.now()): Promise<number> {
    const day = shanghaiDay(new Date(now.getTime() - DAY_MS));
    const dayStart = shanghaiDayStart(day);
    const dayEnd = new Date(dayStart.getTime() + DAY_MS);
    const byId = await codes();
    const held = await repo.positionsHeldBefore(db, dayEnd);
    const owners = new Map<string, repo.PositionRow[]>();
    for (const position of held) {
      const key = `${position.userId}:${byId.get(position.listingId)!.currency}`;
      owners.set(key, [...(owners.get(key) ?? []), position]);
    }
    const marks = await marksOf(byId.values());
    let settled = 0;
    for (const [key, positions] of owners) {
      const [userPart, currency] = key.split(':') as [string, string];
      const userId = Number(userPart);
      const places = await deps.placesOf(currency);
      const recorded = await withTransaction(db, async (tx) => {
        if (!(await repo.insertSettlement(tx, { userId, day, currency, positions: 0, overnightFee: '0', realizedPnl: '0', fees: '0', balance: '0', createdAt: clock.now() }))) return false;
        let total = Decimal.ZERO;
        let count = 0;
        for (const seen of positions) {
          const position = await repo.lockPositionById(tx, seen.id);
          if (!position || position.lots === 0) continue;
          const listing = byId.get(position.listingId)!;
          const fee = feeOf(listing, 'overnight', marks.get(listing.symbol) ?? Decimal.parse(position.averagePrice), position.lots, places);
          count += 1;
          if (!fee.isPositive()) continue;
          const [balance] = await ledger.balances(tx, userOwner(userId), currency, BOOK);
          const free = Decimal.parse(balance?.available ?? '0');
          const fromAvailable = free.gte(fee) ? fee : free.isPositive() ? free : Decimal.ZERO;
          const margin = Decimal.parse(position.margin);
          const rest = fee.sub(fromAvailable);
          const fromMargin = rest.gt(margin) ? margin : rest;
          const charged = fromAvailable.add(fromMargin);
          await post(tx, `futures.overnight:${position.id}:${day}`, JournalType.futuresOvernight, userId, `futures:${position.id}`, [
            { account: available(userId, currency), amount: fromAvailable.neg().toString() },
            { account: frozen(userId, currency), amount: fromMargin.neg().toString() },
            { account: feeIncome(currency), amount: charged.toString() },
          ]);
          if (fromMargin.isPositive()) await repo.updatePosition(tx, position.id, { margin: margin.sub(fromMargin).toString(), updatedAt: clock.now() });
          total = total.add(charged);
        }
        const totals = await repo.dealTotals(tx, userId, dayStart, dayEnd);
        const [after] = await ledger.balances(tx, userOwner(userId), currency, BOOK);
        await repo.updateSettlement(tx, userId, day, currency, {
          positions: count,
          overnightFee: total.toString(),
          realizedPnl: totals.pnl,
          fees: Decimal.parse(totals.fees).add(total).toString(),
          balance: after?.total ?? '0',
        });
        return true;
      });
      if (recorded) settled += 1;
    }
    return settled;
  }

  function checkListing(input: SaveFuturesListing): void {
    if (input.minLots < 1) throw listingInvalid('minLots', REASONS.atLeast, { min: 1 });
    if (!(input.minLots <= input.maxLots && input.maxLots <= input.maxPosition)) throw listingInvalid('maxLots', REASONS.order);
    if (!Decimal.parse(input.priceDifference).isPositive()) throw listingInvalid('priceDifference', REASONS.positive);
    for (const field of ['openFee', 'closeFee', 'overnightFee'] as const) if (Decimal.parse(input[field]).isNegative()) throw listingInvalid(field, REASONS.notNegative);
    if (!Decimal.parse(input.maintenanceRate).lt('1')) throw listingInvalid('maintenanceRate', REASONS.atMost, { max: '<1' });
    checkTick('priceDifference', Decimal.parse(input.priceDifference), input.tickSize, listingInvalid);
  }

  const STATUS_MOVES: Record<FuturesListingStatus, FuturesListingStatus[]> = { unlisted: ['listed', 'delisted'], listed: ['delisted'], delisted: [] };

  return {
    place,
    cancel,
    setStops,
    watch,
    settle,

    async listings(options: { all?: boolean } = {}): Promise<FuturesListing[]> {
      const rows = (await repo.listings(db)).filter((row) => options.all || row.status === 'listed');
      const marks = await marksOf(rows);
      return rows.map((row) => toListing(row, marks.get(row.symbol)));
    },

    async order(userId: number, orderId: string): Promise<FuturesOrder> {
      const row = await repo.findOrder(db, Number(orderId), userId);
      if (!row) throw futuresNotFound('orderId');
      return toOrder(row, (await listingOrFail(db, row.listingId)).code);
    },

    async orders(userId: number, query: FuturesOrdersQuery): Promise<Page<FuturesOrder>> {
      const { rows, total } = await repo.ordersOf(db, userId, { open: query.open, listingId: query.listingId === undefined ? undefined : Number(query.listingId) }, pageWindow(query));
      const byId = await codes();
      return { content: rows.map((row) => toOrder(row, byId.get(row.listingId)?.code ?? '')), total, page: query.page, size: query.size };
    },

    async positions(userId: number): Promise<FuturesPosition[]> {
      return positionViews(await repo.openPositionsOf(db, userId));
    },

    async deals(userId: number, query: { page: number; size: number }): Promise<Page<FuturesDeal>> {
      const { rows, total } = await repo.dealsOf(db, { userId }, pageWindow(query));
      const byId = await codes();
      return { content: rows.map((row) => toDeal(row, byId.get(row.listingId)?.code ?? '')), total, page: query.page, size: query.size };
    },

    async settlements(userId: number, query: { page: number; size: number }): Promise<Page<FuturesSettlement>> {
      const { rows, total } = await repo.settlementsOf(db, userId, pageWindow(query));
      return { content: rows.map(toSettlement), total, page: query.page, size: query.size };
    },

    async adminPositions(query: { page: number; size: number }): Promise<Page<AdminFuturesPosition>> {
      const { rows, total } = await repo.allOpenPositions(db, pageWindow(query));
      const views = await positionViews(rows);
      return { content: views.map((view, i) => ({ ...view, userId: String(rows[i]!.userId) })), total, page: query.page, size: query.size };
    },

    async adminLiquidations(query: { page: number; size: number }): Promise<Page<FuturesLiquidation>> {
      const { rows, total } = await repo.dealsOf(db, { dealType: 'liquidation' }, pageWindow(query));
      const byId = await codes();
      return { content: rows.map((row) => toLiquidation(row, byId.get(row.listingId)?.code ?? '')), total, page: query.page, size: query.size };
    },

    /** Creates a listing (unlisted) or changes one; a listed one keeps its code and spot market. Audited. */
    async saveListing(staff: AuthContext, input: SaveFuturesListing): Promise<FuturesListing> {
      checkListing(input);
      const currency = await deps.quoteOf(input.symbol);
      if (!currency) throw listingInvalid('symbol', REASONS.unknownSymbol);
      const { listingId, ...fields } = input;
      const row = await withTransaction(db, async (tx) => {
        const now = clock.now();
        const twin = await repo.listingByCode(tx, input.code);
        if (twin && String(twin.id) !== listingId) throw listingInvalid('code', REASONS.taken);
        let saved: repo.ListingRow | undefined;
        if (listingId) {
          const existing = await listingOrFail(tx, Number(listingId));
          if (existing.status === 'delisted') throw listingInvalid('status', REASONS.listingStatus, { from: 'delisted', to: 'delisted' });
          if (existing.status === 'listed' && (existing.code !== input.code || existing.symbol !== input.symbol)) throw listingInvalid('code', REASONS.listingLocked);
          saved = await repo.updateListing(tx, existing.id, { ...fields, currency, updatedAt: now });
        } else {
          saved = await repo.insertListing(tx, { ...fields, currency, status: 'unlisted', createdAt: now, updatedAt: now });
        }
        if (!saved) throw futuresNotFound('listingId');
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: listingId ? 'futures.listing.update' : 'futures.listing.create',
          objectType: 'futures_listing',
          objectId: String(saved.id),
          detail: { ...fields },
        });
        return saved;
      });
      return toListing(row, await deps.markOf(row.symbol));
    },

    /** Lists or delists; a delisted contract takes no new positions, held ones may still be closed. Audited. */
    async setListingStatus(staff: AuthContext, listingId: string, status: FuturesListingStatus): Promise<FuturesListing> {
      const row = await withTransaction(db, async (tx) => {
        const existing = await listingOrFail(tx, Number(listingId));
        if (existing.status === status) return existing;
        if (!STATUS_MOVES[existing.status].includes(status)) throw listingInvalid('status', REASONS.listingStatus, { from: existing.status, to: status });
        const now = clock.now();
        const saved = await repo.updateListing(tx, existing.id, { status, updatedAt: now });
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: staff.userId, action: `futures.listing.${status}`, objectType: 'futures_listing', objectId: listingId, detail: { from: existing.status, to: status } });
        return saved ?? existing;
      });
      return toListing(row, await deps.markOf(row.symbol));
    },
  };
}

export type FuturesService = ReturnType<typeof createFuturesService>;
