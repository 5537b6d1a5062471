/**
 * valibot schemas of the bot API (docs/api.md "Bots"; spec 001 §2, §3, §5, §7) and the pure
 * cross-field checks of a revision's content document.
 *
 * Content written by clients is validated strictly: unknown keys in a slide, a button (slide option)
 * or the document itself answer 422 with the field path, so a misspelt field is never silently lost.
 * The server-resolved slide fields (videoUrl, posterUrl, previewUrl, imageUrl, duration, captions)
 * are accepted — clients send back what they read — and dropped before storing.
 */
import * as v from 'valibot';
import { orderDirectionParam, pageParam, positiveIntString, searchParam, sizeParam } from '../../lib/list-query';
import { ACTION_TYPES, ANALYTICS_INTEGRATIONS, Action, BotSettings, BotSettingsInput, integrationFieldIssues, PublicAction } from './content.rules';

export { Action, BotSettings };
import { TagRef } from '../tag/tag.schemas';
import { CONTENT_LIMITS } from './content.limits';

/** Positive integer (ids inside a content document start at 1, spec 001 §4). */
const posInt = (message = 'Must be a positive integer.') =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message));

const name = (max = 255) =>
  v.pipe(v.string('Name is required.'), v.trim(), v.minLength(1, 'Name is required.'), v.maxLength(max, `Must be at most ${max} characters.`));

// --- list ------------------------------------------------------------------------------------------

/** Sortable columns of the vidbot list (spec 001 §2). */
export const BOT_ORDER_BY = ['name', 'status', 'created_at', 'updated_at'] as const;
export type BotOrderBy = (typeof BOT_ORDER_BY)[number];

/** Largest page: the bot pickers load 250 (spec 001 §9). */
export const BOT_LIST_MAX_SIZE = 250;
/** Vidbot list page size (spec 001 §2, §9). */
export const BOT_LIST_DEFAULT_SIZE = 10;

/** Most tag ids one list filter or one bot may carry (design). */
export const MAX_TAG_IDS = 100;

/**
 * `tag_ids`: a comma list of tag ids (`1,2`; spec 001 §7) → `number[]`; empty → no filter.
 * A non-numeric item answers 422.
 */
export const tagIdsParam = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^(\d{1,9}(\s*,\s*\d{1,9})*)?$/, 'tag_ids must be a comma-separated list of tag ids.'),
    v.transform((s) => (s === '' ? undefined : [...new Set(s.split(',').map((x) => Number(x.trim())))])),
    v.optional(v.pipe(v.array(v.number()), v.maxLength(MAX_TAG_IDS, `At most ${MAX_TAG_IDS} tag ids.`))),
  ),
);

/**
 * `GET /bot?account_id&page&size&order_by&order_direction&bot_name&tag_ids` (unknown parameters are
 * ignored). `tag_ids` keeps the bots that have ANY of the tags (docs/api.md).
 */
export const BotListQuery = v.object({
  account_id: positiveIntString('account_id must be a positive integer.'),
  page: pageParam,
  size: sizeParam(BOT_LIST_DEFAULT_SIZE, BOT_LIST_MAX_SIZE),
  order_by: v.optional(v.picklist(BOT_ORDER_BY, `order_by must be one of ${BOT_ORDER_BY.join(', ')}.`), 'created_at'),
  order_direction: orderDirectionParam,
  bot_name: searchParam(),
  tag_ids: tagIdsParam,
});
export type BotListQuery = v.InferOutput<typeof BotListQuery>;

// --- create / read ---------------------------------------------------------------------------------

export const BotPrivacy = v.picklist(['Public', 'Private'], 'privacy must be Public or Private.');

/** `POST /bot` body (spec 001 §7: accountId, name, privacy, genAIType). */
export const CreateBotBody = v.strictObject({
  accountId: posInt('accountId must be a positive integer.'),
  name: name(),
  privacy: v.optional(BotPrivacy, 'Public'),
  /** Which AI wizard created the bot; accepted for the SPA's create call, not stored (AI generation is a later issue). */
  genAIType: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(50)))),
});
export type CreateBotBody = v.InferOutput<typeof CreateBotBody>;

