/**
 * The button editor's form logic (buttonForm.ts; spec 001 §3 Slide option, §5 Button): grouped
 * targets, the name auto-fill, the schema, the fields handed to content.ops, and the §5 rules once
 * content.ops applies them (one video-end listener per slide, autoplay only for video targets).
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { addButton, updateButton } from '../../../../machines/editor/content.ops';
import type { BotAction } from '../vidbot.types';
import {
  autoFilledName,
  autoplayOffered,
  buttonFields,
  buttonFormSchema,
  buttonFormValues,
  buttonTargetKey,
  buttonTargets,
  findTarget,
  type ButtonFormValues,
} from './buttonForm';
import type { EditableSlide } from './slideForm';

const slide = (id: number, name: string, type: 'VIDEO' | 'IMAGE', options: EditableSlide['options'] = []): EditableSlide => ({
  id,
  name,
  category: id === 1 ? 'INTRO' : 'SLIDE',
  type,
  videoId: type === 'VIDEO' ? 100 + id : null,
  imageId: type === 'IMAGE' ? 200 + id : null,
  options,
  videoUrl: null,
  posterUrl: null,
  imageUrl: null,
  duration: null,
  captions: [],
});
const slides = [slide(1, 'Intro', 'VIDEO'), slide(2, 'Pricing', 'VIDEO'), slide(3, 'Photo', 'IMAGE')];
const actions = [
  { id: 4, name: 'Say hi', type: 'POST_MESSAGE', value: 'hi' },
  { id: 5, name: 'Contact us', type: 'REGULAR_FORM' },
  { id: 6, name: 'Close', type: 'CLOSE_VIDBOT' },
  { id: 7, name: 'Bye', type: 'POST_MESSAGE', value: 'bye' },
] as unknown as BotAction[];
const groups = buttonTargets(slides, actions, 1);

describe('buttonTargets', () => {
  it('lists the other slides, then the actions grouped by type in the spec’s order', () => {
    expect(groups.slides.map((t) => [t.key, t.name, t.slideType])).toEqual([
      ['SLIDE:2', 'Pricing', 'VIDEO'],
      ['SLIDE:3', 'Photo', 'IMAGE'],
    ]);
    expect(groups.actions.map((g) => [g.type, g.targets.map((t) => t.key)])).toEqual([
      ['REGULAR_FORM', ['ACTION:5']],
      ['POST_MESSAGE', ['ACTION:4', 'ACTION:7']],
      ['CLOSE_VIDBOT', ['ACTION:6']],
    ]);
  });

  it('finds a target by key, and keys a button by its type', () => {
    expect(findTarget(groups, 'ACTION:7')).toMatchObject({ kind: 'action', id: 7, type: 'POST_MESSAGE', name: 'Bye' });
    expect(findTarget(groups, 'SLIDE:1')).toBeUndefined();
    expect(buttonTargetKey({ type: 'SLIDE', targetId: 3 })).toBe('SLIDE:3');
    expect(buttonTargetKey({ type: 'REGULAR_FORM', targetId: 5 })).toBe('ACTION:5');
    expect(buttonTargetKey({ type: 'SLIDE', targetId: null })).toBe('');
  });

  it('offers autoplay only for a video slide target (spec 001 §5)', () => {
    expect(autoplayOffered(findTarget(groups, 'SLIDE:2'))).toBe(true);
    expect(autoplayOffered(findTarget(groups, 'SLIDE:3'))).toBe(false);
    expect(autoplayOffered(findTarget(groups, 'ACTION:4'))).toBe(false);
    expect(autoplayOffered(undefined)).toBe(false);
  });
});

describe('autoFilledName (spec 001 §5: the name auto-fills from the target)', () => {
  const pricing = findTarget(groups, 'SLIDE:2');
  const photo = findTarget(groups, 'SLIDE:3');
  it('fills an empty name and follows a name that was the previous target’s', () => {
    expect(autoFilledName('', undefined, pricing)).toBe('Pricing');
    expect(autoFilledName('Pricing', pricing, photo)).toBe('Photo');
  });
  it('keeps a name the person typed', () => {
    expect(autoFilledName('See prices', pricing, photo)).toBe('See prices');
    expect(autoFilledName('See prices', undefined, photo)).toBe('See prices');
  });
});

describe('buttonFormSchema', () => {
  const schema = buttonFormSchema({ targetRequired: 'TARGET', nameRequired: 'NAME', nameTooLong: 'LONG' });
  const ok: ButtonFormValues = { ...buttonFormValues(), target: 'SLIDE:2', name: 'Pricing' };
  const messages = (values: ButtonFormValues) => v.safeParse(schema, values).issues?.map((i) => `${v.getDotPath(i)}:${i.message}`) ?? [];
  it('requires a target and a name', () => {
    expect(messages(ok)).toEqual([]);
    expect(messages({ ...ok, target: '' })).toEqual(['target:TARGET']);
    expect(messages({ ...ok, name: '  ' })).toEqual(['name:NAME']);
    expect(messages({ ...ok, name: 'x'.repeat(256) })).toEqual(['name:LONG']);
  });
});

describe('buttonFields', () => {
  it('takes type and targetId from the target, trims the name, and drops autoplay without a video target or listener', () => {
    expect(
      buttonFields(
        { ...buttonFormValues(), target: 'ACTION:5', name: ' Contact ', trackConversion: true, videoEndAutoplay: true, videoEndListener: true },
        groups,
      ),
    ).toEqual({
      type: 'REGULAR_FORM',
      targetId: 5,
      name: 'Contact',
      featured: false,
      videoEndListener: true,
      videoEndAutoplay: false,
      trackConversion: true,
    });
    expect(buttonFields({ ...buttonFormValues(), target: 'SLIDE:2', name: 'P', videoEndListener: true, videoEndAutoplay: true }, groups).videoEndAutoplay).toBe(
      true,
    );
    expect(
      buttonFields({ ...buttonFormValues(), target: 'SLIDE:2', name: 'P', videoEndListener: false, videoEndAutoplay: true }, groups).videoEndAutoplay,
    ).toBe(false);
  });

  it('refuses an unknown target', () => {
    expect(() => buttonFields({ ...buttonFormValues(), target: 'SLIDE:99', name: 'x' }, groups)).toThrow(/unknown target/);
  });

  it('round-trips a stored button through the form values', () => {
    const stored = {
      id: 3,
      name: 'Go',
      type: 'SLIDE' as const,
      targetId: 2,
      featured: true,
      videoEndListener: true,
      videoEndAutoplay: true,
      trackConversion: true,
    };
    const { id: _id, ...rest } = stored;
    expect(buttonFields(buttonFormValues(stored), groups)).toEqual(rest);
  });
});

describe('the fields applied with content.ops (spec 001 §5)', () => {
  const content = { slides: structuredClone(slides), actions, theme: {}, settings: {} };

  it('a new video-end listener clears the slide’s other listener', () => {
    const first = addButton(content, 1, buttonFields({ ...buttonFormValues(), target: 'SLIDE:2', name: 'A', videoEndListener: true }, groups));
    if (first.error !== undefined) throw new Error(first.error);
    const second = addButton(first.content, 1, buttonFields({ ...buttonFormValues(), target: 'ACTION:4', name: 'B', videoEndListener: true }, groups));
    if (second.error !== undefined) throw new Error(second.error);
    expect(second.content.slides[0]!.options.map((o) => [o.name, o.type, o.targetId, o.videoEndListener])).toEqual([
      ['A', 'SLIDE', 2, false],
      ['B', 'POST_MESSAGE', 4, true],
    ]);
  });

  it('retargeting a button to an image slide drops its autoplay', () => {
    const first = addButton(
      content,
      1,
      buttonFields({ ...buttonFormValues(), target: 'SLIDE:2', name: 'A', videoEndListener: true, videoEndAutoplay: true }, groups),
    );
    if (first.error !== undefined) throw new Error(first.error);
    expect(first.content.slides[0]!.options[0]!.videoEndAutoplay).toBe(true);
    const retarget = updateButton(first.content, 1, 1, buttonFields({ ...buttonFormValues(first.content.slides[0]!.options[0]), target: 'SLIDE:3' }, groups));
    if (retarget.error !== undefined) throw new Error(retarget.error);
    expect(retarget.content.slides[0]!.options[0]).toMatchObject({ targetId: 3, videoEndListener: true });
    expect(retarget.content.slides[0]!.options[0]!.videoEndAutoplay ?? false).toBe(false);
  });
});
