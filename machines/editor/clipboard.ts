/**
 * The editor's clipboard across vidbots (spec 001 §3 "Clipboard (kept in local browser storage)":
 * type, data, sourceBotId, sourceBotName and the source slides and actions; §4 "Pasting from another
 * {product} brings the referenced slides and actions, assigns new ids and remaps button targets. Paste
 * is offered only when the clipboard comes from a different {product}"; issue 11 "Clipboard across bots").
 *
 * - {@link copySlide} / {@link copyAction} build the entry: the copied item as `data`, plus every slide
 *   and action it references transitively (button targets; an action's `button.slideId` /
 *   `thankYouPage.slideId`) in `slides` / `actions` (the root is not repeated there). Targets that do
 *   not exist in the source are not carried (they are dropped and reported at paste).
 * - {@link pasteClipboard} adds the root and everything it carries to a document with new ids
 *   (content.ops `nextContentId`, in the order root, slides, actions), remaps every button target and
 *   action slide reference to the new ids (content.ops `remapSlideRefs`), drops (and reports) the ones naming something outside the
 *   clipboard, flags the added items `isNew`, and makes the pasted root slide the INTRO only when the
 *   document has none (the same rule as adding a slide). Pasted slides are otherwise SLIDE; names are kept.
 * - {@link canPaste}: only an entry from a different bot.
 * - Storage under localStorage key `vidbotClipboard` (spec 001 §3): {@link readClipboard} validates the
 *   stored JSON with valibot (actions with the contract's strict `Action` schema) and reads a missing, unparsable or malformed entry as empty (null);
 *   writes that fail (quota, private mode) are ignored. The Storage is passed in (machines/ have no DOM;
 *   the SPA passes `window.localStorage`).
 *
 * Media ids (videoId, imageId, mediaId) are copied as they are: pasting into a bot of another account
 * keeps ids that account may not be able to read (the server resolves them to null urls).
 */
import * as v from 'valibot';
import type { BotAction, Slide, SlideOption } from './content.types';
import { Action, CONTENT_LIMITS, OPTION_TYPES, SLIDE_CATEGORIES, SLIDE_TYPES } from '../../server/src/modules/bot/bot.schemas';
import {
  ACTION_SLIDE_REF_KEYS,
  actionSlideRefs,
  hasSlideRefs,
  remapSlideRefs,
  introSlide,
  nextContentId,
  targetOf,
  type OpsContent,
  type OpsResult,
} from './content.ops';

/** localStorage key of the clipboard (spec 001 §3). */
export const CLIPBOARD_STORAGE_KEY = 'vidbotClipboard';

interface ClipboardBase {
  /** The bot the item was copied from. */
  sourceBotId: number;
  sourceBotName: string;
  /** Every other slide the item references, transitively. */
  slides?: Slide[];
  /** Every action the item references, transitively (without the root). */
  actions?: BotAction[];
}
/** A clipboard entry (spec 001 §3 Clipboard). */
export type Clipboard = (ClipboardBase & { type: 'slide'; data: Slide }) | (ClipboardBase & { type: 'action'; data: BotAction });

/** The bot a copy is taken from. */
export interface SourceBot {
  id: number;
  name: string;
}

/** A reference the paste could not keep because its target was not in the clipboard. */
export interface DroppedReference {
  /**
   * `button`: a slide's button (removed); `action`: an action's `button.slideId` / `thankYouPage.slideId`
   * (set to null; a SLIDE button type becomes CLOSE_FORM, content.ops `clearSlideRefs`).
   */
  kind: 'button' | 'action';
  /** The new id of the pasted slide (kind button) or action (kind action) that held it. */
  ownerId: number;
  /** Button id (kind button) or the action's field `button` / `thankYouPage` (kind action). */
  ref: number | string;
  /** The target id in the source bot. */
  targetId: number | null;
}

// --- copy --------------------------------------------------------------------------------------------

/**
 * The clipboard entry of one slide with every slide and action it references transitively.
 * @returns `{ clipboard }`; error unknownSlide.
 */
export function copySlide(
  content: Pick<OpsContent, 'slides' | 'actions'>,
  slideId: number,
  bot: SourceBot,
): { clipboard: Clipboard; error?: undefined } | { error: 'unknownSlide' } {
  const slide = content.slides.find((s) => s.id === slideId);
  if (!slide) return { error: 'unknownSlide' };
  const { slides, actions } = closure(content, {
    slides: [slide],
    actions: [],
  });
  return {
    clipboard: {
      type: 'slide',
      data: structuredClone(slide),
      sourceBotId: bot.id,
      sourceBotName: bot.name,
      slides: slides.filter((s) => s !== slide).map((s) => structuredClone(s)),
      actions: actions.map((a) => structuredClone(a)),
    },
  };
}

