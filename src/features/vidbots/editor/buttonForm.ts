/**
 * The button editor's form logic (spec 001 §2 "Button editor: link-to target, button name, style,
 * functions"; §3 "Slide option (button)"; §5 "Button: target and name required; name auto-fills from
 * the target's name; save disabled until valid; only one button per slide may be the video-end
 * trigger; video-end autoplay offered only for video targets"). Pure: no React, no DOM.
 *
 * A target is written as a key: `SLIDE:<slideId>` or `ACTION:<actionId>`; the button's type is SLIDE
 * or the action's type (content.ops derives the same). The rules that span the whole buttons list
 * (one video-end listener, autoplay only for VIDEO slide targets) are applied again by
 * machines/editor/content.ops.ts addButton / updateButton when the button is saved.
 */
import * as v from 'valibot';
import { SlideOption as ServerSlideOption } from '../../../../server/src/modules/bot/bot.schemas';
import type { BotAction } from '../vidbot.types';
import type { EditableButton, EditableSlide } from './slideForm';

/** The action types a button can start, in the order the target list groups them (spec 001 §3 Action). */
export const ACTION_GROUP_ORDER = ['REGULAR_FORM', 'EXTERNAL_LINK', 'POST_MESSAGE', 'CLOSE_VIDBOT', 'SHARE_MEDIA'] as const;
export type ActionGroup = (typeof ACTION_GROUP_ORDER)[number];

/** One entry of the target list. */
export interface ButtonTarget {
  key: string;
  kind: 'slide' | 'action';
  id: number;
  name: string;
  /** SLIDE, or the action's type (= the button's type). */
  type: EditableButton['type'];
  /** For slides: VIDEO or IMAGE (autoplay is only offered for VIDEO). */
  slideType?: EditableSlide['type'];
}

/** The target list, grouped: the slides (other than `slideId`), then the actions by type. */
export interface ButtonTargetGroups {
  slides: ButtonTarget[];
  actions: Array<{ type: ActionGroup; targets: ButtonTarget[] }>;
}

/** The key of a target. */
export function targetKey(kind: 'slide' | 'action', id: number): string {
  return `${kind === 'slide' ? 'SLIDE' : 'ACTION'}:${id}`;
}

/** The key of a button's target ('' without a target). */
export function buttonTargetKey(button: Pick<EditableButton, 'type' | 'targetId'>): string {
  if (button.targetId == null) return '';
  return targetKey(button.type === 'SLIDE' ? 'slide' : 'action', button.targetId);
}

/** Every target a button of slide `slideId` may have: the other slides and every action of the draft. */
export function buttonTargets(
  slides: ReadonlyArray<Pick<EditableSlide, 'id' | 'name' | 'type'>>,
  actions: ReadonlyArray<Pick<BotAction, 'id' | 'name' | 'type'>>,
  slideId: number | null,
): ButtonTargetGroups {
  return {
    slides: slides
      .filter((s) => s.id !== slideId)
      .map((s) => ({ key: targetKey('slide', s.id), kind: 'slide', id: s.id, name: s.name, type: 'SLIDE', slideType: s.type })),
    actions: ACTION_GROUP_ORDER.map((type) => ({
      type,
      targets: actions
        .filter((a) => a.type === type)
        .map((a): ButtonTarget => ({ key: targetKey('action', a.id), kind: 'action', id: a.id, name: a.name, type: a.type })),
    })).filter((g) => g.targets.length > 0),
  };
}

/** The target of `key` in `groups`, or undefined. */
export function findTarget(groups: ButtonTargetGroups, key: string): ButtonTarget | undefined {
  return groups.slides.find((t) => t.key === key) ?? groups.actions.flatMap((g) => g.targets).find((t) => t.key === key);
}

/** Whether videoEndAutoplay may be offered for a target (spec 001 §5: only for video targets). */
export function autoplayOffered(target: ButtonTarget | undefined): boolean {
  return target?.kind === 'slide' && target.slideType === 'VIDEO';
}

/** The button editor's form values. */
export interface ButtonFormValues {
  target: string;
  name: string;
  featured: boolean;
  videoEndListener: boolean;
  videoEndAutoplay: boolean;
  trackConversion: boolean;
}

/** The values for an existing button, or the blank values of a new one. */
export function buttonFormValues(button?: EditableButton): ButtonFormValues {
  return {
    target: button ? buttonTargetKey(button) : '',
    name: button?.name ?? '',
    featured: button?.featured ?? false,
    videoEndListener: button?.videoEndListener ?? false,
    videoEndAutoplay: button?.videoEndAutoplay ?? false,
    trackConversion: button?.trackConversion ?? false,
  };
}

/**
 * The name after the target changes from `previous` to `next` (§5 "name auto-fills from the target's
 * name"): the new target's name when the name is empty or is still the previous target's name,
 * otherwise the name the person typed.
 */
export function autoFilledName(name: string, previous: ButtonTarget | undefined, next: ButtonTarget | undefined): string {
  if (!next) return name;
  if (name.trim() === '' || (previous && name === previous.name)) return next.name;
  return name;
}

/** The translated messages of {@link buttonFormSchema}. */
export interface ButtonFormMessages {
  targetRequired: string;
  nameRequired: string;
  nameTooLong: string;
}

const serverName = ServerSlideOption.entries.name;

/** The valibot schema of the button form: a target and a name (the server's name rule). */
export function buttonFormSchema(m: ButtonFormMessages) {
  return v.object({
    target: v.pipe(v.string(), v.nonEmpty(m.targetRequired)),
    name: v.pipe(
      v.string(),
      v.check((s) => s.trim() !== '', m.nameRequired),
      v.check((s) => s.trim() === '' || v.is(serverName, s), m.nameTooLong),
    ),
    featured: v.boolean(),
    videoEndListener: v.boolean(),
    videoEndAutoplay: v.boolean(),
    trackConversion: v.boolean(),
  });
}

/** The button fields of valid values (what content.ops addButton / updateButton take). */
export type ButtonFields = Omit<EditableButton, 'id'>;

/**
 * The button of valid `values`: type and targetId from the target, the trimmed name, and the
 * function flags (autoplay only with a VIDEO slide target).
 * @throws Error when the target key is not in `groups` (the schema requires one; a programming error).
 */
export function buttonFields(values: ButtonFormValues, groups: ButtonTargetGroups): ButtonFields {
  const target = findTarget(groups, values.target);
  if (!target) throw new Error(`buttonFields: unknown target ${values.target}`);
  return {
    type: target.type,
    targetId: target.id,
    name: values.name.trim(),
    featured: values.featured,
    videoEndListener: values.videoEndListener,
    videoEndAutoplay: autoplayOffered(target) && values.videoEndListener ? values.videoEndAutoplay : false,
    trackConversion: values.trackConversion,
  };
}
