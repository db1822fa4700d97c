import type { Db, DbOrTx } from '../../platform/db/index';
import { LedgerKind, PLATFORM_OWNER, type LedgerService } from '../ledger/index';
import * as repo from './asset.repo';
import { exchangeBook, userOwner } from './asset.service';

/** The assets every installation starts with; staff change their rules afterwards. */
const ASSETS = [
  { code: 'USDT', name: 'Tether USD', precision: 6, minDeposit: '1', minWithdraw: '10', withdrawFee: '1', confirmations: 12, chain: 'ETH', usdtPrice: '1' },
  { code: 'BTC', name: 'Bitcoin', precision: 8, minDeposit: '0.0001', minWithdraw: '0.001', withdrawFee: '0.0005', confirmations: 2, chain: 'BTC', usdtPrice: '65000' },
  { code: 'ETH', name: 'Ether', precision: 8, minDeposit: '0.001', minWithdraw: '0.01', withdrawFee: '0.003', confirmations: 12, chain: 'ETH', usdtPrice: '3200' },
  { code: 'TPT', name: 'Platform Token', precision: 4, minDeposit: '20', minWithdraw: '50', withdrawFee: '5', confirmations: 12, chain: 'ETH', usdtPrice: '0.5' },
];

/** Runs at every start, in every mode: an exchange without its assets cannot serve anyone. */
export async function ensureExchangeAssets(db: DbOrTx): Promise<void> {
  for (const [sortOrder, asset] of ASSETS.entries()) await repo.ensureAsset(db, { ...asset, sortOrder });
}

/** What the demo buyer holds on the exchange, so its pages have something to show. */
export const DEMO_HOLDINGS = [
  { asset: 'USDT', amount: '10000' },
  { asset: 'BTC', amount: '0.5' },
  { asset: 'ETH', amount: '3' },
  { asset: 'TPT', amount: '20000' },
];

/**
 * Credits the demo buyer's spot book as deposits would: from the platform's chain clearing
 * account, one journal per asset, keyed so a second start credits nothing.
 */
export async function seedDemoHoldings(
  db: Db,
  ledger: Pick<LedgerService, 'post'>,
  userId: string,
  holdings: readonly { asset: string; amount: string }[] = DEMO_HOLDINGS,
): Promise<void> {
  for (const holding of holdings) {
    await ledger.post(db, {
      idempotencyKey: `demo.grant:${userId}:${holding.asset}`,
      type: 'demo.grant',
      description: 'demo deposit',
      postings: [
        { account: { ...PLATFORM_OWNER, currency: holding.asset, kind: LedgerKind.chainClearing }, amount: `-${holding.amount}` },
        { account: { ...userOwner(userId), currency: holding.asset, kind: exchangeBook('spot').available }, amount: holding.amount },
      ],
    });
  }
}
