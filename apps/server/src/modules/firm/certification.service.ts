import {
  UPLOAD_IMAGE_MAX_BYTES,
  type AdminCertificationDecision,
  type AdminCertificationListRequest,
  type AdminCertificationRow,
  type CertificationInfo,
  type CertificationPhotoField,
  type CertificationRequest,
  type CertificationStatus,
  type Language,
  type Page,
  type ReviewLevel,
  type UploadedFile,
} from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, isUniqueViolation, pageWindow, withTransaction } from '../../platform/db/index';
import { ConflictError, ForbiddenError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { readablePhotoOrRefuse, storeImageOrRefuse, type UploadService } from '../../platform/uploads/index';
import type { UserDirectory } from '../identity/index';
import { FieldRefusedError, MESSAGES } from './enterprise.errors';
import * as repo from './enterprise.repo';
import { insertFirmHistory } from './firm.repo';
import { parseId, type FirmService } from './firm.service';

const MAX_MB = UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024);

/** Which back-office positions decide at each level: member review, then risk control. */
export const REVIEWERS: Record<ReviewLevel, readonly string[]> = {
  member: ['admin', 'operator', 'auditor'],
  risk: ['admin', 'risk'],
};

export interface CertificationServiceDeps {
  db: Db;
  clock: Clock;
  firm: Pick<FirmService, 'requireRight' | 'hasRight' | 'getFirm'>;
  uploads: Pick<UploadService, 'storeImage'>;
  /** Login accounts of users, for the review screens. */
  users: Pick<UserDirectory, 'accountsOf'>;
  /** The back-office position of a staff member. */
  staffPositionOf: (db: DbOrTx, staffId: number) => Promise<string | undefined>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

const EMPTY: CertificationInfo = {
  status: '0',
  reason: '',
  enterpriseName: '',
  registerNo: '',
  corporateName: '',
  enterprisePhone: '',
  operatorName: '',
  operatorPhone: '',
  enterpriseAddress: '',
  firmType: '',
  businessPhoto: '',
  corporatePositiveCard: '',
  corporateReverseCard: '',
  submittedAt: '',
  updatedAt: '',
};

/** What the firm submitted, as the firm and its reviewers both read it. */
function submitted(row: repo.CertificationRow) {
  return {
    enterpriseName: row.enterpriseName,
    registerNo: row.registerNo,
    corporateName: row.corporateName,
    enterprisePhone: row.enterprisePhone,
    operatorName: row.operatorName,
    operatorPhone: row.operatorPhone,
    enterpriseAddress: row.enterpriseAddress,
    firmType: row.firmType as AdminCertificationRow['firmType'],
    businessPhoto: row.businessPhoto,
    corporatePositiveCard: row.corporatePositiveCard,
    corporateReverseCard: row.corporateReverseCard,
  };
}

function toInfo(row: repo.CertificationRow | undefined): CertificationInfo {
  if (!row) return EMPTY;
  return {
    status: row.status,
    reason: row.status === '3' ? row.memberReason : row.status === '5' ? row.riskReason : '',
    ...submitted(row),
    submittedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminRow(row: repo.CertificationRow & { firmCode: string; firmName: string }, submitter: string): AdminCertificationRow {
  return {
    id: String(row.id),
    firmId: String(row.firmId),
    firmCode: row.firmCode,
    firmName: row.firmName,
    submitter,
    ...submitted(row),
    status: row.status,
    memberReason: row.memberReason,
    memberReviewedBy: row.memberReviewedBy,
    memberReviewedAt: iso(row.memberReviewedAt),
    riskReason: row.riskReason,
    riskReviewedBy: row.riskReviewedBy,
    riskReviewedAt: iso(row.riskReviewedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores an image for a form field; a refused file is reported against that field. */
export async function storeFieldImage(
  uploads: Pick<UploadService, 'storeImage'>,
  auth: AuthContext,
  field: string,
  buffer: Buffer | null,
  lang: Language,
): Promise<UploadedFile> {
  return storeImageOrRefuse(uploads, auth, buffer, () => new FieldRefusedError(field, 'image', lang, { max: MAX_MB }));
}

export function createCertificationService(deps: CertificationServiceDeps) {
  const { db, clock, firm } = deps;

  async function enterpriseFirmOf(auth: AuthContext, tx: DbOrTx = db) {
    const record = await firm.getFirm(auth.firmId, tx);
    if (!record || record.userType !== 'enterprise') throw new ForbiddenError(MESSAGES.onlyEnterprise);
    return record;
  }

  /** The photo is an image the firm uploaded, JPG or PNG under 3 MB; otherwise the field is named. */
  async function checkPhoto(auth: AuthContext, field: CertificationPhotoField, id: string, lang: Language): Promise<void> {
    await readablePhotoOrRefuse(db, auth, id, () => new FieldRefusedError(field, 'image', lang, { max: MAX_MB }));
  }

  async function withSubmitters(rows: (repo.CertificationRow & { firmCode: string; firmName: string })[]): Promise<AdminCertificationRow[]> {
    const accounts = await deps.users.accountsOf([...new Set(rows.map((r) => r.submittedBy))]);
    return rows.map((r) => toAdminRow(r, accounts.get(r.submittedBy) ?? ''));
  }

  return {
    /** The firm's certification, for its users who may view or submit it. */
    async info(auth: AuthContext): Promise<CertificationInfo> {
      if (!(await firm.hasRight(auth, 'enterprise.certify'))) await firm.requireRight(auth, 'enterprise.view');
      const firmId = parseId(auth.firmId);
      return toInfo(firmId === null ? undefined : await repo.latestCertification(db, { firmId }));
    },

    /** The certification status of a firm ('0' when it never submitted), for other modules and screens. */
    async statusOf(firmId: string, tx: DbOrTx = db): Promise<CertificationStatus> {
      const id = parseId(firmId);
      if (id === null) return '0';
      return (await repo.latestCertification(tx, { firmId: id }))?.status ?? '0';
    },

    /** The unified social credit code (registration number) of a certified firm, for documents naming it; undefined before approval. */
    async certifiedRegisterNo(firmId: number, tx: DbOrTx = db): Promise<string | undefined> {
      const latest = await repo.latestCertification(tx, { firmId });
      return latest?.status === '2' ? latest.registerNo : undefined;
    },

    async statusesOf(firmIds: readonly string[]): Promise<Map<string, CertificationStatus>> {
      const ids = firmIds.map(parseId).filter((id): id is number => id !== null);
      const map = await repo.latestStatuses(db, { firmIds: ids });
      return new Map([...map].map(([id, status]) => [String(id), status]));
    },

    /** One certification photo: sniffed, re-encoded and thumbnailed by the upload service; a refusal names the field. */
    async uploadPhoto(auth: AuthContext, field: CertificationPhotoField, buffer: Buffer | null, lang: Language): Promise<UploadedFile> {
      await firm.requireRight(auth, 'enterprise.certify');
      await enterpriseFirmOf(auth);
      return storeFieldImage(deps.uploads, auth, field, buffer, lang);
    },

    /** Submit, or resubmit after a rejection: the submission waits for member review (status 1). */
    async submit(auth: AuthContext, request: CertificationRequest, lang: Language): Promise<CertificationInfo> {
      await firm.requireRight(auth, 'enterprise.certify');
      await enterpriseFirmOf(auth);
      const firmId = Number(auth.firmId);
      const latest = await repo.latestCertification(db, { firmId });
      if (latest?.status === '1' || latest?.status === '4') throw new ConflictError(MESSAGES.certificationPending);
      if (latest?.status === '2') throw new ConflictError(MESSAGES.certificationApproved);
      await checkPhoto(auth, 'businessPhoto', request.businessPhoto, lang);
      await checkPhoto(auth, 'corporatePositiveCard', request.corporatePositiveCard, lang);
      await checkPhoto(auth, 'corporateReverseCard', request.corporateReverseCard, lang);
      if (await repo.registerNoTaken(db, { registerNo: request.registerNo, firmId })) throw new ConflictError(MESSAGES.registerNoInUse);
      const now = clock.now();
      try {
        const row = await withTransaction(db, async (tx) => {
          const inserted = await repo.insertCertification(tx, { ...request, firmId, status: '1', submittedBy: Number(auth.userId), createdAt: now, updatedAt: now });
          await insertFirmHistory(tx, { firmId, actor: `user:${auth.userId}`, action: 'certification.submitted', detail: { certificationId: inserted.id, resubmission: latest !== undefined }, createdAt: now });
          return inserted;
        });
        return toInfo(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await repo.registerNoTaken(db, { registerNo: request.registerNo, firmId })) throw new ConflictError(MESSAGES.registerNoInUse);
        throw new ConflictError(MESSAGES.certificationPending);
      }
    },

    async adminList(request: AdminCertificationListRequest): Promise<Page<AdminCertificationRow>> {
      const { rows, total } = await repo.listCertifications(db, {
        status: request.status,
        keyword: request.keyword || undefined,
        ...pageWindow(request),
      });
      return { content: await withSubmitters(rows), total, page: request.page, size: request.size };
    },

    async adminDetail(id: string): Promise<AdminCertificationRow> {
      const row = await repo.findCertification(db, { id: Number(id) });
      if (!row) throw new NotFoundError();
      const record = await firm.getFirm(String(row.firmId));
      const [detailed] = await withSubmitters([{ ...row, firmCode: record?.firmCode ?? '', firmName: record?.name ?? '' }]);
      if (!detailed) throw new NotFoundError();
      return detailed;
    },

    /**
     * A decision at one level, once: member review moves 1 → 4 (or 3), risk control 4 → 2 (or 5).
     * On approval the firm takes the certified enterprise name. Audited and kept in the firm's history.
     */
    async adminDecide(staff: AuthContext, decision: AdminCertificationDecision): Promise<AdminCertificationRow> {
      const position = await deps.staffPositionOf(db, Number(staff.userId));
      if (!position || !REVIEWERS[decision.level].includes(position)) throw new ForbiddenError(MESSAGES.reviewLevelDenied);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const row = await repo.findCertification(tx, { id: Number(decision.id), forUpdate: true });
        if (!row) throw new NotFoundError();
        const reason = decision.approve ? '' : (decision.reason ?? '');
        let patch: Parameters<typeof repo.updateCertification>[1]['patch'];
        if (decision.level === 'member') {
          if (row.status !== '1') throw new ConflictError(MESSAGES.notAtThisLevel);
          patch = { status: decision.approve ? '4' : '3', memberReason: reason, memberReviewedBy: staff.userId, memberReviewedAt: now, updatedAt: now };
        } else {
          if (row.status !== '4') throw new ConflictError(MESSAGES.notAtThisLevel);
          patch = { status: decision.approve ? '2' : '5', riskReason: reason, riskReviewedBy: staff.userId, riskReviewedAt: now, updatedAt: now };
        }
        const updated = await repo.updateCertification(tx, { id: row.id, patch });
        if (updated.status === '2') await repo.updateFirmName(tx, { firmId: row.firmId, name: row.enterpriseName });
        await insertFirmHistory(tx, {
          firmId: row.firmId,
          actor: `staff:${staff.userId}`,
          action: `certification.${decision.level}.${decision.approve ? 'approved' : 'rejected'}`,
          detail: { certificationId: row.id, from: row.status, to: updated.status, reason },
          createdAt: now,
        });
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: `firm.certification.${decision.level}.${decision.approve ? 'approve' : 'reject'}`,
          objectType: 'firm_certification',
          objectId: String(row.id),
          detail: { firmId: row.firmId, from: row.status, to: updated.status, reason },
        });
      });
      return this.adminDetail(decision.id);
    },
  };
}

export type CertificationService = ReturnType<typeof createCertificationService>;
