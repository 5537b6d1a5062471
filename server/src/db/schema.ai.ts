/**
 * AI jobs (issue 16; spec 001 §4 "AI jobs"): one row per URL analysis, script generation, prompt
 * generation or avatar video. `id` is the public job id (random, URL-safe, 16+ characters) answered as
 * `jobId` and polled at `GET /gen-ai/status/{id}`. `status` walks the §4 polling states
 * (ai.schemas.ts `AI_JOB_STATUSES`) and ends `ready` (with `result`) or `failed` (with `error`).
 * The work runs as a queue job (`jobs` row, type `ai.run`, `queue_job_id`); `input` is the validated
 * request body. `user_id` is who asked; only users who may use the account read the job.
 */
import { index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema';
import type { AiJobStatusName, AiJobType } from '../modules/ai/ai.schemas';

export const aiJobs = pgTable(
  'ai_jobs',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<AiJobType>().notNull(),
    status: text('status').$type<AiJobStatusName>().notNull().default('pending'),
    /** 0..1 */
    progress: real('progress').notNull().default(0),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    queueJobId: integer('queue_job_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('ai_jobs_account_idx').on(t.accountId, t.createdAt)],
);
