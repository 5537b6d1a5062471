/**
 * Per-route message catalogs (issue 10 §2 size budget, follow-up of issue 11): the one Lingui catalog
 * per locale (src/locales/{locale}/messages.po, unchanged: extracted by `npm run i18n:extract`,
 * translated by hand) is compiled at build time into
 *   - a **shell** catalog: the messages of the modules the entry (src/main.tsx) reaches without
 *     entering a route file — the chrome of every page before a route renders: error pages, the
 *     session flows, toasts, the full-cover loader, the language switch;
 *   - one catalog **per route** of src/routeTree.gen.ts: the messages of the modules the route file
 *     reaches (not entering other route files), minus the shell's and its ancestor routes' (always
 *     matched with it);
   - one catalog per **lazily imported module** (`import('./X')` in an app module): the messages of
 *     the modules it reaches with static imports, minus the shell's — so code split off a route for
 *     the size budget takes its messages along.
 * Route and shell catalogs hold the messages of *static* import closures only.
 * src/i18n.ts loads the shell with the entry and the catalogs of a navigation's matched routes in the
 * root route's `beforeLoad` (src/routes/__root.tsx), so a route renders only once its messages are
 * in; the plugin rewrites every such `import('./X')` to `loadLazyCatalog('lazy:…', import('./X'))`
 * (src/i18n.ts), which resolves with the module once its catalog is in too. Switching language
 * reloads every catalog loaded so far in the new locale.
 *
 * Which module uses which message comes from the `#:` origins Lingui's extractor writes into the
 * source-locale .po (so `npm run i18n:extract` must have run after a source change — the lead's
 * merge step already does); which module reaches which comes from the import statements of the
 * sources (relative specifiers only: packages carry no app messages). Nothing is written to disk:
 * the Vite plugin `catalogSplit()` serves the catalogs as modules, so `npm run build` (and `vite dev`,
 * and the unit tests) always split the current .po files — new messages of other branches need no
 * extra step.
 *
 * Modules: `virtual:vidbot-catalogs` exports `shell`, `routes` (route id → loaders) and `lazy`
 * (`lazy:{file}` → loaders) of `{ [locale]: () => Promise<{ messages }> }`; each loader imports
 * `src/locales/{locale}/messages.po?catalog={group}` (group `shell`, `route:{route id}` or
 * `lazy:{file}`, URI-encoded),
 * which is also that catalog's key in dist/.vite/manifest.json (scripts/size-budget.mjs counts them).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { parseRouteTree } from './size-budget.mjs';

/** Id of the virtual module with the catalog loaders. */
export const VIRTUAL_ID = 'virtual:vidbot-catalogs';
/** Group name of the shell catalog. */
export const SHELL_GROUP = 'shell';
/** Group name of a route's catalog. */
export const routeGroup = (routeId) => `route:${routeId}`;

const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.js'];

/** Group name of a lazily imported module's catalog (`file` relative to the root, '/'). */
export const lazyGroup = (file) => `lazy:${file}`;

