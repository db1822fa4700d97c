import { STANDARD_LISTING_TERMS } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import * as repo from './futures.repo';

/** Demo listings on the demo spot markets: 0.01 BTC and 0.1 ETH a lot, 10 % margin, listed. */
const DEMO = [
  { code: 'BTC-PERP', name: 'BTC 永续', symbol: 'BTCUSDT', unit: '0.01', priceDifference: '0.5', maxLots: 100, maxPosition: 500 },
  { code: 'ETH-PERP', name: 'ETH 永续', symbol: 'ETHUSDT', unit: '0.1', priceDifference: '0.05', maxLots: 200, maxPosition: 1000 },
] as const;

/** Adds the demo listings where they are missing (development only); staff change them afterwards. */
export async function ensureDemoFuturesListings(db: DbOrTx, now: Date): Promise<void> {
  for (const demo of DEMO) {
    await repo.insertListingIfAbsent(db, {
      ...demo,
      ...STANDARD_LISTING_TERMS,
      currency: 'USDT',
      status: 'listed',
      createdAt: now,
      updatedAt: now,
    });
  }
}
