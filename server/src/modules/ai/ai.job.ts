/**
 * The `ai.run` job (issue 16 "Generation on the server (jobs in the queue; progress written as the
 * statuses of §4)"; architecture note decision 2): payload `{ aiJobId }`, one URL analysis, script
 * generation or prompt generation of an `ai_jobs` row, writing its spec 001 §4 statuses as it goes.
 *
 * Walks (each status written once, in order, with a rough `progress` 0..1 for the progress bar; a
 * status the generator does not report is written when it reports a later one, so clients always
 * see the whole walk):
 * - analyze: queued → fetching_url (captureSite) → analyzing_content → analyzing_source →
 *   generating_suggestions → analyzing_navigation (generator.analyze) → validating_urls (this
 *   runner: navigation URLs made absolute against the start page, other than http(s) left out, fragment
 *   dropped, kept when same-site or seen on the site, duplicates removed) → completed → ready
 *   `AnalysisResult`;
 * - script: queued → generating_script (generator.script) → completed → ready `ScriptResult`
 *   (`sourceInfo` of the request + the script);
 * - prompt: queued → generating_script (generator.fromPrompt) → completed → ready `ScriptResult`
 *   (empty source keywords fall back to the prompt's first 5 words, spec 001 §9).
 *
 * Outcomes: a `FetchRefusedError` (its message, e.g. a private address), a `GeneratorError` (e.g. the
 * model's answer was invalid twice) or a generator answer that fails the ai.schemas.ts schema end
 * the job at once: `failed` with that English sentence. Anything else (a model endpoint down, a
 * database hiccup) is temporary: the row goes back to `queued` and the queue retries (createAiJob's
 * queue job has 2 attempts); after the last attempt `onFailed` writes `failed` with the error. A run
 * cut short by the worker stopping puts the row back to `queued` (the queue runs it again).
 */
import * as v from 'valibot';
import type { JobHandler, JobHandlers } from '../../jobs/queue';
import type { AppDeps } from '../../lib/context';
import { fetchLimitsOf, productionAiRunDeps, type AiRunDeps } from './ai.deps';
import { AI_RUN, findAiJob, updateAiJob, type AiJobRow } from './ai.repo';
import {
  AI_LIMITS,
  AnalysisResult,
  AnalyzeNavigationBody,
  GenerateScriptBody,
  PROMPT_FALLBACK_KEYWORDS,
  PromptBody,
  Script,
  ScriptResult,
  type AiJobStatusName,
  type NavigationLink,
} from './ai.schemas';
import { FetchRefusedError, GeneratorError, type SiteCapture, type StatusSink } from './ai.types';

/** The statuses an analysis walks after `queued`, in order (spec 001 §4). */
export const ANALYSIS_WALK = [
  'fetching_url',
  'analyzing_content',
  'analyzing_source',
  'generating_suggestions',
  'analyzing_navigation',
  'validating_urls',
  'completed',
  'ready',
] as const satisfies readonly AiJobStatusName[];
/** The statuses a script or prompt generation walks after `queued`. */
export const SCRIPT_WALK = ['generating_script', 'completed', 'ready'] as const satisfies readonly AiJobStatusName[];

/** `progress` written with each status (0..1, the share of the work done when it is entered). */
export const STATUS_PROGRESS: Partial<Record<AiJobStatusName, number>> = {
  queued: 0,
  fetching_url: 0.05,
  analyzing_content: 0.3,
  analyzing_source: 0.4,
  generating_suggestions: 0.5,
  analyzing_navigation: 0.7,
  validating_urls: 0.85,
  generating_script: 0.1,
  completed: 0.95,
  ready: 1,
};

/** How the runner gets its fetcher and generator (production: ai.deps.ts; tests: doubles). */
export type LoadAiRunDeps = (deps: AppDeps) => AiRunDeps | Promise<AiRunDeps>;

/** An error that ends the job as `failed` at once (retrying cannot help). */
function isFinal(err: unknown): err is Error {
  return err instanceof FetchRefusedError || err instanceof GeneratorError || (err instanceof Error && (err.name === 'FetchRefusedError' || err.name === 'GeneratorError'));
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Writes the statuses of `walk` in order: `advance(s)` writes every status after the current one up
 * to and including `s` (a status already passed, or not in the walk, is ignored).
 */
function statusWalker(walk: readonly AiJobStatusName[], write: (status: AiJobStatusName) => Promise<void>) {
  let at = -1;
  return async (status: AiJobStatusName, extra?: () => Promise<void>) => {
    const to = walk.indexOf(status);
    if (to <= at) return;
    while (at < to) {
      at += 1;
      const s = walk[at]!;
      if (s === status && extra) await extra();
      else await write(s);
    }
  };
}

/** Parses a generator's answer with the API schema; invalid → GeneratorError naming what and the first issue. */
function parseGenerated<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (r.success) return r.output;
  const first = r.issues[0];
  const path = first.path?.map((p) => String(p.key)).join('.');
  throw new GeneratorError(`The generator's answer was not a valid ${what} (${path ? `${path}: ` : ''}${first.message}).`);
}

