/**
 * Bootstrap of the server-rendered player pages `/v/{publicId}` (direct link) and `/e/{publicId}`
 * (iframe and the widget's dialog frame) — issue 12 "iframe", "Direct link", "Events to the host";
 * issue 12 architecture §1, §3; spec 001 §3 iframeSettings / linkSettings.
 *
 * Built to dist/embed/page.js (embed/vite.config.ts). On load it reads the PlayerBot from
 * `<script type="application/json" id="vidbot-data">` and the page options (`PageOptions`,
 * server/src/modules/share/page.types.ts) from `#vidbot-page`, then:
 *
 * - mounts `mountPlayer` full-size into `#vidbot-root`, with the channel's options (start slide,
 *   language, autoplay / muted, hideActionButtonsUntilPlay);
 * - iframe: shows a thumbnail facade first unless autoplay (a custom image, or the thumbnail slide's
 *   video seeked to the thumbnail time over its poster) with a Play button; with autoplayOnScroll the
 *   player starts muted once half of the frame is in view (IntersectionObserver);
 * - maps the player's events to protocol messages (`embed/shared/protocol.ts`) posted to
 *   `window.parent` when framed — targetOrigin = the `host` option, else `'*'` (events carry no
 *   secrets): VIDBOT_LOADED (not in channel widget, where the loader owns it), VIDBOT_SLIDE,
 *   VIDBOT_CTA, VIDBOT_FORM_SUBMITTED, VIDBOT_POST_MESSAGE, VIDBOT_CLOSE, VIDBOT_ANALYTICS_EVENT;
 * - accepts host commands (`isHostCommand`) only from `window.parent` and only from the `host`
 *   origin (else the origin of `document.referrer`; neither → no commands): play, pause, close,
 *   open (start, or start over after a close), setConsent (kept: `PageController.consent`);
 * - channel widget (and slider, a carousel's dialog, issue 15): Escape inside the frame pauses the player
 *   and posts VIDBOT_CLOSE (the loader / carousel closes its dialog quietly on that; architecture §3),
 *   unless an action view used it (it stops it);
 * - channel slider (issue 13): every analytics batch carries `sliderId` (PageOptions.sliderId, the
 *   carousel widget, checked by the server); like the widget's, the frame exists only once the viewer
 *   pressed an item, so `viewed` and `opened` are recorded at start;
 * - analytics (issue 13; embed/analytics): `session` at load; `viewed` — widget at start (its frame
 *   exists only once the bubble was opened, so also `opened`), iframe once half of it is in view,
 *   direct link at load; `opened` on the facade's Play or the first playback; the player's events
 *   through `trackPlayer`; consent from `setConsent` commands (the widget frame holds its first
 *   events until the loader's consent arrives); `PlayerBot.analytics` decides enabled / consent /
 *   integration (direct_* → Google's tag in this frame, parent_* → `vidbot_*` VIDBOT_ANALYTICS_EVENTs).
 *
 * Everything the viewer sees is the player's (`PlayerHandle` play / pause / close / restart, its
 * options hideActionButtonsUntilPlay, hostOrigin for relative links, the custom CSS it adopts itself).
 * No innerHTML, no inline styles from strings.
 */
import './page.css';
import { mountPlayer, resolvePlayerLang, type PlayerBot, type PlayerEvent, type PlayerHandle, type PlayerOptions } from '../player/index';
import { isHostCommand, PROTOCOL_VERSION, type Channel, type ConsentState, type VidbotMessage } from '../shared/protocol';
import type { PageOptions } from '../../server/src/modules/share/page.types';
import { createAnalytics, sourceOf, type Analytics, type AnalyticsOptions } from '../analytics/client';
import { trackPlayer } from '../analytics/player-events';
import { directTag, eventParams, googleEventName, type PlayerAnalyticsConfig } from '../analytics/google';

/** The player handle the page drives. */
export type PageHandle = PlayerHandle;

export type MountFn = (container: HTMLElement, bot: PlayerBot, options: PlayerOptions) => PageHandle;

/** The bot as the page gets it (PlayerBot plus the server's additive fields). */
export type PageBot = PlayerBot & { customCss?: string | null; publicId?: string; analytics?: PlayerAnalyticsConfig };

/** How long the widget frame waits for the loader's first setConsent before dropping held events (ms). */
const WIDGET_CONSENT_WAIT_MS = 10_000;

/** What `startPage` needs (tests pass their own window stand-ins and mount). */
export interface PageDeps {
  bot: PageBot;
  options: PageOptions;
  root: HTMLElement;
  win?: Window;
  doc?: Document;
  /** The frame's referrer (default `document.referrer`): the commands' origin when there is no `host`. */
  referrer?: string;
  mount?: MountFn;
  /** Overrides of the analytics client's options (tests: transport, storage, clock). */
  analytics?: Partial<AnalyticsOptions>;
}

