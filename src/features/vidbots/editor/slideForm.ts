/**
 * The slide editor's form logic (spec 001 §2 "Slide editor", §3 "Slide", §5 "Slide: name required;
 * image animation duration required (placeholder 8)"; issue 11 "Slide editor"). Pure: no React, no DOM.
 *
 * - {@link slideFormValues}: the form's values for an existing slide, or the blank values of a new
 *   slide of a type (`/slide/new?type=VIDEO|IMAGE`).
 * - {@link slideFormSchema}: the valibot schema of the values (TanStack Form validates with it through
 *   Standard Schema). The field rules are the server's (`Slide` of server/src/modules/bot/bot.schemas.ts:
 *   name, description, imageAnimation.duration); the messages are the caller's (translated).
 * - {@link slideFields}: the slide fields the values stand for (what `addSlide` / `updateSlide` of
 *   machines/editor/content.ops.ts take), with the display fields of the chosen media so the content
 *   tab shows the new thumbnail before the next save (the server ignores them on write).
 * - {@link slideChanged}: whether those fields differ from the slide in the draft (§4 "Save is enabled
 *   only when the form is dirty or the item is new").
 *
 * Caption-language override (§3 "language (null unless caption override is on)"): a toggle; off →
 * `language: null`. Only VIDEO slides have captions, so an IMAGE slide's language is always null. Image animation (§3 "imageAnimation {type, duration, repeat}", effects PAN and
 * ZOOM_OUT) only for IMAGE slides; "no animation" stores null. `duration` is in seconds.
 */
import * as v from 'valibot';
import { Slide as ServerSlide } from '../../../../server/src/modules/bot/bot.schemas';
import type { Schema } from '../../../api/contract';
import type { Media } from '../../media/media.types';

/** A slide as the draft holds it (the contract's resolved slide; fields added in this session may be missing). */
export type EditableSlide = Schema<'ResolvedSlide'>;
/** A button of a slide (spec 001 §3 "Slide option"). */
export type EditableButton = EditableSlide['options'][number];
/** Slide types (spec 001 §3). */
export type SlideType = EditableSlide['type'];
/** Image animation effects (spec 001 §3 "Animation effects: PAN, ZOOM_OUT"). */
export const ANIMATION_TYPES = ['PAN', 'ZOOM_OUT'] as const;
export type AnimationType = (typeof ANIMATION_TYPES)[number];
/** The duration field's placeholder (spec 001 §5 "placeholder 8"), seconds. */
export const ANIMATION_DURATION_PLACEHOLDER = 8;

/** The media a slide shows, as the editor previews it (from the slide's resolved fields or a chosen Media). */
export interface SlideMediaChoice {
  id: number;
  name: string;
  /** The video or image address. */
  url: string | null;
  posterUrl: string | null;
  /** Seconds (videos). */
  duration: number | null;
  /** ISO 639-1 codes of the video's subtitle files. */
  captionLanguages: string[];
}

/** The slide editor's form values. */
export interface SlideFormValues {
  type: SlideType;
  media: SlideMediaChoice | null;
  name: string;
  description: string;
  /** Caption-language override on (§3 language). */
  languageOverride: boolean;
  /** The override's ISO 639-1 code ('' until chosen). */
  language: string;
  /** '' = no animation. */
  animationType: AnimationType | '';
  /** Seconds as typed ('' until typed; the placeholder says 8). */
  animationDuration: string;
  animationRepeat: boolean;
}

/** The translated messages of {@link slideFormSchema}. */
export interface SlideFormMessages {
  nameRequired: string;
  nameTooLong: string;
  descriptionTooLong: string;
  mediaRequired: string;
  languageRequired: string;
  durationRequired: string;
  durationInvalid: string;
}

// The server's own field rules (reused, so the form accepts exactly what PATCH /bot/{id} stores).
const serverName = ServerSlide.entries.name;
const serverDescription = ServerSlide.entries.description;
const serverLanguage = ServerSlide.entries.language;
const serverAnimation = ServerSlide.entries.imageAnimation.wrapped.wrapped;
const serverDuration = serverAnimation.entries.duration;

