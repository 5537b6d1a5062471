/**
 * SQL of the bot module (tables bots, bot_revisions, media; DESIGN §1b "Revisions are immutable
 * rows"). Every function takes the database or an open transaction (`Db`); none decides permissions.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, botRevisions, bots, botTags, media, tags, users, type AccountOptions, type RevisionStatus } from '../../db/schema';
import { containsPattern, pageOffset } from '../../lib/list-query';
import { countedTotal, countedTotalSql } from '../../lib/list-count';
import type { BotOrderBy } from './bot.schemas';

export type BotRow = typeof bots.$inferSelect;
export type RevisionRow = typeof botRevisions.$inferSelect;
export type MediaRow = typeof media.$inferSelect;

/** Media kinds that are images (their playback file is the image itself). */
export const IMAGE_KINDS = ['SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'] as const;
/** Media kinds that are videos. */
export const VIDEO_KINDS = ['SlideVideo', 'LogoVideo'] as const;

/** One row of the vidbot list: the bot, its author and its latest revision's summary. */
export interface BotListRow {
  bot: BotRow;
  authorEmail: string | null;
  revisionId: number | null;
  revNumber: number | null;
  revisionStatus: RevisionStatus | null;
  slideCount: number;
  /** Storage key of the first INTRO slide's poster (or image), Ready media of the same account only. */
  posterKey: string | null;
  /** The bot's tags by lower-cased name. */
  tagsList: Array<{ id: number; name: string }>;
}

export interface BotListParams {
  accountId: number;
  page: number;
  size: number;
  orderBy: BotOrderBy;
  direction: 'asc' | 'desc';
  /** Case-insensitive substring of the name. */
  name?: string | undefined;
  /** Keep bots having ANY of these tags. */
  tagIds?: number[] | undefined;
  /** The clock of the live status (its 24 h window ends here). */
  now: Date;
}

/** Window of the live status: seen within this many ms → live (issue 11; docs/api.md). */
export const LIVE_WINDOW_MS = 24 * 3600_000;

/** Status sort order of spec 001 §2: Draft 1, Deactivated 2, Published 3. */
const statusRank = sql`case ${bots.status} when 'Draft' then 1 when 'Deactivated' then 2 when 'Published' then 3 else 4 end`;

/**
 * Live-status sort order of spec 001 §2 (inactive 1, offline 2, live 3) for Published bots, the
 * same rule as `liveStatusOf` in bot.service.ts; 0 for the others (they have no live status).
 * Also sorts the analytics table and the staff live status list (analytics.repo.ts).
 */
export function liveRank(now: Date): SQL {
  const since = new Date(now.getTime() - LIVE_WINDOW_MS).toISOString();
  return sql`case when ${bots.status} <> 'Published' then 0 when ${bots.lastViewedAt} is null then 1 when ${bots.lastViewedAt} >= ${since}::timestamptz then 3 else 2 end`;
}

function orderExpressions(orderBy: BotOrderBy, now: Date): Array<SQL | typeof bots.createdAt | typeof bots.updatedAt> {
  switch (orderBy) {
    case 'name':
      // Code-point order on the lower-cased name: identical on PGlite and every PostgreSQL locale.
      return [sql`lower(${bots.name}) collate "C"`];
    case 'status':
      return [statusRank, liveRank(now)];
    case 'created_at':
      return [bots.createdAt];
    case 'updated_at':
      return [bots.updatedAt];
  }
}