/** A started page (for tests and the console). */
export interface PageController {
  /** The mounted player, or null while the facade shows. */
  readonly player: PageHandle | null;
  /** The consent the host last gave (`setConsent` commands merged; empty until one arrives). */
  readonly consent: ConsentState;
  /** The analytics client (issue 13). */
  readonly analytics: Analytics;
  /** Starts the player (removes the facade); see `how` in startPage. */
  start(how?: 'load' | 'click' | 'auto'): void;
  destroy(): void;
}

const WORDS = {
  en: { play: 'Play {name}' },
  fi: { play: 'Toista {name}' },
} as const;

/** An event without `source` and `v` (distributed over the union, unlike `Omit<VidbotMessage, …>`). */
type EventBody = VidbotMessage extends infer M ? (M extends VidbotMessage ? Omit<M, 'source' | 'v'> : never) : never;
const vidbotMessage = (body: EventBody): VidbotMessage => ({ source: 'vidbot', v: PROTOCOL_VERSION, ...body }) as VidbotMessage;

/** Channel of the protocol for the page's channel. */
const protocolChannel = (c: PageOptions['channel']): Channel => c;

/** Primitive fields of a player event, for VIDBOT_ANALYTICS_EVENT's flat `data`. */
function flatData(event: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(event)) {
    if (k === 'type') continue;
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** Player events forwarded as VIDBOT_ANALYTICS_EVENT (the viewer's journey; not every media tick). */
const ANALYTICS_EVENTS = new Set(['slide.enter', 'button.click', 'video.play', 'video.pause', 'video.ended', 'closed', 'form.submitted']);

/**
 * Starts the page: facade or player, messages, commands.
 * @returns the controller; never throws for odd content (the player explains a bot without slides).
 */
export function startPage(deps: PageDeps): PageController {
  const win = deps.win ?? window;
  const doc = deps.doc ?? document;
  const mount: MountFn = deps.mount ?? (mountPlayer as MountFn);
  const { bot, options, root } = deps;
  const publicId = options.publicId;
  const framed = win.parent !== win;
  const referrerOrigin = (() => {
    try {
      const referrer = deps.referrer ?? doc.referrer;
      return referrer ? new URL(referrer).origin : null;
    } catch {
      return null;
    }
  })();
  /** Commands count only from this origin. */
  const commandOrigin = options.host ?? referrerOrigin;
  const lang = resolvePlayerLang(options.lang);

  let player: PageHandle | null = null;
  let facade: HTMLElement | null = null;
  let observer: IntersectionObserver | null = null;
  let lastSlide: number | null = null;
  let closed = false;
  let consent: ConsentState = {};
  /** The player is closing because of a host `close` command. */
  let closingByCommand = false;
  const cleanup = new AbortController();

  const post = (message: VidbotMessage): void => {
    if (!framed) return;
    try {
      win.parent.postMessage(message, options.host ?? '*');
    } catch {
      // A wrong host origin must not break the player.
    }
  };

  // Analytics (issue 13 "Events"; embed/analytics). Source: the host page (origin + path) — the
  // widget loader's page from `source`, else the referrer (an iframe's referrer is its host page, at
  // least its origin); a direct link counts only the referrer's origin.
  const channel = protocolChannel(options.channel);
  const aConfig: PlayerAnalyticsConfig = bot.analytics ?? {
    enabled: false,
    consentRequired: true,
    integration: 'none',
    ga4Id: null,
    gtmId: null,
    consentDefaults: { ad_storage: 'denied', analytics_storage: 'denied', functionality_storage: 'denied', personalization_storage: 'denied', security_storage: 'granted' },
  };
  const referrer = (() => {
    try {
      return deps.referrer ?? doc.referrer;
    } catch {
      return '';
    }
  })();
  const source = options.source ?? (options.channel === 'direct' ? (referrerOrigin ?? '') : sourceOf(referrer) || (options.host ? `${options.host}/` : ''));
  const google = directTag(aConfig, publicId, channel, () => consent, win, doc);
  const handToParent = aConfig.integration === 'parent_ga4' || aConfig.integration === 'parent_gtm';
  const analytics = createAnalytics({
    apiBase: options.apiBase,
    publicId,
    channel,
    ...(options.channel === 'slider' && options.sliderId ? { sliderId: options.sliderId } : {}),
    source,
    enabled: aConfig.enabled,
    consentRequired: aConfig.consentRequired,
    // The widget loader sends the host's consent when the frame has loaded.
    awaitConsentMs: options.channel === 'widget' && framed ? WIDGET_CONSENT_WAIT_MS : undefined,
    win,
    onRecord: (event) => {
      google?.send(event);
      if (handToParent) post(vidbotMessage({ type: 'VIDBOT_ANALYTICS_EVENT', publicId, name: googleEventName(event.name), data: eventParams(event, publicId, channel) }));
    },
    ...deps.analytics,
  });
  const tracker = trackPlayer(analytics, bot, () => {
    const video = player?.root.querySelector('video');
    return video ? video.currentTime : null;
  });

  const optionName = (slideId: number, optionId: number): string =>
    bot.slides.find((s) => s.id === slideId)?.options.find((o) => o.id === optionId)?.name ?? '';

  const onEvent = (e: PlayerEvent): void => {
    tracker.onEvent(e);
    switch (e.type) {
      case 'slide.enter':
        post(vidbotMessage({ type: 'VIDBOT_SLIDE', publicId, from: lastSlide, to: e.to }));
        lastSlide = e.to;
        closed = false;
        break;
      case 'button.click':
        post(vidbotMessage({ type: 'VIDBOT_CTA', publicId, slideId: e.slideId, optionId: e.optionId, name: e.name || optionName(e.slideId, e.optionId) }));
        break;
      case 'post.message':
        post(vidbotMessage({ type: 'VIDBOT_POST_MESSAGE', publicId, value: e.value }));
        break;
      case 'form.submitted':
        post(vidbotMessage({ type: 'VIDBOT_FORM_SUBMITTED', publicId, actionId: e.actionId, submissionId: e.submissionId }));
        break;
      case 'closed':
        closed = true;
        // A close the host asked for is already known to it (the loader emits its own VIDBOT_CLOSE): once only.
        if (closingByCommand) closingByCommand = false;
        else post(vidbotMessage({ type: 'VIDBOT_CLOSE', publicId }));
        break;
    }
    if (ANALYTICS_EVENTS.has(e.type)) {
      post(vidbotMessage({ type: 'VIDBOT_ANALYTICS_EVENT', publicId, name: e.type, data: flatData(e as unknown as Record<string, unknown>) }));
    }
  };

  /**
   * Mounts the player (once). `how`: `click` — the viewer pressed the facade (play with sound);
   * `auto` — autoplayOnScroll saw the frame or the host said play (no gesture here: play muted); `load` — the page's own autoplay / muted.
   */
  const start = (how: 'load' | 'click' | 'auto' = 'load'): void => {
    if (player) return;
    observer?.disconnect();
    observer = null;
    facade?.remove();
    facade = null;
    player = mount(root, bot, {
      startSlideId: options.startSlideId,
      lang,
      autoplay: how !== 'load' || options.autoplay,
      muted: how === 'click' ? false : how === 'auto' ? true : options.muted,
      channel: protocolChannel(options.channel),
      hideActionButtonsUntilPlay: options.hideActionButtonsUntilPlay,
      preview: false,
      apiBase: options.apiBase,
      hostOrigin: commandOrigin,
      onEvent,
    });
  };

  const command = {
    play(): void {
      if (!player) return start('auto');
      if (closed) return command.restart();
      player.play();
    },
    pause(): void {
      player?.pause();
    },
    close(): void {
      if (!player || closed) return;
      closingByCommand = true;
      player.close();
      // The player reports `closed` synchronously; should it not, a later close must still be reported.
      closingByCommand = false;
    },
    restart(): void {
      if (!player) return start('auto');
      player.restart();
    },
  };

  win.addEventListener(
    'message',
    (event: MessageEvent) => {
      if (!framed || event.source !== win.parent || !commandOrigin || event.origin !== commandOrigin) return;
      const data: unknown = event.data;
      if (!isHostCommand(data)) return;
      switch (data.type) {
        case 'play':
          command.play();
          break;
        case 'open':
          if (closed) command.restart();
          else command.play();
          break;
        case 'pause':
          command.pause();
          break;
        case 'close':
          command.close();
          break;
        case 'setConsent':
          consent = { ...consent, ...data.consent };
          analytics.setConsent(data.consent);
          google?.updateConsent(consent);
          break;
      }
    },
    { signal: cleanup.signal },
  );

  // Widget / carousel frame: Escape closes the loader's (the carousel's) dialog (which pauses us again and says play on reopen).
  if ((options.channel === 'widget' || options.channel === 'slider') && framed) {
    doc.addEventListener(
      'keydown',
      (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        player?.pause();
        post(vidbotMessage({ type: 'VIDBOT_CLOSE', publicId }));
      },
      { signal: cleanup.signal },
    );
  }

  // iframe: the facade (unless autoplay), and/or autoplayOnScroll; every other case mounts now.
  // session: the embed loaded in this tab; viewed: the widget's frame exists only once the viewer
  // opened the bubble (so it was shown: viewed + opened), an iframe when half of it is in view, a direct
  // link is the viewer's own tab.
  analytics.track('session');
  if (options.channel === 'widget' || options.channel === 'slider') {
    analytics.track('viewed');
    analytics.track('opened');
  } else if (options.channel === 'direct') analytics.track('viewed');
  else if (typeof IntersectionObserver !== 'undefined') {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((x) => x.isIntersecting && x.intersectionRatio >= 0.5)) {
        analytics.track('viewed');
        seen.disconnect();
      }
    }, { threshold: [0.5] });
    seen.observe(root);
    cleanup.signal.addEventListener('abort', () => seen.disconnect());
  }

  if (options.channel === 'iframe' && !options.autoplay && options.thumbnail) {
    facade = renderFacade(doc, options.thumbnail, WORDS[lang].play.replace('{name}', bot.name), () => {
      analytics.track('opened');
      start('click');
    });
    root.append(facade);
  }
  if (options.channel === 'iframe' && !options.autoplay && options.autoplayOnScroll && typeof IntersectionObserver !== 'undefined') {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((x) => x.isIntersecting && x.intersectionRatio >= 0.5)) start('auto');
      },
      { threshold: [0, 0.5, 1] },
    );
    observer.observe(root);
  } else if (!facade) {
    start();
  }

  if (options.channel !== 'widget') post(vidbotMessage({ type: 'VIDBOT_LOADED', publicId, channel: protocolChannel(options.channel) }));

  return {
    get player() {
      return player;
    },
    get consent() {
      return consent;
    },
    analytics,
    start,
    destroy() {
      tracker.endVisit();
      void analytics.flush();
      analytics.destroy();
      cleanup.abort();
      observer?.disconnect();
      facade?.remove();
      player?.destroy();
      player = null;
    },
  };
}

