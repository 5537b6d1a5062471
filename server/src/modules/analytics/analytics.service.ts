/**
 * Analytics reads (issue 13 "The calls of §7", "Live status becomes real", "Metrics of §9"; spec 002
 * §2, §3 Analytics row, §6 permissions, §7 calls, §9 ranges and metrics; docs/api.md "Analytics").
 *
 * Every number comes from the daily rollups (analytics.repo.ts; never the raw events). Ranges:
 * `resolveRange(from_date, to_date, now, include_today)` (range.ts: an invalid date → the last 30
 * days; the end is clamped to yesterday, or today with include_today; billing always up to today).
 * Each function takes an optional `now` (default the wall clock) so tests control "today".
 *
 * Metrics (§9): ctr = opened / session × 100, ctaRate = cta / opened × 100, engagementRate =
 * engaged / opened × 100 — percentages with one decimal, null when the denominator is 0. Totals add
 * avgEngagementRate / medianEngagementRate: the mean / median of per-bot engagement % over the bots
 * with opened > 0 (one decimal). `watched` is seconds, one decimal.
 *
 * Errors: 404 `Account not found.` / `Vidbot not found.` when the caller may not use the account
 * (or it does not exist); 403 for a role that may not (analytics.policy.ts); 422 from the schemas.
 */
import { eq } from 'drizzle-orm';
import type { Channel } from '../../../../embed/shared/analytics';
import { accounts } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import { listMetadata } from '../../lib/list-query';
import { assertAccountAccess } from '../../lib/policy';
import { findAccountById } from '../account/account.repo';
import { findBotById } from '../bot/bot.repo';
import { fileUrl, liveStatusOf, readContent } from '../bot/bot.service';
import { accountHasFeature, ADS_FEATURE } from '../share/ad.service';
import type * as S from './analytics.schemas';
import { canEditAnalyticsSettings, canExportAnalytics, canViewAdminAnalytics, canViewAnalytics, canViewBilling } from './analytics.policy';
import * as repo from './analytics.repo';
import { daysOf, resolveRange, shiftDay, utcDay, type DayRange } from './range';

/** The watermark feature flag (§9 "The watermark column is removed unless a watermark feature is enabled"). */
export const WATERMARK_FEATURE = 'hide_watermark';
/** Rows of the report (§9 "report requests 9999"), users of its filter (1000). */
export const REPORT_ROWS = 9999;
export const REPORT_USERS = 1000;
/** Paths listed in a bot's detail. */
export const TOP_PATHS = 10;

// --- metrics ----------------------------------------------------------------------------------------

const round1 = (x: number) => Math.round(x * 10) / 10;

/** `num / den × 100` with one decimal, or null when `den` is 0 (§9). */
export function percent(num: number, den: number): number | null {
  return den > 0 ? round1((num / den) * 100) : null;
}

type CountersOut = repo.Counters & { ctr: number | null; ctaRate: number | null; engagementRate: number | null };

/** The counters of a row plus the §9 rates (`watched` to one decimal). */
export function withRates(row: repo.Counters): CountersOut {
  const c = Object.fromEntries(repo.COUNTER_KEYS.map((k) => [k, row[k]])) as repo.Counters;
  c.watched = round1(c.watched);
  return { ...c, ctr: percent(c.opened, c.session), ctaRate: percent(c.cta, c.opened), engagementRate: percent(c.engaged, c.opened) };
}

function totalsOut(t: repo.SumsTotals, range: DayRange, channel: Channel | undefined): S.AnalyticsTotals {
  return {
    from: range.from,
    to: range.to,
    channel: channel ?? null,
    bots: t.bots,
    ...withRates(t),
    avgEngagementRate: t.avgEngagement === null ? null : round1(t.avgEngagement),
    medianEngagementRate: t.medianEngagement === null ? null : round1(t.medianEngagement),
  };
}

