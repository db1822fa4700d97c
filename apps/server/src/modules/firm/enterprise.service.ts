import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import type { UploadService } from '../../platform/uploads/index';
import type { FirmAccounts, UserDirectory } from '../identity/index';
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
  /** Login accounts of users, for the review screens. */
  users: Pick<UserDirectory, 'accountsOf'>;
  staffPositionOf: (db: DbOrTx, staffId: number) => Promise<string | undefined>;
}

/** Wires the enterprise side of a firm: certification and its review, staff and roles, addresses and the seal. */
export function createEnterpriseServices(deps: EnterpriseServiceDeps) {
  const { db, clock, firm, uploads, accounts } = deps;
  const certification = createCertificationService({ db, clock, firm, uploads, users: deps.users, staffPositionOf: deps.staffPositionOf });
  const staff = createStaffService({ db, clock, firm, accounts });
  const profile = createProfileService({ db, clock, firm, certification, staff, accounts, uploads });
  return { certification, staff, profile };
}

export type EnterpriseServices = ReturnType<typeof createEnterpriseServices>;