/** The media of an existing slide, from its resolved fields; null when it has none. */
export function mediaOfSlide(slide: Partial<EditableSlide> & Pick<EditableSlide, 'type'>): SlideMediaChoice | null {
  const id = slide.type === 'VIDEO' ? slide.videoId : slide.imageId;
  if (id == null) return null;
  return {
    id,
    name: slide.filename ?? '',
    url: (slide.type === 'VIDEO' ? slide.videoUrl : slide.imageUrl) ?? null,
    posterUrl: slide.posterUrl ?? null,
    duration: slide.duration ?? null,
    captionLanguages: (slide.captions ?? []).map((c) => c.languageCode),
  };
}

/** The editor's choice of a Media row (GET /media) chosen in the media chooser. */
export function mediaChoiceOf(media: Pick<Media, 'id' | 'name' | 'url' | 'thumbnailUrl' | 'mediaType' | 'duration' | 'captions'>): SlideMediaChoice {
  return {
    id: media.id,
    name: media.name,
    url: media.url,
    posterUrl: media.mediaType === 'VIDEO' ? media.thumbnailUrl : (media.thumbnailUrl ?? media.url),
    duration: media.duration,
    captionLanguages: media.captions.map((c) => c.languageCode),
  };
}

/** A slide name from a media name: the file extension dropped (the old editor's rule). */
export function slideNameFromMedia(name: string): string {
  const stripped = name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return stripped || name;
}

/** The form's values for `slide`, or the blank values of a new slide of `type`. */
export function slideFormValues(slide: EditableSlide | undefined, type: SlideType): SlideFormValues {
  if (!slide) {
    return {
      type,
      media: null,
      name: '',
      description: '',
      languageOverride: false,
      language: '',
      animationType: '',
      animationDuration: '',
      animationRepeat: false,
    };
  }
  const animation = slide.imageAnimation ?? null;
  return {
    type: slide.type,
    media: mediaOfSlide(slide),
    name: slide.name,
    description: slide.description ?? '',
    languageOverride: slide.language != null,
    language: slide.language ?? '',
    animationType: animation?.type ?? '',
    animationDuration: animation ? String(animation.duration) : '',
    animationRepeat: animation ? Boolean(animation.repeat) : false,
  };
}

/** `text` as a duration in seconds, or null when it is not a number the server takes. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && v.is(serverDuration, n) ? n : null;
}

/**
 * The valibot schema of the slide form: name required (the server's name rule: trimmed, 1–255
 * characters), description at most 5000 characters, a media chosen, a language chosen while the
 * override is on, and for an IMAGE slide with an animation a duration (required, a number ≥ 0).
 * Issues are reported on the field they concern (TanStack Form maps them by path).
 */
export function slideFormSchema(m: SlideFormMessages) {
  return v.pipe(
    v.object({
      type: v.picklist(['VIDEO', 'IMAGE']),
      media: v.nullable(
        v.object({
          id: v.number(),
          name: v.string(),
          url: v.nullable(v.string()),
          posterUrl: v.nullable(v.string()),
          duration: v.nullable(v.number()),
          captionLanguages: v.array(v.string()),
        }),
      ),
      name: v.pipe(
        v.string(),
        v.check((s) => s.trim() !== '', m.nameRequired),
        v.check((s) => s.trim() === '' || v.is(serverName, s), m.nameTooLong),
      ),
      description: v.pipe(
        v.string(),
        v.check((s) => v.is(serverDescription, s), m.descriptionTooLong),
      ),
      languageOverride: v.boolean(),
      language: v.string(),
      animationType: v.picklist(['', ...ANIMATION_TYPES]),
      animationDuration: v.string(),
      animationRepeat: v.boolean(),
    }),
    v.forward(
      v.partialCheck([['media']], (x) => x.media !== null, m.mediaRequired),
      ['media'],
    ),
    v.forward(
      v.partialCheck(
        [['type'], ['languageOverride'], ['language']],
        (x) => x.type !== 'VIDEO' || !x.languageOverride || (x.language !== '' && v.is(serverLanguage, x.language)),
        m.languageRequired,
      ),
      ['language'],
    ),
    v.forward(
      v.partialCheck(
        [['type'], ['animationType'], ['animationDuration']],
        (x) => x.type !== 'IMAGE' || x.animationType === '' || x.animationDuration.trim() !== '',
        m.durationRequired,
      ),
      ['animationDuration'],
    ),
    v.forward(
      v.partialCheck(
        [['type'], ['animationType'], ['animationDuration']],
        (x) => x.type !== 'IMAGE' || x.animationType === '' || x.animationDuration.trim() === '' || parseDuration(x.animationDuration) !== null,
        m.durationInvalid,
      ),
      ['animationDuration'],
    ),
  );
}

