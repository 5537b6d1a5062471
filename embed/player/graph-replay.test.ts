/**
 * The bot's graph replayed in the real player (issue 12 Tests: "the model-based paths of a compiled
 * bot (issue 7's graph) replayed in the real player: every path reaches its end slide"). For every
 * edge of the compiled chart reachable from the start (`vidbotEdges`, xstate/graph — test-only, never
 * in the bundle), the player is mounted, the shortest path to the edge's source is replayed by
 * clicking the buttons / ending the video, then the edge itself, and the player must show the edge's
 * target slide (or the closing screen). Bots: the demo fixture and the seeded sample tour.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Links open nowhere in this test (the sample's external link): only where the player goes matters.
vi.mock('./actions', async (importOriginal) => ({ ...(await importOriginal<object>()), openExternalLink: () => 'opened' }));
import { mountPlayer, type PlayerHandle } from './index';
import { demoVidbot } from '../../machines/vidbot/vidbot.fixtures';
import { serializeVidbotState, vidbotEdges, vidbotShortestPaths } from '../../machines/vidbot/vidbot.analysis';
import { slideIdOfState } from '../../machines/vidbot/vidbot.machine';
import type { PlayerBot } from '../../machines/vidbot/vidbot.types';
import { SAMPLE_ACTIONS, SAMPLE_BOT_NAME, SAMPLE_SLIDES } from '../../server/src/db/sample.content';

const sampleBot: PlayerBot = {
  id: 1,
  name: SAMPLE_BOT_NAME,
  actions: SAMPLE_ACTIONS,
  slides: SAMPLE_SLIDES.map((s) => ({
    id: s.id,
    name: s.name,
    category: s.category,
    type: s.type,
    options: s.options,
    videoUrl: s.type === 'VIDEO' ? `/files/${s.file}` : null,
    imageUrl: s.type === 'IMAGE' ? `/files/${s.file}` : null,
  })),
};

let container: HTMLElement;
let handle: PlayerHandle | null = null;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  handle?.destroy();
  handle = null;
  container.remove();
  vi.restoreAllMocks();
});

/** Performs one chart event in the mounted player the way a viewer does. */
function perform(root: ShadowRoot, type: string): void {
  if (type === 'video.end') {
    const video = root.querySelector('video');
    if (!video) throw new Error('video.end on a slide without video');
    video.dispatchEvent(new Event('ended'));
    return;
  }
  const optionId = /^button\.(\d+)$/.exec(type)?.[1];
  const button = root.querySelector<HTMLButtonElement>(`.vb-option[data-option-id="${optionId}"]`);
  if (!button || button.closest('[hidden]')) throw new Error(`no visible button for ${type}`);
  button.click();
}

/** What the player shows: `slide-<id>` or `closed`. */
function shown(root: ShadowRoot): string {
  const slide = root.querySelector('[data-slide-id]');
  if (slide) return `slide-${slide.getAttribute('data-slide-id')}`;
  return root.querySelector('[data-control="restart"]') ? 'closed' : 'nothing';
}

describe.each([
  ['demo fixture', demoVidbot],
  ['sample tour', sampleBot],
])('the compiled graph of the %s, walked in the player', (_name, bot) => {
  const paths = vidbotShortestPaths(bot);
  const prefixes = new Map(paths.map((p) => [serializeVidbotState(p.state), p.steps.slice(1).map((s) => s.event.type)]));
  const edges = vidbotEdges(bot);

  it('has edges to walk', () => {
    expect(edges.length).toBeGreaterThanOrEqual(5);
  });

  it.each(edges.map((e) => [`${JSON.stringify(e.state.value)} --${e.event.type}--> ${JSON.stringify(e.nextState.value)}`, e] as const))('%s', (_label, edge) => {
    handle = mountPlayer(container, bot, { lang: 'en' });
    const root = handle.root;
    for (const type of prefixes.get(serializeVidbotState(edge.state)) ?? []) perform(root, type);
    expect(shown(root)).toBe(edge.state.value);
    perform(root, edge.event.type);
    const target = edge.nextState.value as string;
    expect(shown(root)).toBe(slideIdOfState(target) !== null ? target : 'closed');
  });
});
