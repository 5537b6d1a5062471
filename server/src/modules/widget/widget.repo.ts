/**
 * SQL of the widget module (tables widgets, widget_revisions; issue 15 "Widgets"; spec 002 §3, §7).
 * Shaped like bot.repo.ts: revisions are immutable rows, the widget row is locked while one is added.
 * Every function takes the database or an open transaction (`Db`); none decides permissions.
 */
import { and, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, bots, botTags, users, widgetRevisions, widgets, type RevisionStatus } from '../../db/schema';
import { containsPattern, pageOffset } from '../../lib/list-query';
import { countedTotal, countedTotalSql } from '../../lib/list-count';
import { MAX_CAROUSEL_ITEMS } from './widget.schemas';

export type WidgetRow = typeof widgets.$inferSelect;
export type WidgetRevisionRow = typeof widgetRevisions.$inferSelect;

/** One row of the widget list: the widget, its author, its latest revision's summary and the shown content's facts. */
export interface WidgetListRow {
  widget: WidgetRow;
  authorEmail: string | null;
  revisionId: number | null;
  revNumber: number | null;
  revisionStatus: RevisionStatus | null;
  /** contentType of the published (else latest) revision; null when unreadable. */
  contentType: string | null;
  /** Published vidbots of the account that content shows (capped at MAX_CAROUSEL_ITEMS). */
  botCount: number;
}

/** ids in a jsonb array of numbers (`content->'selectedBotIds'`), skipping anything that is not an integer. */
const jsonIds = (arr: SQL) =>
  sql`(select (x.v)::int from jsonb_array_elements_text(case when jsonb_typeof(${arr}) = 'array' then ${arr} else '[]'::jsonb end) as x(v) where x.v ~ '^[0-9]{1,9}$')`;

/**
 * Number of Published vidbots of `accountId` that the content `c` (a jsonb `WidgetContent`) shows
 * (spec 002 §3 contentType): All → every Published bot of the account; Selected → those of
 * `selectedBotIds`; ByTags → those having any of `selectedTagIds`. At most MAX_CAROUSEL_ITEMS (what
 * a carousel shows). The one rule behind `botCount` of the list and of `countShownBots`.
 *
 * `accountId` is a number, bound as a parameter, never a column reference: with a column the planner
 * must plan for any account, estimates a sixth of the bots table as Published and walks it with a
 * sequential scan hoping to stop after 100 rows — 14 ms per widget when the account's bots sit at the
 * end of a 100,000-row table (issue 18, found by `npm run bench -- lists`). With the value it sees the
 * account's own row estimate and uses `bots_account_status_idx`.
 */
export function shownBotCountSql(c: SQL, accountId: number): SQL<number> {
  const published = sql`b.account_id = ${accountId} and b.status = 'Published'`;
  // Each count stops at MAX_CAROUSEL_ITEMS rows (issue 18: an account with 100,000 Published bots
  // costs 100 index entries per widget, via bots_account_status_idx).
  const capped = (rows: SQL) => sql`(select count(*) from (${rows} limit ${MAX_CAROUSEL_ITEMS}) capped)`;
  return sql<number>`least(${MAX_CAROUSEL_ITEMS}, case ${c}->>'contentType'
    when 'Selected' then ${capped(sql`select 1 from ${bots} b where ${published} and b.id in ${jsonIds(sql`${c}->'selectedBotIds'`)}`)}
    when 'ByTags' then ${capped(sql`select 1 from ${bots} b where ${published} and exists (select 1 from ${botTags} bt where bt.bot_id = b.id and bt.tag_id in ${jsonIds(sql`${c}->'selectedTagIds'`)})`)}
    else ${capped(sql`select 1 from ${bots} b where ${published}`)} end)::int`;
}

/** `shownBotCountSql` for one content document (the detail answer). */
export async function countShownBots(db: Db, accountId: number, content: Record<string, unknown>): Promise<number> {
  const c = sql`${JSON.stringify(content)}::jsonb`;
  const [row] = await db
    .select({ n: shownBotCountSql(c, accountId).mapWith(Number) })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.n ?? 0;
}

export interface WidgetListParams {
  accountId: number;
  page: number;
  size: number;
  /** Case-insensitive substring of the name. */
  name?: string | undefined;
}

/**
 * One page of an account's widgets, newest first (ties by id, so pages never overlap), filtered by
 * name: the total (the `widgets` counter of `list_counts` when unfiltered, read in the page-ids
 * statement, else a count over the trigram index `widgets_name_trgm_idx`), the page's ids by LIMIT/OFFSET walking
 * `widgets_account_created_id_idx`, then those rows' details (author, latest revision summary, shown
 * content type and bot count) in page order (issue 18, docs/scaling.md "Lists at 100,000 rows").
 */
