import { Decimal } from '@tp/decimal';
import { LISTING_FEE_RATE } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import type { UploadService } from '../../platform/uploads/index';
import { loadCommodityTypes } from '../catalog/index';
import { requireFirmRight, type EnterpriseServices, type FirmService, type RightCode } from '../firm/index';
import type { LedgerService } from '../ledger/index';
import * as repo from './product.repo';

export interface ProductServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight'>;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
  /** The buyer's address book, where checkout finds the address an order is shipped to. */
  addresses: Pick<EnterpriseServices['profile'], 'addressOf'>;
  /** The platform's share of a received order, taken from the seller; the listings' rate unless set. */
  feeRate?: string;
}

/** What every part of the shop shares: its dependencies, the fee rate and the names it shows. */
export function createProductContext(deps: ProductServiceDeps) {
  const { db } = deps;
  return {
    ...deps,
    feeRate: Decimal.parse(deps.feeRate ?? LISTING_FEE_RATE),

    /** The caller's firm, once it is known to hold `right`. */
    allow: (auth: AuthContext, right: RightCode): Promise<number> => requireFirmRight(deps.firm, auth, right),

    async commodityNames(): Promise<Map<string, string>> {
      return new Map((await loadCommodityTypes(db)).map((t) => [t.commodityTypeId, t.name]));
    },

    async shopNames(firmIds: number[], tx: DbOrTx = db): Promise<Map<number, string>> {
      return new Map((await repo.shopsOf(tx, [...new Set(firmIds)])).map((s) => [s.firmId, s.name]));
    },
  };
}

export type ProductContext = ReturnType<typeof createProductContext>;
