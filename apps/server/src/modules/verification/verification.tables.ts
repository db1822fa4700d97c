import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, blank, createdAt, identityKey, userIdColumn } from '../../platform/db/columns';

/**
 * A user's real-name verification. The ID number is kept as a keyed hash (one ID verifies one
 * user), masked for display, and encrypted for the contracts that must name it in full
 * (empty for verifications made before contracts needed it).
 */
export const realNameVerifications = pgTable(
  'real_name_verifications',
  {
    userId: userIdColumn().primaryKey(),
    name: text('name').notNull(),
    idNumberHash: text('id_number_hash').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    idNumberSealed: text('id_number_sealed'),
    verifiedAt: at('verified_at').notNull(),
  },
  (t) => [uniqueIndex('real_name_id_hash_uq').on(t.idNumberHash)],
);

/** A senior verification submission; a failed one stays as history when the user submits again. */
export const seniorVerifications = pgTable(
  'senior_verifications',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    location: text('location').$type<'mainland' | 'other'>().notNull(),
    nationality: blank('nationality'),
    name: text('name').notNull(),
    certificateName: text('certificate_name').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    frontImageId: uuid('front_image_id').notNull(),
    backImageId: uuid('back_image_id').notNull(),
    holdingImageId: uuid('holding_image_id').notNull(),
    status: text('status').$type<'review' | 'passed' | 'failed'>().notNull(),
    reason: blank('reason'),
    reviewedBy: blank('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('senior_verifications_user_idx').on(t.userId, t.id),
    index('senior_verifications_status_idx').on(t.status, t.id),
    // At most one submission waiting or passed per user: a second submit races into this.
    uniqueIndex('senior_verifications_open_uq').on(t.userId).where(sql`${t.status} in ('review', 'passed')`),
    check('senior_verifications_status', sql`${t.status} in ('review', 'passed', 'failed')`),
  ],
);
