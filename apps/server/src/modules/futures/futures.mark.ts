import { Decimal } from '@tp/decimal';
import type { SpotService } from '../spot/index';

/**
 * The mark price of a listing: its spot market's last trade, or, before the first trade, the
 * middle of the best bid and ask. Neither (an empty market) gives no mark, and nothing that needs
 * one happens.
 */
export function markFromSpot(spot: Pick<SpotService, 'tickers' | 'depth'>): (symbol: string) => Promise<Decimal | undefined> {
  return async (symbol) => {
    const last = spot.tickers().find((t) => t.symbol === symbol)?.last;
    if (last && Decimal.parse(last).isPositive()) return Decimal.parse(last);
    try {
      const depth = await spot.depth(symbol, 1);
      const bid = depth.bids[0]?.[0];
      const ask = depth.asks[0]?.[0];
      if (!bid || !ask) return undefined;
      return Decimal.parse(bid).add(ask).div('2', Decimal.parse(bid).add(ask).scale + 1, 'half-up');
    } catch {
      // The market's book is changing hands: no mark this time, the next look will have one.
      return undefined;
    }
  };
}
