/**
 * The AI wizards' API over HTTP on PGlite and PostgreSQL (issue 16; spec 001 §2, §4 AI jobs, §5, §6
 * generative_ai, §7 `/gen-ai*`, §8, §9; docs/api.md "AI wizards"), with test doubles for the site
 * fetcher and the generator (ai.job.ts `createAiRunHandler`; the real ones are exercised by
 * ai.pipeline.test.ts): rights and the feature gate, 422 field messages, the §4 status walk and the
 * validating_urls step, failures (fetch refusal, generator error, invalid answer, temporary error
 * retried then failed), job visibility, the streaming format, the vidbot made from a script, and
 * `/api/config` `ai` + the start banner lines.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, createUser, demoAccountId, TEST_PASSWORD } from '../../../test/accounts';
import { aiJobs, auditEvents, featureFlags, jobs } from '../../db/schema';
import { runNextJob } from '../../jobs/queue';
import { loadEnv } from '../../env';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../db/client';
import { seedDemo } from '../../db/seed';
import { createIdp } from '../../idp';
import type { BotDetail } from '../bot/bot.schemas';
import { contentIssues } from '../bot/bot.schemas';
import { scriptToContent } from './ai.content';
import type { AiRunDeps } from './ai.deps';
import { absoluteNavigationUrls, ANALYSIS_WALK, createAiRunHandler, promptFallbackKeywords, validateNavigationUrls } from './ai.job';
import { AI_RUN, findAiJob } from './ai.repo';
import type { AiJob, AiJobCreated, AiJobStatusName, AiStreamEvent, AnalysisResult, Script, ScriptResult, SourceInfo } from './ai.schemas';
import { aiGeneratorInfo, aiStartLines, analysisEvents } from './ai.service';
import { FetchRefusedError, GeneratorError, type AiGenerator, type ParsedPage, type SiteCapture } from './ai.types';

let ctx: TestContext;
let D: number; // demo account: generative_ai on
let N: number; // an account without generative_ai; owner@example.com is its Owner
let O: number; // another account with generative_ai; `other` is its Owner
const tok: Record<string, string> = {};

type ErrorBody = { detail: string; code?: string; errors?: Record<string, string> };
async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const call = (method: string, url: string, as: string, body?: unknown) => ctx.call(method, url, { token: tok[as], body });

// --- test doubles ------------------------------------------------------------------------------------

const SITE = 'https://bakery.example';
const page = (url: string, over: Partial<ParsedPage> = {}): ParsedPage => ({
  url,
  title: 'Aurora Bakery',
  siteName: 'Aurora Bakery',
  description: 'Sourdough in Helsinki',
  lang: 'en',
  headings: [{ level: 1, text: 'Fresh sourdough every morning' }],
  mainText: 'Aurora Bakery bakes sourdough.',
  paragraphs: ['Aurora Bakery bakes sourdough.'],
  links: [
    { url: `${SITE}/products.html`, text: 'Our breads', area: 'nav', internal: true },
    { url: 'https://www.instagram.com/aurorabakery', text: 'Instagram', area: 'footer', internal: false },
  ],
  ...over,
});
const capture: SiteCapture = { start: page(`${SITE}/`), pages: [page(`${SITE}/products.html`)] };
const sourceInfo: SourceInfo = { sourceName: 'Aurora Bakery', sourceType: 'website', mainKeywords: ['sourdough', 'bakery'] };
const option = { id: 'opt-1', title: 'Meet the bakery', targetAudience: 'Locals', suggestedApproach: 'Warm', scriptCategory: 'brand' };
const analysis = (navigation: Array<{ name: string; url: string }>): AnalysisResult => ({
  sourceInfo,
  scripts: [option],
  navigation: navigation.map((n) => ({ ...n, callToAction: 'See more', description: '' })),
});
const script: Script = {
  nodes: [
    {
      id: 'breads',
      title: 'Our breads',
      isEntryPoint: false,
      content: { text: 'Rye and wheat sourdough.', videoDescription: '' },
      links: [
        { type: 'internal', label: 'Back to start', targetId: 'welcome' },
        { type: 'external', label: 'Order online', url: `${SITE}/order.html` },
      ],
    },
    {
      id: 'welcome',
      title: 'Welcome to Aurora Bakery',
      isEntryPoint: true,
      content: { text: 'We bake every morning in Kallio.', videoDescription: 'The baker opens the oven.' },
      links: [
        { type: 'internal', label: 'Our breads', targetId: 'breads' },
        { type: 'external', label: 'Order now', url: `${SITE}/order.html` },
        { type: 'external', label: 'Instagram', url: 'https://www.instagram.com/aurorabakery' },
      ],
    },
  ],
};

/** What the doubles saw: the job's stored status when each step ran. */
const seen: AiJobStatusName[] = [];
let currentJob = '';
const statusNow = async () => (await findAiJob(ctx.deps.db, currentJob))!.status;

