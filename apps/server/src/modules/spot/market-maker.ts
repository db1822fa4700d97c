import { Decimal } from '@tp/decimal';
import type { SpotMarket } from '@tp/contract';
import type { SpotService } from './spot.service';

/** Reference prices the walk starts from, per market. */
const START: Record<string, string> = { BTCUSDT: '65000', ETHUSDT: '3200', TPTUSDT: '0.5' };
/** Orders the maker keeps resting per side and market. */
const DEPTH = 8;
/** Every tick the mid moves by up to this share, and one small order crosses the spread. */
const STEP = 0.0008;

export interface MarketMakerDeps {
  spot: Pick<SpotService, 'markets' | 'tickers' | 'place' | 'cancel' | 'openOrders'>;
  /** Keeps the ladder of limit orders. */
  makerUserId: number;
  /** Sends the market orders: another account, since trading with oneself is prevented. */
  takerUserId: number;
  /** Injected so tests can make the walk reproducible. */
  random?: () => number;
}

function onStep(value: Decimal, step: string): Decimal {
  return value.div(step, 0, 'floor').mul(step);
}

/**
 * A demo market maker for development: two real users whose orders go through the same service,
 * checks and ledger as everyone's. Each tick it moves a random-walk mid price, keeps a ladder of
 * limit orders around it (cancelling the farthest), and sends one small market order so trades
 * and charts move.
 */
export function createMarketMaker(deps: MarketMakerDeps) {
  const random = deps.random ?? Math.random;

  async function tickMarket(market: SpotMarket): Promise<void> {
    // The walk goes on from the last trade, which every server instance knows: the job runs on
    // whichever instance claims it, so a price remembered here would jump back and forth.
    const last = deps.spot.tickers().find((t) => t.symbol === market.symbol)?.last;
    const previous = last && Decimal.parse(last).isPositive() ? Decimal.parse(last) : Decimal.parse(START[market.symbol] ?? '1');
    const drift = Decimal.parse(((random() - 0.5) * 2 * STEP).toFixed(6));
    const mid = onStep(previous.add(previous.mul(drift)), market.tickSize);
    const spread = onStep(mid.mul('0.0005'), market.tickSize).add(market.tickSize);
    const lotValue = Decimal.parse(market.minNotional).mul('3').div(mid, 8, 'ceil');
    for (const side of ['buy', 'sell'] as const) {
      const levels = 1 + Math.floor(random() * 3);
      for (let i = 0; i < levels; i++) {
        const offset = spread.mul(String(1 + Math.floor(random() * DEPTH)));
        const price = side === 'buy' ? mid.sub(offset) : mid.add(offset);
        const quantity = onStep(lotValue.mul(String(1 + Math.floor(random() * 5))), market.lotSize).add(market.lotSize);
        if (!price.isPositive()) continue;
        await deps.spot.place(deps.makerUserId, { symbol: market.symbol, side, type: 'limit', price: price.toString(), quantity: quantity.toString(), timeInForce: 'GTC', postOnly: false });
      }
    }
    const open = await deps.spot.openOrders(deps.makerUserId, market.symbol);
    const far = open
      .map((order) => ({ order, distance: Decimal.parse(order.price).sub(mid).abs() }))
      .sort((a, b) => b.distance.cmp(a.distance))
      .slice(0, Math.max(0, open.length - DEPTH * 2));
    for (const { order } of far) await deps.spot.cancel(deps.makerUserId, market.symbol, order.orderId);
    const taker = random() < 0.5 ? 'buy' : 'sell';
    const size = onStep(lotValue, market.lotSize).add(market.lotSize);
    await deps.spot.place(
      deps.takerUserId,
      taker === 'buy'
        ? { symbol: market.symbol, side: 'buy', type: 'market', quoteAmount: onStep(size.mul(mid), '0.01').add('1').toString(), timeInForce: 'IOC', postOnly: false }
        : { symbol: market.symbol, side: 'sell', type: 'market', quantity: size.toString(), timeInForce: 'IOC', postOnly: false },
    );
  }

  return {
    /** One step on every open market; a refusal on one market does not stop the others. */
    async tick(): Promise<void> {
      for (const market of await deps.spot.markets()) {
        if (market.status !== 'open') continue;
        try {
          await tickMarket(market);
        } catch {
          // A rare refusal (e.g. a balance run down by the walk) skips this market for one tick.
        }
      }
    },
  };
}
