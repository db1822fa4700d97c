import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import type { UploadService } from '../../platform/uploads/index';
import type { FirmAccounts } from '../identity/index';
import { createCertificationService } from './certification.service';
import type { FirmService } from './firm.service';
import { createProfileService } from './profile.service';
import { createStaffService } from './staff.service';

export interface EnterpriseServiceDeps {
  db: Db;
  clock: Clock;
  firm: FirmService;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
  /** The firm's login accounts (the identity module owns them). */
  accounts: FirmAccounts;
  accountsOf: (db: DbOrTx, userIds: readonly number[]) => Promise<Map<number, string>>;
  staffPositionOf: (db: DbOrTx, staffId: number) => Promise<string | undefined>;
}

/** Wires the enterprise side of a firm: certification and its review, staff and roles, addresses and the seal. */
export function createEnterpriseServices(deps: EnterpriseServiceDeps) {
  const { db, clock, firm, uploads, accounts } = deps;
  const certification = createCertificationService({ db, clock, firm, uploads, accountsOf: deps.accountsOf, staffPositionOf: deps.staffPositionOf });
  const staff = createStaffService({ db, clock, firm, accounts });
  const profile = createProfileService({ db, clock, firm, certification, staff, accounts, uploads });
  return { certification, staff, profile };
}

export type EnterpriseServices = ReturnType<typeof createEnterpriseServices>;
