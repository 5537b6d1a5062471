/**
 * The framework-free vidbot player — one runtime for every channel (issue 12 "The player"; DESIGN §1b;
 * spec 001 §3 Slide, Slide option, Action, Share settings; 002 §2 previews).
 *
 * `mountPlayer(container, bot, options)` runs the player machine (machines/player: the viewer's flow,
 * which walks the bot's compiled statechart) and renders its snapshots into a shadow root appended to
 * `container`. This module only sends events and renders from state:
 *
 * - video slide: `<video playsinline poster crossorigin>` with Play/Pause, Mute, Captions controls; the
 *   machine's media state says whether it should play (the view calls `play()` / `pause()` to match).
 *   Autoplay: muted where allowed; when `play()` is refused the video is retried muted, and if that is
 *   refused too a large "Play video" button shows (machine `blocked`).
 * - image slide: `<img alt>` with the slide's PAN / ZOOM_OUT animation (none under prefers-reduced-motion).
 * - buttons: native `<button>`s (featured ones emphasised), hidden until theme.delayButtons has passed
 *   and, with `hideActionButtonsUntilPlay`, until playback started.
 * - action views (form, thank-you page, embedded link, share media) mount through `./actions` into a
 *   layer over the slide; focus moves into them and back to the pressed button afterwards.
 * - likes (settings.isLikesEnabled), share (unless isShareDisabled: Web Share API, else copy the link),
 *   watermark (unless isWatermarkDisabled), company profile (isCompanyProfileEnabled), theme colours,
 *   gradient, and the server-sanitised custom CSS (adoptedStyleSheets; issue 20 strict CSP: no style
 *   attributes, no innerHTML).
 *
 * Accessibility: every control is a native button or link (keyboard works as is) with a visible focus
 * ring and a label in en/fi (strings.ts); the captions and like toggles use aria-pressed; a polite live
 * region announces slide changes; on a slide change with focus inside, focus moves to the new slide.
 */
import { createActor } from 'xstate';
import { playerMachine, type PlayerEmitted, type PlayerSnapshot } from '../../machines/player/player.machine';
import {
  selectBlocked,
  selectButtonsShown,
  selectCaptionLanguage,
  selectCaptionsOn,
  selectCaptionsShown,
  selectLink,
  selectLiked,
  selectLiveOptions,
  selectMedia,
  selectSlide,
  selectView,
  selectVisit,
  type PlayerView,
} from '../../machines/player/player.selectors';
import type { Channel } from '../shared/protocol';
import type { PlayerBot, Slide, SlideOptionType, VidbotTheme } from '../../machines/vidbot/vidbot.types';
import type { ActionContext, ActionView } from './actions/types';
import type { ExternalLinkAction } from '../../server/src/modules/bot/content.rules';
import { appendCaptionTracks, showCaptions } from './captions';
import { button, el, icon, setIconLabel } from './dom';
import { playerStrings, resolvePlayerLang, type PlayerLang } from './strings';
import { adoptPlayerStyles } from './styles';

/** What the player reports to its host (the pages map these to protocol messages, the preview to its UI). */
export type PlayerEvent =
  | { type: 'slide.enter'; from: number | null; to: number; slideId: number; name: string; path: readonly number[] }
  | { type: 'button.click'; slideId: number; optionId: number; optionType: SlideOptionType; name: string; trackConversion: boolean; trigger: 'button' | 'video.end' }
  | { type: 'form.submitted'; actionId: number; submissionId: string }
  | { type: 'post.message'; slideId: number; actionId: number; value: string }
  | { type: 'link.open'; url: string; linkType: string; externalLinkType?: string | null }
  | { type: 'closed'; path: readonly number[] }
  | { type: 'liked'; slideId: number | null; liked: boolean }
  | { type: 'share'; url: string; method: 'share' | 'copy' }
  /** The "Made with Vidbot" watermark was clicked (analytics watermark_clicked, issue 13). */
  | { type: 'watermark.click' }
  /** `currentTime` in seconds. */
  | { type: 'video.play' | 'video.pause' | 'video.ended'; slideId: number; currentTime: number }
  | { type: 'video.autoplayBlocked' | 'video.error'; slideId: number };

