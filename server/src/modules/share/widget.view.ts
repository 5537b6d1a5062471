/**
 * Pure rules of the widget (issue 12 "URL maps", "Widget script"; spec 001 §3 widgetSettings, §6
 * feature gates, §9 widget defaults): URL-map matching, the scheduler window, the bubble's subset of
 * widgetSettings and its CSS custom properties. No server imports: the widget config endpoint
 * (widget.config.ts) and the share tab's live preview (embed/loader/preview.ts) use the same code.
 */
import type { BotSettings, UrlMap, UrlMatchType } from '../bot/content.rules';
import type { BubbleSettings } from './widget.schemas';

type WidgetSettings = BotSettings['widgetSettings'];

/** Priority of the match types: every exact map is tried before any prefix map, and so on. */
export const MATCH_PRIORITY: readonly UrlMatchType[] = ['exact', 'prefix', 'wildcard', 'regex'];

/** The page URL without its fragment (`#…` never reaches a server and is not part of a page's identity). */
export function pageKey(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}

/** `exact` comparison form: fragment dropped, one trailing slash of the path ignored (`/a/` = `/a`). */
function exactKey(url: string): string {
  try {
    const u = new URL(pageKey(url));
    return `${u.origin}${u.pathname.replace(/\/$/, '')}${u.search}`;
  } catch {
    return pageKey(url);
  }
}

/**
 * Whether `text` matches the wildcard `pattern` as a whole: `*` is any text (also empty), everything
 * else literal. Greedy two-pointer matching that backtracks only to the last `*`: O(pattern × text)
 * at worst, so no pattern can make the public endpoint slow (a regular expression `.*a.*a.*…` could).
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Whether one map matches `url` (the page URL; the fragment is ignored). A regex that does not compile matches nothing. */
export function urlMapMatches(map: Pick<UrlMap, 'url'> & { matchType?: UrlMatchType }, url: string): boolean {
  const page = pageKey(url);
  switch (map.matchType ?? 'exact') {
    case 'exact':
      return exactKey(map.url) === exactKey(page);
    case 'prefix':
      return page.startsWith(map.url);
    case 'wildcard':
      return wildcardMatch(map.url, page);
    case 'regex':
      try {
        return new RegExp(map.url).test(page);
      } catch {
        return false;
      }
  }
}

/**
 * The map that decides `url`: the first map (in table order) of the highest-priority match type
 * that matches — exact, then prefix, then wildcard, then regex. Undefined when none matches.
 */
