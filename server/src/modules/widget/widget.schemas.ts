/**
 * Widget (carousel) contracts (issue 15 "Widgets"; spec 002 §3 Widget, §4 widget status and content
 * rules, §5 validation, §7 Widgets, §9 limits). Declared once: the server validates with them, the
 * OpenAPI document is generated from them, the SPA's types come from them, and the carousel runtime
 * (embed/carousel) reads `CarouselConfig`.
 *
 * A widget is a document with revisions, like a vidbot: `widgets` holds identity and status,
 * `widget_revisions` holds `WidgetContent` snapshots (Draft / Published / Archived). The editor saves
 * drafts and publishes them through the same revision machine as the vidbot editor.
 */
import * as v from 'valibot';
import { Timestamp } from '../../lib/timestamp';
import { AnalyticsIntegrationSettings, ANALYTICS_INTEGRATIONS } from '../bot/content.rules';

// --- enumerations (spec 002 §3) ----------------------------------------------------------------------

/** Display types (spec 002 §3 "Display types: Slider, Thumbnail, Card"). Default Slider (§5). */
export const WIDGET_TYPES = ['Slider', 'Card', 'Thumbnail'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
/** Widget status (spec 002 §4): Draft until first published; Deactivated by power users. */
export const WIDGET_STATUSES = ['Draft', 'Published', 'Deactivated'] as const;
export type WidgetStatus = (typeof WIDGET_STATUSES)[number];
/** Revision status, as for vidbots. */
export const WIDGET_REVISION_STATUSES = ['Draft', 'Published', 'Archived'] as const;
/** Which vidbots the carousel shows (spec 002 §3 contentType). */
export const WIDGET_CONTENT_TYPES = ['All', 'Selected', 'ByTags'] as const;
export type WidgetContentType = (typeof WIDGET_CONTENT_TYPES)[number];
/** Order of the carousel's vidbots (spec 002 §3 contentSortBy; Custom = the order of selectedBotIds). */
export const WIDGET_SORTS = ['Latest', 'Random', 'Custom'] as const;
export type WidgetSort = (typeof WIDGET_SORTS)[number];
/** Alignment of the carousel's items in its row (spec 002 §3 "Alignment: Left, Right, Center"). */
export const WIDGET_ALIGNMENTS = ['Left', 'Right', 'Center'] as const;
/** Where an item's description sits (spec 002 §3 "Position: Top, Bottom"). */
export const DESCRIPTION_POSITIONS = ['Top', 'Bottom'] as const;
/** Devices of the visible counts and the editor's preview switch. */
export const WIDGET_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type WidgetDevice = (typeof WIDGET_DEVICES)[number];

// --- limits and defaults (spec 002 §9) ---------------------------------------------------------------

/** Widget list page size (spec 002 §9). */
export const WIDGET_LIST_SIZE = 10;
/** Most items visible at once per device (spec 002 §9: Card and Thumbnail 4/7/10, Slider 2/4/6). */
export const VISIBLE_LIMITS: Record<WidgetType, Record<WidgetDevice, number>> = {
  Slider: { mobile: 2, tablet: 4, desktop: 6 },
  Card: { mobile: 4, tablet: 7, desktop: 10 },
  Thumbnail: { mobile: 4, tablet: 7, desktop: 10 },
};
/** The visible-count field of each type (spec 002 §3 cardsVisible, slidesVisible, thumbnailsVisible). */
export const VISIBLE_FIELD = { Slider: 'slidesVisible', Card: 'cardsVisible', Thumbnail: 'thumbnailsVisible' } as const satisfies Record<WidgetType, string>;
/** Default breakpoints in CSS px (spec 002 §9): widths ≥ tablet use the tablet count, ≥ desktop the desktop count. */
export const DEFAULT_BREAKPOINTS = { tablet: 992, desktop: 1200 } as const;
/** Preview widths of the editor's device switch in CSS px (spec 002 §2). */
export const PREVIEW_WIDTHS: Record<WidgetDevice, number> = { desktop: 1200, tablet: 992, mobile: 390 };
/** Default player background (spec 002 §9), #rrggbbaa. */
export const DEFAULT_PLAYER_BACKGROUND = '#000000ed';
/** Thumbnail size placeholder in px (spec 002 §5); null = the type's default. */
export const DEFAULT_THUMBNAIL_SIZE = 80;
/** Most vidbots a Selected widget may list, and most tags of a ByTags widget. */
export const MAX_SELECTED_BOTS = 100;
export const MAX_SELECTED_TAGS = 100;
/** Most items a published carousel shows (All / ByTags take the first this many after sorting). */
export const MAX_CAROUSEL_ITEMS = 100;
/** Custom CSS length limit in characters. */
export const MAX_WIDGET_CSS = 20_000;

// --- content ----------------------------------------------------------------------------------------

const posInt = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));
const bool = (name: string) => v.boolean(`${name} must be true or false.`);
const count = (name: string) => v.pipe(v.number(`${name} is required.`), v.integer(`${name} must be a whole number.`), v.minValue(1, `${name} must be at least 1.`));