/** Same site: equal hostnames, ignoring a leading `www.`. */
function sameSite(a: URL, b: URL): boolean {
  const host = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, '');
  return host(a) === host(b);
}

/**
 * The validating_urls step: navigation links made absolute against the start page (spec 001 §9
 * "Relative links from AI are made absolute against the source site"), http(s) only, without their
 * fragment; kept when on the site's host or linked from a captured page (so a model cannot invent
 * links to other sites); duplicates (same URL) removed, first kept; at most AI_LIMITS.navigationLinks.
 */
export function validateNavigationUrls(navigation: readonly NavigationLink[], site: SiteCapture): NavigationLink[] {
  const base = new URL(site.start.url);
  const seen = new Set<string>();
  for (const page of [site.start, ...site.pages]) {
    for (const link of page.links) {
      try {
        const u = new URL(link.url, page.url);
        u.hash = '';
        seen.add(u.href);
      } catch {
        // not a URL: ignore
      }
    }
  }
  const out: NavigationLink[] = [];
  const kept = new Set<string>();
  for (const link of navigation) {
    let u: URL;
    try {
      u = new URL(link.url.trim(), base);
    } catch {
      continue;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') continue;
    u.hash = '';
    if (!sameSite(u, base) && !seen.has(u.href)) continue;
    if (kept.has(u.href)) continue;
    kept.add(u.href);
    out.push({ ...link, url: u.href });
    if (out.length >= AI_LIMITS.navigationLinks) break;
  }
  return out;
}

/**
 * A generator's raw analysis with every `navigation[].url` string resolved against `base` (spec 001 §9
 * "Relative links from AI are made absolute against the source site") without its fragment; links that
 * are then not http(s) URLs (tel:, mailto:, unparsable) or repeat an earlier URL are left out, and at
 * most AI_LIMITS.navigationLinks kept — before the schema (which wants at most that many absolute
 * http(s) URLs) reads it. Anything else is left as it is.
 */
export function absoluteNavigationUrls(answer: unknown, base: string): unknown {
  if (typeof answer !== 'object' || answer === null || !Array.isArray((answer as { navigation?: unknown }).navigation)) return answer;
  const seen = new Set<string>();
  const navigation = (answer as { navigation: unknown[] }).navigation.flatMap((link) => {
    if (typeof link !== 'object' || link === null || typeof (link as { url?: unknown }).url !== 'string') return [link];
    try {
      const url = new URL((link as { url: string }).url.trim(), base);
      url.hash = '';
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || seen.has(url.href)) return [];
      seen.add(url.href);
      return [{ ...link, url: url.href }];
    } catch {
      return [];
    }
  });
  return { ...answer, navigation: navigation.slice(0, AI_LIMITS.navigationLinks) };
}

/** The first `PROMPT_FALLBACK_KEYWORDS` words of a prompt (spec 001 §9 prompt-wizard fallback keywords). */
export function promptFallbackKeywords(prompt: string): string[] {
  return prompt
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
    .slice(0, PROMPT_FALLBACK_KEYWORDS)
    .map((w) => w.slice(0, 60));
}