function rowOut(r: repo.BotSumsRow, now: Date): S.AnalyticsRow {
  return {
    botId: r.botId,
    publicId: r.publicId,
    bot: r.name,
    accountId: r.accountId,
    accountName: r.accountName,
    status: r.status,
    liveStatus: liveStatusOf(r, now),
    authorEmail: r.authorEmail,
    ...withRates(r),
  };
}

function pointsOut(range: DayRange, rows: Array<{ day: string; session: number; sliderSession: number; opened: number }>): S.ChartPoints['points'] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(range).map((day) => {
    const r = byDay.get(day);
    return { day, analytics: { session: r?.session ?? 0, sliderSession: r?.sliderSession ?? 0, opened: r?.opened ?? 0 } };
  });
}

// --- guards and scopes ---------------------------------------------------------------------------------

/** 404 unless the caller may read the account's analytics and the account exists. */
async function assertAnalyticsAccount(deps: AppDeps, user: AuthUser, accountId: number) {
  assertAccountAccess(user, accountId);
  if (!canViewAnalytics(user, accountId)) throw notFound('Account not found.');
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw notFound('Account not found.');
  return account;
}

type ChartParams = S.AnalyticsChartQuery;

function scopesOf(accountId: number, q: ChartParams, now: Date): { range: DayRange; bots: repo.BotScope; rollups: repo.RollupScope } {
  const range = resolveRange(q.from_date, q.to_date, now, q.include_today);
  return {
    range,
    bots: { accountId, botIds: q.bot_ids, authorIds: q.user_ids, name: q.bot_name, status: q.status, tagIds: q.tag_ids },
    rollups: { range, channel: q.channel, sliderIds: q.slider_ids, accountId },
  };
}

function adminScopes(q: S.AdminDailyQuery, now: Date): { range: DayRange; bots: repo.BotScope; rollups: repo.RollupScope } {
  const range = resolveRange(q.from_date, q.to_date, now, q.include_today);
  return {
    range,
    bots: { botIds: q.bot_ids, businessTypes: q.business_type, useCases: q.use_case, lower: q.lower, upper: q.upper },
    rollups: { range },
  };
}

// --- account reads ----------------------------------------------------------------------------------

/** `GET /analytics`: one page of per-bot rows (bots without data show zeros) and the totals over all matching bots. */
export async function listAnalytics(deps: AppDeps, user: AuthUser, q: S.AnalyticsListQuery, now = new Date()): Promise<S.AnalyticsList> {
  await assertAnalyticsAccount(deps, user, q.account_id);
  const { range, bots, rollups } = scopesOf(q.account_id, q, now);
  const rows = await repo.botSumsPage(deps.db, { bots, rollups, page: q.page, size: q.size, orderBy: q.order_by, direction: q.order_direction, now });
  const totals = await repo.botSumsTotals(deps.db, bots, rollups);
  return {
    records: rows.map((r) => rowOut(r, now)),
    metadata: listMetadata(q.page, q.size, totals.bots),
    totals: totalsOut(totals, range, q.channel),
  };
}

/** `GET /analytics/total/{accountId}`: totals and rates over the matching bots. */
export async function analyticsTotals(deps: AppDeps, user: AuthUser, accountId: number, q: S.AnalyticsChartQuery, now = new Date()): Promise<S.AnalyticsTotals> {
  await assertAnalyticsAccount(deps, user, accountId);
  const { range, bots, rollups } = scopesOf(accountId, q, now);
  return totalsOut(await repo.botSumsTotals(deps.db, bots, rollups), range, q.channel);
}

/** `GET /analytics/total/{accountId}/daily`: one point per day of the range, zeros included. */
export async function analyticsDaily(deps: AppDeps, user: AuthUser, accountId: number, q: S.AnalyticsChartQuery, now = new Date()): Promise<S.ChartPoints> {
  await assertAnalyticsAccount(deps, user, accountId);
  const { range, bots, rollups } = scopesOf(accountId, q, now);
  return { from: range.from, to: range.to, points: pointsOut(range, await repo.dailySums(deps.db, bots, rollups)) };
}