/** Visible items per device (spec 002 §3 "Visible counts … each with mobile, tablet, desktop"; §5 required). */
export const VisibleCounts = v.strictObject({ mobile: count('mobile'), tablet: count('tablet'), desktop: count('desktop') });
export type VisibleCounts = v.InferOutput<typeof VisibleCounts>;

/** Breakpoints in CSS px (spec 002 §5 "tablet and desktop … required (placeholders 992, 1200)"); tablet < desktop. */
export const Breakpoints = v.pipe(
  v.strictObject({
    tablet: v.pipe(v.number('tablet is required.'), v.integer('tablet must be a whole number.'), v.minValue(320, 'tablet must be at least 320.'), v.maxValue(4000, 'tablet must be at most 4000.')),
    desktop: v.pipe(v.number('desktop is required.'), v.integer('desktop must be a whole number.'), v.minValue(320, 'desktop must be at least 320.'), v.maxValue(4000, 'desktop must be at most 4000.')),
  }),
  v.forward(
    v.check((b) => b.tablet < b.desktop, 'desktop must be wider than tablet.'),
    ['desktop'],
  ),
);

/** `#rrggbb` or `#rrggbbaa` (the player background carries alpha, spec 002 §3). */
export const HexColorWithAlpha = v.pipe(v.string('Choose a colour.'), v.regex(/^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Use #rrggbb or #rrggbbaa.'));

/** appearanceSettings (spec 002 §3). `styles` (the parsed, allow-listed CSS) is derived by the server on save and never accepted. */
export const AppearanceSettings = v.strictObject({
  arrows: bool('arrows'),
  bullets: bool('bullets'),
  infinite: bool('infinite'),
  /** Plays a muted preview of the hovered / focused item's intro video (never the player). */
  autoPreview: bool('autoPreview'),
  /** Items laid out in landscape (16:9) instead of portrait (9:16). */
  horizontalMode: bool('horizontalMode'),
  align: v.picklist(WIDGET_ALIGNMENTS, 'align must be Left, Right or Center.'),
  descriptionEnabled: bool('descriptionEnabled'),
  descriptionPosition: v.picklist(DESCRIPTION_POSITIONS, 'descriptionPosition must be Top or Bottom.'),
  playerBackgroundColor: HexColorWithAlpha,
  /** Corner radius of the items in px (spec 002 §5 required, placeholder 0). */
  radius: v.pipe(v.number('radius is required.'), v.integer('radius must be a whole number.'), v.minValue(0, 'radius must be at least 0.'), v.maxValue(200, 'radius must be at most 200.')),
  /** Thumbnail diameter in px for type Thumbnail; null = DEFAULT_THUMBNAIL_SIZE (spec 002 §5). */
  thumbnailSize: v.nullable(v.pipe(v.number('thumbnailSize must be a number.'), v.integer('thumbnailSize must be a whole number.'), v.minValue(40, 'thumbnailSize must be at least 40.'), v.maxValue(400, 'thumbnailSize must be at most 400.'))),
  /** Custom CSS as typed; parsed and allow-listed on the server (widget CSS → CarouselConfig.customCss). */
  stylesRaw: v.pipe(v.string(), v.maxLength(MAX_WIDGET_CSS, `Custom CSS is limited to ${MAX_WIDGET_CSS} characters.`)),
});
export type AppearanceSettings = v.InferOutput<typeof AppearanceSettings>;

/** analyticsIntegrationSettings of a widget: the vidbot's, plus whether they override each vidbot's own (spec 002 §3). */
export const WidgetAnalyticsSettings = v.strictObject({
  ...AnalyticsIntegrationSettings.entries,
  /** true: the carousel's players use these settings instead of each vidbot's own. */
  overrideBotSettings: bool('overrideBotSettings'),
});
export type WidgetAnalyticsSettings = v.InferOutput<typeof WidgetAnalyticsSettings>;

const contentEntries = {
  type: v.picklist(WIDGET_TYPES, 'type must be Slider, Card or Thumbnail.'),
  contentType: v.picklist(WIDGET_CONTENT_TYPES, 'contentType must be All, Selected or ByTags.'),
  contentSortBy: v.picklist(WIDGET_SORTS, 'contentSortBy must be Latest, Random or Custom.'),
  /** Ordered ids of published vidbots of the widget's account (Selected; Custom order of ByTags). */
  selectedBotIds: v.pipe(v.array(posInt('Each vidbot id must be a positive integer.')), v.maxLength(MAX_SELECTED_BOTS, `At most ${MAX_SELECTED_BOTS} vidbots.`)),
  /** Tag ids of the widget's account (ByTags: vidbots with any of them). */
  selectedTagIds: v.pipe(v.array(posInt('Each tag id must be a positive integer.')), v.maxLength(MAX_SELECTED_TAGS, `At most ${MAX_SELECTED_TAGS} tags.`)),
  appearanceSettings: AppearanceSettings,
  cardsVisible: VisibleCounts,
  slidesVisible: VisibleCounts,
  thumbnailsVisible: VisibleCounts,
  breakpoints: Breakpoints,
  /** Advances by itself every few seconds until the viewer interacts (paused on hover / focus and under prefers-reduced-motion). */
  isAutoSwipe: bool('isAutoSwipe'),
  isAnalyticsEnabled: bool('isAnalyticsEnabled'),
  /** Only meaningful with isAnalyticsEnabled (spec 002 §4: the toggle is disabled otherwise). */
  isAnalyticsConsentRequired: bool('isAnalyticsConsentRequired'),
  analyticsIntegration: v.picklist(ANALYTICS_INTEGRATIONS, `analyticsIntegration must be one of ${ANALYTICS_INTEGRATIONS.join(', ')}.`),
  analyticsIntegrationSettings: WidgetAnalyticsSettings,
};

/** Cross-field rules of WidgetContent (spec 002 §4, §9), as field-keyed messages; empty = valid. */
export function widgetContentIssues(c: Pick<WidgetContent, 'contentType' | 'contentSortBy' | 'cardsVisible' | 'slidesVisible' | 'thumbnailsVisible'>): Record<string, string> {
  const out: Record<string, string> = {};
  if (c.contentType === 'All' && c.contentSortBy === 'Custom') out.contentSortBy = 'Custom order needs Selected or ByTags content.';
  for (const type of WIDGET_TYPES) {
    const field = VISIBLE_FIELD[type];
    for (const device of WIDGET_DEVICES) {
      const max = VISIBLE_LIMITS[type][device];
      if (c[field][device] > max) out[`${field}.${device}`] = `${type} shows at most ${max} on ${device}.`;
    }
  }
  return out;
}

/**
 * A widget revision's content (spec 002 §3): everything the editor edits except name and privacy.
 * Validated whole on every save; `widgetContentIssues` adds the cross-field rules (422 keyed by path).
 */
export const WidgetContent = v.pipe(
  v.strictObject(contentEntries),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [key, message] of Object.entries(widgetContentIssues(dataset.value))) {
      const input = dataset.value as unknown as Record<string, unknown>;
      addIssue({ message, path: key.split('.').map((k) => ({ type: 'object', origin: 'value', input, key: k, value: input[k] })) as never });
    }
  }),
  v.metadata({ ref: 'WidgetContent' }),
);
export type WidgetContent = v.InferOutput<typeof WidgetContent>;

