import { Decimal } from '@tp/decimal';
import { withTransaction } from '../../platform/db/index';
import { shanghaiDay } from '../../platform/time';
import { InsufficientFundsError, feeIncome, firmFund } from '../ledger/index';
import { WarehouseJournalType } from './applications';
import type { WarehouseContext } from './context';
import { isStored } from './holdings';
import { AccrualState } from './warehouse.states';
import * as repo from './warehouse.repo';

export const WarehouseJobs = { storageFees: 'warehouse.storageFees' } as const;

/** The daily storage-fee job. */
export function createStorageFees(ctx: WarehouseContext) {
  const { db, clock, ledger } = ctx;

  return {
    /**
     * Charges one day's storage fee (weight × `chargeStandard`, truncated to fen) for every holding in
     * the warehouse, from the firm's available funds to platform fee income. The (holding, day) key
     * and the journal's idempotency key make a rerun for the same day charge nothing.
     */
    async accrueStorageFees(day: string = shanghaiDay(clock.now())): Promise<{ charged: number; owed: number }> {
      const result = { charged: 0, owed: 0 };
      const storageRates = new Map((await repo.allStorages(db)).map((s) => [s.id, s.chargeStandard]));
      for (const candidate of await repo.holdingsInStorage(db)) {
        if (!Decimal.parse(candidate.quantity).isPositive()) continue;
        await withTransaction(db, async (tx) => {
          const holding = await repo.holdingById(tx, candidate.id);
          if (!holding || !isStored(holding.status)) return;
          const receipt = await repo.receiptById(tx, holding.receiptId);
          const apply = receipt ? await repo.applyById(tx, receipt.applyId) : undefined;
          const rate = apply ? storageRates.get(apply.storageId) : undefined;
          if (!rate) return;
          const amount = Decimal.parse(holding.weight).mul(rate).truncate(2);
          const now = clock.now();
          let state: AccrualState = AccrualState.charged;
          if (amount.isPositive()) {
            try {
              await ledger.post(tx, {
                idempotencyKey: `warehouse.storage.fee:${holding.id}:${day}`,
                type: WarehouseJournalType.storageFee,
                businessRef: String(holding.id),
                description: day,
                postings: [
                  { account: firmFund(holding.firmId), amount: amount.neg().toString() },
                  { account: feeIncome(), amount: amount.toString() },
                ],
              });
            } catch (err) {
              if (!(err instanceof InsufficientFundsError)) throw err;
              state = AccrualState.owed;
            }
          }
          if (!(await repo.insertAccrual(tx, { holdingId: holding.id, day, amount: amount.toString(), state, createdAt: now }))) return;
          if (state === AccrualState.charged) {
            await repo.updateHolding(tx, holding.id, { storageFee: Decimal.parse(holding.storageFee).add(amount).toString() });
            result.charged += 1;
          } else result.owed += 1;
        });
      }
      return result;
    },
  };
}
