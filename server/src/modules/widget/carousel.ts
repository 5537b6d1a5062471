/**
 * The carousel a widget shows (issue 15 "Widgets": the carousels render through their own script;
 * spec 002 §3 Widget content and appearanceSettings, §4 content and sort rules, §9 limits; architecture
 * note §2). One resolver behind `GET /api/public/widget/{publicId}` (the published revision) and
 * `POST /api/widget/{id}/preview-config` (the editor's unsaved content):
 *
 * `resolveCarousel(db, publicUrl, widget, content, options)` → `CarouselConfig` (widget.schemas.ts):
 * - **items** — Published vidbots (published revision present) of the widget's account only:
 *   `All` every one; `Selected` the `selectedBotIds` (in that order; unknown, foreign and unpublished
 *   ids skipped); `ByTags` those having ANY of `selectedTagIds`.
 * - **order** — `Latest`: newest published first (the published revision's `published_at`, then id);
 *   `Random`: shuffled on every call (`options.random`, default Math.random); `Custom`: the order of
 *   `selectedBotIds` — for ByTags the listed ones first, then the others Latest (All + Custom is refused
 *   by `widgetContentIssues`; read as Latest). At most MAX_CAROUSEL_ITEMS after ordering.
 * - per item: `coverUrl` = the vidbot's widget cover (settings.widgetCoverId, a Ready CoverImage of the
 *   account), else the INTRO slide's poster (a video's poster, or the image of an IMAGE slide);
 *   `previewVideoUrl` = the INTRO slide's video; `description` = settings.thumbnailDescription or '';
 *   `frameUrl` = `V/e/{botPublicId}?channel=slider&slider_id={widget.id}`. Every URL absolute under V.
 * - `customCss` = appearance.stylesRaw through the allow-list (share/custom-css.ts) scoped under
 *   CAROUSEL_SCOPE (`.vb-carousel`), null when nothing is left; `css` = the runtime's stylesheet
 *   (embed/carousel/styles.ts), as the bubble's travels in its config.
 * - `analytics` — `enabled` = the widget's isAnalyticsEnabled and not the account's disableAnalytics;
 *   `consentRequired` = the widget's or the account's analyticsConsentRequired (like PlayerAnalytics).
 * Never throws for odd stored content (a missing key reads as its default).
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, botRevisions, bots, botTags, widgetRevisions, widgets, type AccountOptions } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { canUseAccount } from '../../lib/policy';
import { CAROUSEL_CSS, CAROUSEL_SCOPE } from '../../../../embed/carousel/styles';
import * as botRepo from '../bot/bot.repo';
import { fileUrl } from '../bot/bot.service';
import type { PlayerAnalytics } from '../bot/bot.schemas';
import { sanitizeCustomCss } from '../share/custom-css';
import {
  defaultWidgetContent,
  MAX_CAROUSEL_ITEMS,
  VISIBLE_FIELD,
  WIDGET_TYPES,
  type CarouselConfig,
  type CarouselItem,
  type WidgetContent,
} from './widget.schemas';

/** What the resolver needs of a widget row. */
export interface CarouselWidget {
  id: number;
  publicId: string;
  accountId: number;
  name: string;
}

/** Options of `resolveCarousel`. */
export interface ResolveCarouselOptions {
  /** Random numbers in [0, 1) for the Random order (tests pass a seeded one). */
  random?: () => number;
  /** The account's options (disableAnalytics, analyticsConsentRequired); read from the database when absent. */
  accountOptions?: AccountOptions | null;
}

/** A published vidbot as the carousel needs it (light columns of its published revision only). */
interface Candidate {
  id: number;
  publicId: string;
  name: string;
  publishedAt: number;
  coverId: number | null;
  description: string;
  intro: { type?: unknown; videoId?: unknown; imageId?: unknown } | null;
}

/** The frame of a vidbot in a carousel: `V/e/{botPublicId}?channel=slider&slider_id={sliderId}`. */
export function carouselFrameUrl(publicUrl: string, botPublicId: string, sliderId: number): string {
  return `${publicUrl}/e/${encodeURIComponent(botPublicId)}?channel=slider&slider_id=${sliderId}`;
}