interface DoubleOpts {
  capture?: () => Promise<SiteCapture>;
  analyze?: AiGenerator['analyze'];
  script?: AiGenerator['script'];
  fromPrompt?: AiGenerator['fromPrompt'];
}
function doubles(o: DoubleOpts = {}): AiRunDeps {
  return {
    captureSite: async () => {
      seen.push(await statusNow());
      return o.capture ? o.capture() : capture;
    },
    generator: {
      name: 'extractive',
      model: null,
      analyze:
        o.analyze ??
        (async (_input, status) => {
          await status('analyzing_source'); // skips analyzing_content: the runner writes it too
          seen.push(await statusNow());
          await status('analyzing_navigation');
          seen.push(await statusNow());
          return analysis([{ name: 'Breads', url: `${SITE}/products.html` }]);
        }),
      script:
        o.script ??
        (async () => {
          seen.push(await statusNow());
          return script;
        }),
      fromPrompt:
        o.fromPrompt ??
        (async () => {
          seen.push(await statusNow());
          return { sourceInfo: { ...sourceInfo, mainKeywords: [] }, script };
        }),
    },
  };
}
/** Runs the next queued ai.run job with `run` as its fetcher and generator. */
const runJob = (run: AiRunDeps) => runNextJob(ctx.deps, { [AI_RUN]: createAiRunHandler(() => run) });

async function startAnalysis(as = 'owner', accountId = D): Promise<AiJobCreated> {
  const created = await json<AiJobCreated>(await call('POST', '/api/gen-ai/analyze-navigation', as, { accountId, url: `${SITE}/` }), 202);
  currentJob = created.jobId;
  seen.length = 0;
  return created;
}
/** The statuses written to a job, in order (trigger installed in beforeAll). */
async function statusLog(jobId: string): Promise<Array<{ status: string; progress: number }>> {
  const r = await ctx.deps.db.execute(sql`SELECT status, progress FROM test_ai_status_log WHERE job_id = ${jobId} ORDER BY id`);
  return (r as unknown as { rows: Array<{ status: string; progress: number }> }).rows.map((x) => ({ status: x.status, progress: Number(x.progress) }));
}
const status = async (jobId: string, as = 'owner') => json<AiJob>(await call('GET', `/api/gen-ai/status/${jobId}`, as), 200);

beforeAll(async () => {
  ctx = await createTestContext();
  D = await demoAccountId(ctx);
  N = await createAccount(ctx, 'No AI Oy');
  O = await createAccount(ctx, 'Other AI Oy');
  await createUser(ctx, 'other-ai@example.com', { roles: [[O, 'Owner']] });
  for (const who of ['superadmin', 'owner', 'editor', 'viewer']) tok[who] = await ctx.signIn(`${who}@example.com`);
  tok.other = await ctx.signIn('other-ai@example.com', TEST_PASSWORD);
  const [owner] = await ctx.deps.db.select({ id: sql<number>`id` }).from(sql`users`).where(sql`email = 'owner@example.com'`);
  await ctx.deps.db.execute(sql`INSERT INTO roles (user_id, account_id, role, status) VALUES (${owner!.id}, ${N}, 'Owner', 'Active')`);
  await ctx.deps.db.insert(featureFlags).values({ name: 'generative_ai', flagType: 'dashboard', accountIds: [D, O] });
  // Every status change of ai_jobs, in order (what the runner wrote, however fast).
  await ctx.deps.db.execute(sql`CREATE TABLE test_ai_status_log (id serial PRIMARY KEY, job_id text NOT NULL, status text NOT NULL, progress real NOT NULL)`);
  await ctx.deps.db.execute(
    sql.raw(`CREATE FUNCTION test_log_ai_status() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status THEN
          INSERT INTO test_ai_status_log (job_id, status, progress) VALUES (NEW.id, NEW.status, NEW.progress);
        END IF;
        RETURN NEW;
      END $$`),
  );
  await ctx.deps.db.execute(sql`CREATE TRIGGER test_ai_status_log AFTER UPDATE ON ai_jobs FOR EACH ROW EXECUTE FUNCTION test_log_ai_status()`);
});
afterAll(async () => ctx?.close());
// Each test runs the jobs it creates: earlier tests' queued ai.run jobs are set aside first.
beforeEach(async () => {
  if (ctx) await ctx.deps.db.update(jobs).set({ status: 'done' }).where(and(eq(jobs.type, AI_RUN), eq(jobs.status, 'queued')));
});

