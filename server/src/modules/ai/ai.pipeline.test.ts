/**
 * The whole AI pipeline on PGlite and PostgreSQL (issue 16 "Tests": the website fixture served by the
 * test, the embedded generator, and the same through a local OpenAI-compatible fake with one invalid
 * answer): `POST /gen-ai/analyze-navigation` for the bakery fixture (server/test/fakes/website.ts) →
 * the `ai.run` job with the PRODUCTION fetcher and generator (ai.deps.ts: ai.site.ts `captureSite`,
 * ai.generator.ts `createGenerator`) → `POST /gen-ai/script` with the first option → `POST /gen-ai`
 * with the script → a vidbot whose slides and buttons match the script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId } from '../../../test/accounts';
import { startWebsite, type Website } from '../../../test/fakes/website';
import { featureFlags } from '../../db/schema';
import { runNextJob } from '../../jobs/queue';
import type { BotDetail } from '../bot/bot.schemas';
import { ANALYSIS_WALK, aiJobHandlers } from './ai.job';
import { AnalysisResult, ScriptResult, type AiJob, type AiJobCreated } from './ai.schemas';
import * as v from 'valibot';


/** server/test/fakes/openai.ts (helper C; architecture note decision 3). */
interface OpenAiFake {
  baseUrl: string;
  requests: unknown[];
  close(): Promise<void>;
}
async function startOpenAiFake(opts: { invalidAnswers?: number }): Promise<OpenAiFake> {
  const mod = await import('../../../test/fakes/openai');
  return mod.startOpenAiFake(opts);
}

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A context whose demo account has generative_ai, with the Owner's token. */
async function aiContext(overrides: Record<string, string>): Promise<{ ctx: TestContext; token: string; D: number }> {
  const ctx = await createTestContext(overrides);
  const D = await demoAccountId(ctx);
  await ctx.deps.db.insert(featureFlags).values({ name: 'generative_ai', flagType: 'dashboard', accountIds: [D] });
  await ctx.deps.db.execute(sql`CREATE TABLE test_ai_status_log (id serial PRIMARY KEY, job_id text NOT NULL, status text NOT NULL)`);
  await ctx.deps.db.execute(
    sql.raw(`CREATE FUNCTION test_log_ai_status() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status THEN INSERT INTO test_ai_status_log (job_id, status) VALUES (NEW.id, NEW.status); END IF;
        RETURN NEW;
      END $$`),
  );
  await ctx.deps.db.execute(sql`CREATE TRIGGER test_ai_status_log AFTER UPDATE ON ai_jobs FOR EACH ROW EXECUTE FUNCTION test_log_ai_status()`);
  return { ctx, token: await ctx.signIn('owner@example.com'), D };
}

/** Creates a job with `body` at `url`, runs it with the production handlers, answers the job. */
async function runJob(ctx: TestContext, token: string, url: string, body: unknown): Promise<AiJob> {
  const created = await json<AiJobCreated>(await ctx.call('POST', url, { token, body }), 202);
  const ran = await runNextJob(ctx.deps, aiJobHandlers);
  expect(ran?.status, JSON.stringify(ran)).toBe('done');
  return json<AiJob>(await ctx.call('GET', `/api/gen-ai/status/${created.jobId}`, { token }), 200);
}

async function statusesOf(ctx: TestContext, jobId: string): Promise<string[]> {
  const r = await ctx.deps.db.execute(sql`SELECT status FROM test_ai_status_log WHERE job_id = ${jobId} ORDER BY id`);
  return (r as unknown as { rows: Array<{ status: string }> }).rows.map((x) => x.status);
}

/**
 * URL → analysis → script → vidbot, asserting the vidbot against the script.
 * @returns the analysis and script results.
 */
