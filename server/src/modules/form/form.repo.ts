/**
 * SQL of form submissions (table form_submissions, server/src/db/schema.form.ts). None of these
 * decides permissions.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { formSubmissions } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';
import { adminListCount } from '../../lib/list-page';

export type FormSubmissionRow = typeof formSubmissions.$inferSelect;
export type NewFormSubmission = typeof formSubmissions.$inferInsert;

/** The submission with this client key (any bot). */
export async function findBySubmissionId(db: DbOrTx, submissionId: string): Promise<FormSubmissionRow | undefined> {
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.submissionId, submissionId)).limit(1);
  return row;
}

/**
 * Inserts a submission unless its `submissionId` exists (concurrent retries of one fill).
 * @returns the new row, or undefined when another request stored that key first.
 */
export async function insertSubmission(db: DbOrTx, values: NewFormSubmission): Promise<FormSubmissionRow | undefined> {
  const [row] = await db.insert(formSubmissions).values(values).onConflictDoNothing({ target: formSubmissions.submissionId }).returning();
  return row;
}

/**
 * One page of a bot's submissions, newest first (form_submissions_bot_idx scanned backwards), and the
 * total count: the `form_submissions` counter of the bot (lib/list-page.ts, issue 18).
 */
export async function listBotSubmissions(db: DbOrTx, botId: number, page: number, size: number): Promise<{ rows: FormSubmissionRow[]; totalCount: number }> {
  const where = and(eq(formSubmissions.botId, botId));
  const rows = await db
    .select()
    .from(formSubmissions)
    .where(where)
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(size)
    .offset(pageOffset(page, size));
  return { rows, totalCount: await adminListCount(db, 'form_submissions', botId) };
}

/** The submission with this row id. */
export async function findById(db: DbOrTx, id: number): Promise<FormSubmissionRow | undefined> {
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, id)).limit(1);
  return row;
}