async function sliderRows(deps: AppDeps, bots: repo.BotScope, rollups: repo.RollupScope): Promise<S.SliderRows['records']> {
  const rows = await repo.sliderSums(deps.db, bots, rollups);
  // sliderName: the carousel's name (widgets.name), `Carousel {id}` when it is gone (analytics.repo.ts sliderSums)
  return rows.map((r) => ({ sliderId: r.sliderId, sliderName: r.sliderName, bots: r.bots, ...withRates(r) }));
}

/** `GET /analytics/widget/{accountId}`: one row per carousel (slider channel, slider_id > 0), by slider id. */
export async function sliderAnalytics(deps: AppDeps, user: AuthUser, accountId: number, q: S.AnalyticsChartQuery, now = new Date()): Promise<S.SliderRows> {
  await assertAnalyticsAccount(deps, user, accountId);
  const { range, bots, rollups } = scopesOf(accountId, q, now);
  return { from: range.from, to: range.to, records: await sliderRows(deps, bots, rollups) };
}

interface Naming {
  slide(id: number): string;
  option(slideId: number, optionId: number): string;
}

/** Slide and button names from a revision's content; unknown ids read `Slide {id}` / `Button {id}`. */
function namingOf(content: Record<string, unknown> | null): Naming {
  const slides = new Map<number, string>();
  const options = new Map<string, string>();
  for (const s of readContent(content ?? undefined).slides) {
    slides.set(s.id, s.name);
    for (const o of s.options ?? []) options.set(`${s.id}:${o.id}`, o.name);
  }
  return {
    slide: (id) => slides.get(id) ?? `Slide ${id}`,
    option: (slideId, optionId) => options.get(`${slideId}:${optionId}`) ?? `Button ${optionId}`,
  };
}

/**
 * `GET /analytics/bot/{botId}`: slides (played, liked, watched), actions (button clicks), sources,
 * transitions (from 0 = 'Start'), the 10 most taken paths with their share % of the sessions that have
 * a path, and drop-off per slide (reached = sessions whose path contains the slide, endedHere = whose
 * path ends on it, dropOffRate = endedHere / reached %). Names come from the published revision
 * (else the latest). 404 when the caller may not use the bot's account.
 */
export async function botAnalytics(deps: AppDeps, user: AuthUser, botId: number, q: S.AnalyticsBotQuery, now = new Date()): Promise<S.BotAnalyticsDetail> {
  const bot = await findBotById(deps.db, botId);
  if (!bot || !canViewAnalytics(user, bot.accountId)) throw notFound('Vidbot not found.');
  const range = resolveRange(q.from_date, q.to_date, now, q.include_today);
  const sums = await repo.botDetailSums(deps.db, botId, range, q.channel, TOP_PATHS);
  const name = namingOf(await repo.botNamingContent(deps.db, botId));
  const slideName = (id: number) => (id === 0 ? 'Start' : name.slide(id));
  return {
    botId,
    name: bot.name,
    from: range.from,
    to: range.to,
    channel: q.channel ?? null,
    slides: sums.slides.map((s) => ({ slideId: s.slideId, name: name.slide(s.slideId), played: s.played, liked: s.liked, watched: round1(s.watched) })),
    actions: sums.actions.map((a) => ({
      slideId: a.slideId,
      slideName: name.slide(a.slideId),
      optionId: a.optionId,
      actionName: name.option(a.slideId, a.optionId),
      actionClicked: a.clicked,
    })),
    sources: sums.sources,
    transitions: sums.transitions.map((t) => ({ from: t.from, fromName: slideName(t.from), to: t.to, toName: slideName(t.to), count: t.count })),
    paths: sums.topPaths.map((p) => ({
      slides: p.path
        .split('>')
        .filter((x) => /^\d{1,9}$/.test(x))
        .map((x) => ({ id: Number(x), name: name.slide(Number(x)) })),
      sessions: p.sessions,
      share: percent(p.sessions, sums.pathSessions) ?? 0,
    })),
    dropOff: sums.dropOff.map((x) => ({ slideId: x.slideId, name: name.slide(x.slideId), reached: x.reached, endedHere: x.endedHere, dropOffRate: percent(x.endedHere, x.reached) })),
  };
}

