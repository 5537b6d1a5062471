/**
 * The server-rendered player pages (issue 12 "Direct link" and "iframe"; spec 001 §2 Share pages,
 * §3 Share settings linkSettings / iframeSettings; issue 12 architecture §1):
 *
 * - `GET /v/{publicId}` — the direct link (channel `direct`). Query: `lang` (en|fi|nl|fr|de),
 *   `slide` (start slide id; default linkSettings.slideId, else the INTRO slide).
 * - `GET /e/{publicId}` — the frame for the iframe embed, the widget's dialog and a carousel's player
 *   dialog. Query: `channel` (`iframe`, the default, `widget`, or `slider` with `slider_id` = the
 *   carousel widget's id, issue 13 / 15: accepted only when it is a widget of the bot's account, else
 *   the page serves `iframe`; the widget's analytics switches apply, carousel.ts
 *   `carouselPlayerAnalytics`), `lang`, `slide`, `host` (the host page's origin: where events go and
 *   the only origin whose commands count), `autoplay=1`, `muted=1`.
 *
 * Plain HTML, no SPA: `<title>`, description, Open Graph and Twitter card tags from `seoMeta`, the
 * bot's name and its thumbnail (absolute URLs under `env.publicUrl`), so link previews work without
 * JavaScript; `noindex` when `seoMeta.isIndexingDisabled` and always on `/e` (a frame is not a page
 * of its own). The PlayerBot rides along as `<script type="application/json" id="vidbot-data">`
 * (saves a round-trip before the first frame) and the page options as `id="vidbot-page"`; the
 * bootstrap `/embed/page.js` (embed/page/page.ts) mounts the player from them.
 *
 * Unknown, unpublished and deactivated bots (and those of a suspended account) answer a 404 HTML
 * page. Query values that do not parse are ignored (a viewer following a slightly wrong link still
 * gets the bot with its defaults) — the page is for people, not API clients.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { GOOGLE_TAG_CSP } from '../../lib/security-headers';
import { HttpError } from '../../lib/errors';
import * as repo from '../bot/bot.repo';
import { fileUrl, getPublicBot } from '../bot/bot.service';
import type { PlayerBot } from '../bot/bot.schemas';
import { SHARE_LANGUAGES } from '../bot/content.rules';
import type { PageChannel, PageOptions, ShareLanguage } from './page.types';
import { carouselPlayerAnalytics, sliderWidget } from '../widget/carousel';

export type { PageChannel, PageOptions, ShareLanguage } from './page.types';

/** The words of the pages themselves (the player has its own, embed/player/strings.ts). */
const WORDS = {
  en: {
    notFoundTitle: 'Vidbot not found',
    notFound: 'This vidbot is not available. It may have been unpublished or the link may be wrong.',
    noscript: 'This vidbot needs JavaScript to play.',
  },
  fi: {
    notFoundTitle: 'Vidbotia ei löytynyt',
    notFound: 'Tämä vidbot ei ole saatavilla. Sen julkaisu on ehkä peruttu tai linkki on virheellinen.',
    noscript: 'Tämän vidbotin toistaminen vaatii JavaScriptin.',
  },
} as const;
const words = (lang: string) => (lang === 'fi' ? WORDS.fi : WORDS.en);

/** HTML-escapes text for element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * JSON for a `<script type="application/json">` element: `<` (and U+2028/2029) escaped as `\uXXXX`,
 * so no value can close the element (`</script>`) or open a comment; `JSON.parse` reads it unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `u` made absolute against `origin` (`/files/…` → `https://v.example/files/…`); null when it does not parse. */
export function absoluteUrl(u: string | null | undefined, origin: string): string | null {
  if (!u) return null;
  try {
    return new URL(u, `${origin}/`).toString();
  } catch {
    return null;
  }
}