/** The content of a new widget of `type` (spec 002 §9 defaults). */
export function defaultWidgetContent(type: WidgetType = 'Slider'): WidgetContent {
  return {
    type,
    contentType: 'All',
    contentSortBy: 'Latest',
    selectedBotIds: [],
    selectedTagIds: [],
    appearanceSettings: {
      arrows: true,
      bullets: true,
      infinite: false,
      autoPreview: true,
      horizontalMode: false,
      align: 'Center',
      descriptionEnabled: true,
      descriptionPosition: 'Bottom',
      playerBackgroundColor: DEFAULT_PLAYER_BACKGROUND,
      radius: 12,
      thumbnailSize: null,
      stylesRaw: '',
    },
    cardsVisible: { mobile: 2, tablet: 4, desktop: 5 },
    slidesVisible: { mobile: 1, tablet: 3, desktop: 4 },
    thumbnailsVisible: { mobile: 4, tablet: 6, desktop: 8 },
    breakpoints: { ...DEFAULT_BREAKPOINTS },
    isAutoSwipe: false,
    isAnalyticsEnabled: true,
    isAnalyticsConsentRequired: false,
    analyticsIntegration: 'none',
    analyticsIntegrationSettings: {
      jsInjectEnabled: false,
      ga4Id: '',
      gtmId: '',
      adStorage: 'denied',
      analyticsStorage: 'denied',
      functionalityStorage: 'denied',
      personalizationStorage: 'denied',
      securityStorage: 'denied',
      overrideBotSettings: false,
    },
  };
}

