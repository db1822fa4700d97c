import { and, asc, eq } from 'drizzle-orm';
import type { StaffRole } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { accountHistory, staff, users } from './identity.tables';
import * as repo from './identity.repo';
import { AccountStatus, RevokeReason } from './identity.states';
import { newInviteCode } from './secrets';
import { sessionCache } from './session-cache';

/** A login account of a firm, as the firm's staff management sees it. */
export interface FirmAccount {
  userId: number;
  firmId: number;
  tel: string;
  email: string;
  userName: string;
  isMainAccount: boolean;
  status: AccountStatus;
  createdAt: Date;
}

const columns = {
  userId: users.id,
  firmId: users.firmId,
  tel: users.tel,
  email: users.email,
  userName: users.userName,
  isMainAccount: users.isMainAccount,
  status: users.status,
  createdAt: users.createdAt,
};

interface Selected {
  userId: number;
  firmId: number;
  tel: string | null;
  email: string | null;
  userName: string;
  isMainAccount: boolean;
  status: AccountStatus;
  createdAt: Date;
}
const toAccount = (row: Selected): FirmAccount => ({ ...row, tel: row.tel ?? '', email: row.email ?? '' });

/**
 * The accounts of a firm that the firm module manages (staff, 子账户). Staff are created without
 * a password: they log in with an SMS code to their own phone and then set one, so no password
 * ever passes through the main account.
 */
export const firmAccounts = {
  /** Active accounts of the firm, main account first. */
  async list(db: DbOrTx, firmId: number): Promise<FirmAccount[]> {
    const rows = await db
      .select(columns)
      .from(users)
      .where(and(eq(users.firmId, firmId), eq(users.status, AccountStatus.active)))
      .orderBy(asc(users.id));
    return rows.map(toAccount).sort((a, b) => Number(b.isMainAccount) - Number(a.isMainAccount));
  },

  /** One account of the firm (any status); another firm's user is not found. */
  async find(db: DbOrTx, params: { firmId: number; userId: number }): Promise<FirmAccount | undefined> {
    const [row] = await db
      .select(columns)
      .from(users)
      .where(and(eq(users.firmId, params.firmId), eq(users.id, params.userId)))
      .limit(1);
    return row ? toAccount(row) : undefined;
  },

  async findByTel(db: DbOrTx, tel: string): Promise<FirmAccount | undefined> {
    const [row] = await db.select(columns).from(users).where(eq(users.tel, tel)).limit(1);
    return row ? toAccount(row) : undefined;
  },

  async mainOf(db: DbOrTx, firmId: number): Promise<FirmAccount | undefined> {
    const [row] = await db
      .select(columns)
      .from(users)
      .where(and(eq(users.firmId, firmId), eq(users.isMainAccount, true)))
      .orderBy(asc(users.id))
      .limit(1);
    return row ? toAccount(row) : undefined;
  },

  /** A new staff account of the firm, without a password. */
  async createStaff(tx: DbOrTx, params: { firmId: number; tel: string; userName: string; actorUserId: number; at: Date }): Promise<FirmAccount> {
    const row = await repo.insertUser(tx, {
      firmId: params.firmId,
      tel: params.tel,
      email: null,
      userName: params.userName,
      passwordHash: null,
      isMainAccount: false,
      language: 'cn',
      inviteCode: newInviteCode(),
      createdAt: params.at,
    });
    await tx.insert(accountHistory).values({
      kind: 'user',
      userId: row.id,
      action: 'staff.created',
      detail: { firmId: params.firmId, by: params.actorUserId },
      ip: '',
      createdAt: params.at,
    });
    return toAccount({ ...row, userId: row.id });
  },

  /** A deleted staff member of the same firm added again: active, renamed, still without a password. */
  async reactivateStaff(tx: DbOrTx, params: { firmId: number; userId: number; userName: string; actorUserId: number; at: Date }): Promise<void> {
    await tx
      .update(users)
      .set({ status: AccountStatus.active, userName: params.userName, passwordHash: null, failedLoginCount: 0, lockedUntil: null })
      .where(and(eq(users.id, params.userId), eq(users.firmId, params.firmId), eq(users.isMainAccount, false)));
    sessionCache.changed({ userId: params.userId });
    await tx.insert(accountHistory).values({ kind: 'user', userId: params.userId, action: 'staff.reactivated', detail: { by: params.actorUserId }, ip: '', createdAt: params.at });
  },

  async rename(tx: DbOrTx, params: { firmId: number; userId: number; userName: string }): Promise<void> {
    await tx.update(users).set({ userName: params.userName }).where(and(eq(users.id, params.userId), eq(users.firmId, params.firmId)));
    sessionCache.changed({ userId: params.userId });
  },

  /**
   * Deleting a staff member: the account is disabled (its history stays), its password cleared
   * and every session ended at once, so it can no longer act for the firm.
   */
  async disableStaff(tx: DbOrTx, params: { firmId: number; userId: number; actorUserId: number; at: Date }): Promise<void> {
    await tx
      .update(users)
      .set({ status: AccountStatus.disabled, passwordHash: null })
      .where(and(eq(users.id, params.userId), eq(users.firmId, params.firmId), eq(users.isMainAccount, false)));
    await repo.revokeUserSessions(tx, { userId: params.userId, reason: RevokeReason.disabled, at: params.at });
    await tx.insert(accountHistory).values({ kind: 'user', userId: params.userId, action: 'staff.deleted', detail: { by: params.actorUserId }, ip: '', createdAt: params.at });
  },
};

export type FirmAccounts = typeof firmAccounts;

/** The back-office position of a platform staff member (decides which review levels they may act at). */
export async function staffPositionOf(db: DbOrTx, staffId: number): Promise<StaffRole | undefined> {
  const row = await repo.findStaff(db, { staffId });
  return row?.status === AccountStatus.active ? row.role : undefined;
}

/** A back-office staff member as the staff-rights module sees them; position `admin` is the super-administrator. */
export interface PlatformStaffMember {
  staffId: number;
  account: string;
  name: string;
  position: StaffRole;
  status: AccountStatus;
}

export const platformStaff = {
  async list(db: DbOrTx): Promise<PlatformStaffMember[]> {
    return db
      .select({ staffId: staff.id, account: staff.account, name: staff.name, position: staff.role, status: staff.status })
      .from(staff)
      .orderBy(asc(staff.id));
  },
  async find(db: DbOrTx, staffId: number): Promise<PlatformStaffMember | undefined> {
    const [row] = await db
      .select({ staffId: staff.id, account: staff.account, name: staff.name, position: staff.role, status: staff.status })
      .from(staff)
      .where(eq(staff.id, staffId))
      .limit(1);
    return row;
  },
};