/** `import('./x')` with a relative literal specifier (group 2), quote in group 1. */
const DYNAMIC_IMPORT = /\bimport\(\s*(['"])(\.[^'"?]+)\1\s*\)/g;

/**
 * Relative import specifiers of a TypeScript/JavaScript source: `static` — imports and re-exports
 * (not `import type` / `export type`) and side-effect imports; `dynamic` — `import('…')` with a
 * literal. Comments are removed first; a specifier's `?query` is dropped.
 */
export function relativeImports(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const statics = [];
  for (const re of [/(?:^|[;\s])(?:import|export)\s+(?!type\s)[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g, /(?:^|[;\s])import\s*['"]([^'"]+)['"]/g])
    for (const m of code.matchAll(re)) if (m[1].startsWith('.')) statics.push(m[1].split('?')[0]);
  const dynamic = [...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]).filter((x) => x.startsWith('.')).map((x) => x.split('?')[0]);
  return { static: statics, dynamic };
}

/** The source file (relative to `root`, '/') `spec` names from `fromFile`, or undefined (not a module source). */
function resolveSource(root, fromFile, spec) {
  const base = path.resolve(path.dirname(path.join(root, fromFile)), spec);
  const hit = EXTENSIONS.map((ext) => base + ext).find((p) => /\.(m?[jt]sx?)$/.test(p) && existsSync(p));
  return hit ? path.relative(root, hit).replaceAll('\\', '/') : undefined;
}

/**
 * The split of the catalog.
 * @param {{ root?: string, routeTree?: string, entry?: string }} [options] repository root and paths
 *   relative to it (defaults: cwd, src/routeTree.gen.ts, src/main.tsx).
 * @returns {Promise<{ groups: Map<string, Set<string>>, routeIds: string[], lazyFiles: string[],
 *   modules: Map<string, Set<string>>, unreached: string[], config: object, catalog: object,
 *   resolve: (fromFile: string, spec: string) => string | undefined }>} `groups`: group name → message
 *   ids (`shell`, `route:{id}`, `lazy:{file}`; a group whose messages are all carried elsewhere is empty);
 *   `lazyFiles`: the lazily imported modules;
 *   `modules`: source file (relative, '/') → message ids its origins name; `unreached`: files with
 *   messages that neither the entry nor any route reaches (their messages would be missing).
 * @throws Error when the route tree, the entry or the source-locale catalog cannot be read.
 */
export async function planCatalogs({ root = process.cwd(), routeTree = 'src/routeTree.gen.ts', entry = 'src/main.tsx' } = {}) {
  const config = getConfig({ cwd: root });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config: no catalog');
  const source = await catalog.read(config.sourceLocale);
  if (!source) throw new Error(`no ${config.sourceLocale} catalog: run \`npm run i18n:extract\``);
  const modules = new Map();
  for (const [id, m] of Object.entries(source)) {
    if (m.obsolete) continue;
    for (const [file] of m.origin ?? []) {
      const rel = file.replaceAll('\\', '/');
      if (!modules.has(rel)) modules.set(rel, new Set());
      modules.get(rel).add(id);
    }
  }

  const routes = parseRouteTree(readFileSync(path.join(root, routeTree), 'utf8'));
  const routeFiles = new Set([...routes.values()].map((r) => r.file));
  const importsCache = new Map();
  const importsOf = (file) => {
    let found = importsCache.get(file);
    if (!found) {
      const { static: statics, dynamic } = relativeImports(readFileSync(path.join(root, file), 'utf8'));
      const resolve = (list) => list.map((spec) => resolveSource(root, file, spec)).filter((f) => f !== undefined);
      found = { static: resolve(statics), dynamic: resolve(dynamic).filter((f) => !routeFiles.has(f)) };
      importsCache.set(file, found);
    }
    return found;
  };
  const lazyTargets = new Set();
  /** Files reachable from `start` by static imports without entering a route file other than `start`; dynamic targets are noted. */
  const reach = (start) => {
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length) {
      const { static: statics, dynamic } = importsOf(stack.pop());
      for (const d of dynamic) lazyTargets.add(d);
      for (const next of statics) {
        if (seen.has(next) || (routeFiles.has(next) && next !== start)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return seen;
  };
  const idsOf = (files) => {
    const ids = new Set();
    for (const f of files) for (const id of modules.get(f) ?? []) ids.add(id);
    return ids;
  };

  const shellFiles = reach(entry);
  const reached = new Set(shellFiles);
  const shell = idsOf(shellFiles);
  const groups = new Map([[SHELL_GROUP, shell]]);
  const routeIds = [...routes.keys()].sort();
  const full = new Map();
  for (const routeId of routeIds) {
    const files = reach(routes.get(routeId).file);
    for (const f of files) reached.add(f);
    full.set(routeId, idsOf(files));
  }
  // A route's catalog leaves out what the shell and its ancestors (always matched with it) carry.
  for (const routeId of routeIds) {
    const carried = new Set(shell);
    for (let r = routes.get(routes.get(routeId).parentId ?? ''); r; r = r.parentId ? routes.get(r.parentId) : undefined)
      for (const id of full.get(r.id)) carried.add(id);
    groups.set(routeGroup(routeId), new Set([...full.get(routeId)].filter((id) => !carried.has(id))));
  }
  // Lazily imported modules (found while reaching, also from each other).
  const lazyFiles = [];
  for (const done = new Set(); ; ) {
    const next = [...lazyTargets].find((f) => !done.has(f));
    if (next === undefined) break;
    done.add(next);
    lazyFiles.push(next);
    const files = reach(next);
    for (const f of files) reached.add(f);
    groups.set(lazyGroup(next), new Set([...idsOf(files)].filter((id) => !shell.has(id))));
  }
  lazyFiles.sort();
  const unreached = [...modules.keys()].filter((f) => !reached.has(f)).sort();
  return { groups, routeIds, lazyFiles, modules, unreached, config, catalog, resolve: (fromFile, spec) => resolveSource(root, fromFile, spec) };
}

/**
 * Compiled catalog module (`export const messages = …`) of `ids` in `locale` (a missing translation
 * falls back as Lingui's own loader does: fallback locales, then the source message).
 */
export async function compileGroup(plan, locale, ids) {
  const { messages } = await plan.catalog.getTranslations(locale, {
    fallbackLocales: plan.config.fallbackLocales,
    sourceLocale: plan.config.sourceLocale,
  });
  const subset = Object.fromEntries([...ids].sort().map((id) => [id, messages[id]]));
  const { source, errors } = createCompiledCatalog(locale, subset, { namespace: 'es', pseudoLocale: plan.config.pseudoLocale });
  if (errors.length) throw new Error(`catalog ${locale}: ${errors.length} message(s) do not compile: ${errors.map((e) => e.id).join(', ')}`);
  return source;
}

/**
 * Vite plugin serving `virtual:vidbot-catalogs` and the split catalogs (see the header). The plan is
 * computed once per build (per request in `vite dev`, so edits show up) from the current sources.
 * @param {{ root?: string }} [options] repository root (default: Vite's root).
 */
export function catalogSplit(options = {}) {
  let root = options.root;
  let watch = false;
  let planned;
  let plannedAt = 0;
  // Once per build; in `vite dev` again when the last plan is over a second old (sources change).
  const plan = () => {
    if (!planned || (watch && Date.now() - plannedAt > 1000)) {
      planned = planCatalogs({ root });
      plannedAt = Date.now();
    }
    return planned;
  };
  const RESOLVED = `\0${VIRTUAL_ID}`;
  return {
    name: 'vidbot-catalog-split',
    enforce: 'pre',
    configResolved(config) {
      root ??= config.root;
      watch = config.command === 'serve';
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED : undefined;
    },
    load: {
      filter: { id: [/^\0virtual:vidbot-catalogs$/, /messages\.po\?(?:.*&)?catalog=/] },
      handler: loadCatalogModule,
    },
    transform: {
      filter: { id: /\.(m?[jt]sx?)$/, code: 'import(' },
      handler: wrapLazyImports,
    },
  };

  async function loadCatalogModule(id) {
    if (id === RESOLVED) {
      const p = await plan();
      const loaders = (group) =>
        `{ ${p.config.locales.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${path.join(root, 'src/locales', l, 'messages.po')}?catalog=${encodeURIComponent(group)}`)})`).join(', ')} }`;
      const routeEntries = p.routeIds.filter((r) => p.groups.get(routeGroup(r)).size > 0).map((r) => `  ${JSON.stringify(r)}: ${loaders(routeGroup(r))},`);
      const lazyEntries = p.lazyFiles.filter((f) => p.groups.get(lazyGroup(f)).size > 0).map((f) => `  ${JSON.stringify(lazyGroup(f))}: ${loaders(lazyGroup(f))},`);
      return `export const shell = ${loaders(SHELL_GROUP)};\nexport const routes = {\n${routeEntries.join('\n')}\n};\nexport const lazy = {\n${lazyEntries.join('\n')}\n};\n`;
    }
    // `?catalog=…` (build), `?import&catalog=…` (vite dev)
    const m = /[\\/]locales[\\/](\w+)[\\/]messages\.po\?(.*)$/.exec(id);
    const group = m && new URLSearchParams(m[2]).get('catalog');
    if (!m || !group) return undefined;
    const p = await plan();
    const ids = p.groups.get(group);
    if (!ids) throw new Error(`${id}: no catalog group ${group}`);
    this.addWatchFile(path.join(root, 'src/locales', m[1], 'messages.po'));
    return { code: await compileGroup(p, m[1], ids), map: null, moduleType: 'js' };
  }

  /**
   * `import('./X')` of an app module whose target has a lazy catalog → `loadLazyCatalog(group,
   * import('./X'))` (src/i18n.ts, imported at the end of the module: imports are hoisted, so no line
   * moves and the source map stays right but for columns after the call on that line).
   */
  async function wrapLazyImports(code, id) {
    if (id.includes('\0') || id.includes('?') || id.includes('/node_modules/') || !/\.(m?[jt]sx?)$/.test(id)) return undefined;
    const file = path.relative(root, id).replaceAll('\\', '/');
    if (file.startsWith('..') || /\.test\.[jt]sx?$/.test(file) || !code.includes('import(')) return undefined;
    const p = await plan();
    let changed = false;
    const out = code.replace(DYNAMIC_IMPORT, (call, _quote, spec) => {
      const target = p.resolve(file, spec);
      const group = target && lazyGroup(target);
      if (!group || !p.groups.get(group)?.size) return call;
      changed = true;
      return `__vidbotLazyCatalog(${JSON.stringify(group)}, ${call})`;
    });
    if (!changed) return undefined;
    const i18n = JSON.stringify(path.join(root, 'src/i18n.ts'));
    return { code: `${out}\nimport { loadLazyCatalog as __vidbotLazyCatalog } from ${i18n};\n`, map: null };
  }
}
