import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  buttonEvent,
  compileVidbot,
  slideIdOfState,
  slideStateName,
  type VidbotActionRequested,
} from './vidbot.machine';
import { analyzeVidbot, vidbotEdges, vidbotShortestPaths } from './vidbot.analysis';
import { selectCanPress, selectCurrentSlide, selectIsClosed, selectLiveOptions, selectPath } from './vidbot.selectors';
import { demoVidbot } from './vidbot.fixtures';
import type { VidbotContent } from './vidbot.types';

function run(content: VidbotContent, startSlideId?: number) {
  return createActor(compileVidbot(content, { startSlideId })).start();
}

describe('compileVidbot: start slide', () => {
  it('starts on the INTRO slide', () => {
    const actor = run(demoVidbot);
    expect(actor.getSnapshot().value).toBe('slide-1');
    expect(selectCurrentSlide(actor.getSnapshot(), demoVidbot)?.name).toBe('Welcome');
  });

  it('starts on slide_id when that slide exists, else falls back to the INTRO slide', () => {
    expect(run(demoVidbot, 3).getSnapshot().value).toBe('slide-3');
    expect(run(demoVidbot, 42).getSnapshot().value).toBe('slide-1');
  });

  it('starts on the first slide when there is no INTRO slide', () => {
    const content: VidbotContent = {
      slides: demoVidbot.slides.map((s) => ({ ...s, category: 'SLIDE' as const })).slice(1),
    };
    expect(run(content).getSnapshot().value).toBe('slide-2');
  });

  it('content without slides is the final state `empty`', () => {
    const snapshot = run({ slides: [] }).getSnapshot();
    expect(snapshot.value).toBe('empty');
    expect(snapshot.status).toBe('done');
  });
});

describe('compileVidbot: buttons and video end', () => {
  it('a SLIDE button moves to its target and the path records it', () => {
    const actor = run(demoVidbot);
    actor.send(buttonEvent(1));
    expect(actor.getSnapshot().value).toBe('slide-2');
    expect(actor.getSnapshot().hasTag('image')).toBe(true);
    expect(selectPath(actor.getSnapshot())).toEqual([1, 2]);
  });

  it('video.end follows the slide’s video-end button', () => {
    const actor = run(demoVidbot);
    actor.send({ type: 'video.end' });
    expect(actor.getSnapshot().value).toBe('slide-3');
  });

  it('video.end does nothing on a slide without a video-end button', () => {
    const actor = run(demoVidbot, 3);
    actor.send({ type: 'video.end' });
    expect(actor.getSnapshot().value).toBe('slide-3');
    expect(selectPath(actor.getSnapshot())).toEqual([3]);
  });

  it('CLOSE_VIDBOT ends the machine in `closed`', () => {
    const actor = run(demoVidbot);
    actor.send(buttonEvent(3));
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('closed');
    expect(snapshot.status).toBe('done');
    expect(selectIsClosed(snapshot)).toBe(true);
    expect(selectCurrentSlide(snapshot, demoVidbot)).toBeNull();
  });

  it('an action button emits action.requested and stays on the slide', () => {
    const actor = run(demoVidbot);
    const emitted: VidbotActionRequested[] = [];
    actor.on('action.requested', (event) => emitted.push(event));
    actor.send(buttonEvent(4));
    expect(actor.getSnapshot().value).toBe('slide-1');
    expect(emitted).toEqual([
      { type: 'action.requested', slideId: 1, optionId: 4, optionType: 'EXTERNAL_LINK', actionId: 10, trigger: 'button' },
    ]);
  });

  it('a button whose target slide is gone is not live and its event is ignored', () => {
    const actor = run(demoVidbot, 2);
    const product = demoVidbot.slides[1]!;
    expect(selectLiveOptions(product, demoVidbot).map((o) => o.id)).toEqual([5]);
    expect(selectCanPress(actor.getSnapshot(), 6)).toBe(false);
    actor.send(buttonEvent(6));
    expect(actor.getSnapshot().value).toBe('slide-2');
  });

  it('buttons of another slide are ignored', () => {
    const actor = run(demoVidbot, 2);
    expect(selectCanPress(actor.getSnapshot(), 3)).toBe(false);
    actor.send(buttonEvent(3));
    expect(actor.getSnapshot().value).toBe('slide-2');
  });

  it('a button to its own slide re-enters it', () => {
    const actor = run(demoVidbot, 3);
    actor.send(buttonEvent(7));
    expect(actor.getSnapshot().value).toBe('slide-3');
    expect(selectPath(actor.getSnapshot())).toEqual([3, 3]);
  });

  it('journey with a loop: Welcome → Product → Welcome → Pricing (video end)', () => {
    const actor = run(demoVidbot);
    actor.send(buttonEvent(1));
    actor.send(buttonEvent(5));
    actor.send({ type: 'video.end' });
    expect(actor.getSnapshot().value).toBe('slide-3');
    expect(selectPath(actor.getSnapshot())).toEqual([1, 2, 1, 3]);
  });
});

