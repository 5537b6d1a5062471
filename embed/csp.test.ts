// @vitest-environment node
/**
 * Strict-CSP hygiene of the code that runs on host pages and in the player frame (issue 20 "A unit
 * test fails if the loader or bubble code contains `innerHTML =` with a non-TrustedHTML value, `eval`,
 * `new Function`, or sets a `style` attribute from a string"; architecture §2). Scans the sources of
 * embed/loader, embed/page, embed/player and embed/carousel (tests excluded, comments stripped) for the sinks and
 * style injections a host policy without 'unsafe-inline' / 'unsafe-eval' and with
 * `require-trusted-types-for 'script'` would block.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const EMBED = path.dirname(fileURLToPath(import.meta.url));
const DIRS = ['loader', 'page', 'player', 'carousel'];

/** Forbidden patterns and why. */
export const FORBIDDEN: readonly [RegExp, string][] = [
  [/\.innerHTML\s*=(?!=)/, 'innerHTML = (Trusted Types sink)'],
  [/\.outerHTML\b/, 'outerHTML (Trusted Types sink)'],
  [/\binsertAdjacentHTML\b/, 'insertAdjacentHTML (Trusted Types sink)'],
  [/\bdocument\.write(ln)?\s*\(/, 'document.write'],
  [/(^|[^.\w])eval\s*\(/, 'eval( (unsafe-eval)'],
  [/\bnew\s+Function\b/, 'new Function (unsafe-eval)'],
  [/\bset(Timeout|Interval)\s*\(\s*['"`]/, 'string timer (unsafe-eval)'],
  [/setAttribute\(\s*['"]style['"]/, "setAttribute('style', …) (unsafe-inline style attribute)"],
  [/\.style\.cssText\b/, '.style.cssText (style attribute from a string)'],
  [/<style\b/i, '<style> element (unsafe-inline)'],
  [/createElement\(\s*['"]style['"]/, "createElement('style') (unsafe-inline)"],
];

/** Source without comments (block and line), so prose may name what the code must not do. */
export function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** `file:line: why` for each forbidden use in `src`. */
export function violations(file: string, src: string): string[] {
  const out: string[] = [];
  stripComments(src)
    .split('\n')
    .forEach((line, i) => {
      for (const [re, why] of FORBIDDEN) if (re.test(line)) out.push(`${file}:${i + 1}: ${why}`);
    });
  return out;
}

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx|js|mjs)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

describe('embed code under a strict host CSP', () => {
  it('has no HTML sinks, eval, string timers or inline styles', () => {
    const files = DIRS.flatMap((d) => sources(path.join(EMBED, d)));
    expect(files.some((f) => f.endsWith(path.join('loader', 'loader.ts')))).toBe(true);
    expect(files.some((f) => f.endsWith(path.join('carousel', 'carousel.ts')))).toBe(true);
    const found = files.flatMap((f) => violations(path.relative(EMBED, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    ['el.innerHTML = html;', true],
    ["el.innerHTML === ''", false],
    ['node.outerHTML', true],
    ["el.insertAdjacentHTML('beforeend', s)", true],
    ['document.write(x)', true],
    ['eval(code)', true],
    ['retrieval(x)', false],
    ['const f = new Function("a", b)', true],
    ["setTimeout('run()', 10)", true],
    ['setTimeout(run, 10)', false],
    ["el.setAttribute('style', 'color:red')", true],
    ['el.style.cssText = s', true],
    ["el.style.setProperty('--vb-x', v)", false],
    ['const s = "<style>a{}</style>"', true],
    ["document.createElement('style')", true],
    ['// never innerHTML = here', false],
    ['/* <style> */ ok()', false],
    ["fetch('https://x.example/a')", false],
  ])('%s → flagged %s', (line, flagged) => {
    expect(violations('x.ts', line).length > 0).toBe(flagged);
  });
});
