/**
 * The framework-free vidbot player (DESIGN §1b; spec 002 §2 previews, 001 §3 Slide / Slide option).
 *
 * `mountPlayer(container, bot, options)` compiles the bot's content with `compileVidbot`, runs the
 * machine and renders its current slide into a shadow root appended to `container`:
 *
 * - video slide: `<video playsinline muted autoplay poster>` plus a Play/Pause control and an
 *   Unmute/Mute control (autoplay may be blocked by the browser; the Play control always works);
 * - image slide: `<img alt>` (alt = slide description, else its name);
 * - the slide's live buttons as real `<button>`s labelled with the option names; pressing one sends
 *   `button.<optionId>` to the machine; a SLIDE button renders its target; CLOSE_VIDBOT shows the
 *   closing screen with a Start over button; other actions (form, link, post message, share media)
 *   are reported to the host through `onEvent({ type: 'action.requested', … })`.
 *
 * Accessibility: everything is a native button (keyboard works as is); the slide region is labelled
 * with the slide name; on a slide change that happens while focus is inside the player, focus moves
 * to the new slide's region so keyboard and screen-reader users continue from the top of the new
 * slide; a polite live region announces "Now showing: <slide name>".
 *
 * No React, no Lingui (see strings.ts), no fetch: the host passes an already loaded bot.
 */
import { createActor, type Actor } from 'xstate';
import {
  buttonEvent,
  compileVidbot,
  type VidbotActionRequested,
  type VidbotMachine,
} from '../../machines/vidbot/vidbot.machine';
import {
  selectCurrentSlide,
  selectIsClosed,
  selectLiveOptions,
} from '../../machines/vidbot/vidbot.selectors';
import type { PlayerBot, Slide, SlideOption, SlideOptionType, VidbotAction } from '../../machines/vidbot/vidbot.types';
import { playerStrings, resolvePlayerLang, type PlayerLang } from './strings';
import { playerCss } from './styles';

/** What the player reports to its host (analytics, previews, the embedding page). */
export type PlayerEvent =
  | { type: 'slide.enter'; slideId: number; name: string; path: readonly number[] }
  | { type: 'button.click'; slideId: number; optionId: number; optionType: SlideOptionType }
  | (Omit<VidbotActionRequested, 'type'> & { type: 'action.requested'; action: VidbotAction | null })
  | { type: 'video.play' | 'video.pause' | 'video.ended'; slideId: number }
  | { type: 'video.autoplayBlocked'; slideId: number }
  | { type: 'video.error'; slideId: number }
  | { type: 'closed'; path: readonly number[] };

/** Options of `mountPlayer`. */
export interface PlayerOptions {
  /** Start on this slide instead of the INTRO slide (preview `slide_id`); unknown ids are ignored. */
  startSlideId?: number | null;
  /** Called for every `PlayerEvent`, synchronously. Exceptions thrown by it are not caught. */
  onEvent?: (event: PlayerEvent) => void;
  /** Player language; default from `<html lang>`, else en. */
  lang?: PlayerLang;
  /** Start the first video by itself (muted). Default true. Later videos follow buttons / video-end autoplay. */
  autoplay?: boolean;
}

/** A mounted player. */
export interface PlayerHandle {
  /** Stop the machine, pause and release the video, remove the player's DOM. Safe to call twice. */
  destroy(): void;
  /** The shadow root the player renders into (tests and hosts that need to look inside). */
  readonly root: ShadowRoot;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const ICON_PATHS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  muted: 'M16.5 12A4.5 4.5 0 0 0 14 8v2.2l2.5 2.5V12zM19 12c0 .9-.2 1.8-.5 2.6l1.5 1.5A8.8 8.8 0 0 0 21 12c0-4.3-3-7.9-7-8.8v2.1c2.9.9 5 3.5 5 6.7zM4.3 3 3 4.3 7.7 9H3v6h4l5 5v-6.7l4.3 4.3c-.7.5-1.4.9-2.3 1.2v2.1a9 9 0 0 0 3.7-1.8l2 2 1.3-1.3-9-9zM12 4 9.9 6.1 12 8.2z',
  sound: 'M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1c2.9.9 5 3.5 5 6.7s-2.1 5.8-5 6.7v2.1c4-.9 7-4.5 7-8.8s-3-7.9-7-8.8z',
} as const;

