import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, identityKey } from '../../platform/db/columns';

/** A document of the download centre (contract templates, rules): the stored PDF, its title and version. */
export const downloadDocuments = pgTable(
  'download_documents',
  {
    id: identityKey(895001),
    title: text('title').notNull(),
    version: text('version').notNull(),
    /** The upload holding the file (owned by the staff member who published it). */
    uploadId: text('upload_id').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** Withdrawn documents stay for the record but are no longer listed. */
    deletedAt: at('deleted_at'),
  },
  (t) => [index('download_documents_live_idx').on(t.deletedAt, t.id)],
);
