#!/usr/bin/env node
/**
 * `npm test` — the one test command (README, .ci/run):
 *   1. typecheck (SPA and server),
 *   2. vitest: machines/SPA units, server integration tests on PGlite and on a real PostgreSQL server,
 *   3. production build, 4. Playwright journeys in Chromium against the real server.
 * PostgreSQL: TEST_DATABASE_URL when set; otherwise a throwaway cluster is started with the local
 * PostgreSQL binaries (Debian `postgresql` package) and removed afterwards.
 * Ends with the line `N passed, N failed`.
 */
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const results = [];
let passed = 0;
let failed = 0;

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
  return ok;
}

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a throwaway PostgreSQL cluster; returns { url, stop }. */
async function startThrowawayPostgres() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => path.join(base, v, 'bin')).find((d) => existsSync(path.join(d, 'initdb')));
  if (!bin) {
    throw new Error('PostgreSQL is not installed: install it (Debian: apt-get install postgresql) or set TEST_DATABASE_URL.');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-pg-'));
  chmodSync(dir, 0o777);
  const isRoot = process.getuid?.() === 0;
  const asPg = (file, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]);
  const port = await freePort();
  const [c1, a1] = asPg(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-U', 'vidbot', '--auth=trust', '-E', 'UTF8']);
  execFileSync(c1, a1, { stdio: 'ignore' });
  const [c2, a2] = asPg(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  execFileSync(c2, a2, { stdio: 'ignore' });
  console.log(`Started a throwaway PostgreSQL (${bin}) on 127.0.0.1:${port}`);
  return {
    url: `postgres://vidbot@127.0.0.1:${port}/postgres`,
    stop() {
      const [c3, a3] = asPg(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      try { execFileSync(c3, a3, { stdio: 'ignore' }); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function countVitest(file) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    // A file that failed to load has no failed test but fails the run.
    if (json.success === false && !json.numFailedTests) failed += Math.max(1, json.numFailedTestSuites ?? 0);
  } catch { failed += 1; }
}

function countPlaywright(file) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    // A flaky test passed on retry: it counts as passed here and Playwright lists it as flaky.
    passed += (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0);
    failed += json.stats?.unexpected ?? 0;
    if ((json.errors ?? []).length) failed += 1;
  } catch { failed += 1; }
}

let pgHandle;
let testDbUrl = process.env.TEST_DATABASE_URL;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vidbot-results-'));
try {
  if (!testDbUrl) {
    pgHandle = await startThrowawayPostgres();
    testDbUrl = pgHandle.url;
  }
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']) || (failed += 1);
  const vitestJson = path.join(tmp, 'vitest.json');
  step('vitest (unit, server on PGlite, server on PostgreSQL)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], { TEST_DATABASE_URL: testDbUrl });
  countVitest(vitestJson);
  if (step('build', 'npm', ['run', '--silent', 'build'])) {
    step('size budget (scripts/size-budget.mjs)', 'node', ['scripts/size-budget.mjs']) || (failed += 1);
    const pwJson = path.join(tmp, 'playwright.json');
    step('playwright (Chromium, real server)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, TEST_DATABASE_URL: testDbUrl });
    countPlaywright(pwJson);
  } else {
    failed += 1;
  }
} catch (err) {
  console.error(String(err?.message ?? err));
  failed += 1;
} finally {
  pgHandle?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
console.log('\n' + results.join('\n'));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