/**
 * `GET /analytics/report`: everything an export needs — up to 9999 rows (most sessions first), the
 * per-slider rows, totals, chart points, the filter's bots (ids → names, this account's only) and
 * users (ids → e-mails of users with a role in or a bot of the account, up to 1000), and `watermark`:
 * true iff the account has the `hide_watermark` feature (§9, literal reading: the watermark column is
 * kept only when a watermark feature is enabled). 404 outside the account; 403 for Editor and Viewer
 * (§6 "Editors and Viewers cannot download"), so the account's users are never fetched for them.
 */
export async function analyticsReport(deps: AppDeps, user: AuthUser, q: S.AnalyticsReportQuery, now = new Date()): Promise<S.AnalyticsReport> {
  await assertAnalyticsAccount(deps, user, q.account_id);
  if (!canExportAnalytics(user, q.account_id)) throw forbidden('Only Owners and Admins can download analytics reports.');
  const { range, bots, rollups } = scopesOf(q.account_id, q, now);
  const rows = await repo.botSumsPage(deps.db, { bots, rollups, page: 1, size: REPORT_ROWS, orderBy: 'session', direction: 'desc', now });
  const totals = await repo.botSumsTotals(deps.db, bots, rollups);
  return {
    from: range.from,
    to: range.to,
    channel: q.channel ?? null,
    bots: await repo.botNames(deps.db, q.account_id, q.bot_ids ?? []),
    users: await repo.userEmails(deps.db, q.account_id, q.user_ids ?? [], REPORT_USERS),
    watermark: await accountHasFeature(deps.db, q.account_id, WATERMARK_FEATURE),
    rows: rows.map((r) => rowOut(r, now)),
    sliders: await sliderRows(deps, bots, rollups),
    totals: totalsOut(totals, range, q.channel),
    points: pointsOut(range, await repo.dailySums(deps.db, bots, rollups)),
  };
}

// --- settings -----------------------------------------------------------------------------------------

const settingsOf = (a: { analyticsDefaultChannel: Channel | null; analyticsDisplayFields: S.AnalyticsSettings['analyticsDisplayFields'] }): S.AnalyticsSettings => ({
  analyticsDefaultChannel: a.analyticsDefaultChannel,
  analyticsDisplayFields: {
    email: a.analyticsDisplayFields.email !== false,
    cta: a.analyticsDisplayFields.cta !== false,
    watermark_clicked: a.analyticsDisplayFields.watermark_clicked === true,
  },
});

/** `GET /analytics/settings/{accountId}`: any Active role or staff; 404 otherwise. */
export async function getAnalyticsSettings(deps: AppDeps, user: AuthUser, accountId: number): Promise<S.AnalyticsSettings> {
  return settingsOf(await assertAnalyticsAccount(deps, user, accountId));
}

/**
 * `PUT /analytics/settings/{accountId}`: Owner or superuser (403 otherwise, 404 outside the account);
 * replaces both settings. Audited as `account.analytics_settings_update` with the new values.
 */
export async function updateAnalyticsSettings(deps: AppDeps, user: AuthUser, accountId: number, body: S.AnalyticsSettings): Promise<S.AnalyticsSettings> {
  const account = await assertAnalyticsAccount(deps, user, accountId);
  if (!canEditAnalyticsSettings(user, accountId)) throw forbidden('Only the Owner can change the analytics settings.');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ analyticsDefaultChannel: body.analyticsDefaultChannel, analyticsDisplayFields: body.analyticsDisplayFields, updatedAt: new Date() })
      .where(eq(accounts.id, accountId))
      .returning();
    if (!row) throw notFound('Account not found.');
    await recordAudit(tx, {
      accountId,
      actorUserId: user.id,
      type: 'account.analytics_settings_update',
      targetType: 'account',
      targetId: accountId,
      targetName: account.businessName,
      details: { analyticsDefaultChannel: body.analyticsDefaultChannel, analyticsDisplayFields: body.analyticsDisplayFields },
    });
    return settingsOf(row);
  });
}

