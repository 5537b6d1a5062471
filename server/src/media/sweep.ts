/**
 * The media sweep, a recurring job of the Postgres queue (`media.sweep`): removes what abandoned
 * uploads leave behind, so neither the disk/bucket nor the library fills with them (issue 5 upload
 * pipeline; spec 001 §4 "Media upload").
 *
 * Each run:
 * 1. deletes the tus uploads that were never finished within `TUS_EXPIRATION_MS` (7 days) of their
 *    creation — @tus/server's expiration extension, through the datastore's `deleteExpired()`;
 * 2. deletes the Draft media rows that never received a file (`source_key` null) and are older than
 *    the expiration plus a day of grace: their upload can no longer be resumed, so nobody can finish
 *    them (a page reload resumes within the expiration; docs/api.md "Media");
 * 3. queues the next run `SWEEP_INTERVAL_MS` (6 h) later, unless another run is already queued.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs, media } from '../db/schema';
import { enqueueJob, type JobHandler } from '../jobs/queue';
import { createTusDatastore, TUS_EXPIRATION_MS } from './tus-store';

export const MEDIA_SWEEP = 'media.sweep';
/** Time between two sweeps (ms). */
export const SWEEP_INTERVAL_MS = 6 * 3600_000;
/** A Draft without a file is abandoned this long after its creation (ms): the tus expiration + 1 day. */
export const ABANDONED_DRAFT_MS = TUS_EXPIRATION_MS + 24 * 3600_000;

/** Queues a sweep `delayMs` from now unless one is already queued or running. Resolves true when it queued one. */
export async function scheduleMediaSweep(db: Db, delayMs = 0): Promise<boolean> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, MEDIA_SWEEP), inArray(jobs.status, ['queued'])))
    .limit(1);
  if (pending) return false;
  await enqueueJob(db, MEDIA_SWEEP, {}, { maxAttempts: 1, delayMs });
  return true;
}

/** Deletes Draft media rows without a file created before `now - ABANDONED_DRAFT_MS`. Resolves with their ids. */
export async function deleteAbandonedDrafts(db: Db, now: Date = new Date()): Promise<number[]> {
  const before = new Date(now.getTime() - ABANDONED_DRAFT_MS);
  const rows = await db
    .delete(media)
    .where(and(eq(media.status, 'Draft'), sql`${media.sourceKey} IS NULL`, lt(media.createdAt, before)))
    .returning({ id: media.id });
  return rows.map((r) => r.id);
}

export const mediaSweepJob: JobHandler = {
  async run({ deps }) {
    let expiredUploads = 0;
    let uploadSweepError: string | null = null;
    try {
      expiredUploads = await createTusDatastore(deps).deleteExpired();
    } catch (error) {
      // An S3-compatible server without ListMultipartUploads cannot list expired uploads; the bucket's
      // own lifecycle rule (AbortIncompleteMultipartUpload) is the remedy there. Keep sweeping drafts.
      uploadSweepError = error instanceof Error ? error.message : String(error);
    }
    const drafts = await deleteAbandonedDrafts(deps.db);
    await scheduleMediaSweep(deps.db, SWEEP_INTERVAL_MS);
    return { expiredUploads, abandonedDrafts: drafts.length, ...(uploadSweepError ? { uploadSweepError } : {}) };
  },
};