// --- rights, gate, validation ------------------------------------------------------------------------

describe('rights and the generative_ai gate', () => {
  it('answers 202 for a non-Viewer of an account with the feature, 403 featureDisabled without it, 403 for a Viewer, 404 elsewhere', async () => {
    const body = (accountId: number) => ({ accountId, url: `${SITE}/` });
    const ok = await json<AiJobCreated>(await call('POST', '/api/gen-ai/analyze-navigation', 'editor', body(D)), 202);
    expect(ok).toMatchObject({ type: 'analyze', status: 'queued' });
    expect(ok.jobId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await ctx.deps.db.select().from(aiJobs).where(eq(aiJobs.id, ok.jobId));
    expect(row).toMatchObject({ accountId: D, type: 'analyze', status: 'queued', input: { accountId: D, url: `${SITE}/`, scriptType: 'website', language: 'en' } });
    const [queued] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, row!.queueJobId!));
    expect(queued).toMatchObject({ type: 'ai.run', status: 'queued', payload: { aiJobId: ok.jobId } });

    const off = await json<ErrorBody>(await call('POST', '/api/gen-ai/analyze-navigation', 'owner', body(N)), 403);
    expect(off.code).toBe('featureDisabled');
    const viewer = await json<ErrorBody>(await call('POST', '/api/gen-ai/prompt', 'viewer', { accountId: D, prompt: 'A bakery', botName: 'B' }), 403);
    expect(viewer.code).toBe('forbidden');
    await json<ErrorBody>(await call('POST', '/api/gen-ai/analyze-navigation', 'other', body(D)), 404);
    await json<ErrorBody>(await call('POST', '/api/gen-ai/analyze-navigation', 'superadmin', body(999_999)), 404);
    // staff pass the role check; the gate still applies to the account
    await json<AiJobCreated>(await call('POST', '/api/gen-ai/analyze-navigation', 'superadmin', body(D)), 202);
    expect((await json<ErrorBody>(await call('POST', '/api/gen-ai/analyze-navigation', 'superadmin', body(N)), 403)).code).toBe('featureDisabled');
    const anon = await ctx.call('POST', '/api/gen-ai/analyze-navigation', { body: body(D) });
    expect(anon.status).toBe(401);
  });

  it('answers 422 with the §8 messages per field', async () => {
    const badUrl = await json<ErrorBody>(await call('POST', '/api/gen-ai/analyze-navigation', 'owner', { accountId: D, url: 'http://localhost/' }), 422);
    expect(badUrl.errors).toEqual({ url: 'Please enter a valid URL' });
    const ftp = await json<ErrorBody>(await call('POST', '/api/gen-ai/analyze-navigation', 'owner', { accountId: D, url: 'ftp://bakery.example/' }), 422);
    expect(ftp.errors?.url).toBe('Please enter a valid URL');
    const tone = await json<ErrorBody>(await call('POST', '/api/gen-ai/prompt', 'owner', { accountId: D, prompt: 'x', botName: 'B', tone: 'angry' }), 422);
    expect(tone.errors?.tone).toMatch(/persuasive/);
    const prompt = await json<ErrorBody>(await call('POST', '/api/gen-ai/prompt', 'owner', { accountId: D, prompt: '   ', botName: 'B' }), 422);
    expect(prompt.errors?.prompt).toBe('Please enter a prompt');
    const noSource = await json<ErrorBody>(await call('POST', '/api/gen-ai/script', 'owner', { accountId: D, details: option }), 422);
    expect(noSource).toMatchObject({ detail: 'Missing source information', errors: { sourceInfo: 'Missing source information' } });
    const noSourceGenAi = await json<ErrorBody>(await call('POST', '/api/gen-ai', 'owner', { accountId: D, details: option }), 422);
    expect(noSourceGenAi.detail).toBe('Missing source information');
    // POST /gen-ai with a script reports the create-from-script fields, not the union's
    const noName = await json<ErrorBody>(await call('POST', '/api/gen-ai', 'owner', { accountId: D, sourceInfo, script }), 422);
    expect(noName.errors).toEqual({ botName: 'botName is required.' });
    const badScript = await json<ErrorBody>(
      await call('POST', '/api/gen-ai', 'owner', { accountId: D, botName: 'B', sourceInfo, script: { nodes: script.nodes.map((n) => ({ ...n, isEntryPoint: true })) } }),
      422,
    );
    expect(Object.keys(badScript.errors ?? {})).toEqual(['script']);
    const noDetails = await json<ErrorBody>(await call('POST', '/api/gen-ai', 'owner', { accountId: D, sourceInfo }), 422);
    expect(noDetails.errors).toEqual({ details: 'details is required.' });
  });
});

