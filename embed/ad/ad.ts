/**
 * The display-ad frame's script (issue 12 "Display ads"; server/src/modules/share/ad.pages.ts renders
 * the page, docs/embedding.md `## Display ads`). Built to `dist/embed/ad.js`; runs inside
 * `V/ad/{publicId}` under our strict CSP (no inline script; styles through a constructable sheet).
 *
 * Reads the PlayerBot (`#vidbot-data`) and the ad options (`#vidbot-ad`, `AdFrameConfig`), then:
 * - mounts `mountPlayer` in `#vidbot-root` sized to the placement (`width`×`height` px, at most the
 *   frame's viewport), channel `display_ad`, language adSettings.language;
 * - muted autoplay; with `autoplayOnScroll` the video starts only once ≥ 50 % of the ad is visible and
 *   pauses when it is not (IntersectionObserver); until then the thumbnail frame (adSettings.thumbnail
 *   `{slide, time}`, seconds) is shown;
 * - `loopIntroSlide`: the intro slide's video loops until the viewer interacts (pointer or key);
 * - an EXTERNAL_LINK action opens `click + encodeURIComponent(url)` (the platform's click tracker in
 *   front of the destination) in a new tab, or the URL itself without a click prefix;
 * - fires `impressionTag` once, the first time ≥ 50 % of the ad is visible (macros: cache buster,
 *   `${GDPR}`, `${GDPR_CONSENT_1219}` from the frame's `gdpr` / `gdpr_consent`);
 * - posts protocol v1 events to `window.parent` (embed/shared/protocol.ts): VIDBOT_LOADED
 *   (channel display_ad), VIDBOT_SLIDE, VIDBOT_CTA, VIDBOT_POST_MESSAGE, VIDBOT_CLOSE and
 *   VIDBOT_ANALYTICS_EVENT `impression` / `click`; accepts `play` / `pause` commands from the parent.
 */
import { mountPlayer, type PlayerEvent } from '../player/player';
import { resolvePlayerLang } from '../player/strings';
import type { PlayerBot } from '../../machines/vidbot/vidbot.types';
import { isHostCommand, vidbotMessage, type VidbotMessage } from '../shared/protocol';
import type { AdFrameConfig } from '../../server/src/modules/share/ad.click';
import { clickThroughUrl, expandImpressionTag } from '../../server/src/modules/share/ad.click';
import { createAnalytics, sourceOf, type AnalyticsOptions } from '../analytics/client';
import { trackPlayer } from '../analytics/player-events';
import type { PlayerAnalyticsConfig } from '../analytics/google';

/** Share of the ad that must be on screen for an impression and for autoplay on scroll. */
const VISIBLE_RATIO = 0.5;
/** Desktop breakpoint of horizontalDesktopLayout (spec 001 §9 mobile breakpoint 768, screen px). */
const DESKTOP_MIN_WIDTH = 768;

/** A message without the fields `post` fills in (distributes over the union). */
type Payload<M = VidbotMessage> = M extends VidbotMessage ? Omit<M, 'source' | 'v' | 'publicId'> : never;

function readJson<T>(id: string): T | null {
  const node = document.getElementById(id);
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as T;
  } catch {
    return null;
  }
}

function pageCss(config: AdFrameConfig): string {
  return `html,body{margin:0;padding:0;height:100%;overflow:hidden;background:#000}
#vidbot-root{position:relative;width:${config.width}px;height:${config.height}px;max-width:100vw;max-height:100vh;margin:0 auto;overflow:hidden}
#vidbot-root>[data-vidbot-player]{display:block;width:100%;height:100%}`;
}

/** Side-by-side slide (media left, buttons right) for wide placements on desktop. */
const HORIZONTAL_CSS = `.vb-slide{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);align-items:center;gap:.5rem}
.vb-slide>.vb-options{grid-column:2;grid-row:1;display:flex;flex-direction:column}
.vb-slide>.vb-media{grid-column:1;grid-row:1 / span 2}`;

/**
 * Starts the ad (exported for tests; runs at import when the page has the data blocks).
 * @param analyticsOverrides options of the analytics client (tests: transport, storage).
 */
