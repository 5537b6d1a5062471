/**
 * Seeds a large account by SQL for the scale tests and `npm run bench -- lists` (issue 18 "Lists at
 * scale": "100,000 vidbots and 100,000 media in one account (seeded by SQL)"). One `INSERT … SELECT
 * FROM generate_series` per table — no API calls, no per-row round trips — so 100,000 bots with
 * revisions and 100,000 media take seconds on PostgreSQL and PGlite alike.
 *
 * What a seeded account holds (`n` = `opts.bots`, `m` = `opts.media`):
 * - bots `Scale bot 000001` … named so that **`SCALE_SEARCH_1PCT`** ("needle") matches exactly 1 % of
 *   them: every 100th bot (i % 100 = 0) is named `Scale needle bot <i>`. Status cycles Draft /
 *   Published / Deactivated, `last_viewed_at` set on a third of them, `created_at`/`updated_at` spread
 *   over the past n minutes (distinct, so orders are stable), author = `authorId` when given.
 * - one revision per bot (rev 1, `latest_revision_id` points at it) whose content has 3 slides, the
 *   first an INTRO VIDEO slide pointing at a Ready media row of the account (cover image subquery).
 * - media `Scale media 000001` … (every 100th `Scale needle media <i>`), types cycling video / image /
 *   audio, status Ready, sizes and durations set; no replacement rows.
 * - `opts.tags` tags `Scale tag <k>` and each bot tagged with tag (i % tags) when tags > 0.
 * - `opts.widgets` widgets `Scale widget <i>` (every 100th `Scale needle widget <i>`), Draft, each
 *   with revision 1 holding the default Slider content.
 *
 * Runs `ANALYZE` on the seeded tables at the end so plans reflect the data.
 *
 * @param db any drizzle database (PGlite or PostgreSQL) with migrations applied.
 * @param opts.accountId an existing account (see `createScaleAccount`).
 * @returns the counts written.
 * @throws the database's error when a table's columns changed (then update this file).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts } from '../src/db/schema';
import { defaultWidgetContent } from '../src/modules/widget/widget.schemas';
import { toStoredWidgetContent } from '../src/modules/widget/widget.service';

/** A name search that matches exactly 1 % of seeded bots, media and widgets ("needle"). */
export const SCALE_SEARCH_1PCT = 'needle';

export interface ScaleSeedOptions {
  accountId: number;
  bots?: number;
  media?: number;
  tags?: number;
  widgets?: number;
  /** users.id written as author / created_by (null when absent). */
  authorId?: number | null;
}

export interface ScaleSeedResult {
  bots: number;
  media: number;
  tags: number;
  widgets: number;
}

/** Creates an empty account `{ publicId, businessName }` and returns its id. */
export async function createScaleAccount(db: Db, publicId: string, businessName = `Scale ${publicId}`): Promise<number> {
  const [row] = await db.insert(accounts).values({ publicId, businessName }).returning({ id: accounts.id });
  return row!.id;
}