/**
 * A stored (or posted) content document read over the defaults of its type, so a revision saved
 * before a field existed still resolves. Only top-level keys and appearanceSettings are merged.
 */
export function readWidgetContent(raw: unknown): WidgetContent {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<WidgetContent>;
  const type = (WIDGET_TYPES as readonly string[]).includes(r.type as string) ? r.type! : 'Slider';
  const base = defaultWidgetContent(type);
  return { ...base, ...r, type, appearanceSettings: { ...base.appearanceSettings, ...(r.appearanceSettings ?? {}) } };
}

const posInt = (x: unknown): number | null => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null);

async function candidates(db: Db, accountId: number, content: WidgetContent): Promise<Candidate[]> {
  const where = [eq(bots.accountId, accountId), eq(bots.status, 'Published'), isNotNull(bots.publishedRevisionId)];
  if (content.contentType === 'Selected') {
    if (content.selectedBotIds.length === 0) return [];
    where.push(inArray(bots.id, content.selectedBotIds));
  } else if (content.contentType === 'ByTags') {
    if (content.selectedTagIds.length === 0) return [];
    where.push(inArray(bots.id, db.select({ id: botTags.botId }).from(botTags).where(inArray(botTags.tagId, content.selectedTagIds))));
  }
  const slides = sql`case when jsonb_typeof(${botRevisions.content}->'slides') = 'array' then ${botRevisions.content}->'slides' else '[]'::jsonb end`;
  const rows = await db
    .select({
      id: bots.id,
      publicId: bots.publicId,
      name: bots.name,
      publishedAt: botRevisions.publishedAt,
      updatedAt: bots.updatedAt,
      coverId: sql<unknown>`${botRevisions.content}->'settings'->'widgetCoverId'`,
      description: sql<unknown>`${botRevisions.content}->'settings'->'thumbnailDescription'`,
      intro: sql<Candidate['intro']>`(select s.el from jsonb_array_elements(${slides}) as s(el) where s.el->>'category' = 'INTRO' limit 1)`,
    })
    .from(bots)
    .innerJoin(botRevisions, eq(botRevisions.id, bots.publishedRevisionId))
    .where(and(...where));
  return rows.map((r) => ({
    id: r.id,
    publicId: r.publicId,
    name: r.name,
    publishedAt: (r.publishedAt ?? r.updatedAt).getTime(),
    coverId: posInt(r.coverId),
    description: typeof r.description === 'string' ? r.description : '',
    intro: r.intro && typeof r.intro === 'object' ? r.intro : null,
  }));
}

/** Newest published first; ties by id, newest first. */
const latest = (a: { id: number; publishedAt: number }, b: { id: number; publishedAt: number }) => b.publishedAt - a.publishedAt || b.id - a.id;

/** The items in the widget's order (spec 002 §4), at most MAX_CAROUSEL_ITEMS. */
export function orderCandidates<T extends { id: number; publishedAt: number }>(list: T[], content: Pick<WidgetContent, 'contentType' | 'contentSortBy' | 'selectedBotIds'>, random: () => number = Math.random): T[] {
  const out = [...list].sort(latest);
  if (content.contentSortBy === 'Random') {
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
  } else if (content.contentSortBy === 'Custom' && content.contentType !== 'All') {
    const byId = new Map(out.map((c) => [c.id, c]));
    const listed = [...new Set(content.selectedBotIds)].flatMap((id) => byId.get(id) ?? []);
    const picked = new Set(listed.map((c) => c.id));
    return [...listed, ...out.filter((c) => !picked.has(c.id))].slice(0, MAX_CAROUSEL_ITEMS);
  }
  return out.slice(0, MAX_CAROUSEL_ITEMS);
}

/**
 * Resolves a widget and a content document to the carousel runtime's config (see the module comment).
 * @param publicUrl this instance's public origin (env.publicUrl): every URL of the answer starts with it.
 * @param content the content to show (a published revision's, or the editor's unsaved one).
 */
