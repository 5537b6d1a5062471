/**
 * The content shapes a vidbot is made of (docs/api.md "Bots"; spec 001 §3 Slide, Slide option, Action).
 *
 * These are the player's view of the content: the fields the machine and the player read. The server
 * resolves media urls (`videoUrl`, `posterUrl`, `imageUrl`) on read; authoring-only fields pass through
 * untouched (index signatures are deliberately absent — unknown fields are simply not read).
 */

/** Button types of spec 001 §3 "Slide option (button)". */
export type SlideOptionType =
  | 'SLIDE'
  | 'REGULAR_FORM'
  | 'EXTERNAL_LINK'
  | 'POST_MESSAGE'
  | 'CLOSE_VIDBOT'
  | 'SHARE_MEDIA';

/** Action types of spec 001 §3 "Action". */
export type ActionType = 'REGULAR_FORM' | 'EXTERNAL_LINK' | 'POST_MESSAGE' | 'CLOSE_VIDBOT' | 'SHARE_MEDIA';

/** A button on a slide. `targetId` is a slide id for SLIDE buttons and an action id for action buttons. */
export interface SlideOption {
  id: number;
  name: string;
  type: SlideOptionType;
  targetId: number | null;
  featured?: boolean;
  /** This button also fires when the slide's video ends (at most one per slide, spec 001 §5). */
  videoEndListener?: boolean;
  /** After a video-end transition, the target video starts playing (spec 001 §3). */
  videoEndAutoplay?: boolean;
}

/** One slide: a video or an image with buttons. */
export interface Slide {
  /** Slide id, from 1, unique within the content. */
  id: number;
  name: string;
  description?: string | null;
  category: 'INTRO' | 'SLIDE';
  type: 'VIDEO' | 'IMAGE';
  videoId?: number | null;
  imageId?: number | null;
  options: SlideOption[];
  /** Resolved by the server on read. */
  videoUrl?: string | null;
  posterUrl?: string | null;
  imageUrl?: string | null;
  /** Seconds. */
  duration?: number | null;
  /** Subtitles of the slide's video (resolved by the server): WebVTT files, one per ISO 639-1 language. */
  captions?: SlideCaption[];
}

/** A WebVTT subtitle track of a slide's video (`url` under `/files/`). */
export interface SlideCaption {
  id: number;
  languageCode: string;
  url: string;
}

/** An action a button can start (forms, links, post message, close, share media). */
export interface VidbotAction {
  id: number;
  name: string;
  type: ActionType;
  /** EXTERNAL_LINK */
  url?: string;
  externalLinkType?: string;
  linkType?: string;
  /** POST_MESSAGE (required there); SHARE_MEDIA's button label (may be null) */
  value?: string | null;
}

/** The compiled part of a revision's content: `Content = { slides, actions, theme? }`. */
export interface VidbotContent {
  slides: Slide[];
  actions?: VidbotAction[];
}

/** What the player loads (docs/api.md `PlayerBot`; a `Bot` read in draft mode has the same fields). */
export interface PlayerBot extends VidbotContent {
  id: number;
  publicId?: string;
  name: string;
  revisionId?: number | null;
  revNumber?: number | null;
  actions: VidbotAction[];
  theme?: Record<string, unknown> | null;
}
