/**
 * The share tab's rules as pure functions (spec 001 §2 "Share pages", §4 "Share code", §6 feature gates
 * `vidbot_as_ads` and `widget_sync`, §8 share warnings; issue 12 "Distribution"; issue 12 architecture
 * §6). The view (ShareTab.tsx and its sub-tabs) only renders what these answer.
 */
import { AD_PLATFORMS, hasFeature } from '../../../../server/src/modules/bot/content.rules';

/** The share tab's sub-tabs in order (spec 001 §2: widget, iframe, link, display ads). */
export const SHARE_TABS = ['widget', 'iframe', 'link', 'display-ads'] as const;
export type ShareTabKey = (typeof SHARE_TABS)[number];

/** The sub-tabs this account sees: display ads only with the `vidbot_as_ads` feature (spec 001 §2, §6). */
export function visibleShareTabs(features: ReadonlySet<string>): ShareTabKey[] {
  return SHARE_TABS.filter((k) => k !== 'display-ads' || hasFeature(features, 'vidbot_as_ads'));
}

/** Whether the widget code is the synchronous variant (feature `widget_sync`, spec 002 §9). */
export function usesSyncWidget(features: ReadonlySet<string>): boolean {
  return hasFeature(features, 'widget_sync');
}

/**
 * Why no code can be shown (spec 001 §4 "Share code", §8 "Warnings on the share page"):
 * - `notPublished` — the vidbot is Draft or Deactivated (codes only for Published bots);
 * - `noSlides` — no INTRO slide (the §8 warning "no slides");
 * - `noWidgetVideo` — widget only: no widget video chosen (the §8 warning "no widget video").
 */
export type ShareWarning = 'notPublished' | 'noSlides' | 'noWidgetVideo';

/** What `shareAvailability` needs to know of the vidbot and the editor. */
export interface ShareFacts {
  status: 'Draft' | 'Published' | 'Deactivated';
  slides: readonly { category: string }[];
  /** settings.widgetSettings.chatVideoId */
  widgetVideoId: number | null | undefined;
  /** A save or publish is running (spec 001 §4 "not submitting"). */
  submitting: boolean;
}

/** The answer of `shareAvailability`. */
export interface ShareAvailability {
  /** The code may be shown (no warnings). */
  showCode: boolean;
  /** The copy / download buttons are enabled: shown and not submitting. */
  canCopy: boolean;
  /** The warnings to show, in this order: notPublished, noSlides, noWidgetVideo. */
  warnings: ShareWarning[];
}

/**
 * Spec 001 §4 "Share code": code only when the vidbot is Published and has an INTRO slide; the
 * widget also needs a chosen widget video; the code buttons are enabled only while nothing is being
 * submitted. Live status is shown only for Published bots (`showLiveStatus`).
 * @param tab the sub-tab: only `widget` needs the widget video
 */
export function shareAvailability(tab: ShareTabKey, facts: ShareFacts): ShareAvailability {
  const warnings: ShareWarning[] = [];
  if (facts.status !== 'Published') warnings.push('notPublished');
  if (!facts.slides.some((s) => s.category === 'INTRO')) warnings.push('noSlides');
  if (tab === 'widget' && facts.widgetVideoId == null) warnings.push('noWidgetVideo');
  const showCode = warnings.length === 0;
  return { showCode, canCopy: showCode && !facts.submitting, warnings };
}

/** Spec 001 §4: "Live status is shown only for Published bots". */
export function showLiveStatus(status: ShareFacts['status']): boolean {
  return status === 'Published';
}

/**
 * The ad platforms of the downloadable package (issue 12 architecture §5: `GET /api/bot/{id}/ad-package
 * ?platform=adform|xandr|dv360|gam|custom`): the settings' platforms plus Google Ad Manager / CM360.
 */
export const AD_PACKAGE_PLATFORMS: readonly string[] = [...new Set(['gam', ...AD_PLATFORMS])];

/**
 * The size a preview frame is drawn at inside a panel `maxWidth` px wide: the configured size when it
 * fits, else scaled down keeping the aspect ratio (whole px, at least 1).
 */
export function cappedFrameSize(size: { width: number; height: number }, maxWidth: number): { width: number; height: number; scaled: boolean } {
  if (!(maxWidth > 0) || size.width <= maxWidth) return { ...size, scaled: false };
  const k = maxWidth / size.width;
  return { width: Math.max(1, Math.floor(maxWidth)), height: Math.max(1, Math.round(size.height * k)), scaled: true };
}

/**
 * The origin the codes name: the server's public URL (RuntimeConfig.publicUrl) when it is an http(s)
 * URL, else the dashboard's own origin.
 */
export function shareOrigin(publicUrl: string | null | undefined, pageOrigin: string): string {
  if (publicUrl && /^https?:\/\/[^/]/i.test(publicUrl)) return publicUrl.replace(/\/+$/, '');
  return pageOrigin;
}
