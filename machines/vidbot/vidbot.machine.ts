/**
 * A vidbot compiled to a statechart (DESIGN §1b; spec 001 §3 Slide / Slide option, 002 §2 previews).
 *
 * Chart (flat; one state per slide, plus final states):
 *
 *   (initial: the INTRO slide, or the `startSlideId` override, else the first slide)
 *   slide-<id> ──button.<optionId>──▶ slide-<targetId>      SLIDE button whose target exists
 *   slide-<id> ──button.<optionId>──▶ closed (final)        CLOSE_VIDBOT button
 *   slide-<id> ──button.<optionId>──▶ (stays) emits `action.requested`
 *                                                           REGULAR_FORM, EXTERNAL_LINK, POST_MESSAGE,
 *                                                           SHARE_MEDIA — the host (player) performs it
 *   slide-<id> ──video.end──▶ as the slide's `videoEndListener` button does
 *   empty (final)                                           content without slides
 *
 * A SLIDE button whose target slide no longer exists is "deleted" (spec 001 §3) and compiles to no
 * event. A SLIDE button pointing at its own slide re-enters the slide (the video restarts).
 *
 * Context: `slideId` (the slide shown, null in final states) and `path` (slide ids entered in order —
 * the path analytics records). `path` grows without bound on loops, so graph traversals serialize
 * snapshots by state value only (see `serializeVidbotState`).
 */
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { SlideOption, SlideOptionType, VidbotContent } from './vidbot.types';

/** `button.<optionId>` — a viewer pressed that button on the current slide; `video.end` — the slide's video ended. */
export type VidbotEvent = { type: `button.${number}` } | { type: 'video.end' };

/** Context of a running vidbot. */
export interface VidbotContext {
  /** The slide on screen; null once the vidbot is closed or when it has no slides. */
  slideId: number | null;
  /** Slide ids in the order they were entered (re-entries included). */
  path: number[];
}

/** Emitted (actor.on) when a button asks for an action the host performs (form, link, post message, share). */
export interface VidbotActionRequested {
  type: 'action.requested';
  slideId: number;
  optionId: number;
  optionType: SlideOptionType;
  /** The action id the button targets (content.actions), null when the button names none. */
  actionId: number | null;
  trigger: 'button' | 'video.end';
}

/** Options of `compileVidbot`. */
export interface CompileVidbotOptions {
  /** Start on this slide instead of the INTRO slide (preview `slide_id`); ignored when no such slide. */
  startSlideId?: number | null;
}

/** Name of the state that shows slide `slideId`. */
export function slideStateName(slideId: number): `slide-${number}` {
  return `slide-${slideId}`;
}

/** Slide id of a state name made by `slideStateName`, or null for `closed` / `empty`. */
export function slideIdOfState(stateName: string): number | null {
  const match = /^slide-(\d+)$/.exec(stateName);
  return match ? Number(match[1]) : null;
}

/** The event a button sends. */
export function buttonEvent(optionId: number): VidbotEvent {
  return { type: `button.${optionId}` };
}

/** Final state after CLOSE_VIDBOT. */
export const CLOSED_STATE = 'closed';
/** Final state of content without slides. */
export const EMPTY_STATE = 'empty';

/**
 * Whether a button does something in the compiled machine. SLIDE buttons need an existing target;
 * every other type is live (actions are performed by the host). `slideIds` is the set of slide ids.
 */
export function isOptionLive(option: SlideOption, slideIds: ReadonlySet<number>): boolean {
  if (option.type === 'SLIDE') return option.targetId !== null && slideIds.has(option.targetId);
  return true;
}

/** The slide a machine starts on: `startSlideId` if it exists, else the INTRO slide, else the first; null without slides. */
export function initialSlideId(content: VidbotContent, startSlideId?: number | null): number | null {
  const { slides } = content;
  if (startSlideId != null && slides.some((s) => s.id === startSlideId)) return startSlideId;
  const intro = slides.find((s) => s.category === 'INTRO');
  return (intro ?? slides[0])?.id ?? null;
}

