#!/usr/bin/env node
/**
 * `npm start`: builds the SPA and embed bundles when dist/ is missing or older than the sources,
 * then bundles the server (scripts/build-server.mjs) and starts it (embedded defaults: PGlite + media
 * under ./data, local identity provider).
 * The server prints the URL and the demo sign-in.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sourcesAt = Math.max(...['src', 'embed', 'machines'].map(newestMtime), statSync('index.html').mtimeMs);
if (builtAt < sourcesAt || process.env.VIDBOT_REBUILD === '1') {
  console.log('Building the web app (first start or changed sources)…');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server runs as one pre-built JavaScript bundle, not through tsx: ~60 MiB less resident memory
// (scripts/build-server.mjs, bench/RESULTS.md "Server idle memory"). `npm run server` still uses tsx.
const { buildServer, serverLaunch } = await import('./build-server.mjs');
const launch = serverLaunch(await buildServer());
const child = spawn(process.execPath, launch.nodeArgs, { stdio: 'inherit', env: { ...launch.env, ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