/**
 * The thumbnail facade: a full-size button showing the thumbnail image (or the video's frame at
 * `time` seconds, over its poster) and a play icon. No inline style: classes from /embed/page.css.
 */
export function renderFacade(doc: Document, thumbnail: NonNullable<PageOptions['thumbnail']>, label: string, onPlay: () => void): HTMLElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'vidbot-facade';
  button.setAttribute('aria-label', label);
  if (thumbnail.videoUrl) {
    const v = doc.createElement('video');
    v.className = 'vidbot-facade-media';
    v.muted = true;
    v.playsInline = true;
    v.setAttribute('playsinline', '');
    v.setAttribute('muted', '');
    v.preload = 'metadata';
    v.crossOrigin = 'anonymous';
    v.setAttribute('aria-hidden', 'true');
    if (thumbnail.url) v.setAttribute('poster', thumbnail.url);
    // The media fragment asks for the frame at `time`; the seek below covers browsers that ignore it.
    v.src = thumbnail.time > 0 ? `${thumbnail.videoUrl}#t=${thumbnail.time}` : thumbnail.videoUrl;
    v.addEventListener(
      'loadedmetadata',
      () => {
        const t = Number.isFinite(v.duration) ? Math.min(thumbnail.time, Math.max(0, v.duration - 0.1)) : thumbnail.time;
        if (t > 0 && Math.abs(v.currentTime - t) > 0.05) v.currentTime = t;
      },
      { once: true },
    );
    button.append(v);
  } else if (thumbnail.url) {
    const img = doc.createElement('img');
    img.className = 'vidbot-facade-media';
    img.alt = '';
    img.src = thumbnail.url;
    button.append(img);
  }
  const icon = doc.createElement('span');
  icon.className = 'vidbot-facade-play';
  icon.setAttribute('aria-hidden', 'true');
  button.append(icon);
  button.addEventListener('click', onPlay, { once: true });
  return button;
}

/** Reads `#vidbot-data` and `#vidbot-page` of `doc`; null when the page has none (or they do not parse). */
export function readPageData(doc: Document): { bot: PageBot; options: PageOptions } | null {
  const botText = doc.getElementById('vidbot-data')?.textContent;
  const optionsText = doc.getElementById('vidbot-page')?.textContent;
  if (!botText || !optionsText) return null;
  try {
    return { bot: JSON.parse(botText) as PageBot, options: JSON.parse(optionsText) as PageOptions };
  } catch {
    return null;
  }
}

// Module entry: boot when loaded by a player page (tests import the functions without a page).
if (typeof document !== 'undefined') {
  const data = readPageData(document);
  const root = document.getElementById('vidbot-root');
  if (data && root) (window as Window & { vidbotPage?: PageController }).vidbotPage = startPage({ ...data, root });
}
