/**
 * The player bundle stays small (DESIGN §1b: ≤ 40 KB gz): nothing the embed entries import, directly or
 * through other project files, reaches the editor's analysis — the bot's graph (issue 11,
 * machines/vidbot/vidbot.graph.ts with @dagrejs/graphlib) or vidbot.analysis (xstate/graph).
 * Walks the static and dynamic imports of the sources from each entry of embed/vite.config.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRIES = ['embed/player/index.ts', 'embed/ad/ad.ts'];
const FORBIDDEN_PACKAGES = ['@dagrejs/graphlib', 'xstate/graph'];
const FORBIDDEN_FILES = ['machines/vidbot/vidbot.graph.ts', 'machines/vidbot/vidbot.analysis.ts', 'machines/player/player.paths.ts', 'machines/testing/graph-coverage.ts'];

const SPECIFIER = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') || candidate.endsWith('.tsx')) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/** Every project file and package specifier reachable from `entry` (type-only imports included: a superset). */
function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.resolve(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = match[1] ?? match[2] ?? match[3]!;
      if (spec.startsWith('.')) {
        const local = resolveLocal(file, spec);
        if (local) queue.push(local);
      } else {
        packages.add(spec);
      }
    }
  }
  return { files, packages };
}

describe('player bundle imports', () => {
  for (const entry of ENTRIES) {
    it(`${entry} does not reach the bot's graph or the chart analysis`, () => {
      const { files, packages } = reachable(entry);
      const rel = [...files].map((f) => path.relative(ROOT, f));
      // The walk works: the player reaches the compiled chart.
      expect(rel).toContain('machines/vidbot/vidbot.machine.ts');
      expect(rel).toContain('machines/player/player.machine.ts');
      expect(rel.filter((f) => FORBIDDEN_FILES.includes(f))).toEqual([]);
      expect([...packages].filter((p) => FORBIDDEN_PACKAGES.some((f) => p === f || p.startsWith(`${f}/`)))).toEqual([]);
    });
  }
});
