/**
 * The action views stay small on customers' sites (issue 12; DESIGN §1b player budget): their runtime
 * imports (type-only imports are erased and skipped here) never reach valibot or the content schemas
 * (server/src/modules/bot/content.rules.ts) — only the dependency-free rules in bot/link.rules.ts and
 * form/form.values.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Runtime import/export-from specifiers (not `import type`, not `export type`). */
const RUNTIME = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;

function runtimeGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.resolve(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(RUNTIME)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const base = path.resolve(path.dirname(file), spec);
      const found = [`${base}.ts`, path.join(base, 'index.ts')].find((c) => existsSync(c));
      if (found) queue.push(found);
    }
  }
  return { files: [...files].map((f) => path.relative(ROOT, f)).sort(), packages: [...packages].sort() };
}

describe('action views imports', () => {
  it('reach no package and no schema module at run time', () => {
    const { files, packages } = runtimeGraph('embed/player/actions/index.ts');
    expect(files).toContain('embed/player/actions/form.ts');
    expect(files).toContain('server/src/modules/form/form.values.ts');
    expect(packages).toEqual([]);
    expect(files.filter((f) => f.startsWith('server/') && !['server/src/modules/bot/link.rules.ts', 'server/src/modules/form/form.values.ts'].includes(f))).toEqual([]);
  });
});
