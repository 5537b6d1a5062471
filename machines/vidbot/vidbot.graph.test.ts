/**
 * The bot's own graph (issue 11 "The bot's own graph"): botGraph over hand-built bots — branching,
 * unreachable slides and actions, dead ends, loops and self-loops, deleted targets, and the path count
 * with its cap. Cross-checked against vidbot.analysis (xstate/graph) on the demo fixture.
 */
import { describe, expect, it } from 'vitest';
import { analyzeVidbot } from './vidbot.analysis';
import { demoVidbot } from './vidbot.fixtures';
import { botGraph, PATH_COUNT_CAP } from './vidbot.graph';
import type { Slide, SlideOption, VidbotAction, VidbotContent } from './vidbot.types';

let nextOption = 1;
const to = (targetId: number | null, type: SlideOption['type'] = 'SLIDE', extra: Partial<SlideOption> = {}): SlideOption => ({
  id: nextOption++,
  name: `${type} → ${targetId}`,
  type,
  targetId,
  ...extra,
});
const slide = (id: number, options: SlideOption[] = [], over: Partial<Slide> = {}): Slide => ({
  id,
  name: `Slide ${id}`,
  category: 'SLIDE',
  type: 'VIDEO',
  options,
  ...over,
});
const intro = (id: number, options: SlideOption[] = []) => slide(id, options, { category: 'INTRO' });
const action = (id: number, type: VidbotAction['type']): VidbotAction => ({ id, name: `Action ${id}`, type });

/**
 * A five-slide branching bot with a form, a link and a post message:
 *   1 (INTRO) → 2, → 3, video end → 2
 *   2 → form 10, → 4
 *   3 → link 11, → 4
 *   4 → post message 12, → close (no action), → 1 (back)
 *   5 → 1 (nothing leads here)          action 13 (share media): no button starts it
 */
const branching = (): VidbotContent => ({
  slides: [
    intro(1, [to(2), to(3), to(2, 'SLIDE', { videoEndListener: true })]),
    slide(2, [to(10, 'REGULAR_FORM'), to(4)]),
    slide(3, [to(11, 'EXTERNAL_LINK'), to(4)], { type: 'IMAGE' }),
    slide(4, [to(12, 'POST_MESSAGE'), to(null, 'CLOSE_VIDBOT'), to(1)]),
    slide(5, [to(1)]),
  ],
  actions: [action(10, 'REGULAR_FORM'), action(11, 'EXTERNAL_LINK'), action(12, 'POST_MESSAGE'), action(13, 'SHARE_MEDIA')],
});

