/**
 * URL → vidbot with the embedded generator (issue 16 "Done when": the time from URL to vidbot for the
 * fixture site). The calls the URL wizard makes, against a real server on a fresh DATA_DIR (PGlite):
 * `POST /gen-ai/analyze-navigation` for the bakery fixture (server/test/fixtures/website, served on
 * 127.0.0.1) → `GET /gen-ai/status/{id}` until ready → `POST /gen-ai/script` with the first script
 * option → status until ready → `POST /gen-ai` with the script (the vidbot). Status is polled every
 * 50 ms here (the wizard polls every 5000 ms, so in the browser each job adds up to one interval);
 * the figures are the server's work. Median and max of RUNS runs, ms.
 *
 * Alone: `npm run bench -- ai` (replaces only this section of bench/RESULTS.md).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv } from '../server/src/env';
import { startServer } from '../server/src/server';
import { startWebsite } from '../server/test/fakes/website';

const RUNS = 5;
const HEAD = '## URL → vidbot, embedded generator (issue 16)';

async function idToken(url: string, clientId: string): Promise<string> {
  const res = await fetch(`${url}/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: 'owner@example.com', PASSWORD: 'Vidbot-demo-1' } }),
  });
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchAi(log: (s: string) => void): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-ai-'));
  const site = await startWebsite();
  const server = await startServer(loadEnv({ DATA_DIR: dataDir, PORT: '0', JOB_CONCURRENCY: '1', DATABASE_URL: '', AI_FETCH_ALLOWLIST: '127.0.0.1', OPENAI_BASE_URL: '' }));
  try {
    const token = await idToken(server.url, loadEnv({}).userPoolClientId);
    const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${server.url}/api${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const me = await call<{ roles: Array<{ accountId: number }> }>('GET', '/user/me');
    const accountId = me.roles[0]!.accountId;
    const wait = async (jobId: string) => {
      for (;;) {
        const job = await call<{ status: string; result: unknown; error: string | null }>('GET', `/gen-ai/status/${jobId}`);
        if (job.status === 'ready') return job.result as Record<string, unknown>;
        if (job.status === 'failed' || job.status === 'error') throw new Error(job.error ?? 'failed');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const analyze: number[] = [];
    const script: number[] = [];
    const create: number[] = [];
    const total: number[] = [];
    let slides = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const a = await call<{ jobId: string }>('POST', '/gen-ai/analyze-navigation', { accountId, url: site.url('/'), language: 'en' });
      const analysis = (await wait(a.jobId)) as { sourceInfo: unknown; scripts: unknown[]; navigation: unknown[] };
      const t1 = performance.now();
      const s = await call<{ jobId: string }>('POST', '/gen-ai/script', {
        accountId,
        language: 'en',
        tone: 'persuasive',
        sourceInfo: analysis.sourceInfo,
        details: analysis.scripts[0],
        navigation: analysis.navigation,
      });
      const scripted = (await wait(s.jobId)) as { sourceInfo: unknown; script: { nodes: unknown[] } };
      const t2 = performance.now();
      const bot = await call<{ mainBotId: number }>('POST', '/gen-ai', { accountId, botName: `Bakery ${i}`, sourceInfo: scripted.sourceInfo, script: scripted.script });
      const t3 = performance.now();
      slides = scripted.script.nodes.length;
      if (!bot.mainBotId) throw new Error('no bot');
      analyze.push(t1 - t0);
      script.push(t2 - t1);
      create.push(t3 - t2);
      total.push(t3 - t0);
    }
    const row = (name: string, xs: number[]) => `| ${name} | ${median(xs).toFixed(0)} | ${Math.max(...xs).toFixed(0)} |`;
    log(`${HEAD}\n`);
    log(
      `The bakery fixture site (8 pages; the analysis reads the start page and up to 5 navigation targets) on 127.0.0.1, ` +
        `owner token, status polled every 50 ms; ${RUNS} runs, ms. The vidbot has ${slides} slides.\n`,
    );
    log('| step | median ms | max ms |\n|---|---:|---:|');
    log(row('analysis job (fetch + parse + analyse)', analyze));
    log(row('script job', script));
    log(row('create the vidbot (POST /gen-ai)', create));
    log(row('**URL → vidbot**', total));
    log(
      `\nIn the browser the wizard polls every ${5000} ms, so a person waits about one interval per job on top ` +
        '(the streaming variant of the analysis answers as soon as the job ends).\n',
    );
  } finally {
    await server.close();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Puts `section` in place of this bench's section of RESULTS.md (or before "Machine load"). */
export function replaceAiSection(results: string, section: string): string {
  const body = section.endsWith('\n') ? section : `${section}\n`;
  const at = results.indexOf(HEAD);
  if (at >= 0) {
    const next = results.indexOf('\n## ', at + HEAD.length);
    return results.slice(0, at) + body + (next >= 0 ? results.slice(next + 1) : '');
  }
  const load = results.indexOf('## Machine load');
  return load >= 0 ? results.slice(0, load) + body + '\n' + results.slice(load) : `${results}\n${body}`;
}

/** Alone (`npm run bench -- ai`): prints the section and puts it into bench/RESULTS.md. */
export async function runAiAlone(): Promise<void> {
  const lines: string[] = [];
  const loadBefore = os.loadavg()[0]!;
  await benchAi((s) => {
    console.log(s);
    lines.push(s);
  });
  lines.push(
    `Run ${new Date().toISOString()} alone (\`npm run bench -- ai\`) on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; 1-minute load average ${loadBefore.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at end.\n`,
  );
  const file = path.join(import.meta.dirname, 'RESULTS.md');
  writeFileSync(file, replaceAiSection(readFileSync(file, 'utf8'), lines.join('\n')));
}