/** `GET /bot/{id}?mode=draft|published` (default draft = latest revision). */
export const GetBotQuery = v.object({
  mode: v.optional(v.picklist(['draft', 'published'], 'mode must be draft or published.'), 'draft'),
});

// --- content ---------------------------------------------------------------------------------------

export const SLIDE_CATEGORIES = ['INTRO', 'SLIDE'] as const;
export const SLIDE_TYPES = ['VIDEO', 'IMAGE'] as const;
/** Button (slide option) types, spec 001 §3. */
export const OPTION_TYPES = ['SLIDE', 'REGULAR_FORM', 'EXTERNAL_LINK', 'POST_MESSAGE', 'CLOSE_VIDBOT', 'SHARE_MEDIA'] as const;
/** Action types, spec 001 §3 (content.rules.ts). */
export { ACTION_TYPES };

/** Upper bounds that keep one revision document reasonable (design; content.limits.ts). */
export { CONTENT_LIMITS };

/** Slide option (button), spec 001 §3. `targetId` names a slide (type SLIDE) or an action. */
export const SlideOption = v.strictObject({
  id: posInt(),
  name: name(),
  type: v.picklist(OPTION_TYPES, `type must be one of ${OPTION_TYPES.join(', ')}.`),
  targetId: v.optional(v.nullable(posInt()), null),
  featured: v.optional(v.boolean()),
  /** At most one button per slide (spec 001 §5). */
  videoEndListener: v.optional(v.boolean()),
  videoEndAutoplay: v.optional(v.boolean()),
  trackConversion: v.optional(v.boolean()),
});
export type SlideOption = v.InferOutput<typeof SlideOption>;

/** Fields the server resolves on read (docs/api.md); ignored on write. */
const RESOLVED_SLIDE_FIELDS = ['videoUrl', 'posterUrl', 'previewUrl', 'imageUrl', 'duration', 'captions'] as const;

/** Slide, spec 001 §3. */
export const Slide = v.strictObject({
  id: posInt(),
  name: name(),
  description: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(5000, 'Must be at most 5000 characters.')))),
  category: v.picklist(SLIDE_CATEGORIES, 'category must be INTRO or SLIDE.'),
  type: v.picklist(SLIDE_TYPES, 'type must be VIDEO or IMAGE.'),
  videoId: v.optional(v.nullable(posInt()), null),
  imageId: v.optional(v.nullable(posInt()), null),
  filename: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500)))),
  /** Caption language override; null unless the override is on. */
  language: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(20)))),
  imageAnimation: v.optional(
    v.nullable(
      v.strictObject({
        type: v.picklist(['PAN', 'ZOOM_OUT'], 'type must be PAN or ZOOM_OUT.'),
        duration: v.pipe(v.number('duration must be a number.'), v.minValue(0, 'duration must be ≥ 0.')),
        repeat: v.optional(v.union([v.boolean(), v.pipe(v.number(), v.integer(), v.minValue(0))])),
      }),
    ),
  ),
  isNew: v.optional(v.boolean()),
  options: v.optional(
    v.pipe(v.array(SlideOption), v.maxLength(CONTENT_LIMITS.optionsPerSlide, `At most ${CONTENT_LIMITS.optionsPerSlide} buttons per slide.`)),
    [],
  ),
  // resolved by the server on read, ignored on write:
  videoUrl: v.optional(v.unknown()),
  posterUrl: v.optional(v.unknown()),
  previewUrl: v.optional(v.unknown()),
  imageUrl: v.optional(v.unknown()),
  duration: v.optional(v.unknown()),
  captions: v.optional(v.unknown()),
});
export type SlideInput = v.InferOutput<typeof Slide>;
/** A stored slide: the input without the server-resolved fields. */
export type StoredSlide = Omit<SlideInput, (typeof RESOLVED_SLIDE_FIELDS)[number]>;

