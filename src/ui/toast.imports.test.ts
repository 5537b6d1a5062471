/**
 * react-toastify loads on the first toast (src/ui/toast.ts, issue 10 §2 JavaScript budget). A toast
 * raised through react-toastify's own `toast` would wait in its queue until something else loads the
 * container, so only src/ui/toast.ts and src/ui/Toasts.tsx may import the library.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(import.meta.dirname, '..');
const ALLOWED = new Set(['ui/toast.ts', 'ui/Toasts.tsx']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('react-toastify imports', () => {
  it('come only from src/ui/toast.ts and src/ui/Toasts.tsx', () => {
    const offenders = sources(srcDir)
      .filter((f) => /from\s+['"]react-toastify['"]|import\(\s*['"]react-toastify['"]\s*\)/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(srcDir, f).split(path.sep).join('/'))
      .filter((f) => !ALLOWED.has(f));
    expect(offenders).toEqual([]);
  });
});