// --- requests (spec 002 §5, §7) ----------------------------------------------------------------------

const widgetName = () => v.pipe(v.string('Name is required.'), v.trim(), v.nonEmpty('Name is required.'), v.maxLength(255, 'Name is at most 255 characters.'));

/** `GET /widget` query (spec 002 §7: account_id, size 10, page; name search). */
export const WidgetListQuery = v.object({
  account_id: v.pipe(v.string('account_id is required.'), v.regex(/^[1-9][0-9]*$/, 'account_id must be a positive integer.'), v.transform(Number)),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9][0-9]*$/, 'page must be an integer ≥ 1.'), v.transform(Number)), '1'),
  size: v.optional(v.pipe(v.string(), v.regex(/^[1-9][0-9]*$/, 'size must be a positive integer.'), v.transform(Number), v.maxValue(100, 'size is at most 100.')), String(WIDGET_LIST_SIZE)),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
});
export type WidgetListQuery = v.InferOutput<typeof WidgetListQuery>;

/** `POST /widget` body (spec 002 §5 "New widget: name required; type required, default Slider"). */
export const CreateWidgetBody = v.strictObject({
  accountId: posInt('accountId must be a positive integer.'),
  name: widgetName(),
  type: v.optional(v.picklist(WIDGET_TYPES, 'type must be Slider, Card or Thumbnail.'), 'Slider'),
});
export type CreateWidgetBody = v.InferOutput<typeof CreateWidgetBody>;

/**
 * `PATCH /widget/{id}` body (spec 002 §4, §7). `content` saves a new Draft revision (with
 * `baseRevisionId`: 409 revisionConflict when a newer revision exists); `status` Published publishes
 * the latest revision, Deactivated / Published (from Deactivated) are power-user moves.
 */
export const PatchWidgetBody = v.strictObject({
  name: v.optional(widgetName()),
  privacy: v.optional(v.picklist(['Public', 'Private'], 'privacy must be Public or Private.')),
  status: v.optional(v.picklist(['Published', 'Deactivated'], 'status must be Published or Deactivated.')),
  revisionStatus: v.optional(v.picklist(['Published'], 'revisionStatus must be Published.')),
  content: v.optional(WidgetContent),
  baseRevisionId: v.optional(posInt('baseRevisionId must be a positive integer.')),
});
export type PatchWidgetBody = v.InferOutput<typeof PatchWidgetBody>;

// --- answers ----------------------------------------------------------------------------------------