// --- the job runner --------------------------------------------------------------------------------------

describe('the ai.run job', () => {
  it('walks every §4 analysis status in order and validates the navigation URLs', async () => {
    const created = await startAnalysis();
    const nav = [
      { name: 'Breads', url: 'products.html' }, // relative: made absolute against the site
      { name: 'Breads again', url: `${SITE}/products.html#top` }, // same URL without the fragment: dropped
      { name: 'Instagram', url: 'https://www.instagram.com/aurorabakery' }, // another site, linked from the site: kept
      { name: 'Invented', url: 'https://elsewhere.example/deal' }, // another site nobody linked: dropped
      { name: 'Call', url: 'tel:+358401234567' }, // not http(s): dropped
      { name: 'Broken', url: 'http://[' }, // not a URL: dropped
    ];
    const ran = await runJob(
      doubles({
        analyze: async (_input, s) => {
          await s('generating_suggestions');
          seen.push(await statusNow());
          return { ...analysis([]), navigation: nav.map((n) => ({ ...n, callToAction: 'Go', description: '' })) } as never;
        },
      }),
    );
    expect(ran?.status).toBe('done');
    expect(seen).toEqual(['fetching_url', 'generating_suggestions']);
    const job = await status(created.jobId);
    expect(job).toMatchObject({ type: 'analyze', status: 'ready', progress: 1, error: null });
    const result = job.result as AnalysisResult;
    expect(result.sourceInfo).toEqual(sourceInfo);
    expect(result.navigation.map((n) => n.url)).toEqual([`${SITE}/products.html`, 'https://www.instagram.com/aurorabakery']);
  });

  it('writes the statuses the generator skipped (each once, in order), with rising progress', async () => {
    const created = await startAnalysis();
    await runJob(doubles()); // reports analyzing_source and analyzing_navigation only
    expect(seen).toEqual(['fetching_url', 'analyzing_source', 'analyzing_navigation']);
    const log = await statusLog(created.jobId);
    expect(log.map((l) => l.status)).toEqual([...ANALYSIS_WALK]);
    const progress = log.map((l) => l.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);

    const s = await json<AiJobCreated>(await call('POST', '/api/gen-ai/script', 'owner', { accountId: D, sourceInfo, details: option }), 202);
    currentJob = s.jobId;
    await runJob(doubles());
    expect((await statusLog(s.jobId)).map((l) => l.status)).toEqual(['generating_script', 'completed', 'ready']);
  });

  it('fails with the fetcher refusal, a generator error or an invalid answer (no retry)', async () => {
    const cases: Array<[DoubleOpts, string]> = [
      [{ capture: () => Promise.reject(new FetchRefusedError('private_address', 'The address of bakery.example is private (10.0.0.1); it is not fetched.', `${SITE}/`)) }, 'The address of bakery.example is private (10.0.0.1); it is not fetched.'],
      [{ analyze: () => Promise.reject(new GeneratorError("The model's answer was not a valid analysis.")) }, "The model's answer was not a valid analysis."],
      [{ analyze: async () => ({ sourceInfo, scripts: [], navigation: [] }) }, "The generator's answer was not a valid analysis (scripts: No script options.)."],
    ];
    for (const [opts, message] of cases) {
      const created = await startAnalysis();
      const ran = await runJob(doubles(opts));
      expect(ran?.status).toBe('done');
      const job = await status(created.jobId);
      expect(job).toMatchObject({ status: 'failed', error: message, result: null });
    }
  });

  it('retries a temporary error once, then fails with a sentence naming it', async () => {
    const created = await startAnalysis();
    const boom = doubles({ analyze: () => Promise.reject(new Error('The model endpoint answered 503.')) });
    const first = await runJob(boom);
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await status(created.jobId)).status).toBe('queued');
    await ctx.deps.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, first!.id));
    const second = await runJob(boom);
    expect(second).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await status(created.jobId)).toMatchObject({ status: 'failed', error: 'The website analysis failed: The model endpoint answered 503.' });
  });

  it('generates a script (the request source info + the script) and a prompt script (keywords fall back to the prompt)', async () => {
    const s = await json<AiJobCreated>(
      await call('POST', '/api/gen-ai/script', 'owner', { accountId: D, sourceInfo, details: option, tone: 'storytelling', language: 'fi', navigation: analysis([{ name: 'B', url: `${SITE}/b` }]).navigation }),
      202,
    );
    expect(s.type).toBe('script');
    currentJob = s.jobId;
    seen.length = 0;
    let input: unknown;
    await runJob(
      doubles({
        script: async (i) => {
          input = i;
          seen.push(await statusNow());
          return script;
        },
      }),
    );
    expect(seen).toEqual(['generating_script']);
    expect(input).toMatchObject({ sourceInfo, details: option, tone: 'storytelling', language: 'fi', scriptType: 'website' });
    expect(await status(s.jobId)).toMatchObject({ type: 'script', status: 'ready', result: { sourceInfo, script } });

    // POST /gen-ai without a script is the same job
    const viaGenAi = await json<AiJobCreated>(await call('POST', '/api/gen-ai', 'owner', { accountId: D, sourceInfo, details: option }), 202);
    expect(viaGenAi.type).toBe('script');
    currentJob = viaGenAi.jobId;
    await runJob(doubles());
    expect((await status(viaGenAi.jobId)).status).toBe('ready');

    const p = await json<AiJobCreated>(
      await call('POST', '/api/gen-ai/prompt', 'owner', { accountId: D, prompt: 'A family bakery, in Kallio, that bakes sourdough daily', botName: 'Bakery', feedback: 'Shorter', previousScript: script }),
      202,
    );
    currentJob = p.jobId;
    seen.length = 0;
    let promptInput: unknown;
    await runJob(
      doubles({
        fromPrompt: async (i) => {
          promptInput = i;
          return { sourceInfo: { ...sourceInfo, mainKeywords: [] }, script };
        },
      }),
    );
    expect(promptInput).toMatchObject({ prompt: 'A family bakery, in Kallio, that bakes sourdough daily', feedback: 'Shorter', previousScript: script, tone: 'persuasive', language: 'en' });
    const job = await status(p.jobId);
    expect(job.status).toBe('ready');
    expect((job.result as ScriptResult).sourceInfo.mainKeywords).toEqual(['A', 'family', 'bakery', 'in', 'Kallio']);
  });
});