/**
 * The clipboard entry of one action with the slides it references (form / share-media button and
 * thank-you page slides) and, transitively, what those slides reference.
 * @returns `{ clipboard }`; error unknownAction.
 */
export function copyAction(
  content: Pick<OpsContent, 'slides' | 'actions'>,
  actionId: number,
  bot: SourceBot,
): { clipboard: Clipboard; error?: undefined } | { error: 'unknownAction' } {
  const action = (content.actions ?? []).find((a) => a.id === actionId);
  if (!action) return { error: 'unknownAction' };
  const { slides, actions } = closure(content, {
    slides: [],
    actions: [action],
  });
  return {
    clipboard: {
      type: 'action',
      data: structuredClone(action),
      sourceBotId: bot.id,
      sourceBotName: bot.name,
      slides: slides.map((s) => structuredClone(s)),
      actions: actions.filter((a) => a !== action).map((a) => structuredClone(a)),
    },
  };
}

/** Everything reachable from `start` through button targets and actions' slide references. */
function closure(content: Pick<OpsContent, 'slides' | 'actions'>, start: { slides: Slide[]; actions: BotAction[] }) {
  const slides = new Set<Slide>(start.slides);
  const actions = new Set<BotAction>(start.actions);
  const queue: Array<Slide | BotAction> = [...start.slides, ...start.actions];
  const visit = (item: Slide | BotAction) => {
    if ('category' in item ? slides.has(item) : actions.has(item)) return;
    if ('category' in item) slides.add(item);
    else actions.add(item);
    queue.push(item);
  };
  while (queue.length > 0) {
    const item = queue.shift()!;
    if ('category' in item) {
      for (const o of item.options ?? []) {
        const target = targetOf(content, o);
        if (target) visit(target.kind === 'slide' ? target.slide : target.action);
      }
    } else {
      for (const id of actionSlideRefs(item)) {
        const slide = content.slides.find((s) => s.id === id);
        if (slide) visit(slide);
      }
    }
  }
  // Document order, not discovery order.
  return {
    slides: content.slides.filter((s) => slides.has(s)),
    actions: (content.actions ?? []).filter((a) => actions.has(a)),
  };
}

// --- paste -------------------------------------------------------------------------------------------

/** True when `clip` may be pasted into bot `botId`: an entry exists and comes from a different bot (spec 001 §4). */
export function canPaste(clip: Clipboard | null | undefined, botId: number): clip is Clipboard {
  return clip != null && clip.sourceBotId !== botId;
}

/**
 * Adds the clipboard's items to `content` with new ids and remapped targets (see the module rules).
 * @returns `{ content, id, slideIds, actionIds, dropped }` — `id` is the pasted root's new id,
 *   `slideIds`/`actionIds` every added slide/action's new id (root included), `dropped` the references
 *   that named something outside the clipboard; errors tooManySlides, tooManyActions.
 */
export function pasteClipboard<C extends OpsContent>(
  content: C,
  clip: Clipboard,
): OpsResult<
  C,
  {
    id: number;
    slideIds: number[];
    actionIds: number[];
    dropped: DroppedReference[];
  }