describe('botGraph: nodes and edges', () => {
  it('has a node per slide and action, the closed end, and an edge per live button', () => {
    const graph = botGraph(branching());
    expect(graph.startSlideId).toBe(1);
    expect(graph.nodes.map((n) => n.id)).toEqual([
      'slide-1', 'slide-2', 'slide-3', 'slide-4', 'slide-5',
      'action-10', 'action-11', 'action-12', 'action-13', 'closed',
    ]);
    expect(graph.edges.map((e) => `${e.from}>${e.to}`)).toEqual([
      'slide-1>slide-2', 'slide-1>slide-3', 'slide-1>slide-2',
      'slide-2>action-10', 'slide-2>slide-4',
      'slide-3>action-11', 'slide-3>slide-4',
      'slide-4>action-12', 'slide-4>closed', 'slide-4>slide-1',
      'slide-5>slide-1',
    ]);
  });

  it('names each edge by its button and marks the video-end trigger', () => {
    const content = branching();
    const graph = botGraph(content);
    const videoEndButton = content.slides[0]!.options[2]!;
    const ends = graph.edges.filter((e) => e.videoEnd);
    expect(ends).toEqual([
      { from: 'slide-1', to: 'slide-2', slideId: 1, optionId: videoEndButton.id, name: videoEndButton.name, type: 'SLIDE', videoEnd: true },
    ]);
  });

  it('does not mark video end on an IMAGE slide (the chart has no video.end there)', () => {
    const graph = botGraph({ slides: [intro(1, [to(2, 'SLIDE', { videoEndListener: true })]), slide(2, [], { type: 'IMAGE' })] });
    expect(graph.edges.map((e) => e.videoEnd)).toEqual([true]);
    const imageIntro = botGraph({ slides: [slide(1, [to(2, 'SLIDE', { videoEndListener: true })], { category: 'INTRO', type: 'IMAGE' }), slide(2)] });
    expect(imageIntro.edges.map((e) => e.videoEnd)).toEqual([false]);
  });

  it('sends a CLOSE_VIDBOT button to the close action it names, else to the closed end', () => {
    const graph = botGraph({
      slides: [intro(1, [to(20, 'CLOSE_VIDBOT')]), slide(2, [to(null, 'CLOSE_VIDBOT')])],
      actions: [action(20, 'CLOSE_VIDBOT')],
    });
    expect(graph.edges.map((e) => `${e.from}>${e.to}`)).toEqual(['slide-1>action-20', 'slide-2>closed']);
    expect(graph.nodes.find((n) => n.id === 'closed')?.reachable).toBe(false);
    expect(graph.nodes.find((n) => n.id === 'action-20')?.reachable).toBe(true);
  });

  it('has no closed node when nothing closes the vidbot directly', () => {
    expect(botGraph({ slides: [intro(1, [to(2)]), slide(2)] }).nodes.map((n) => n.kind)).toEqual(['slide', 'slide']);
  });
});

describe('botGraph: unreachable slides and actions', () => {
  it('finds a slide nothing leads to, even when it points back', () => {
    expect(botGraph(branching()).unreachable.slideIds).toEqual([5]);
  });

  it('finds an action no reachable button starts', () => {
    const content = branching();
    expect(botGraph(content).unreachable.actionIds).toEqual([13]);
    // Only the unreachable slide 5 starts action 13: still unreachable.
    content.slides[4]!.options.push(to(13, 'SHARE_MEDIA'));
    expect(botGraph(content).unreachable).toEqual({ slideIds: [5], actionIds: [13] });
    // A reachable slide starts it: reachable.
    content.slides[3]!.options.push(to(13, 'SHARE_MEDIA'));
    expect(botGraph(content).unreachable).toEqual({ slideIds: [5], actionIds: [] });
  });

  it('starts from the INTRO slide wherever it is, else from the first slide', () => {
    const graph = botGraph({ slides: [slide(1, [to(2)]), slide(2), intro(3, [to(2)])] });
    expect(graph.startSlideId).toBe(3);
    expect(graph.unreachable.slideIds).toEqual([1]);
    const noIntro = botGraph({ slides: [slide(1, [to(2)]), slide(2), slide(3)] });
    expect(noIntro.startSlideId).toBe(1);
    expect(noIntro.unreachable.slideIds).toEqual([3]);
  });

  it('reports every action unreachable and nothing else for content without slides', () => {
    const graph = botGraph({ slides: [], actions: [action(1, 'POST_MESSAGE')] });
    expect(graph).toMatchObject({
      startSlideId: null,
      edges: [],
      unreachable: { slideIds: [], actionIds: [1] },
      deadEnds: [],
      loops: [],
      pathCount: 0,
      pathCountCapped: false,
    });
  });
});

