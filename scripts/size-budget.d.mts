/** Types of scripts/size-budget.mjs (the JavaScript size budget over the Vite manifest, issue 10 §2). */

/** JavaScript files and their summed sizes in bytes. */
export interface BudgetPart {
  files: string[];
  gz: number;
  raw: number;
}

export interface BudgetResult {
  entry: BudgetPart;
  first: Array<BudgetPart & { name: string; routeId: string; over: boolean }>;
  routes: Array<BudgetPart & { routeId: string; fullPath: string; over: boolean }>;
  budgetKB: { firstRoute: number; otherRoute: number };
  ok: boolean;
}

export const KB: number;
export const BUDGET_KB: { firstRoute: number; otherRoute: number };
export const FIRST_LOAD_DYNAMIC: Array<string | string[]>;
export const SIGNED_IN_DYNAMIC: Array<string | string[]>;
export const FIRST_ROUTES: Array<{ name: string; routeId: string; dynamic: Array<string | string[]> }>;
export function gzipSize(buf: Uint8Array): number;
export function parseRouteTree(text: string): Map<string, { id: string; fullPath: string; file: string; parentId: string | null; hasChildren: boolean }>;
export function measureBudget(options?: { distDir?: string; routeTree?: string }): BudgetResult;
export function formatBudget(result: BudgetResult): string[];
export const STACK_LIBRARIES: Array<[label: string, packages: string[]]>;
export function attributeEntry(options: { distDir?: string; files: string[] }): Array<{ source: string; gz: number }>;
export function formatEntryFloor(result: BudgetResult, distDir?: string): string[];
