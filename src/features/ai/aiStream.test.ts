// @vitest-environment node
/**
 * The AI analysis stream reader and the streamJob actor (issue 16; spec 001 §7 streaming variant):
 * event-stream framing across arbitrary chunk boundaries, `[DONE]`, validation against
 * `AiStreamEvent`, unknown types passed on, and the actor against a real HTTP server (node:http)
 * streaming `text/event-stream` in separate writes: bearer token and body sent, events in order,
 * a not-OK answer as an HttpError, a body without `[DONE]`, abort on stop, and the job chart driven
 * end to end by it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AiStreamFormatError, EventStreamDecoder, parseStreamData, readAiStream, type AiStreamItem } from './aiStream';
import { runAiStream, streamJobLogic } from './aiJob.actors';
import { HttpError } from '../../api/client';
import { aiJobMachine } from '../../../machines/aiJob/aiJob.machine';
import type { AiStreamActorEvent, PollJobInput } from '../../../machines/aiJob/aiJob.actors';
import { JOB_ID, analysisResult, analyzeRequest, jobAnswer, promptRequest } from '../../../machines/aiJob/aiJob.paths';

const data = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;
const SAMPLE = [
  data({ type: 'status', status: 'queued', jobId: JOB_ID }),
  ': keep-alive comment\n\n',
  data({ type: 'source_info', sourceInfo: { sourceName: 'Leipomo Äänekoski', sourceType: 'website', mainKeywords: ['ruisleipä'] } }),
  'event: message\nid: 7\ndata: {"type":"heartbeat",\ndata: "at":1}\n\n',
  data({ type: 'status', status: 'analyzing_content' }),
  'data: [DONE]\n\n',
].join('');

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function bodyOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> & { cancelled: boolean } {
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
    cancel() {
      (stream as unknown as { cancelled: boolean }).cancelled = true;
    },
  }) as ReadableStream<Uint8Array> & { cancelled: boolean };
  stream.cancelled = false;
  return stream;
}

async function readAll(chunks: Uint8Array[]) {
  const items: AiStreamItem[] = [];
  const end = await readAiStream(bodyOf(chunks), (item) => items.push(item));
  return { items, end };
}

describe('EventStreamDecoder and parseStreamData', () => {
  it('frames events across every split point, with \\n, \\r\\n and \\r line ends', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = SAMPLE.replace(/\n/g, eol);
      const whole = new EventStreamDecoder();
      const expected = [...whole.push(text), ...whole.end()];
      expect(expected).toHaveLength(5);
      expect(expected[2]).toBe('{"type":"heartbeat",\n"at":1}');
      expect(expected[4]).toBe('[DONE]');
      for (let cut = 1; cut < text.length; cut++) {
        const d = new EventStreamDecoder();
        expect([...d.push(text.slice(0, cut)), ...d.push(text.slice(cut)), ...d.end()], `${JSON.stringify(eol)} cut at ${cut}`).toEqual(expected);
      }
    }
  });

  it('keeps a last event the body ended without a blank line after; an event without data is nothing', () => {
    const d = new EventStreamDecoder();
    expect(d.push('event: ping\n\ndata: [DONE]')).toEqual([]);
    expect(d.end()).toEqual(['[DONE]']);
  });

  it('parses [DONE], known types (validated) and passes unknown types on', () => {
    expect(parseStreamData('[DONE]')).toEqual({ kind: 'done' });
    expect(parseStreamData(JSON.stringify({ type: 'scripts', scripts: analysisResult.scripts }))).toEqual({ kind: 'event', event: { type: 'scripts', scripts: analysisResult.scripts } });
    expect(parseStreamData(JSON.stringify({ type: 'error', message: 'Job failed' }))).toEqual({ kind: 'event', event: { type: 'error', message: 'Job failed' } });
    expect(parseStreamData('{"type":"heartbeat","at":1}')).toEqual({ kind: 'unknown', type: 'heartbeat' });
  });

  it.each([
    ['not JSON', 'status: queued', /not JSON/],
    ['no type', '{"status":"queued"}', /without a type/],
    ['a JSON string', '"status"', /without a type/],
    ['a known type with a bad payload', '{"type":"status","status":"sleeping"}', /invalid status event \(status\)/],
    ['navigation with a relative URL', JSON.stringify({ type: 'navigation', navigation: [{ name: 'Pricing', url: 'pricing.html', callToAction: '', description: '' }] }), /invalid navigation event/],
  ])('refuses %s with AiStreamFormatError', (_label, text, message) => {
    expect(() => parseStreamData(text)).toThrow(AiStreamFormatError);
    expect(() => parseStreamData(text)).toThrow(message);
  });
});

describe('readAiStream', () => {
  it('decodes UTF-8 split inside a character, reads items in order and stops at [DONE] (rest cancelled)', async () => {
    const all = bytes(SAMPLE + data({ type: 'status', status: 'ready' }));
    // Split every 3 bytes: 'Ä' and 'ä' (2 bytes each) land across chunk boundaries.
    const chunks = Array.from({ length: Math.ceil(all.length / 3) }, (_, i) => all.slice(i * 3, i * 3 + 3));
    const body = bodyOf(chunks);
    const items: AiStreamItem[] = [];
    expect(await readAiStream(body, (item) => items.push(item))).toBe('done');
    expect(items.map((i) => (i.kind === 'event' ? i.event.type : i.kind))).toEqual(['status', 'source_info', 'unknown', 'status', 'done']);
    expect(items[1]).toMatchObject({ event: { sourceInfo: { sourceName: 'Leipomo Äänekoski', mainKeywords: ['ruisleipä'] } } });
    expect(body.cancelled).toBe(true);
  });

  it("answers 'ended' when the body ends without [DONE], and reads a [DONE] without the final blank line", async () => {
    expect((await readAll([bytes(data({ type: 'status', status: 'queued', jobId: JOB_ID }))])).end).toBe('ended');
    const { items, end } = await readAll([bytes(data({ type: 'status', status: 'queued' })), bytes('data: [DONE]\n')]);
    expect(end).toBe('done');
    expect(items.at(-1)).toEqual({ kind: 'done' });
  });

  it('throws on a malformed line after delivering the items before it', async () => {
    const items: AiStreamItem[] = [];
    await expect(readAiStream(bodyOf([bytes(data({ type: 'status', status: 'queued' }) + 'data: {oops\n\n')]), (i) => items.push(i))).rejects.toThrow(AiStreamFormatError);
    expect(items).toHaveLength(1);
  });
});

/** A real HTTP server answering POST /api/gen-ai/analyze-navigation/stream with `script`. */
type Script = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;
const servers: Server[] = [];
async function streamServer(script: Script) {
  const requests: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: string }> = [];
  const closed: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.on('close', () => closed.push(req.url ?? ''));
      void script(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { baseUrl, requests, closed };
}
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
  vi.restoreAllMocks();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sse = (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });

