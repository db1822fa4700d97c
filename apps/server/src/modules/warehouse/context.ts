import type { CommodityType } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { appendAudit } from '../../platform/audit/index';
import type { UploadService } from '../../platform/uploads/index';
import { loadCommodityTypes } from '../catalog/index';
import { requireFirmRight, type FirmService, type RightCode } from '../firm/index';
import type { LedgerService } from '../ledger/index';
import type { HistoryObject } from './warehouse.states';
import * as repo from './warehouse.repo';

export interface WarehouseServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight' | 'getFirms'>;
  uploads: Pick<UploadService, 'storeImage' | 'storeDocument'>;
}

export const staffActor = (auth: AuthContext) => `staff:${auth.userId}`;
export const userActor = (auth: AuthContext) => `user:${auth.userId}`;

/** What every part of the warehouse shares: its dependencies and the rows every state change writes. */
export function createWarehouseContext(deps: WarehouseServiceDeps) {
  const { db, clock } = deps;
  return {
    ...deps,

    /** The caller's firm, once it is known to hold `right`. */
    allow: (auth: AuthContext, right: RightCode): Promise<number> => requireFirmRight(deps.firm, auth, right),

    /** Every state change of an application, holding or pickup leaves a history row. */
    async history(tx: DbOrTx, objectType: HistoryObject, objectId: number, from: string, to: string, actor: string, reason = ''): Promise<void> {
      await repo.insertHistory(tx, { objectType, objectId, fromStatus: from, toStatus: to, actor, reason, createdAt: clock.now() });
    },

    /** A staff action, in the audit trail. */
    async audit(tx: DbOrTx, auth: AuthContext, action: string, objectType: string, objectId: number, detail: unknown): Promise<void> {
      await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: auth.userId, action, objectType, objectId: String(objectId), detail });
    },

    async catalogue(): Promise<Map<string, CommodityType>> {
      return new Map((await loadCommodityTypes(db)).map((t) => [t.commodityTypeId, t]));
    },
  };
}

export type WarehouseContext = ReturnType<typeof createWarehouseContext>;