/** Options of `mountPlayer` (the channel bootstraps — embed/page, the preview — set them). */
export interface PlayerOptions {
  /** Distribution channel (spec 002 §3). Default `direct`. */
  channel?: Channel;
  /** Start on this slide instead of the INTRO slide (preview `slide_id`, `?slide=`); unknown ids are ignored. */
  startSlideId?: number | null;
  /** Called for every `PlayerEvent`, synchronously. Exceptions thrown by it are not caught. */
  onEvent?: (event: PlayerEvent) => void;
  /** Player language; default from `<html lang>`, else en. */
  lang?: PlayerLang;
  /** Start the first video by itself. Default true. Later videos follow buttons / video-end autoplay. */
  autoplay?: boolean;
  /** Start muted (autoplayMuted of the widget / link settings). Default true: browsers allow muted autoplay. */
  muted?: boolean;
  /** Alias of `muted` (the settings' name). */
  autoplayMuted?: boolean;
  /** iframe / link settings: the buttons stay hidden until the viewer started playback. */
  hideActionButtonsUntilPlay?: boolean;
  /** Dashboard preview: forms are validated but not sent. */
  preview?: boolean;
  /** Origin of the Vidbot server ('' = this page's origin): form submissions, the watermark link. */
  apiBase?: string;
  /**
   * Opens an EXTERNAL_LINK instead of the player (display ads send clicks through the platform's
   * click tracker). Return true when handled; false lets the player open it by its link type.
   */
  openLink?: (action: ExternalLinkAction) => boolean;
  /** Show a Close control among the player's controls (closes the vidbot). Default false. */
  closeControl?: boolean;
  /**
   * Origin of the customer's page embedding the player (the frame's `host` option, else the
   * referrer's origin): `relative_path` links resolve against it. Default: this page's origin.
   */
  hostOrigin?: string | null;
  /** Size in CSS px of an EXTERNAL_LINK shown with linkType `embed` (the contract has no per-action size). Default 650 × 340. */
  embedSize?: { width: number; height: number };
}

/** The action views' module (form, thank-you page, embedded link, share media; `./actions`). */
type ActionsModule = typeof import('./actions');
let actionsModule: ActionsModule | null = null;
let actionsLoading: Promise<ActionsModule> | null = null;

/**
 * Loads the action views — a chunk of their own, kept out of the first frame's bytes (DESIGN §1b).
 * Every `mountPlayer` starts it at once, so it is there before the viewer can press a button; until
 * then an action waits for it. Resolves with the module (cached); a failed load may be tried again.
 */
export function loadActionViews(): Promise<ActionsModule> {
  actionsLoading ??= import('./actions').then(
    (m) => (actionsModule = m),
    (error: unknown) => {
      actionsLoading = null;
      throw error;
    },
  );
  return actionsLoading;
}

/** Default size of an embedded link's iframe (issue 12 "Links": 650 × 340 px). */
export const EMBED_LINK_SIZE = { width: 650, height: 340 } as const;

/** A mounted player: host commands and teardown. */
export interface PlayerHandle {
  /** Play the current video (a user gesture on the host helps: browsers may refuse otherwise). */
  play(): void;
  pause(): void;
  /** Close the vidbot (closing screen; `closed` is reported). */
  close(): void;
  /** Start again from the start slide. */
  restart(): void;
  /** Stop the machine, release the video, remove the player's DOM. Safe to call twice. */
  destroy(): void;
  /** The shadow root the player renders into (tests and hosts that need to look inside). */
  readonly root: ShadowRoot;
}

/**
 * Chooses how a slide's media fills the player: `contain` (whole picture, bars) when the media and
 * the player have opposite orientations by more than 1.5× in aspect ratio, else `cover` (the default
 * of `.vb-media`). Sizes in px; zero sizes (metadata not loaded) change nothing.
 */
