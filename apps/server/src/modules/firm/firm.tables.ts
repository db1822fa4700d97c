import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, blank, createdAt, firmIdColumn, identityKey, referenceTo, timestamps, userIdColumn } from '../../platform/db/columns';

/** Firm codes are the 8-digit numbers traders quote (交易商代码), handed out in order. */
export const firmCodeSeq = pgSequence('firm_code_seq', { startWith: 10000001 });

/** A trading entity (交易商): personal or enterprise. Users act for exactly one firm. */
export const firms = pgTable(
  'firms',
  {
    id: identityKey(10001),
    firmCode: text('firm_code').notNull().default(sql`nextval('firm_code_seq')::text`),
    name: text('name').notNull(),
    userType: text('user_type').$type<'personal' | 'enterprise'>().notNull(),
    status: text('status').$type<'active' | 'frozen'>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('firms_firm_code_uq').on(t.firmCode),
    index('firms_name_idx').on(t.name),
    check('firms_user_type', sql`${t.userType} in ('personal', 'enterprise')`),
    check('firms_status', sql`${t.status} in ('active', 'frozen')`),
  ],
);

/** A firm's own roles (交易员, 财务...); staff rights are the union of their roles' rights. */
export const roles = pgTable(
  'roles',
  {
    id: identityKey(),
    firmId: referenceTo('firm_id', () => firms.id),
    roleName: text('role_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_firm_name_uq').on(t.firmId, t.roleName)],
);

/** Right codes come from the catalogue in firm.schemas.ts; the firm is repeated so every query is owner-scoped. */
export const roleRights = pgTable(
  'role_rights',
  {
    roleId: referenceTo('role_id', () => roles.id, { onDelete: 'cascade' }),
    firmId: referenceTo('firm_id', () => firms.id),
    rightCode: text('right_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.rightCode] }), index('role_rights_firm_idx').on(t.firmId)],
);

/** Which of a firm's roles a user (a staff member of that firm) holds. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: userIdColumn().notNull(),
    roleId: referenceTo('role_id', () => roles.id, { onDelete: 'cascade' }),
    firmId: referenceTo('firm_id', () => firms.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_firm_user_idx').on(t.firmId, t.userId)],
);

/** Append-only: who changed what about a firm, its roles or its staff's roles, and when. */
export const firmHistory = pgTable(
  'firm_history',
  {
    id: identityKey(),
    firmId: referenceTo('firm_id', () => firms.id),
    /** `user:<id>`, `staff:<id>` or `system`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('firm_history_firm_idx').on(t.firmId, t.id)],
);

/**
 * An enterprise certification submission (企业认证). `status` is the spec's code: 1 member pending
 * review, 4 risk-control pending, 2 approved, 3 member rejected, 5 risk-control rejected. A rejected
 * submission stays as history when the firm submits again; the newest row is the firm's state.
 */
export const firmCertifications = pgTable(
  'firm_certifications',
  {
    id: identityKey(),
    firmId: referenceTo('firm_id', () => firms.id),
    enterpriseName: text('enterprise_name').notNull(),
    registerNo: text('register_no').notNull(),
    corporateName: text('corporate_name').notNull(),
    enterprisePhone: text('enterprise_phone').notNull(),
    operatorName: text('operator_name').notNull(),
    operatorPhone: text('operator_phone').notNull(),
    enterpriseAddress: text('enterprise_address').notNull(),
    firmType: text('firm_type').notNull(),
    /** Upload ids (re-encoded images owned by the firm). */
    businessPhoto: uuid('business_photo').notNull(),
    corporatePositiveCard: uuid('corporate_positive_card').notNull(),
    corporateReverseCard: uuid('corporate_reverse_card').notNull(),
    status: text('status').$type<'1' | '2' | '3' | '4' | '5'>().notNull(),
    memberReason: blank('member_reason'),
    memberReviewedBy: blank('member_reviewed_by'),
    memberReviewedAt: at('member_reviewed_at'),
    riskReason: blank('risk_reason'),
    riskReviewedBy: blank('risk_reviewed_by'),
    riskReviewedAt: at('risk_reviewed_at'),
    submittedBy: bigint('submitted_by', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('firm_certifications_firm_idx').on(t.firmId, t.id),
    index('firm_certifications_status_idx').on(t.status, t.id),
    // One open (under review or approved) submission per firm, and one firm per business licence.
    uniqueIndex('firm_certifications_open_uq').on(t.firmId).where(sql`${t.status} in ('1', '2', '4')`),
    uniqueIndex('firm_certifications_register_no_uq').on(t.registerNo).where(sql`${t.status} in ('1', '2', '4')`),
    check('firm_certifications_status', sql`${t.status} in ('1', '2', '3', '4', '5')`),
  ],
);

/** A user's delivery addresses (收货地址); at most one default per user. */
export const firmAddresses = pgTable(
  'firm_addresses',
  {
    id: identityKey(),
    firmId: referenceTo('firm_id', () => firms.id),
    userId: userIdColumn().notNull(),
    recipients: text('recipients').notNull(),
    recipientsCellphone: text('recipients_cellphone').notNull(),
    region: text('region').notNull(),
    addressName: text('address_name').notNull(),
    postCode: blank('post_code'),
    defaultFlag: boolean('default_flag').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('firm_addresses_owner_idx').on(t.firmId, t.userId, t.id),
    uniqueIndex('firm_addresses_default_uq').on(t.userId).where(sql`${t.defaultFlag}`),
  ],
);

/** The firm's signature seal (电子签章) image, stamped on contracts. */
export const firmSeals = pgTable('firm_seals', {
  firmId: firmIdColumn()
    .primaryKey()
    .references(() => firms.id),
  uploadId: uuid('upload_id').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).notNull(),
  updatedAt: at('updated_at').notNull(),
});