/** Theme, spec 001 §3 (textColor, backgroundColor, …); other keys are kept. */
export const Theme = v.looseObject({
  textColor: v.optional(v.pipe(v.string(), v.maxLength(100))),
  backgroundColor: v.optional(v.pipe(v.string(), v.maxLength(100))),
  isGradientEnabled: v.optional(v.boolean()),
  isArrowButtonEnabled: v.optional(v.boolean()),
  delayButtons: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0)))),
  backButtonIntro: v.optional(v.boolean()),
  stylesRaw: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100_000)))),
});

/**
 * A revision's content document: `{ slides, actions, theme, settings }` (docs/api.md "Content";
 * issue 11 architecture §1). Every action type is its own strict schema (content.rules.ts);
 * `settings` may be partial — missing keys read as the §9 defaults; a document without `settings`
 * keeps the latest revision's settings.
 */
export const Content = v.strictObject({
  slides: v.pipe(v.array(Slide), v.maxLength(CONTENT_LIMITS.slides, `At most ${CONTENT_LIMITS.slides} slides.`)),
  actions: v.optional(v.pipe(v.array(Action), v.maxLength(CONTENT_LIMITS.actions, `At most ${CONTENT_LIMITS.actions} actions.`)), []),
  theme: v.optional(Theme, {}),
  /** Omitted → the latest revision's settings are kept (bot.service patchBot). */
  settings: v.optional(BotSettingsInput),
});
export type ContentInput = v.InferOutput<typeof Content>;

/** The stored document (what bot_revisions.content holds). */
export interface StoredContent {
  slides: StoredSlide[];
  actions: Action[];
  theme: Record<string, unknown>;
  /** As written (possibly partial); read through `mergeBotSettings`. */
  settings: BotSettingsInput;
}

/** Content of revision 1 of a new bot. */
export const emptyContent = (): StoredContent => ({ slides: [], actions: [], theme: {}, settings: {} });

/** Drops the server-resolved fields of every slide and of share-media actions. */
export function toStoredContent(input: ContentInput): StoredContent {
  return {
    slides: input.slides.map((s) => {
      const { videoUrl: _a, posterUrl: _b, previewUrl: _c, imageUrl: _d, duration: _e, captions: _f, ...stored } = s;
      return stored;
    }),
    actions: input.actions.map((a) => {
      if (a.type !== 'SHARE_MEDIA') return a;
      const { media: _m, ...stored } = a;
      return stored;
    }),
    theme: input.theme,
    settings: input.settings ?? {},
  };
}

/**
 * Cross-field rules of a content document (spec 001 §4, §5), as field path → message:
 * slide ids unique; at most one INTRO slide; button ids unique within a slide; a SLIDE button's
 * targetId must name an existing slide; an action button's targetId must name an existing action of
 * the button's type (CLOSE_VIDBOT may have none); at most one video-end button per slide; action ids
 * unique; a form's or share-media's button and thank-you page slideId must name an existing slide;
 * form field ids and names unique within the form; an enabled integration's required fields present,
 * of their type and required (spec 001 §4 Form integrations; path `actions.N.fields`).
 * Media references (slides, settings, share media) are checked by the service's `mediaIssues`.
 * @returns an empty object when the document is consistent.
 */
