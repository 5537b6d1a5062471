/**
 * The bot's own graph (issue 11; machines/vidbot/vidbot.graph.ts): how long `botGraph` takes. The
 * editor's graph panel runs it on every change of the draft, and `GET /bot/{id}/graph` on every call,
 * so the figures that matter are a typical bot and the largest document the API accepts
 * (CONTENT_LIMITS: 200 slides × 20 buttons, 200 actions), plus the path count's worst case — a dense
 * loop the search can only leave through the intro, so it runs until its step budget.
 * Median and max of `runs` calls, ms, in this process (no server).
 */
import { botGraph, PATH_SEARCH_BUDGET } from '../machines/vidbot/vidbot.graph';
import type { Slide, SlideOption, VidbotAction, VidbotContent } from '../machines/vidbot/vidbot.types';

/** Deterministic pseudo-random numbers (mulberry32) so every run measures the same bots. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slide = (id: number, options: SlideOption[]): Slide => ({
  id,
  name: `Slide ${id}`,
  category: id === 1 ? 'INTRO' : 'SLIDE',
  type: 'VIDEO',
  options,
});

/** Five slides, a form, a link and a post message (the journey's bot). */
function typical(): VidbotContent {
  const b = (id: number, type: SlideOption['type'], targetId: number | null): SlideOption => ({ id, name: `B${id}`, type, targetId });
  return {
    slides: [
      slide(1, [b(1, 'SLIDE', 2), b(2, 'SLIDE', 3)]),
      slide(2, [b(1, 'REGULAR_FORM', 10), b(2, 'SLIDE', 4)]),
      slide(3, [b(1, 'EXTERNAL_LINK', 11), b(2, 'SLIDE', 4)]),
      slide(4, [b(1, 'POST_MESSAGE', 12), b(2, 'SLIDE', 5), b(3, 'SLIDE', 1)]),
      slide(5, [b(1, 'CLOSE_VIDBOT', null)]),
    ],
    actions: [
      { id: 10, name: 'Form', type: 'REGULAR_FORM' },
      { id: 11, name: 'Link', type: 'EXTERNAL_LINK' },
      { id: 12, name: 'Message', type: 'POST_MESSAGE' },
    ],
  };
}

/** The largest document: 200 slides × 20 buttons to random slides (1 in 10 starts one of 200 actions). */
function largest(): VidbotContent {
  const rnd = random(11);
  const actions: VidbotAction[] = Array.from({ length: 200 }, (_, i) => ({ id: 1000 + i, name: `Action ${i}`, type: 'POST_MESSAGE' }));
  const slides = Array.from({ length: 200 }, (_, i) =>
    slide(
      i + 1,
      Array.from({ length: 20 }, (_, j): SlideOption => {
        if (rnd() < 0.1) return { id: j + 1, name: `B${j}`, type: 'POST_MESSAGE', targetId: 1000 + Math.floor(rnd() * 200) };
        return { id: j + 1, name: `B${j}`, type: 'SLIDE', targetId: 1 + Math.floor(rnd() * 200) };
      }),
    ),
  );
  return { slides, actions };
}

/** 40 slides each pointing at 6 random others; only the intro has a way out (a close button). */
function denseLoop(): VidbotContent {
  const rnd = random(7);
  return {
    slides: Array.from({ length: 40 }, (_, i) => {
      const options: SlideOption[] = Array.from({ length: 6 }, (_, j) => ({ id: j + 1, name: `B${j}`, type: 'SLIDE', targetId: 1 + Math.floor(rnd() * 40) }));
      if (i === 0) options.push({ id: 7, name: 'Bye', type: 'CLOSE_VIDBOT', targetId: null });
      return slide(i + 1, options);
    }),
  };
}

function measure(content: VidbotContent, runs: number) {
  const times: number[] = [];
  let last = botGraph(content);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = botGraph(content);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, graph: last };
}

/** Logs the `botGraph` section of bench/RESULTS.md. */
export async function benchGraph(log: (s: string) => void): Promise<void> {
  log("## The bot's own graph (botGraph, in process)\n");
  log('| bot | slides | buttons | median ms | max ms | pathCount | capped |\n|---|---:|---:|---:|---:|---:|---|');
  for (const [name, content, runs] of [
    ['typical (5 slides, 3 actions)', typical(), 200],
    ['largest accepted (200 × 20 buttons, 200 actions)', largest(), 20],
    [`dense loop, exit only at the intro (search budget ${PATH_SEARCH_BUDGET} steps)`, denseLoop(), 20],
  ] as const) {
    const { median, max, graph } = measure(content, runs);
    const buttons = content.slides.reduce((n, s) => n + s.options.length, 0);
    log(`| ${name} | ${content.slides.length} | ${buttons} | ${median.toFixed(2)} | ${max.toFixed(2)} | ${graph.pathCount} | ${graph.pathCountCapped ? 'yes' : 'no'} |`);
  }
  log('');
}