describe('graph paths', () => {
  const machine = compileVidbot(demoVidbot);

  it('shortest paths reach every reachable state, and replaying each path lands there', () => {
    const paths = vidbotShortestPaths(demoVidbot);
    const ends = paths.map((p) => p.state.value).sort();
    expect(ends).toEqual(['closed', 'slide-1', 'slide-2', 'slide-3']);
    for (const path of paths) {
      const actor = createActor(machine).start();
      for (const step of path.steps) actor.send(step.event);
      expect(actor.getSnapshot().value).toBe(path.state.value);
    }
  });

  it('every transition of the adjacency map behaves as compiled (transition coverage)', () => {
    const edges = vidbotEdges(demoVidbot);
    const covered = new Set(edges.map((e) => `${String(e.state.value)} ${e.event.type}`));
    // Every live button on every reachable slide, plus the video-end trigger of slide 1.
    expect([...covered].sort()).toEqual(
      [
        'slide-1 button.1',
        'slide-1 button.2',
        'slide-1 button.3',
        'slide-1 button.4',
        'slide-1 video.end',
        'slide-2 button.5',
        'slide-3 button.7',
      ].sort(),
    );
    const shortest = vidbotShortestPaths(demoVidbot);
    for (const edge of edges) {
      const from = shortest.find((p) => p.state.value === edge.state.value);
      expect(from).toBeDefined();
      const actor = createActor(machine).start();
      for (const step of from!.steps) actor.send(step.event);
      actor.send(edge.event);
      expect(actor.getSnapshot().value).toBe(edge.nextState.value);
    }
  });
});

describe('analyzeVidbot', () => {
  it('finds the unreachable slide, the dead end and the deleted button', () => {
    expect(analyzeVidbot(demoVidbot)).toEqual({
      unreachableSlideIds: [4],
      deadEnds: [3],
      deletedOptions: [{ slideId: 2, optionId: 6 }],
    });
  });

  it('a slide without buttons is a dead end; a slide with only an action button is not', () => {
    const content: VidbotContent = {
      slides: [
        {
          id: 1,
          name: 'A',
          category: 'INTRO',
          type: 'IMAGE',
          options: [
            { id: 1, name: 'to B', type: 'SLIDE', targetId: 2 },
            { id: 2, name: 'to C', type: 'SLIDE', targetId: 3 },
          ],
        },
        { id: 2, name: 'B', category: 'SLIDE', type: 'IMAGE', options: [] },
        { id: 3, name: 'C', category: 'SLIDE', type: 'IMAGE', options: [{ id: 3, name: 'Form', type: 'REGULAR_FORM', targetId: 5 }] },
      ],
      actions: [{ id: 5, name: 'Form', type: 'REGULAR_FORM' }],
    };
    expect(analyzeVidbot(content)).toEqual({ unreachableSlideIds: [], deadEnds: [2], deletedOptions: [] });
  });

  it('content without slides has nothing to report', () => {
    expect(analyzeVidbot({ slides: [] })).toEqual({ unreachableSlideIds: [], deadEnds: [], deletedOptions: [] });
  });
});

describe('state names', () => {
  it('round-trip slide ids', () => {
    expect(slideIdOfState(slideStateName(12))).toBe(12);
    expect(slideIdOfState('closed')).toBeNull();
  });
});