export function contentIssues(content: Pick<StoredContent, 'slides' | 'actions'>): Record<string, string> {
  const errors: Record<string, string> = {};
  const slideIds = new Set<number>();
  let introIndex = -1;
  content.slides.forEach((slide, i) => {
    if (slideIds.has(slide.id)) errors[`slides.${i}.id`] = `Slide id ${slide.id} is used twice.`;
    slideIds.add(slide.id);
    if (slide.category === 'INTRO') {
      if (introIndex >= 0) errors[`slides.${i}.category`] = 'Only one INTRO slide is allowed.';
      else introIndex = i;
    }
  });
  const actionsById = new Map<number, { type: string }>();
  for (const a of content.actions) if (!actionsById.has(a.id)) actionsById.set(a.id, a);
  content.slides.forEach((slide, i) => {
    const optionIds = new Set<number>();
    let videoEnd = false;
    (slide.options ?? []).forEach((option, j) => {
      const path = `slides.${i}.options.${j}`;
      if (optionIds.has(option.id)) errors[`${path}.id`] = `Button id ${option.id} is used twice in this slide.`;
      optionIds.add(option.id);
      if (option.type === 'SLIDE') {
        if (option.targetId == null) errors[`${path}.targetId`] = 'A SLIDE button needs a target slide.';
        else if (!slideIds.has(option.targetId)) errors[`${path}.targetId`] = `Target slide ${option.targetId} does not exist.`;
      } else if (option.targetId == null) {
        if (option.type !== 'CLOSE_VIDBOT') errors[`${path}.targetId`] = `A ${option.type} button needs a target action.`;
      } else {
        const target = actionsById.get(option.targetId);
        if (!target) errors[`${path}.targetId`] = `Target action ${option.targetId} does not exist.`;
        else if (target.type !== option.type) errors[`${path}.targetId`] = `Target action ${option.targetId} is a ${target.type} action, not ${option.type}.`;
      }
      if (option.videoEndListener) {
        if (videoEnd) errors[`${path}.videoEndListener`] = 'Only one button per slide may be the video-end trigger.';
        videoEnd = true;
      }
    });
  });
  const actionIds = new Set<number>();
  content.actions.forEach((action, i) => {
    if (actionIds.has(action.id)) errors[`actions.${i}.id`] = `Action id ${action.id} is used twice.`;
    actionIds.add(action.id);
    const path = `actions.${i}`;
    if (action.type === 'REGULAR_FORM' || action.type === 'SHARE_MEDIA') {
      if (action.button?.type === 'SLIDE' && action.button.slideId != null && !slideIds.has(action.button.slideId)) {
        errors[`${path}.button.slideId`] = `Slide ${action.button.slideId} does not exist.`;
      }
      const page = action.thankYouPage;
      if (page?.type === 'CUSTOM' && page.buttonType === 'SLIDE' && page.slideId != null && !slideIds.has(page.slideId)) {
        errors[`${path}.thankYouPage.slideId`] = `Slide ${page.slideId} does not exist.`;
      }
    }
    if (action.type === 'REGULAR_FORM') {
      const fieldIds = new Set<number>();
      const fieldNames = new Set<string>();
      action.fields.forEach((field, j) => {
        if (fieldIds.has(field.id)) errors[`${path}.fields.${j}.id`] = `Field id ${field.id} is used twice in this form.`;
        fieldIds.add(field.id);
        if (fieldNames.has(field.name)) errors[`${path}.fields.${j}.name`] = `Field name ${field.name} is used twice in this form.`;
        fieldNames.add(field.name);
      });
      const missing = integrationFieldIssues(action);
      if (missing.length) errors[`${path}.fields`] = missing.join(' ');
    }
  });
  return errors;
}

/** True when the document has a slide of category INTRO (publishing needs one, spec 001 §4). */
export function hasIntroSlide(content: { slides?: unknown }): boolean {
  return Array.isArray(content.slides) && content.slides.some((s) => isRecord(s) && s.category === 'INTRO');
}

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

// --- update ----------------------------------------------------------------------------------------

/** Target statuses a PATCH may ask for (spec 001 §4: publish, deactivate, reactivate). */
export const PatchStatus = v.picklist(['Published', 'Deactivated'], 'status must be Published or Deactivated.');

