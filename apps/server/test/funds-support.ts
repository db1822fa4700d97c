import { createLedgerService, LedgerKind, PLATFORM_OWNER } from '../src/modules/ledger/index';
import type { TestContext } from './harness';

let deposits = 0;

/** Credits a firm's available funds as a bank deposit would: one balanced journal from the bank's clearing account. */
export async function deposit(ctx: TestContext, firmId: string, amount: string): Promise<void> {
  deposits += 1;
  await createLedgerService({ clock: ctx.clock }).post(ctx.database.db, {
    idempotencyKey: `test.deposit:${firmId}:${deposits}`,
    type: 'bank.deposit',
    postings: [
      { account: { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.bankClearingIcbc }, amount: `-${amount}` },
      { account: { ownerType: 'firm', ownerId: firmId, currency: 'CNY', kind: LedgerKind.available }, amount },
    ],
  });
}
