import type { DbOrTx } from '../../platform/db/index';
import * as repo from './spot.repo';

const MARKETS = [
  { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', tickSize: '0.01', lotSize: '0.00001', minNotional: '5', makerFee: '0.001', takerFee: '0.001' },
  { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', tickSize: '0.01', lotSize: '0.0001', minNotional: '5', makerFee: '0.001', takerFee: '0.001' },
  { symbol: 'TPTUSDT', base: 'TPT', quote: 'USDT', tickSize: '0.0001', lotSize: '1', minNotional: '1', makerFee: '0.0008', takerFee: '0.001' },
];

/** Markets are configuration every installation starts with; staff change them afterwards. */
export async function ensureSpotMarkets(db: DbOrTx): Promise<void> {
  for (const market of MARKETS) await repo.ensureMarket(db, market);
}