/** `PATCH /bot/{id}` body; every field optional; unknown keys answer 422. */
export const PatchBotBody = v.strictObject({
  name: v.optional(name()),
  privacy: v.optional(BotPrivacy),
  isStarred: v.optional(v.boolean('isStarred must be true or false.')),
  status: v.optional(PatchStatus),
  content: v.optional(Content),
  /** The revision the editor loaded; with `content`, a newer latest revision answers 409 revisionConflict. */
  baseRevisionId: v.optional(posInt('baseRevisionId must be a positive integer.')),
  /** The bot's tags (bot-level, not revisioned): ids of tags of the bot's account, replacing the current set (issue 11 "List"). */
  tagIds: v.optional(v.pipe(v.array(posInt('Each tag id must be a positive integer.'), 'tagIds must be an array of tag ids.'), v.maxLength(MAX_TAG_IDS, `At most ${MAX_TAG_IDS} tags.`))),
});
export type PatchBotBody = v.InferOutput<typeof PatchBotBody>;

/** `POST /bot/{id}/copy-to-account?target_account_id=` (spec 001 §7). */
export const CopyToAccountQuery = v.object({
  target_account_id: positiveIntString('target_account_id must be a positive integer.'),
});

/** `DELETE /bot/{id}` answer: the deleted bot's id. */
export const DeletedBot = v.strictObject({ id: v.number() });

/** `PATCH /bot/{id}/revision/{revisionId}/status` body. */
export const RevisionStatusBody = v.strictObject({
  status: v.picklist(['Published'], 'status must be Published.'),
});

// --- answers (issue 10 §4: declared once, checked by the server tests, typed in the SPA) ----------

/** Path params of `/bot/{id}/revision/{revisionId}/status`. */
export const BOT_STATUSES = ['Draft', 'Published', 'Deactivated'] as const;
export const REVISION_STATUSES = ['Draft', 'Published', 'Archived'] as const;
/**
 * Live status of a published bot (spec 001 §2, spec 002 §2, §3; issue 13 "Live status becomes real"):
 * live = Published and a viewer `session` / `opened` event (or a player page load) within 24 h;
 * offline = Published, seen before, silent for 24 h; inactive = Published and never seen (and every
 * bot that is not Published). Source: bots.last_viewed_at, written by the event ingest and the player
 * load at most once a minute; the one rule is `liveStatusOf` in bot.service.ts.
 */
