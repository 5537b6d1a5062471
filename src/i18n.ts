/**
 * Lingui set-up (DESIGN §5 Lingui rules; spec 000 §9: default en, kept in local storage, en and fi).
 * Only the active locale's messages are loaded, and only those in use (issue 10 §2 size budget): the
 * build splits each locale's catalog (scripts/catalog-split.mjs, module `virtual:vidbot-catalogs`)
 * into a shell catalog, loaded before the first render, and one catalog per route, loaded by
 * `loadRouteCatalogs` for the routes a navigation matches (src/routes/__root.tsx `beforeLoad`), and
 * one per lazily imported module, loaded with it (`loadLazyCatalog`, wrapped around the `import()` by
 * the build).
 * Switching the language loads every catalog loaded so far in the new locale before activating it.
 * A message asked for but not loaded is reported on the console (`MISSING_MESSAGE`; e2e/support.ts
 * fails a journey on it) and would render as its id.
 */
import { i18n, type Messages } from '@lingui/core';
import { lazy as lazyCatalogs, routes as routeCatalogs, shell as shellCatalog } from 'virtual:vidbot-catalogs';

/** Supported locales. */
export const LOCALES = ['en', 'fi'] as const;
/** A supported locale. */
export type Locale = (typeof LOCALES)[number];
/** Default locale (spec 000 §9). */
export const DEFAULT_LOCALE: Locale = 'en';
/** localStorage key of the chosen language. */
export const LOCALE_STORAGE_KEY = 'vidbot.language';
/** Start of the console error logged when a message is not in the loaded catalogs. */
export const MISSING_MESSAGE = 'Vidbot i18n: message not loaded';

/** True for a supported locale code. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored locale, or the default when none (or an unknown one) is stored. */
export function getStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

type Loaders = Record<string, () => Promise<{ messages: Messages }>>;
const SHELL = '';
/** Catalog groups in use: the shell (''), the route ids of every navigation so far and the `lazy:` groups imported. */
const wanted = new Set<string>([SHELL]);
/** Groups loaded, per locale. */
const loaded = new Map<string, Set<string>>();
/** The locale `activateLocale` is switching to, if a switch is under way. */
let switchingTo: Locale | undefined;

/** True once `activateLocale` ran: the split catalogs are in use (tests that load their own messages stay quiet). */
let splitCatalogsInUse = false;

i18n.on('missing', ({ id, locale }) => {
  if (splitCatalogsInUse) console.error(`${MISSING_MESSAGE}: ${id} (${locale})`);
});

/** Loads every wanted group's catalog in `locale` that is not loaded yet (again until none is left). */
async function loadWanted(locale: Locale): Promise<void> {
  let done = loaded.get(locale);
  if (!done) loaded.set(locale, (done = new Set()));
  for (;;) {
    const todo = [...wanted].filter((g) => !done.has(g));
    if (todo.length === 0) return;
    const catalogs = await Promise.all(
      todo.map((g) => ((g === SHELL ? shellCatalog : g.startsWith('lazy:') ? lazyCatalogs[g] : routeCatalogs[g]) as Loaders)[locale]!()),
    );
    const messages: Messages = Object.assign({}, ...catalogs.map((c) => c.messages));
    i18n.load(locale, messages);
    for (const g of todo) done.add(g);
  }
}

/** Loads the catalogs in use in `locale`, activates it, remembers it and sets `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  splitCatalogsInUse = true;
  switchingTo = locale;
  await loadWanted(locale);
  if (switchingTo !== locale) return; // another switch came after this one
  switchingTo = undefined;
  i18n.activate(locale);
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

let preloadRouteChunks: ((routeIds: readonly string[]) => void) | undefined;

/**
 * Sets what `loadRouteCatalogs` starts before it waits for the catalogs: src/router.tsx starts the
 * routes' code-split chunks, so a navigation fetches its chunks and its catalogs in parallel.
 */
export function setRouteChunkPreloader(preload: (routeIds: readonly string[]) => void): void {
  preloadRouteChunks = preload;
}

/**
 * Loads the catalogs of the matched routes (route ids of src/routeTree.gen.ts; ids without messages
 * of their own are skipped) in the active locale, and in the one being switched to; the routes'
 * chunks start loading at the same time (`setRouteChunkPreloader`).
 * @throws what a catalog's dynamic import throws (a failed fetch): the route shows its error page.
 */
export async function loadRouteCatalogs(routeIds: readonly string[]): Promise<void> {
  preloadRouteChunks?.(routeIds);
  for (const id of routeIds) if (Object.hasOwn(routeCatalogs, id)) wanted.add(id);
  const locales = new Set([i18n.locale, switchingTo].filter(isLocale));
  await Promise.all([...locales].map(loadWanted));
}

/**
 * `module` (a lazily imported module's promise) once the catalog of `group` (`lazy:{file}`, see
 * scripts/catalog-split.mjs) is loaded too; the build wraps each such `import()` in this call.
 * @throws what the module's or the catalog's import throws.
 */
export async function loadLazyCatalog<T>(group: string, module: Promise<T>): Promise<T> {
  if (Object.hasOwn(lazyCatalogs, group)) wanted.add(group);
  const locales = new Set([i18n.locale, switchingTo].filter(isLocale));
  const [loadedModule] = await Promise.all([module, ...[...locales].map(loadWanted)]);
  return loadedModule;
}

/** Route ids of a `beforeLoad`'s options (`opts.matches[].routeId`); [] when there are none. */
export function matchedRouteIds(opts: unknown): string[] {
  const matches = (opts as { matches?: ReadonlyArray<{ routeId?: unknown }> } | null)?.matches ?? [];
  return matches.map((m) => m.routeId).filter((id): id is string => typeof id === 'string');
}

export { i18n };