/** `{ id, name }[]` of a bot's tags by lower-cased name, as one JSON value (for list rows). */
const tagsListJson = sql<Array<{ id: number; name: string }>>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name) collate "C", t.id)
  from ${botTags} bt join ${tags} t on t.id = bt.tag_id
  where bt.bot_id = ${bots.id}), '[]'::json)`;

/**
 * One page of an account's bots, sorted (ties broken by id in the same direction so pages never
 * overlap) and filtered by name and tags (any of `tagIds`), issue 18 "Lists at scale"
 * (docs/scaling.md "Lists at 100,000 rows"):
 * 1. the total: the `bots` counter of `list_counts` when unfiltered, else a count of the filtered set
 *    (name: trigram index `bots_name_trgm_idx`; tags: `bot_tags_tag_idx`);
 * 2. the page's ids by `ORDER BY <key>, id LIMIT/OFFSET` on bot columns only, walking an
 *    `(account_id, <key>, id)` index of migration 0015 (the `status` order's live rank depends on
 *    the clock and cannot be indexed: it sorts the account's rows, the documented slow path);
 * 3. the details of those rows alone (author, latest revision summary, poster, tags) in page order.
 */
export async function listBotPage(db: Db, p: BotListParams): Promise<{ rows: BotListRow[]; totalCount: number }> {
  const lr = alias(botRevisions, 'lr');
  const author = alias(users, 'author');
  const where = and(
    eq(bots.accountId, p.accountId),
    p.name ? ilike(bots.name, containsPattern(p.name)) : undefined,
    p.tagIds?.length
      ? sql`exists (select 1 from ${botTags} bt where bt.bot_id = ${bots.id} and bt.tag_id in (${sql.join(p.tagIds.map((id) => sql`${id}`), sql`, `)}))`
      : undefined,
  );
  const dir = p.direction === 'asc' ? asc : desc;
  const slides = sql`case when jsonb_typeof(${lr.content}->'slides') = 'array' then ${lr.content}->'slides' else '[]'::jsonb end`;
  const imageKinds = sql.join(IMAGE_KINDS.map((k) => sql`${k}`), sql`, `);

  const filtered = Boolean(p.name) || Boolean(p.tagIds?.length);
  // 1. the page's ids, sorted on bot columns only (unfiltered: with the `bots` counter in the same
  // statement); 2. the row details for those ids alone — so the revision content, poster and tag
  // subqueries never run for the rows OFFSET skips (bench/list.ts).
  const idRows = await db
    .select({ id: bots.id, total: filtered ? sql<number>`0`.mapWith(Number) : countedTotalSql(p.accountId, ['bots']) })
    .from(bots)
    .where(where)
    .orderBy(...orderExpressions(p.orderBy, p.now).map((e) => dir(e)), dir(bots.id))
    .limit(p.size)
    .offset(pageOffset(p.page, p.size));
  const pageIds = idRows.map((r) => r.id);
  const totalCount = filtered
    ? ((await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(bots).where(where))[0]?.count ?? 0)
    : (idRows[0]?.total ?? (await countedTotal(db, p.accountId, ['bots'])));
  if (pageIds.length === 0) return { rows: [], totalCount };
  const rows = await db
    .select({
      bot: bots,
      authorEmail: author.email,
      revisionId: lr.id,
      revNumber: lr.revNumber,
      revisionStatus: lr.status,
      slideCount: sql<number>`coalesce(jsonb_array_length(${slides}), 0)`.mapWith(Number),
      posterKey: sql<string | null>`(
        select coalesce(m.poster_key, case when m.type in (${imageKinds}) then m.playback_key end)
        from jsonb_array_elements(${slides}) as s(el)
        join ${media} m on m.id = (case when s.el->>'type' = 'IMAGE' then s.el->>'imageId' else s.el->>'videoId' end)::int
          and m.account_id = ${bots.accountId} and m.status = 'Ready'
        where s.el->>'category' = 'INTRO'
        limit 1)`,
      tagsList: tagsListJson,
    })
    .from(bots)
    .leftJoin(author, eq(author.id, bots.authorId))
    .leftJoin(lr, eq(lr.id, bots.latestRevisionId))
    .where(inArray(bots.id, pageIds));
  const byId = new Map(rows.map((r) => [r.bot.id, r]));
  return { rows: pageIds.flatMap((id) => byId.get(id) ?? []), totalCount };
}

export async function findBotById(db: Db, id: number): Promise<BotRow | undefined> {
  const [row] = await db.select().from(bots).where(eq(bots.id, id)).limit(1);
  return row;
}

/** Locks the bot row until the transaction ends (serialises saves and publishes of one bot). */
export async function lockBot(tx: Db, id: number): Promise<BotRow | undefined> {
  const [row] = await tx.select().from(bots).where(eq(bots.id, id)).for('update');
  return row;
}

/** The bot with this publicId and its account's status. */
export async function findBotByPublicId(
  db: Db,
  publicId: string,
): Promise<{ bot: BotRow; accountStatus: string; accountOptions: AccountOptions } | undefined> {
  const [row] = await db
    .select({ bot: bots, accountStatus: accounts.status, accountOptions: accounts.options })
    .from(bots)
    .innerJoin(accounts, eq(accounts.id, bots.accountId))
    .where(eq(bots.publicId, publicId))
    .limit(1);
  return row;
}

export async function findRevision(db: Db, id: number): Promise<RevisionRow | undefined> {
  const [row] = await db.select().from(botRevisions).where(eq(botRevisions.id, id)).limit(1);
  return row;
}

export async function findAuthor(db: Db, userId: number | null): Promise<{ id: number; email: string } | null> {
  if (userId === null) return null;
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Is `publicId` taken? */
export async function publicIdExists(db: Db, publicId: string): Promise<boolean> {
  const [row] = await db.select({ id: bots.id }).from(bots).where(eq(bots.publicId, publicId)).limit(1);
  return Boolean(row);
}

/** Inserts a bot row (status Draft). */
export async function insertBot(
  tx: Db,
  values: { publicId: string; accountId: number; name: string; privacy: BotRow['privacy']; authorId: number },
): Promise<BotRow> {
  const [row] = await tx.insert(bots).values({ ...values, status: 'Draft' }).returning();
  if (!row) throw new Error('insert into bots returned no row');
  return row;
}

/** Next revNumber of a bot: max + 1 (1 for the first). Call with the bot row locked. */
export async function nextRevNumber(tx: Db, botId: number): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${botRevisions.revNumber})`.mapWith((x) => (x === null ? null : Number(x))) })
    .from(botRevisions)
    .where(eq(botRevisions.botId, botId));
  return (row?.max ?? 0) + 1;
}

