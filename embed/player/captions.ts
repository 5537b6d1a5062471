/**
 * Captions of a video slide (issue 12 "captions (text tracks, caption-on-pause, language override)";
 * spec 001 §3 Slide.language, settings.isCaptionEnabled / isCaptionOnPauseEnabled / language).
 * WebVTT files under `/files/` become `<track kind="subtitles">` elements; which one shows is set
 * through the TextTrack API (`mode`), so the browser renders the cues.
 */
import type { SlideCaption } from '../../machines/vidbot/vidbot.types';

/**
 * Adds one `<track kind="subtitles">` per caption. Labels are the language's name in the player's
 * language when the browser knows it, else the code. No track is `default`: `showCaptions` decides.
 */
export function appendCaptionTracks(media: HTMLVideoElement, captions: readonly SlideCaption[], playerLang: string): void {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([playerLang], { type: 'language' });
  } catch {
    names = null;
  }
  for (const caption of captions) {
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.srclang = caption.languageCode;
    track.src = caption.url;
    track.label = names?.of(caption.languageCode) ?? caption.languageCode;
    media.append(track);
  }
}

/** The caption to show for `lang` (its ISO 639-1 prefix), else the first; null without captions. */
export function pickCaption<T extends { languageCode: string }>(captions: readonly T[], lang: string): T | null {
  const code = lang.slice(0, 2).toLowerCase();
  return captions.find((c) => c.languageCode.toLowerCase().startsWith(code)) ?? captions[0] ?? null;
}

/**
 * Shows the track in `lang` (else the first) when `show`, hides every other one. Marks the chosen
 * `<track>` element with `data-showing` (tests and styling; the TextTrack mode is what the browser uses).
 */
export function showCaptions(media: HTMLVideoElement, show: boolean, lang: string): void {
  const tracks = [...media.querySelectorAll('track')];
  const chosen = show ? pickCaption(tracks.map((t) => ({ languageCode: t.srclang, el: t })), lang)?.el ?? null : null;
  for (const trackEl of tracks) {
    const on = trackEl === chosen;
    trackEl.toggleAttribute('data-showing', on);
    const track = trackEl.track as TextTrack | undefined;
    if (track) track.mode = on ? 'showing' : 'hidden';
  }
}
