/**
 * SQL of the analytics reads (issue 13 "The calls of §7"; spec 002 §7, §9). Reads ONLY the daily
 * rollups (`analytics_daily*`, server/src/db/schema.analytics.ts) — never `analytics_events` — and
 * aggregates, filters, sorts and pages in SQL. Every function takes the database (`Db`); none decides
 * permissions (analytics.policy.ts / analytics.service.ts do).
 *
 * Shapes: counters are plain numbers (sums over the range; `watched` in seconds); days are UTC
 * `yyyy-MM-dd`; the range is inclusive.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Channel } from '../../../../embed/shared/analytics';
import type { Db } from '../../db/client';
import { accounts, botRevisions, bots, botTags, roles, users, widgets, type BotStatus } from '../../db/schema';
import {
  analyticsDaily,
  analyticsDailyAction,
  analyticsDailyPath,
  analyticsDailySlide,
  analyticsDailySource,
  analyticsDailyTransition,
} from '../../db/schema.analytics';
import { adminListCount } from '../../lib/list-page';
import { containsPattern, pageOffset } from '../../lib/list-query';
import { countedTotal } from '../../lib/list-count';
import { liveRank } from '../bot/bot.repo';
import type { DayRange } from './range';

/** The counters of an Analytics row (spec 002 §3), in the order of `AnalyticsRow`. */
export const COUNTER_KEYS = [
  'session',
  'opened',
  'engaged',
  'cta',
  'watched',
  'iframeViewed',
  'widgetViewed',
  'directIntroViewed',
  'iframeIntroViewed',
  'widgetIntroViewed',
  'sliderIntroViewed',
  'sliderSession',
  'sliderPlayed',
  'introActions',
  'contacted',
  'formSubmitted',
  'watermarkClicked',
  'liked',
  'impressions',
  'adClicks',
] as const;
export type CounterKey = (typeof COUNTER_KEYS)[number];
export type Counters = Record<CounterKey, number>;

const d = analyticsDaily;
const sumOf = (col: SQLWrapper) => sql<number>`coalesce(sum(${col}), 0)::float8`;
const sumOn = (channel: Channel, col: SQLWrapper) => sql<number>`coalesce(sum(${col}) filter (where ${d.channel} = ${channel}), 0)::float8`;

/**
 * Sum expressions over `analytics_daily` rows for every counter (the derived fields of the brief:
 * iframeViewed = viewed on iframe, widgetViewed = viewed on widget, {channel}IntroViewed = introViewed
 * per channel, sliderSession / sliderPlayed = session / played on slider).
 */
function counterSums(): Record<CounterKey, SQL<number>> {
  return {
    session: sumOf(d.session),
    opened: sumOf(d.opened),
    engaged: sumOf(d.engaged),
    cta: sumOf(d.cta),
    watched: sumOf(d.watchedSeconds),
    iframeViewed: sumOn('iframe', d.viewed),
    widgetViewed: sumOn('widget', d.viewed),
    directIntroViewed: sumOn('direct', d.introViewed),
    iframeIntroViewed: sumOn('iframe', d.introViewed),
    widgetIntroViewed: sumOn('widget', d.introViewed),
    sliderIntroViewed: sumOn('slider', d.introViewed),
    sliderSession: sumOn('slider', d.session),
    sliderPlayed: sumOn('slider', d.played),
    introActions: sumOf(d.introActions),
    contacted: sumOf(d.contacted),
    formSubmitted: sumOf(d.formSubmitted),
    watermarkClicked: sumOf(d.watermarkClicked),
    liked: sumOf(d.liked),
    impressions: sumOf(d.impressions),
    adClicks: sumOf(d.adClicks),
  };
}

/** Which rollup rows count: the day range, optionally one channel, some sliders, one account. */
export interface RollupScope {
  range: DayRange;
  /** Absent = all channels summed. */
  channel?: Channel | undefined;
  sliderIds?: number[] | undefined;
  /** Narrows the rollup scan to one account (uses analytics_daily_account_idx). */
  accountId?: number | undefined;
}

function dailyWhere(s: RollupScope): SQL | undefined {
  return and(
    gte(d.day, s.range.from),
    lte(d.day, s.range.to),
    s.channel ? eq(d.channel, s.channel) : undefined,
    s.sliderIds?.length ? inArray(d.sliderId, s.sliderIds) : undefined,
    s.accountId !== undefined ? eq(d.accountId, s.accountId) : undefined,
  );
}

