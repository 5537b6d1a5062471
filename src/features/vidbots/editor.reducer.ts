/**
 * The vidbot editor's draft (spec 001 §2 editor, §4 "Slides and actions", §5 button rules): a pure
 * reducer over the revision content the person is editing. The editor view is a thin binding over it.
 *
 * - Slide ids start at 1 and are never reused within a draft (max + 1).
 * - The first slide added becomes the INTRO; "set as intro" makes exactly one INTRO and moves it to
 *   the top (spec 001 §4).
 * - Deleting a slide removes the buttons targeting it; the INTRO cannot be deleted
 *   (cannotDeleteIntroSlide).
 * - A button (slide option) of type SLIDE needs a name and a target slide (spec 001 §5).
 * - `dirty` is true after any edit until the draft is replaced by a saved revision.
 */
import type { BotContent, Slide, SlideOption } from './vidbot.types';

/** The media a slide is made from (a Ready row of GET /media). */
export interface SlideMedia {
  id: number;
  name: string;
  url: string | null;
  thumbnailUrl: string | null;
  duration: number | null;
}

/** Editor state: the draft content and whether it differs from the last saved revision. */
export interface EditorState {
  content: BotContent;
  dirty: boolean;
}

/** Errors the reducer reports instead of changing the draft. */
export type EditorError = 'cannotDeleteIntroSlide' | 'buttonNameRequired' | 'buttonTargetRequired' | 'unknownSlide';

export type EditorAction =
  | { type: 'content.loaded'; content: BotContent }
  | { type: 'slide.add'; slideType: 'VIDEO' | 'IMAGE'; media: SlideMedia }
  | { type: 'slide.setIntro'; slideId: number }
  | { type: 'slide.rename'; slideId: number; name: string }
  | { type: 'slide.delete'; slideId: number }
  | { type: 'button.add'; slideId: number; name: string; targetId: number | null }
  | { type: 'button.delete'; slideId: number; optionId: number };

/** Result of one action: the next state, or the unchanged state plus an error. */
export interface EditorResult {
  state: EditorState;
  error: EditorError | null;
}

/** A fresh editor state from a loaded or saved revision. */
export function initialEditorState(content: BotContent): EditorState {
  return { content: normaliseContent(content), dirty: false };
}

/** Orders the INTRO first and keeps only the writable fields the editor needs. */
export function normaliseContent(content: BotContent): BotContent {
  const slides = [...content.slides].sort((a, b) => (a.category === 'INTRO' ? -1 : 0) - (b.category === 'INTRO' ? -1 : 0));
  return { ...content, slides, actions: content.actions ?? [] };
}

/** The next slide id (ids start at 1). */
export function nextSlideId(slides: readonly Slide[]): number {
  return slides.reduce((max, s) => Math.max(max, s.id), 0) + 1;
}

/** A slide name from a file name: the extension dropped. */
export function slideNameFromMedia(name: string): string {
  const stripped = name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return stripped || name;
}

/** The INTRO slide, or undefined. */
export function introSlide(content: BotContent): Slide | undefined {
  return content.slides.find((s) => s.category === 'INTRO');
}

function edit(state: EditorState, slides: Slide[]): EditorResult {
  return { state: { content: { ...state.content, slides }, dirty: true }, error: null };
}

function refuse(state: EditorState, error: EditorError): EditorResult {
  return { state, error };
}

/**
 * Applies one action.
 * @returns `{ state, error }`; on error the state is returned unchanged.
 */
export function reduceEditor(state: EditorState, action: EditorAction): EditorResult {
  const slides = state.content.slides;
  switch (action.type) {
    case 'content.loaded':
      return { state: initialEditorState(action.content), error: null };
    case 'slide.add': {
      const id = nextSlideId(slides);
      const isVideo = action.slideType === 'VIDEO';
      const slide: Slide = {
        id,
        name: slideNameFromMedia(action.media.name),
        category: introSlide(state.content) ? 'SLIDE' : 'INTRO',
        type: action.slideType,
        videoId: isVideo ? action.media.id : null,
        imageId: isVideo ? null : action.media.id,
        options: [],
        // Display fields (resolved by the server on read; ignored on write).
        videoUrl: isVideo ? action.media.url : null,
        posterUrl: action.media.thumbnailUrl,
        imageUrl: isVideo ? null : action.media.url,
        duration: action.media.duration,
      };
      return edit(state, [...slides, slide]);
    }
    case 'slide.setIntro': {
      const target = slides.find((s) => s.id === action.slideId);
      if (!target) return refuse(state, 'unknownSlide');
      const rest = slides.filter((s) => s.id !== action.slideId).map((s): Slide => (s.category === 'INTRO' ? { ...s, category: 'SLIDE' } : s));
      return edit(state, [{ ...target, category: 'INTRO' }, ...rest]);
    }
    case 'slide.rename': {
      if (!slides.some((s) => s.id === action.slideId)) return refuse(state, 'unknownSlide');
      return edit(state, slides.map((s) => (s.id === action.slideId ? { ...s, name: action.name } : s)));
    }
    case 'slide.delete': {
      const target = slides.find((s) => s.id === action.slideId);
      if (!target) return refuse(state, 'unknownSlide');
      if (target.category === 'INTRO') return refuse(state, 'cannotDeleteIntroSlide');
      return edit(
        state,
        slides
          .filter((s) => s.id !== action.slideId)
          .map((s) => ({ ...s, options: s.options.filter((o) => !(o.type === 'SLIDE' && o.targetId === action.slideId)) })),
      );
    }
    case 'button.add': {
      const slide = slides.find((s) => s.id === action.slideId);
      if (!slide) return refuse(state, 'unknownSlide');
      const name = action.name.trim();
      if (!name) return refuse(state, 'buttonNameRequired');
      if (action.targetId === null || !slides.some((s) => s.id === action.targetId)) return refuse(state, 'buttonTargetRequired');
      const option: SlideOption = {
        id: slide.options.reduce((max, o) => Math.max(max, o.id), 0) + 1,
        name,
        type: 'SLIDE',
        targetId: action.targetId,
      };
      return edit(state, slides.map((s) => (s.id === action.slideId ? { ...s, options: [...s.options, option] } : s)));
    }
    case 'button.delete': {
      if (!slides.some((s) => s.id === action.slideId)) return refuse(state, 'unknownSlide');
      return edit(
        state,
        slides.map((s) => (s.id === action.slideId ? { ...s, options: s.options.filter((o) => o.id !== action.optionId) } : s)),
      );
    }
  }
}

/** Slides that no button reaches and that are not the INTRO (shown as a hint in the editor). */
export function unreachableSlides(content: BotContent): Slide[] {
  const targets = new Set(content.slides.flatMap((s) => s.options.filter((o) => o.type === 'SLIDE').map((o) => o.targetId)));
  return content.slides.filter((s) => s.category !== 'INTRO' && !targets.has(s.id));
}
