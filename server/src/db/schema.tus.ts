/**
 * Finished tus uploads (spec 001 §4 "Media upload"; tus 1.0.0: HEAD answers the offset "even if the
 * upload is already considered completed"). When the last byte of a tus upload arrives its bytes move
 * into storage and the tus upload itself is removed; this row remembers that upload `uploadId` (the
 * last segment of the upload URL) became media `mediaId` with `size` bytes, so a client that lost the
 * final answer and resumes (HEAD) learns the upload is complete instead of starting a second one.
 * Deleted with its media.
 */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { media } from './schema';

export const tusFinishedUploads = pgTable(
  'tus_finished_uploads',
  {
    uploadId: text('upload_id').primaryKey(),
    mediaId: integer('media_id').notNull().references(() => media.id, { onDelete: 'cascade' }),
    /** Upload-Length of the finished upload, bytes (up to 2 GiB). */
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('tus_finished_uploads_media_idx').on(t.mediaId)],
);