/** The origin of an http(s) URL or origin string, else null (`host` query parameter). */
export function httpOrigin(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Query `src` as an analytics source (origin + path, ≤ 500 chars) when its origin is the `host` origin; else null. */
function pageSource(value: string | undefined, host: string | null): string | null {
  if (!value || !host) return null;
  try {
    const u = new URL(value);
    return u.origin === host ? (u.origin + u.pathname).slice(0, 500) : null;
  } catch {
    return null;
  }
}

const pickLang = (value: string | undefined): ShareLanguage | null =>
  (SHARE_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as ShareLanguage) : null;

/** The slide a viewer starts on: `wanted` when the bot has it, else the first INTRO slide, else the first slide. */
export function startSlide(bot: PlayerBot, wanted: number | null): PlayerBot['slides'][number] | null {
  return bot.slides.find((s) => s.id === wanted) ?? bot.slides.find((s) => s.category === 'INTRO') ?? bot.slides[0] ?? null;
}

/** Query of a page request, as strings (Hono's `c.req.query()`). */
export type PageQuery = Partial<Record<'lang' | 'slide' | 'channel' | 'host' | 'autoplay' | 'muted' | 'src' | 'slider_id', string>>;

/**
 * Resolves the page options of `channel` from the bot's settings and the query (pure).
 * @param customThumbnailUrl the custom thumbnail media's URL (`/files/…`) when the channel's
 *   thumbnail is `custom` with a `widgetThumbnailId` (the caller looks it up), else null.
 */
export function pageOptions(bot: PlayerBot, channel: PageChannel, query: PageQuery, origin: string, customThumbnailUrl: string | null = null): PageOptions {
  const s = bot.settings;
  const slideQuery = /^\d{1,9}$/.test(query.slide ?? '') ? Number(query.slide) : null;
  const flag = (x: string | undefined) => x === '1' || x === 'true';
  const host = httpOrigin(query.host);
  const base = { channel, publicId: bot.publicId, host, apiBase: origin, source: pageSource(query.src, host) };
  if (channel === 'direct') {
    const link = s.linkSettings;
    const startSlideId = slideQuery ?? link.slideId ?? null;
    return {
      ...base,
      lang: pickLang(query.lang) ?? link.language,
      startSlideId,
      // A direct link is the viewer's own tab: the video starts by itself (muted, or with sound when
      // the browser allows it and autoplayMuted is off).
      autoplay: true,
      muted: link.autoplayMuted,
      hideActionButtonsUntilPlay: link.hideActionButtonsUntilPlay,
      autoplayOnScroll: false,
      thumbnail: null,
    };
  }
  const frame = s.iframeSettings;
  const lang = pickLang(query.lang) ?? (channel === 'widget' ? s.widgetSettings.language : frame.language);
  if (channel === 'slider') {
    // The viewer pressed a carousel item (a gesture on the host page): play now, with sound if allowed.
    return {
      ...base,
      lang,
      startSlideId: slideQuery,
      autoplay: query.autoplay === undefined ? true : flag(query.autoplay),
      muted: flag(query.muted),
      hideActionButtonsUntilPlay: false,
      autoplayOnScroll: false,
      thumbnail: null,
      sliderId: /^\d{1,9}$/.test(query.slider_id ?? '') ? Number(query.slider_id) : null,
    };
  }
  if (channel === 'widget') {
    return {
      ...base,
      lang,
      startSlideId: slideQuery,
      // The viewer opened the dialog (a gesture on the host page): play now.
      autoplay: query.autoplay === undefined ? true : flag(query.autoplay),
      muted: query.muted === undefined ? s.widgetSettings.autoplayMuted : flag(query.muted),
      hideActionButtonsUntilPlay: false,
      autoplayOnScroll: false,
      thumbnail: null,
    };
  }
  const autoplay = flag(query.autoplay);
  const start = startSlide(bot, slideQuery);
  const thumbSlide = (frame.thumbnail.slide !== null ? bot.slides.find((x) => x.id === frame.thumbnail.slide) : null) ?? start;
  const custom = s.iframeThumbnail ?? (frame.thumbnail.thumbnailType === 'custom' ? customThumbnailUrl : null);
  let thumbnail: PageOptions['thumbnail'] = null;
  if (!autoplay) {
    if (custom) thumbnail = { url: custom, videoUrl: null, time: 0 };
    else if (thumbSlide) {
      thumbnail = {
        url: thumbSlide.posterUrl ?? thumbSlide.imageUrl,
        videoUrl: thumbSlide.type === 'VIDEO' ? thumbSlide.videoUrl : null,
        time: frame.thumbnail.time,
      };
      if (!thumbnail.url && !thumbnail.videoUrl) thumbnail = null;
    }
  }
  return {
    ...base,
    lang,
    startSlideId: slideQuery,
    autoplay,
    muted: query.muted === undefined ? true : flag(query.muted),
    hideActionButtonsUntilPlay: frame.hideActionButtonsUntilPlay,
    autoplayOnScroll: frame.autoplayOnScroll,
    thumbnail,
  };
}

/**
 * The preview image of a page (og:image), absolute: the channel's custom thumbnail
 * (linkThumbnail / iframeThumbnail, or the thumbnail setting's custom CoverImage), else the poster of
 * the thumbnail setting's slide, else the start slide's poster (image slides: the image). Null when none.
 */
export function previewImage(bot: PlayerBot, channel: PageChannel, startSlideId: number | null, origin: string, customThumbnailUrl: string | null): string | null {
  const s = bot.settings;
  const thumb = channel === 'direct' ? s.linkSettings.thumbnail : s.iframeSettings.thumbnail;
  const custom = (channel === 'direct' ? s.linkThumbnail : s.iframeThumbnail) ?? (thumb?.thumbnailType === 'custom' ? customThumbnailUrl : null);
  if (custom) return absoluteUrl(custom, origin);
  const slide = (thumb?.slide != null ? bot.slides.find((x) => x.id === thumb.slide) : null) ?? startSlide(bot, startSlideId);
  return absoluteUrl(slide?.posterUrl ?? slide?.imageUrl, origin);
}

/** The MIME type of a playback file by its extension (og:video:type), or null when unknown. */
function videoType(url: string | null): string | null {
  const ext = url ? /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() : undefined;
  return ext === 'mp4' || ext === 'm4v' ? 'video/mp4' : ext === 'webm' ? 'video/webm' : ext === 'mov' ? 'video/quicktime' : null;
}

/** Renders a complete player page (pure; every value escaped). */
export function renderPlayerPage(bot: PlayerBot, options: PageOptions, origin: string, customThumbnailUrl: string | null = null): string {
  const seo = bot.settings.seoMeta;
  const title = seo.title?.trim() || bot.name;
  const description = seo.description?.trim() || '';
  const path = options.channel === 'direct' ? 'v' : 'e';
  const pageUrl = `${origin}/${path}/${encodeURIComponent(bot.publicId)}`;
  const image = previewImage(bot, options.channel, options.startSlideId, origin, customThumbnailUrl);
  const start = startSlide(bot, options.startSlideId);
  const video = start?.type === 'VIDEO' ? absoluteUrl(start.videoUrl, origin) : null;
  const noindex = options.channel !== 'direct' || seo.isIndexingDisabled;
  const meta = (attr: 'name' | 'property', key: string, value: string | null) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    noindex ? '<meta name="robots" content="noindex">' : '',
    options.channel === 'direct' ? `<link rel="canonical" href="${escapeHtml(pageUrl)}">` : '',
    meta('property', 'og:type', 'video.other'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image),
    meta('property', 'og:video', video),
    meta('property', 'og:video:type', videoType(video)),
    meta('property', 'og:locale', options.lang === 'fi' ? 'fi_FI' : null),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    '<link rel="stylesheet" href="/embed/page.css">',
    '<script type="module" src="/embed/page.js"></script>',
  ].filter(Boolean);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(options.lang)}" data-channel="${escapeHtml(options.channel)}">`,
    `<head>\n${head.join('\n')}\n</head>`,
    '<body>',
    `<main id="vidbot-root" aria-label="${escapeHtml(bot.name)}"></main>`,
    `<noscript><p class="vidbot-noscript">${escapeHtml(words(options.lang).noscript)}</p></noscript>`,
    `<script type="application/json" id="vidbot-data">${scriptJson(bot)}</script>`,
    `<script type="application/json" id="vidbot-page">${scriptJson(options)}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/** The 404 page of an unknown / unpublished / deactivated bot (in the `lang` query's language when en or fi). */
export function renderNotFoundPage(lang: string): string {
  const w = words(lang);
  const l = lang === 'fi' ? 'fi' : 'en';
  return [
    '<!doctype html>',
    `<html lang="${l}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(w.notFoundTitle)}</title>`,
    '<link rel="stylesheet" href="/embed/page.css">',
    '</head>',
    `<body><main class="vidbot-missing"><h1>${escapeHtml(w.notFoundTitle)}</h1><p>${escapeHtml(w.notFound)}</p></main></body>`,
    '</html>',
  ].join('\n');
}

