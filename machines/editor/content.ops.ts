/**
 * Pure content operations of the vidbot editor (spec 001 §4 "Slides and actions", §5 "Button";
 * issue 11 "Editor"; architecture §4). Every edit the content tab, the slide editor, the button editor
 * and the action editors make is one of these functions; the view applies the answer with
 * `change(result.content)`.
 *
 * Shape: `(content, …) → { content, …extras } | { error, …details }`. Nothing is mutated; an error
 * answer never carries a content. `content` is the contract's revision document `{ slides, actions,
 * theme?, settings? }` (`BotContent`: every action one of the strict `Schema<'Action'>` types, the
 * settings `Schema<'BotSettingsInput'>`); given valid input, every answer passes the server's
 * `Content` schema and `contentIssues` (the random-sequence test asserts it after every step).
 *
 * Rules, as this module reads the spec:
 * - **Ids** (§4 "Internal slide ids start at 1; external-link action ids follow after the slide
 *   count"). Slides and actions draw from one sequence per document: the next id is one more than
 *   the largest id the document still names anywhere (slide ids, action ids, button targets, the
 *   `button.slideId` / `thankYouPage.slideId` of actions). So a new document's slides are 1, 2, 3 …,
 *   an action added after them follows the slides (4 …), a slide id never equals an action id among
 *   new items, and an id that a dangling button still names is never handed out again (a deleted
 *   target cannot silently come back; the slide ids the settings name — linkSettings.slideId,
 *   thumbnail.slide — count too). Max + 1 cannot remember an id that nothing names any more: such an
 *   id (a deleted newest slide) may be handed out again. Ids of existing content are never rewritten.
 *   Button ids are per slide: one more than the slide's largest button id, from 1.
 * - **Intro** (§4): at most one INTRO and it is always the first slide. The first slide added to a
 *   document without an INTRO becomes the INTRO. `setIntro`/moving into the INTRO section makes that
 *   slide the one INTRO (the old one is demoted to the top of the SLIDE section). `setNormal` demotes
 *   the INTRO and promotes nothing: the spec lists "set as normal" as an operation and has the error
 *   `noSlidesPublish` exactly for a bot without an INTRO, so a document may be left without one (the
 *   publish chart then refuses with noSlidesPublish). The INTRO cannot be deleted
 *   (`cannotDeleteIntroSlide`), alone or in a multi-select.
 * - **Deleting a slide** removes every SLIDE button that targets it and clears (to null) the
 *   `button.slideId` and `thankYouPage.slideId` of actions that name it — a SLIDE submit/share or
 *   thank-you button then falls back to CLOSE_FORM, since the schema wants a slide for SLIDE — and
 *   the settings' slide references (linkSettings.slideId, the thumbnails' `slide`); the answer lists
 *   the slides that pointed at it (`pointingSlides`), those actions (`pointingActions`) and settings
 *   (`pointingSettings`) so the view can confirm first ({@link slidesPointingAt} /
 *   {@link actionsPointingAt} answer the same without deleting). Deleting an action removes the
 *   buttons that target it (no action field names another action).
 * - **Actions** are added and saved whole (one of the contract's action types); a SLIDE submit or
 *   thank-you button must name a slide of the document (`unknownSlideReference`).
 * - **Duplicates** (§4 multi-select) are named "<name> (Copy)", get new ids, are never an INTRO, are
 *   placed right after their original and keep their buttons as they are (targets unchanged).
 * - **Buttons** (§5): a target is required and must exist with the button's type (an action button's
 *   type is its action's type); an empty name is filled from the target's name (and a name that was
 *   the old target's name follows a target change); only one `videoEndListener` per slide (setting it
 *   clears the others); `videoEndAutoplay` only for a VIDEO slide target (cleared otherwise).
 *   Buttons whose target does not exist are reported by {@link deletedButtons} (§3 "marked deleted").
 * - **Limits**: the server's CONTENT_LIMITS (slides, actions, buttons per slide) are refused here too
 *   (`tooManySlides`, `tooManyActions`, `tooManyButtons`) instead of failing at save.
 */
import type { BotAction, BotContent, Slide, SlideOption } from './content.types';
import { CONTENT_LIMITS } from '../../server/src/modules/bot/content.limits';

/** A button as the editor writes it (spec 001 §3 "Slide option"). */
export type Button = SlideOption;

/**
 * The content document the operations work on (architecture §1): the publish chart's `BotContent`,
 * i.e. the contract's `{ slides, actions: Schema<'Action'>[], theme, settings: Schema<'BotSettingsInput'> }`.
 */
export type OpsContent = BotContent;

/** The per-vidbot settings of a document (possibly partial: missing keys read as the §9 defaults). */
export type OpsSettings = NonNullable<BotContent['settings']>;

/** The action types whose `button` / `thankYouPage` name a slide (spec 001 §3 Regular form, Share media). */
export type SlideRefAction = Extract<BotAction, { type: 'REGULAR_FORM' | 'SHARE_MEDIA' }>;