async function urlToVidbot(ctx: TestContext, token: string, D: number, site: Website) {
  const analysisJob = await runJob(ctx, token, '/api/gen-ai/analyze-navigation', { accountId: D, url: site.url('/'), language: 'en' });
  expect(analysisJob, analysisJob.error ?? '').toMatchObject({ type: 'analyze', status: 'ready', progress: 1 });
  expect(await statusesOf(ctx, analysisJob.id)).toEqual([...ANALYSIS_WALK]);
  const analysis = v.parse(AnalysisResult, analysisJob.result);
  for (const link of analysis.navigation) {
    // absolute, http(s), on the fixture site or linked from it
    expect(link.url).toMatch(/^https?:\/\//);
  }
  expect(new Set(analysis.navigation.map((l) => l.url)).size).toBe(analysis.navigation.length);

  const scriptJob = await runJob(ctx, token, '/api/gen-ai/script', {
    accountId: D,
    sourceInfo: analysis.sourceInfo,
    details: analysis.scripts[0],
    navigation: analysis.navigation,
    tone: 'persuasive',
    language: 'en',
  });
  expect(scriptJob, scriptJob.error ?? '').toMatchObject({ type: 'script', status: 'ready' });
  expect(await statusesOf(ctx, scriptJob.id)).toEqual(['generating_script', 'completed', 'ready']);
  const scripted = v.parse(ScriptResult, scriptJob.result);

  const made = await json<{ mainBotId: number }>(await ctx.call('POST', '/api/gen-ai', { token, body: { accountId: D, botName: 'Aurora Bakery', sourceInfo: scripted.sourceInfo, script: scripted.script } }), 201);
  const bot = await json<BotDetail>(await ctx.call('GET', `/api/bot/${made.mainBotId}`, { token }), 200);
  expect(bot.privacy).toBe('Private');
  const nodes = scripted.script.nodes;
  const entry = nodes.find((n) => n.isEntryPoint)!;
  const ordered = [entry, ...nodes.filter((n) => n !== entry)];
  expect(bot.slides.map((s) => [s.name, s.category])).toEqual(ordered.map((n, i) => [n.title, i === 0 ? 'INTRO' : 'SLIDE']));
  const slideOf = new Map(ordered.map((n, i) => [n.id, bot.slides[i]!.id]));
  ordered.forEach((node, i) => {
    const options = bot.slides[i]!.options;
    const expected = node.links.filter((l) => l.type === 'external' || slideOf.has(l.targetId));
    expect(options.map((o) => o.name)).toEqual(expected.map((l) => l.label));
    expected.forEach((link, j) => {
      const option = options[j]!;
      if (link.type === 'internal') expect(option).toMatchObject({ type: 'SLIDE', targetId: slideOf.get(link.targetId) });
      else {
        expect(option.type).toBe('EXTERNAL_LINK');
        expect(bot.actions.find((a) => a.id === option.targetId)).toMatchObject({ type: 'EXTERNAL_LINK', url: link.url });
      }
    });
  });
  return { analysis, scripted };
}

describe('the AI pipeline with the embedded generator (bakery fixture)', () => {
  let ctx: TestContext;
  let token: string;
  let D: number;
  let site: Website;
  beforeAll(async () => {
    site = await startWebsite();
    ({ ctx, token, D } = await aiContext({ AI_FETCH_ALLOWLIST: '127.0.0.1', OPENAI_BASE_URL: '' }));
  });
  afterAll(async () => {
    await ctx?.close();
    await site?.close();
  });

  it('goes from the URL to a vidbot whose slides and buttons match the script', async () => {
    expect((await json<{ ai: unknown }>(await ctx.call('GET', '/api/config'), 200)).ai).toMatchObject({ generator: 'extractive', model: null });
    const { analysis } = await urlToVidbot(ctx, token, D, site);
    expect(analysis.sourceInfo.sourceName).toContain('Aurora Bakery');
    // the five links of the main navigation, made absolute against the site
    const urls = analysis.navigation.map((l) => l.url);
    for (const p of ['/products.html', '/catering/', '/about.html', '/pricing.html', '/contact.html']) expect(urls).toContain(site.url(p));
    // the start page and navigation pages were fetched
    expect(site.requests).toContain('/');
    expect(site.requests).toContain('/products.html');
  });

  it('generates a prompt script offline', async () => {
    const job = await runJob(ctx, token, '/api/gen-ai/prompt', { accountId: D, prompt: 'A family bakery in Kallio that bakes sourdough', botName: 'Bakery', tone: 'bold', language: 'fi' });
    expect(job, job.error ?? '').toMatchObject({ type: 'prompt', status: 'ready' });
    expect(v.parse(ScriptResult, job.result).script.nodes.length).toBeGreaterThan(0);
  });
});

describe('the AI pipeline without the allow-list', () => {
  it('refuses the loopback site: the job fails with the fetcher refusal and nothing is fetched', async () => {
    const site = await startWebsite();
    const { ctx, token, D } = await aiContext({ AI_FETCH_ALLOWLIST: '', OPENAI_BASE_URL: '' });
    try {
      const job = await runJob(ctx, token, '/api/gen-ai/analyze-navigation', { accountId: D, url: site.url('/') });
      expect(job.status).toBe('failed');
      expect(job.error).toBeTruthy();
      expect(site.requests).toEqual([]);
    } finally {
      await ctx.close();
      await site.close();
    }
  });
});

describe('the AI pipeline through an OpenAI-compatible endpoint (local fake)', () => {
  let site: Website;
  beforeAll(async () => {
    site = await startWebsite();
  });
  afterAll(async () => site?.close());

  it('uses the model, retrying one invalid answer, and ends in the vidbot', async () => {
    const fake = await startOpenAiFake({ invalidAnswers: 1 });
    const { ctx, token, D } = await aiContext({ AI_FETCH_ALLOWLIST: '127.0.0.1', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model' });
    try {
      expect((await json<{ ai: unknown }>(await ctx.call('GET', '/api/config'), 200)).ai).toMatchObject({ generator: 'openai', model: 'fake-model' });
      const { analysis } = await urlToVidbot(ctx, token, D, site);
      expect(JSON.stringify(analysis)).toContain('Aurora');
      // analysis: the invalid answer and its retry; script: one answer
      const schemaNames = fake.requests.map((r) => ((r as { body?: { response_format?: { json_schema?: { name?: string } } } }).body?.response_format?.json_schema?.name));
      expect(schemaNames).toEqual(['analysis', 'analysis', 'script']);
    } finally {
      await ctx.close();
      await fake.close();
    }
  });

  it('fails the job with a clear error when the model answers invalid output twice', async () => {
    const fake = await startOpenAiFake({ invalidAnswers: 2 });
    const { ctx, token, D } = await aiContext({ AI_FETCH_ALLOWLIST: '127.0.0.1', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test-key' });
    try {
      const job = await runJob(ctx, token, '/api/gen-ai/analyze-navigation', { accountId: D, url: site.url('/') });
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/not a valid/);
    } finally {
      await ctx.close();
      await fake.close();
    }
  });
});
