/**
 * The OpenAI-compatible generator (issue 16; ai.openai.ts) through the local fake of the chat
 * completions API (server/test/fakes/openai.ts): the official SDK's request (auth, model, strict
 * json_schema from the valibot schemas), answers validated with the same schemas, relative links made
 * absolute, the prompt's fallback keywords, one invalid answer retried with its issues, two → GeneratorError,
 * a refused request → GeneratorError, a connection failure → a temporary error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AnalysisResult, Script, ScriptResult, type AnalysisResult as Analysis } from './ai.schemas';
import { createOpenAiGenerator, INPUT_MARKER, structuredOutputSchema } from './ai.openai';
import { GeneratorError, type StatusSink } from './ai.types';
import { INVALID_ANSWER, startOpenAiFake, type OpenAiFake } from '../../../test/fakes/openai';
import { bakeryCapture } from '../../../test/ai-bakery';

const ORIGIN = 'http://127.0.0.1:4173';
const KEY = 'sk-test-vidbot';
/** A signal per generation, as the job runner gives (the SDK listens on it per request). */
const fresh = () => new AbortController().signal;
let fake: OpenAiFake;

beforeAll(async () => {
  fake = await startOpenAiFake({ apiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.invalidAnswers = 0;
});

function sink() {
  const statuses: string[] = [];
  const status: StatusSink = async (s) => {
    statuses.push(s);
  };
  return { statuses, status };
}

const generator = () => createOpenAiGenerator({ baseUrl: fake.baseUrl, apiKey: KEY, model: 'fake-model', maxRetries: 0 });
const analyze = (g = generator()) => g.analyze({ site: bakeryCapture(ORIGIN), scriptType: 'website', language: 'en' }, sink().status, fresh());

interface SentMessage {
  role: string;
  content: string;
}
const messagesOf = (i: number) => fake.requests[i]!.body!.messages as SentMessage[];

describe('OpenAI-compatible generator through the fake', () => {
  it('analyses the site with one structured-output request and validates the answer', async () => {
    const { statuses, status } = sink();
    const g = generator();
    expect([g.name, g.model]).toEqual(['openai', 'fake-model']);
    const result = await g.analyze({ site: bakeryCapture(ORIGIN), scriptType: 'website', language: 'en' }, status, fresh());
    expect(v.safeParse(AnalysisResult, result).success).toBe(true);
    expect(result.sourceInfo.sourceName).toBe('Aurora Bakery');
    expect(statuses).toEqual(['analyzing_content', 'analyzing_source', 'generating_suggestions', 'analyzing_navigation']);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toMatchObject({
      model: 'fake-model',
      response_format: { type: 'json_schema', json_schema: { name: 'analysis', strict: true, schema: { type: 'object' } } },
    });
    const [system, user] = messagesOf(0);
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('English');
    expect(user!.content).toContain(INPUT_MARKER);
    expect(user!.content).toContain('Fresh sourdough every morning');
  });

  it('makes relative links of the answer absolute against the site (spec 001 §9)', async () => {
    const { navigation } = await analyze();
    // The fake answers its last navigation link as a path ('/contact.html').
    expect(navigation.map((l) => l.url)).toEqual([
      `${ORIGIN}/products.html`,
      `${ORIGIN}/catering/`,
      `${ORIGIN}/about.html`,
      `${ORIGIN}/pricing.html`,
      `${ORIGIN}/contact.html`,
    ]);
  });

  it('writes a script with the tone and language asked for', async () => {
    const analysis: Analysis = await analyze();
    fake.requests.length = 0;
    const { statuses, status } = sink();
    const script = await generator().script(
      { sourceInfo: analysis.sourceInfo, details: analysis.scripts[0]!, navigation: analysis.navigation, scriptType: 'website', tone: 'storytelling', language: 'fi' },
      status,
      fresh(),
    );
    expect(v.safeParse(Script, script).success).toBe(true);
    expect(statuses).toEqual(['generating_script']);
    expect(script.nodes[0]!.content.text).toMatch(/^\[storytelling\] Tervetuloa Aurora Bakery/);
    expect(fake.requests[0]!.body).toMatchObject({ response_format: { json_schema: { name: 'script' } } });
    expect(messagesOf(0)[0]!.content).toContain('Finnish');
    expect(messagesOf(0)[0]!.content).toContain('storytelling');
  });

  it("answers prompt scripts with the prompt's first five words as fallback keywords, and sends Improve's feedback", async () => {
    const g = generator();
    const prompt = 'Welcome visitors to our yoga studio in Turku. Explain the beginner classes. Invite them to book a trial.';
    const first = await g.fromPrompt({ prompt, tone: 'bold', language: 'en', botName: 'Yoga Turku' }, sink().status, fresh());
    expect(v.safeParse(ScriptResult, first).success).toBe(true);
    expect(first.sourceInfo).toEqual({ sourceName: 'Yoga Turku', sourceType: 'prompt', mainKeywords: ['Welcome', 'visitors', 'to', 'our', 'yoga'] });
    expect(fake.requests[0]!.body).toMatchObject({ response_format: { json_schema: { name: 'prompt_script' } } });

    const improved = await g.fromPrompt(
      { prompt, tone: 'bold', language: 'en', botName: 'Yoga Turku', feedback: 'Mention the sauna.', previousScript: first.script },
      sink().status,
      fresh(),
    );
    expect(improved.script.nodes[0]!.content.text).toContain('(Mention the sauna.)');
    const sent = messagesOf(1)[1]!.content;
    expect(sent).toContain('Improve the previous script');
    expect(JSON.parse(sent.slice(sent.lastIndexOf(INPUT_MARKER) + INPUT_MARKER.length))).toMatchObject({ feedback: 'Mention the sauna.', previousScript: first.script });
  });

  it('asks once more with the validation issues when an answer is invalid', async () => {
    fake.invalidAnswers = 1;
    const result = await analyze();
    expect(v.safeParse(AnalysisResult, result).success).toBe(true);
    expect(fake.requests).toHaveLength(2);
    const retry = messagesOf(1);
    expect(retry).toHaveLength(4);
    expect(retry[2]).toEqual({ role: 'assistant', content: INVALID_ANSWER });
    expect(retry[3]!.role).toBe('user');
    expect(retry[3]!.content).toContain('does not match the JSON schema "analysis"');
    expect(retry[3]!.content).toMatch(/sourceInfo\.sourceName: sourceName is required\./);
    expect(retry[3]!.content).toContain('scripts');
  });

  it('fails with GeneratorError when the second answer is invalid too', async () => {
    fake.invalidAnswers = 2;
    const error = await analyze().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as Error).message).toMatch(/^The model's answer was not a valid analysis \(/);
    expect(fake.requests).toHaveLength(2);

    fake.invalidAnswers = 2;
    const scriptError = await generator()
      .fromPrompt({ prompt: 'A short hello.', tone: 'persuasive', language: 'en', botName: 'Hi' }, sink().status, fresh())
      .catch((e: unknown) => e);
    expect((scriptError as Error).message).toMatch(/^The model's answer was not a valid script/);
  });

  it('turns a refused request (wrong key) into GeneratorError, and a connection failure into a temporary error', async () => {
    const wrongKey = createOpenAiGenerator({ baseUrl: fake.baseUrl, apiKey: 'sk-wrong', model: 'fake-model', maxRetries: 0 });
    const refused = await analyze(wrongKey).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GeneratorError);
    expect((refused as Error).message).toContain('(401)');

    const closed = await startOpenAiFake();
    await closed.close();
    const unreachable = createOpenAiGenerator({ baseUrl: closed.baseUrl, apiKey: KEY, model: 'fake-model', maxRetries: 0 });
    const temporary = await analyze(unreachable).catch((e: unknown) => e);
    expect(temporary).toBeInstanceOf(Error);
    expect(temporary).not.toBeInstanceOf(GeneratorError);
  });

  it('stops when the job is cancelled', async () => {
    const g = generator();
    await expect(g.analyze({ site: bakeryCapture(ORIGIN), scriptType: 'website', language: 'en' }, sink().status, AbortSignal.abort())).rejects.toThrow();
  });
});

describe('structured output schema', () => {
  it('is strict-mode JSON Schema: objects closed with every property required, anyOf instead of oneOf, no valibot keys', () => {
    for (const schema of [AnalysisResult, Script, ScriptResult]) {
      const json = JSON.stringify(structuredOutputSchema(schema));
      expect(json).not.toContain('"oneOf"');
      expect(json).not.toContain('"ref"');
      expect(json).not.toContain('"$schema"');
      expect(json).not.toContain('"const"');
    }
    const script = JSON.stringify(structuredOutputSchema(Script));
    expect(script).toContain('"anyOf"');
    expect(script).toContain('"enum":["internal"]');
  });
});

describe('the fake follows the documented chat completions API', () => {
  it('refuses a request without a key or model, and answers the documented shape', async () => {
    const url = `${fake.baseUrl}/chat/completions`;
    const noKey = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${KEY}` };
    const noModel = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }) });
    expect(noModel.status).toBe(400);
    expect(await noModel.json()).toMatchObject({ error: { param: 'model' } });
    const notStrict = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: { type: 'object', properties: { a: { type: 'string' } } } } },
      }),
    });
    expect(notStrict.status).toBe(400);
    const ok = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(await ok.json()).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }],
      usage: { total_tokens: expect.any(Number) },
    });
  });
});
