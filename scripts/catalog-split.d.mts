import type { Plugin } from 'vite';

export const VIRTUAL_ID: string;
export const SHELL_GROUP: string;
export function routeGroup(routeId: string): string;
export function lazyGroup(file: string): string;
export function relativeImports(text: string): { static: string[]; dynamic: string[] };
export interface CatalogPlan {
  groups: Map<string, Set<string>>;
  routeIds: string[];
  lazyFiles: string[];
  modules: Map<string, Set<string>>;
  unreached: string[];
  config: unknown;
  catalog: unknown;
  resolve: (fromFile: string, spec: string) => string | undefined;
}
export function planCatalogs(options?: { root?: string; routeTree?: string; entry?: string }): Promise<CatalogPlan>;
export function compileGroup(plan: CatalogPlan, locale: string, ids: Iterable<string>): Promise<string>;
export function catalogSplit(options?: { root?: string }): Plugin;
