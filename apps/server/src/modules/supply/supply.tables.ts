import { bigint, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, blank, createdAt, firmIdColumn, identityKey, referenceTo, statusChange, timestamps, userIdColumn } from '../../platform/db/columns';

/** A supply or demand note (供求信息) of a firm, public once staff approve it. */
export const supplyNotes = pgTable(
  'supply_notes',
  {
    id: identityKey(300001),
    firmId: firmIdColumn().notNull(),
    /** The user who released it (or last re-submitted it). */
    userId: userIdColumn().notNull(),
    /** supply 供 or demand 求. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: blank('description'),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }),
    commodityName: text('commodity_name').notNull(),
    brand: blank('brand'),
    specifications: blank('specifications'),
    packages: blank('packages'),
    /** null: negotiable. */
    price: numeric('price', { precision: 38, scale: 2 }),
    unit: blank('unit'),
    weight: numeric('weight', { precision: 38, scale: 3 }).notNull(),
    weightUnit: text('weight_unit').notNull(),
    address: text('address').notNull(),
    companyName: text('company_name').notNull(),
    contactsName: text('contacts_name').notNull(),
    contactsPhone: text('contacts_phone').notNull(),
    img: uuid('img'),
    /** W pending, U revoked, T approved, F rejected, D forced off-shelf. */
    status: text('status').notNull(),
    reason: blank('reason'),
    topAt: at('top_at'),
    auditedBy: blank('audited_by'),
    auditedAt: at('audited_at'),
    ...timestamps(),
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
    id: identityKey(),
    noteId: referenceTo('note_id', () => supplyNotes.id),
    ...statusChange(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('supply_note_history_note_idx').on(t.noteId, t.id)],
);