/** An action without its id, one of the contract's action types (what an action editor's Save produces). */
export type NewAction = BotAction extends infer A ? (A extends BotAction ? Omit<A, 'id'> : never) : never;

/** Error keys (spec keys where the spec has one: cannotDeleteIntroSlide). */
export type OpsError =
  | 'cannotDeleteIntroSlide'
  | 'unknownSlide'
  | 'unknownAction'
  | 'unknownButton'
  | 'buttonTargetRequired'
  | 'buttonNameRequired'
  | 'unknownTarget'
  | 'unknownSlideReference'
  | 'nameRequired'
  | 'tooManySlides'
  | 'tooManyActions'
  | 'tooManyButtons';

/** An error answer: the key and, for a refused delete, the INTRO that blocked it. */
export interface OpsFailure {
  error: OpsError;
  content?: undefined;
  /** cannotDeleteIntroSlide: the INTRO slide's id. */
  slideId?: number;
}

/** A successful answer: the next document plus operation-specific extras. */
export type OpsSuccess<C, X = unknown> = { content: C; error?: undefined } & X;
export type OpsResult<C, X = unknown> = OpsSuccess<C, X> | OpsFailure;

/** A slide that has buttons pointing at a slide or action about to be deleted. */
export interface PointingSlide {
  id: number;
  name: string;
  /** The ids of its buttons that point there. */
  buttonIds: number[];
}

/** An action whose slide references (form / share-media `button`, `thankYouPage`) name a deleted slide. */
export interface PointingAction {
  id: number;
  name: string;
  /** The fields whose `slideId` pointed there (cleared to null by the delete). */
  fields: Array<(typeof ACTION_SLIDE_REF_KEYS)[number]>;
}

/** What a delete changed besides removing the items: the view's confirmation lists these. */
export interface DeleteReport {
  /** Remaining slides whose buttons pointed at a deleted slide or action (those buttons are removed). */
  pointingSlides: PointingSlide[];
  /** Remaining actions whose slide references named a deleted slide (cleared, see {@link clearSlideRefs}). */
  pointingActions: PointingAction[];
  /** The settings' slide references that named a deleted slide (set to null), as paths within `settings`. */
  pointingSettings: SettingsSlideRef[];
}

/** Where the multi-select and moves put slides: the INTRO section or the SLIDE section. */
export type SlideSection = 'INTRO' | 'SLIDE';

const COPY_SUFFIX = ' (Copy)';
const NAME_MAX = 255;

// --- ids ---------------------------------------------------------------------------------------------

/** True for the action types whose `button` / `thankYouPage` name a slide. */
export function hasSlideRefs(action: BotAction): action is SlideRefAction {
  return action.type === 'REGULAR_FORM' || action.type === 'SHARE_MEDIA';
}

/**
 * The slide ids an action names (spec 001 §3 Action; server content.rules.ts SubmitButton,
 * ThankYouPage): the `button.slideId` and `thankYouPage.slideId` of a regular form or share media,
 * whatever the button type (a stale id under another type still counts for the id allocator).
 */
export function actionSlideRefs(action: BotAction): number[] {
  if (!hasSlideRefs(action)) return [];
  const refs: number[] = [];
  if (action.button?.slideId != null) refs.push(action.button.slideId);
  if (action.thankYouPage?.slideId != null) refs.push(action.thankYouPage.slideId);
  return refs;
}

/**
 * The slide ids an action actually navigates to: `button.slideId` when the submit/share button's
 * type is SLIDE, `thankYouPage.slideId` when the thank-you page's button type is SLIDE (the
 * references the server's `contentIssues` checks and the clipboard carries).
 */
export function actionLiveSlideRefs(action: BotAction): number[] {
  if (!hasSlideRefs(action)) return [];
  const refs: number[] = [];
  if (action.button?.type === 'SLIDE' && action.button.slideId != null) refs.push(action.button.slideId);
  if (action.thankYouPage?.buttonType === 'SLIDE' && action.thankYouPage.slideId != null) refs.push(action.thankYouPage.slideId);
  return refs;
}

/** The nested objects of an action whose `slideId` names a slide (regular form and share media). */
export const ACTION_SLIDE_REF_KEYS = ['button', 'thankYouPage'] as const;

/** A slide reference of the settings (spec 001 §3 Share settings), as a path within `settings`. */
export type SettingsSlideRef =
  | 'linkSettings.slideId'
  | 'linkSettings.thumbnail.slide'
  | 'widgetSettings.thumbnail.slide'
  | 'iframeSettings.thumbnail.slide'
  | 'adSettings.thumbnail.slide';

/**
 * The slide ids the settings name (spec 001 §3 Share settings; server content.rules.ts
 * LinkSettings.slideId and the `thumbnail.slide` of the widget, iframe, ad and link settings), with
 * their paths. Settings a document does not carry (partial settings) name nothing.
 */