/** Runs one AI job; resolves with the `ready` result. Throws as described in the module comment. */
async function generate(deps: AppDeps, run: AiRunDeps, row: AiJobRow, signal: AbortSignal): Promise<Record<string, unknown>> {
  const write = (status: AiJobStatusName) => updateAiJob(deps.db, row.id, { status, progress: STATUS_PROGRESS[status] ?? 0 });
  const sinkOf = (advance: (s: AiJobStatusName) => Promise<void>): StatusSink => (status) => advance(status);
  const input = (schema: v.GenericSchema) => {
    const r = v.safeParse(schema, row.input);
    if (!r.success) throw new GeneratorError('The request of this job is not valid any more.');
    return r.output;
  };
  let result: Record<string, unknown>;
  let advance: ReturnType<typeof statusWalker>;
  switch (row.type) {
    case 'analyze': {
      advance = statusWalker(ANALYSIS_WALK, write);
      const body = input(AnalyzeNavigationBody) as AnalyzeNavigationBody;
      await advance('fetching_url');
      const site = await run.captureSite(body.url, fetchLimitsOf(deps.env.ai), signal);
      const answer = await run.generator.analyze({ site, scriptType: body.scriptType, language: body.language }, sinkOf(advance), signal);
      await advance('validating_urls');
      const analysis = parseGenerated(AnalysisResult, absoluteNavigationUrls(answer, site.start.url), 'analysis');
      result = { ...analysis, navigation: validateNavigationUrls(analysis.navigation, site) };
      break;
    }
    case 'script': {
      advance = statusWalker(SCRIPT_WALK, write);
      const body = input(GenerateScriptBody) as GenerateScriptBody;
      if (!body.sourceInfo) throw new GeneratorError('Missing source information');
      await advance('generating_script');
      const answer = await run.generator.script(
        { sourceInfo: body.sourceInfo, details: body.details, navigation: body.navigation, scriptType: body.scriptType, tone: body.tone, language: body.language },
        sinkOf(advance),
        signal,
      );
      result = { sourceInfo: body.sourceInfo, script: parseGenerated(Script, answer, 'script') };
      break;
    }
    case 'prompt': {
      advance = statusWalker(SCRIPT_WALK, write);
      const body = input(PromptBody) as PromptBody;
      await advance('generating_script');
      const answer = await run.generator.fromPrompt(
        { prompt: body.prompt, tone: body.tone, language: body.language, botName: body.botName, ...(body.feedback ? { feedback: body.feedback } : {}), ...(body.previousScript ? { previousScript: body.previousScript } : {}) },
        sinkOf(advance),
        signal,
      );
      const parsed = parseGenerated(ScriptResult, answer, 'script');
      const keywords = parsed.sourceInfo.mainKeywords.length ? parsed.sourceInfo.mainKeywords : promptFallbackKeywords(body.prompt);
      result = { ...parsed, sourceInfo: { ...parsed.sourceInfo, mainKeywords: keywords } };
      break;
    }
    default:
      throw new GeneratorError(`The ai.run job cannot run a ${row.type} job.`);
  }
  await advance('completed');
  await advance('ready', () => updateAiJob(deps.db, row.id, { status: 'ready', progress: 1, result, error: null }));
  return result;
}

/** English sentence of a job that failed for good after retries. */
function failureMessage(type: AiJobRow['type'] | undefined, error: string): string {
  const what = type === 'analyze' ? 'The website analysis' : 'The script generation';
  return `${what} failed: ${error}`.slice(0, 1000);
}

/**
 * The `ai.run` handler with its fetcher and generator from `load` (tests pass doubles).
 * Resolves (queue job `done`) with `{ aiJobId, status }` for `ready` and for a final `failed`.
 */
export function createAiRunHandler(load: LoadAiRunDeps): JobHandler {
  return {
    async run({ deps, job, signal }) {
      const aiJobId = String((job.payload as { aiJobId?: unknown }).aiJobId ?? '');
      const row = await findAiJob(deps.db, aiJobId);
      if (!row) return { aiJobId, skipped: 'The AI job no longer exists.' };
      if (row.status === 'ready' || row.status === 'failed') return { aiJobId, skipped: row.status };
      try {
        await generate(deps, await load(deps), row, signal);
        return { aiJobId, status: 'ready' };
      } catch (err) {
        if (signal.aborted) {
          // The worker is stopping (or lost the lease): the queue runs the job again.
          await updateAiJob(deps.db, row.id, { status: 'queued', progress: 0 });
          throw err;
        }
        if (isFinal(err)) {
          await updateAiJob(deps.db, row.id, { status: 'failed', error: errorText(err), result: null });
          return { aiJobId, status: 'failed' };
        }
        // Temporary: back to queued while attempts remain (onFailed writes `failed` after the last one).
        if (job.attempts < job.maxAttempts) await updateAiJob(deps.db, row.id, { status: 'queued', progress: 0 });
        throw err;
      }
    },
    async onFailed({ deps, job, error }) {
      const aiJobId = String((job.payload as { aiJobId?: unknown }).aiJobId ?? '');
      const row = await findAiJob(deps.db, aiJobId);
      if (!row || row.status === 'ready') return;
      await updateAiJob(deps.db, aiJobId, { status: 'failed', error: failureMessage(row.type, error), result: null });
    },
  };
}

/** Job handlers of the AI wizards for the server's worker (server.ts): `ai.run` with the production fetcher and generator. */
export const aiJobHandlers: JobHandlers = {
  [AI_RUN]: createAiRunHandler((deps) => productionAiRunDeps(deps.env)),
};