export function fitMedia(media: HTMLElement, mediaWidth: number, mediaHeight: number, box: HTMLElement): void {
  const boxWidth = box.clientWidth;
  const boxHeight = box.clientHeight;
  if (!mediaWidth || !mediaHeight || !boxWidth || !boxHeight) return;
  const ratio = mediaWidth / mediaHeight / (boxWidth / boxHeight);
  if (ratio > 1.5 || ratio < 1 / 1.5) media.dataset.fit = 'contain';
  else delete media.dataset.fit;
}

function themeOf(bot: PlayerBot): VidbotTheme {
  return (bot.theme && typeof bot.theme === 'object' ? bot.theme : {}) as VidbotTheme;
}

function colour(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * Mount the player for `bot` into `container` (appends one host element with a shadow root).
 *
 * @param container any element; the player fills it (give it a size).
 * @param bot a `PlayerBot` (docs/api.md; a draft `Bot` has the same slide fields) with resolved urls.
 * @param options `PlayerOptions`.
 * @returns a `PlayerHandle`. Never throws for odd content: broken buttons are left out, a bot without
 *   slides shows an explanation.
 */
export function mountPlayer(container: HTMLElement, bot: PlayerBot, options: PlayerOptions = {}): PlayerHandle {
  const lang = options.lang ?? resolvePlayerLang(document.documentElement.lang);
  const t = playerStrings(lang);
  /** Events raised while a slide renders wait here, so that its slide.enter is reported first. */
  let held: PlayerEvent[] | null = null;
  const emitEvent = (event: PlayerEvent): void => {
    if (held) held.push(event);
    else options.onEvent?.(event);
  };
  const settings = bot.settings ?? {};
  const theme = themeOf(bot);

  const host = el('div');
  host.setAttribute('data-vidbot-player', '');
  const root = host.attachShadow({ mode: 'open' });
  const sheets = adoptPlayerStyles(root, bot.customCss);
  /** The action views' stylesheet joins the player's (before the custom CSS, which may restyle them). */
  const adoptActionsCss = (m: ActionsModule): void => {
    if (destroyed || !m.actionsCss || typeof CSSStyleSheet === 'undefined') return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(m.actionsCss);
    sheets.splice(1, 0, sheet);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((x) => !sheets.includes(x)), ...sheets];
  };

  const frame = el('section', 'vb-player');
  frame.setAttribute('aria-label', bot.name || t('player'));
  frame.lang = lang;
  const textColor = colour(theme.textColor);
  const backgroundColor = colour(theme.backgroundColor);
  if (textColor) frame.style.setProperty('--vb-text', textColor);
  if (backgroundColor) frame.style.setProperty('--vb-background', backgroundColor);
  if (theme.isGradientEnabled !== false) frame.setAttribute('data-gradient', '');
  if (theme.isArrowButtonEnabled) frame.setAttribute('data-arrows', '');

  const stage = el('div', 'vb-stage');
  const top = el('div', 'vb-top');
  const controls = el('div', 'vb-controls');
  controls.setAttribute('role', 'group');
  controls.setAttribute('aria-label', t('controls'));
  const layer = el('div', 'vb-layer');
  layer.hidden = true;
  const live = el('p', 'vb-sr');
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');

  // Company profile (settings.isCompanyProfileEnabled): logo + company name.
  const companyName = bot.companyName ?? settings.companyName ?? null;
  if (settings.isCompanyProfileEnabled && (companyName || bot.logoUrl)) {
    const profile = el('div', 'vb-profile');
    profile.setAttribute('data-company-profile', '');
    if (bot.logoUrl) {
      const logo = el('img');
      logo.src = bot.logoUrl;
      logo.alt = companyName ? t('logo', { name: companyName }) : '';
      profile.append(logo);
    }
    if (companyName) profile.append(el('span', undefined, companyName));
    top.append(profile);
  }
  top.append(controls);

  // Player-wide controls (left to right): play, mute, captions (per slide), like, share, close.
  const playControl = button('vb-control', 'play');
  const muteControl = button('vb-control', 'mute');
  const captionsControl = button('vb-control', 'captions');
  setIconLabel(captionsControl, 'captions', t('captions'));
  const likeControl = settings.isLikesEnabled ? button('vb-control', 'like') : null;
  if (likeControl) setIconLabel(likeControl, 'like', t('like'));
  const shareControl = settings.isShareDisabled ? null : button('vb-control', 'share');
  if (shareControl) setIconLabel(shareControl, 'share', t('share'));
  // The widget's dialog (embed/loader) has its own Close outside the frame; hosts that frame the
  // player in their own overlay ask for one with `closeControl`.
  const closeControl = options.closeControl ? button('vb-control', 'close') : null;
  if (closeControl) setIconLabel(closeControl, 'close', t('close'));
  controls.append(playControl, muteControl, captionsControl, ...[likeControl, shareControl, closeControl].filter((b): b is HTMLButtonElement => b !== null));

  frame.append(stage, top);
  if (!settings.isWatermarkDisabled) {
    const mark = el('a', 'vb-watermark', t('watermark'));
    mark.href = `${options.apiBase ?? ''}/`;
    mark.target = '_blank';
    mark.rel = 'noopener';
    mark.setAttribute('data-watermark', '');
    mark.addEventListener('click', () => emitEvent({ type: 'watermark.click' }));
    frame.append(mark);
  }
  frame.append(layer, live);
  root.append(frame);
  container.append(host);

  const actor = createActor(playerMachine, {
    input: {
      bot,
      startSlideId: options.startSlideId ?? null,
      autoplay: options.autoplay ?? true,
      hideActionButtonsUntilPlay: options.hideActionButtonsUntilPlay ?? false,
    },
  });
  const send = actor.send.bind(actor);

  /** The viewer's sound choice carries over from slide to slide. */
  let muted = options.muted ?? options.autoplayMuted ?? true;
  let destroyed = false;
  let video: HTMLVideoElement | null = null;
  let optionsNode: HTMLElement | null = null;
  let bigPlay: HTMLButtonElement | null = null;
  let renderedVisit = -1;
  let renderedView: PlayerView | null = null;
  let actionView: ActionView | null = null;
  /** What had focus when an action view opened (focus returns there). */
  let returnFocus: HTMLElement | null = null;
  /** Counts play() calls: only the latest one's refusal counts (an older one may be overtaken). */
  let playAttempt = 0;
  /** Detaches the current slide's media listeners (a released video must not report into the next slide). */
  let slideListeners = new AbortController();

  const focusIsInside = (): boolean => root.activeElement !== null;

  const actionContext = (): ActionContext => ({
    layer,
    lang,
    publicId: bot.publicId ?? '',
    revisionId: bot.revisionId ?? null,
    apiBase: options.apiBase ?? '',
    preview: options.preview ?? false,
    hostOrigin: options.hostOrigin ?? null,
    embedSize: options.embedSize ?? EMBED_LINK_SIZE,
  });

  const releaseVideo = (): void => {
    slideListeners.abort();
    slideListeners = new AbortController();
    playAttempt += 1;
    if (!video) return;
    video.pause();
    video.removeAttribute('src');
    video.load();
    video = null;
  };

  /** Calls play(); a refusal with sound retries muted, a refusal muted is reported as blocked. */
  const tryPlay = (media: HTMLVideoElement, slideId: number): void => {
    const mine = ++playAttempt;
    let attempt: Promise<void> | undefined;
    try {
      attempt = media.play();
    } catch {
      attempt = Promise.reject(new Error('play failed'));
    }
    attempt?.then(
      () => undefined,
      (error: unknown) => {
        if (destroyed || media !== video || mine !== playAttempt) return;
        const notAllowed = error instanceof DOMException && error.name === 'NotAllowedError';
        if (notAllowed && !media.muted) {
          muted = true;
          media.muted = true;
          tryPlay(media, slideId);
          return;
        }
        if (error instanceof DOMException && error.name === 'AbortError') return;
        emitEvent({ type: 'video.autoplayBlocked', slideId });
        send({ type: 'media.blocked' });
      },
    );
  };

  const renderVideo = (slide: Slide, slideNode: HTMLElement): void => {
    const media = el('video', 'vb-media');
    media.setAttribute('playsinline', '');
    media.playsInline = true;
    media.muted = muted;
    media.defaultMuted = true;
    if (muted) media.setAttribute('muted', '');
    media.preload = 'auto';
    // CORS mode: on a customer's site the video and its <track> WebVTT come from our /files (another
    // origin); text tracks load only with crossorigin (/files answers Access-Control-Allow-Origin: *).
    media.crossOrigin = 'anonymous';
    if (slide.posterUrl) media.setAttribute('poster', slide.posterUrl);
    media.setAttribute('aria-label', slide.name);
    if (selectMedia(actor.getSnapshot()) === 'playing') media.setAttribute('autoplay', '');
    if (slide.videoUrl) media.src = slide.videoUrl;
    appendCaptionTracks(media, slide.captions ?? [], lang);
    const error = el('p', 'vb-error', t('videoError'));
    error.hidden = true;
    error.setAttribute('role', 'alert');

    const { signal } = slideListeners;
    const time = (): number => Math.round(media.currentTime * 1000) / 1000;
    // A landscape video in a portrait player (a phone) or the other way round is shown whole
    // (`contain`) instead of cropped to the middle; similar shapes keep filling the player (`cover`).
    const fit = (): void => fitMedia(media, media.videoWidth, media.videoHeight, frame);
    media.addEventListener('loadedmetadata', fit, { signal });
    window.addEventListener('resize', fit, { signal });
    media.addEventListener('play', () => {
      error.hidden = true;
      emitEvent({ type: 'video.play', slideId: slide.id, currentTime: time() });
      send({ type: 'media.playing' });
    }, { signal });
    media.addEventListener('pause', () => {
      // The pause that comes with the end of playback is not the viewer's: `ended` follows.
      if (media.ended) return;
      emitEvent({ type: 'video.pause', slideId: slide.id, currentTime: time() });
      send({ type: 'media.paused' });
    }, { signal });
    media.addEventListener('ended', () => {
      emitEvent({ type: 'video.ended', slideId: slide.id, currentTime: time() });
      send({ type: 'media.ended' });
    }, { signal });
    media.addEventListener('volumechange', () => syncMute(), { signal });
    media.addEventListener('error', () => {
      error.hidden = false;
      emitEvent({ type: 'video.error', slideId: slide.id });
    }, { signal });

    bigPlay = button('vb-bigplay', 'bigplay');
    bigPlay.append(icon('play'), el('span', undefined, t('playVideo')));
    bigPlay.addEventListener('click', () => send({ type: 'play' }));
    slideNode.append(media, bigPlay, error);
    video = media;
  };

  const renderImage = (slide: Slide, slideNode: HTMLElement): void => {
    const image = el('img', 'vb-media');
    image.alt = slide.description?.trim() || slide.name;
    if (slide.imageUrl) image.src = slide.imageUrl;
    const animation = slide.imageAnimation;
    if (animation && (animation.type === 'PAN' || animation.type === 'ZOOM_OUT')) {
      image.setAttribute('data-animation', animation.type);
      const seconds = Number.isFinite(animation.duration) && animation.duration > 0 ? animation.duration : 8;
      image.style.setProperty('--vb-anim-duration', `${seconds}s`);
      const repeat = animation.repeat === true ? 'infinite' : typeof animation.repeat === 'number' && animation.repeat > 0 ? String(animation.repeat) : '1';
      image.style.setProperty('--vb-anim-repeat', repeat);
    }
    slideNode.append(image);
  };

  const renderOptions = (snapshot: PlayerSnapshot, slideNode: HTMLElement): void => {
    const liveOptions = selectLiveOptions(snapshot);
    optionsNode = null;
    if (liveOptions.length === 0) return;
    const group = el('div', 'vb-options');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', t('choices'));
    for (const option of liveOptions) {
      const b = el('button', 'vb-option', option.name);
      b.type = 'button';
      b.setAttribute('data-option-id', String(option.id));
      b.setAttribute('data-type', option.type);
      if (option.featured) b.setAttribute('data-featured', '');
      b.addEventListener('click', () => {
        returnFocus = b;
        send({ type: 'button.press', optionId: option.id });
      });
      group.append(b);
    }
    slideNode.append(group);
    optionsNode = group;
  };

  const renderMessage = (text: string, withRestart: boolean, hadFocus: boolean): void => {
    const box = el('div', 'vb-message');
    box.setAttribute('tabindex', '-1');
    box.append(el('p', undefined, text));
    let restart: HTMLButtonElement | null = null;
    if (withRestart) {
      restart = button('vb-option', 'restart');
      restart.textContent = t('restart');
      restart.addEventListener('click', () => send({ type: 'restart' }));
      box.append(restart);
    }
    stage.replaceChildren(box);
    live.textContent = text;
    if (hadFocus) (restart ?? box).focus();
  };

  const renderSlide = (snapshot: PlayerSnapshot, slide: Slide, hadFocus: boolean): void => {
    releaseVideo();
    bigPlay = null;
    const slideNode = el('div', 'vb-slide');
    slideNode.setAttribute('role', 'group');
    slideNode.setAttribute('aria-label', slide.name);
    slideNode.setAttribute('tabindex', '-1');
    slideNode.setAttribute('data-slide-id', String(slide.id));
    stage.replaceChildren(slideNode);
    if (slide.type === 'VIDEO') renderVideo(slide, slideNode);
    else renderImage(slide, slideNode);
    renderOptions(snapshot, slideNode);
    live.textContent = t('nowShowing', { name: slide.name });
    if (hadFocus) slideNode.focus();
  };

  const syncPlayControl = (snapshot: PlayerSnapshot): void => {
    const playing = selectMedia(snapshot) === 'playing';
    setIconLabel(playControl, playing ? 'pause' : 'play', playing ? t('pause') : t('play'));
  };

  const syncMute = (): void => {
    const isMuted = video ? video.muted : muted;
    setIconLabel(muteControl, isMuted ? 'muted' : 'sound', isMuted ? t('unmute') : t('mute'));
  };

  /** The view the action layer shows (it lags `renderedView` while the action views load). */
  let layerView: PlayerView | null = null;

  /** The machine event that leaves an action view without its outcome (a view that could not load). */
  const leaveView: Partial<Record<PlayerView, Parameters<typeof send>[0]>> = {
    form: { type: 'form.cancelled' },
    thankYou: { type: 'thankYou.cancelled' },
    shareMedia: { type: 'shareMedia.done' },
    link: { type: 'link.closed' },
  };

  /** Opens the action view the machine is in (form, thank-you, link, share) once per entry. */
  const syncActionView = (snapshot: PlayerSnapshot, view: PlayerView, hadFocus: boolean): void => {
    if (view === layerView) return;
    // A view that removed its focused element left focus nowhere (body): it still comes back here.
    const focusLost = actionView !== null && root.activeElement === null && (document.activeElement === null || document.activeElement === document.body);
    actionView?.destroy();
    actionView = null;
    layer.replaceChildren();
    const actions = actionsModule;
    if (view === 'slide' || !actions) {
      layerView = view;
      layer.hidden = true;
      if (view === 'slide') {
        if (renderedView && renderedView !== 'slide' && (hadFocus || focusLost)) {
          // The pressed button, or its twin when the slide was drawn again (a cancelled form re-enters it).
          const optionId = returnFocus?.getAttribute('data-option-id');
          const twin = optionId ? root.querySelector<HTMLElement>(`.vb-options [data-option-id="${optionId}"]`) : null;
          const target = returnFocus && returnFocus.isConnected ? returnFocus : (twin ?? root.querySelector<HTMLElement>('.vb-slide'));
          target?.focus();
        }
        return;
      }
      // Pressed before the action views arrived (they load at mount): mount them once they are here.
      layerView = null;
      void loadActionViews().then(
        () => {
          if (destroyed || layerView !== null) return;
          const now = actor.getSnapshot();
          syncActionView(now, selectView(now), true);
        },
        () => {
          if (destroyed) return;
          live.textContent = t('actionFailed');
          const leave = leaveView[selectView(actor.getSnapshot())];
          if (leave) send(leave);
        },
      );
      return;
    }
    layerView = view;
    const ctx = actionContext();
    const action = snapshot.context.action;
    layer.hidden = false;
    if (view === 'form' && action?.type === 'REGULAR_FORM') {
      actionView = actions.mountForm(ctx, action, (outcome) => {
        if (outcome.type === 'submitted') send({ type: 'form.submitted', submissionId: outcome.submissionId });
        else send({ type: 'form.cancelled' });
      });
    } else if (view === 'thankYou' && (action?.type === 'REGULAR_FORM' || action?.type === 'SHARE_MEDIA')) {
      actionView = actions.mountThankYou(ctx, action, (outcome) => {
        send(outcome.type === 'button' ? { type: 'thankYou.button' } : { type: 'thankYou.cancelled' });
      });
    } else if (view === 'shareMedia' && action?.type === 'SHARE_MEDIA') {
      actionView = actions.mountShareMedia(ctx, action, () => send({ type: 'shareMedia.done' }));
    } else if (view === 'link' && selectLink(snapshot)) {
      actionView = actions.mountEmbeddedLink(ctx, selectLink(snapshot)!, () => send({ type: 'link.closed' }));
    } else {
      layer.hidden = true;
    }
  };

  let lastSnapshot: PlayerSnapshot | null = null;
  const render = (snapshot: PlayerSnapshot): void => {
    if (destroyed || snapshot === lastSnapshot) return;
    lastSnapshot = snapshot;
    const view = selectView(snapshot);
    const hadFocus = focusIsInside();
    const slide = selectSlide(snapshot);
    const visit = selectVisit(snapshot);

    if (view === 'closed' || view === 'empty') {
      if (renderedView !== view) {
        actionView?.destroy();
        actionView = null;
        layer.replaceChildren();
        layer.hidden = true;
        releaseVideo();
        renderMessage(view === 'closed' ? t('closed') : t('empty'), view === 'closed', hadFocus);
        renderedVisit = -1;
        layerView = view;
      }
      top.hidden = true;
      renderedView = view;
      return;
    }
    top.hidden = false;
    if (slide && visit !== renderedVisit) {
      renderSlide(snapshot, slide, hadFocus && view === 'slide');
      renderedVisit = visit;
    }
    syncActionView(snapshot, view, hadFocus);
    renderedView = view;

    // Buttons: delayButtons / hideActionButtonsUntilPlay.
    if (optionsNode) optionsNode.hidden = !selectButtonsShown(snapshot);

    // Playback: make the video do what the machine says.
    const media = selectMedia(snapshot);
    const isVideo = slide?.type === 'VIDEO' && video !== null;
    playControl.hidden = !isVideo;
    muteControl.hidden = !isVideo;
    if (video && slide) {
      if (media === 'playing' && video.paused) tryPlay(video, slide.id);
      else if (media !== 'playing' && !video.paused) video.pause();
      const captionsShown = selectCaptionsShown(snapshot);
      showCaptions(video, captionsShown, selectCaptionLanguage(snapshot, lang));
    }
    if (bigPlay) bigPlay.hidden = !(media === 'paused' && (selectBlocked(snapshot) || !snapshot.context.hasPlayed));
    const hasCaptions = isVideo && (slide?.captions?.length ?? 0) > 0;
    captionsControl.hidden = !hasCaptions;
    captionsControl.setAttribute('aria-pressed', String(selectCaptionsOn(snapshot)));
    likeControl?.setAttribute('aria-pressed', String(selectLiked(snapshot)));
    syncPlayControl(snapshot);
    syncMute();
  };

  // Control wiring: the view sends events; effects that are the browser's (sound, share) stay here.
  playControl.addEventListener('click', () => send({ type: selectMedia(actor.getSnapshot()) === 'playing' ? 'pause' : 'play' }));
  muteControl.addEventListener('click', () => {
    muted = !(video?.muted ?? muted);
    if (video) video.muted = muted;
    syncMute();
    if (!muted && selectMedia(actor.getSnapshot()) !== 'playing') send({ type: 'play' });
  });
  captionsControl.addEventListener('click', () => send({ type: 'captions.toggle' }));
  likeControl?.addEventListener('click', () => send({ type: 'like.toggle' }));
  closeControl?.addEventListener('click', () => send({ type: 'close' }));
  shareControl?.addEventListener('click', () => {
    // The direct link V/v/{publicId}: the player always runs on V (frame pages, preview), so without
    // a server-given directUrl it is built from apiBase or this page's origin.
    const url = bot.directUrl || (bot.publicId ? `${options.apiBase || window.location.origin}/v/${encodeURIComponent(bot.publicId)}` : window.location.href);
    const nav = navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
    if (typeof nav.share === 'function') {
      nav.share({ title: bot.name, url }).then(
        () => emitEvent({ type: 'share', url, method: 'share' }),
        () => undefined, // the viewer dismissed the share sheet
      );
      return;
    }
    const copied = navigator.clipboard?.writeText(url);
    if (!copied) {
      live.textContent = t('shareFailed');
      return;
    }
    copied.then(
      () => {
        live.textContent = t('linkCopied');
        emitEvent({ type: 'share', url, method: 'copy' });
      },
      () => {
        live.textContent = t('shareFailed');
      },
    );
  });

  // Machine reports → PlayerEvents (and the browser effects of opening a link).
  actor.on('*', (emitted) => {
    const e = emitted as PlayerEmitted;
    switch (e.type) {
      case 'slide.enter': {
        // Reported once the slide is on screen (hosts such as the ad frame reach into its <video>):
        // emitted actions run after the actor took the new snapshot and before observers hear of it.
        held = [];
        try {
          render(actor.getSnapshot());
        } finally {
          const during = held;
          held = null;
          const name = bot.slides.find((s) => s.id === e.to)?.name ?? '';
          emitEvent({ type: 'slide.enter', from: e.from, to: e.to, slideId: e.to, name, path: e.path });
          for (const event of during) emitEvent(event);
        }
        break;
      }
      case 'link.open': {
        emitEvent({ type: 'link.open', url: e.action.url, linkType: e.action.linkType, ...(e.action.externalLinkType ? { externalLinkType: e.action.externalLinkType } : {}) });
        if (options.openLink?.(e.action)) break;
        const open = (actions: ActionsModule): void => {
          if (actions.openExternalLink(actionContext(), e.action) === 'embed') send({ type: 'link.embed', action: e.action });
        };
        // Loaded at mount, so normally at once (inside the click: a new tab is allowed); else when it arrives.
        if (actionsModule) open(actionsModule);
        else void loadActionViews().then((m) => destroyed || open(m), () => undefined);
        break;
      }
      default:
        emitEvent(e);
    }
  });
  actor.subscribe(render);
  if (actionsModule) adoptActionsCss(actionsModule);
  else void loadActionViews().then(adoptActionsCss, () => undefined);
  actor.start();
  render(actor.getSnapshot());

  return {
    root,
    play: () => send({ type: 'play' }),
    pause: () => send({ type: 'pause' }),
    close: () => send({ type: 'close' }),
    restart: () => send({ type: 'restart' }),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      actionView?.destroy();
      actor.stop();
      releaseVideo();
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => !sheets.includes(s));
      host.remove();
    },
  };
}