export function settingsSlideRefs(settings: BotContent['settings']): Array<{ path: SettingsSlideRef; slideId: number }> {
  const out: Array<{ path: SettingsSlideRef; slideId: number }> = [];
  const add = (path: SettingsSlideRef, slideId: number | null | undefined) => {
    if (slideId != null) out.push({ path, slideId });
  };
  add('linkSettings.slideId', settings?.linkSettings?.slideId);
  add('linkSettings.thumbnail.slide', settings?.linkSettings?.thumbnail?.slide);
  add('widgetSettings.thumbnail.slide', settings?.widgetSettings?.thumbnail?.slide);
  add('iframeSettings.thumbnail.slide', settings?.iframeSettings?.thumbnail?.slide);
  add('adSettings.thumbnail.slide', settings?.adSettings?.thumbnail?.slide);
  return out;
}

/**
 * The next slide or action id of a document: 1 + the largest id named anywhere in it (slides,
 * actions, button targets, actions' slide references, slide ids in the settings); 1 for an empty document. See the module rules.
 */
export function nextContentId(content: Pick<OpsContent, 'slides' | 'actions' | 'settings'>): number {
  let max = settingsSlideRefs(content.settings).reduce((m, ref) => Math.max(m, ref.slideId), 0);
  for (const s of content.slides) {
    max = Math.max(max, s.id);
    for (const o of s.options ?? []) if (typeof o.targetId === 'number') max = Math.max(max, o.targetId);
  }
  for (const a of content.actions ?? []) {
    max = Math.max(max, a.id, ...actionSlideRefs(a));
  }
  return max + 1;
}

/** The next button id of a slide (per slide, from 1). */
export function nextButtonId(slide: Pick<Slide, 'options'>): number {
  return (slide.options ?? []).reduce((max, o) => Math.max(max, o.id), 0) + 1;
}

/** `name` with the " (Copy)" suffix of spec 001 §4, shortened so the result fits the 255-character name. */
export function copyName(name: string): string {
  return name.slice(0, NAME_MAX - COPY_SUFFIX.length) + COPY_SUFFIX;
}

// --- queries -----------------------------------------------------------------------------------------

/** The INTRO slide, or undefined. */
export function introSlide(content: Pick<OpsContent, 'slides'>): Slide | undefined {
  return content.slides.find((s) => s.category === 'INTRO');
}

/** The slides having a button whose target is the slide (`kind: 'slide'`) or action `id`. */
export function slidesPointingAt(content: Pick<OpsContent, 'slides'>, target: { kind: 'slide' | 'action'; id: number }): PointingSlide[] {
  const out: PointingSlide[] = [];
  for (const s of content.slides) {
    const buttonIds = (s.options ?? []).filter((o) => pointsAt(o, target)).map((o) => o.id);
    if (buttonIds.length > 0) out.push({ id: s.id, name: s.name, buttonIds });
  }
  return out;
}

/** The actions whose `button.slideId` / `thankYouPage.slideId` name one of `slideIds`. */
export function actionsPointingAt(actions: readonly BotAction[], slideIds: ReadonlySet<number>): PointingAction[] {
  const out: PointingAction[] = [];
  for (const a of actions) {
    if (!hasSlideRefs(a)) continue;
    const fields = ACTION_SLIDE_REF_KEYS.filter((key) => {
      const ref = a[key]?.slideId;
      return ref != null && slideIds.has(ref);
    });
    if (fields.length > 0) out.push({ id: a.id, name: a.name, fields });
  }
  return out;
}

/** A button whose target does not exist (spec 001 §3: "Buttons whose target no longer exists are marked deleted"). */
export interface DeletedButton {
  slideId: number;
  buttonId: number;
  type: SlideOption['type'];
  targetId: number | null;
}

/**
 * Every button whose target is missing: a SLIDE button naming no slide, an action button naming no
 * action of its type, or a button without a target.
 */
export function deletedButtons(content: Pick<OpsContent, 'slides' | 'actions'>): DeletedButton[] {
  const out: DeletedButton[] = [];
  for (const s of content.slides) {
    for (const o of s.options ?? []) {
      if (!targetOf(content, o))
        out.push({
          slideId: s.id,
          buttonId: o.id,
          type: o.type,
          targetId: o.targetId ?? null,
        });
    }
  }
  return out;
}

/** The slide or action a button targets, or undefined when it does not exist (with the button's type). */
export function targetOf(
  content: Pick<OpsContent, 'slides' | 'actions'>,
  button: Pick<SlideOption, 'type' | 'targetId'>,
): { kind: 'slide'; slide: Slide } | { kind: 'action'; action: BotAction } | undefined {
  if (button.targetId == null) return undefined;
  if (button.type === 'SLIDE') {
    const slide = content.slides.find((s) => s.id === button.targetId);
    return slide ? { kind: 'slide', slide } : undefined;
  }
  const action = (content.actions ?? []).find((a) => a.id === button.targetId && a.type === button.type);
  return action ? { kind: 'action', action } : undefined;
}

// --- slides ------------------------------------------------------------------------------------------

/** A new slide's fields: everything but the id and the category (options default to none). */
export type NewSlide = Omit<Slide, 'id' | 'category' | 'options'> & {
  options?: SlideOption[];
};