const vidbotSetup = setup({
  types: {
    context: {} as VidbotContext,
    events: {} as VidbotEvent,
    emitted: {} as VidbotActionRequested,
  },
  actions: {
    enterSlide: assign(({ context }, params: { slideId: number }) => ({
      slideId: params.slideId,
      path: [...context.path, params.slideId],
    })),
    leaveSlides: assign({ slideId: null }),
    requestAction: emit((_, params: Omit<VidbotActionRequested, 'type'>) => ({
      type: 'action.requested' as const,
      ...params,
    })),
  },
});

type TransitionSpec =
  | { target: string; reenter?: boolean }
  | { actions: { type: 'requestAction'; params: Omit<VidbotActionRequested, 'type'> } };

function transitionFor(
  slideId: number,
  option: SlideOption,
  trigger: VidbotActionRequested['trigger'],
): TransitionSpec {
  switch (option.type) {
    case 'SLIDE':
      // isOptionLive guarantees the target exists.
      return { target: slideStateName(option.targetId as number), reenter: option.targetId === slideId };
    case 'CLOSE_VIDBOT':
      return { target: CLOSED_STATE };
    default:
      return {
        actions: {
          type: 'requestAction',
          params: { slideId, optionId: option.id, optionType: option.type, actionId: option.targetId, trigger },
        },
      };
  }
}

/**
 * The product-owner description of a slide's state (issue 14 `meta.description`): the slide's
 * name and kind and the buttons that do something, e.g. `Slide “Welcome” (video) is on screen with
 * the buttons Show me, Pricing and Bye.`
 */
export function slideDescription(slide: VidbotContent['slides'][number], slideIds: ReadonlySet<number>): string {
  const kind = slide.type === 'VIDEO' ? 'video' : 'image';
  const names = slide.options.filter((o) => isOptionLive(o, slideIds)).map((o) => o.name || 'unnamed');
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const buttons = names.length === 0 ? 'without buttons' : names.length === 1 ? `with the button ${list}` : `with the buttons ${list}`;
  return `Slide “${slide.name}” (${kind}) is on screen ${buttons}.`;
}

/**
 * Compile a vidbot's content into an XState v5 machine (chart in the module comment).
 *
 * @param content `{ slides, actions? }` as in docs/api.md `Content` / `PlayerBot`.
 * @param options `startSlideId` — the preview's `slide_id` override.
 * @returns the machine; run it with `createActor(machine).start()` and send `buttonEvent(option.id)` /
 *   `{ type: 'video.end' }`. Never throws: broken buttons compile to nothing, missing slides to `empty`.
 */
export function compileVidbot(content: VidbotContent, options: CompileVidbotOptions = {}) {
  const slideIds = new Set(content.slides.map((s) => s.id));
  const start = initialSlideId(content, options.startSlideId);
  const states: Record<string, object> = {};
  for (const slide of content.slides) {
    const on: Record<string, TransitionSpec> = {};
    for (const option of slide.options) {
      if (!isOptionLive(option, slideIds)) continue;
      on[`button.${option.id}`] = transitionFor(slide.id, option, 'button');
    }
    const endOption = slide.options.find((o) => o.videoEndListener && isOptionLive(o, slideIds));
    if (slide.type === 'VIDEO' && endOption) on['video.end'] = transitionFor(slide.id, endOption, 'video.end');
    states[slideStateName(slide.id)] = {
      tags: [slide.type === 'VIDEO' ? 'video' : 'image'],
      meta: { slideId: slide.id, description: slideDescription(slide, slideIds) },
      entry: { type: 'enterSlide', params: { slideId: slide.id } },
      on,
    };
  }
  states[CLOSED_STATE] = { type: 'final', entry: 'leaveSlides', tags: ['closed'], meta: { description: 'The viewer closed the vidbot; nothing more is shown.' } };
  if (start === null) states[EMPTY_STATE] = { type: 'final', tags: ['empty'], meta: { description: 'The vidbot has no slides, so there is nothing to show.' } };
  return vidbotSetup.createMachine({
    id: 'vidbot',
    context: { slideId: null, path: [] },
    initial: start === null ? EMPTY_STATE : slideStateName(start),
    // The state map is built from data; its shape is checked by the tests that walk it.
    states: states as never,
  });
}

/** The machine type `compileVidbot` returns. */
export type VidbotMachine = ReturnType<typeof compileVidbot>;
/** A snapshot of a running vidbot. */
export type VidbotSnapshot = SnapshotFrom<VidbotMachine>;
