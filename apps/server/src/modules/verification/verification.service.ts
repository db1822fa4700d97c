import { createHmac } from 'node:crypto';
import { WsTopic, type AdminSeniorDecision, type AdminSeniorListRequest, type AdminSeniorRow, type BasicVerificationRequest, type Page, type SeniorStatus, type SeniorVerificationRequest, type VerificationStatus } from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, isUniqueViolation, pageWindow, withTransaction } from '../../platform/db/index';
import { appendEvent, type OutboxPublisher } from '../../platform/events/index';
import { ConflictError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { shanghaiDay } from '../../platform/time';
import { readablePhotoOrRefuse } from '../../platform/uploads/index';
import { setCertificationStatus, type UserDirectory } from '../identity/index';
import { createIdNumberCipher } from './id-cipher';
import { isValidIdNumber, maskIdNumber, maskName } from './id-number';
import { IdInUseError, IdNumberError, NotVerifiedError, REASONS, SeniorSubmitFailedError } from './verification.errors';
import { VerificationEvents } from './verification.events';
import * as repo from './verification.repo';

const SENIOR_STATUS: Record<repo.SeniorRow['status'], SeniorStatus> = { review: '1', passed: '2', failed: '3' };

export interface VerificationServiceDeps {
  db: Db;
  clock: Clock;
  /** Keys the ID-number hash, so the stored hash cannot be reversed by trying every birth date. */
  secret: string;
  publisher: Pick<OutboxPublisher, 'flush'>;
  /** Login accounts of users, for staff screens. */
  users: Pick<UserDirectory, 'accountsOf' | 'userIdsMatching'>;
}

const userIdOf = (auth: AuthContext) => Number(auth.userId);

/** Gates other modules call before trading, purchases, fiat orders and rewards. */
export async function assertRealNameVerified(db: DbOrTx, userId: number): Promise<void> {
  if (!(await repo.findRealName(db, userId))) throw new NotVerifiedError('realName');
}

/** `assertRealNameVerified` for many users at once: the refusal of each one not verified. */
export async function realNameRefusals(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, NotVerifiedError>> {
  const verified = await repo.realNameVerifiedAmong(db, userIds);
  return new Map(userIds.filter((id) => !verified.has(id)).map((id) => [id, new NotVerifiedError('realName')]));
}

/** Who a user is by real name, for documents that must name the person (contracts); undefined when not verified. */
export async function realNameIdentityOf(db: DbOrTx, userId: number): Promise<{ name: string; idNumberMasked: string; idNumberSealed: string | null } | undefined> {
  const row = await repo.findRealName(db, userId);
  return row ? { name: row.name, idNumberMasked: row.idNumberMasked, idNumberSealed: row.idNumberSealed } : undefined;
}

export async function assertSeniorVerified(db: DbOrTx, userId: number): Promise<void> {
  if ((await repo.latestSenior(db, userId))?.status !== 'passed') throw new NotVerifiedError('senior');
}

export function createVerificationService(deps: VerificationServiceDeps) {
  const { db, clock } = deps;
  const cipher = createIdNumberCipher(deps.secret);
  const idHash = (idNumber: string) => createHmac('sha256', deps.secret).update(`id:${idNumber.toUpperCase()}`).digest('hex');

  async function checkPhoto(auth: AuthContext, id: string): Promise<void> {
    const refusal = () => new SeniorSubmitFailedError(REASONS.badImage);
    const upload = await readablePhotoOrRefuse(db, auth, id, refusal);
    if (upload.uploadedBy !== auth.userId) throw refusal();
  }

  function toRow(row: repo.SeniorRow, account: string): AdminSeniorRow {
    return {
      id: String(row.id),
      userId: String(row.userId),
      account,
      name: row.name,
      location: row.location,
      nationality: row.nationality,
      certificateName: row.certificateName,
      certificateNumber: row.certificateNumber,
      validFrom: row.validFrom,
      validTo: row.validTo,
      frontImageId: row.frontImageId,
      backImageId: row.backImageId,
      holdingImageId: row.holdingImageId,
      status: row.status,
      reason: row.reason,
      reviewedBy: row.reviewedBy,
      reviewedAt: row.reviewedAt?.toISOString() ?? '',
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    async status(auth: AuthContext): Promise<VerificationStatus> {
      const userId = userIdOf(auth);
      const [realName, senior] = await Promise.all([repo.findRealName(db, userId), repo.latestSenior(db, userId)]);
      return {
        realName: realName ? '1' : '0',
        realNameMasked: realName ? { name: maskName(realName.name), idNumber: realName.idNumberMasked } : null,
        senior: senior ? SENIOR_STATUS[senior.status] : '0',
        seniorReason: senior?.status === 'failed' ? senior.reason : '',
      };
    },

    /** Name and resident ID, checked by format, check digit and birth date: verified at once. */
    async basic(auth: AuthContext, request: BasicVerificationRequest): Promise<VerificationStatus> {
      const userId = userIdOf(auth);
      const idNumber = request.idNumber.toUpperCase();
      if (!isValidIdNumber(idNumber, clock.now())) throw new IdNumberError();
      if (await repo.findRealName(db, userId)) throw new ConflictError(text('已完成实名认证', 'Real-name verification is already done', '已完成實名認證'));
      try {
        await withTransaction(db, async (tx) => {
          await repo.insertRealName(tx, { userId, name: request.name, idNumberHash: idHash(idNumber), idNumberMasked: maskIdNumber(idNumber), idNumberSealed: cipher.encrypt(idNumber), verifiedAt: clock.now() });
          await setCertificationStatus(tx, { userId, userCerStatus: '1' });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new IdInUseError();
        throw error;
      }
      return this.status(auth);
    },

    /** Certificate details and three photos → under review; again only after a failure. */
    async senior(auth: AuthContext, request: SeniorVerificationRequest): Promise<VerificationStatus> {
      const userId = userIdOf(auth);
      if (!(await repo.findRealName(db, userId))) throw new SeniorSubmitFailedError(REASONS.needBasic);
      const latest = await repo.latestSenior(db, userId);
      if (latest?.status === 'review') throw new SeniorSubmitFailedError(REASONS.pending);
      if (latest?.status === 'passed') throw new SeniorSubmitFailedError(REASONS.passed);
      const today = shanghaiDay(clock.now());
      if (Number.isNaN(Date.parse(request.validFrom)) || Number.isNaN(Date.parse(request.validTo)) || request.validFrom > today) {
        throw new SeniorSubmitFailedError(REASONS.badDate);
      }
      if (request.validTo < today) throw new SeniorSubmitFailedError(REASONS.expired);
      for (const id of [request.frontImageId, request.backImageId, request.holdingImageId]) await checkPhoto(auth, id);
      try {
        await withTransaction(db, async (tx) => {
          await repo.insertSenior(tx, {
            userId,
            location: request.location,
            nationality: request.location === 'other' ? (request.nationality ?? '') : '',
            name: request.name,
            certificateName: request.certificateName,
            certificateNumber: request.certificateNumber,
            validFrom: request.validFrom,
            validTo: request.validTo,
            frontImageId: request.frontImageId,
            backImageId: request.backImageId,
            holdingImageId: request.holdingImageId,
            status: 'review',
            createdAt: clock.now(),
          });
          await setCertificationStatus(tx, { userId, highCerStatus: '1' });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new SeniorSubmitFailedError(REASONS.pending);
        throw error;
      }
      return this.status(auth);
    },

    async adminList(request: AdminSeniorListRequest): Promise<Page<AdminSeniorRow>> {
      const userIds = request.keyword ? await deps.users.userIdsMatching(request.keyword) : undefined;
      const { rows, total } = await repo.listSenior(db, { status: request.status, userIds, ...pageWindow(request) });
      const accounts = await deps.users.accountsOf([...new Set(rows.map((row) => row.userId))]);
      return { content: rows.map((row) => toRow(row, accounts.get(row.userId) ?? '')), total, page: request.page, size: request.size };
    },

    async adminDetail(id: string): Promise<AdminSeniorRow> {
      const row = await repo.findSenior(db, Number(id));
      if (!row) throw new NotFoundError();
      const accounts = await deps.users.accountsOf([row.userId]);
      return toRow(row, accounts.get(row.userId) ?? '');
    },

    /** Pass or fail a submission under review, once; audited, and the user is told over the socket. */
    async adminDecide(staff: AuthContext, decision: AdminSeniorDecision): Promise<AdminSeniorRow> {
      const now = clock.now();
      const decided = await withTransaction(db, async (tx) => {
        const row = await repo.findSenior(tx, Number(decision.id), true);
        if (!row) throw new NotFoundError();
        if (row.status !== 'review') throw new ConflictError(text('该申请已审核', 'This submission has already been decided', '該申請已審核'));
        const status = decision.approve ? 'passed' : 'failed';
        const reason = decision.approve ? '' : (decision.reason ?? '');
        await repo.decideSenior(tx, { id: row.id, status, reason, reviewedBy: staff.userId, at: now });
        await setCertificationStatus(tx, { userId: row.userId, highCerStatus: SENIOR_STATUS[status] });
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: decision.approve ? 'verification.senior.approve' : 'verification.senior.reject',
          objectType: 'senior_verification',
          objectId: String(row.id),
          detail: { userId: row.userId, reason },
        });
        await appendEvent(tx, {
          type: VerificationEvents.seniorDecided,
          topic: WsTopic.user(String(row.userId)),
          push: 'verification',
          payload: { kind: 'senior', status: SENIOR_STATUS[status], reason },
        });
        return { ...row, status, reason, reviewedBy: staff.userId, reviewedAt: now } satisfies repo.SeniorRow;
      });
      await deps.publisher.flush();
      const accounts = await deps.users.accountsOf([decided.userId]);
      return toRow(decided, accounts.get(decided.userId) ?? '');
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