/**
 * Adds a slide at the end (spec 001 §4 "add"). It becomes the INTRO (and moves first) when the
 * document has none; it is flagged `isNew` (§3 Action/Slide "Added items are flagged as new").
 * @returns `{ content, slideId }`; errors nameRequired, tooManySlides.
 */
export function addSlide<C extends OpsContent>(content: C, slide: NewSlide): OpsResult<C, { slideId: number }> {
  if (!slide.name?.trim()) return { error: 'nameRequired' };
  if (content.slides.length >= CONTENT_LIMITS.slides) return { error: 'tooManySlides' };
  const id = nextContentId(content);
  const isIntro = !introSlide(content);
  // isNew is the server Slide schema's flag (spec 001 §3); the chart's Slide type does not declare it.
  const added = {
    ...slide,
    id,
    category: isIntro ? 'INTRO' : 'SLIDE',
    options: slide.options ?? [],
    isNew: true,
  } as Slide;
  const slides = isIntro ? [added, ...content.slides] : [...content.slides, added];
  return { content: withSlides(content, slides), slideId: id };
}

/**
 * Replaces a slide's fields (spec 001 §2 slide editor Save). `id` and `category` cannot be changed
 * here (use setIntro/setNormal/moveSlide); `options` may be (the buttons table), and then go through
 * the button rules (single video-end listener, autoplay only for video targets).
 * @returns `{ content }`; errors unknownSlide, nameRequired, tooManyButtons.
 */
export function updateSlide<C extends OpsContent>(
  content: C,
  slideId: number,
  patch: Partial<Omit<Slide, 'id' | 'category'>>,
): OpsResult<C> {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  if (patch.name !== undefined && !String(patch.name).trim()) return { error: 'nameRequired' };
  // A caller passing id or category anyway (an untyped form value) cannot change them.
  const { id: _id, category: _category, ...rest } = patch as Partial<Slide>;
  const next: Slide = { ...slide, ...rest };
  if (patch.options && patch.options.length > CONTENT_LIMITS.optionsPerSlide) return { error: 'tooManyButtons' };
  const updated = withSlides(
    content,
    content.slides.map((s) => (s.id === slideId ? next : s)),
  );
  // The button rules hold for the new buttons table, and a VIDEO slide turned IMAGE loses the autoplay
  // of the buttons (on any slide) that lead to it.
  const typeChanged = next.type !== slide.type;
  const slides = updated.slides.map((s) => {
    const affected =
      (s.id === slideId && patch.options !== undefined) ||
      (typeChanged && (s.options ?? []).some((o) => o.type === 'SLIDE' && o.targetId === slideId));
    return affected ? { ...s, options: normaliseButtons(updated, (s.options ?? []) as Button[]) } : s;
  });
  return { content: withSlides(content, slides) };
}

/**
 * Deletes a slide (spec 001 §4): refused for the INTRO (cannotDeleteIntroSlide); removes the SLIDE
 * buttons targeting it and clears actions' `button.slideId` / `thankYouPage.slideId` naming it.
 * @returns `{ content, pointingSlides, pointingActions }` — the other slides that had buttons pointing
 *   at it and the actions whose slide references named it (the view's confirmation lists them);
 *   errors unknownSlide, cannotDeleteIntroSlide.
 */
export function deleteSlide<C extends OpsContent>(content: C, slideId: number): OpsResult<C, DeleteReport> {
  return deleteMany(content, { slideIds: [slideId] });
}

/**
 * Duplicates a slide (spec 001 §4): "<name> (Copy)", a new id, category SLIDE, placed right after
 * the original (after the INTRO when the original is the INTRO); buttons kept as they are.
 * @returns `{ content, slideId }` (the copy's id); errors unknownSlide, tooManySlides.
 */
export function duplicateSlide<C extends OpsContent>(content: C, slideId: number): OpsResult<C, { slideId: number }> {
  const result = duplicateMany(content, { slideIds: [slideId] });
  if (result.error !== undefined) return result;
  return { content: result.content, slideId: result.slideIds[0]! };
}

/**
 * Moves a slide (spec 001 §4 drag between and within the INTRO and SLIDE sections).
 * - to `INTRO`: the slide becomes the one INTRO (same as {@link setIntro}); `index` is ignored.
 * - to `SLIDE` at `index` (0-based position among the non-INTRO slides after the move, clamped): an
 *   INTRO moved there is demoted (no other slide is promoted, see {@link setNormal}).
 * @returns `{ content }`; error unknownSlide.
 */
export function moveSlide<C extends OpsContent>(content: C, slideId: number, to: { section: SlideSection; index?: number }): OpsResult<C> {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  if (to.section === 'INTRO') return setIntro(content, slideId);
  const intro = introSlide(content);
  const keptIntro = intro && intro.id !== slideId ? intro : undefined;
  const others = content.slides.filter((s) => s.id !== slideId && s !== keptIntro);
  const at = clamp(to.index ?? others.length, 0, others.length);
  const moved: Slide = slide.category === 'INTRO' ? { ...slide, category: 'SLIDE' } : slide;
  others.splice(at, 0, moved);
  return {
    content: withSlides(content, keptIntro ? [keptIntro, ...others] : others),
  };
}