export function startAd(doc: Document = document, analyticsOverrides: Partial<AnalyticsOptions> = {}): void {
  const bot = readJson<PlayerBot & { analytics?: PlayerAnalyticsConfig }>('vidbot-data');
  const config = readJson<AdFrameConfig>('vidbot-ad');
  const root = doc.getElementById('vidbot-root');
  if (!bot || !config || !root) return;

  const sheet = new CSSStyleSheet();
  sheet.replaceSync(pageCss(config));
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];

  const post = (message: Payload): void => {
    if (window.parent === window) return;
    // Events carry no secrets; the creative's origin is the ad server's, unknown here.
    window.parent.postMessage(vidbotMessage({ ...message, publicId: config.publicId } as Omit<VidbotMessage, 'source' | 'v'>), '*');
  };

  // Analytics (issue 13): channel display_ad; session at load, ad_impression with the impression pixel,
  // ad_click on a click-through, the player's events as on every channel. Consent: the frame's own
  // (the ad has no host API); a bot that requires consent records nothing here.
  const analytics = createAnalytics({
    apiBase: location.origin,
    publicId: config.publicId,
    channel: 'display_ad',
    source: sourceOf(doc.referrer),
    enabled: bot.analytics?.enabled ?? false,
    consentRequired: bot.analytics?.consentRequired ?? true,
    ...analyticsOverrides,
  });
  const tracker = trackPlayer(analytics, bot, () => currentVideo()?.currentTime ?? null);
  analytics.track('session');

  const introId = bot.slides.find((s) => s.category === 'INTRO')?.id ?? null;
  let interacted = false;
  let visible = false;
  let impressionSent = false;
  let previousSlide: number | null = null;

  // The player's shadow root (open) is in #vidbot-root from the first render on (mountPlayer appends
  // its host before rendering, so this works inside the first slide.enter too).
  const currentVideo = (): HTMLVideoElement | null => root.querySelector('[data-vidbot-player]')?.shadowRoot?.querySelector('video') ?? null;

  const onEvent = (event: PlayerEvent): void => {
    try {
      handleEvent(event);
    } catch (error) {
      // The player does not catch its host's errors; an ad must keep playing whatever happens here.
      console.error('[vidbot ad]', error);
    }
  };
  const handleEvent = (event: PlayerEvent): void => {
    tracker.onEvent(event);
    switch (event.type) {
      case 'slide.enter': {
        post({ type: 'VIDBOT_SLIDE', from: previousSlide, to: event.slideId });
        previousSlide = event.slideId;
        const video = currentVideo();
        if (!video) break;
        if (config.loopIntroSlide && !interacted && event.slideId === introId) video.loop = true;
        // The thumbnail frame of adSettings.thumbnail, shown until playback starts on scroll.
        if (config.autoplayOnScroll && !visible && config.thumbnail.slide === event.slideId && config.thumbnail.time > 0) {
          const time = config.thumbnail.time;
          video.addEventListener('loadedmetadata', () => {
            if (video.paused) video.currentTime = Math.min(time, Number.isFinite(video.duration) ? video.duration : time);
          }, { once: true });
          video.addEventListener('play', () => {
            if (video.currentTime === time) video.currentTime = 0;
          }, { once: true });
        }
        break;
      }
      case 'button.click': {
        const slide = bot.slides.find((s) => s.id === event.slideId);
        const option = slide?.options.find((o) => o.id === event.optionId);
        post({ type: 'VIDBOT_CTA', slideId: event.slideId, optionId: event.optionId, name: option?.name ?? '' });
        break;
      }
      case 'post.message':
        post({ type: 'VIDBOT_POST_MESSAGE', value: event.value });
        break;
      case 'closed':
        post({ type: 'VIDBOT_CLOSE' });
        break;
      default:
        break;
    }
  };

  const handle = mountPlayer(root, bot, {
    lang: resolvePlayerLang(config.language),
    autoplay: !config.autoplayOnScroll,
    channel: 'display_ad',
    muted: true,
    apiBase: location.origin,
    onEvent,
    // Clicks leave the ad through the platform's click tracker (docs/embedding.md "Display ads").
    openLink: (action) => {
      window.open(clickThroughUrl(config.click, action.url), '_blank', 'noopener');
      analytics.track('ad_click');
      post({ type: 'VIDBOT_ANALYTICS_EVENT', name: 'click', data: { destination: action.url, platform: config.platform } });
      return true;
    },
  });

  // horizontalDesktopLayout: wide placements (interstitial, billboard) on a desktop screen. The frame's
  // own viewport is the placement, so the device is judged by the screen width.
  if (config.horizontalDesktopLayout && config.width > config.height && window.screen.width >= DESKTOP_MIN_WIDTH) {
    const horizontal = new CSSStyleSheet();
    horizontal.replaceSync(HORIZONTAL_CSS);
    handle.root.adoptedStyleSheets = [...handle.root.adoptedStyleSheets, horizontal];
  }

  // The intro loops only until the viewer does something.
  const stopLooping = (): void => {
    if (interacted) return;
    interacted = true;
    const video = currentVideo();
    if (video) video.loop = false;
  };
  root.addEventListener('pointerdown', stopLooping, { capture: true });
  root.addEventListener('keydown', stopLooping, { capture: true });

  const fireImpression = (): void => {
    if (impressionSent) return;
    impressionSent = true;
    analytics.track('viewed');
    analytics.track('ad_impression');
    post({ type: 'VIDBOT_ANALYTICS_EVENT', name: 'impression', data: { platform: config.platform } });
    if (!config.impressionTag) return;
    const random = String(Math.floor(Math.random() * 1e12));
    const pixel = new Image(1, 1);
    pixel.referrerPolicy = 'no-referrer-when-downgrade';
    pixel.src = expandImpressionTag(config.impressionTag, { random, gdpr: config.gdpr, gdprConsent: config.gdprConsent });
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        visible = entry.isIntersecting && entry.intersectionRatio >= VISIBLE_RATIO;
        if (visible) fireImpression();
        if (!config.autoplayOnScroll) continue;
        const video = currentVideo();
        if (!video) continue;
        if (visible && video.paused && !video.ended) void video.play().catch(() => undefined);
        else if (!visible && !video.paused) video.pause();
      }
    },
    { threshold: [0, VISIBLE_RATIO, 1] },
  );
  observer.observe(root);

  // Commands from the creative around the frame (play / pause); consent arrives in the URL.
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || !isHostCommand(event.data)) return;
    const video = currentVideo();
    if (event.data.type === 'play') void video?.play().catch(() => undefined);
    else if (event.data.type === 'pause') video?.pause();
  });

  post({ type: 'VIDBOT_LOADED', channel: 'display_ad' });
}

startAd();
