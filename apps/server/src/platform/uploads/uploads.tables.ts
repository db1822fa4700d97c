import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** Files kept under `<dataDir>/uploads`; the row names the owner the object-level check compares with. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    /** `firm` (a user's upload belongs to the firm), `user` (a user without a firm) or `staff`. */
    ownerKind: text('owner_kind').notNull(),
    ownerId: text('owner_id').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    /** `image` or `document`. */
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    /** Of the stored bytes, so a file changed on disk can be detected. */
    sha256: text('sha256').notNull(),
    /** Relative to `<dataDir>/uploads`, so the data directory can move. */
    path: text('path').notNull(),
    thumbPath: text('thumb_path'),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerKind, t.ownerId, t.createdAt)],
);