/**
 * Makes `slideId` the one INTRO and moves it first (spec 001 §4 "set as intro (only one intro; the
 * intro moves to the top)"); the old INTRO becomes the first slide of the SLIDE section.
 * @returns `{ content }`; error unknownSlide.
 */
export function setIntro<C extends OpsContent>(content: C, slideId: number): OpsResult<C> {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  const rest = content.slides.filter((s) => s.id !== slideId).map((s): Slide => (s.category === 'INTRO' ? { ...s, category: 'SLIDE' } : s));
  return {
    content: withSlides(content, [{ ...slide, category: 'INTRO' }, ...rest]),
  };
}

/**
 * Makes a slide normal (spec 001 §4 "set as normal"). Demoting the INTRO leaves the document
 * without one (publishing then answers noSlidesPublish); the slide keeps its place. A slide that is
 * already normal is answered unchanged.
 * @returns `{ content }`; error unknownSlide.
 */
export function setNormal<C extends OpsContent>(content: C, slideId: number): OpsResult<C> {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  if (slide.category !== 'INTRO') return { content };
  return {
    content: withSlides(
      content,
      content.slides.map((s) => (s.id === slideId ? { ...s, category: 'SLIDE' } : s)),
    ),
  };
}

// --- buttons -----------------------------------------------------------------------------------------

/** A new button: its target and any of its fields; the name may be empty (filled from the target). */
export type NewButton = Omit<Button, 'id' | 'name'> & {
  name?: string;
};

/**
 * Adds a button at the end of a slide's buttons (spec 001 §5 Button).
 * @returns `{ content, buttonId }`; errors unknownSlide, buttonTargetRequired, unknownTarget,
 *   buttonNameRequired, tooManyButtons.
 */
export function addButton<C extends OpsContent>(content: C, slideId: number, button: NewButton): OpsResult<C, { buttonId: number }> {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  if ((slide.options ?? []).length >= CONTENT_LIMITS.optionsPerSlide) return { error: 'tooManyButtons' };
  const id = nextButtonId(slide);
  const checked = checkButton(content, { ...button, id, name: button.name ?? '' });
  if ('error' in checked) return { error: checked.error };
  const options = normaliseButtons(content, [...(slide.options ?? []), checked.button], id);
  return {
    content: withSlides(
      content,
      content.slides.map((s) => (s.id === slideId ? { ...s, options } : s)),
    ),
    buttonId: id,
  };
}

/**
 * Updates a button (spec 001 §5). A target change re-derives the type; a name that was empty or
 * equal to the old target's name follows the new target's name.
 * @returns `{ content }`; errors unknownSlide, unknownButton, buttonTargetRequired, unknownTarget, buttonNameRequired.
 */
export function updateButton<C extends OpsContent>(
  content: C,
  slideId: number,
  buttonId: number,
  patch: Partial<Omit<Button, 'id'>>,
): OpsResult<C> {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  const old = (slide.options ?? []).find((o) => o.id === buttonId);
  if (!old) return { error: 'unknownButton' };
  const { id: _id, ...rest } = patch as Partial<Button>;
  const next: Button = { ...old, ...rest };
  const oldTarget = targetOf(content, old);
  const retargeted = next.targetId !== old.targetId || next.type !== old.type;
  if (retargeted && patch.name === undefined && oldTarget && old.name === targetName(oldTarget)) next.name = '';
  const checked = checkButton(content, next);
  if ('error' in checked) return { error: checked.error };
  const options = normaliseButtons(
    content,
    (slide.options ?? []).map((o) => (o.id === buttonId ? checked.button : o)),
    patch.videoEndListener ? buttonId : undefined,
  );
  return {
    content: withSlides(
      content,
      content.slides.map((s) => (s.id === slideId ? { ...s, options } : s)),
    ),
  };
}

/**
 * Deletes a button.
 * @returns `{ content }`; errors unknownSlide, unknownButton.
 */
export function deleteButton<C extends OpsContent>(content: C, slideId: number, buttonId: number): OpsResult<C> {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  if (!(slide.options ?? []).some((o) => o.id === buttonId)) return { error: 'unknownButton' };
  const options = (slide.options ?? []).filter((o) => o.id !== buttonId);
  return {
    content: withSlides(
      content,
      content.slides.map((s) => (s.id === slideId ? { ...s, options } : s)),
    ),
  };
}

/**
 * Moves a button to `index` (0-based, clamped) within its slide (spec 001 §2 buttons table drag).
 * @returns `{ content }`; errors unknownSlide, unknownButton.
 */
export function moveButton<C extends OpsContent>(content: C, slideId: number, buttonId: number, index: number): OpsResult<C> {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  const button = (slide.options ?? []).find((o) => o.id === buttonId);
  if (!button) return { error: 'unknownButton' };
  const options = moveTo(slide.options ?? [], button, index);
  return {
    content: withSlides(
      content,
      content.slides.map((s) => (s.id === slideId ? { ...s, options } : s)),
    ),
  };
}

// --- actions -----------------------------------------------------------------------------------------