describe('job status visibility', () => {
  it('shows a job to whoever may use its account (Viewer included), 404 to others and for unknown or malformed ids', async () => {
    const created = await startAnalysis('editor');
    expect((await status(created.jobId, 'viewer')).id).toBe(created.jobId);
    expect((await status(created.jobId, 'superadmin')).status).toBe('queued');
    expect((await json<ErrorBody>(await call('GET', `/api/gen-ai/status/${created.jobId}`, 'other'), 404)).detail).toBe('Job not found.');
    await json<ErrorBody>(await call('GET', '/api/gen-ai/status/AAAAAAAAAAAAAAAAAAAAAA', 'owner'), 404);
    await json<ErrorBody>(await call('GET', '/api/gen-ai/status/bad!id', 'owner'), 404);
    expect((await ctx.call('GET', `/api/gen-ai/status/${created.jobId}`)).status).toBe(401);
    await runJob(doubles()); // leave the queue empty
  });
});

// --- streaming -------------------------------------------------------------------------------------------

/** Reads `data:` events of an event-stream body until `[DONE]` (or the end). */
async function readEvents(res: Response, onEvent: (e: AiStreamEvent | '[DONE]') => void | Promise<void>): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const chunk = decoder.decode(value, { stream: true });
    text += chunk;
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      expect(line.startsWith('data: ')).toBe(true);
      const data = line.slice('data: '.length);
      await onEvent(data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as AiStreamEvent));
    }
  }
  return text;
}

