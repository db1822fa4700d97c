import { z } from 'zod';
import { pageFields, pageOf } from './envelope';

/** Real-name (basic) and senior identity verification of exchange users. */
export const VerificationPath = {
  status: '/api/verification/status',
  basic: '/api/verification/basic',
  senior: '/api/verification/senior',
  adminSeniorList: '/api/admin/verification/senior/list',
  adminSeniorDetail: '/api/admin/verification/senior/detail',
  adminSeniorDecide: '/api/admin/verification/senior/decide',
} as const;

export const VerificationCode = {
  seniorFailed: '-3101',
  notVerified: '-3102',
  idInUse: '-3103',
} as const;

/** The session's `userCerStatus`: 0 not verified, 1 verified. */
export const RealNameStatus = z.enum(['0', '1']);
/** The session's `highCerStatus`: 0 never submitted, 1 under review, 2 passed, 3 failed. */
export const SeniorStatus = z.enum(['0', '1', '2', '3']);
export type SeniorStatus = z.infer<typeof SeniorStatus>;

/** Mainland resident ID: 17 digits and a check character (digit or X). */
export const ID_NUMBER_RE = /^\d{17}[\dXx]$/;
/** A passport's or other certificate's number (senior verification outside the mainland). */
export const CERTIFICATE_NUMBER_RE = /^[A-Za-z0-9-]{5,30}$/;

export const BasicVerificationRequest = z.strictObject({
  name: z.string().trim().min(2).max(50),
  idNumber: z.string().trim().regex(ID_NUMBER_RE),
});
export type BasicVerificationRequest = z.infer<typeof BasicVerificationRequest>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const SeniorVerificationRequest = z
  .strictObject({
    /** Mainland China, or elsewhere with the nationality / region named. */
    location: z.enum(['mainland', 'other']),
    nationality: z.string().trim().max(60).optional(),
    name: z.string().trim().min(2).max(50),
    certificateName: z.string().trim().min(2).max(40),
    certificateNumber: z.string().trim().regex(CERTIFICATE_NUMBER_RE),
    validFrom: Day,
    validTo: Day,
    frontImageId: z.uuid(),
    backImageId: z.uuid(),
    holdingImageId: z.uuid(),
  })
  .refine((r) => r.location === 'mainland' || (r.nationality ?? '').length > 0, { path: ['nationality'], message: 'required outside mainland China' })
  .refine((r) => r.validTo > r.validFrom, { path: ['validTo'], message: 'must be after validFrom' });
export type SeniorVerificationRequest = z.infer<typeof SeniorVerificationRequest>;

export const VerificationStatus = z.object({
  realName: RealNameStatus,
  /** Shown masked: 110101********1234. */
  realNameMasked: z.object({ name: z.string(), idNumber: z.string() }).nullable(),
  senior: SeniorStatus,
  /** Why the last senior submission failed; '' otherwise. */
  seniorReason: z.string(),
});
export type VerificationStatus = z.infer<typeof VerificationStatus>;

export const AdminSeniorListRequest = z.strictObject({
  status: z.enum(['review', 'passed', 'failed']).optional(),
  keyword: z.string().trim().max(100).optional(),
  ...pageFields(),
});
export type AdminSeniorListRequest = z.infer<typeof AdminSeniorListRequest>;

export const AdminSeniorRow = z.object({
  id: z.string(),
  userId: z.string(),
  account: z.string(),
  name: z.string(),
  location: z.enum(['mainland', 'other']),
  nationality: z.string(),
  certificateName: z.string(),
  certificateNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  frontImageId: z.string(),
  backImageId: z.string(),
  holdingImageId: z.string(),
  status: z.enum(['review', 'passed', 'failed']),
  reason: z.string(),
  reviewedBy: z.string(),
  reviewedAt: z.string(),
  createdAt: z.string(),
});
export type AdminSeniorRow = z.infer<typeof AdminSeniorRow>;
export const AdminSeniorPage = pageOf(AdminSeniorRow);

export const AdminSeniorDecision = z
  .strictObject({ id: z.string().regex(/^\d{1,12}$/), approve: z.boolean(), reason: z.string().trim().max(200).optional() })
  .refine((d) => d.approve || (d.reason ?? '').length >= 2, { path: ['reason'], message: 'a rejection needs a reason' });
export type AdminSeniorDecision = z.infer<typeof AdminSeniorDecision>;

/** The invitation code and record (a user's referrals). */
export const InvitationPath = {
  info: '/api/user/invitation',
  records: '/api/user/invitation/records',
} as const;

export const InvitationInfo = z.object({ code: z.string(), link: z.string() });
export type InvitationInfo = z.infer<typeof InvitationInfo>;

export const InvitationRecord = z.object({
  /** Masked: 138****0001, a***@example.com. */
  account: z.string(),
  registeredAt: z.string(),
  realName: RealNameStatus,
  senior: SeniorStatus,
});
export type InvitationRecord = z.infer<typeof InvitationRecord>;
export const InvitationRecordPage = pageOf(InvitationRecord);

export const InvitationRecordsRequest = z.strictObject({
  ...pageFields(),
});
