/**
 * Shapes of the widget script's public endpoint (issue 12 architecture §5, spec 001 §3 widgetSettings):
 * `GET /api/public/bot/{publicId}/widget?url=<page URL>` → `WidgetConfig`. Pure (valibot only), so the
 * loader and the widget preview import the types without server code.
 */
import * as v from 'valibot';
import { HIDE_ON_SCROLL, WIDGET_ALIGNS } from '../bot/content.rules';

/** Longest page URL the endpoint accepts (characters). */
export const MAX_PAGE_URL = 2000;

/** Query of `GET /public/bot/{publicId}/widget`: the host page's URL (`location.href`), http(s), ≤ 2000 characters. */
export const WidgetQuery = v.object({
  url: v.pipe(
    v.string('The page URL is required.'),
    v.maxLength(MAX_PAGE_URL, `Must be at most ${MAX_PAGE_URL} characters.`),
    v.check((s) => {
      try {
        return ['http:', 'https:'].includes(new URL(s).protocol);
      } catch {
        return false;
      }
    }, 'Must be a full http:// or https:// URL.'),
  ),
});
export type WidgetQuery = v.InferOutput<typeof WidgetQuery>;

/**
 * Why no bubble shows (`{ show: false, reason }`):
 * - `no_widget_video` — the resolved bot has no Ready widget video (spec 001 §4 Share code);
 * - `not_mapped` — URL maps are on, no map matches the page and `defaultBotDisabled` is set;
 * - `mapped_bot_unavailable` — the matching map names a bot that is not Published (or not in the account);
 * - `outside_schedule` — the scheduler (feature vidbot_scheduler) is on and server time is outside its window.
 */
export const WIDGET_HIDDEN_REASONS = ['no_widget_video', 'not_mapped', 'mapped_bot_unavailable', 'outside_schedule'] as const;
export type WidgetHiddenReason = (typeof WIDGET_HIDDEN_REASONS)[number];

/**
 * What the bubble needs of widgetSettings (spec 001 §3; spec 002 §2 widget preview list). Gated options
 * are already applied: without `hide_widget_on_scroll` hideOnScroll is `none`, without `close_button`
 * closeButtonEnabled is false. Sizes and offsets px, times ms.
 */
export const BubbleSettings = v.pipe(
  v.strictObject({
    width: v.number(),
    height: v.number(),
    align: v.picklist(WIDGET_ALIGNS),
    verticalOffset: v.number(),
    horizontalOffset: v.number(),
    borderColor: v.string(),
    horizontalMode: v.boolean(),
    horizontalModeMobile: v.boolean(),
    coverOffset: v.number(),
    chatVideoCrop: v.nullable(v.strictObject({ x: v.number(), y: v.number(), scale: v.number() })),
    loopLimit: v.number(),
    text: v.string(),
    textDurationMs: v.number(),
    ctaTextColor: v.string(),
    ctaBackgroundColor: v.string(),
    hideCtaMobile: v.boolean(),
    hideOnScroll: v.picklist(HIDE_ON_SCROLL),
    automaticallyOpen: v.boolean(),
    openAfter: v.number(),
    autoplayMuted: v.boolean(),
    closeButtonEnabled: v.boolean(),
  }),
  v.metadata({ ref: 'BubbleSettings' }),
);
export type BubbleSettings = v.InferOutput<typeof BubbleSettings>;

/** The widget to show on a page (`show: true`). URLs are absolute (the host page is another origin). */
export const WidgetShown = v.strictObject({
  show: v.literal(true),
  publicId: v.string(),
  name: v.string(),
  /** widgetSettings.language (the player's language in the frame). */
  lang: v.string(),
  /** `V/e/{publicId}?channel=widget` — the loader adds `&host=<origin>&autoplay=1`. */
  frameUrl: v.string(),
  /** The widget video (playback file), or null while it is not Ready. */
  chatVideoUrl: v.nullable(v.string()),
  posterUrl: v.nullable(v.string()),
  settings: BubbleSettings,
  /**
   * CSS custom properties of the bubble computed from `settings` (`--vb-*` → value), set with
   * `style.setProperty` (strict CSP: no style attributes). widget.view.ts `bubbleVars`.
   */
  vars: v.record(v.string(), v.string()),
  /**
   * The bubble's stylesheet (embed/loader/styles.ts), sent with the config so the loader stays under
   * its 2 KB budget; applied with `adoptedStyleSheets` (strict CSP: no `<style>`).
   */
  css: v.string(),
  /** widgetSettings.stylesRaw reduced to the allow-list (custom-css.ts), or null. */
  customCss: v.nullable(v.string()),
  /**
   * Analytics integration parent_ga4 → 'ga4', parent_gtm → 'gtm' (issue 13): the loader hands the
   * frame's `vidbot_*` VIDBOT_ANALYTICS_EVENTs to the host's `gtag('event', …)` / `dataLayer`. Absent otherwise.
   */
  handoff: v.optional(v.picklist(['ga4', 'gtm'])),
});
export type WidgetShown = v.InferOutput<typeof WidgetShown>;

export const WidgetHidden = v.strictObject({ show: v.literal(false), reason: v.picklist(WIDGET_HIDDEN_REASONS) });
export type WidgetHidden = v.InferOutput<typeof WidgetHidden>;

/** `GET /public/bot/{publicId}/widget` answer. */
export const WidgetConfig = v.pipe(v.union([WidgetShown, WidgetHidden]), v.metadata({ ref: 'WidgetConfig' }));
export type WidgetConfig = v.InferOutput<typeof WidgetConfig>;
