/** The content tab's drop → edit mapping (spec 001 §4 "Slides and actions": drag between INTRO and SLIDE, reorder slides and actions). */
import { describe, expect, it } from 'vitest';
import type { OpsContent } from '../../../../machines/editor/content.ops';
import { applyDrop, dropOp, parseDragId, sectionDragId } from './content.dnd';

const slide = (id: number, category: 'INTRO' | 'SLIDE' = 'SLIDE') => ({ id, name: `S${id}`, category, type: 'VIDEO' as const, videoId: 1, imageId: null, options: [] });
const action = (id: number) => ({ id, name: `A${id}`, type: 'POST_MESSAGE' as const, value: 'x' });
const doc = (): OpsContent =>
  ({
    slides: [slide(1, 'INTRO'), slide(2), slide(3), slide(4)],
    actions: [action(5), action(6), action(7)],
  }) as unknown as OpsContent;
const order = (c: OpsContent | null) => c?.slides.map((s) => `${s.id}${s.category === 'INTRO' ? '*' : ''}`).join(' ');
const actionOrder = (c: OpsContent | null) => c?.actions.map((a) => a.id).join(' ');

describe('parseDragId', () => {
  it('reads the ids the tab makes and nothing else', () => {
    expect(parseDragId('slide:3')).toEqual({ kind: 'slide', id: 3 });
    expect(parseDragId('action:12')).toEqual({ kind: 'action', id: 12 });
    expect(parseDragId('section:INTRO')).toEqual({ kind: 'section', section: 'INTRO' });
    for (const bad of ['section:FOO', 'slide:0', 'slide:x', 'card:1', '', null, undefined, 7]) expect(parseDragId(bad as never)).toBeNull();
  });
});

describe('dropOp / applyDrop', () => {
  it('reorders slides within Slides: the dragged slide takes the position of the card it is dropped on', () => {
    expect(dropOp(doc(), 'slide:4', 'slide:2')).toEqual({ type: 'moveSlide', slideId: 4, to: { section: 'SLIDE', index: 0 } });
    expect(order(applyDrop(doc(), 'slide:4', 'slide:2'))).toBe('1* 4 2 3');
    expect(order(applyDrop(doc(), 'slide:2', 'slide:4'))).toBe('1* 3 4 2');
    expect(order(applyDrop(doc(), 'slide:2', 'slide:3'))).toBe('1* 3 2 4');
  });

  it('a slide dropped on the intro card or the Intro section becomes the intro; the old intro leads the Slides', () => {
    expect(order(applyDrop(doc(), 'slide:3', 'slide:1'))).toBe('3* 1 2 4');
    expect(order(applyDrop(doc(), 'slide:4', sectionDragId('INTRO')))).toBe('4* 1 2 3');
  });

  it('into an empty Intro section (no intro yet) the slide becomes the intro', () => {
    const c = { ...doc(), slides: [slide(2), slide(3)] } as unknown as OpsContent;
    expect(order(applyDrop(c, 'slide:3', 'section:INTRO'))).toBe('3* 2');
  });

  it('the intro dropped among the Slides is demoted there, leaving no intro', () => {
    expect(order(applyDrop(doc(), 'slide:1', 'slide:3'))).toBe('2 1 3 4');
    expect(order(applyDrop(doc(), 'slide:1', 'section:SLIDE'))).toBe('2 3 4 1');
  });

  it('a slide dropped on the Slides section goes last; already last changes nothing', () => {
    expect(order(applyDrop(doc(), 'slide:2', 'section:SLIDE'))).toBe('1* 3 4 2');
    expect(applyDrop(doc(), 'slide:4', 'section:SLIDE')).toBeNull();
  });

  it('reorders actions within Actions', () => {
    expect(actionOrder(applyDrop(doc(), 'action:7', 'action:5'))).toBe('7 5 6');
    expect(actionOrder(applyDrop(doc(), 'action:5', 'action:6'))).toBe('6 5 7');
    expect(actionOrder(applyDrop(doc(), 'action:5', 'section:ACTIONS'))).toBe('6 7 5');
    expect(applyDrop(doc(), 'action:7', 'section:ACTIONS')).toBeNull();
  });

  it('changes nothing across kinds, on itself, without a target, or for an item that is gone', () => {
    for (const [active, over] of [
      ['slide:2', 'action:5'],
      ['slide:2', 'section:ACTIONS'],
      ['action:5', 'slide:2'],
      ['action:5', 'section:INTRO'],
      ['action:5', 'section:SLIDE'],
      ['slide:2', 'slide:2'],
      ['slide:1', 'slide:1'],
      ['slide:1', 'section:INTRO'],
      ['slide:2', null],
      ['slide:99', 'slide:2'],
      ['slide:2', 'slide:99'],
      ['action:99', 'action:5'],
      ['section:SLIDE', 'slide:2'],
    ] as const) {
      expect(dropOp(doc(), active, over), `${active} over ${over}`).toBeNull();
    }
  });

  it('keeps every other field of the content', () => {
    const c = { ...doc(), theme: { textColor: '#fff' }, settings: { language: 'fi' } } as unknown as OpsContent;
    const next = applyDrop(c, 'slide:4', 'slide:2')!;
    expect(next.theme).toEqual({ textColor: '#fff' });
    expect(next.settings).toEqual({ language: 'fi' });
    expect(next.actions).toBe(c.actions);
  });
});
