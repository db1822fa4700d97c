import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { MOBILE_RE } from './identity';

/** Enterprise certification, staff and roles, delivery addresses and the signature seal of a firm. */
export const EnterprisePath = {
  certification: '/api/firm/certification',
  certificationSubmit: '/api/firm/certification/submit',
  /** Multipart, one image; `?field=` names the form field so a refusal can say which photo is wrong. */
  certificationPhoto: '/api/firm/certification/photo',
  accountRelation: '/api/firm/account/relation',
  overview: '/api/firm/overview',
  rightCatalogue: '/api/firm/right/catalogue',
  staffList: '/api/firm/staff/list',
  staffAdd: '/api/firm/staff/add',
  staffUpdate: '/api/firm/staff/update',
  staffDelete: '/api/firm/staff/delete',
  roleList: '/api/firm/role/list',
  roleAdd: '/api/firm/role/add',
  roleUpdate: '/api/firm/role/update',
  roleDelete: '/api/firm/role/delete',
  addressList: '/api/firm/address/list',
  addressSave: '/api/firm/address/save',
  addressDelete: '/api/firm/address/delete',
  addressDefault: '/api/firm/address/default',
  seal: '/api/firm/seal',
  sealUpload: '/api/firm/seal/upload',
  adminCertificationList: '/api/admin/certification/list',
  adminCertificationDetail: '/api/admin/certification/detail',
  adminCertificationDecide: '/api/admin/certification/decide',
} as const;

/**
 * The spec's certification status, plus `0` for a firm that never submitted:
 * 1 member pending review, 2 approved, 3 member rejected, 4 risk-control pending, 5 risk-control rejected.
 */
export const CertificationStatus = z.enum(['0', '1', '2', '3', '4', '5']);
export type CertificationStatus = z.infer<typeof CertificationStatus>;

/** What kind of enterprise is certified: 1 company, 2 individual business, 3 other organisation. */
export const EnterpriseFirmType = z.enum(['1', '2', '3']);
export type EnterpriseFirmType = z.infer<typeof EnterpriseFirmType>;

/** The three photos of a certification, by their form field. */
export const CERTIFICATION_PHOTO_FIELDS = ['businessPhoto', 'corporatePositiveCard', 'corporateReverseCard'] as const;
export const CertificationPhotoField = z.enum(CERTIFICATION_PHOTO_FIELDS);
export type CertificationPhotoField = z.infer<typeof CertificationPhotoField>;

/** Unified social credit code (18) or the older business registration number (15 digits). */
export const REGISTER_NO_RE = /^([0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}|\d{15})$/;
/** A landline (area code, optional dash, 7-8 digits, optional extension) or a mobile number. */
export const ENTERPRISE_PHONE_RE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
export const POST_CODE_RE = /^\d{6}$/;

export const CertificationRequest = z.strictObject({
  enterpriseName: z.string().trim().min(2).max(100),
  registerNo: z.string().trim().toUpperCase().regex(REGISTER_NO_RE),
  corporateName: z.string().trim().min(2).max(50),
  enterprisePhone: z.string().trim().regex(ENTERPRISE_PHONE_RE),
  operatorName: z.string().trim().min(2).max(50),
  operatorPhone: z.string().trim().regex(MOBILE_RE),
  enterpriseAddress: z.string().trim().min(5).max(200),
  firmType: EnterpriseFirmType,
  businessPhoto: z.uuid(),
  corporatePositiveCard: z.uuid(),
  corporateReverseCard: z.uuid(),
});
export type CertificationRequest = z.infer<typeof CertificationRequest>;

export const CertificationPhotoQuery = z.strictObject({ field: CertificationPhotoField });