/**
 * Adds an action at the end (spec 001 §4; §3 "Added items are flagged as new").
 * @returns `{ content, actionId }`; errors nameRequired, tooManyActions.
 */
export function addAction<C extends OpsContent>(content: C, action: NewAction): OpsResult<C, { actionId: number }> {
  if (!action.name?.trim()) return { error: 'nameRequired' };
  if ((content.actions ?? []).length >= CONTENT_LIMITS.actions) return { error: 'tooManyActions' };
  const id = nextContentId(content);
  const added = withId(action, id, true);
  if (!slideRefsExist(content, added)) return { error: 'unknownSlideReference' };
  return {
    content: withActions(content, [...(content.actions ?? []), added]),
    actionId: id,
  };
}

/** A change of an action's common fields only (its type-specific fields stay). */
export type ActionNamePatch = Partial<Pick<BotAction, 'name' | 'isNew'>>;

/**
 * Saves an action (its editor's Save). Given a whole action (`NewAction`, with `type`) it replaces
 * every field but the id — the strict action schemas allow no leftovers of another type; given only
 * `name` / `isNew` it changes those. When the type changes, the buttons targeting the action take the
 * new type (a button's type is its target's type).
 * @returns `{ content }`; errors unknownAction, nameRequired, unknownSlideReference (a SLIDE submit
 *   or thank-you button naming no slide of the document).
 */
export function updateAction<C extends OpsContent>(content: C, actionId: number, patch: NewAction | ActionNamePatch): OpsResult<C> {
  const action = (content.actions ?? []).find((a) => a.id === actionId);
  if (!action) return { error: 'unknownAction' };
  if (patch.name !== undefined && !String(patch.name).trim()) return { error: 'nameRequired' };
  const next: BotAction = 'type' in patch ? withId(patch, actionId, patch.isNew ?? action.isNew) : { ...action, ...patch };
  if (!slideRefsExist(content, next)) return { error: 'unknownSlideReference' };
  let out = withActions(
    content,
    content.actions.map((a) => (a.id === actionId ? next : a)),
  );
  if (next.type !== action.type) {
    out = withSlides(
      out,
      out.slides.map((s) => ({
        ...s,
        options: (s.options ?? []).map((o) => (o.type === action.type && o.targetId === actionId ? { ...o, type: next.type } : o)),
      })),
    );
  }
  return { content: out };
}

/**
 * Deletes an action and the buttons that target it (spec 001 §4).
 * @returns `{ content, pointingSlides, pointingActions }` (the slides whose buttons were removed;
 *   pointingActions is always empty here); error unknownAction.
 */
export function deleteAction<C extends OpsContent>(content: C, actionId: number): OpsResult<C, DeleteReport> {
  return deleteMany(content, { actionIds: [actionId] });
}

/**
 * Duplicates an action: "<name> (Copy)", a new id, placed right after the original.
 * @returns `{ content, actionId }`; errors unknownAction, tooManyActions.
 */
export function duplicateAction<C extends OpsContent>(content: C, actionId: number): OpsResult<C, { actionId: number }> {
  const result = duplicateMany(content, { actionIds: [actionId] });
  if (result.error !== undefined) return result;
  return { content: result.content, actionId: result.actionIds[0]! };
}

/**
 * Moves an action to `index` (0-based, clamped) in the Actions section (spec 001 §4 reorder by drag).
 * @returns `{ content }`; error unknownAction.
 */
export function moveAction<C extends OpsContent>(content: C, actionId: number, index: number): OpsResult<C> {
  const action = (content.actions ?? []).find((a) => a.id === actionId);
  if (!action) return { error: 'unknownAction' };
  return {
    content: withActions(content, moveTo(content.actions, action, index)),
  };
}

// --- multi-select ------------------------------------------------------------------------------------

/** The multi-select bar's selection (spec 001 §4). */
export interface Selection {
  slideIds?: readonly number[];
  actionIds?: readonly number[];
}

/**
 * Duplicates every selected slide and action (spec 001 §4 "duplicate selected (copies named with a
 * (Copy) suffix)"); each copy is placed right after its original; ids are assigned in document order.
 * @returns `{ content, slideIds, actionIds }` — the copies' ids in the order of the selection;
 *   errors unknownSlide, unknownAction, tooManySlides, tooManyActions.
 */
