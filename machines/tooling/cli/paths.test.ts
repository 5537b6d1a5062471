// @vitest-environment node
/**
 * `npm run paths` (issue 14 "Paths"): argument handling, the Markdown test script, the JSON the e2e
 * replay consumes, and `--bot` against a local HTTP server that answers `GET /api/public/bot/{id}`
 * like the real one (a PlayerBot; 404 for an unknown id), plus a server that is not there.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineCatalog } from '../../catalog';
import { machinePaths } from '../../catalog.paths';
import { demoVidbot } from '../../vidbot/vidbot.fixtures';
import type { PathsDocument } from '../format';
import { plainEvent } from '../paths';
import { runPaths } from './paths';

async function run(argv: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runPaths(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env, fetch });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run paths: arguments', () => {
  it('an unknown machine exits 2 and lists every catalog name', async () => {
    const r = await run(['nope']);
    expect(r.status).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('Unknown machine "nope"');
    for (const e of machineCatalog) expect(r.err).toContain(e.name);
  });

  it('no machine, two machines, two strategies or a bad format exit 2 with the usage', async () => {
    for (const argv of [[], ['session', 'upload'], ['session', '--shortest', '--simple'], ['session', '--format', 'xml'], ['session', '--nope']]) {
      const r = await run(argv);
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toContain('Usage:');
    }
  });

  it('--bot with a machine name, or without an id, exits 2', async () => {
    expect((await run(['session', '--bot', 'x'])).status).toBe(2);
    expect((await run(['--bot', ' '])).status).toBe(2);
  });
});

describe('npm run paths: output', () => {
  it('JSON is { machine, strategy, paths } with the catalog paths and JSON-safe events', async () => {
    const r = await run(['analyticsExport', '--format', 'json']);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out) as PathsDocument;
    const expected = machinePaths('analyticsExport');
    expect(doc.machine).toBe('analyticsExport');
    expect(doc.strategy).toBe('tour');
    expect(doc.paths.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(doc.paths[0]).toMatchObject({ machine: 'analyticsExport', inputName: 'default', start: { state: expected[0]!.start.state } });
    // Events are plainEvent copies (Error instances become { name, message }).
    expect(doc.paths.flatMap((p) => p.steps.map((s) => s.event))).toEqual(expected.flatMap((p) => p.steps.map((s) => plainEvent(s.event))));
    const thrown = expected.flatMap((p) => p.steps).findIndex((s) => (s.event as { error?: unknown }).error instanceof Error);
    if (thrown >= 0) expect(doc.paths.flatMap((p) => p.steps)[thrown]!.event).toMatchObject({ error: { message: expect.any(String) } });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('--shortest and --simple change the strategy', async () => {
    const shortest = JSON.parse((await run(['uploadQueue', '--shortest', '--format', 'json'])).out) as PathsDocument;
    expect(shortest.strategy).toBe('shortest');
    expect(shortest.paths.map((p) => p.id)).toEqual(machinePaths('uploadQueue', 'shortest').map((p) => p.id));
    const simple = JSON.parse((await run(['vidbot', '--simple', '--format', 'json'])).out) as PathsDocument;
    expect(simple.strategy).toBe('simple');
    expect(simple.paths.length).toBe(machinePaths('vidbot', 'simple').length);
  });

  it('Markdown: a heading per path with title and id, the input, numbered steps with payload and state', async () => {
    const r = await run(['session', '--shortest']);
    expect(r.status).toBe(0);
    const paths = machinePaths('session', 'shortest');
    expect(r.out.split('\n')[0]).toBe('# Paths of `session` (shortest)');
    expect(r.out).toContain(`## 1. ${paths[0]!.title}`);
    expect(r.out).toContain(`Id \`${paths[0]!.id}\` · input \`default\``);
    expect(r.out).toContain(`Starts in \`${paths[0]!.start.state}\`.`);
    expect(r.out).toMatch(/\n1\. Send `xstate\.done\.actor\.loadSession` with \{output: null\} → now in `signedOut`\n/);
    expect(r.out).toContain('Send `session.signIn` with {credentials: {email: "owner@example.com"');
    expect((r.out.match(/^## \d+\. /gm) ?? []).length).toBe(paths.length);
  });
});

describe('npm run paths -- --bot', () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/api/public/bot/demo-bot') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(demoVidbot));
      } else if (req.url === '/api/public/bot/html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>');
      } else {
        res.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ title: 'Vidbot not found.' }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the published bot from the public player API and prints the paths of its compiled chart', async () => {
    const r = await run(['--bot', 'demo-bot', '--server', `${base}/`, '--format', 'json']);
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    expect(requests.at(-1)).toBe('/api/public/bot/demo-bot');
    const doc = JSON.parse(r.out) as PathsDocument;
    expect(doc.bot).toEqual({ publicId: 'demo-bot', name: 'Demo vidbot', revisionId: 70 });
    // The demo vidbot compiles to the catalog's vidbot chart, so the paths are the catalog's.
    expect(doc.paths.map((p) => p.id)).toEqual(machinePaths('vidbot').map((p) => p.id));
    expect(doc.paths.flatMap((p) => p.steps.map((s) => s.event.type))).toContain('button.1');
  });

  it('uses PUBLIC_URL when no --server is given; Markdown names the bot', async () => {
    const r = await run(['--bot', 'demo-bot'], { PUBLIC_URL: base });
    expect(r.status).toBe(0);
    expect(r.out.split('\n')[0]).toBe('# Paths of the vidbot “Demo vidbot” (`demo-bot`) (tour)');
    expect(r.out).toContain('Send `button.1` → now in `slide-2`');
  });

  it('404: a clear message and exit 1', async () => {
    const r = await run(['--bot', 'missing', '--server', base]);
    expect(r.status).toBe(1);
    expect(r.err).toContain('No published vidbot "missing"');
    expect(r.err).toContain('(404)');
  });

  it('an answer that is not a vidbot, or no server at all: a clear message and exit 1', async () => {
    const html = await run(['--bot', 'html', '--server', base]);
    expect(html.status).toBe(1);
    expect(html.err).toContain('did not answer JSON');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = await run(['--bot', 'demo-bot', '--server', `http://127.0.0.1:${port}`]);
    expect(gone.status).toBe(1);
    expect(gone.err).toContain(`Cannot reach the Vidbot server at http://127.0.0.1:${port}`);
  });
});
