import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { presaleProjects } from './presale.tables';

const DAY_MS = 86_400_000;
const DEMO_NAME = 'TPT 平台币公开预售';

/** A pre-sale in progress for the demo (the platform token, pro-rata, unlocking in three stages). Idempotent. */
export async function seedPresale(db: DbOrTx, now: Date): Promise<void> {
  const [existing] = await db.select({ id: presaleProjects.id }).from(presaleProjects).where(eq(presaleProjects.name, DEMO_NAME)).limit(1);
  if (existing) return;
  await db.insert(presaleProjects).values({
    name: DEMO_NAME,
    companyName: 'TP Exchange Pte. Ltd.',
    coinName: 'Platform Token',
    coinType: 'ERC-20',
    abbreviation: 'TPT',
    website: 'https://tp-exchange.example',
    contractAddress: '0x0000000000000000000000000000000000007a7',
    whitePaper: 'https://tp-exchange.example/whitepaper.pdf',
    chatGroup: 'https://t.me/tp_exchange',
    introduction: '平台币用于抵扣手续费、法币商家保证金和锁仓奖励。本期预售按比例配售，配售后分三期解锁。',
    totalIssue: '100000000',
    startTime: new Date(now.getTime() - DAY_MS),
    endTime: new Date(now.getTime() + 30 * DAY_MS),
    price: '0.5',
    amount: '1000000',
    remainingAmount: '1000000',
    subscribedAmount: '0',
    minPurchase: '100',
    maxPurchase: '100000',
    paymentCurrency: 'USDT',
    exchangeRatio: '1',
    lockupRule: 'stages',
    unlockStages: [
      { afterDays: 30, percent: '30' },
      { afterDays: 60, percent: '30' },
      { afterDays: 90, percent: '40' },
    ],
    allocation: 'prorata',
    feeRate: '0.001',
    quantityPlaces: 4,
    saleStatus: 'running',
    createdBy: 'system',
    createdAt: now,
    updatedAt: now,
  });
}