async function run(baseUrl: string, request = analyzeRequest, signal = new AbortController().signal) {
  const events: AiStreamActorEvent[] = [];
  await runAiStream(request, (e) => events.push(e), signal, { fetch: globalThis.fetch, baseUrl, headers: async () => ({ Authorization: 'Bearer id-token-1' }) });
  return events;
}

describe('streamJob against a real event-stream server', () => {
  it('posts the body with the bearer token and sends each event, then stream.done', async () => {
    const s = await streamServer(async (_req, res) => {
      sse(res);
      for (const event of [
        { type: 'status', status: 'queued', jobId: JOB_ID },
        { type: 'status', status: 'fetching_url' },
        { type: 'source_info', sourceInfo: analysisResult.sourceInfo },
        { type: 'heartbeat' },
        { type: 'scripts', scripts: analysisResult.scripts },
        { type: 'navigation', navigation: analysisResult.navigation },
      ]) {
        res.write(data(event));
        await pause(5);
      }
      res.end('data: [DONE]\n\n');
    });
    const events = await run(s.baseUrl);
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]).toMatchObject({ method: 'POST', url: '/api/gen-ai/analyze-navigation/stream' });
    expect(s.requests[0]!.headers.authorization).toBe('Bearer id-token-1');
    expect(s.requests[0]!.headers.accept).toBe('text/event-stream');
    expect(JSON.parse(s.requests[0]!.body)).toEqual(analyzeRequest.body);
    expect(events).toEqual([
      { type: 'stream.event', event: { type: 'status', status: 'queued', jobId: JOB_ID } },
      { type: 'stream.event', event: { type: 'status', status: 'fetching_url' } },
      { type: 'stream.event', event: { type: 'source_info', sourceInfo: analysisResult.sourceInfo } },
      { type: 'stream.unknown', eventType: 'heartbeat' },
      { type: 'stream.event', event: { type: 'scripts', scripts: analysisResult.scripts } },
      { type: 'stream.event', event: { type: 'navigation', navigation: analysisResult.navigation } },
      { type: 'stream.done' },
    ]);
  });

  it('an answer not OK fails the stream with an HttpError carrying status and message', async () => {
    const s = await streamServer((_req, res) => {
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'featureDisabled', detail: 'Generative AI is not enabled for this account.' }));
    });
    const events = await run(s.baseUrl);
    expect(events).toHaveLength(1);
    const failed = events[0] as Extract<AiStreamActorEvent, { type: 'stream.failed' }>;
    expect(failed.type).toBe('stream.failed');
    expect(failed.error).toBeInstanceOf(HttpError);
    expect(failed.error).toMatchObject({ status: 403, code: 'featureDisabled', message: 'Generative AI is not enabled for this account.' });
  });

  it('a body ending without [DONE], or a malformed event, fails the stream after the events read', async () => {
    const cut = await streamServer((_req, res) => {
      sse(res);
      res.end(data({ type: 'status', status: 'queued', jobId: JOB_ID }));
    });
    const events = await run(cut.baseUrl);
    expect(events.map((e) => e.type)).toEqual(['stream.event', 'stream.failed']);
    expect(String((events[1] as { error: Error }).error.message)).toContain('without [DONE]');
    const bad = await streamServer((_req, res) => {
      sse(res);
      res.end(`${data({ type: 'status', status: 'queued', jobId: JOB_ID })}data: {"type":"scripts","scripts":"none"}\n\n`);
    });
    const badEvents = await run(bad.baseUrl);
    expect(badEvents.map((e) => e.type)).toEqual(['stream.event', 'stream.failed']);
    expect((badEvents[1] as { error: unknown }).error).toBeInstanceOf(AiStreamFormatError);
  });

  it('a refused connection fails the stream; a kind without a streaming variant fails at once', async () => {
    const s = await streamServer((_req, res) => void res.end());
    const closedUrl = s.baseUrl.replace(/:\d+\//, ':1/');
    expect((await run(closedUrl)).map((e) => e.type)).toEqual(['stream.failed']);
    expect((await run(s.baseUrl, promptRequest)).map((e) => e.type)).toEqual(['stream.failed']);
    expect(s.requests).toEqual([]);
  });

  it('stopping the actor aborts the request: the server sees the connection close, nothing more is sent', async () => {
    let ranToTheEnd = false;
    const s = await streamServer(async (_req, res) => {
      sse(res);
      res.write(data({ type: 'status', status: 'queued', jobId: JOB_ID }));
      for (let i = 0; i < 200 && !res.destroyed; i++) {
        await pause(10);
        if (!res.destroyed) res.write(': still working\n\n');
      }
      if (!res.destroyed) ranToTheEnd = true;
      res.end();
    });
    const parent = createActor(
      aiJobMachine.provide({
        actors: { streamJob: streamJobLogic({ baseUrl: s.baseUrl, headers: async () => ({}) }) },
      }),
      { input: { request: analyzeRequest, streaming: true } },
    );
    parent.start();
    await waitFor(parent, (snap) => snap.context.jobId === JOB_ID, { timeout: 5000 });
    parent.stop();
    await vi.waitFor(() => expect(s.closed).toEqual(['/api/gen-ai/analyze-navigation/stream']), { timeout: 5000 });
    expect(ranToTheEnd).toBe(false);
    // The run itself: after the abort it sends nothing (no stream.failed for a stop).
    const controller = new AbortController();
    const events: AiStreamActorEvent[] = [];
    const running = runAiStream(
      analyzeRequest,
      (e) => {
        events.push(e);
        controller.abort();
      },
      controller.signal,
      { fetch: globalThis.fetch, baseUrl: s.baseUrl, headers: async () => ({}) },
    );
    await running;
    expect(events.map((e) => e.type)).toEqual(['stream.event']);
    await vi.waitFor(() => expect(s.closed).toHaveLength(2), { timeout: 5000 });
    expect(ranToTheEnd).toBe(false);
  });

  it('drives the job chart: stream events fill the context, [DONE] polls once, the outcome is the stored job', async () => {
    const s = await streamServer(async (_req, res) => {
      sse(res);
      res.write(data({ type: 'status', status: 'queued', jobId: JOB_ID }));
      await pause(5);
      res.write(data({ type: 'source_info', sourceInfo: analysisResult.sourceInfo }) + data({ type: 'scripts', scripts: analysisResult.scripts }));
      res.write(data({ type: 'navigation', navigation: analysisResult.navigation }) + data({ type: 'status', status: 'ready' }));
      res.end('data: [DONE]\n\n');
    });
    const polls: PollJobInput[] = [];
    const ready = jobAnswer(analyzeRequest, { status: 'ready', withResult: true });
    const actor = createActor(
      aiJobMachine.provide({
        actors: {
          streamJob: streamJobLogic({ baseUrl: s.baseUrl, headers: async () => ({ Authorization: 'Bearer t' }) }),
          pollJob: fromPromise<unknown, PollJobInput>(async ({ input }) => {
            polls.push(input);
            return ready;
          }),
        },
      }),
      { input: { request: analyzeRequest, streaming: true } },
    ).start();
    const end = await waitFor(actor, (snap) => snap.status === 'done', { timeout: 5000 });
    expect(end.output).toEqual({ kind: 'ready', job: ready });
    expect(end.context.partial).toEqual(analysisResult);
    expect(polls).toEqual([{ jobId: JOB_ID }]);
  });
});