export const LIVE_STATUSES = ['live', 'offline', 'inactive'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

const listItemEntries = {
  id: v.number(),
  publicId: v.string(),
  accountId: v.number(),
  name: v.string(),
  status: v.picklist(BOT_STATUSES),
  privacy: BotPrivacy,
  isStarred: v.boolean(),
  author: v.nullable(v.strictObject({ id: v.number(), email: v.string() })),
  /** ISO 8601. */
  createdAt: v.string(),
  updatedAt: v.string(),
  /** `/files/{key}` of the first INTRO slide's poster, or null. */
  posterUrl: v.nullable(v.string()),
  slideCount: v.number(),
  /** True when the bot has a published revision and a newer (draft) revision. */
  hasDraft: v.boolean(),
  revNumber: v.nullable(v.number()),
  revisionStatus: v.nullable(v.picklist(REVISION_STATUSES)),
  botRevisionId: v.nullable(v.number()),
  liveStatus: v.picklist(LIVE_STATUSES),
  /** The bot's tags `{ id, name }` by name (spec 001 §3 `tagsList`). */
  tagsList: v.array(TagRef),
};

/** One row of `GET /bot` (spec 001 §2). */
export const BotListItem = v.pipe(v.strictObject(listItemEntries), v.metadata({ ref: 'BotListItem' }));
export type BotListItem = v.InferOutput<typeof BotListItem>;

/** A caption track of a slide's video (docs/api.md "Captions"). */
export const SlideCaption = v.strictObject({ id: v.number(), languageCode: v.string(), url: v.string() });

const { videoUrl: _vu, posterUrl: _pu, previewUrl: _pr, imageUrl: _iu, duration: _du, captions: _ca, ...storedSlideEntries } = Slide.entries;

/** A slide as read: the stored slide plus its media resolved to `/files/` URLs (ignored on write). */
export const ResolvedSlide = v.pipe(
  v.strictObject({
    ...storedSlideEntries,
    options: v.array(SlideOption),
    videoUrl: v.nullable(v.string()),
    posterUrl: v.nullable(v.string()),
    imageUrl: v.nullable(v.string()),
    /** Video duration in seconds. */
    duration: v.nullable(v.number()),
    captions: v.array(SlideCaption),
  }),
  v.metadata({ ref: 'ResolvedSlide' }),
);
export type ResolvedSlide = v.InferOutput<typeof ResolvedSlide>;

const contentOut = {
  slides: v.array(ResolvedSlide),
  actions: v.array(Action),
  theme: v.record(v.string(), v.unknown()),
  /** Complete: the revision's settings over the §9 defaults. */
  settings: BotSettings,
};

/** `GET|PATCH /bot/{id}`, `POST /bot`: a bot with one revision's content (docs/api.md `Bot`). */
export const BotDetail = v.pipe(
  v.strictObject({ ...listItemEntries, publishedRevisionId: v.nullable(v.number()), ...contentOut }),
  v.metadata({ ref: 'Bot' }),
);
export type BotDetail = v.InferOutput<typeof BotDetail>;

/** `GET /bot` answer. */
export const BotList = v.object({
  records: v.array(BotListItem),
  metadata: v.object({ page: v.number(), pageSize: v.number(), pageCount: v.number(), totalCount: v.number() }),
});

const ConsentGrant = v.picklist(['granted', 'denied']);

/**
 * `PlayerBot.analytics` (issue 13 "Events"): what the player's analytics client needs, combined by
 * the server from the account options (disableAnalytics, analyticsConsentRequired) and the bot's
 * settings (isAnalyticEnabled, isAnalyticsConsentRequired, analyticsIntegration,
 * analyticsIntegrationSettings). `enabled` false → the player records nothing; `consentRequired` →
 * nothing until analytics_storage is granted; `consentDefaults` = Google Consent Mode v2 defaults of
 * the direct_* integrations (analyticsIntegrationSettings' five storages).
 */
export const PlayerAnalytics = v.pipe(
  v.strictObject({
    enabled: v.boolean(),
    consentRequired: v.boolean(),
    integration: v.picklist(ANALYTICS_INTEGRATIONS),
    ga4Id: v.nullable(v.string()),
    gtmId: v.nullable(v.string()),
    consentDefaults: v.strictObject({
      ad_storage: ConsentGrant,
      analytics_storage: ConsentGrant,
      functionality_storage: ConsentGrant,
      personalization_storage: ConsentGrant,
      security_storage: ConsentGrant,
    }),
  }),
  v.metadata({ ref: 'PlayerAnalytics' }),
);
export type PlayerAnalytics = v.InferOutput<typeof PlayerAnalytics>;

/** `GET /public/bot/{publicId}`: what the public player loads (docs/api.md `PlayerBot`). */
export const PlayerBot = v.pipe(
  v.strictObject({
    id: v.number(),
    publicId: v.string(),
    name: v.string(),
    revisionId: v.number(),
    revNumber: v.number(),
    ...contentOut,
    /** Forms without their recipients and integration settings. */
    actions: v.array(PublicAction),
    /** theme.stylesRaw reduced to the allow-list, scoped under `.vb-player` (share/custom-css.ts); null when none is left. */
    customCss: v.nullable(v.string()),
    /** The direct link `V/v/{publicId}` (absolute under PUBLIC_URL). */
    directUrl: v.string(),
    /** The company logo (settings.logoId: a Ready LogoImage of the bot's account) as an absolute `/files/` URL; null when none. */
    logoUrl: v.nullable(v.string()),
    /** Analytics of this bot as the player applies it (PlayerAnalytics). */
    analytics: PlayerAnalytics,
  }),
  v.metadata({ ref: 'PlayerBot' }),
);
export type PlayerBot = v.InferOutput<typeof PlayerBot>;

/** Path param of `/public/bot/{publicId}` (404 when malformed). */
export const PublicIdParam = v.object({ publicId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });
