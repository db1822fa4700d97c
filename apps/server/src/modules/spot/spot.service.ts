import { Decimal } from '@tp/decimal';
import { OrderBook, type HeldOrder } from '@tp/matching';
import { RISK_DISCLOSURE_VERSION, WsTopic, type DepthSnapshot, type DepthUpdate, type Kline, type KlineInterval, type KlineUpdate, type Ticker24h, type TimeSharingPoint, type Page, type PlaceOcoRequest, type PlaceOrderRequest, type RiskDisclosureStatus, type SpotMyTrade, type StopTrigger, DEFAULT_STP_MODE, type SpotMarket, type SpotOrder, type SpotTrade } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, isRetryable, isUniqueViolation, withTransaction } from '../../platform/db/index';
import { GroupStore, IdPool } from './group-store';
import { userOwner } from '../asset/index';
import { defaultScaleOf, feeIncome, type LedgerService } from '../ledger/index';
import { CancelFailedError, PlaceFailedError, REASONS } from './spot.errors';
import { MarketStats, loadKlines, loadTimeSharing } from './market-data';
import { available, frozen, toOrder, toTrade, type Command, type MarketChanges, type MarketFeed, type MarketState } from './market-state';
import { LeaseLostError, localOwnership, type MarketOwnership } from './market-ownership';
import { createMarketRouter, type Forward, type ForwardedCommand } from './forwarding';
import { settle } from './settlement';
import { engineRequest, maxFeeRate, STOP_MARKET_HEADROOM } from './order-request';
import { myTradesPage } from './account-queries';
import * as repo from './spot.repo';

export type { MarketFeed } from './market-state';

/** The engine's integers must stay exact JavaScript numbers. */
const MAX_UNITS = Number.MAX_SAFE_INTEGER;

/** Most commands committed together; more wait for the next commit. */
const MAX_GROUP = 256;

/** A push worked out after a commit and sent right after the callers are answered. */
type Push = [topic: string, pushType: Parameters<MarketFeed>[1], data: unknown];

/** Tickers are pushed at most this often per market; the last change is never left unsent. */
const TICKER_PUSH_MS = 1_000;

export interface SpotServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'batch'>;
  /**
   * The trading gate (real-name verification, proprietary members): for a group's users, the
   * typed refusal of each one who may not trade. Asked once per group, alongside its transaction.
   */
  mayTrade: (db: DbOrTx, userIds: readonly number[]) => Promise<Map<number, Error>>;
  /** Whether the database serves reads on other connections while a transaction is open (a pool, not embedded PGlite). */
  concurrentReads?: boolean;
  feed?: MarketFeed;
  /** Which instance runs each market's book; without it this process runs them all. */
  ownership?: MarketOwnership;
  /** Sends a command to the instance running its market (with shared ownership). */
  forward?: Forward;
  /** Trades other instances push for the markets they run: they keep this instance's tickers current. */
  peerTrades?: (listener: (symbol: string, trades: SpotTrade[]) => void) => () => void;
}

export function createSpotService(deps: SpotServiceDeps) {
  const { db, clock, ledger } = deps;
  const feed: MarketFeed = deps.feed ?? (() => {});
  const markets = new Map<string, MarketState>();
  /** Users known to have accepted the current risk disclosure; acceptance is never withdrawn. */
  const disclosed = new Set<number>();
  const ids = new IdPool();
  const ownership = deps.ownership ?? localOwnership();
  const route = createMarketRouter({
    ownership,
    forward: deps.forward ?? (() => Promise.reject(new Error('no instance to forward to'))),
  });
  let stopPeerTrades: (() => void) | undefined;
  /**
   * Where a book's depth `seq` starts: the time in microseconds, so a book built later (a restart,
   * a takeover by another instance) starts above any count its former owner reached, and clients
   * holding the former owner's snapshot see a jump, not pushes they would drop as old.
   */
  const seqBase = () => clock.now().getTime() * 1000;

  function toUnits(value: Decimal, step: Decimal, reason: typeof REASONS.tick | typeof REASONS.lot, param: Record<string, string>): number {
    const units = value.div(step, 0, 'floor');
    if (!units.mul(step).eq(value)) throw new PlaceFailedError(reason, 422, param);
    const n = Number(units.toString());
    if (!Number.isSafeInteger(n) || n > MAX_UNITS) throw new PlaceFailedError(REASONS.tooLarge, 422);
    return n;
  }

  /** Rebuilds a market's book from its open orders: resting ones on their levels, stop orders in the trigger queue, OCO pairs linked, the last price. */
  async function rebuild(state: MarketState): Promise<void> {
    const book = new OrderBook();
    const rows = await repo.openOrders(db, state.row.symbol);
    const waiting = (row: repo.OrderRow) => row.trigger !== null && row.triggeredAt === null;
    book.restore(
      rows
        .filter((row) => !waiting(row))
        .map((row) => ({
          orderId: row.id,
          ownerId: row.userId,
          side: row.side,
          price: Number(Decimal.parse(row.price).div(state.tick, 0).toString()),
          qty: Number(Decimal.parse(row.quantity).sub(row.filledQuantity).div(state.lot, 0).toString()),
        })),
    );
    // An OCO pair's reserve is kept on its limit order; its stop order runs within it.
    const pairReserve = new Map(rows.filter((row) => row.listId === row.id).map((row) => [row.id, row.reserved]));
    for (const row of rows.filter(waiting)) {
      const reserved = row.listId !== null && row.listId !== row.id ? (pairReserve.get(row.listId) ?? row.reserved) : row.reserved;
      book.restoreStop(engineRequest({ ...row, reserved }, state) as HeldOrder);
    }
    const lists = new Map<number, number[]>();
    for (const row of rows) if (row.listId !== null) lists.set(row.listId, [...(lists.get(row.listId) ?? []), row.id]);
    for (const [a, b] of lists.values()) if (a !== undefined && b !== undefined) book.restorePair(a, b);
    const last = await repo.lastTradePrice(db, state.row.symbol);
    book.restoreLastPrice(last === undefined ? undefined : Number(Decimal.parse(last).div(state.tick, 0).toString()));
    state.book = book;
    state.open = new Map(rows.map((row) => [row.id, row]));
  }

  /** Loads every market with its statistics, then the books of the markets this instance runs. */
  async function load(): Promise<void> {
    for (const row of await repo.listMarkets(db)) {
      const stats = await MarketStats.load(db, row.symbol, clock.now().getTime());
      const state: MarketState = { row, tick: Decimal.parse(row.tickSize), lot: Decimal.parse(row.lotSize), book: new OrderBook(), open: new Map(), pending: [], draining: false, seq: seqBase(), stats, tickerPushedAt: 0, tickerTimer: undefined };
      markets.set(row.symbol, state);
    }
    stopPeerTrades = deps.peerTrades?.((symbol, trades) => {
      const state = markets.get(symbol);
      if (!state || ownership.where(symbol).here !== false) return;
      for (const trade of trades) {
        const price = Decimal.parse(trade.price);
        const quantity = Decimal.parse(trade.quantity);
        state.stats.record(price, quantity, price.mul(quantity), Date.parse(trade.time));
      }
    });
    await ownership.start([...markets.keys()], {
      async acquired(symbol) {
        const state = markets.get(symbol)!;
        // Taken over from another instance: what it traded is only in the database.
        if (ownership.shared) state.stats = await MarketStats.load(db, symbol, clock.now().getTime());
        state.seq = Math.max(seqBase(), state.seq + 2);
        await rebuild(state);
      },
      lost(symbol) {
        const state = markets.get(symbol)!;
        state.book = new OrderBook();
        state.open = new Map();
        clearTimeout(state.tickerTimer);
        state.tickerTimer = undefined;
      },
    });
  }

  function marketOf(symbol: string): MarketState {
    const state = markets.get(symbol);
    if (!state || state.row.status !== 'open') throw new PlaceFailedError(REASONS.market, 404);
    return state;
  }

  function pushTicker(state: MarketState): void {
    if (state.tickerTimer) return;
    const wait = state.tickerPushedAt + TICKER_PUSH_MS - Date.now();
    const send = () => {
      state.tickerTimer = undefined;
      state.tickerPushedAt = Date.now();
      feed(WsTopic.of('ticker', state.row.symbol), 'ticker', state.stats.ticker(clock.now().getTime()));
    };
    if (wait <= 0) send();
    else {
      state.tickerTimer = setTimeout(send, wait);
      state.tickerTimer.unref?.();
    }
  }

  /** Pushes a committed command's changes: the book's changed levels, the trades, candles, ticker and the owners' orders. */
  function publish(state: MarketState, changes: MarketChanges, out: Push[]): void {
    const symbol = state.row.symbol;
    const feed = (topic: string, pushType: Push[1], data: unknown) => out.push([topic, pushType, data]);
    if (changes.levels.size > 0) {
      const update: DepthUpdate = { symbol, seq: ++state.seq, bids: [], asks: [] };
      for (const key of changes.levels) {
        const [side, ticks] = key.split(':') as ['buy' | 'sell', string];
        const qty = state.book.qtyAt(side, Number(ticks));
        (side === 'buy' ? update.bids : update.asks).push([state.tick.mul(ticks).toString(), state.lot.mul(String(qty)).toString()]);
      }
      update.bids.sort((a, b) => Decimal.parse(b[0]).cmp(a[0]));
      update.asks.sort((a, b) => Decimal.parse(a[0]).cmp(b[0]));
      feed(WsTopic.of('depth', symbol), 'depth', update);
    }
    if (changes.trades.length > 0) {
      for (const trade of changes.trades) state.stats.record(Decimal.parse(trade.price), Decimal.parse(trade.quantity), Decimal.parse(trade.quoteQuantity), trade.createdAt.getTime());
      feed(WsTopic.of('trade', symbol), 'trade', changes.trades.map(toTrade));
      const klines: KlineUpdate = { symbol, klines: state.stats.klines() };
      feed(WsTopic.of('kline', symbol), 'kline', klines);
      pushTicker(state);
    }
    for (const order of changes.orders) feed(WsTopic.user(String(order.userId)), 'order', toOrder(order));
  }

  /**
   * Group commit: commands on a market queue up while the previous group commits, then run one
   * after another against the group's in-memory store (the engine, the ledger's journal batch,
   * the orders and trades) and are written together with a few multi-row statements in one
   * transaction. A command refused before it moved the engine (a balance too small) changes
   * nothing and is answered alone; a failure after that, or of the write, rebuilds the book from
   * what was committed and runs the group again once if the database asked for a retry
   * (deadlock, serialization), else fails it. Callers hear back only once their group is
   * committed, so nothing acknowledged is ever lost; pushes go out in order after the commit.
   */
  function inMarket<T>(state: MarketState, work: (store: GroupStore, changes: MarketChanges) => Promise<T>, gateUserId?: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      state.pending.push({ gateUserId, work, resolve: resolve as (value: unknown) => void, reject });
      if (!state.draining) void drain(state);
    });
  }

  async function drain(state: MarketState): Promise<void> {
    state.draining = true;
    try {
      while (state.pending.length > 0) await commitGroup(state, state.pending.splice(0, MAX_GROUP));
    } finally {
      state.draining = false;
    }
  }

  type Outcome = { ok: true; value: unknown; changes: MarketChanges } | { ok: false; error: unknown };

  async function runGroup(state: MarketState, group: Command[]): Promise<{ outcomes: Outcome[]; store: GroupStore }> {
    let result: { outcomes: Outcome[]; store: GroupStore } | undefined;
    const { symbol } = state.row;
    const where = ownership.where(symbol);
    if (where.here !== true) throw new LeaseLostError(symbol);
    const gated = [...new Set(group.flatMap((c) => (c.gateUserId === undefined ? [] : [c.gateUserId])))];
    // With a pool, the gate is read on other connections while the transaction starts and locks:
    // a read of the users' standing, not part of what the group writes. A single connection
    // (embedded PGlite) would wait for the transaction, so there it is read inside it.
    const early = deps.concurrentReads && gated.length > 0 ? deps.mayTrade(db, gated) : undefined;
    early?.catch(() => undefined);
    await withTransaction(
      db,
      async (tx) => {
        const store = new GroupStore(tx, ledger.batch(tx), ids, state.open);
        // The accounts the group's own users will touch, locked at once; makers' are added as fills need them.
        const { base, quote } = state.row;
        await store.journals.lock([
          feeIncome(quote),
          ...gated.flatMap((userId) => [available(userId, base), frozen(userId, base), available(userId, quote), frozen(userId, quote)]),
        ]);
        if (gated.length > 0) store.refusals = await (early ?? deps.mayTrade(tx, gated));
        const outcomes: Outcome[] = [];
        for (const command of group) {
          const changes: MarketChanges = { engineMoved: false, trades: [], levels: new Set(), orders: [] };
          try {
            outcomes.push({ ok: true, value: await command.work(store, changes), changes });
          } catch (error) {
            if (changes.engineMoved) throw error;
            outcomes.push({ ok: false, error });
          }
        }
        // Fencing, in the group's write: an owner that lost the market (stalled past its lease) writes nothing.
        if (!(await store.flush(ownership.fence(symbol, where.epoch)))) {
          ownership.forget(symbol, where.epoch);
          throw new LeaseLostError(symbol);
        }
        result = { outcomes, store };
      },
      // The engine has already moved: a retry must start from a rebuilt book (below), not here.
      { attempts: 1 },
    );
    return result!;
  }

  async function commitGroup(state: MarketState, group: Command[]): Promise<void> {
    let done: { outcomes: Outcome[]; store: GroupStore } | undefined;
    for (let attempt = 1; !done; attempt++) {
      try {
        done = await runGroup(state, group);
      } catch (error) {
        // Nothing was written and the book here is gone: the commands go to the market's new owner.
        if (error instanceof LeaseLostError) {
          for (const command of group) command.reject(error);
          return;
        }
        await rebuild(state);
        // The book may have moved and come back: skipping a number makes every client reload its snapshot.
        state.seq += 2;
        if (attempt >= 2 || !isRetryable(error)) {
          for (const command of group) command.reject(error);
          return;
        }
      }
    }
    for (const order of done.store.orders()) {
      if (order.open) state.open.set(order.id, order);
      else state.open.delete(order.id);
    }
    // The group's changes are pushed as one: a depth update of every level it touched, one trade
    // list, one candle update. They are worked out now, against the book as this group left it,
    // and sent once the callers have their answers: delivery (serialising, the bus) is off the
    // orders' path.
    const changes: MarketChanges = { engineMoved: false, trades: [], levels: new Set(), orders: [] };
    done.outcomes.forEach((outcome, i) => {
      const command = group[i]!;
      if (!outcome.ok) return command.reject(outcome.error);
      changes.trades.push(...outcome.changes.trades);
      for (const level of outcome.changes.levels) changes.levels.add(level);
      changes.orders.push(...outcome.changes.orders);
      command.resolve(outcome.value);
    });
    const pushes: Push[] = [];
    publish(state, changes, pushes);
    if (pushes.length > 0) setImmediate(() => pushes.forEach(([topic, pushType, data]) => feed(topic, pushType, data)));
  }

  /** Checks, reserves, matches and settles one order (or OCO pair); acknowledged only once committed. */
  async function placeHere(userId: number, request: PlaceOrderRequest): Promise<SpotOrder> {
    const state = marketOf(request.symbol);
    const { row: market, tick, lot } = state;
    if (request.clientOrderId) {
      const existing = await repo.findByClientId(db, userId, request.clientOrderId);
      if (existing) return toOrder(existing);
    }
    const isMarket = request.type === 'market' || request.type === 'stop_market';
    const isStop = request.type === 'stop_limit' || request.type === 'stop_market';
    if (isMarket && request.timeInForce === 'GTC' && request.postOnly) throw new PlaceFailedError(REASONS.marketTif, 422);
    if (isStop && request.postOnly) throw new PlaceFailedError(REASONS.stopPostOnly, 422);
    const byQuote = isMarket && request.quoteAmount !== undefined;
    // A quote budget cannot promise all or nothing: it buys what it can.
    const tif = isMarket ? (request.timeInForce === 'FOK' && !byQuote && request.type === 'market' ? 'FOK' : 'IOC') : request.timeInForce;
    const price = request.price ? Decimal.parse(request.price) : Decimal.ZERO;
    const qty = request.quantity ? Decimal.parse(request.quantity) : Decimal.ZERO;
    const quoteAmount = request.quoteAmount ? Decimal.parse(request.quoteAmount) : Decimal.ZERO;
    const stopPrice = request.stopPrice ? Decimal.parse(request.stopPrice) : Decimal.ZERO;
    const tickParam = { tick: tick.toString() };
    if (!isMarket) toUnits(price, tick, REASONS.tick, tickParam);
    const stopUnits = isStop ? toUnits(stopPrice, tick, REASONS.tick, tickParam) : 0;
    const qtyUnits = request.quantity ? toUnits(qty, lot, REASONS.lot, { lot: lot.toString() }) : 0;
    const oco = request.oco;
    const ocoStop = oco ? Decimal.parse(oco.stopPrice) : Decimal.ZERO;
    const ocoStopUnits = oco ? toUnits(ocoStop, tick, REASONS.tick, tickParam) : 0;
    if (oco?.stopLimitPrice) toUnits(Decimal.parse(oco.stopLimitPrice), tick, REASONS.tick, tickParam);
    const quoteScale = defaultScaleOf(market.quote);
    const feeRate = maxFeeRate(market);
    const withFee = (value: Decimal) => value.add(value.mul(feeRate).quantize(quoteScale, 'ceil'));
    const headroom = Decimal.parse('1').add(STOP_MARKET_HEADROOM);
    const min = Decimal.parse(market.minNotional);
    const tooSmall = () => new PlaceFailedError(REASONS.notional, 422, { min: min.toString() });
    /** What the order reserves; for a market buy in the base asset it depends on the book, so it is worked out in the group. */
    let reserve: Decimal | undefined;
    if (byQuote) {
      if (request.side === 'buy' && quoteAmount.lt(min)) throw tooSmall();
      const budgetUnits = Number(quoteAmount.div(tick.mul(lot), 0, 'floor').toString());
      if (!Number.isSafeInteger(budgetUnits) || budgetUnits <= 0) throw new PlaceFailedError(REASONS.tooLarge, 422);
      reserve = withFee(quoteAmount);
    } else if (!isMarket) {
      if (price.mul(qty).lt(min)) throw tooSmall();
      let worst = price;
      if (oco) {
        const stopLeg = oco.stopLimitPrice ? Decimal.parse(oco.stopLimitPrice) : ocoStop.mul(headroom);
        if (stopLeg.gt(worst)) worst = stopLeg;
      }
      reserve = request.side === 'sell' ? qty : withFee(worst.mul(qty));
    } else if (isStop) {
      if (stopPrice.mul(qty).lt(min)) throw tooSmall();
      reserve = request.side === 'sell' ? qty : withFee(stopPrice.mul(headroom).mul(qty));
    } else if (request.side === 'sell') {
      reserve = qty;
    }
    const reserveCurrency = request.side === 'buy' ? market.quote : market.base;
    const stpMode = request.stpMode ?? DEFAULT_STP_MODE;

    /** Which way a stop order waits, and a refusal if the last price is already there. */
    const triggerOf = (stop: number, asked: StopTrigger | undefined, side: 'buy' | 'sell'): StopTrigger => {
      const last = state.book.lastPrice;
      const trigger = asked ?? (last === undefined ? (side === 'buy' ? 'up' : 'down') : stop > last ? 'up' : 'down');
      if (last !== undefined && (trigger === 'up' ? last >= stop : last <= stop)) throw new PlaceFailedError(REASONS.wouldTrigger, 422);
      return trigger;
    };

    try {
      return await inMarket(
        state,
        async (store, changes) => {
          const refusal = store.refusals.get(userId);
          if (refusal) throw refusal;
          if (!disclosed.has(userId)) {
            if (!(await repo.findDisclosure(store.tx, userId, RISK_DISCLOSURE_VERSION))) throw new PlaceFailedError(REASONS.disclosure, 403);
            disclosed.add(userId);
          }
          const twin = request.clientOrderId ? store.findByClientId(userId, request.clientOrderId) : undefined;
          if (twin) return toOrder(twin);
          // Refusals that depend on the book come before anything is written.
          const trigger = isStop ? triggerOf(stopUnits, request.trigger, request.side) : null;
          const ocoTrigger = oco ? triggerOf(ocoStopUnits, request.side === 'sell' ? 'down' : 'up', request.side) : null;
          if (oco) {
            const opposite = request.side === 'buy' ? state.book.bestAsk() : state.book.bestBid();
            const limitUnits = Number(price.div(tick, 0).toString());
            if (opposite !== undefined && (request.side === 'buy' ? opposite <= limitUnits : opposite >= limitUnits)) throw new PlaceFailedError(REASONS.ocoCross, 422);
          }
          const reserved = reserve ?? withFee(tick.mul(lot).mul(String(state.book.costToTake('buy', qtyUnits, userId).cost)));
          const now = clock.now();
          const id = await store.nextOrderId();
          // The reserve comes first: when the balance is short it throws and the group is untouched.
          if (reserved.isPositive()) {
            await store.journals.post({
              idempotencyKey: `spot.reserve:${id}`,
              type: 'spot.reserve',
              businessRef: String(id),
              initiator: userOwner(userId),
              postings: [
                { account: available(userId, reserveCurrency), amount: `-${reserved.toString()}` },
                { account: frozen(userId, reserveCurrency), amount: reserved.toString() },
              ],
            });
          }
          const common = { userId, symbol: market.symbol, side: request.side, stpMode, filledQuantity: '0', filledQuote: '0', fee: '0', status: 'new' as const, open: true, triggeredAt: null, endReason: null, createdAt: now, updatedAt: now };
          const order = store.addOrder(id, {
            ...common,
            clientOrderId: request.clientOrderId ?? `auto-${id}`,
            type: request.type,
            timeInForce: tif,
            postOnly: request.postOnly,
            price: price.toString(),
            quantity: qty.toString(),
            quoteAmount: quoteAmount.toString(),
            stopPrice: stopPrice.toString(),
            trigger,
            listId: oco ? id : null,
            reserved: reserved.toString(),
          });
          let stopLeg: repo.OrderRow | undefined;
          if (oco) {
            const stopId = await store.nextOrderId();
            // The pair's reserve stays with the limit order; it passes to the stop order when that one fires.
            stopLeg = store.addOrder(stopId, {
              ...common,
              clientOrderId: oco.clientOrderId ?? `auto-${stopId}`,
              type: oco.stopLimitPrice ? 'stop_limit' : 'stop_market',
              timeInForce: oco.stopLimitPrice ? 'GTC' : 'IOC',
              postOnly: false,
              price: oco.stopLimitPrice ? Decimal.parse(oco.stopLimitPrice).toString() : '0',
              quantity: qty.toString(),
              quoteAmount: '0',
              stopPrice: ocoStop.toString(),
              trigger: ocoTrigger,
              listId: id,
              reserved: '0',
            });
          }
          changes.engineMoved = true;
          const batch = stopLeg ? state.book.submitOco(engineRequest(order, state), engineRequest({ ...stopLeg, reserved: reserved.toString() }, state)) : state.book.submit(engineRequest(order, state));
          await settle(store, state, batch.toArray(), stopLeg ? [order, stopLeg] : [order], changes, clock.now());
          return toOrder(order);
        },
        userId,
      );
    } catch (error) {
      if (request.clientOrderId && isUniqueViolation(error)) {
        const existing = await repo.findByClientId(db, userId, request.clientOrderId);
        if (existing) return toOrder(existing);
      }
      throw error;
    }
  }

  async function cancelHere(userId: number, symbol: string, orderId: string): Promise<SpotOrder> {
    const state = markets.get(symbol);
    if (!state) throw new CancelFailedError(REASONS.market);
    return inMarket(state, async (store, changes) => {
      const order = await store.findOrder(Number(orderId));
      if (!order || order.userId !== userId || order.symbol !== symbol || !order.open) throw new CancelFailedError(REASONS.notFound);
      changes.engineMoved = true;
      const batch = state.book.cancel(order.id, userId);
      await settle(store, state, batch.toArray(), [order], changes, clock.now());
      return toOrder(order);
    });
  }

  /** Cancels every order of the user in one market (held stop orders and OCO pairs included) as one command. */
  async function cancelAllHere(userId: number, symbol: string): Promise<SpotOrder[]> {
    const state = markets.get(symbol);
    if (!state) throw new CancelFailedError(REASONS.market);
    return inMarket(state, async (store, changes) => {
      changes.engineMoved = true;
      const batch = state.book.cancelAll(userId);
      await settle(store, state, batch.toArray(), [], changes, clock.now());
      return changes.orders.map(toOrder);
    });
  }

  function depthHere(symbol: string, limit: number): DepthSnapshot {
    const state = markets.get(symbol);
    if (!state) throw new PlaceFailedError(REASONS.market, 404);
    const view = state.book.depth(limit);
    const level = (l: { price: number; qty: number }): [string, string] => [state.tick.mul(String(l.price)).toString(), state.lot.mul(String(l.qty)).toString()];
    return { symbol, seq: state.seq, bids: view.bids.map(level), asks: view.asks.map(level) };
  }

  /** Runs a market command on this instance's book (a caller's own, or one another instance forwarded). */
  function runHere(command: ForwardedCommand): Promise<unknown> {
    switch (command.op) {
      case 'place':
        return placeHere(command.userId, command.request);
      case 'cancel':
        return cancelHere(command.userId, command.symbol, command.orderId);
      case 'cancelAll':
        return cancelAllHere(command.userId, command.symbol);
      case 'depth':
        return Promise.resolve(depthHere(command.symbol, command.limit));
    }
  }

  /** A market this instance does not know is refused here, as the command itself would refuse it. */
  function routed<T>(command: ForwardedCommand): Promise<T> {
    if (!markets.has(command.symbol)) return runHere(command) as Promise<T>;
    return route(command, () => runHere(command), 'caller') as Promise<T>;
  }

  return {
    load,

    async riskDisclosure(userId: number): Promise<RiskDisclosureStatus> {
      const at = await repo.findDisclosure(db, userId, RISK_DISCLOSURE_VERSION);
      return { version: RISK_DISCLOSURE_VERSION, accepted: at !== undefined, acceptedAt: at?.toISOString() ?? '' };
    },

    /** Records the acceptance (time and version) once; accepting an older version changes nothing. */
    async acceptRiskDisclosure(userId: number, version: string): Promise<RiskDisclosureStatus> {
      if (version === RISK_DISCLOSURE_VERSION) await repo.acceptDisclosure(db, userId, version, clock.now());
      return this.riskDisclosure(userId);
    },

    async markets(): Promise<SpotMarket[]> {
      return [...markets.values()].map(({ row }) => ({
        symbol: row.symbol,
        base: row.base,
        quote: row.quote,
        tickSize: Decimal.parse(row.tickSize).toString(),
        lotSize: Decimal.parse(row.lotSize).toString(),
        minNotional: Decimal.parse(row.minNotional).toString(),
        makerFee: Decimal.parse(row.makerFee).toString(),
        takerFee: Decimal.parse(row.takerFee).toString(),
        status: row.status,
      }));
    },

    /** Checks, reserves, matches and settles one order, on the instance running the market; acknowledged only once committed. */
    place: (userId: number, request: PlaceOrderRequest) => routed<SpotOrder>({ op: 'place', symbol: request.symbol, userId, request }),
    cancel: (userId: number, symbol: string, orderId: string) => routed<SpotOrder>({ op: 'cancel', symbol, userId, orderId }),
    /** One market's orders, or every market's where the user has open orders. */
    async cancelAll(userId: number, symbol?: string): Promise<SpotOrder[]> {
      const symbols = symbol ? [symbol] : [...new Set((await repo.openOrdersOfUser(db, userId)).map((o) => o.symbol))];
      const done: SpotOrder[] = [];
      for (const each of symbols) done.push(...(await routed<SpotOrder[]>({ op: 'cancelAll', symbol: each, userId })));
      return done;
    },

    /** A one-cancels-the-other pair, sent to the market's instance as one limit order carrying its stop order. */
    async placeOco(userId: number, request: PlaceOcoRequest): Promise<SpotOrder[]> {
      const { stopPrice, stopLimitPrice, stopClientOrderId, quantity, price, ...rest } = request;
      const limit = await routed<SpotOrder>({
        op: 'place',
        symbol: request.symbol,
        userId,
        request: { ...rest, type: 'limit', price, quantity, timeInForce: 'GTC', postOnly: false, oco: { stopPrice, ...(stopLimitPrice ? { stopLimitPrice } : {}), ...(stopClientOrderId ? { clientOrderId: stopClientOrderId } : {}) } },
      });
      if (!limit.listId) return [limit];
      return (await repo.ordersOfList(db, userId, Number(limit.listId))).map(toOrder);
    },
    depth: (symbol: string, limit: number) => routed<DepthSnapshot>({ op: 'depth', symbol, limit }),

    /** A command another instance sent because this one runs the market; refused as "not mine" otherwise, never sent on. */
    serve: (command: ForwardedCommand) => route(command, () => runHere(command), 'peer'),

    /** Stops running markets; `release: false` leaves the leases to expire, as a crashed instance would. */
    async close(options: { release?: boolean } = {}): Promise<void> {
      stopPeerTrades?.();
      await ownership.stop({ release: options.release ?? true });
      for (const state of markets.values()) clearTimeout(state.tickerTimer);
    },

    async openOrders(userId: number, symbol?: string): Promise<SpotOrder[]> {
      return (await repo.openOrdersOfUser(db, userId, symbol)).map(toOrder);
    },

    async history(userId: number, query: { symbol?: string | undefined; page: number; size: number }): Promise<Page<SpotOrder>> {
      const { rows, total } = await repo.historyOfUser(db, { userId, symbol: query.symbol, offset: query.page * query.size, limit: query.size });
      return { content: rows.map(toOrder), total, page: query.page, size: query.size };
    },

    /** The last 24 hours of every market, to the minute. */
    tickers(): Ticker24h[] {
      const now = clock.now().getTime();
      return [...markets.values()].map((state) => state.stats.ticker(now));
    },

    /** The latest `limit` candles of an interval, oldest first, aggregated from the stored trades. */
    async klines(symbol: string, interval: KlineInterval, limit: number): Promise<Kline[]> {
      if (!markets.has(symbol)) throw new PlaceFailedError(REASONS.market, 404);
      return loadKlines(db, symbol, interval, limit, clock.now().getTime());
    },

    async timeSharing(symbol: string): Promise<TimeSharingPoint[]> {
      const state = markets.get(symbol);
      if (!state) throw new PlaceFailedError(REASONS.market, 404);
      return loadTimeSharing(db, symbol, clock.now().getTime(), state.tick.scale);
    },

    async myTrades(userId: number, query: { symbol?: string | undefined; page: number; size: number }): Promise<Page<SpotMyTrade>> {
      const { rows, total } = await myTradesPage(db, userId, { symbol: query.symbol, offset: query.page * query.size, limit: query.size });
      return { content: rows, total, page: query.page, size: query.size };
    },

    async trades(symbol: string, limit: number): Promise<SpotTrade[]> {
      return (await repo.recentTrades(db, symbol, limit)).map(toTrade);
    },
  };
}

export type SpotService = ReturnType<typeof createSpotService>;
