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

/** Redirects the fetcher follows at most (issue 16 "also after each redirect, at most 5"). */
export const AI_FETCH_MAX_REDIRECTS = 5;

/** The fetch limits of `env.ai` (AI_FETCH_ALLOWLIST, AI_FETCH_MAX_BYTES, AI_FETCH_TIMEOUT_MS). */
export function fetchLimitsOf(ai: AiEnv): FetchLimits {
  return { allowlist: ai.fetchAllowlist, maxBytes: ai.fetchMaxBytes, timeoutMs: ai.fetchTimeoutMs, maxRedirects: AI_FETCH_MAX_REDIRECTS };
}

const generators = new WeakMap<AiEnv, AiGenerator>();

/** The production fetcher and generator for this server's settings. */
export async function productionAiRunDeps(env: Pick<Env, 'ai'>): Promise<AiRunDeps> {
  // Helper B's and helper C's modules (issue 16); the lead drops these two @ts-ignore after the merge.
  // @ts-ignore -- ./ai.site is added by the ai-fetch branch
  const site = (await import('./ai.site')) as { captureSite: CaptureSite };
  // @ts-ignore -- ./ai.generator is added by the ai-gen branch
  const gen = (await import('./ai.generator')) as { createGenerator: (ai: AiEnv) => AiGenerator };
  let generator = generators.get(env.ai);
  if (!generator) {
    generator = gen.createGenerator(env.ai);
    generators.set(env.ai, generator);
  }
  return { captureSite: site.captureSite, generator };
}
