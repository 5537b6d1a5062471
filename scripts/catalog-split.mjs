/**
 * Per-route message catalogs (issue 10 §2 size budget, follow-up of issue 11): the one Lingui catalog
 * per locale (src/locales/{locale}/messages.po, unchanged: extracted by `npm run i18n:extract`,
 * translated by hand) is compiled at build time into
 *   - a **shell** catalog: the messages of the modules the entry (src/main.tsx) reaches without
 *     entering a route file — the chrome of every page before a route renders: error pages, the
 *     session flows, toasts, the full-cover loader, the language switch;
 *   - one catalog **per route** of src/routeTree.gen.ts: the messages of the modules the route file
 *     reaches (static and dynamic imports, not entering other route files), minus the shell's and
 *     its ancestor routes' (always matched with it).
 * src/i18n.ts loads the shell with the entry and the catalogs of a navigation's matched routes in the
 * root route's `beforeLoad` (src/routes/__root.tsx), so a route renders only once its messages are
 * in; switching language reloads every catalog loaded so far in the new locale.
 *
 * Which module uses which message comes from the `#:` origins Lingui's extractor writes into the
 * source-locale .po (so `npm run i18n:extract` must have run after a source change — the lead's
 * merge step already does); which module reaches which comes from the import statements of the
 * sources (relative specifiers only: packages carry no app messages). Nothing is written to disk:
 * the Vite plugin `catalogSplit()` serves the catalogs as modules, so `npm run build` (and `vite dev`,
 * and the unit tests) always split the current .po files — new messages of other branches need no
 * extra step.
 *
 * Modules: `virtual:vidbot-catalogs` exports `shell` and `routes` (route id → loaders) of
 * `{ [locale]: () => Promise<{ messages }> }`; each loader imports
 * `src/locales/{locale}/messages.po?catalog={group}` (group `shell` or `route:{route id}`, URI-encoded),
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

/**
 * Relative import specifiers of a TypeScript/JavaScript source: static imports and re-exports
 * (not `import type` / `export type`), side-effect imports and `import('…')` with a literal.
 * Comments are removed first; a specifier's `?query` is dropped.
 */
export function relativeImports(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out = [];
  const patterns = [
    /(?:^|[;\s])(?:import|export)\s+(?!type\s)[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|[;\s])import\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) if (m[1].startsWith('.')) out.push(m[1].split('?')[0]);
  return out;
}

/**
 * The split of the catalog.
 * @param {{ root?: string, routeTree?: string, entry?: string }} [options] repository root and paths
 *   relative to it (defaults: cwd, src/routeTree.gen.ts, src/main.tsx).
 * @returns {Promise<{ groups: Map<string, Set<string>>, routeIds: string[], modules: Map<string, Set<string>>,
 *   unreached: string[], config: object, catalog: object }>} `groups`: group name → message ids
 *   (`shell`, `route:{id}` — a route whose messages are all in the shell has an empty set);
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
    let list = importsCache.get(file);
    if (!list) {
      list = [];
      const abs = path.join(root, file);
      const dir = path.dirname(abs);
      for (const spec of relativeImports(readFileSync(abs, 'utf8'))) {
        const base = path.resolve(dir, spec);
        const hit = EXTENSIONS.map((ext) => base + ext).find((p) => existsSync(p) && !p.endsWith('/') && /\.(m?[jt]sx?)$/.test(p));
        if (hit) list.push(path.relative(root, hit).replaceAll('\\', '/'));
      }
      importsCache.set(file, list);
    }
    return list;
  };
  /** Files reachable from `start` without entering a route file other than `start`. */
  const reach = (start) => {
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length) {
      for (const next of importsOf(stack.pop())) {
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
  const unreached = [...modules.keys()].filter((f) => !reached.has(f)).sort();
  return { groups, routeIds, modules, unreached, config, catalog };
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
  const plan = () => {
    if (!planned || watch) planned = planCatalogs({ root });
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
    async load(id) {
      if (id === RESOLVED) {
        const p = await plan();
        const loaders = (group) =>
          `{ ${p.config.locales.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${path.join(root, 'src/locales', l, 'messages.po')}?catalog=${encodeURIComponent(group)}`)})`).join(', ')} }`;
        const routeEntries = p.routeIds.filter((r) => p.groups.get(routeGroup(r)).size > 0).map((r) => `  ${JSON.stringify(r)}: ${loaders(routeGroup(r))},`);
        return `export const shell = ${loaders(SHELL_GROUP)};\nexport const routes = {\n${routeEntries.join('\n')}\n};\n`;
      }
      const m = /^(.*)[\\/]locales[\\/](\w+)[\\/]messages\.po\?catalog=([^&]+)$/.exec(id);
      if (!m) return undefined;
      const p = await plan();
      const group = decodeURIComponent(m[3]);
      const ids = p.groups.get(group);
      if (!ids) throw new Error(`${id}: no catalog group ${group}`);
      this.addWatchFile(path.join(root, 'src/locales', m[2], 'messages.po'));
      return { code: await compileGroup(p, m[2], ids), map: null, moduleType: 'js' };
    },
  };
}
