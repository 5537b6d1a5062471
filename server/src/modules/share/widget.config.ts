/**
 * The widget config of a page (issue 12 architecture §5; issue 12 "Widget script", "URL maps"; spec
 * 001 §3 widgetSettings, urlMaps, urlMapsSettings, §4 Share code, §6 feature gates):
 * `getWidgetConfig(db, publicUrl, publicId, pageUrl, now)` answers what the loader on `pageUrl`
 * shows for the script's bot `publicId`:
 *
 * 1. The script's bot must be Published, with a published revision, in an Active account — else 404
 *    (`HttpError` 404 "Vidbot not found.", as `GET /public/bot/{publicId}`).
 * 2. URL maps (feature `url_map` and `urlMapsSettings.enabled`): the first matching map of the highest
 *    priority type (widget.view.ts `matchUrlMap`) names the bot to show; it must be Published and in
 *    the same (Active) account, else `{ show: false, reason: 'mapped_bot_unavailable' }`. No match →
 *    the script's bot, or `not_mapped` when `defaultBotDisabled`. Only the script's bot's maps count
 *    (a mapped bot's own maps are not followed).
 * 3. The shown bot's scheduler (feature `vidbot_scheduler`; server time) → `outside_schedule`.
 * 4. Its widget video (widgetSettings.chatVideoId) must be a Ready video of the account →
 *    else `no_widget_video` (spec 001 §4: no code without a widget video).
 * The shown bot's widgetSettings.stylesRaw is served as `customCss`, reduced to the allow-list and
 * scoped under the bubble's root (custom-css.ts, embed/loader/styles.ts `BUBBLE_SCOPE`); null when
 * nothing is left. The loader adopts it as a second constructable stylesheet.
 * The shown bot's view is recorded for its live status (as the player's load is).
 */
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import * as repo from '../bot/bot.repo';
import type { BotRow } from '../bot/bot.repo';
import { fileUrl, playerAnalytics, readContent } from '../bot/bot.service';
import { mergeBotSettings, type BotSettings } from '../bot/content.rules';
import { allFlags } from '../feature/feature.repo';
import { flagEnabled } from '../feature/feature.policy';
import { BUBBLE_CSS, BUBBLE_SCOPE } from '../../../../embed/loader/styles';
import { sanitizeCustomCss } from './custom-css';
import type { WidgetConfig } from './widget.schemas';
import { bubbleSettings, bubbleVars, inSchedule, matchUrlMap } from './widget.view';

/**
 * Names of the feature flags on for an account with nobody signed in: flags for everyone or listing
 * the account (user, superuser and language rules need a user and do not apply to the public widget).
 */
export async function accountFeatureNames(db: Db, accountId: number): Promise<Set<string>> {
  const flags = await allFlags(db);
  return new Set(flags.filter((f) => flagEnabled(f, { userId: -1, isSuperuser: false, language: '', accountId })).map((f) => f.name));
}

/** A bot that can be shown: Published, published revision present, account Active. */
interface Showable {
  bot: BotRow;
  settings: BotSettings;
}

async function showable(db: Db, bot: BotRow | undefined, accountStatus: string | undefined): Promise<Showable | undefined> {
  if (!bot || bot.status !== 'Published' || accountStatus !== 'Active' || bot.publishedRevisionId === null) return undefined;
  const revision = await repo.findRevision(db, bot.publishedRevisionId);
  if (!revision) return undefined;
  return { bot, settings: mergeBotSettings(readContent(revision.content).settings) };
}

/**
 * @param publicUrl this instance's public origin (env.publicUrl), prefixed to every URL of the answer.
 * @param pageUrl the host page's URL (validated http(s) by the route).
 * @throws HttpError 404 when the script's bot cannot be shown at all.
 */
export async function getWidgetConfig(db: Db, publicUrl: string, publicId: string, pageUrl: string, now = new Date()): Promise<WidgetConfig> {
  const found = await repo.findBotByPublicId(db, publicId);
  const own = await showable(db, found?.bot, found?.accountStatus);
  if (!own) throw notFound('Vidbot not found.');
  const features = await accountFeatureNames(db, own.bot.accountId);
  const has = (name: string) => features.has(name);

  let shown = own;
  if (has('url_map') && own.settings.urlMapsSettings.enabled) {
    const map = matchUrlMap(own.settings.urlMaps, pageUrl);
    if (!map) {
      if (own.settings.urlMapsSettings.defaultBotDisabled) return { show: false, reason: 'not_mapped' };
    } else if (map.botId !== own.bot.id) {
      const mapped = await repo.findBotById(db, map.botId);
      const target = mapped && mapped.accountId === own.bot.accountId ? await showable(db, mapped, 'Active') : undefined;
      if (!target) return { show: false, reason: 'mapped_bot_unavailable' };
      shown = target;
    }
  }

  const ws = shown.settings.widgetSettings;
  if (has('vidbot_scheduler') && !inSchedule(ws.vidbotScheduler, now)) return { show: false, reason: 'outside_schedule' };

  const [video] = ws.chatVideoId ? await repo.findAccountMedia(db, shown.bot.accountId, [ws.chatVideoId]) : [];
  if (!video || video.status !== 'Ready' || !(repo.VIDEO_KINDS as readonly string[]).includes(video.type) || !video.playbackKey) {
    return { show: false, reason: 'no_widget_video' };
  }
  await repo.touchLastViewed(db, shown.bot.id, now);
  const abs = (u: string | null) => (u ? `${publicUrl}${u}` : null);
  const settings = bubbleSettings(ws, has);
  const publicIdShown = shown.bot.publicId;
  // Analytics (issue 13): the frame reports the host page (origin + path) as the source; parent_* modes
  // make the loader hand the frame's analytics events to the host's gtag / dataLayer.
  const source = sourceOfPage(pageUrl);
  const analytics = playerAnalytics(shown.settings, found?.accountOptions);
  const handoff = !analytics.enabled ? undefined : analytics.integration === 'parent_ga4' ? 'ga4' : analytics.integration === 'parent_gtm' ? 'gtm' : undefined;
  return {
    show: true,
    publicId: publicIdShown,
    name: shown.bot.name,
    lang: ws.language,
    frameUrl: `${publicUrl}/e/${encodeURIComponent(publicIdShown)}?channel=widget&lang=${ws.language}${source ? `&src=${encodeURIComponent(source)}` : ''}`,
    ...(handoff && { handoff }),
    chatVideoUrl: abs(fileUrl(video.playbackKey)),
    posterUrl: abs(fileUrl(video.posterKey)),
    settings,
    vars: bubbleVars(settings),
    css: BUBBLE_CSS,
    customCss: sanitizeCustomCss(ws.stylesRaw, publicUrl, BUBBLE_SCOPE).css || null,
  };
}

/** The analytics source of a host page URL: origin + path (no query, no fragment, ≤ 500 chars), or '' (issue 13). */
export function sourceOfPage(pageUrl: string): string {
  try {
    const u = new URL(pageUrl);
    return u.protocol === 'http:' || u.protocol === 'https:' ? (u.origin + u.pathname).slice(0, 500) : '';
  } catch {
    return '';
  }
}
