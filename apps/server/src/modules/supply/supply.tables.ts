import { bigint, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A supply or demand note (供求信息) of a firm, public once staff approve it. */
export const supplyNotes = pgTable(
  'supply_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 300001 }),
    firmId: bigint('firm_id', { mode: 'number' }).notNull(),
    /** The user who released it (or last re-submitted it). */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** supply 供 or demand 求. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }),
    commodityName: text('commodity_name').notNull(),
    brand: text('brand').notNull().default(''),
    specifications: text('specifications').notNull().default(''),
    packages: text('packages').notNull().default(''),
    /** null: negotiable. */
    price: numeric('price', { precision: 38, scale: 2 }),
    unit: text('unit').notNull().default(''),
    weight: numeric('weight', { precision: 38, scale: 3 }).notNull(),
    weightUnit: text('weight_unit').notNull(),
    address: text('address').notNull(),
    companyName: text('company_name').notNull(),
    contactsName: text('contacts_name').notNull(),
    contactsPhone: text('contacts_phone').notNull(),
    img: uuid('img'),
    /** W pending, U revoked, T approved, F rejected, D forced off-shelf. */
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    topAt: at('top_at'),
    auditedBy: text('audited_by').notNull().default(''),
    auditedAt: at('audited_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('supply_notes_public_idx').on(t.status, t.topAt, t.id),
    index('supply_notes_firm_idx').on(t.firmId, t.id),
  ],
);

/** Every state change of a note: who, when, from, to, why. */
export const supplyNoteHistory = pgTable(
  'supply_note_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noteId: bigint('note_id', { mode: 'number' })
      .notNull()
      .references(() => supplyNotes.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('supply_note_history_note_idx').on(t.noteId, t.id)],
);