export function matchUrlMap<M extends Pick<UrlMap, 'url'> & { matchType?: UrlMatchType }>(maps: readonly M[], url: string): M | undefined {
  for (const type of MATCH_PRIORITY) {
    const hit = maps.find((m) => (m.matchType ?? 'exact') === type && urlMapMatches(m, url));
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Whether `now` is inside the scheduler window (widgetSettings.vidbotScheduler): a disabled scheduler
 * is always inside; `startTime` / `endTime` are ISO 8601 date-times (null or unparsable = open end);
 * the window includes its start and excludes its end. Server time decides (not the viewer's clock).
 */
export function inSchedule(s: WidgetSettings['vidbotScheduler'], now: Date): boolean {
  if (!s.enabled) return true;
  const t = now.getTime();
  const start = s.startTime ? Date.parse(s.startTime) : Number.NaN;
  const end = s.endTime ? Date.parse(s.endTime) : Number.NaN;
  if (!Number.isNaN(start) && t < start) return false;
  if (!Number.isNaN(end) && t >= end) return false;
  return true;
}

/** Has the account the feature (flag names without the `dashboard:` / `embed:` prefix)? */
export type FeatureCheck = (name: string) => boolean;

/**
 * The bubble's subset of widgetSettings with the feature gates of spec 001 §6 applied: without
 * `hide_widget_on_scroll` hideOnScroll is `none`; without `close_button` closeButtonEnabled is false.
 */
export function bubbleSettings(ws: WidgetSettings, has: FeatureCheck): BubbleSettings {
  return {
    width: ws.width,
    height: ws.height,
    align: ws.align,
    verticalOffset: ws.verticalOffset,
    horizontalOffset: ws.horizontalOffset,
    borderColor: ws.borderColor,
    horizontalMode: ws.horizontalMode,
    horizontalModeMobile: ws.horizontalModeMobile,
    coverOffset: ws.coverOffset,
    chatVideoCrop: ws.chatVideoCrop,
    loopLimit: ws.loopLimit,
    text: ws.text,
    textDurationMs: ws.textDurationMs,
    ctaTextColor: ws.ctaTextColor,
    ctaBackgroundColor: ws.ctaBackgroundColor,
    hideCtaMobile: ws.hideCtaMobile,
    hideOnScroll: has('hide_widget_on_scroll') ? ws.hideOnScroll : 'none',
    automaticallyOpen: ws.automaticallyOpen,
    openAfter: ws.openAfter,
    autoplayMuted: ws.autoplayMuted,
    closeButtonEnabled: has('close_button') ? ws.closeButtonEnabled : false,
  };
}

/** Landscape ratio of horizontal mode (spec 001 §9 "widget 0.525, or 40/21 if horizontal"). */
export const HORIZONTAL_RATIO = 40 / 21;

const px = (n: number) => `${Math.round(n * 100) / 100}px`;

/**
 * CSS custom properties of the bubble (*design*, documented in docs/embedding.md "Widget"):
 * - size `--vb-w`/`--vb-h` (desktop) and `--vb-mw`/`--vb-mh` (mobile, < 768 px): width × height as
 *   set; in horizontal mode the bubble is landscape, height × 40/21 wide; `--vb-rad`/`--vb-mrad`
 *   round (50 %) when square, else 16 px corners;
 * - corner: `--vb-t --vb-r --vb-b --vb-l` (the aligned sides get the vertical / horizontal offset,
 *   the others `auto`), `--vb-fd` (the call-to-action text sits above a bottom bubble, below a top
 *   one), `--vb-ai` (its side), `--vb-co` the gap between bubble and text (coverOffset);
 * - colours `--vb-bc` border, `--vb-ct` / `--vb-cb` call-to-action text / background;
 * - crop of the video (spec 001 §3 Crop, default 50 50 1): `--vb-x`, `--vb-y` (object position, %),
 *   `--vb-s` (scale).
 */
export function bubbleVars(s: BubbleSettings): Record<string, string> {
  const size = (horizontal: boolean) => {
    const w = horizontal ? s.height * HORIZONTAL_RATIO : s.width;
    return { w: px(w), h: px(s.height), rad: Math.abs(w - s.height) < 0.5 ? '50%' : '16px' };
  };
  const d = size(s.horizontalMode);
  const m = size(s.horizontalModeMobile);
  const top = s.align.startsWith('top');
  const left = s.align.endsWith('left');
  const crop = s.chatVideoCrop ?? { x: 50, y: 50, scale: 1 };
  return {
    '--vb-w': d.w,
    '--vb-h': d.h,
    '--vb-rad': d.rad,
    '--vb-mw': m.w,
    '--vb-mh': m.h,
    '--vb-mrad': m.rad,
    '--vb-t': top ? px(s.verticalOffset) : 'auto',
    '--vb-b': top ? 'auto' : px(s.verticalOffset),
    '--vb-l': left ? px(s.horizontalOffset) : 'auto',
    '--vb-r': left ? 'auto' : px(s.horizontalOffset),
    '--vb-fd': top ? 'column-reverse' : 'column',
    '--vb-ai': left ? 'flex-start' : 'flex-end',
    '--vb-co': px(s.coverOffset),
    '--vb-bc': s.borderColor,
    '--vb-ct': s.ctaTextColor,
    '--vb-cb': s.ctaBackgroundColor,
    '--vb-x': `${crop.x}%`,
    '--vb-y': `${crop.y}%`,
    '--vb-s': String(crop.scale),
  };
}
