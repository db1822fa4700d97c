import { RISK_DISCLOSURE_VERSION } from '@tp/contract';
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

/** The demo market maker's two logins (development only): the ladder and the taker. */
export const MARKET_MAKER_ACCOUNTS = { maker: '13800000009', taker: '13800000008' } as const;
/** Their resident IDs for the real-name check (valid check characters, not real people). */
export const MARKET_MAKER_IDS = { maker: '110105198001010016', taker: '110105198001010024' } as const;

/** What the market maker holds, deposited the way demo holdings are. */
export const MARKET_MAKER_HOLDINGS = [
  { asset: 'USDT', amount: '50000000' },
  { asset: 'BTC', amount: '500' },
  { asset: 'ETH', amount: '10000' },
  { asset: 'TPT', amount: '50000000' },
];

/** Records a user's acceptance of the current risk disclosure (the demo market maker's, at seed time). */
export async function acceptCurrentDisclosure(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await repo.acceptDisclosure(db, userId, RISK_DISCLOSURE_VERSION, at);
}