export async function resolveCarousel(db: Db, publicUrl: string, widget: CarouselWidget, content: WidgetContent, options: ResolveCarouselOptions = {}): Promise<CarouselConfig> {
  const ordered = orderCandidates(await candidates(db, widget.accountId, content), content, options.random);
  const mediaIds = new Set<number>();
  for (const c of ordered) {
    if (c.coverId) mediaIds.add(c.coverId);
    for (const id of [posInt(c.intro?.videoId), posInt(c.intro?.imageId)]) if (id) mediaIds.add(id);
  }
  const ready = new Map(
    (await botRepo.findAccountMedia(db, widget.accountId, [...mediaIds])).filter((m) => m.status === 'Ready').map((m) => [m.id, m]),
  );
  const abs = (path: string | null) => (path ? `${publicUrl}${path}` : null);
  const items = ordered.map((c): CarouselItem => {
    const cover = c.coverId ? ready.get(c.coverId) : undefined;
    const isImage = c.intro?.type === 'IMAGE';
    const video = !isImage ? ready.get(posInt(c.intro?.videoId) ?? 0) : undefined;
    const image = isImage ? ready.get(posInt(c.intro?.imageId) ?? 0) : undefined;
    const videoOk = video && (botRepo.VIDEO_KINDS as readonly string[]).includes(video.type) ? video : undefined;
    const imageOk = image && (botRepo.IMAGE_KINDS as readonly string[]).includes(image.type) ? image : undefined;
    const introPoster = videoOk ? fileUrl(videoOk.posterKey) : imageOk ? (fileUrl(imageOk.posterKey) ?? fileUrl(imageOk.playbackKey)) : null;
    const coverPath = cover && cover.type === 'CoverImage' ? fileUrl(cover.playbackKey) : null;
    return {
      botPublicId: c.publicId,
      botId: c.id,
      name: c.name,
      description: c.description,
      coverUrl: abs(coverPath ?? introPoster),
      previewVideoUrl: abs(videoOk ? fileUrl(videoOk.playbackKey) : null),
      frameUrl: carouselFrameUrl(publicUrl, c.publicId, widget.id),
    };
  });
  const accountOptions =
    options.accountOptions !== undefined
      ? options.accountOptions
      : ((await db.select({ options: accounts.options }).from(accounts).where(eq(accounts.id, widget.accountId)).limit(1))[0]?.options ?? null);
  const { stylesRaw, ...appearance } = content.appearanceSettings;
  const a = content.analyticsIntegrationSettings;
  return {
    publicId: widget.publicId,
    sliderId: widget.id,
    name: widget.name,
    type: content.type,
    appearance,
    visible: content[VISIBLE_FIELD[content.type]],
    breakpoints: { tablet: content.breakpoints.tablet, desktop: content.breakpoints.desktop },
    isAutoSwipe: content.isAutoSwipe,
    customCss: sanitizeCustomCss(stylesRaw, publicUrl, CAROUSEL_SCOPE).css || null,
    css: CAROUSEL_CSS,
    analytics: {
      enabled: content.isAnalyticsEnabled && !accountOptions?.disableAnalytics,
      consentRequired: Boolean((content.isAnalyticsEnabled && content.isAnalyticsConsentRequired) || accountOptions?.analyticsConsentRequired),
      integration: content.analyticsIntegration,
      overrideBotSettings: a.overrideBotSettings,
    },
    items,
  };
}

/** The widget with this publicId, its account's status and options; undefined when there is none. */
export async function findWidgetByPublicId(db: Db, publicId: string) {
  const [row] = await db
    .select({ widget: widgets, accountStatus: accounts.status, accountOptions: accounts.options })
    .from(widgets)
    .innerJoin(accounts, eq(accounts.id, widgets.accountId))
    .where(eq(widgets.publicId, publicId))
    .limit(1);
  return row;
}

/**
 * `GET /api/public/widget/{publicId}`: the published revision of a Published widget of an Active
 * account, resolved (`resolveCarousel`). Throws HttpError 404 "Carousel not found." otherwise
 * (unknown, Draft, Deactivated, never published, suspended account).
 */
