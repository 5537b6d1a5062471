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
 *   open (start, or start over after a close), setConsent (kept and passed to the player if it takes it).
 *
 * The player may not (yet) have every option and handle method used here (`play`, `pause`, `close`,
 * `restart`); where one is missing the page degrades: it drives the player's `<video>` and its
 * restart control directly, opens EXTERNAL_LINK buttons itself, and hides the buttons through a
 * stylesheet adopted into the player's shadow root. No innerHTML, no inline styles from strings.
 */
import './page.css';
import { mountPlayer, resolvePlayerLang, type PlayerBot, type PlayerEvent, type PlayerHandle, type PlayerOptions } from '../player/index';
import { isHostCommand, PROTOCOL_VERSION, type Channel, type ConsentState, type VidbotMessage } from '../shared/protocol';
import type { PageOptions } from '../../server/src/modules/share/page.types';

/** The player options this page passes (the extended `mountPlayer` options of issue 12; unknown ones are ignored by older players). */
type PageMountOptions = PlayerOptions & {
  channel?: Channel;
  muted?: boolean;
  hideActionButtonsUntilPlay?: boolean;
  preview?: boolean;
  apiBase?: string;
  consent?: ConsentState;
};

/** A player handle with the issue 12 controls, each possibly missing (feature-detected). */
export type PageHandle = PlayerHandle & {
  play?: () => void;
  pause?: () => void;
  close?: () => void;
  restart?: () => void;
  setConsent?: (consent: ConsentState) => void;
};

export type MountFn = (container: HTMLElement, bot: PlayerBot, options: PageMountOptions) => PageHandle;

/** The bot as the page gets it (PlayerBot plus the server's additive fields). */
export type PageBot = PlayerBot & { customCss?: string | null; publicId?: string };

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
}

/** A started page (for tests and the console). */
export interface PageController {
  /** The mounted player, or null while the facade shows. */
  readonly player: PageHandle | null;
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
  let played = false;
  let consent: ConsentState = {};
  /** The player is closing because of a host `close` command. */
  let closingByCommand = false;
  let buttonsHidden: CSSStyleSheet | null = null;
  const cleanup = new AbortController();

  const post = (message: VidbotMessage): void => {
    if (!framed) return;
    try {
      win.parent.postMessage(message, options.host ?? '*');
    } catch {
      // A wrong host origin must not break the player.
    }
  };

  const optionName = (slideId: number, optionId: number): string =>
    bot.slides.find((s) => s.id === slideId)?.options.find((o) => o.id === optionId)?.name ?? '';

  const showButtons = (): void => {
    if (!buttonsHidden || !player) return;
    const root = player.root;
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== buttonsHidden);
    buttonsHidden = null;
  };

  const onEvent = (event: PlayerEvent): void => {
    const e = event as PlayerEvent & Record<string, unknown>;
    switch (e.type as string) {
      case 'slide.enter': {
        const to = e.slideId as number;
        post(vidbotMessage({ type: 'VIDBOT_SLIDE', publicId, from: lastSlide, to }));
        lastSlide = to;
        closed = false;
        break;
      }
      case 'button.click':
        post(vidbotMessage({ type: 'VIDBOT_CTA', publicId, slideId: e.slideId as number, optionId: e.optionId as number, name: optionName(e.slideId as number, e.optionId as number) }));
        break;
      case 'action.requested': {
        const action = e.action as PlayerBot['actions'][number] | null;
        if (action?.type === 'POST_MESSAGE' && typeof action.value === 'string') {
          post(vidbotMessage({ type: 'VIDBOT_POST_MESSAGE', publicId, value: action.value }));
        } else if (action?.type === 'EXTERNAL_LINK' && action.url && !player?.play) {
          // Older players report links instead of opening them.
          openLink(win, action.url, action.linkType);
        }
        break;
      }
      case 'form.submitted':
        post(vidbotMessage({ type: 'VIDBOT_FORM_SUBMITTED', publicId, actionId: e.actionId as number, submissionId: String(e.submissionId) }));
        break;
      case 'video.play':
        played = true;
        showButtons();
        break;
      case 'closed':
        closed = true;
        // A close the host asked for is already known to it (the loader emits its own VIDBOT_CLOSE): once only.
        if (closingByCommand) closingByCommand = false;
        else post(vidbotMessage({ type: 'VIDBOT_CLOSE', publicId }));
        break;
    }
    if (ANALYTICS_EVENTS.has(e.type)) {
      post(vidbotMessage({ type: 'VIDBOT_ANALYTICS_EVENT', publicId, name: e.type, data: flatData(e) }));
    }
  };

  const applyCustomCss = (handle: PageHandle): void => {
    if (!bot.customCss || typeof CSSStyleSheet === 'undefined') return;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(bot.customCss);
      handle.root.adoptedStyleSheets = [...handle.root.adoptedStyleSheets, sheet];
    } catch {
      // Sanitised on the server; a sheet the browser refuses is left out.
    }
  };

  const hideButtons = (handle: PageHandle): void => {
    if (!options.hideActionButtonsUntilPlay || played || handle.play || typeof CSSStyleSheet === 'undefined') return;
    // Degraded path (player without the option): hide the button group until the first play.
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('.vb-options { visibility: hidden; }');
      handle.root.adoptedStyleSheets = [...handle.root.adoptedStyleSheets, sheet];
      buttonsHidden = sheet;
    } catch {
      buttonsHidden = null;
    }
  };

  const video = (): HTMLVideoElement | null => player?.root.querySelector('video') ?? null;

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
      consent,
      onEvent,
    });
    applyCustomCss(player);
    hideButtons(player);
    if (how === 'click' && !player.play) {
      // Older players start muted: the click on the facade is the gesture that allows sound.
      const v = video();
      if (v) {
        v.muted = false;
        void v.play().catch(() => undefined);
      }
    }
  };

  const command = {
    play(): void {
      if (!player) return start('auto');
      if (closed) return command.restart();
      if (player.play) player.play();
      else void video()?.play().catch(() => undefined);
    },
    pause(): void {
      if (player?.pause) player.pause();
      else video()?.pause();
    },
    close(): void {
      if (player?.close) {
        closingByCommand = true;
        player.close();
        // A player that reports its close asynchronously, or not at all, must not swallow a later one.
        setTimeout(() => {
          closingByCommand = false;
        }, 0);
      } else video()?.pause();
    },
    restart(): void {
      if (!player) return start('auto');
      if (player.restart) player.restart();
      else player.root.querySelector<HTMLButtonElement>('[data-control="restart"]')?.click();
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
          player?.setConsent?.(consent);
          break;
      }
    },
    { signal: cleanup.signal },
  );

  // iframe: the facade (unless autoplay), and/or autoplayOnScroll; every other case mounts now.
  if (options.channel === 'iframe' && !options.autoplay && options.thumbnail) {
    facade = renderFacade(doc, options.thumbnail, WORDS[lang].play.replace('{name}', bot.name), () => start('click'));
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
    start,
    destroy() {
      cleanup.abort();
      observer?.disconnect();
      facade?.remove();
      player?.destroy();
      player = null;
    },
  };
}

/** Opens an external link the way the preview does (new tab; `same_tab` replaces the top page when allowed). */
function openLink(win: Window, url: string, linkType: string | undefined): void {
  let parsed: URL;
  try {
    parsed = new URL(url, win.location.href);
  } catch {
    return;
  }
  if (!['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol)) return;
  if (linkType === 'same_tab' && win.parent === win) win.location.assign(parsed.href);
  else win.open(parsed.href, '_blank', 'noopener,noreferrer');
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
