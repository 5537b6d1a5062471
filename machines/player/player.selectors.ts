/**
 * Read a running player (DESIGN §5 "views bind through selectors"): which view is on screen, which
 * slide and buttons, playback, captions. Pure functions of a `PlayerSnapshot`.
 */
import { isOptionLive } from '../vidbot/vidbot.machine';
import { chartSlide, type FlowAction, type PlayerSnapshot } from './player.machine';
import type { ExternalLinkAction, Slide, SlideOption } from '../vidbot/vidbot.types';

/** The top-level view: a slide, an action view over it, the closing screen or the empty message. */
export type PlayerView = 'slide' | 'form' | 'thankYou' | 'link' | 'shareMedia' | 'closed' | 'empty';

export function selectView(snapshot: PlayerSnapshot): PlayerView {
  for (const view of ['form', 'thankYou', 'link', 'shareMedia', 'closed', 'empty'] as const) {
    if (snapshot.matches(view)) return view;
  }
  return 'slide';
}

/** The slide on screen (also under an action view); null when closed or empty. */
export function selectSlide(snapshot: PlayerSnapshot): Slide | null {
  if (snapshot.matches('closed') || snapshot.matches('empty')) return null;
  return chartSlide(snapshot.context);
}

/** Changes each time a slide is entered (re-entries too): the view rebuilds the slide when it does. */
export function selectVisit(snapshot: PlayerSnapshot): number {
  return snapshot.context.visit;
}

/** Playback the viewer asked for: 'playing' | 'paused' | 'ended' | 'still' (image) | null (no slide on screen). */
export function selectMedia(snapshot: PlayerSnapshot): 'playing' | 'paused' | 'ended' | 'still' | null {
  if (!snapshot.matches('slide')) return null;
  for (const m of ['playing', 'paused', 'ended', 'still'] as const) {
    if (snapshot.matches({ slide: { media: m } })) return m;
  }
  return null;
}

/** The browser blocked playback: show the big Play affordance. */
export function selectBlocked(snapshot: PlayerSnapshot): boolean {
  return snapshot.context.blocked && selectMedia(snapshot) === 'paused';
}

/** Whether the slide's buttons are shown (delayButtons elapsed and, when asked, playback started). */
export function selectButtonsShown(snapshot: PlayerSnapshot): boolean {
  return snapshot.matches({ slide: { buttons: 'shown' } });
}

/** Buttons of the slide that do something (deleted SLIDE buttons are left out), in order. */
export function selectLiveOptions(snapshot: PlayerSnapshot): SlideOption[] {
  const slide = selectSlide(snapshot);
  if (!slide) return [];
  const ids = new Set(snapshot.context.bot.slides.map((s) => s.id));
  return slide.options.filter((o) => isOptionLive(o, ids));
}

/** The form / share-media action on screen. */
export function selectAction(snapshot: PlayerSnapshot): FlowAction | null {
  return snapshot.context.action;
}

/** The embedded external link on screen. */
export function selectLink(snapshot: PlayerSnapshot): ExternalLinkAction | null {
  return snapshot.matches('link') ? snapshot.context.link : null;
}

/**
 * Whether captions are shown: the viewer's toggle, or the video is paused and
 * settings.isCaptionOnPauseEnabled (spec 001 §3 "caption on pause").
 */
export function selectCaptionsShown(snapshot: PlayerSnapshot): boolean {
  if (snapshot.context.captionsOn) return true;
  const media = selectMedia(snapshot);
  return snapshot.context.bot.settings?.isCaptionOnPauseEnabled === true && (media === 'paused' || media === 'ended');
}

/** The viewer's captions toggle (aria-pressed). */
export function selectCaptionsOn(snapshot: PlayerSnapshot): boolean {
  return snapshot.context.captionsOn;
}

/**
 * The caption language: the slide's override (Slide.language) else settings.language, else the
 * player's language.
 */
export function selectCaptionLanguage(snapshot: PlayerSnapshot, playerLang: string): string {
  const slide = selectSlide(snapshot);
  return slide?.language || snapshot.context.bot.settings?.language || playerLang;
}

export function selectLiked(snapshot: PlayerSnapshot): boolean {
  return snapshot.context.liked;
}

/** The path of slide ids entered so far (analytics). */
export function selectPath(snapshot: PlayerSnapshot): readonly number[] {
  return snapshot.context.vidbot.context.path;
}
