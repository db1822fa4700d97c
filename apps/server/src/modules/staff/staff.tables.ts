import { bigint, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityKey, referenceTo, timestamps } from '../../platform/db/columns';
import type { StaffRight } from '@tp/contract';

/** A named set of back-office rights; staff hold the union of their roles' rights. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: identityKey(),
    name: text('name').notNull(),
    rights: jsonb('rights').$type<StaffRight[]>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('staff_roles_name_uq').on(t.name)],
);

/** Which staff member holds which role (staff ids are the identity module's `staff.id`). */
export const staffRoleMembers = pgTable(
  'staff_role_members',
  {
    staffId: bigint('staff_id', { mode: 'number' }).notNull(),
    roleId: referenceTo('role_id', () => staffRoles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.roleId] })],
);
