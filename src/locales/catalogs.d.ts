/**
 * The split message catalogs served by scripts/catalog-split.mjs (Vite plugin `catalogSplit`): the
 * shell catalog, one per route id and one per lazily imported module, each as `{ [locale]: () => import(compiled catalog) }`.
 */
declare module 'virtual:vidbot-catalogs' {
  import type { Messages } from '@lingui/core';
  type Loaders = Record<string, () => Promise<{ messages: Messages }>>;
  export const shell: Loaders;
  export const routes: Record<string, Loaders>;
  /** `lazy:{file}` → loaders of a lazily imported module's catalog. */
  export const lazy: Record<string, Loaders>;
}
