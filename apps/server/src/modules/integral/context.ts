import type { AddressRow } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import type { UploadService } from '../../platform/uploads/index';
import { requireFirmRight, type FirmService } from '../firm/index';
import type { LedgerService } from '../ledger/index';
import { createPoints } from './points';
import * as repo from './integral.repo';

export interface IntegralServiceDeps {
  db: Db;
  /** Trading time: the sandbox clock walks a firm's points through a year end. */
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'ensureAccount' | 'account' | 'accountFlow'>;
  firm: Pick<FirmService, 'requireRight' | 'getFirms'>;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
  /** The caller's address book, where a redemption finds the address it is shipped to. */
  addresses: { addressOf(auth: AuthContext, id: number): Promise<AddressRow | null> };
}

/** What the parts of the integral module share: dependencies, the points ledger and the history rows. */
export function createIntegralContext(deps: IntegralServiceDeps) {
  const points = createPoints(deps);
  return {
    ...deps,
    points,
    /** The caller's firm, once it may use the integral shop (the mall's ordering right). */
    allow: (auth: AuthContext): Promise<number> => requireFirmRight(deps.firm, auth, 'mall.order'),
    async history(tx: DbOrTx, objectType: 'goods' | 'redemption' | 'application', objectId: number, from: string, to: string, actor: string, reason = ''): Promise<void> {
      await repo.appendHistory(tx, { objectType, objectId: String(objectId), fromStatus: from, toStatus: to, actor, reason, createdAt: deps.clock.now() });
    },
  };
}

export type IntegralContext = ReturnType<typeof createIntegralContext>;