export function duplicateMany<C extends OpsContent>(
  content: C,
  selection: Selection,
): OpsResult<C, { slideIds: number[]; actionIds: number[] }> {
  const slideIds = [...new Set(selection.slideIds ?? [])];
  const actionIds = [...new Set(selection.actionIds ?? [])];
  if (slideIds.some((id) => !content.slides.some((s) => s.id === id))) return { error: 'unknownSlide' };
  if (actionIds.some((id) => !(content.actions ?? []).some((a) => a.id === id))) return { error: 'unknownAction' };
  if (content.slides.length + slideIds.length > CONTENT_LIMITS.slides) return { error: 'tooManySlides' };
  if ((content.actions ?? []).length + actionIds.length > CONTENT_LIMITS.actions) return { error: 'tooManyActions' };
  let id = nextContentId(content);
  const copyIds = new Map<number, number>();
  const slides: Slide[] = [];
  const introCopies: Slide[] = [];
  for (const s of content.slides) {
    slides.push(s);
    if (!slideIds.includes(s.id)) continue;
    const copy: Slide = {
      ...s,
      id,
      name: copyName(s.name),
      category: 'SLIDE',
      options: (s.options ?? []).map((o) => ({ ...o })),
    };
    copyIds.set(s.id, id++);
    // The INTRO's copy goes first in the SLIDE section, i.e. right after the INTRO as well.
    (s.category === 'INTRO' ? introCopies : slides).push(copy);
  }
  const introAt = slides.findIndex((s) => s.category === 'INTRO');
  if (introCopies.length > 0) slides.splice(introAt + 1, 0, ...introCopies);
  const actionCopyIds = new Map<number, number>();
  const actions: BotAction[] = [];
  for (const a of content.actions ?? []) {
    actions.push(a);
    if (!actionIds.includes(a.id)) continue;
    actions.push({ ...structuredClone(a), id, name: copyName(a.name) });
    actionCopyIds.set(a.id, id++);
  }
  return {
    content: withActions(withSlides(content, slides), actions),
    slideIds: slideIds.map((i) => copyIds.get(i)!),
    actionIds: actionIds.map((i) => actionCopyIds.get(i)!),
  };
}

/**
 * Deletes every selected slide and action (spec 001 §4 "delete selected"). Refused as a whole when
 * the INTRO is selected (cannotDeleteIntroSlide, with its `slideId`). Removes the buttons targeting
 * a deleted item and clears actions' slide references naming a deleted slide.
 * @returns `{ content, pointingSlides, pointingActions }` — the remaining slides that had buttons
 *   pointing at a deleted slide or action and the remaining actions whose slide references named a
 *   deleted slide (the confirmation lists them); errors unknownSlide, unknownAction,
 *   cannotDeleteIntroSlide.
 */
export function deleteMany<C extends OpsContent>(content: C, selection: Selection): OpsResult<C, DeleteReport> {
  const slideIds = new Set(selection.slideIds ?? []);
  const actionIds = new Set(selection.actionIds ?? []);
  for (const id of slideIds) {
    const slide = content.slides.find((s) => s.id === id);
    if (!slide) return { error: 'unknownSlide' };
    if (slide.category === 'INTRO') return { error: 'cannotDeleteIntroSlide', slideId: id };
  }
  for (const id of actionIds) if (!(content.actions ?? []).some((a) => a.id === id)) return { error: 'unknownAction' };
  const deletedTarget = (o: SlideOption) =>
    o.targetId != null && (o.type === 'SLIDE' ? slideIds.has(o.targetId) : actionIds.has(o.targetId));
  const pointingSlides: PointingSlide[] = [];
  const slides = content.slides
    .filter((s) => !slideIds.has(s.id))
    .map((s) => {
      const removed = (s.options ?? []).filter(deletedTarget);
      if (removed.length === 0) return s;
      pointingSlides.push({
        id: s.id,
        name: s.name,
        buttonIds: removed.map((o) => o.id),
      });
      return {
        ...s,
        options: (s.options ?? []).filter((o) => !deletedTarget(o)),
      };
    });
  const remaining = (content.actions ?? []).filter((a) => !actionIds.has(a.id));
  const pointingActions = actionsPointingAt(remaining, slideIds);
  const actions = remaining.map((a) => clearSlideRefs(a, slideIds));
  const pointingSettings = settingsSlideRefs(content.settings)
    .filter((ref) => slideIds.has(ref.slideId))
    .map((ref) => ref.path);
  let out = withActions(withSlides(content, slides), actions);
  if (pointingSettings.length > 0) out = { ...out, settings: clearSettingsSlideRefs(content.settings!, slideIds) };
  return { content: out, pointingSlides, pointingActions, pointingSettings };
}

// --- internals ---------------------------------------------------------------------------------------

/**
 * Clears an action's `button.slideId` / `thankYouPage.slideId` naming one of `slideIds` to null, with
 * the schema's rule that a SLIDE button needs a slide (server content.rules.ts SubmitButton,
 * ThankYouPage): a SLIDE submit/share button falls back to CLOSE_FORM, a SLIDE thank-you button to
 * CLOSE_FORM (the spec 001 §9 thank-you default "button close form"). Other actions are answered as given.
 */
export function clearSlideRefs(action: BotAction, slideIds: ReadonlySet<number>): BotAction {
  return remapSlideRefs(action, (id) => (slideIds.has(id) ? null : id));
}

/**
 * Rewrites an action's slide references through `map` (a new id, or null to clear it with the rule of
 * {@link clearSlideRefs}); used by delete (clear) and paste (new ids). Non-form actions are answered as given.
 */