/** Seeds the account (see the module comment). Idempotence is not attempted: call it once per account. */
export async function seedScaleAccount(db: Db, opts: ScaleSeedOptions): Promise<ScaleSeedResult> {
  const accountId = opts.accountId;
  const nBots = opts.bots ?? 0;
  const nMedia = opts.media ?? 0;
  const nTags = opts.tags ?? 0;
  const nWidgets = opts.widgets ?? 0;
  const author = opts.authorId ?? null;
  // A unique prefix per call: public ids are unique across the whole database.
  const prefix = `s${accountId}x${Date.now().toString(36)}`;

  if (nMedia > 0) {
    await db.execute(sql`
      insert into media (account_id, name, type, status, source_key, source_mime, playback_key, playback_mime, poster_key,
                         size, duration, width, height, created_by, created_at, updated_at)
      select ${accountId},
             case when i % 100 = 0 then 'Scale needle media ' || lpad(i::text, 6, '0') else 'Scale media ' || lpad(i::text, 6, '0') end,
             (array['video','image','audio'])[1 + i % 3],
             'Ready',
             ${prefix} || '/media/' || i || '/source', 'video/mp4',
             ${prefix} || '/media/' || i || '/playback.mp4', 'video/mp4',
             ${prefix} || '/media/' || i || '/poster.jpg',
             1000000 + i, case when i % 3 = 1 then null else 5 + (i % 120) end, 1280, 720,
             ${author}::int,
             now() - make_interval(mins => ${nMedia} - i),
             now() - make_interval(mins => ${nMedia} - i)
      from generate_series(1, ${nMedia}) as g(i)`);
  }
  // A Ready video of the account for the slides' INTRO (the cover-image subquery joins it).
  const coverRows = await db.execute(sql`select id from media where account_id = ${accountId} and status = 'Ready' and type = 'video' order by id limit 1`);
  const coverId = (rowsOf(coverRows)[0] as { id: number } | undefined)?.id ?? null;

  if (nBots > 0) {
    await db.execute(sql`
      insert into bots (public_id, account_id, name, status, privacy, author_id, created_at, updated_at, last_viewed_at)
      select ${prefix} || 'b' || i, ${accountId},
             case when i % 100 = 0 then 'Scale needle bot ' || lpad(i::text, 6, '0') else 'Scale bot ' || lpad(i::text, 6, '0') end,
             (array['Draft','Published','Deactivated'])[1 + i % 3],
             'Public', ${author}::int,
             now() - make_interval(mins => ${nBots} - i),
             now() - make_interval(mins => ${nBots} - i) + make_interval(secs => i % 7),
             case when i % 3 = 1 then now() - make_interval(hours => i % 48) else null end
      from generate_series(1, ${nBots}) as g(i)`);
    const slides = sql`jsonb_build_array(
        jsonb_build_object('id', 's1', 'category', 'INTRO', 'type', 'VIDEO', 'videoId', ${coverId}::int, 'name', 'Intro'),
        jsonb_build_object('id', 's2', 'category', 'SLIDE', 'type', 'VIDEO', 'videoId', ${coverId}::int, 'name', 'Second'),
        jsonb_build_object('id', 's3', 'category', 'SLIDE', 'type', 'VIDEO', 'videoId', ${coverId}::int, 'name', 'Third'))`;
    await db.execute(sql`
      insert into bot_revisions (bot_id, rev_number, status, content, created_by, created_at)
      select b.id, 1, 'Draft', jsonb_build_object('slides', ${slides}), ${author}::int, b.created_at
      from bots b where b.account_id = ${accountId} and b.latest_revision_id is null`);
    await db.execute(sql`
      update bots b set latest_revision_id = r.id
      from bot_revisions r
      where r.bot_id = b.id and b.account_id = ${accountId} and b.latest_revision_id is null`);
  }
  if (nTags > 0) {
    await db.execute(sql`
      insert into tags (account_id, name)
      select ${accountId}, 'Scale tag ' || k from generate_series(1, ${nTags}) as g(k)`);
    if (nBots > 0) {
      await db.execute(sql`
        insert into bot_tags (bot_id, tag_id)
        select b.id, t.id
        from (select id, row_number() over (order by id) as i from bots where account_id = ${accountId}) b
        join (select id, row_number() over (order by id) - 1 as k from tags where account_id = ${accountId}) t
          on t.k = b.i % ${nTags}`);
    }
  }
  if (nWidgets > 0) {
    await db.execute(sql`
      insert into widgets (public_id, account_id, name, type, status, privacy, author_id, created_at, updated_at)
      select ${prefix} || 'w' || i, ${accountId},
             case when i % 100 = 0 then 'Scale needle widget ' || lpad(i::text, 6, '0') else 'Scale widget ' || lpad(i::text, 6, '0') end,
             'Slider', 'Draft', 'Public', ${author}::int,
             now() - make_interval(mins => ${nWidgets} - i), now() - make_interval(mins => ${nWidgets} - i)
      from generate_series(1, ${nWidgets}) as g(i)`);
    await db.execute(sql`
      insert into widget_revisions (widget_id, rev_number, status, content, created_by, created_at)
      select w.id, 1, 'Draft', ${JSON.stringify(toStoredWidgetContent(defaultWidgetContent('Slider'), 'http://localhost'))}::jsonb, ${author}::int, w.created_at
      from widgets w where w.account_id = ${accountId} and w.latest_revision_id is null`);
    await db.execute(sql`
      update widgets w set latest_revision_id = r.id
      from widget_revisions r
      where r.widget_id = w.id and w.account_id = ${accountId} and w.latest_revision_id is null`);
  }
  await db.execute(sql`analyze bots, bot_revisions, media, tags, bot_tags, widgets, widget_revisions`);
  return { bots: nBots, media: nMedia, tags: nTags, widgets: nWidgets };
}

/** Rows of a `db.execute` result: node-postgres gives `{ rows }`, PGlite `{ rows }` too; arrays pass through. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return ((result as { rows?: unknown[] }).rows ?? []) as unknown[];
}
