#!/usr/bin/env node
/**
 * Bundles the server (server/src/index.ts and everything it imports from server/src) into one
 * JavaScript module that plain `node` runs, for `npm start` (issue 10 §2 "Server memory").
 *
 * Running the TypeScript sources through tsx (`node --import tsx`) keeps tsx's module-loader thread —
 * a second V8 isolate — and its transpile work in the server process for its whole life: about 55 MiB
 * of idle RSS (bench/RESULTS.md "Server idle memory"). esbuild (tsx's own transpiler) builds the same
 * code ahead of time in well under a second, so `npm start` bundles on every start and is never stale.
 *
 * - npm packages stay external (`packages: 'external'`): node loads them from node_modules exactly as
 *   under tsx, lazily imported ones (pg, aws-sdk, …) still lazily.
 * - `import.meta.url` / `import.meta.dirname` / `import.meta.filename` in server sources are replaced
 *   by the source file's own values, so module-relative paths (drizzle migrations, package.json,
 *   pglite-initdb.mjs) resolve as they do under tsx.
 * - The output goes to node_modules/.cache/vidbot/server.mjs (never under dist/, which is served
 *   publicly), with a linked source map for debugging.
 *
 * Usage: `node scripts/build-server.mjs` builds and prints `serverLaunch(bundle)` as JSON (bench/memory.ts,
 * server/test/bundle.test.ts); `buildServer()` returns the bundle's path.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the bundle is written. */
export const serverBundle = path.join(root, 'node_modules', '.cache', 'vidbot', 'server.mjs');

/** esbuild, as installed for tsx (a dependency), so the build uses the transpiler tsx uses. */
function loadEsbuild() {
  const require = createRequire(import.meta.url);
  try {
    return require('esbuild');
  } catch {
    return createRequire(require.resolve('tsx')).call(null, 'esbuild');
  }
}

/**
 * Replaces `import.meta.url|dirname|filename` in the project's own sources (server/src and the
 * scripts it imports, e.g. scripts/toolchain.mjs) by the file's own values; node_modules untouched.
 */
const importMetaPlugin = {
  name: 'vidbot-import-meta',
  setup(build) {
    const ownDirs = [path.join(root, 'server', 'src') + path.sep, path.join(root, 'scripts') + path.sep];
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (!ownDirs.some((dir) => args.path.startsWith(dir))) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') };
    });
  },
};

/**
 * Builds server/src/index.ts into `serverBundle`.
 * @returns the bundle's absolute path.
 * @throws esbuild's error when the sources do not build.
 */
export async function buildServer() {
  const esbuild = loadEsbuild();
  try {
    await esbuild.build({
      entryPoints: [path.join(root, 'server', 'src', 'index.ts')],
      outfile: serverBundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      tsconfig: path.join(root, 'server', 'tsconfig.json'),
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [importMetaPlugin],
    });
  } finally {
    // esbuild's service process would otherwise stay alive beside the server for npm start's lifetime.
    await esbuild.stop();
  }
  return serverBundle;
}

/**
 * How `npm start` runs the bundle: node's arguments and the environment it adds (the caller's own
 * environment wins).
 * - `--enable-source-maps`: stack traces name server/src files and lines, as under tsx (~4 MiB heap).
 * - `MALLOC_TRIM_THRESHOLD_=131072` (glibc; ignored elsewhere): free() hands memory at the top of a
 *   malloc arena back to the OS once 128 KiB are free, instead of a threshold glibc raises as large
 *   blocks come and go. PGlite's wasm compilers and the start-up work leave tens of MiB free in the
 *   arenas of V8's worker threads; with it the idle server is ~20–30 MiB smaller (bench/RESULTS.md
 *   "Server idle memory"); ffmpeg, which inherits it, transcodes in the same CPU time.
 * @param bundle the path `buildServer` returned.
 * @returns `{ nodeArgs: string[], env: Record<string, string> }`.
 */
export function serverLaunch(bundle) {
  return { nodeArgs: ['--enable-source-maps', bundle], env: { MALLOC_TRIM_THRESHOLD_: '131072' } };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(serverLaunch(await buildServer())));
}
