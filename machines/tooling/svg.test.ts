import { describe, expect, it } from 'vitest';
import { describeMachine } from './chart';
import { diagramTestMachine } from './diagram.fixture';
import { layoutChart, textWidth, wrapText } from './layout';
import { chartSvg, num, renderSvg } from './svg';

const chart = describeMachine(diagramTestMachine);
const layout = await layoutChart(chart);
const svg = renderSvg(chart, layout, 'demo', 'Demo <upload>');
const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
const root = doc.documentElement;

const box = (stateId: string) => {
  const rect = doc.querySelector(`[data-state-id="${stateId}"] > rect.state-box`)!;
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
  return { x: x!, y: y!, width: width!, height: height! };
};
const inside = (inner: ReturnType<typeof box>, outer: ReturnType<typeof box>) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

describe('SVG writer', () => {
  it('follows the root contract: size, role, title, data-machine', () => {
    expect(root.tagName.toLowerCase()).toBe('svg');
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(root.getAttribute('role')).toBe('img');
    expect(root.getAttribute('data-machine')).toBe('demo');
    expect(root.getAttribute('aria-labelledby')).toBe('machine-demo-title');
    const width = Number(root.getAttribute('width'));
    const height = Number(root.getAttribute('height'));
    expect(width).toBeGreaterThan(100);
    expect(root.getAttribute('viewBox')).toBe(`0 0 ${width} ${height}`);
    const title = doc.getElementById('machine-demo-title')!;
    expect(title.tagName.toLowerCase()).toBe('title');
    expect(title.textContent).toBe('Demo <upload>');
  });

  it('has no style element or attribute, only presentation attributes, and one-decimal numbers', () => {
    expect(svg).not.toMatch(/<style|\sstyle=/);
    expect(svg).not.toMatch(/\d\.\d{2,}/);
    expect(svg).not.toMatch(/="-0"/);
    expect(num(1.25)).toBe('1.3');
    expect(num(-0.01)).toBe('0');
  });

  it('draws one group per state, nested like the chart, with its type as class', () => {
    for (const state of chart.states) {
      const groups = doc.querySelectorAll(`g[data-state-id="${state.id}"]`);
      expect(groups, state.id).toHaveLength(1);
      const group = groups[0]!;
      expect(group.getAttribute('class')!.split(' ')).toEqual(expect.arrayContaining(['state', `state-${state.type}`]));
      const parent = group.parentElement!.closest('g[data-state-id]');
      expect(parent?.getAttribute('data-state-id') ?? null, state.id).toBe(state.parent);
      if (state.parent) expect(inside(box(state.id), box(state.parent)), state.id).toBe(true);
    }
  });

  it('shows the heading, the invoked service, the description, final states and dashed regions', () => {
    expect(doc.querySelector('[data-state-id="demo.sending"] > text.state-name')!.textContent).toBe('sending');
    expect(doc.querySelector('[data-state-id="demo.sending"] > text.state-invoke')!.textContent).toBe('invoke: uploadFile');
    const description = [...doc.querySelectorAll('[data-state-id="demo.idle"] > text.state-description')].map((t) => t.textContent).join(' ');
    expect(description).toBe('Nothing is happening yet: the person picks a file to send.');
    expect(doc.querySelector('[data-state-id="demo.idle"] > title')!.textContent).toContain('the person picks a file');
    for (const id of ['demo.done', 'demo.failed', 'demo.cancelled']) expect(doc.querySelector(`[data-state-id="${id}"] > rect.state-box-inner`), id).not.toBeNull();
    expect(doc.querySelector('[data-state-id="demo.idle"] > rect.state-box-inner')).toBeNull();
    for (const id of ['demo.watching.video', 'demo.watching.chat']) {
      const region = doc.querySelector(`[data-state-id="${id}"]`)!;
      expect(region.getAttribute('class')).toContain('region');
      expect(region.querySelector(':scope > rect.state-box')!.getAttribute('stroke-dasharray')).toBeTruthy();
    }
    expect(doc.querySelector('[data-state-id="demo.watching"] > rect.state-box')!.getAttribute('stroke-dasharray')).toBeNull();
  });

  it('draws one group per transition with its label; a targetless one as a line in its state', () => {
    for (const t of chart.transitions) expect(doc.querySelectorAll(`g.transition[data-transition-id="${t.id}"]`), t.id).toHaveLength(1);
    const label = (id: string) => doc.querySelector(`[data-transition-id="${id}"] text.transition-label`)!.textContent;
    expect(label('demo.waiting|xstate.after.2000.demo.waiting|0')).toBe('after 2000 ms');
    expect(label('demo.sending|xstate.done.actor.upload|0')).toBe('done: uploadFile');
    expect(label('demo.sending|xstate.error.actor.upload|0')).toBe('error: uploadFile [hasRetriesLeft]');
    expect(doc.querySelector('[data-transition-id="demo.sending|xstate.error.actor.upload|0"] tspan.transition-guard')!.textContent).toBe(' [hasRetriesLeft]');
    expect(label('demo.idle|pick|0')).toBe('pick [isStep(step: a{b}"c)]');
    const internal = doc.querySelector('[data-transition-id="demo.sending|progress|0"]')!;
    expect(internal.getAttribute('class')).toContain('transition-internal');
    expect(internal.querySelector('path')).toBeNull();
    expect(internal.querySelector('text')!.textContent).toBe('on progress / recordProgress');
    const sending = box('demo.sending');
    const y = Number(internal.querySelector('text')!.getAttribute('y'));
    expect(y).toBeGreaterThan(sending.y);
    expect(y).toBeLessThan(sending.y + sending.height);
  });

  it('routes edges from the source border to the target border, the root-level one from the root', () => {
    const ends = (id: string) => {
      const d = doc.querySelector(`[data-transition-id="${id}"] path.transition-arrow`)!.getAttribute('d')!;
      const [x, y] = d.slice(1).split(' ').map(Number);
      return { x: x!, y: y! };
    };
    const near = (p: { x: number; y: number }, b: ReturnType<typeof box>) =>
      p.x >= b.x - 1 && p.x <= b.x + b.width + 1 && p.y >= b.y - 1 && p.y <= b.y + b.height + 1 &&
      (Math.abs(p.x - b.x) <= 1 || Math.abs(p.x - b.x - b.width) <= 1 || Math.abs(p.y - b.y) <= 1 || Math.abs(p.y - b.y - b.height) <= 1);
    expect(near(ends('demo.idle|pick|0'), box('demo.sending'))).toBe(true);
    expect(near(ends('demo.watching|finish|0'), box('demo.done'))).toBe(true);
    expect(near(ends('demo|cancel|0'), box('demo.cancelled'))).toBe(true);
    const cancel = doc.querySelector('[data-transition-id="demo|cancel|0"] path.transition-path')!.getAttribute('d')!;
    const [sx, sy] = cancel.slice(1).split(' ').map(Number);
    const demo = box('demo');
    expect(Math.abs(sy! - demo.y) <= 1 || Math.abs(sx! - demo.x) <= 1 || Math.abs(sx! - demo.x - demo.width) <= 1).toBe(true);
  });

  it('marks the initial child of every compound state', () => {
    const initials = [...doc.querySelectorAll('g.initial')].map((g) => g.getAttribute('data-initial-of'));
    expect(initials.sort()).toEqual(['demo', 'demo.watching.chat', 'demo.watching.video']);
    expect(doc.querySelector('g.initial[data-initial-of="demo"] circle')).not.toBeNull();
  });

  it('is deterministic', async () => {
    expect(await chartSvg(describeMachine(diagramTestMachine), 'demo', 'Demo <upload>')).toBe(svg);
  });

  it('measures and wraps text', () => {
    expect(textWidth('mmmm', 12)).toBeGreaterThan(textWidth('iiii', 12));
    expect(wrapText('one two three four five six', 11, 60).length).toBeGreaterThan(1);
    expect(wrapText('one two three four five six', 11, 60).join(' ')).toBe('one two three four five six');
  });
});