describe('the streaming variant', () => {
  it('streams queued with the jobId, the statuses, the results and [DONE]', async () => {
    const res = await call('POST', '/api/gen-ai/analyze-navigation/stream', 'owner', { accountId: D, url: `${SITE}/` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: Array<AiStreamEvent | '[DONE]'> = [];
    let ran: Promise<unknown> | undefined;
    const text = await readEvents(res, (e) => {
      events.push(e);
      if (events.length === 1 && e !== '[DONE]' && e.type === 'status') {
        currentJob = e.jobId!;
        // The job runs while the stream is open; slow steps so the stream sees a status between.
        ran = runJob(
          doubles({
            analyze: async (_i, s) => {
              await s('analyzing_content');
              await new Promise((r) => setTimeout(r, 1200));
              return analysis([{ name: 'Breads', url: `${SITE}/products.html` }]);
            },
          }),
        );
      }
    });
    await ran;
    expect(events[0]).toEqual({ type: 'status', status: 'queued', jobId: currentJob });
    expect(events.at(-1)).toBe('[DONE]');
    const types = events.map((e) => (e === '[DONE]' ? e : e.type === 'status' ? `status:${e.status}` : e.type));
    expect(types).toContain('status:analyzing_content');
    expect(types.slice(-6)).toEqual(['status:completed', 'source_info', 'scripts', 'navigation', 'status:ready', '[DONE]']);
    const statuses = types.filter((t) => t.startsWith('status:')).map((t) => t.slice(7));
    const order = ['queued', ...ANALYSIS_WALK];
    expect(statuses.map((s) => order.indexOf(s))).toEqual([...statuses.map((s) => order.indexOf(s))].sort((a, b) => a - b));
    expect(new Set(statuses).size).toBe(statuses.length);
    const nav = events.find((e) => e !== '[DONE]' && e.type === 'navigation') as { navigation: { url: string }[] };
    expect(nav.navigation.map((n) => n.url)).toEqual([`${SITE}/products.html`]);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    // the stream's job is the job polled at /gen-ai/status
    expect((await status(currentJob)).status).toBe('ready');
  });

  it('streams an error event for a failed job, then [DONE]; errors before the stream are JSON', async () => {
    const res = await call('POST', '/api/gen-ai/analyze-navigation/stream', 'owner', { accountId: D, url: `${SITE}/` });
    const events: Array<AiStreamEvent | '[DONE]'> = [];
    let ran: Promise<unknown> | undefined;
    await readEvents(res, (e) => {
      events.push(e);
      if (events.length === 1) {
        currentJob = (e as { jobId: string }).jobId;
        ran = runJob(doubles({ capture: () => Promise.reject(new FetchRefusedError('scheme', 'Only http and https addresses are fetched.', `${SITE}/`)) }));
      }
    });
    await ran;
    expect(events.slice(-2)).toEqual([{ type: 'error', message: 'Only http and https addresses are fetched.' }, '[DONE]']);

    const refused = await call('POST', '/api/gen-ai/analyze-navigation/stream', 'owner', { accountId: N, url: `${SITE}/` });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/json/);
    expect((await call('POST', '/api/gen-ai/analyze-navigation/stream', 'owner', { accountId: D, url: 'nope' })).status).toBe(422);
  });
});

describe('the stream when the client goes away', () => {
  it('stops following the job (the job itself stays queued for the worker)', async () => {
    const created = await startAnalysis();
    const gone = new AbortController();
    const events = analysisEvents(ctx.deps, created.jobId, gone.signal, 50);
    expect((await events.next()).value).toEqual({ type: 'status', status: 'queued', jobId: created.jobId });
    const pending = events.next(); // polls every 50 ms while the job stays queued
    setTimeout(() => gone.abort(), 200);
    expect(await pending).toEqual({ done: true, value: undefined });
    expect((await status(created.jobId)).status).toBe('queued');
    // and through HTTP: cancelling the body ends the response without an error
    const res = await call('POST', '/api/gen-ai/analyze-navigation/stream', 'owner', { accountId: D, url: `${SITE}/` });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^data: \{"type":"status","status":"queued","jobId":"[A-Za-z0-9_-]+"\}\n\n$/);
    await reader.cancel();
  });
});