describe('botGraph: dead ends', () => {
  it('is a slide with no button at all', () => {
    const graph = botGraph({ slides: [intro(1, [to(2), to(3)]), slide(2), slide(3, [to(1)])] });
    expect(graph.deadEnds).toEqual([2]);
  });

  it('is a slide whose only buttons replay it or lead to deleted targets', () => {
    const graph = botGraph({
      slides: [intro(1, [to(2), to(3)]), slide(2, [to(2), to(99)]), slide(3, [to(404, 'REGULAR_FORM'), to(null, 'POST_MESSAGE')])],
    });
    expect(graph.deadEnds).toEqual([2, 3]);
  });

  it('is not a slide with an action or a close button, and dead ends count unreachable slides too', () => {
    const graph = botGraph({
      slides: [intro(1, [to(7, 'EXTERNAL_LINK')]), slide(2, [to(null, 'CLOSE_VIDBOT')]), slide(3)],
      actions: [action(7, 'EXTERNAL_LINK')],
    });
    expect(graph.deadEnds).toEqual([3]);
    expect(graph.unreachable.slideIds).toEqual([2, 3]);
  });

  it('agrees with vidbot.analysis (xstate/graph) on the demo fixture', () => {
    const graph = botGraph(demoVidbot);
    const analysis = analyzeVidbot(demoVidbot);
    expect(graph.unreachable.slideIds).toEqual(analysis.unreachableSlideIds);
    expect(graph.deadEnds).toEqual(analysis.deadEnds);
    expect(graph.deletedTargets.map(({ slideId, optionId }) => ({ slideId, optionId }))).toEqual(analysis.deletedOptions);
  });
});

describe('botGraph: loops', () => {
  it('lists each cycle of slides once, in content order', () => {
    const graph = botGraph(branching());
    // 1 → 2 → 4 → 1 and 1 → 3 → 4 → 1 share slides: one strongly connected group.
    expect(graph.loops).toEqual([[1, 2, 3, 4]]);
    expect(graph.trapLoops).toEqual([]);
  });

  it('lists separate loops separately and a self-loop as a one-slide loop', () => {
    const graph = botGraph({
      slides: [intro(1, [to(2), to(3)]), slide(2, [to(1)]), slide(3, [to(3), to(4)]), slide(4, [to(5)]), slide(5, [to(4)])],
    });
    expect(graph.loops).toEqual([[1, 2], [3], [4, 5]]);
    // 4 ↔ 5 has no way out; 3 replays itself but can move on to 4, so it is no dead end.
    expect(graph.trapLoops).toEqual([[4, 5]]);
    expect(graph.deadEnds).toEqual([]);
  });

  it('keeps a self-loop that is the only button as a loop and a dead end, not a trap loop', () => {
    const graph = botGraph({ slides: [intro(1, [to(2)]), slide(2, [to(2)])] });
    expect(graph.loops).toEqual([[2]]);
    expect(graph.deadEnds).toEqual([2]);
    expect(graph.trapLoops).toEqual([]);
  });
});