const listItemEntries = {
  id: v.number(),
  publicId: v.string(),
  accountId: v.number(),
  name: v.string(),
  type: v.picklist(WIDGET_TYPES),
  status: v.picklist(WIDGET_STATUSES),
  privacy: v.picklist(['Public', 'Private']),
  author: v.nullable(v.strictObject({ id: v.number(), email: v.string() })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The latest revision's number, status and id (spec 002 §3 revNumber, revisionStatus, widgetRevisionId). */
  revNumber: v.number(),
  revisionStatus: v.nullable(v.picklist(WIDGET_REVISION_STATUSES)),
  widgetRevisionId: v.number(),
  /** A published revision exists and a newer draft too. */
  hasDraft: v.boolean(),
  contentType: v.picklist(WIDGET_CONTENT_TYPES),
  /** Vidbots the published (else latest) content shows, counted at read time. */
  botCount: v.number(),
};

/** One row of `GET /widget`. */
export const WidgetListItem = v.pipe(v.strictObject(listItemEntries), v.metadata({ ref: 'WidgetListItem' }));
export type WidgetListItem = v.InferOutput<typeof WidgetListItem>;

// `GET /widget` answer: WidgetList in ./widget.list.schemas.ts (it needs the list helpers, which the SPA's
// widget chunks do not load).

/** `GET|PATCH /widget/{id}`, `POST /widget`: a widget with its latest revision's content and the caller's rights. */
export const WidgetDetail = v.pipe(
  v.strictObject({
    ...listItemEntries,
    publishedRevisionId: v.nullable(v.number()),
    content: WidgetContent,
    /** The caller may edit (spec 002 §6 widget editing rule); false → the editor is read-only with the red message. */
    canEdit: v.boolean(),
    /** The play URL `V/w/{publicId}` and the embed code (spec 002 §2 "get play URL", "get embed code"). */
    playUrl: v.string(),
    embedCode: v.string(),
  }),
  v.metadata({ ref: 'Widget' }),
);
export type WidgetDetail = v.InferOutput<typeof WidgetDetail>;

// --- the public carousel config (embed/carousel reads it) ---------------------------------------------

/** One vidbot in a carousel: what the item shows before any player loads. */
export const CarouselItem = v.strictObject({
  /** The vidbot's publicId (the player frame is `V/e/{botPublicId}?channel=slider&slider_id={sliderId}`). */
  botPublicId: v.string(),
  botId: v.number(),
  name: v.string(),
  /** thumbnailDescription of the vidbot, else ''. */
  description: v.string(),
  /** Cover image (widgetCover, else the intro slide's poster), absolute URL; null = a plain tile. */
  coverUrl: v.nullable(v.string()),
  /** The intro slide's video (for autoPreview, muted, played only on hover / focus), absolute URL or null. */
  previewVideoUrl: v.nullable(v.string()),
  /** The player frame, absolute: `V/e/{botPublicId}?channel=slider&slider_id={sliderId}`. */
  frameUrl: v.string(),
});
export type CarouselItem = v.InferOutput<typeof CarouselItem>;

/**
 * `GET /api/public/widget/{publicId}` (no token, CORS `*`): a Published widget's published revision
 * resolved for the carousel runtime (embed/carousel), items already filtered to Published vidbots
 * and sorted (Random is shuffled per request). 404 when the widget is not Published.
 * `GET /api/widget/{id}/preview-config` answers the same for the editor's latest content.
 */
export const CarouselConfig = v.pipe(
  v.strictObject({
    publicId: v.string(),
    /** widgets.id: the analytics `slider_id` of every event of its players. */
    sliderId: v.number(),
    name: v.string(),
    type: v.picklist(WIDGET_TYPES),
    appearance: v.strictObject({ ...AppearanceSettings.entries, stylesRaw: v.optional(v.string()) }),
    /** The active type's visible counts. */
    visible: VisibleCounts,
    breakpoints: v.strictObject({ tablet: v.number(), desktop: v.number() }),
    isAutoSwipe: v.boolean(),
    /** Custom CSS reduced to the allow-list and scoped under `.vb-carousel` (a constructable sheet); null when none. */
    customCss: v.nullable(v.string()),
    /** The carousel's stylesheet text (adopted by its shadow root; kept out of the script to keep it small). */
    css: v.string(),
    analytics: v.strictObject({
      enabled: v.boolean(),
      consentRequired: v.boolean(),
      integration: v.picklist(ANALYTICS_INTEGRATIONS),
      overrideBotSettings: v.boolean(),
    }),
    items: v.array(CarouselItem),
  }),
  v.metadata({ ref: 'CarouselConfig' }),
);
export type CarouselConfig = v.InferOutput<typeof CarouselConfig>;

/** `POST /widget/{id}/preview-config` body: the editor's unsaved content (validated like a save). */
export const PreviewConfigBody = v.strictObject({ content: WidgetContent });
export type PreviewConfigBody = v.InferOutput<typeof PreviewConfigBody>;