// --- the vidbot from a script -------------------------------------------------------------------------------

describe('create the vidbot from a script', () => {
  it('maps nodes to slides (entry first), internal links to SLIDE buttons and external links to shared actions', () => {
    const content = scriptToContent(script);
    expect(contentIssues(content)).toEqual({});
    expect(content.slides.map((s) => [s.id, s.name, s.category, s.type, s.videoId])).toEqual([
      [1, 'Welcome to Aurora Bakery', 'INTRO', 'VIDEO', null],
      [2, 'Our breads', 'SLIDE', 'VIDEO', null],
    ]);
    expect(content.slides[0]!.description).toBe('We bake every morning in Kallio.\n\nVideo: The baker opens the oven.');
    expect(content.slides[1]!.description).toBe('Rye and wheat sourdough.');
    expect(content.slides[0]!.options).toEqual([
      { id: 1, name: 'Our breads', type: 'SLIDE', targetId: 2 },
      { id: 2, name: 'Order now', type: 'EXTERNAL_LINK', targetId: 1 },
      { id: 3, name: 'Instagram', type: 'EXTERNAL_LINK', targetId: 2 },
    ]);
    expect(content.slides[1]!.options).toEqual([
      { id: 1, name: 'Back to start', type: 'SLIDE', targetId: 1 },
      { id: 2, name: 'Order online', type: 'EXTERNAL_LINK', targetId: 1 },
    ]);
    expect(content.actions).toEqual([
      { id: 1, name: 'Order now', type: 'EXTERNAL_LINK', url: `${SITE}/order.html`, externalLinkType: 'url', linkType: 'new_tab' },
      { id: 2, name: 'Instagram', type: 'EXTERNAL_LINK', url: 'https://www.instagram.com/aurorabakery', externalLinkType: 'url', linkType: 'new_tab' },
    ]);
  });

  it('creates a Private vidbot whose revision 1 is the script, audited bot.create', async () => {
    const made = await json<{ mainBotId: number }>(await call('POST', '/api/gen-ai', 'editor', { accountId: D, botName: '  Aurora tour ', sourceInfo, script }), 201);
    const bot = await json<BotDetail>(await call('GET', `/api/bot/${made.mainBotId}`, 'editor'), 200);
    expect(bot).toMatchObject({ name: 'Aurora tour', privacy: 'Private', status: 'Draft', accountId: D });
    expect(bot.slides.map((s) => s.name)).toEqual(['Welcome to Aurora Bakery', 'Our breads']);
    expect(bot.slides.map((s) => s.options.length)).toEqual([3, 2]);
    expect(bot.actions).toHaveLength(2);
    const audit = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'bot'), eq(auditEvents.targetId, made.mainBotId)))
      .orderBy(asc(auditEvents.id));
    expect(audit.map((a) => [a.type, a.details])).toEqual([['bot.create', { generatedBy: 'ai', genAIType: 'url', sourceName: 'Aurora Bakery' }]]);
    // the same rights as generating
    expect((await json<ErrorBody>(await call('POST', '/api/gen-ai', 'viewer', { accountId: D, botName: 'B', sourceInfo, script }), 403)).code).toBe('forbidden');
    expect((await json<ErrorBody>(await call('POST', '/api/gen-ai', 'owner', { accountId: N, botName: 'B', sourceInfo, script }), 403)).code).toBe('featureDisabled');
  });
});

