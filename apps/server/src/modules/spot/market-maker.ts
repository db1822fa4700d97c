import { Decimal } from '@tp/decimal';
import type { SpotMarket } from '@tp/contract';
import type { SpotService } from './spot.service';

/** Reference prices the walk starts from, per market. */
const START: Record<string, string> = { BTCUSDT: '65000', ETHUSDT: '3200', TPTUSDT: '0.5' };
/** Orders the maker keeps resting per side and market. */
const DEPTH = 8;
/** Every tick the reference price moves by up to this share. */
const STEP = 0.0008;
/** Between quotes on one side: this share of the price (at least one tick). */
const SPREAD = '0.0005';
/** The taker's orders trade no further than this share from the reference price. */
const SLIPPAGE = '0.001';

export interface MarketMakerDeps {
  spot: Pick<SpotService, 'markets' | 'tickers' | 'place' | 'cancelAll'>;
  /** Keeps the ladder of limit orders. */
  makerUserId: number;
  /** Sends the taking orders: another account, since trading with oneself is prevented. */
  takerUserId: number;
  /** Injected so tests can make the walk reproducible. */
  random?: () => number;
}

function onStep(value: Decimal, step: string): Decimal {
  return value.div(step, 0, 'floor').mul(step);
}

/**
 * A demo market maker for development: two real users whose orders go through the same service,
 * checks and ledger as everyone's. Each tick it moves a random-walk reference price, replaces its
 * ladder with `DEPTH` post-only quotes of bounded size on each side of it (so the book stays
 * two-sided and the maker never takes), and sends one small IOC limit order that trades within
 * `SLIPPAGE` of the reference, so trades and charts move without sweeping the book.
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
    if (!mid.isPositive()) return;
    const spread = onStep(mid.mul(SPREAD), market.tickSize).add(market.tickSize);
    // About three times the minimum order value per lot of the ladder: small next to the holdings.
    const lotValue = onStep(Decimal.parse(market.minNotional).mul('3').div(mid, 8, 'ceil'), market.lotSize).add(market.lotSize);
    await deps.spot.cancelAll(deps.makerUserId, market.symbol);
    for (let i = 1; i <= DEPTH; i++) {
      for (const side of ['buy', 'sell'] as const) {
        const offset = spread.mul(String(i));
        const price = side === 'buy' ? mid.sub(offset) : mid.add(offset);
        if (!price.isPositive()) continue;
        const quantity = lotValue.mul(String(1 + Math.floor(random() * 3)));
        // Post-only: a quote that would trade with someone's order is refused, not filled.
        await deps.spot.place(deps.makerUserId, { symbol: market.symbol, side, type: 'limit', price: price.toString(), quantity: quantity.toString(), timeInForce: 'GTC', postOnly: true });
      }
    }
    const side = random() < 0.5 ? 'buy' : 'sell';
    const bound = mid.mul(SLIPPAGE);
    const limit = side === 'buy' ? onStep(mid.add(bound), market.tickSize) : onStep(mid.sub(bound), market.tickSize).add(market.tickSize);
    await deps.spot.place(deps.takerUserId, { symbol: market.symbol, side, type: 'limit', price: limit.toString(), quantity: lotValue.toString(), timeInForce: 'IOC', postOnly: false });
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
