/**
 * `npm start` runs the server as one bundle built by scripts/build-server.mjs (issue 10 §2 "Server
 * memory": no tsx loader in the server process). The bundled server must behave as the TypeScript
 * sources under tsx: it creates and migrates a fresh PGlite DATA_DIR, seeds the demo, signs in, and
 * module-relative paths (migrations, package.json, pglite-initdb.mjs) resolve from the sources.
 * PGlite only: the spawned server uses its own embedded database.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dbVariant } from './harness';
import { REPO_ROOT, demoAccountId, freePort, signIn, startServerProcess, type ServerProcess } from './tus-resume';

describe.skipIf(dbVariant === 'postgres')('bundled server (npm start)', () => {
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bundle-'));
  afterAll(async () => {
    await server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds, starts on a fresh DATA_DIR and answers as the sources do', async () => {
    // How scripts/start.mjs runs it (`serverLaunch`).
    const launch = JSON.parse(execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' })) as {
      nodeArgs: string[];
      env: Record<string, string>;
    };
    const bundle = launch.nodeArgs.at(-1)!;
    expect(bundle).toMatch(/node_modules\/\.cache\/vidbot\/server\.mjs$/);
    // The bundle carries no tsx and no TypeScript: plain node runs it.
    const code = readFileSync(bundle, 'utf8');
    expect(code).not.toMatch(/from ["']tsx/);
    expect(code).not.toContain('import.meta.url');

    // A wrong npm_package_version proves the version is read from package.json beside the sources.
    server = await startServerProcess({ dataDir, port: await freePort(), nodeArgs: launch.nodeArgs, env: { ...launch.env, npm_package_version: '0.0.0-env' }, timeoutMs: 200_000 });
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    const token = await signIn(server.url);
    expect(await demoAccountId(server.url, token)).toBeGreaterThan(0);
    const global = (await (await fetch(`${server.url}/api/global`, { headers: { authorization: `Bearer ${token}` } })).json()) as { version: string };
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(global.version).toBe(pkg.version);
    // A first start runs initdb in a child process: minutes on a loaded 2-core machine.
  }, 240_000);
});