/** The custom thumbnail's file URL when the channel's thumbnail setting names a custom CoverImage (else null). */
async function customThumbnail(deps: AppDeps, bot: PlayerBot, channel: PageChannel): Promise<string | null> {
  const s = bot.settings;
  const thumb = channel === 'direct' ? s.linkSettings.thumbnail : channel === 'iframe' ? s.iframeSettings.thumbnail : null;
  const id = thumb?.thumbnailType === 'custom' ? thumb.widgetThumbnailId : null;
  if (!id) return null;
  const found = await repo.findBotByPublicId(deps.db, bot.publicId);
  if (!found) return null;
  const [m] = await repo.findAccountMedia(deps.db, found.bot.accountId, [id]);
  if (!m || m.status !== 'Ready') return null;
  return fileUrl(m.posterKey) ?? fileUrl(m.playbackKey);
}

/** Whether the bot's player frame loads Google's tag (analytics on, integration direct_ga4 / direct_gtm with its id). */
export function usesGoogleTag(bot: Pick<PlayerBot, 'analytics'>): boolean {
  const a = bot.analytics;
  return a.enabled && ((a.integration === 'direct_ga4' && !!a.ga4Id) || (a.integration === 'direct_gtm' && !!a.gtmId));
}

/** `publicId` path segment rule (the same as `/api/public/bot/{publicId}`). */
const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `/v/{publicId}` and `/e/{publicId}` (mount at the root, before the SPA fallback). */
export function sharePageRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const origin = deps.env.publicUrl;
  const serve = (channelOf: (q: PageQuery) => PageChannel) =>
    async (c: import('hono').Context<AppEnv>) => {
      const query = c.req.query() as PageQuery;
      const publicId = c.req.param('publicId') ?? '';
      const notFoundPage = () => {
        // Not cached: a bot published a moment later must show at once.
        c.header('Cache-Control', 'no-store');
        return c.html(renderNotFoundPage(query.lang ?? ''), 404);
      };
      if (!PUBLIC_ID.test(publicId)) return notFoundPage();
      let bot: PlayerBot;
      try {
        bot = await getPublicBot(deps.db, publicId, new Date(), origin);
      } catch (err) {
        if (err instanceof HttpError && err.status === 404) return notFoundPage();
        throw err;
      }
      let channel = channelOf(query);
      if (channel === 'slider') {
        // The carousel's frame (issue 13 / 15): slider_id must name a widget of this bot's account.
        const widget = /^\d{1,9}$/.test(query.slider_id ?? '') ? await sliderWidget(deps.db, bot.publicId, Number(query.slider_id)) : undefined;
        if (widget) bot = { ...bot, analytics: carouselPlayerAnalytics(bot.analytics, widget.content) };
        else channel = 'iframe';
      }
      const custom = await customThumbnail(deps, bot, channel);
      const options = pageOptions(bot, channel, query, origin, custom);
      c.header('Cache-Control', 'public, max-age=60');
      // direct_ga4 / direct_gtm (issue 13): this bot's frame loads Google's tag; no other frame may.
      if (usesGoogleTag(bot)) c.set('cspAdditions', GOOGLE_TAG_CSP);
      return c.html(renderPlayerPage(bot, options, origin, custom));
    };
  r.get('/v/:publicId', serve(() => 'direct'));
  r.get('/e/:publicId', serve((q) => (q.channel === 'widget' ? 'widget' : q.channel === 'slider' ? 'slider' : 'iframe')));
  return r;
}
