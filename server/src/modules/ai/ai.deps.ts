/**
 * What the `ai.run` job (ai.job.ts) works with — the site fetcher and the generator — and their
 * production wiring (issue 16, architecture note decisions 3 and 4). Tests hand the runner test
 * doubles through `createAiRunHandler(() => ({ captureSite, generator }))`; the server uses
 * `productionAiRunDeps`, which loads:
 * - `captureSite(url, limits, signal): Promise<SiteCapture>` from ./ai.site (SSRF-safe fetch + parse);
 * - `createGenerator(env.ai): AiGenerator` from ./ai.generator (OpenAI-compatible when
 *   `OPENAI_BASE_URL` is set, else the extractive generator).
 * Both modules are loaded on the first job (not at start-up), and the generator is made once per
 * `AiEnv` object.
 */
import type { AiEnv, Env } from '../../env';
import type { AiGenerator, FetchLimits, SiteCapture } from './ai.types';

/** Fetches the start page and a few same-site navigation pages (ai.site.ts). Throws FetchRefusedError. */
export type CaptureSite = (url: string, limits: FetchLimits, signal?: AbortSignal) => Promise<SiteCapture>;

export interface AiRunDeps {
  captureSite: CaptureSite;
  generator: AiGenerator;
}

/** The fetch limits of `env.ai` (ai.fetch.ts; re-exported for the runner). */
export { AI_FETCH_MAX_REDIRECTS, fetchLimitsOf } from './ai.fetch';

const generators = new WeakMap<AiEnv, AiGenerator>();

/** The production fetcher and generator for this server's settings. */
export async function productionAiRunDeps(env: Pick<Env, 'ai'>): Promise<AiRunDeps> {
  // Loaded on the first job: jsdom and the keyword lexicons stay out of start-up and idle memory.
  const site: { captureSite: CaptureSite } = await import('./ai.site');
  const gen = await import('./ai.generator');
  let generator = generators.get(env.ai);
  if (!generator) {
    generator = gen.createGenerator(env.ai);
    generators.set(env.ai, generator);
  }
  return { captureSite: site.captureSite, generator };
}