/** Inserts an immutable Draft revision. */
export async function insertRevision(
  tx: Db,
  values: { botId: number; revNumber: number; content: Record<string, unknown>; createdBy: number },
): Promise<RevisionRow> {
  const [row] = await tx.insert(botRevisions).values({ ...values, status: 'Draft' }).returning();
  if (!row) throw new Error('insert into bot_revisions returned no row');
  return row;
}

/** Updates bot columns (always bumps updated_at). */
export async function updateBot(
  tx: Db,
  id: number,
  patch: Partial<Pick<BotRow, 'name' | 'privacy' | 'isStarred' | 'status' | 'latestRevisionId' | 'publishedRevisionId'>>,
): Promise<BotRow> {
  const [row] = await tx
    .update(bots)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(bots.id, id))
    .returning();
  if (!row) throw new Error(`bot ${id} vanished during update`);
  return row;
}

/** Sets a revision's status (the only mutable columns of a revision, with publishedAt). */
export async function setRevisionStatus(tx: Db, id: number, status: RevisionStatus, publishedAt?: Date): Promise<RevisionRow> {
  const [row] = await tx
    .update(botRevisions)
    .set(publishedAt ? { status, publishedAt } : { status })
    .where(eq(botRevisions.id, id))
    .returning();
  if (!row) throw new Error(`revision ${id} vanished during update`);
  return row;
}

/** Media rows with these ids in this account (ids of other accounts are simply not returned). */
export async function findAccountMedia(db: Db, accountId: number, ids: number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(and(eq(media.accountId, accountId), inArray(media.id, ids)));
}

/**
 * Records that the player loaded the bot at `now`: sets `last_viewed_at` unless it is already within
 * the last minute (one write per bot per minute at most, however many viewers). Does not touch
 * `updated_at`. Resolves true when it wrote.
 */
export async function touchLastViewed(db: Db, id: number, now: Date): Promise<boolean> {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  const rows = await db
    .update(bots)
    .set({ lastViewedAt: now })
    .where(and(eq(bots.id, id), sql`(${bots.lastViewedAt} is null or ${bots.lastViewedAt} <= ${minuteAgo}::timestamptz)`))
    .returning({ id: bots.id });
  return rows.length > 0;
}

/** Deletes a bot; its revisions and tag links go with it (foreign keys cascade). */
export async function deleteBotRow(tx: Db, id: number): Promise<void> {
  await tx.delete(bots).where(eq(bots.id, id));
}
