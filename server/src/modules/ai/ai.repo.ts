/**
 * SQL of AI jobs (issue 16; table `ai_jobs`, server/src/db/schema.ai.ts) and the queue job that runs
 * them. Shared by the wizards (ai.service.ts / ai.job.ts, queue type `ai.run`) and the avatar generator
 * (avatar.service.ts / avatar.job.ts, queue type `avatar.render`).
 *
 * `createAiJob` inserts the row (status `queued`) and enqueues its queue job in ONE transaction, so a
 * job id answered to a client always has work behind it. `updateAiJob` writes status / progress /
 * result / error and bumps `updated_at`.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { aiJobs } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';
import type { AiJob, AiJobStatusName, AiJobType } from './ai.schemas';

export type AiJobRow = typeof aiJobs.$inferSelect;

/** Queue job types. Payload `{ aiJobId: string }`. */
export const AI_RUN = 'ai.run';
export const AVATAR_RENDER = 'avatar.render';

/** A new public job id: 22 URL-safe random characters (128 bits). */
export function newAiJobId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Inserts an `ai_jobs` row (status `queued`) and enqueues `queueType` `{ aiJobId }` in one transaction.
 * @param opts.maxAttempts queue attempts (default 2: one retry of a temporary error).
 */
export async function createAiJob(
  db: Db,
  row: { accountId: number; userId: number; type: AiJobType; input: Record<string, unknown> },
  queueType: string,
  opts: { maxAttempts?: number } = {},
): Promise<AiJobRow> {
  return db.transaction(async (tx) => {
    const id = newAiJobId();
    const [inserted] = await tx.insert(aiJobs).values({ id, ...row, status: 'queued' }).returning();
    const job = await enqueueJob(tx, queueType, { aiJobId: id }, { maxAttempts: opts.maxAttempts ?? 2 });
    const [updated] = await tx.update(aiJobs).set({ queueJobId: job.id }).where(eq(aiJobs.id, id)).returning();
    return updated ?? inserted!;
  });
}

export async function findAiJob(db: DbOrTx, id: string): Promise<AiJobRow | undefined> {
  const [row] = await db.select().from(aiJobs).where(eq(aiJobs.id, id)).limit(1);
  return row;
}

/** Writes the given fields and `updated_at = now()`. */
export async function updateAiJob(
  db: DbOrTx,
  id: string,
  patch: Partial<{ status: AiJobStatusName; progress: number; result: Record<string, unknown> | null; error: string | null }>,
): Promise<void> {
  await db
    .update(aiJobs)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(aiJobs.id, id));
}

/** The API shape of a row (`GET /gen-ai/status/{id}`). */
export function toAiJobJson(row: AiJobRow): AiJob {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    progress: row.progress,
    error: row.error,
    result: row.status === 'ready' ? (row.result as never) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as AiJob;
}