export async function listWidgetPage(db: Db, p: WidgetListParams): Promise<{ rows: WidgetListRow[]; totalCount: number }> {
  const lr = alias(widgetRevisions, 'lr');
  const pr = alias(widgetRevisions, 'pr');
  const author = alias(users, 'author');
  const where = and(eq(widgets.accountId, p.accountId), p.name ? ilike(widgets.name, containsPattern(p.name)) : undefined);
  const idRows = await db
    .select({ id: widgets.id, total: p.name ? sql<number>`0`.mapWith(Number) : countedTotalSql(p.accountId, ['widgets']) })
    .from(widgets)
    .where(where)
    .orderBy(desc(widgets.createdAt), desc(widgets.id))
    .limit(p.size)
    .offset(pageOffset(p.page, p.size));
  const pageIds = idRows.map((r) => r.id);
  const totalCount = p.name
    ? ((await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(widgets).where(where))[0]?.count ?? 0)
    : (idRows[0]?.total ?? (await countedTotal(db, p.accountId, ['widgets'])));
  if (pageIds.length === 0) return { rows: [], totalCount };
  const shown = sql`coalesce(${pr.content}, ${lr.content})`;
  const rows = await db
    .select({
      widget: widgets,
      authorEmail: author.email,
      revisionId: lr.id,
      revNumber: lr.revNumber,
      revisionStatus: lr.status,
      contentType: sql<string | null>`${shown}->>'contentType'`,
      botCount: shownBotCountSql(shown, p.accountId).mapWith(Number),
    })
    .from(widgets)
    .leftJoin(author, eq(author.id, widgets.authorId))
    .leftJoin(lr, eq(lr.id, widgets.latestRevisionId))
    .leftJoin(pr, eq(pr.id, widgets.publishedRevisionId))
    .where(inArray(widgets.id, pageIds));
  const byId = new Map(rows.map((r) => [r.widget.id, r]));
  return { rows: pageIds.flatMap((id) => byId.get(id) ?? []), totalCount };
}

export async function findWidgetById(db: Db, id: number): Promise<WidgetRow | undefined> {
  const [row] = await db.select().from(widgets).where(eq(widgets.id, id)).limit(1);
  return row;
}

/** Locks the widget row until the transaction ends (serialises saves and publishes of one widget). */
export async function lockWidget(tx: Db, id: number): Promise<WidgetRow | undefined> {
  const [row] = await tx.select().from(widgets).where(eq(widgets.id, id)).for('update');
  return row;
}

export async function findRevision(db: Db, id: number): Promise<WidgetRevisionRow | undefined> {
  const [row] = await db.select().from(widgetRevisions).where(eq(widgetRevisions.id, id)).limit(1);
  return row;
}

export async function findAuthor(db: Db, userId: number | null): Promise<{ id: number; email: string } | null> {
  if (userId === null) return null;
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Is `publicId` taken by a widget? */
export async function publicIdExists(db: Db, publicId: string): Promise<boolean> {
  const [row] = await db.select({ id: widgets.id }).from(widgets).where(eq(widgets.publicId, publicId)).limit(1);
  return Boolean(row);
}

/** Inserts a widget row (status Draft). */
export async function insertWidget(
  tx: Db,
  values: { publicId: string; accountId: number; name: string; type: WidgetRow['type']; privacy: WidgetRow['privacy']; authorId: number | null },
): Promise<WidgetRow> {
  const [row] = await tx.insert(widgets).values({ ...values, status: 'Draft' }).returning();
  if (!row) throw new Error('insert into widgets returned no row');
  return row;
}

/** Next revNumber of a widget: max + 1 (1 for the first). Call with the widget row locked. */
export async function nextRevNumber(tx: Db, widgetId: number): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${widgetRevisions.revNumber})`.mapWith((x) => (x === null ? null : Number(x))) })
    .from(widgetRevisions)
    .where(eq(widgetRevisions.widgetId, widgetId));
  return (row?.max ?? 0) + 1;
}

/** Inserts an immutable Draft revision. */
export async function insertRevision(
  tx: Db,
  values: { widgetId: number; revNumber: number; content: Record<string, unknown>; createdBy: number | null },
): Promise<WidgetRevisionRow> {
  const [row] = await tx.insert(widgetRevisions).values({ ...values, status: 'Draft' }).returning();
  if (!row) throw new Error('insert into widget_revisions returned no row');
  return row;
}

/** Updates widget columns (always bumps updated_at). */
export async function updateWidget(
  tx: Db,
  id: number,
  patch: Partial<Pick<WidgetRow, 'name' | 'privacy' | 'type' | 'status' | 'latestRevisionId' | 'publishedRevisionId'>>,
): Promise<WidgetRow> {
  const [row] = await tx
    .update(widgets)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(widgets.id, id))
    .returning();
  if (!row) throw new Error(`widget ${id} vanished during update`);
  return row;
}

/**
 * Marks `revisionId` Published (publishedAt now, unless it already is) and every other Published
 * revision of the widget Archived.
 */
export async function publishRevisionRows(tx: Db, widgetId: number, revision: WidgetRevisionRow): Promise<void> {
  await tx
    .update(widgetRevisions)
    .set({ status: 'Archived' })
    .where(and(eq(widgetRevisions.widgetId, widgetId), eq(widgetRevisions.status, 'Published'), ne(widgetRevisions.id, revision.id)));
  if (revision.status !== 'Published') {
    await tx.update(widgetRevisions).set({ status: 'Published', publishedAt: new Date() }).where(eq(widgetRevisions.id, revision.id));
  }
}

/** Ids among `ids` that are vidbots of `accountId` (any status). */
export async function accountBotIds(db: Db, accountId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: bots.id }).from(bots).where(and(eq(bots.accountId, accountId), inArray(bots.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Deletes a widget; its revisions go with it (foreign key cascades). */
export async function deleteWidgetRow(tx: Db, id: number): Promise<void> {
  await tx.delete(widgets).where(eq(widgets.id, id));
}