function icon(name: keyof typeof ICON_PATHS): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', ICON_PATHS[name]);
  svg.append(path);
  return svg;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function themeColor(theme: PlayerBot['theme'], key: string): string | null {
  const value = theme?.[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * Mount the player for `bot` into `container` (appends one host element with a shadow root).
 *
 * @param container any element; the player fills it (give it a size).
 * @param bot a `PlayerBot` (docs/api.md; a draft `Bot` has the same slide fields) with resolved urls.
 * @param options `PlayerOptions`.
 * @returns `{ destroy, root }`. Never throws for odd content: broken buttons are left out, a bot
 *   without slides shows an explanation.
 */
export function mountPlayer(container: HTMLElement, bot: PlayerBot, options: PlayerOptions = {}): PlayerHandle {
  const lang = options.lang ?? resolvePlayerLang(document.documentElement.lang);
  const t = playerStrings(lang);
  const emitEvent = (event: PlayerEvent): void => options.onEvent?.(event);
  const machine = compileVidbot(bot, { startSlideId: options.startSlideId });

  const host = el('div');
  host.setAttribute('data-vidbot-player', '');
  const root = host.attachShadow({ mode: 'open' });
  const style = el('style', undefined, playerCss);
  const frame = el('section', 'vb-player');
  frame.setAttribute('aria-label', bot.name || t('player'));
  frame.lang = lang;
  const textColor = themeColor(bot.theme, 'textColor');
  const backgroundColor = themeColor(bot.theme, 'backgroundColor');
  if (textColor) frame.style.setProperty('--vb-text', textColor);
  if (backgroundColor) frame.style.setProperty('--vb-background', backgroundColor);
  const stage = el('div');
  const live = el('p', 'vb-sr');
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  frame.append(stage, live);
  root.append(style, frame);
  container.append(host);

  let actor: Actor<VidbotMachine>;
  let renderedPathLength = -1;
  let renderedStatus = '';
  let video: HTMLVideoElement | null = null;
  /** Whether the next slide's video should start by itself. */
  let autoplayNext = options.autoplay ?? true;
  /** The viewer's sound choice carries over from slide to slide. */
  let muted = true;
  let destroyed = false;

  const focusIsInside = (): boolean => root.activeElement !== null;

  /** Detaches the current slide's media listeners (a released video must not report into the next slide). */
  let slideListeners = new AbortController();

  const releaseVideo = (): void => {
    slideListeners.abort();
    slideListeners = new AbortController();
    if (!video) return;
    video.pause();
    video.removeAttribute('src');
    video.load();
    video = null;
  };

  /** Builds the video slide; returns the function that starts autoplay (called after slide.enter is reported). */
  const renderVideo = (slide: Slide, slideNode: HTMLElement): (() => void) => {
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
    const autoplay = autoplayNext;
    if (autoplay) media.setAttribute('autoplay', '');
    if (slide.videoUrl) media.src = slide.videoUrl;
    appendCaptionTracks(media, slide.captions ?? [], lang);

    const controls = el('div', 'vb-controls');
    const playButton = el('button', 'vb-control');
    playButton.type = 'button';
    playButton.setAttribute('data-control', 'play');
    const muteButton = el('button', 'vb-control');
    muteButton.type = 'button';
    muteButton.setAttribute('data-control', 'mute');
    const error = el('p', 'vb-error', t('videoError'));
    error.hidden = true;
    error.setAttribute('role', 'alert');

    const { signal } = slideListeners;
    const syncPlay = (): void => {
      const label = media.paused ? t('play') : t('pause');
      playButton.replaceChildren(icon(media.paused ? 'play' : 'pause'), el('span', undefined, label));
    };
    const syncMute = (): void => {
      const label = media.muted ? t('unmute') : t('mute');
      muteButton.replaceChildren(icon(media.muted ? 'muted' : 'sound'), el('span', undefined, label));
    };
    const tryPlay = (reportBlocked: boolean): void => {
      let attempt: Promise<void> | undefined;
      try {
        attempt = media.play();
      } catch {
        attempt = undefined;
      }
      attempt?.catch(() => {
        syncPlay();
        if (reportBlocked && !destroyed) emitEvent({ type: 'video.autoplayBlocked', slideId: slide.id });
      });
    };

    playButton.addEventListener('click', () => {
      if (media.paused) {
        if (media.ended) media.currentTime = 0;
        tryPlay(false);
      } else {
        media.pause();
      }
    });
    muteButton.addEventListener('click', () => {
      muted = !media.muted;
      media.muted = muted;
      syncMute();
      if (!muted && media.paused) tryPlay(false);
    });
    media.addEventListener('play', () => {
      error.hidden = true;
      syncPlay();
      emitEvent({ type: 'video.play', slideId: slide.id });
    }, { signal });
    media.addEventListener('pause', () => {
      syncPlay();
      emitEvent({ type: 'video.pause', slideId: slide.id });
    }, { signal });
    media.addEventListener('volumechange', syncMute, { signal });
    media.addEventListener('error', () => {
      error.hidden = false;
      syncPlay();
      emitEvent({ type: 'video.error', slideId: slide.id });
    }, { signal });
    media.addEventListener('ended', () => {
      syncPlay();
      emitEvent({ type: 'video.ended', slideId: slide.id });
      const endOption = slide.options.find((o) => o.videoEndListener);
      autoplayNext = endOption?.videoEndAutoplay ?? false;
      actor.send({ type: 'video.end' });
    }, { signal });

    syncPlay();
    syncMute();
    controls.append(playButton, muteButton);
    slideNode.append(media, controls, error);
    video = media;
    return () => {
      if (autoplay) tryPlay(true);
    };
  };

  const renderImage = (slide: Slide, slideNode: HTMLElement): void => {
    const image = el('img', 'vb-media');
    image.alt = slide.description?.trim() || slide.name;
    if (slide.imageUrl) image.src = slide.imageUrl;
    slideNode.append(image);
  };

  const renderOptions = (slide: Slide, liveOptions: SlideOption[], slideNode: HTMLElement): void => {
    if (liveOptions.length === 0) return;
    const group = el('div', 'vb-options');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', t('choices'));
    for (const option of liveOptions) {
      const button = el('button', 'vb-option', option.name);
      button.type = 'button';
      button.setAttribute('data-option-id', String(option.id));
      if (option.featured) button.setAttribute('data-featured', '');
      button.addEventListener('click', () => {
        emitEvent({ type: 'button.click', slideId: slide.id, optionId: option.id, optionType: option.type });
        // A press is a user gesture: the next video may start (and with sound, if the viewer chose it).
        autoplayNext = true;
        actor.send(buttonEvent(option.id));
      });
      group.append(button);
    }
    slideNode.append(group);
  };

  const renderMessage = (text: string, withRestart: boolean): void => {
    const box = el('div', 'vb-message');
    box.setAttribute('tabindex', '-1');
    box.append(el('p', undefined, text));
    if (withRestart) {
      const restart = el('button', 'vb-option', t('restart'));
      restart.type = 'button';
      restart.setAttribute('data-control', 'restart');
      restart.addEventListener('click', () => start(true));
      box.append(restart);
    }
    stage.replaceChildren(box);
    live.textContent = text;
  };

  const render = (): void => {
    const snapshot = actor.getSnapshot();
    const pathLength = snapshot.context.path.length;
    if (pathLength === renderedPathLength && snapshot.status === renderedStatus) return;
    const hadFocus = focusIsInside();
    renderedPathLength = pathLength;
    renderedStatus = snapshot.status;
    releaseVideo();

    const slide = selectCurrentSlide(snapshot, bot);
    if (!slide) {
      if (selectIsClosed(snapshot)) {
        renderMessage(t('closed'), true);
        emitEvent({ type: 'closed', path: snapshot.context.path });
      } else {
        renderMessage(t('empty'), false);
      }
      if (hadFocus) root.querySelector<HTMLElement>('.vb-message button, .vb-message')?.focus();
      return;
    }

    const slideNode = el('div', 'vb-slide');
    slideNode.setAttribute('role', 'group');
    slideNode.setAttribute('aria-label', slide.name);
    slideNode.setAttribute('tabindex', '-1');
    slideNode.setAttribute('data-slide-id', String(slide.id));
    stage.replaceChildren(slideNode);
    let startPlayback: (() => void) | null = null;
    if (slide.type === 'VIDEO') startPlayback = renderVideo(slide, slideNode);
    else renderImage(slide, slideNode);
    renderOptions(slide, selectLiveOptions(slide, bot), slideNode);
    live.textContent = t('nowShowing', { name: slide.name });
    if (hadFocus) slideNode.focus();
    emitEvent({ type: 'slide.enter', slideId: slide.id, name: slide.name, path: snapshot.context.path });
    startPlayback?.();
  };

  const start = (restart: boolean): void => {
    if (restart) {
      actor.stop();
      autoplayNext = true;
    }
    renderedPathLength = -1;
    renderedStatus = '';
    actor = createActor(machine);
    actor.on('action.requested', (event) => {
      const { type: _type, ...rest } = event;
      emitEvent({ ...rest, type: 'action.requested', action: bot.actions.find((a) => a.id === event.actionId) ?? null });
    });
    actor.subscribe(render);
    actor.start();
    render();
  };

  start(false);

  return {
    root,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      actor.stop();
      releaseVideo();
      host.remove();
    },
  };
}

/**
 * Adds one `<track kind="subtitles">` per caption (WebVTT under `/files/`, spec 001 §2 subtitles);
 * the track in the player's language (else the first) is shown by default. Labels are the language's
 * name in the player's language when the browser knows it, else the code.
 */
function appendCaptionTracks(media: HTMLVideoElement, captions: readonly { languageCode: string; url: string }[], playerLang: string): void {
  if (captions.length === 0) return;
  const pageLang = playerLang.slice(0, 2).toLowerCase();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([pageLang], { type: 'language' });
  } catch {
    names = null;
  }
  const preferred = captions.find((c) => c.languageCode === pageLang) ?? captions[0];
  for (const caption of captions) {
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.srclang = caption.languageCode;
    track.src = caption.url;
    track.label = names?.of(caption.languageCode) ?? caption.languageCode;
    if (caption === preferred) track.default = true;
    media.append(track);
  }
}
