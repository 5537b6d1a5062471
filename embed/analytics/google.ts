/**
 * Analytics integrations of the player frame (issue 13; spec 002 §3 "Analytics integration modes";
 * docs/embedding.md "Analytics"). `PlayerBot.analytics.integration`:
 *
 * - `direct_ga4` / `direct_gtm` — the frame loads Google's tag itself (gtag.js with `ga4Id`, or the GTM
 *   container `gtmId`) the first time an event is recorded (so never before consent allows), after
 *   `gtag('consent', 'default', consentDefaults)` (Consent Mode v2: the bot's five storages) merged
 *   with the host's consent; later host consent → `gtag('consent', 'update', …)`. Each recorded event
 *   goes as `gtag('event', 'vidbot_<name>', fields)` (GA4) or `dataLayer.push({ event: 'vidbot_<name>', … })`
 *   (GTM). The frame page's CSP allows Google's hosts only for such bots (share.pages.ts `usesGoogleTag`).
 * - `parent_ga4` / `parent_gtm` — the frame posts each recorded event to the host as
 *   VIDBOT_ANALYTICS_EVENT `{ name: 'vidbot_<name>', data: { publicId, channel, …fields } }`; the
 *   widget loader passes those to the host's `gtag` / `dataLayer` (embed/loader/loader.ts).
 * - `none` — nothing but Vidbot's own ingest.
 */
import type { AnalyticsEvent } from '../shared/analytics';
import type { Channel, ConsentState } from '../shared/protocol';

/** `PlayerBot.analytics` (server/src/modules/bot/bot.schemas.ts PlayerAnalytics). */
export interface PlayerAnalyticsConfig {
  enabled: boolean;
  consentRequired: boolean;
  integration: 'none' | 'direct_ga4' | 'direct_gtm' | 'parent_ga4' | 'parent_gtm';
  ga4Id: string | null;
  gtmId: string | null;
  consentDefaults: Required<ConsentState>;
}

/** Event name as the Google integrations see it. */
export const googleEventName = (name: string): string => `vidbot_${name}`;

/** An event's fields for gtag / dataLayer / the host (flat, no ids). */
export function eventParams(event: AnalyticsEvent, publicId: string, channel: Channel): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = { vidbot_id: publicId, vidbot_channel: channel };
  if (event.slideId !== undefined) out.slide_id = event.slideId;
  if (event.fromSlideId !== undefined) out.from_slide_id = event.fromSlideId;
  if (event.optionId !== undefined) out.option_id = event.optionId;
  if (event.seconds !== undefined) out.seconds = event.seconds;
  return out;
}

type GoogleWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

export interface DirectTag {
  /** Sends a recorded event (loads the tag on first use). */
  send(event: AnalyticsEvent): void;
  /** Host consent changed. */
  updateConsent(consent: ConsentState): void;
}

/**
 * The direct_ga4 / direct_gtm tag of the frame, or null when the config does not ask for one (or
 * lacks its id). GTM ids must look like `GTM-XXXX`, GA4 ids like `G-XXXX` (else null: nothing loads).
 */
export function directTag(config: PlayerAnalyticsConfig, publicId: string, channel: Channel, hostConsent: () => ConsentState, win: Window = window, doc: Document = document): DirectTag | null {
  const ga4 = config.integration === 'direct_ga4' && config.ga4Id && /^G-[A-Z0-9]{4,20}$/i.test(config.ga4Id) ? config.ga4Id : null;
  const gtm = config.integration === 'direct_gtm' && config.gtmId && /^GTM-[A-Z0-9]{4,20}$/i.test(config.gtmId) ? config.gtmId : null;
  if (!config.enabled || (!ga4 && !gtm)) return null;
  const w = win as GoogleWindow;
  const layer = (w.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the dataLayer (Google's snippet), not arrays.
  const gtag = function (..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  w.gtag ??= gtag;
  let loaded = false;
  const load = (): void => {
    if (loaded) return;
    loaded = true;
    gtag('consent', 'default', { ...config.consentDefaults, ...hostConsent() });
    const script = doc.createElement('script');
    script.async = true;
    if (ga4) {
      gtag('js', new Date());
      gtag('config', ga4, { send_page_view: false });
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga4)}`;
    } else {
      layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtm!)}`;
    }
    doc.head.append(script);
  };
  return {
    send(event) {
      load();
      const params = eventParams(event, publicId, channel);
      if (ga4) gtag('event', googleEventName(event.name), params);
      else layer.push({ event: googleEventName(event.name), ...params });
    },
    updateConsent(consent) {
      if (loaded) gtag('consent', 'update', consent);
    },
  };
}
