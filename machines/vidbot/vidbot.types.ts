/**
 * The content shapes a vidbot is made of (docs/api.md "Bots"; spec 001 §3 Slide, Slide option, Action,
 * Share settings).
 *
 * These are the player's view of the content: the fields the machines and the player read. Their
 * enumerations and the shapes of settings and actions come from the server contract
 * (server/src/modules/bot/bot.schemas.ts, content.rules.ts — type-only imports, nothing of the server
 * reaches a bundle), so a renamed field or a new enumeration value fails the typecheck here. The
 * content itself stays structurally loose where the player must cope with drafts and SET_DATA
 * messages (the preview): optional fields are optional, actions are read defensively.
 */
import type { OPTION_TYPES, SLIDE_CATEGORIES, SLIDE_TYPES, SlideInput } from '../../server/src/modules/bot/bot.schemas';
import type {
  ACTION_TYPES,
  BotSettings,
  ExternalLinkAction,
  PostMessageAction,
  PublicRegularFormAction,
  ShareMediaAction,
} from '../../server/src/modules/bot/content.rules';

/** Button types of spec 001 §3 "Slide option (button)" (bot.schemas OPTION_TYPES). */
export type SlideOptionType = (typeof OPTION_TYPES)[number];

/** Action types of spec 001 §3 "Action" (content.rules ACTION_TYPES). */
export type ActionType = (typeof ACTION_TYPES)[number];

/** A button on a slide. `targetId` is a slide id for SLIDE buttons and an action id for action buttons. */
export interface SlideOption {
  id: number;
  name: string;
  type: SlideOptionType;
  targetId: number | null;
  /** Shown emphasised (spec 001 §3 `featured`). */
  featured?: boolean;
  /** This button also fires when the slide's video ends (at most one per slide, spec 001 §5). */
  videoEndListener?: boolean;
  /** After a video-end transition, the target video starts playing (spec 001 §3). */
  videoEndAutoplay?: boolean;
  /** A press counts as a conversion in analytics (spec 001 §3). */
  trackConversion?: boolean;
}

/** Image animation of an IMAGE slide (spec 001 §3 Slide: PAN, ZOOM_OUT; duration in seconds). */
export type ImageAnimation = NonNullable<SlideInput['imageAnimation']>;

/** One slide: a video or an image with buttons. */
export interface Slide {
  /** Slide id, from 1, unique within the content. */
  id: number;
  name: string;
  description?: string | null;
  category: (typeof SLIDE_CATEGORIES)[number];
  type: (typeof SLIDE_TYPES)[number];
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
  /** Caption language override (spec 001 §3: null unless the override is on). */
  language?: string | null;
  imageAnimation?: ImageAnimation | null;
}

/** A WebVTT subtitle track of a slide's video (`url` under `/files/`). */
export interface SlideCaption {
  id: number;
  languageCode: string;
  url: string;
}

/**
 * An action a button can start (forms, links, post message, close, share media). Loose on purpose: a
 * preview may carry a draft's actions; the player narrows with the `is…Action` guards of
 * machines/player before it hands an action to a view.
 */
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
  [key: string]: unknown;
}

/** The typed actions of the server contract, as the action views take them. */
export type { ExternalLinkAction, PostMessageAction, PublicRegularFormAction, ShareMediaAction };

/** The compiled part of a revision's content: `Content = { slides, actions, theme? }`. */
export interface VidbotContent {
  slides: Slide[];
  actions?: VidbotAction[];
}

/** Theme (bot.schemas Theme; spec 001 §3): colours, gradient, delayButtons (seconds). */
export interface VidbotTheme {
  textColor?: string;
  backgroundColor?: string;
  isGradientEnabled?: boolean;
  isArrowButtonEnabled?: boolean;
  /** Seconds after a slide starts before its buttons appear. */
  delayButtons?: number | null;
  backButtonIntro?: boolean;
  [key: string]: unknown;
}

/** The share settings the player reads (content.rules BotSettings; the server sends them complete). */
export type PlayerSettings = Partial<
  Pick<
    BotSettings,
    | 'isCompanyProfileEnabled'
    | 'isShareDisabled'
    | 'isLikesEnabled'
    | 'isWatermarkDisabled'
    | 'isCaptionEnabled'
    | 'isCaptionOnPauseEnabled'
    | 'language'
    | 'companyName'
  >
>;

/** What the player loads (docs/api.md `PlayerBot`; a `Bot` read in draft mode has the same fields). */
export interface PlayerBot extends VidbotContent {
  id: number;
  publicId?: string;
  name: string;
  revisionId?: number | null;
  revNumber?: number | null;
  actions: VidbotAction[];
  theme?: VidbotTheme | Record<string, unknown> | null;
  settings?: PlayerSettings | null;
  /** Custom CSS already parsed and allow-listed by the server (issue 12; never raw `stylesRaw`). */
  customCss?: string | null;
  /** The bot's direct link `V/v/{publicId}` (share button), when the server knows its origin. */
  directUrl?: string | null;
  /** Company profile: name (settings.companyName) and logo URL (settings.logoId resolved). */
  companyName?: string | null;
  logoUrl?: string | null;
}