// --- which generator ------------------------------------------------------------------------------------

describe('which generator answers', () => {
  it('/api/config says extractive by default; the banner lines name the generator and the avatar provider', async () => {
    const config = await json<{ ai: unknown }>(await ctx.call('GET', '/api/config'), 200);
    expect(config.ai).toEqual({ generator: 'extractive', model: null, avatarProvider: 'ffmpeg' });
    expect(aiStartLines(ctx.env, () => false)).toEqual(['AI: extractive generator (offline)', 'Avatar videos: ffmpeg (silent)']);
    expect(aiStartLines(ctx.env, () => true)[1]).toBe('Avatar videos: ffmpeg (+ espeak-ng speech)');
    const configured = loadEnv({ DATA_DIR: ctx.env.dataDir, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/', OPENAI_MODEL: 'llama3.1', HEYGEN_API_KEY: 'k', HEYGEN_API_URL: 'http://127.0.0.1:8/' });
    expect(aiGeneratorInfo(configured)).toEqual({ generator: 'openai', model: 'llama3.1', avatarProvider: 'heygen' });
    expect(aiStartLines(configured)).toEqual(['AI: OpenAI-compatible llama3.1 at http://127.0.0.1:9/v1', 'Avatar videos: HeyGen-compatible API at http://127.0.0.1:8']);
  });
});

describe('demo data', () => {
  it('turns generative_ai and video_generation on for the demo account with opts.ai (as the server starts it)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-ai-seed-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const idp = await createIdp({ db: database.db, env: loadEnv({ DATA_DIR: dataDir }) });
      expect(await seedDemo(database.db, idp, { ai: true })).toBe(true);
      const rows = await database.db.select().from(featureFlags).orderBy(asc(featureFlags.name));
      const [demo] = await database.db.execute(sql`SELECT id FROM accounts WHERE public_id = 'demo'`).then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
      expect(rows.map((f) => [f.name, f.flagType, f.accountIds])).toEqual([
        ['generative_ai', 'dashboard', [demo!.id]],
        ['video_generation', 'dashboard', [demo!.id]],
      ]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('pure helpers', () => {
  it('validateNavigationUrls keeps same-site and linked URLs, once, without fragments', () => {
    const link = (url: string) => ({ name: url, url, callToAction: '', description: '' });
    const out = validateNavigationUrls([link(`${SITE}/a#x`), link(`https://www.bakery.example/b`), link(`${SITE}/a`), link('https://x.example/')], capture);
    expect(out.map((l) => l.url)).toEqual([`${SITE}/a`, 'https://www.bakery.example/b']);
  });
  it('absoluteNavigationUrls resolves relative links, drops non-http(s) and repeated ones, keeps at most 30', () => {
    const raw = { sourceInfo, navigation: [{ url: 'a.html' }, { url: '/a.html#x' }, { url: 'mailto:x@y.example' }, { url: 'http://[' }, ...Array.from({ length: 40 }, (_, i) => ({ url: `/p${i}` }))] };
    const out = absoluteNavigationUrls(raw, `${SITE}/dir/`) as { sourceInfo: unknown; navigation: Array<{ url: string }> };
    expect(out.sourceInfo).toBe(sourceInfo);
    expect(out.navigation.slice(0, 3).map((l) => l.url)).toEqual([`${SITE}/dir/a.html`, `${SITE}/a.html`, `${SITE}/p0`]);
    expect(out.navigation).toHaveLength(30);
    expect(absoluteNavigationUrls('not an object', SITE)).toBe('not an object');
  });
  it('promptFallbackKeywords takes the first five words without punctuation', () => {
    expect(promptFallbackKeywords('  "Cakes," pies; and: bread — for everyone today')).toEqual(['Cakes', 'pies', 'and', 'bread', 'for']);
  });
});