/** Which bots: every filter of §7 (all optional; combined with AND). */
export interface BotScope {
  accountId?: number | undefined;
  botIds?: number[] | undefined;
  /** Authors (`user_ids`). */
  authorIds?: number[] | undefined;
  /** Case-insensitive substring of the bot name. */
  name?: string | undefined;
  status?: BotStatus | undefined;
  /** Bots having ANY of these tags. */
  tagIds?: number[] | undefined;
  /** accounts.business_type in these (admin). */
  businessTypes?: string[] | undefined;
  /** The bot's settings.useCase in these (admin). */
  useCases?: string[] | undefined;
  /** Website tier (admin): lower ≤ sessions in the range < upper. */
  lower?: number | undefined;
  upper?: number | undefined;
}

/** settings.useCase of the bot's published revision, else its latest (null when unset). */
const useCaseSql = sql<string | null>`(select nullif(r.content->'settings'->>'useCase', '') from ${botRevisions} r where r.id = coalesce(${bots.publishedRevisionId}, ${bots.latestRevisionId}))`;

const ids = (xs: number[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);

/**
 * Per-bot sums over the scope, as a subquery `s` (bot_id + one column per counter); `botIds` narrows
 * it to one page's bots (read through analytics_daily_bot_day_idx).
 */
function sumsSubquery(db: Db, scope: RollupScope, botIds?: number[]) {
  const sums = counterSums();
  const aliased = Object.fromEntries(COUNTER_KEYS.map((k) => [k, sums[k].as(`c_${k}`)])) as Record<CounterKey, SQL.Aliased<number>>;
  return db
    .select({ botId: d.botId, ...aliased })
    .from(d)
    .where(and(dailyWhere(scope), botIds ? inArray(d.botId, botIds) : undefined))
    .groupBy(d.botId)
    .as('s');
}

/** Bot ids with sessions (> 0) in the scope: one aggregate of one column over the range's rollups. */
function sessionBotsSubquery(db: Db, scope: RollupScope) {
  return db
    .select({ botId: d.botId, session: sql<number>`sum(${d.session})::float8`.as('a_session') })
    .from(d)
    .where(dailyWhere(scope))
    .groupBy(d.botId)
    .having(sql`sum(${d.session}) > 0`)
    .as('a');
}

/** No website tier: the per-bot sums are not needed to decide which bots match. */
const noTier = (b: BotScope) => b.lower === undefined && b.upper === undefined;

/** No bot filter at all: the count of matching bots is a counter. */
const unfiltered = (b: BotScope) =>
  noTier(b) && !b.botIds?.length && !b.authorIds?.length && !b.name && !b.status && !b.tagIds?.length && !b.businessTypes?.length && !b.useCases?.length;
type Sums = ReturnType<typeof sumsSubquery>;

function botWhere(b: BotScope, s: Sums): SQL | undefined {
  const sessions = sql`coalesce(${s.session}, 0)`;
  return and(
    b.accountId !== undefined ? eq(bots.accountId, b.accountId) : undefined,
    b.botIds?.length ? inArray(bots.id, b.botIds) : undefined,
    b.authorIds?.length ? inArray(bots.authorId, b.authorIds) : undefined,
    b.name ? ilike(bots.name, containsPattern(b.name)) : undefined,
    b.status ? eq(bots.status, b.status) : undefined,
    b.tagIds?.length ? sql`exists (select 1 from ${botTags} bt where bt.bot_id = ${bots.id} and bt.tag_id in (${ids(b.tagIds)}))` : undefined,
    b.businessTypes?.length ? inArray(accounts.businessType, b.businessTypes) : undefined,
    b.useCases?.length ? sql`${useCaseSql} in (${sql.join(b.useCases.map((u) => sql`${u}`), sql`, `)})` : undefined,
    b.lower !== undefined ? sql`${sessions} >= ${b.lower}` : undefined,
    b.upper !== undefined ? sql`${sessions} < ${b.upper}` : undefined,
  );
}

export type AnalyticsOrderBy = 'bot' | 'session' | 'opened' | 'engaged' | 'cta' | 'watched' | 'ctr' | 'live_status';

function orderExpression(orderBy: AnalyticsOrderBy, s: Sums, now: Date): SQL {
  switch (orderBy) {
    case 'bot':
      return sql`lower(${bots.name}) collate "C"`;
    case 'live_status':
      return liveRank(now);
    case 'ctr':
      // Bots without sessions (ctr null) sort below every rate.
      return sql`case when coalesce(${s.session}, 0) > 0 then ${s.opened} / ${s.session} else -1 end`;
    default:
      return sql`coalesce(${s[orderBy]}, 0)`;
  }
}

/** One per-bot row: the bot, its account, author and the sums of the range. */
export interface BotSumsRow extends Counters {
  botId: number;
  publicId: string;
  name: string;
  accountId: number;
  accountName: string;
  status: BotStatus;
  lastViewedAt: Date | null;
  authorEmail: string | null;
  businessType: string | null;
  useCase: string | null;
}

export interface BotPageParams {
  bots: BotScope;
  rollups: RollupScope;
  page: number;
  size: number;
  orderBy: AnalyticsOrderBy;
  direction: 'asc' | 'desc';
  /** The live status clock (order_by live_status). */
  now: Date;
}

/**
 * One page of the matching bots LEFT JOINed to their sums (bots without data show zeros), sorted
 * (ties by id in the same direction, so pages never overlap). The count of all matching bots is
 * `botSumsTotals(…).bots` (same filter), so no separate count query runs.
 *
 * Issue 18 (docs/scaling.md "Admin and analytics lists"): ordered by sessions (the default, and the
 * staff table's only order) without a website tier, the page's ids come first — the bots with
 * sessions from one one-column aggregate of the range's rollups (joined to their bots by primary key),
 * then the bots without sessions by id (`bots_account_id_idx`, or the primary key for every account),
 * in the order of the direction — and the counters are summed for those ids only. Other orders sort
 * every matching bot with its sums (the slow path).
 */
export async function botSumsPage(db: Db, p: BotPageParams): Promise<BotSumsRow[]> {
  const pageIds = p.orderBy === 'session' && noTier(p.bots) ? await sessionPageIds(db, p) : undefined;
  if (pageIds?.length === 0) return [];
  const s = sumsSubquery(db, p.rollups, pageIds);
  const where = pageIds ? inArray(bots.id, pageIds) : botWhere(p.bots, s);
  const dir = p.direction === 'asc' ? asc : desc;
  const counters = Object.fromEntries(COUNTER_KEYS.map((k) => [k, sql<number>`coalesce(${s[k]}, 0)`.mapWith(Number)])) as Record<CounterKey, SQL<number>>;
  const query = db
    .select({
      botId: bots.id,
      publicId: bots.publicId,
      name: bots.name,
      accountId: bots.accountId,
      accountName: accounts.businessName,
      status: bots.status,
      lastViewedAt: bots.lastViewedAt,
      authorEmail: users.email,
      businessType: accounts.businessType,
      useCase: useCaseSql,
      ...counters,
    })
    .from(bots)
    .innerJoin(accounts, eq(accounts.id, bots.accountId))
    .leftJoin(users, eq(users.id, bots.authorId))
    .leftJoin(s, eq(s.botId, bots.id))
    .where(where);
  if (pageIds) {
    const byId = new Map((await query).map((r) => [r.botId, r]));
    return pageIds.flatMap((id) => byId.get(id) ?? []);
  }
  return query
    .orderBy(dir(orderExpression(p.orderBy, s, p.now)), dir(bots.id))
    .limit(p.size)
    .offset(pageOffset(p.page, p.size));
}

/**
 * The ids of one page ordered by sessions (ties by id, both in `p.direction`), for a scope without a
 * website tier: the bots with sessions (`a`, bounded by the range's rollups) and the bots without
 * (session 0, by id), the latter after the former when descending and before them when ascending.
 */
async function sessionPageIds(db: Db, p: BotPageParams): Promise<number[]> {
  const offset = pageOffset(p.page, p.size);
  const a = sessionBotsSubquery(db, p.rollups);
  const unused = sumsSubquery(db, p.rollups); // botWhere reads it only for a website tier (none here)
  const dir = p.direction === 'asc' ? asc : desc;
  const withSessions = (limit: number, off: number) =>
    db
      .select({ id: bots.id, n: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(a)
      .innerJoin(bots, eq(bots.id, a.botId))
      .innerJoin(accounts, eq(accounts.id, bots.accountId))
      .where(botWhere(p.bots, unused))
      .orderBy(dir(a.session), dir(bots.id))
      .limit(limit)
      .offset(off);
  const countWithSessions = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(a)
        .innerJoin(bots, eq(bots.id, a.botId))
        .innerJoin(accounts, eq(accounts.id, bots.accountId))
        .where(botWhere(p.bots, unused))
    )[0]?.n ?? 0;
  const withoutSessions = (limit: number, off: number) =>
    db
      .select({ id: bots.id })
      .from(bots)
      .innerJoin(accounts, eq(accounts.id, bots.accountId))
      .where(and(botWhere(p.bots, unused), sql`${bots.id} not in (select ${a.botId} from ${a})`))
      .orderBy(dir(bots.id))
      .limit(limit)
      .offset(off);
  if (p.direction === 'desc') {
    const first = await withSessions(p.size, offset);
    if (first.length === p.size) return first.map((r) => r.id);
    const nA = first.length > 0 ? first[0]!.n : offset === 0 ? 0 : await countWithSessions();
    const rest = await withoutSessions(p.size - first.length, Math.max(0, offset - nA));
    return [...first.map((r) => r.id), ...rest.map((r) => r.id)];
  }
  const first = await withoutSessions(p.size, offset);
  if (first.length === p.size) return first.map((r) => r.id);
  // Fewer than a page of session-0 bots from `offset`: their number decides where the others start.
  const nZ =
    first.length > 0
      ? offset + first.length
      : (
          await db
            .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
            .from(bots)
            .innerJoin(accounts, eq(accounts.id, bots.accountId))
            .where(and(botWhere(p.bots, unused), sql`${bots.id} not in (select ${a.botId} from ${a})`))
        )[0]?.n ?? 0;
  const rest = await withSessions(p.size - first.length, Math.max(0, offset - nZ));
  return [...first.map((r) => r.id), ...rest.map((r) => r.id)];
}

/** Sums over every matching bot, with the mean and median of per-bot engagement % over bots with opens. */
export interface SumsTotals extends Counters {
  bots: number;
  /** Unrounded percentages, null when no bot had opens. */
  avgEngagement: number | null;
  medianEngagement: number | null;
}

/**
 * Totals of `botSumsPage`'s rows (all pages): median by `percentile_cont(0.5)`. Without a website
 * tier (issue 18) the sums join the range's per-bot rollups to their bots (bots without rollups add
 * nothing), and the number of bots is a counter when no filter is set (`list_counts` 'bots' of the
 * account, `admin_list_counts` 'all_bots' for every account), else a count of the matching bots.
 * With a tier, one aggregate over every matching bot LEFT JOINed to its sums.
 */
export async function botSumsTotals(db: Db, b: BotScope, r: RollupScope): Promise<SumsTotals> {
  const s = sumsSubquery(db, r);
  const rate = sql`(${s.engaged} / ${s.opened} * 100)`;
  const counters = Object.fromEntries(COUNTER_KEYS.map((k) => [k, sql<number>`coalesce(sum(${s[k]}), 0)::float8`.mapWith(Number)])) as Record<CounterKey, SQL<number>>;
  const fields = {
    bots: sql<number>`count(*)::int`.mapWith(Number),
    ...counters,
    avgEngagement: sql<number | null>`avg(${rate}) filter (where ${s.opened} > 0)`.mapWith((x) => (x === null ? null : Number(x))),
    medianEngagement: sql<number | null>`percentile_cont(0.5) within group (order by ${rate}) filter (where ${s.opened} > 0)`.mapWith((x) =>
      x === null ? null : Number(x),
    ),
  };
  if (!noTier(b)) {
    const [row] = await db.select(fields).from(bots).innerJoin(accounts, eq(accounts.id, bots.accountId)).leftJoin(s, eq(s.botId, bots.id)).where(botWhere(b, s));
    return row!;
  }
  const [row] = await db.select(fields).from(s).innerJoin(bots, eq(bots.id, s.botId)).innerJoin(accounts, eq(accounts.id, bots.accountId)).where(botWhere(b, s));
  const count = unfiltered(b)
    ? b.accountId !== undefined
      ? await countedTotal(db, b.accountId, ['bots'])
      : await adminListCount(db, 'all_bots')
    : ((await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(bots).innerJoin(accounts, eq(accounts.id, bots.accountId)).where(botWhere(b, s)))[0]?.n ?? 0);
  return { ...row!, bots: count };
}

/**
 * `bots.id in (…matching bots…)` for the per-day and per-slider reads. The per-bot sums are joined
 * only when a website tier (`lower` / `upper`) needs them.
 */
function matchingBotIds(db: Db, b: BotScope, r: RollupScope): SQL {
  const s = sumsSubquery(db, r);
  const base = db.select({ id: bots.id }).from(bots).innerJoin(accounts, eq(accounts.id, bots.accountId));
  const q = b.lower !== undefined || b.upper !== undefined ? base.leftJoin(s, eq(s.botId, bots.id)).where(botWhere(b, s)) : base.where(botWhere(b, s));
  return sql`${d.botId} in (${q})`;
}

/** Per-day sums (days with rows only; the service zero-fills): session, slider sessions, opened. */
export async function dailySums(db: Db, b: BotScope, r: RollupScope): Promise<Array<{ day: string; session: number; sliderSession: number; opened: number }>> {
  return db
    .select({
      day: d.day,
      session: sumOf(d.session).mapWith(Number),
      sliderSession: sumOn('slider', d.session).mapWith(Number),
      opened: sumOf(d.opened).mapWith(Number),
    })
    .from(d)
    .where(and(dailyWhere(r), matchingBotIds(db, b, r)))
    .groupBy(d.day)
    .orderBy(d.day);
}

/**
 * Per-slider sums on the slider channel (slider_id > 0), with the number of bots that played in it and
 * the carousel's name (issue 15): `widgets.name` of that id in the scope's account, else
 * `Carousel {id}` (a deleted carousel, or an id that is not the account's — never another account's name).
 */
export async function sliderSums(db: Db, b: BotScope, r: RollupScope): Promise<Array<Counters & { sliderId: number; bots: number; sliderName: string }>> {
  const scope: RollupScope = { ...r, channel: 'slider' };
  const sums = counterSums();
  const counters = Object.fromEntries(COUNTER_KEYS.map((k) => [k, sums[k].mapWith(Number)])) as Record<CounterKey, SQL<number>>;
  const sameAccount = b.accountId !== undefined ? sql` and w.account_id = ${b.accountId}` : sql``;
  const sliderName = sql<string>`coalesce((select w.name from ${widgets} w where w.id = ${d.sliderId}${sameAccount}), 'Carousel ' || ${d.sliderId})`;
  return db
    .select({ sliderId: d.sliderId, bots: sql<number>`count(distinct ${d.botId})::int`.mapWith(Number), sliderName, ...counters })
    .from(d)
    .where(and(dailyWhere(scope), sql`${d.sliderId} > 0`, matchingBotIds(db, b, scope)))
    .groupBy(d.sliderId)
    .orderBy(d.sliderId);
}

// --- one bot's detail -------------------------------------------------------------------------------

/** The detail tables of one bot over the range (names are resolved by the service). */
export interface BotDetailSums {
  slides: Array<{ slideId: number; played: number; liked: number; watched: number }>;
  actions: Array<{ slideId: number; optionId: number; clicked: number }>;
  sources: Array<{ source: string; session: number; opened: number }>;
  transitions: Array<{ from: number; to: number; count: number }>;
  /** The most taken paths (slide ids), most sessions first (ties by path text). */
  topPaths: Array<{ path: string; sessions: number }>;
  /** Sessions with a path in the range (the share's denominator). */
  pathSessions: number;
  /** Per slide: sessions whose path contains it, and whose path ends on it. */
  dropOff: Array<{ slideId: number; reached: number; endedHere: number }>;
}

/** Reads the detail rollups of `botId` (slides, actions, sources, transitions, paths, drop-off). */
export async function botDetailSums(db: Db, botId: number, range: DayRange, channel: Channel | undefined, topPaths = 10): Promise<BotDetailSums> {
  const scoped = <T extends typeof analyticsDailySlide | typeof analyticsDailyAction | typeof analyticsDailySource | typeof analyticsDailyTransition | typeof analyticsDailyPath>(t: T) =>
    and(eq(t.botId, botId), gte(t.day, range.from), lte(t.day, range.to), channel ? eq(t.channel, channel) : undefined);
  const n = (col: SQLWrapper) => sql<number>`coalesce(sum(${col}), 0)::float8`.mapWith(Number);
  const sl = analyticsDailySlide;
  const slides = await db
    .select({ slideId: sl.slideId, played: n(sl.played), liked: n(sl.liked), watched: n(sl.watchedSeconds) })
    .from(sl)
    .where(scoped(sl))
    .groupBy(sl.slideId)
    .orderBy(desc(sql`sum(${sl.played})`), sl.slideId);
  const ac = analyticsDailyAction;
  const actions = await db
    .select({ slideId: ac.slideId, optionId: ac.optionId, clicked: n(ac.clicked) })
    .from(ac)
    .where(scoped(ac))
    .groupBy(ac.slideId, ac.optionId)
    .orderBy(desc(sql`sum(${ac.clicked})`), ac.slideId, ac.optionId);
  const so = analyticsDailySource;
  const sources = await db
    .select({ source: so.source, session: n(so.session), opened: n(so.opened) })
    .from(so)
    .where(scoped(so))
    .groupBy(so.source)
    .orderBy(desc(sql`sum(${so.session})`), so.source)
    .limit(500);
  const tr = analyticsDailyTransition;
  const transitions = await db
    .select({ from: tr.fromSlideId, to: tr.toSlideId, count: n(tr.count) })
    .from(tr)
    .where(scoped(tr))
    .groupBy(tr.fromSlideId, tr.toSlideId)
    .orderBy(desc(sql`sum(${tr.count})`), tr.fromSlideId, tr.toSlideId);
  const pa = analyticsDailyPath;
  const paths = db.select({ path: pa.path, n: sql<number>`sum(${pa.sessions})::float8`.as('n') }).from(pa).where(scoped(pa)).groupBy(pa.path).as('p');
  const top = await db.select({ path: paths.path, sessions: sql<number>`${paths.n}`.mapWith(Number) }).from(paths).orderBy(desc(paths.n), paths.path).limit(topPaths);
  const [all] = await db.select({ n: sql<number>`coalesce(sum(${paths.n}), 0)::float8`.mapWith(Number) }).from(paths);
  // Each path's distinct slides (unnest) and its last slide: sessions that reached / ended on each slide.
  const dropRows = await rowsOf<{ slide_id: number; reached: number; ended: number }>(
    db,
    sql`with p as (
        select path, sum(sessions)::float8 as n, string_to_array(path, '>') as parts from ${pa}
        where bot_id = ${botId} and day >= ${range.from} and day <= ${range.to} ${channel ? sql`and channel = ${channel}` : sql``}
        group by path)
      select x.slide::int as slide_id, sum(p.n)::float8 as reached,
        coalesce(sum(p.n) filter (where x.slide = p.parts[array_length(p.parts, 1)]), 0)::float8 as ended
      from p cross join lateral (select distinct unnest(p.parts) as slide) x
      where x.slide ~ '^[0-9]{1,9}$'
      group by x.slide
      order by sum(p.n) desc, x.slide::int`,
  );
  const drop = dropRows.map((r) => ({ slideId: Number(r.slide_id), reached: Number(r.reached), endedHere: Number(r.ended) }));
  return { slides, actions, sources, transitions, topPaths: top, pathSessions: all?.n ?? 0, dropOff: drop };
}

// --- settings, names, features --------------------------------------------------------------------

/** Names of these bots of the account (ids of other accounts are not returned), by id. */
export async function botNames(db: Db, accountId: number, botIds: number[]): Promise<Array<{ id: number; name: string }>> {
  if (botIds.length === 0) return [];
  return db.select({ id: bots.id, name: bots.name }).from(bots).where(and(eq(bots.accountId, accountId), inArray(bots.id, botIds))).orderBy(bots.id);
}

/**
 * E-mails of these users, limited to users with a role in the account or authoring one of its bots
 * (so a report cannot reveal the e-mail of an arbitrary user id), at most `limit`.
 */
export async function userEmails(db: Db, accountId: number, userIds: number[], limit = 1000): Promise<Array<{ id: number; email: string }>> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.id, userIds),
        sql`(exists (select 1 from ${roles} r where r.user_id = ${users.id} and r.account_id = ${accountId})
          or exists (select 1 from ${bots} b where b.author_id = ${users.id} and b.account_id = ${accountId}))`,
      ),
    )
    .orderBy(users.id)
    .limit(limit);
}

