/**
 * Media captions (spec 001 §2 "Media library" subtitle upload and delete, §3 Media `captions`,
 * §7 `PUT /media/{id}/caption`). One WebVTT file per media and ISO 639-1 language: uploading the same
 * language again replaces it. The file lives in storage under `fileKey`
 * (`${accountId}/${uuid}/caption.vtt`, a capability URL under `/files/`).
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { media } from './schema';

export const mediaCaptions = pgTable(
  'media_captions',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id').notNull().references(() => media.id, { onDelete: 'cascade' }),
    /** ISO 639-1 code, lower case (`en`, `fi`). */
    languageCode: text('language_code').notNull(),
    fileKey: text('file_key').notNull(),
    /** Size of the .vtt file in bytes. */
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_captions_media_language_uq').on(t.mediaId, t.languageCode), index('media_captions_media_idx').on(t.mediaId)],
);
