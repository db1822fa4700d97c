import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Firm codes are the 8-digit numbers traders quote (交易商代码), handed out in order. */
export const firmCodeSeq = pgSequence('firm_code_seq', { startWith: 10000001 });

/** A trading entity (交易商): personal or enterprise. Users act for exactly one firm. */
export const firms = pgTable(
  'firms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    firmCode: text('firm_code').notNull().default(sql`nextval('firm_code_seq')::text`),
    name: text('name').notNull(),
    userType: text('user_type').$type<'personal' | 'enterprise'>().notNull(),
    status: text('status').$type<'active' | 'frozen'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    firmId: bigint('firm_id', { mode: 'number' })
      .notNull()
      .references(() => firms.id),
    roleName: text('role_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('roles_firm_name_uq').on(t.firmId, t.roleName)],
);

/** Right codes come from the catalogue in firm.schemas.ts; the firm is repeated so every query is owner-scoped. */
export const roleRights = pgTable(
  'role_rights',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    firmId: bigint('firm_id', { mode: 'number' })
      .notNull()
      .references(() => firms.id),
    rightCode: text('right_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.rightCode] }), index('role_rights_firm_idx').on(t.firmId)],
);

/** Which of a firm's roles a user (a staff member of that firm) holds. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    firmId: bigint('firm_id', { mode: 'number' })
      .notNull()
      .references(() => firms.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_firm_user_idx').on(t.firmId, t.userId)],
);

/** Append-only: who changed what about a firm, its roles or its staff's roles, and when. */
export const firmHistory = pgTable(
  'firm_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    firmId: bigint('firm_id', { mode: 'number' })
      .notNull()
      .references(() => firms.id),
    /** `user:<id>`, `staff:<id>` or `system`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('firm_history_firm_idx').on(t.firmId, t.id)],
);