// --- staff --------------------------------------------------------------------------------------------

/**
 * `GET /analytics/admin` (staff): every bot of every account (zeros included) filtered by website tier
 * (`lower` ≤ sessions in the range < `upper`), accounts.business_type, the bot's settings.useCase
 * (published revision, else latest) and bot ids; most sessions first. 403 for non-staff.
 */
export async function adminAnalytics(deps: AppDeps, user: AuthUser, q: S.AdminAnalyticsQuery, now = new Date()): Promise<S.AdminAnalyticsList> {
  if (!canViewAdminAnalytics(user)) throw forbidden('Admin analytics is for staff.');
  const { range, bots, rollups } = adminScopes(q, now);
  const rows = await repo.botSumsPage(deps.db, { bots, rollups, page: q.page, size: q.size, orderBy: 'session', direction: 'desc', now });
  const totals = await repo.botSumsTotals(deps.db, bots, rollups);
  return {
    records: rows.map((r) => ({ ...rowOut(r, now), businessType: r.businessType, useCase: r.useCase })),
    metadata: listMetadata(q.page, q.size, totals.bots),
    totals: totalsOut(totals, range, undefined),
  };
}

/** `GET /analytics/admin-daily` (staff): chart points over the admin filters, every day of the range. */
export async function adminDaily(deps: AppDeps, user: AuthUser, q: S.AdminDailyQuery, now = new Date()): Promise<S.ChartPoints> {
  if (!canViewAdminAnalytics(user)) throw forbidden('Admin analytics is for staff.');
  const { range, bots, rollups } = adminScopes(q, now);
  return { from: range.from, to: range.to, points: pointsOut(range, await repo.dailySums(deps.db, bots, rollups)) };
}

/**
 * `GET /analytics/admin-billing` (superuser): display-ad impressions per bot of the accounts (all, or
 * `account_ids`), plus accounts with the `vidbot_as_ads` feature and no impressions (hasFeatureOnly,
 * botId null). The range may end today (billing presets "current month" end today). `logo`: the
 * account profile's appearance.logoId when Ready (`/files/…`), else null. 403 for non-superusers.
 */
export async function billingReport(deps: AppDeps, user: AuthUser, q: S.BillingQuery, now = new Date()): Promise<S.BillingList> {
  if (!canViewBilling(user)) throw forbidden('The billing report is for superusers.');
  const range = resolveRange(q.from_date, q.to_date, now, true);
  const { rows, totalCount, totalImpressions } = await repo.billingPage(deps.db, { range, accountIds: q.account_ids, page: q.page, size: q.size, featureName: ADS_FEATURE });
  return {
    from: range.from,
    to: range.to,
    records: rows.map(({ logoKey, ...r }) => ({ ...r, logo: fileUrl(logoKey) })),
    metadata: listMetadata(q.page, q.size, totalCount),
    totalImpressions,
  };
}

/**
 * `GET /bot/status` (staff): the Published bots of every account with their live status
 * (bot.service.ts `liveStatusOf`, sorted by the same rule in SQL, bot.repo.ts `liveRank`),
 * lastViewedAt and sessions of the last 7 days including today (rollups). 403 for non-staff.
 */
export async function liveStatusList(deps: AppDeps, user: AuthUser, q: S.LiveStatusQuery, now = new Date()): Promise<S.LiveStatusList> {
  if (!canViewAdminAnalytics(user)) throw forbidden('Live status is for staff.');
  const today = utcDay(now);
  const { rows, totalCount } = await repo.liveStatusPage(deps.db, {
    page: q.page,
    size: q.size,
    orderBy: q.order_by,
    direction: q.order_direction,
    name: q.bot_name,
    now,
    week: { from: shiftDay(today, -6), to: today },
  });
  return {
    records: rows.map((r) => ({ ...r, liveStatus: liveStatusOf(r, now), lastViewedAt: r.lastViewedAt?.toISOString() ?? null })),
    metadata: listMetadata(q.page, q.size, totalCount),
  };
}