/** The bot's published revision content, else its latest, else null. */
export async function botNamingContent(db: Db, botId: number): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ content: botRevisions.content })
    .from(bots)
    .innerJoin(botRevisions, sql`${botRevisions.id} = coalesce(${bots.publishedRevisionId}, ${bots.latestRevisionId})`)
    .where(eq(bots.id, botId))
    .limit(1);
  return row?.content ?? null;
}

// --- staff: live status, billing ------------------------------------------------------------------

export type LiveStatusOrderBy = 'bot_name' | 'account' | 'live_status' | 'last_viewed_at' | 'updated_at';

export interface LiveStatusDbRow {
  id: number;
  publicId: string;
  name: string;
  accountId: number;
  accountName: string;
  status: BotStatus;
  lastViewedAt: Date | null;
  sessions7d: number;
}

/**
 * One page of the Published bots of every account with their sessions of the 7 days ending `today`
 * (rollups), sorted by `orderBy` (never-seen bots last for last_viewed_at), ties by id.
 *
 * Issue 18 (docs/scaling.md "Admin and analytics lists"): the total is the `published_bots` counter
 * of `admin_list_counts` when unfiltered (else a count over the trigram index); the page's ids come
 * first from `bots` alone, walking a partial index of the Published bots (migration 0018:
 * last_viewed_at both directions, lower(name), updated_at); the account name and the 7-day sessions
 * are read for those ids only (analytics_daily_bot_day_idx). Orders by account or live rank need
 * every Published bot sorted: the documented slow path.
 */
