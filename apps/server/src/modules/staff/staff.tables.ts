import { bigint, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StaffRight } from '@tp/contract';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A named set of back-office rights; staff hold the union of their roles' rights. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    rights: jsonb('rights').$type<StaffRight[]>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('staff_roles_name_uq').on(t.name)],
);

/** Which staff member holds which role (staff ids are the identity module's `staff.id`). */
export const staffRoleMembers = pgTable(
  'staff_role_members',
  {
    staffId: bigint('staff_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => staffRoles.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.roleId] })],
);