/** The slide fields the form sets (what addSlide / updateSlide take), display fields included. */
export type SlideFields = Pick<
  EditableSlide,
  'type' | 'name' | 'description' | 'videoId' | 'imageId' | 'filename' | 'language' | 'imageAnimation' | 'videoUrl' | 'imageUrl' | 'posterUrl' | 'duration'
> & { options: EditableButton[]; captions?: EditableSlide['captions'] };

/**
 * The slide fields of valid form `values` and the buttons table `options`.
 * @throws Error when `values` has no media (the schema refuses such values; a programming error).
 */
export function slideFields(values: SlideFormValues, options: EditableButton[], original?: EditableSlide): SlideFields {
  const media = values.media;
  if (!media) throw new Error('slideFields: no media chosen');
  const isVideo = values.type === 'VIDEO';
  const duration = parseDuration(values.animationDuration);
  const sameMedia = original && original.type === values.type && (isVideo ? original.videoId : original.imageId) === media.id;
  return {
    type: values.type,
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description,
    videoId: isVideo ? media.id : null,
    imageId: isVideo ? null : media.id,
    filename: media.name || (original?.filename ?? null),
    language: isVideo && values.languageOverride && values.language !== '' ? values.language : null,
    imageAnimation:
      !isVideo && values.animationType !== '' && duration !== null ? { type: values.animationType, duration, repeat: values.animationRepeat } : null,
    videoUrl: isVideo ? media.url : null,
    imageUrl: isVideo ? null : media.url,
    posterUrl: media.posterUrl,
    duration: isVideo ? media.duration : null,
    // Captions belong to the video: kept for the same video, unknown (resolved at the next save) for another.
    ...(sameMedia ? {} : { captions: [] }),
    options,
  };
}

/** The stored fields of a slide that the editor compares (display fields left out: the server resolves them). */
function comparable(slide: Partial<SlideFields>) {
  const animation = slide.imageAnimation ?? null;
  return JSON.stringify([
    slide.type,
    slide.name,
    slide.description ?? null,
    slide.videoId ?? null,
    slide.imageId ?? null,
    slide.language ?? null,
    animation ? [animation.type, animation.duration, Boolean(animation.repeat)] : null,
    (slide.options ?? []).map((o) => [o.id, o.name, o.type, o.targetId ?? null, !!o.featured, !!o.videoEndListener, !!o.videoEndAutoplay, !!o.trackConversion]),
  ]);
}

/** Whether `fields` change `original` (spec 001 §4 Editor saves: Save only when dirty or new). */
export function slideChanged(original: EditableSlide, fields: SlideFields): boolean {
  return comparable(original) !== comparable(fields);
}

/**
 * The languages offered for the caption-language override: the codes of the chosen video's subtitle
 * files when it has any, else every subtitle language (`all`, spec 001 §3 "Subtitle languages").
 * A stored override that is in neither list is kept as an option.
 */
export function captionLanguageCodes(media: SlideMediaChoice | null, all: readonly string[], current: string): string[] {
  const own = media?.captionLanguages ?? [];
  const codes = own.length > 0 ? [...own] : [...all];
  if (current !== '' && !codes.includes(current)) codes.unshift(current);
  return codes;
}