export async function publicCarousel(db: Db, publicUrl: string, publicId: string, options: Pick<ResolveCarouselOptions, 'random'> = {}): Promise<CarouselConfig> {
  const found = await findWidgetByPublicId(db, publicId);
  if (!found || found.widget.status !== 'Published' || found.accountStatus !== 'Active' || found.widget.publishedRevisionId === null) throw notFound('Carousel not found.');
  const [revision] = await db.select({ content: widgetRevisions.content }).from(widgetRevisions).where(eq(widgetRevisions.id, found.widget.publishedRevisionId)).limit(1);
  if (!revision) throw notFound('Carousel not found.');
  return resolveCarousel(db, publicUrl, found.widget, readWidgetContent(revision.content), { ...options, accountOptions: found.accountOptions });
}

/**
 * `POST /api/widget/{id}/preview-config`: the editor's unsaved `content` resolved for the widget `id`.
 * Any Active role of the widget's account, or staff; HttpError 404 "Widget not found." otherwise
 * (other accounts' widgets are not revealed).
 */
export async function previewCarousel(db: Db, publicUrl: string, user: AuthUser, id: number, content: WidgetContent): Promise<CarouselConfig> {
  const [widget] = await db.select().from(widgets).where(eq(widgets.id, id)).limit(1);
  if (!widget || !canUseAccount(user, widget.accountId)) throw notFound('Widget not found.');
  return resolveCarousel(db, publicUrl, widget, content);
}

/**
 * The widget `sliderId` when it is a widget of the account of the vidbot `botPublicId` (the slider
 * channel's `slider_id`, issue 13 / 15), with the content its players follow: the published revision's,
 * else the latest (an unpublished widget previewed in the editor). Undefined otherwise.
 */
export async function sliderWidget(db: Db, botPublicId: string, sliderId: number): Promise<{ id: number; content: WidgetContent } | undefined> {
  const [row] = await db
    .select({ id: widgets.id, publishedRevisionId: widgets.publishedRevisionId, latestRevisionId: widgets.latestRevisionId })
    .from(widgets)
    .innerJoin(bots, eq(bots.accountId, widgets.accountId))
    .where(and(eq(widgets.id, sliderId), eq(bots.publicId, botPublicId)))
    .limit(1);
  if (!row) return undefined;
  const revisionId = row.publishedRevisionId ?? row.latestRevisionId;
  const [revision] = revisionId === null ? [] : await db.select({ content: widgetRevisions.content }).from(widgetRevisions).where(eq(widgetRevisions.id, revisionId)).limit(1);
  return { id: row.id, content: readWidgetContent(revision?.content) };
}

/**
 * A vidbot's PlayerAnalytics inside a carousel (spec 002 §3 Widget analytics; issue 13 consent rules):
 * off when the widget's isAnalyticsEnabled is off; consent required when the vidbot, the account or
 * the widget asks for it; with `overrideBotSettings` the widget's integration (mode, GA4 / GTM id,
 * consent defaults) replaces the vidbot's own.
 */
export function carouselPlayerAnalytics(bot: PlayerAnalytics, content: WidgetContent): PlayerAnalytics {
  const out: PlayerAnalytics = {
    ...bot,
    enabled: bot.enabled && content.isAnalyticsEnabled,
    consentRequired: bot.consentRequired || (content.isAnalyticsEnabled && content.isAnalyticsConsentRequired),
  };
  const s = content.analyticsIntegrationSettings;
  if (!s.overrideBotSettings) return out;
  const integration = content.analyticsIntegration;
  const ga4 = integration === 'direct_ga4' || integration === 'parent_ga4';
  const gtm = integration === 'direct_gtm' || integration === 'parent_gtm';
  return {
    ...out,
    integration,
    ga4Id: ga4 ? s.ga4Id?.trim() || null : null,
    gtmId: gtm ? s.gtmId?.trim() || null : null,
    consentDefaults: {
      ad_storage: s.adStorage,
      analytics_storage: s.analyticsStorage,
      functionality_storage: s.functionalityStorage,
      personalization_storage: s.personalizationStorage,
      security_storage: s.securityStorage,
    },
  };
}