describe('botGraph: path count', () => {
  it('counts simple paths from the intro to actions, the closed end and dead ends', () => {
    // 1→2→form, 1→2→4→msg, 1→2→4→close, 1→3→link, 1→3→4→msg, 1→3→4→close (4→1 revisits the intro).
    expect(botGraph(branching())).toMatchObject({ pathCount: 6, pathCountCapped: false });
  });

  it('counts two buttons for the same move once and ignores paths that cannot end', () => {
    const graph = botGraph({
      slides: [intro(1, [to(2), to(2), to(3)]), slide(2, [to(4)]), slide(3, [to(4), to(2)]), slide(4, [to(1)]), slide(5)],
    });
    // No end is reachable: 4 only leads back to the intro.
    expect(graph.pathCount).toBe(0);
    expect(graph.trapLoops).toEqual([[1, 2, 3, 4]]);
    const withEnd = botGraph({
      slides: [intro(1, [to(2), to(2), to(3)]), slide(2, [to(4)]), slide(3, [to(4), to(2)]), slide(4, [to(1), to(5)]), slide(5)],
    });
    // 1→2→4→5, 1→3→4→5, 1→3→2→4→5
    expect(withEnd.pathCount).toBe(3);
    expect(withEnd.deadEnds).toEqual([5]);
  });

  it('is 1 for a lone intro (itself a dead end)', () => {
    expect(botGraph({ slides: [intro(1)] })).toMatchObject({ pathCount: 1, deadEnds: [1] });
  });

  /** `layers` layers of two slides, each slide pointing at both of the next layer; the last layer closes: 2^layers paths. */
  const ladder = (layers: number): VidbotContent => {
    const slides: Slide[] = [intro(1, [to(2), to(3)])];
    for (let layer = 0; layer < layers; layer++) {
      for (const k of [0, 1]) {
        const id = 2 + layer * 2 + k;
        const last = layer === layers - 1;
        slides.push(slide(id, last ? [to(null, 'CLOSE_VIDBOT')] : [to(id + 2 - k), to(id + 3 - k)]));
      }
    }
    return { slides };
  };

  it('counts exactly below the cap', () => {
    expect(botGraph(ladder(13))).toMatchObject({ pathCount: 2 ** 13, pathCountCapped: false });
  });

  it('stops at the search budget in a dense loop, still counting the ends next to the start', () => {
    // 30 slides, each pointing at every other; only the intro can close. The simple paths through the
    // loop are astronomically many and none ends, so the search runs out of budget.
    const slides = Array.from({ length: 30 }, (_, i) =>
      slide(
        i + 1,
        Array.from({ length: 30 }, (_, j) => j + 1)
          .filter((j) => j !== i + 1)
          .map((j) => to(j)),
        { category: i === 0 ? 'INTRO' : 'SLIDE' },
      ),
    );
    slides[0]!.options.push(to(null, 'CLOSE_VIDBOT'));
    expect(botGraph({ slides })).toMatchObject({ pathCount: 1, pathCountCapped: true, deadEnds: [], trapLoops: [] });
  });

  it('stops at the cap and says so', () => {
    expect(2 ** 14).toBeGreaterThan(PATH_COUNT_CAP);
    expect(botGraph(ladder(14))).toMatchObject({ pathCount: PATH_COUNT_CAP, pathCountCapped: true });
  });
});

describe('botGraph: deleted targets', () => {
  it('lists SLIDE buttons to missing slides and action buttons to missing actions, with no edge', () => {
    const content: VidbotContent = {
      slides: [intro(1, [to(2), to(9), to(30, 'REGULAR_FORM'), to(31, 'EXTERNAL_LINK'), to(null, 'SHARE_MEDIA')]), slide(2, [to(31, 'EXTERNAL_LINK')])],
      actions: [action(31, 'EXTERNAL_LINK')],
    };
    const [toTwo, toNine, toForm, , toNothing] = content.slides[0]!.options;
    const graph = botGraph(content);
    expect(graph.deletedTargets).toEqual([
      { slideId: 1, optionId: toNine!.id, targetId: 9, targetKind: 'slide' },
      { slideId: 1, optionId: toForm!.id, targetId: 30, targetKind: 'action' },
      { slideId: 1, optionId: toNothing!.id, targetId: null, targetKind: 'action' },
    ]);
    expect(graph.edges.map((e) => e.optionId)).not.toContain(toNine!.id);
    expect(graph.edges.filter((e) => e.slideId === 1).map((e) => e.optionId)).toEqual([toTwo!.id, content.slides[0]!.options[3]!.id]);
  });

  it('turns a slide into a dead end once the slide its only button pointed at is deleted', () => {
    const content: VidbotContent = { slides: [intro(1, [to(2)]), slide(2, [to(3)]), slide(3, [to(null, 'CLOSE_VIDBOT')])] };
    expect(botGraph(content).deadEnds).toEqual([]);
    const deleted = { slides: content.slides.filter((s) => s.id !== 3) };
    expect(botGraph(deleted)).toMatchObject({ deadEnds: [2], deletedTargets: [{ slideId: 2, targetId: 3, targetKind: 'slide' }] });
  });

  it('tolerates slides without options (a draft read from storage)', () => {
    const content = { slides: [{ id: 1, name: 'Bare', category: 'INTRO', type: 'IMAGE' }] } as unknown as VidbotContent;
    expect(botGraph(content)).toMatchObject({ deadEnds: [1], pathCount: 1 });
  });
});