> {
  const rootSlide = clip.type === 'slide' ? clip.data : undefined;
  const rootAction = clip.type === 'action' ? clip.data : undefined;
  const srcSlides = uniqueById([...(rootSlide ? [rootSlide] : []), ...(clip.slides ?? [])]);
  const srcActions = uniqueById([...(rootAction ? [rootAction] : []), ...(clip.actions ?? [])]);
  if (content.slides.length + srcSlides.length > CONTENT_LIMITS.slides) return { error: 'tooManySlides' };
  if ((content.actions ?? []).length + srcActions.length > CONTENT_LIMITS.actions) return { error: 'tooManyActions' };

  let next = nextContentId(content);
  const slideIdMap = new Map<number, number>();
  const actionIdMap = new Map<number, number>();
  // The root first, so a pasted slide or action gets the next id of the document.
  if (rootAction) actionIdMap.set(rootAction.id, next++);
  for (const s of srcSlides) slideIdMap.set(s.id, next++);
  for (const a of srcActions) if (!actionIdMap.has(a.id)) actionIdMap.set(a.id, next++);
  const actionTypes = new Map(srcActions.map((a) => [a.id, a.type]));

  const dropped: DroppedReference[] = [];
  const makeIntro = rootSlide !== undefined && !introSlide(content);
  const slides: Slide[] = srcSlides.map((s) => {
    const id = slideIdMap.get(s.id)!;
    const options: SlideOption[] = [];
    for (const o of s.options ?? []) {
      const mapped =
        o.targetId == null
          ? undefined
          : o.type === 'SLIDE'
            ? slideIdMap.get(o.targetId)
            : actionTypes.get(o.targetId) === o.type
              ? actionIdMap.get(o.targetId)
              : undefined;
      if (mapped === undefined)
        dropped.push({
          kind: 'button',
          ownerId: id,
          ref: o.id,
          targetId: o.targetId ?? null,
        });
      else options.push({ ...structuredClone(o), targetId: mapped });
    }
    const category = makeIntro && s === rootSlide ? 'INTRO' : 'SLIDE';
    return {
      ...structuredClone(s),
      id,
      category,
      options,
      isNew: true,
    } as Slide;
  });
  const actions: BotAction[] = srcActions.map((a) => {
    const id = actionIdMap.get(a.id)!;
    const copy: BotAction = { ...structuredClone(a), id, isNew: true };
    for (const field of ACTION_SLIDE_REF_KEYS) {
      const ref = hasSlideRefs(copy) ? copy[field]?.slideId : undefined;
      if (ref != null && !slideIdMap.has(ref)) dropped.push({ kind: 'action', ownerId: id, ref: field, targetId: ref });
    }
    return remapSlideRefs(copy, (ref) => slideIdMap.get(ref) ?? null);
  });

  const intro = slides.filter((s) => s.category === 'INTRO');
  const rest = slides.filter((s) => s.category !== 'INTRO');
  const out = {
    ...content,
    slides: [...intro, ...content.slides, ...rest],
    actions: [...(content.actions ?? []), ...actions],
  };
  return {
    content: out,
    id: rootSlide ? slideIdMap.get(rootSlide.id)! : actionIdMap.get(rootAction!.id)!,
    slideIds: slides.map((s) => s.id),
    actionIds: actions.map((a) => a.id),
    dropped,
  };
}

function uniqueById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true)));
}

// --- storage -----------------------------------------------------------------------------------------

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const ButtonSchema = v.looseObject({
  id,
  name: v.string(),
  type: v.picklist(OPTION_TYPES),
  targetId: v.optional(v.nullable(id), null),
});
const SlideSchema = v.looseObject({
  id,
  name: v.string(),
  category: v.picklist(SLIDE_CATEGORIES),
  type: v.picklist(SLIDE_TYPES),
  options: v.optional(v.array(ButtonSchema), []),
});
/** Actions are stored whole: the contract's strict action schema (an entry of an older shape reads as empty). */
const ActionSchema = Action;
const base = {
  sourceBotId: id,
  sourceBotName: v.string(),
  slides: v.optional(v.array(SlideSchema)),
  actions: v.optional(v.array(ActionSchema)),
};
/** The stored entry's schema (a missing or malformed entry reads as empty). */
export const ClipboardSchema = v.variant('type', [
  v.object({ type: v.literal('slide'), data: SlideSchema, ...base }),
  v.object({ type: v.literal('action'), data: ActionSchema, ...base }),
]);

/** The storage the clipboard lives in (window.localStorage in the SPA). */
export type ClipboardStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored clipboard, or null when there is none or it is unreadable / malformed. */
export function readClipboard(storage: ClipboardStorage | null | undefined): Clipboard | null {
  try {
    const raw = storage?.getItem(CLIPBOARD_STORAGE_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(ClipboardSchema, JSON.parse(raw));
    return parsed.success ? (parsed.output as Clipboard) : null;
  } catch {
    return null;
  }
}

/** Stores `clip` (replacing the previous entry); a failing storage is ignored. @returns true when stored. */
export function writeClipboard(storage: ClipboardStorage | null | undefined, clip: Clipboard): boolean {
  try {
    if (!storage) return false;
    storage.setItem(CLIPBOARD_STORAGE_KEY, JSON.stringify(clip));
    return true;
  } catch {
    return false;
  }
}

/** Removes the stored clipboard (a failing storage is ignored). */
export function clearClipboard(storage: ClipboardStorage | null | undefined): void {
  try {
    storage?.removeItem(CLIPBOARD_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