export async function liveStatusPage(
  db: Db,
  p: { page: number; size: number; orderBy: LiveStatusOrderBy; direction: 'asc' | 'desc'; name?: string | undefined; now: Date; week: DayRange },
): Promise<{ rows: LiveStatusDbRow[]; totalCount: number }> {
  const where = and(eq(bots.status, 'Published'), p.name ? ilike(bots.name, containsPattern(p.name)) : undefined);
  const dir = p.direction === 'asc' ? asc : desc;
  const order: SQL[] = (() => {
    switch (p.orderBy) {
      case 'bot_name':
        return [dir(sql`lower(${bots.name}) collate "C"`)];
      case 'account':
        return [dir(sql`lower(${accounts.businessName}) collate "C"`), asc(sql`lower(${bots.name}) collate "C"`)];
      case 'live_status':
        return [dir(liveRank(p.now)), dir(sql`coalesce(${bots.lastViewedAt}, 'epoch'::timestamptz)`)];
      case 'last_viewed_at':
        return [sql`${bots.lastViewedAt} ${p.direction === 'asc' ? sql`asc` : sql`desc`} nulls last`];
      case 'updated_at':
        return [dir(bots.updatedAt)];
    }
  })();
  const totalCount = p.name
    ? ((await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(bots).where(where))[0]?.count ?? 0)
    : await adminListCount(db, 'published_bots');
  const idsQuery = db.select({ id: bots.id }).from(bots);
  const pageIds = (
    await (p.orderBy === 'account' ? idsQuery.innerJoin(accounts, eq(accounts.id, bots.accountId)) : idsQuery)
      .where(where)
      .orderBy(...order, dir(bots.id))
      .limit(p.size)
      .offset(pageOffset(p.page, p.size))
  ).map((r) => r.id);
  if (pageIds.length === 0) return { rows: [], totalCount };
  const s = db
    .select({ botId: d.botId, sessions: sumOf(d.session).as('sessions') })
    .from(d)
    .where(and(inArray(d.botId, pageIds), gte(d.day, p.week.from), lte(d.day, p.week.to)))
    .groupBy(d.botId)
    .as('s');
  const rows = await db
    .select({
      id: bots.id,
      publicId: bots.publicId,
      name: bots.name,
      accountId: bots.accountId,
      accountName: accounts.businessName,
      status: bots.status,
      lastViewedAt: bots.lastViewedAt,
      sessions7d: sql<number>`coalesce(${s.sessions}, 0)`.mapWith(Number),
    })
    .from(bots)
    .innerJoin(accounts, eq(accounts.id, bots.accountId))
    .leftJoin(s, eq(s.botId, bots.id))
    .where(inArray(bots.id, pageIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: pageIds.flatMap((id) => byId.get(id) ?? []), totalCount };
}

export interface BillingDbRow {
  accountId: number;
  accountName: string;
  logoKey: string | null;
  botId: number | null;
  publicId: string | null;
  botName: string | null;
  impressions: number;
  hasAdFeature: boolean;
  hasFeatureOnly: boolean;
}

/** Raw rows of `db.execute` on either driver (node-postgres QueryResult and PGlite Results both carry `rows`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Billing (spec 002 §2, §3 Billing row, §9): display-ad impressions per bot in the range (bots with
 * impressions > 0, channel display_ad), plus one row per account that has the `featureName` flag
 * (on for everyone, or listing the account — the ad.service.ts `accountHasFeature` rule) and no
 * impressions (hasFeatureOnly). Sorted by account name, then impressions (most first); one page,
 * the count of all rows and the total of impressions.
 */
export async function billingPage(
  db: Db,
  p: { range: DayRange; accountIds?: number[] | undefined; page: number; size: number; featureName: string },
): Promise<{ rows: BillingDbRow[]; totalCount: number; totalImpressions: number }> {
  const accountFilter = (col: SQL) => (p.accountIds?.length ? sql`and ${col} in (${ids(p.accountIds)})` : sql``);
  const body = sql`
    with imp as (
      select bot_id, sum(impressions)::float8 as n from analytics_daily
      where channel = 'display_ad' and day >= ${p.range.from} and day <= ${p.range.to} ${accountFilter(sql`account_id`)}
      group by bot_id having sum(impressions) > 0),
    feat as (
      -- every account when the flag is on for everyone (skipped unless it is), else the flag's listed accounts
      select a.id from accounts a where exists (select 1 from feature_flags f where f.name = ${p.featureName} and f.is_everyone is true)
      union
      select a.id from feature_flags f cross join unnest(f.account_ids) as x(id) join accounts a on a.id = x.id
      where f.name = ${p.featureName}),
    rows as (
      select b.account_id, b.id as bot_id, b.public_id, b.name as bot_name, imp.n as impressions,
        b.account_id in (select id from feat) as has_ad_feature, false as has_feature_only
      from imp join bots b on b.id = imp.bot_id
      union all
      select a.id, null, null, null, 0, true, true from accounts a
      where a.id in (select id from feat) ${accountFilter(sql`a.id`)}
        and not exists (select 1 from imp join bots b on b.id = imp.bot_id where b.account_id = a.id))`;
  const [totals] = await rowsOf<{ count: number; impressions: number }>(
    db,
    sql`${body} select count(*)::int as count, coalesce(sum(impressions), 0)::float8 as impressions from rows`,
  );
  const raw = await rowsOf<Record<string, unknown>>(
    db,
    sql`${body}
    select r.account_id, a.business_name, m.playback_key as logo_key, r.bot_id, r.public_id, r.bot_name, r.impressions,
      r.has_ad_feature, r.has_feature_only
    from rows r join accounts a on a.id = r.account_id
    left join media m on m.account_id = a.id and m.status = 'Ready'
      and m.id = case when jsonb_typeof(a.appearance->'logoId') = 'number' then (a.appearance->>'logoId')::int end
    order by lower(a.business_name) collate "C", r.account_id, r.impressions desc, r.bot_id
    limit ${p.size} offset ${pageOffset(p.page, p.size)}`,
  );
  const rows = raw.map((r) => ({
    accountId: Number(r.account_id),
    accountName: String(r.business_name),
    logoKey: (r.logo_key as string | null) ?? null,
    botId: r.bot_id === null ? null : Number(r.bot_id),
    publicId: (r.public_id as string | null) ?? null,
    botName: (r.bot_name as string | null) ?? null,
    impressions: Number(r.impressions),
    hasAdFeature: r.has_ad_feature === true,
    hasFeatureOnly: r.has_feature_only === true,
  }));
  return { rows, totalCount: Number(totals?.count ?? 0), totalImpressions: Number(totals?.impressions ?? 0) };
}