/** The firm's certification as the firm sees it; `status` 0 with empty fields before the first submission. */
export const CertificationInfo = z.object({
  status: CertificationStatus,
  /** Why the last submission was rejected (status 3 or 5); '' otherwise. */
  reason: z.string(),
  enterpriseName: z.string(),
  registerNo: z.string(),
  corporateName: z.string(),
  enterprisePhone: z.string(),
  operatorName: z.string(),
  operatorPhone: z.string(),
  enterpriseAddress: z.string(),
  firmType: z.union([EnterpriseFirmType, z.literal('')]),
  businessPhoto: z.string(),
  corporatePositiveCard: z.string(),
  corporateReverseCard: z.string(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type CertificationInfo = z.infer<typeof CertificationInfo>;

/** The spec's parent/child account check: who the main account is and the firm's certification status. */
export const AccountRelation = z.object({
  isMainAccount: z.boolean(),
  userType: z.enum(['personal', 'enterprise']),
  /** The firm's main account, masked (138****0003). */
  mainAccount: z.string(),
  mainUserName: z.string(),
  /** The certification status the sub-account acts under (its firm's). */
  certificationStatus: CertificationStatus,
});
export type AccountRelation = z.infer<typeof AccountRelation>;

export const CompanyOverview = z.object({
  firmId: z.string(),
  firmCode: z.string(),
  firmName: z.string(),
  userType: z.enum(['personal', 'enterprise']),
  status: z.enum(['active', 'frozen']),
  certificationStatus: CertificationStatus,
  enterpriseName: z.string(),
  mainAccount: z.string(),
  staffCount: z.number().int(),
  roleCount: z.number().int(),
  hasSeal: z.boolean(),
  createdAt: z.string(),
});
export type CompanyOverview = z.infer<typeof CompanyOverview>;

export const RightCatalogueEntry = z.object({ rightCode: z.string(), rightName: z.string(), group: z.string(), groupName: z.string() });
export type RightCatalogueEntry = z.infer<typeof RightCatalogueEntry>;

const Id = z.string().regex(/^[1-9]\d{0,14}$/);
const RoleName = z.string().trim().min(1).max(30);
const UserName = z.string().trim().min(2).max(30);

export const RoleRow = z.object({
  roleId: z.string(),
  roleName: z.string(),
  rightCodeList: z.array(z.string()),
  staffCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof RoleRow>;

export const RoleAddRequest = z.strictObject({ roleName: RoleName, rightCodeList: z.array(z.string().min(1).max(64)).min(1).max(100) });
export type RoleAddRequest = z.infer<typeof RoleAddRequest>;
export const RoleUpdateRequest = RoleAddRequest.extend({ roleId: Id });
export type RoleUpdateRequest = z.infer<typeof RoleUpdateRequest>;
export const RoleDeleteRequest = z.strictObject({ roleId: Id });

export const StaffRow = z.object({
  userId: z.string(),
  cellphone: z.string(),
  userName: z.string(),
  isMainAccount: z.boolean(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof StaffRow>;

export const StaffAddRequest = z.strictObject({ cellphone: z.string().trim().regex(MOBILE_RE), userName: UserName, roleIds: z.array(Id).max(50) });
export type StaffAddRequest = z.infer<typeof StaffAddRequest>;
export const StaffUpdateRequest = z.strictObject({ userId: Id, userName: UserName.optional(), roleIds: z.array(Id).max(50) });
export type StaffUpdateRequest = z.infer<typeof StaffUpdateRequest>;
export const StaffDeleteRequest = z.strictObject({ userId: Id });

export const AddressRow = z.object({
  id: z.string(),
  recipients: z.string(),
  recipientsCellphone: z.string(),
  region: z.string(),
  addressName: z.string(),
  postCode: z.string(),
  defaultFlag: z.enum(['0', '1']),
});
export type AddressRow = z.infer<typeof AddressRow>;

/** Adds an address without `id`, updates the caller's own with it. */
export const AddressSaveRequest = z.strictObject({
  id: Id.optional(),
  recipients: z.string().trim().min(2).max(30),
  recipientsCellphone: z.string().trim().regex(MOBILE_RE),
  region: z.string().trim().min(2).max(60),
  addressName: z.string().trim().min(4).max(120),
  postCode: z.union([z.string().trim().regex(POST_CODE_RE), z.literal('')]).default(''),
  defaultFlag: z.enum(['0', '1']).default('0'),
});
export type AddressSaveRequest = z.infer<typeof AddressSaveRequest>;
export const AddressIdRequest = z.strictObject({ id: Id });
/** How many delivery addresses one user may keep. */
export const MAX_ADDRESSES = 20;

export const SealInfo = z.object({ uploadId: z.string(), url: z.string(), thumbUrl: z.string(), updatedAt: z.string() }).nullable();
export type SealInfo = z.infer<typeof SealInfo>;

/** The two review levels of the back office: member review (1) then risk control (2). */
export const ReviewLevel = z.enum(['member', 'risk']);
export type ReviewLevel = z.infer<typeof ReviewLevel>;

export const AdminCertificationListRequest = z.strictObject({
  status: z.enum(['1', '2', '3', '4', '5']).optional(),
  keyword: z.string().trim().max(100).optional(),
  ...pageFields(),
});
export type AdminCertificationListRequest = z.infer<typeof AdminCertificationListRequest>;

export const AdminCertificationRow = z.object({
  id: z.string(),
  firmId: z.string(),
  firmCode: z.string(),
  firmName: z.string(),
  submitter: z.string(),
  enterpriseName: z.string(),
  registerNo: z.string(),
  corporateName: z.string(),
  enterprisePhone: z.string(),
  operatorName: z.string(),
  operatorPhone: z.string(),
  enterpriseAddress: z.string(),
  firmType: EnterpriseFirmType,
  businessPhoto: z.string(),
  corporatePositiveCard: z.string(),
  corporateReverseCard: z.string(),
  status: z.enum(['1', '2', '3', '4', '5']),
  memberReason: z.string(),
  memberReviewedBy: z.string(),
  memberReviewedAt: z.string(),
  riskReason: z.string(),
  riskReviewedBy: z.string(),
  riskReviewedAt: z.string(),
  createdAt: z.string(),
});
export type AdminCertificationRow = z.infer<typeof AdminCertificationRow>;
export const AdminCertificationPage = pageOf(AdminCertificationRow);

export const AdminCertificationDecision = z
  .strictObject({ id: Id, level: ReviewLevel, approve: z.boolean(), reason: z.string().trim().max(200).optional() })
  .refine((d) => d.approve || (d.reason ?? '').length >= 2, { path: ['reason'], message: 'a rejection needs a reason' });
export type AdminCertificationDecision = z.infer<typeof AdminCertificationDecision>;

/** Which certification statuses each review level works on. */
export const REVIEW_QUEUE_STATUS: Record<ReviewLevel, '1' | '4'> = { member: '1', risk: '4' };

/** List replies, so clients check them without building schemas of their own. */
export const StaffList = z.array(StaffRow);
export const RoleList = z.array(RoleRow);
export const AddressList = z.array(AddressRow);
export const RightCatalogue = z.array(RightCatalogueEntry);