export function remapSlideRefs(action: BotAction, map: (slideId: number) => number | null): BotAction {
  if (!hasSlideRefs(action)) return action;
  let out: SlideRefAction = action;
  const button = action.button;
  if (button?.slideId != null) {
    const to = map(button.slideId);
    if (to !== button.slideId) {
      out = { ...out, button: to === null ? { ...button, type: button.type === 'SLIDE' ? 'CLOSE_FORM' : button.type, slideId: null } : { ...button, slideId: to } };
    }
  }
  const page = action.thankYouPage;
  if (page?.slideId != null) {
    const to = map(page.slideId);
    if (to !== page.slideId) {
      out = {
        ...out,
        thankYouPage: to === null ? { ...page, buttonType: page.buttonType === 'SLIDE' ? 'CLOSE_FORM' : page.buttonType, slideId: null } : { ...page, slideId: to },
      };
    }
  }
  return out;
}

/** The settings with every slide reference naming one of `slideIds` set to null (the schema allows null everywhere). */
export function clearSettingsSlideRefs(settings: OpsSettings, slideIds: ReadonlySet<number>): OpsSettings {
  const gone = (id: number | null | undefined) => id != null && slideIds.has(id);
  const out: OpsSettings = { ...settings };
  const { linkSettings, widgetSettings, iframeSettings, adSettings } = settings;
  if (linkSettings && (gone(linkSettings.slideId) || gone(linkSettings.thumbnail?.slide))) {
    out.linkSettings = {
      ...linkSettings,
      slideId: gone(linkSettings.slideId) ? null : linkSettings.slideId,
      thumbnail: linkSettings.thumbnail && gone(linkSettings.thumbnail.slide) ? { ...linkSettings.thumbnail, slide: null } : linkSettings.thumbnail,
    };
  }
  if (widgetSettings && gone(widgetSettings.thumbnail.slide)) out.widgetSettings = { ...widgetSettings, thumbnail: { ...widgetSettings.thumbnail, slide: null } };
  if (iframeSettings && gone(iframeSettings.thumbnail.slide)) out.iframeSettings = { ...iframeSettings, thumbnail: { ...iframeSettings.thumbnail, slide: null } };
  if (adSettings && gone(adSettings.thumbnail.slide)) out.adSettings = { ...adSettings, thumbnail: { ...adSettings.thumbnail, slide: null } };
  return out;
}

/** True when every slide the action navigates to (SLIDE submit / thank-you buttons) exists in `content`. */
function slideRefsExist(content: Pick<OpsContent, 'slides'>, action: BotAction): boolean {
  return actionLiveSlideRefs(action).every((id) => content.slides.some((s) => s.id === id));
}

/** `action` with the id `id` (and the isNew flag when given). */
function withId(action: NewAction, id: number, isNew: boolean | undefined): BotAction {
  const out: BotAction = { ...action, id };
  return isNew === undefined ? out : { ...out, isNew };
}

function checkButton(content: OpsContent, button: Button): { button: Button } | { error: OpsError } {
  if (button.targetId == null) return { error: 'buttonTargetRequired' };
  // An action button's type follows its action: look the target up by id among actions when the type is not SLIDE.
  let target = targetOf(content, button);
  if (!target && button.type !== 'SLIDE') {
    const action = (content.actions ?? []).find((a) => a.id === button.targetId);
    if (action) {
      button = { ...button, type: action.type };
      target = { kind: 'action', action };
    }
  }
  if (!target) return { error: 'unknownTarget' };
  const name = button.name?.trim() ? button.name : targetName(target);
  if (!name.trim()) return { error: 'buttonNameRequired' };
  return { button: { ...button, name } };
}

/**
 * The button rules over a whole buttons list: one video-end listener (the one `keep` names, else the
 * first), and videoEndAutoplay only on buttons whose target is a VIDEO slide.
 */
function normaliseButtons(content: OpsContent, options: Button[], keep?: number): Button[] {
  const listener =
    keep !== undefined && options.some((o) => o.id === keep && o.videoEndListener) ? keep : options.find((o) => o.videoEndListener)?.id;
  return options.map((o) => {
    let next = o;
    if (o.videoEndListener && o.id !== listener) next = { ...next, videoEndListener: false };
    if (next.videoEndAutoplay) {
      const target = targetOf(content, next);
      if (!(target?.kind === 'slide' && target.slide.type === 'VIDEO')) {
        const { videoEndAutoplay: _drop, ...rest } = next;
        next = rest as Button;
      }
    }
    return next;
  });
}

function targetName(target: NonNullable<ReturnType<typeof targetOf>>): string {
  return target.kind === 'slide' ? target.slide.name : target.action.name;
}

function pointsAt(o: SlideOption, target: { kind: 'slide' | 'action'; id: number }): boolean {
  return o.targetId === target.id && (target.kind === 'slide' ? o.type === 'SLIDE' : o.type !== 'SLIDE');
}

function moveTo<T>(list: readonly T[], item: T, index: number): T[] {
  const rest = list.filter((x) => x !== item);
  rest.splice(clamp(index, 0, rest.length), 0, item);
  return rest;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

function withSlides<C extends OpsContent>(content: C, slides: Slide[]): C {
  return { ...content, slides };
}

function withActions<C extends OpsContent>(content: C, actions: BotAction[]): C {
  return { ...content, actions };
}

