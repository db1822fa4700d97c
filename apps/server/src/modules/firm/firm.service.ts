import type { AdminFirmRow, AdminListRequest, Language, Page, RightEntry } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, pageWindow } from '../../platform/db/index';
import { ForbiddenError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { latestStatuses } from './enterprise.repo';
import * as repo from './firm.repo';
import { isRightCode, RIGHT_CODES, RIGHTS, RIGHTS_TYPE_FUNCTIONS, type RightCode } from './firm.schemas';

export interface FirmServiceDeps {
  db: Db;
  clock: Clock;
}

/** A firm as other modules see it; ids travel as strings, like the `firmId` header. */
export interface FirmRecord {
  firmId: string;
  firmCode: string;
  name: string;
  userType: 'personal' | 'enterprise';
  status: 'active' | 'frozen';
  createdAt: Date;
}

const ANOTHER_FIRM = text('不能查看其他交易商的权限', "You cannot load another firm's rights", '不能查看其他交易商的權限');
const FIRM_NOT_ACTIVE = text('交易商已冻结，不能进行此操作', 'The firm is frozen and cannot do this', '交易商已凍結，不能進行此操作');
const NOT_A_FIRM_USER = text('平台员工不能代交易商操作', 'Platform staff cannot act for a firm', '平台員工不能代交易商操作');

/** Ids in headers and bodies are decimal strings; anything else matches nothing. */
export function parseId(value: string): number | null {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

function toRecord(row: repo.FirmRow): FirmRecord {
  return { firmId: String(row.id), firmCode: row.firmCode, name: row.name, userType: row.userType, status: row.status, createdAt: row.createdAt };
}

function missingRight(code: RightCode) {
  const name = RIGHTS[code];
  return new ForbiddenError(
    text(`您没有「${name.cn}」权限`, `You do not have the right "${name.en}"`, `您沒有「${name.tw}」權限`),
  );
}

export function createFirmService(deps: FirmServiceDeps) {
  const { db, clock } = deps;

  async function rightCodesOf(auth: AuthContext, tx: DbOrTx): Promise<RightCode[]> {
    const firmId = parseId(auth.firmId);
    const userId = parseId(auth.userId);
    if (auth.kind !== 'user' || firmId === null || userId === null) return [];
    if (auth.isMainAccount) return [...RIGHT_CODES];
    const codes = await repo.findUserRightCodes(tx, { firmId, userId });
    return RIGHT_CODES.filter((c) => codes.includes(c));
  }

  return {
    /** Creates a firm inside the caller's transaction (registration, enterprise onboarding, demo seed). */
    async createFirm(tx: DbOrTx, params: { name: string; userType: 'personal' | 'enterprise'; actor: string }): Promise<FirmRecord> {
      const now = clock.now();
      const row = await repo.insertFirm(tx, { name: params.name, userType: params.userType, createdAt: now });
      await repo.insertFirmHistory(tx, { firmId: row.id, actor: params.actor, action: 'created', detail: { userType: params.userType }, createdAt: now });
      return toRecord(row);
    },

    async getFirm(firmId: string, tx: DbOrTx = db): Promise<FirmRecord | null> {
      const id = parseId(firmId);
      if (id === null) return null;
      const row = await repo.findFirm(tx, { firmId: id });
      return row ? toRecord(row) : null;
    },

    async getFirmByCode(firmCode: string, tx: DbOrTx = db): Promise<FirmRecord | null> {
      const row = await repo.findFirmByCode(tx, { firmCode });
      return row ? toRecord(row) : null;
    },

    async getFirms(firmIds: readonly string[], tx: DbOrTx = db): Promise<Map<string, FirmRecord>> {
      const ids = [...new Set(firmIds.map(parseId).filter((id): id is number => id !== null))];
      const rows = await repo.findFirmsByIds(tx, { firmIds: ids });
      return new Map(rows.map((r) => [String(r.id), toRecord(r)]));
    },

    /** Ids of firms whose code equals, or whose name contains, the keyword (at most `limit`). */
    async searchFirmIds(keyword: string, limit = 200): Promise<string[]> {
      const ids = await repo.findFirmIdsByKeyword(db, { keyword, limit });
      return ids.map(String);
    },

    async listFirms(request: AdminListRequest): Promise<Page<AdminFirmRow>> {
      const { rows, total } = await repo.listFirms(db, { keyword: request.keyword || undefined, ...pageWindow(request) });
      const certification = await latestStatuses(db, { firmIds: rows.map((r) => r.id) });
      return {
        content: rows.map((r) => ({
          firmId: String(r.id),
          firmCode: r.firmCode,
          name: r.name,
          userType: r.userType,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          certificationStatus: certification.get(r.id) ?? '0',
        })),
        total,
        page: request.page,
        size: request.size,
      };
    },

    /** The spec's "load rights" (type 3): what the caller may do for their own firm, named in their language. */
    async loadRights(auth: AuthContext, request: { firmId: string; type: number }, lang: Language): Promise<RightEntry[]> {
      if (auth.kind !== 'user') throw new ForbiddenError(NOT_A_FIRM_USER);
      if (request.firmId !== auth.firmId) throw new ForbiddenError(ANOTHER_FIRM);
      if (request.type !== RIGHTS_TYPE_FUNCTIONS) return [];
      const codes = await rightCodesOf(auth, db);
      return codes.map((rightCode) => ({ rightCode, rightName: RIGHTS[rightCode][lang] }));
    },

    async rightsOf(auth: AuthContext, tx: DbOrTx = db): Promise<RightCode[]> {
      return rightCodesOf(auth, tx);
    },

    async hasRight(auth: AuthContext, rightCode: RightCode, tx: DbOrTx = db): Promise<boolean> {
      return (await rightCodesOf(auth, tx)).includes(rightCode);
    },

    /**
     * The check every firm action makes before it changes anything: the caller is a user of an
     * active firm and holds the right (main accounts hold all). Throws ForbiddenError otherwise.
     */
    async requireRight(auth: AuthContext, rightCode: RightCode, tx: DbOrTx = db): Promise<void> {
      if (auth.kind !== 'user') throw new ForbiddenError(NOT_A_FIRM_USER);
      const firmId = parseId(auth.firmId);
      const firm = firmId === null ? undefined : await repo.findFirm(tx, { firmId });
      if (!firm || firm.status !== 'active') throw new ForbiddenError(FIRM_NOT_ACTIVE);
      if (auth.isMainAccount) return;
      if (!(await rightCodesOf(auth, tx)).includes(rightCode)) throw missingRight(rightCode);
    },

    /**
     * `requireRight` for many callers at once (a group of bids), in two reads however many they
     * are: each refused caller's error by position, and the callers' firms as read.
     */
    async rightRefusals(callers: readonly Pick<AuthContext, 'kind' | 'firmId' | 'userId' | 'isMainAccount'>[], rightCode: RightCode, tx: DbOrTx = db): Promise<{ refusals: Map<number, Error>; firms: Map<number, FirmRecord> }> {
      const firmIds = [...new Set(callers.map((c) => parseId(c.firmId)).filter((id): id is number => id !== null))];
      const toCheck = callers.filter((c) => c.kind === 'user' && !c.isMainAccount).flatMap((c) => {
        const firmId = parseId(c.firmId);
        const userId = parseId(c.userId);
        return firmId === null || userId === null ? [] : [{ firmId, userId }];
      });
      const [rows, holders] = await Promise.all([repo.findFirmsByIds(tx, { firmIds }), repo.usersHoldingRight(tx, { users: toCheck, rightCode })]);
      const firms = new Map(rows.map((row) => [row.id, toRecord(row)]));
      const refusals = new Map<number, Error>();
      callers.forEach((c, i) => {
        if (c.kind !== 'user') return void refusals.set(i, new ForbiddenError(NOT_A_FIRM_USER));
        const firmId = parseId(c.firmId);
        const firm = firmId === null ? undefined : firms.get(firmId);
        if (!firm || firm.status !== 'active') return void refusals.set(i, new ForbiddenError(FIRM_NOT_ACTIVE));
        if (!c.isMainAccount && !holders.has(`${firmId}:${parseId(c.userId)}`)) refusals.set(i, missingRight(rightCode));
      });
      return { refusals, firms };
    },

    /** Finds or creates a firm's role with exactly these rights added (idempotent; used by seeding and staff management). */
    async ensureRole(tx: DbOrTx, params: { firmId: string; roleName: string; rightCodes: readonly string[]; actor: string }): Promise<string> {
      const firmId = parseId(params.firmId);
      if (firmId === null) throw new Error(`bad firm id ${params.firmId}`);
      const unknown = params.rightCodes.filter((c) => !isRightCode(c));
      if (unknown.length > 0) throw new Error(`unknown right codes: ${unknown.join(', ')}`);
      const now = clock.now();
      const existing = await repo.findRoleByName(tx, { firmId, roleName: params.roleName });
      const roleId = existing?.id ?? (await repo.insertRole(tx, { firmId, roleName: params.roleName, createdAt: now }));
      await repo.insertRoleRights(tx, { firmId, roleId, rightCodes: [...params.rightCodes] });
      if (!existing) {
        await repo.insertFirmHistory(tx, { firmId, actor: params.actor, action: 'role.created', detail: { roleId, roleName: params.roleName, rightCodes: params.rightCodes }, createdAt: now });
      }
      return String(roleId);
    },

    /** Gives a user of the firm some of the firm's roles; roles of other firms are refused. */
    async assignRoles(tx: DbOrTx, params: { firmId: string; userId: string; roleIds: readonly string[]; actor: string }): Promise<void> {
      const firmId = parseId(params.firmId);
      const userId = parseId(params.userId);
      if (firmId === null || userId === null) throw new Error('bad firm or user id');
      const wanted = params.roleIds.map(parseId).filter((id): id is number => id !== null);
      const owned = await repo.findFirmRoleIds(tx, { firmId, roleIds: wanted });
      if (owned.length !== params.roleIds.length) throw new ForbiddenError();
      await repo.insertUserRoles(tx, { firmId, userId, roleIds: owned });
      await repo.insertFirmHistory(tx, { firmId, actor: params.actor, action: 'user.roles.assigned', detail: { userId, roleIds: owned }, createdAt: clock.now() });
    },
  };
}

export type FirmService = ReturnType<typeof createFirmService>;
