/**
 * The custom CSS allow-list (issue 12 "theme colours and custom CSS (parsed and allow-listed by a CSS
 * parser, never injected raw)"; issue 12 architecture §5). `theme.stylesRaw` and
 * `widgetSettings.stylesRaw` are written by customers and shown on other people's sites, so before
 * any of it reaches a viewer it is parsed with css-tree and rebuilt from what is allowed:
 *
 * - style rules only, every selector scoped to the player: `.vb-player …` (a selector that already
 *   starts with `.vb-player` is kept as is; `:root`, `html`, `body`, `:host`, `::part`, `::slotted`
 *   and `*`-only selectors are dropped — they would reach outside the player);
 * - `@media` and `@supports` blocks (their rules filtered the same way), `@keyframes` (declarations
 *   filtered), `@font-face` only when every `url()` is one of this instance's `/files/`;
 *   every other at-rule (`@import`, `@namespace`, `@charset`, `@page`, `@layer`, `@property`, …) dropped;
 * - declarations whose property is on the allow-list below (colours, backgrounds, fonts and text,
 *   borders and radius, outline, shadows, spacing and sizes, flex/grid alignment, opacity,
 *   transforms, transitions and animations, filters, cursor, `position` except `fixed`, and custom
 *   properties `--*`); `display`, `visibility` and `content` are not allowed (they could hide the
 *   watermark or the controls, or inject text);
 * - values: `url()` only to `/files/…` of this instance (made absolute, so the widget's shadow root on
 *   a host page loads it from us); functions only from an allow-list (colour, math, gradients,
 *   transforms, easing, filters, `var`) — so no `expression()`, `image-set("…")` or `element()`;
 *   no `javascript:` anywhere; `!important` is kept.
 *
 * `sanitizeCustomCss(raw, origin, scope?)` → `{ css, dropped }`: `css` is the rebuilt stylesheet ('' when
 * nothing is left), `dropped` a human-readable list of what was left out (for the editor / logs).
 * Never throws: a parse error drops the broken part.
 */
import * as csstree from 'css-tree';

/** The class of the player's root element (embed/player/player.ts): the default scope. */
export const PLAYER_SCOPE = '.vb-player';

/** Most characters of a stored stylesRaw (content.rules.ts optionalText(100_000)). */
const MAX_INPUT = 100_000;

const PROPERTY_PREFIXES = [
  'background', 'border', 'outline', 'font', 'text-', 'margin', 'padding', 'transition', 'animation',
  'grid-template', 'column-', 'row-', 'scroll-margin', 'scroll-padding', 'mask',
];
const PROPERTIES = new Set([
  'color', 'accent-color', 'caret-color', 'opacity', 'box-shadow', 'box-sizing', 'filter', 'backdrop-filter', 'mix-blend-mode',
  'letter-spacing', 'line-height', 'word-spacing', 'white-space', 'word-break', 'overflow-wrap', 'hyphens', 'direction',
  'vertical-align', 'list-style', 'list-style-type', 'tab-size',
  'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height', 'aspect-ratio', 'inline-size', 'block-size',
  'gap', 'row-gap', 'column-gap', 'justify-content', 'justify-items', 'justify-self', 'align-content', 'align-items', 'align-self',
  'place-content', 'place-items', 'place-self', 'flex', 'flex-direction', 'flex-wrap', 'flex-flow', 'flex-grow', 'flex-shrink', 'flex-basis', 'order',
  'grid-area', 'grid-column', 'grid-row', 'grid-auto-flow', 'grid-auto-rows', 'grid-auto-columns',
  'position', 'top', 'right', 'bottom', 'left', 'inset', 'z-index',
  'transform', 'transform-origin', 'transform-style', 'translate', 'rotate', 'scale', 'perspective', 'perspective-origin', 'backface-visibility',
  'object-fit', 'object-position', 'overflow', 'overflow-x', 'overflow-y', 'cursor', 'pointer-events', 'user-select',
  'clip-path', 'will-change', 'isolation',
  // @font-face descriptors (checked separately: src must be /files/)
  'src', 'unicode-range',
]);

const FUNCTIONS = new Set([
  'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix', 'light-dark',
  'calc', 'min', 'max', 'clamp', 'var', 'env',
  'linear-gradient', 'radial-gradient', 'conic-gradient', 'repeating-linear-gradient', 'repeating-radial-gradient', 'repeating-conic-gradient',
  'translate', 'translatex', 'translatey', 'translatez', 'translate3d', 'rotate', 'rotatex', 'rotatey', 'rotatez', 'rotate3d',
  'scale', 'scalex', 'scaley', 'scalez', 'scale3d', 'skew', 'skewx', 'skewy', 'matrix', 'matrix3d', 'perspective',
  'cubic-bezier', 'steps', 'blur', 'brightness', 'contrast', 'drop-shadow', 'grayscale', 'hue-rotate', 'invert', 'saturate', 'sepia',
  'repeat', 'minmax', 'fit-content', 'inset', 'circle', 'ellipse', 'polygon', 'format', 'local',
]);

/** At-rules whose block holds style rules (filtered recursively). */
const GROUPING_ATRULES = new Set(['media', 'supports', 'container']);

/** Whether a selector reaches outside the player (the page, its host element, other shadow trees) or is a bare `*`. */
function reachesOutside(selector: csstree.CssNode): boolean {
  let outside = false;
  csstree.walk(selector, (node) => {
    if (node.type === 'TypeSelector' && ['html', 'body', 'head'].includes(node.name.toLowerCase())) outside = true;
    if (node.type === 'PseudoClassSelector' && ['root', 'host', 'host-context', 'scope'].includes(node.name.toLowerCase())) outside = true;
    if (node.type === 'PseudoElementSelector' && ['part', 'slotted'].includes(node.name.toLowerCase())) outside = true;
  });
  return outside || csstree.generate(selector).trim() === '*';
}

export interface SanitizedCss {
  /** The rebuilt stylesheet ('' when nothing is left). */
  css: string;
  /** What was left out, e.g. `@import`, `property display`, `url(https://evil.example/x.png)`, `selector body`. */
  dropped: string[];
}

function isPropertyAllowed(property: string): boolean {
  const p = property.toLowerCase();
  if (p.startsWith('--')) return true;
  const unprefixed = p.replace(/^-(webkit|moz|ms|o)-/, '');
  if (unprefixed === 'binding' || unprefixed === 'behavior') return false;
  return PROPERTIES.has(unprefixed) || PROPERTY_PREFIXES.some((x) => unprefixed.startsWith(x));
}

/** `/files/…` (relative or under `origin`), without `..` tricks → absolute URL; otherwise null. */
export function allowedFileUrl(url: string, origin: string): string | null {
  const t = url.trim();
  let o: string;
  try {
    o = new URL(origin).origin;
  } catch {
    return null;
  }
  let path: string;
  if (t.startsWith('/files/')) path = t;
  else if (t.startsWith(`${o}/files/`)) path = t.slice(o.length);
  else return null;
  // No way out of /files/: no dot segments (also encoded), no backslashes, no encoded slashes.
  if (/\\|(^|\/)\.\.?(\/|$)|%2e|%2f|%5c/i.test(path)) return null;
  return `${o}${path}`;
}

/**
 * Checks and rewrites a declaration value in place: url() → absolute /files/ URL, functions from the
 * allow-list only. Returns the reason it must go, or null when it may stay.
 */
function checkValue(value: csstree.CssNode, origin: string): string | null {
  let reason: string | null = null;
  csstree.walk(value, (node) => {
    if (reason) return;
    if (node.type === 'Url') {
      const ok = allowedFileUrl(node.value, origin);
      if (!ok) reason = `url(${node.value})`;
      else node.value = ok;
    } else if (node.type === 'Function') {
      if (!FUNCTIONS.has(node.name.toLowerCase())) reason = `${node.name}()`;
    } else if (node.type === 'Raw' || node.type === 'String') {
      const text = node.value.toLowerCase();
      if (/javascript:|expression\s*\(|url\s*\(|\\/.test(text)) reason = `value ${node.value.slice(0, 60)}`;
    }
  });
  return reason;
}

/** The allowed declarations of a block, as `prop: value` strings. */
function declarations(block: csstree.Block, origin: string, dropped: string[], fontFace = false): string[] {
  const out: string[] = [];
  block.children.forEach((node) => {
    if (node.type !== 'Declaration') {
      dropped.push(node.type === 'Raw' ? `unparsed ${node.value.slice(0, 60).trim()}` : `nested ${node.type}`);
      return;
    }
    const property = node.property;
    if (!isPropertyAllowed(property) || ((property === 'src' || property === 'unicode-range') && !fontFace)) {
      dropped.push(`property ${property}`);
      return;
    }
    const reason = checkValue(node.value, origin);
    if (reason) {
      dropped.push(`${property}: ${reason}`);
      return;
    }
    const value = csstree.generate(node.value).trim();
    if (property.toLowerCase() === 'position' && /^fixed$/i.test(value)) {
      dropped.push('position: fixed');
      return;
    }
    out.push(`${property}:${value}${node.important ? ' !important' : ''}`);
  });
  return out;
}

/** The rule's selectors scoped under the player; null when none may stay. */
function scopedSelectors(rule: csstree.Rule, scope: string, dropped: string[]): string | null {
  if (rule.prelude.type !== 'SelectorList') {
    dropped.push(`selector ${csstree.generate(rule.prelude).slice(0, 60)}`);
    return null;
  }
  const kept: string[] = [];
  rule.prelude.children.forEach((selector) => {
    const text = csstree.generate(selector).trim();
    if (!text || reachesOutside(selector)) {
      dropped.push(`selector ${text}`);
      return;
    }
    kept.push(text.startsWith(scope) && !/^[\w-]/.test(text.slice(scope.length)) ? text : `${scope} ${text}`);
  });
  return kept.length ? kept.join(',') : null;
}

function rules(children: csstree.List<csstree.CssNode>, origin: string, scope: string, dropped: string[], depth: number): string[] {
  const out: string[] = [];
  children.forEach((node) => {
    if (node.type === 'Rule') {
      const selectors = scopedSelectors(node, scope, dropped);
      if (!selectors) return;
      const decls = declarations(node.block, origin, dropped);
      if (decls.length) out.push(`${selectors}{${decls.join(';')}}`);
      return;
    }
    if (node.type === 'Atrule') {
      const name = node.name.toLowerCase();
      const prelude = node.prelude ? csstree.generate(node.prelude).trim() : '';
      if (GROUPING_ATRULES.has(name) && node.block && depth < 4) {
        if (/url\s*\(|javascript:|expression\s*\(/i.test(prelude)) {
          dropped.push(`@${name} ${prelude.slice(0, 60)}`);
          return;
        }
        const inner = rules(node.block.children, origin, scope, dropped, depth + 1);
        if (inner.length) out.push(`@${name} ${prelude}{${inner.join('')}}`);
        return;
      }
      if ((name === 'keyframes' || name === '-webkit-keyframes') && node.block && /^[\w-]+$/.test(prelude)) {
        const frames: string[] = [];
        node.block.children.forEach((frame) => {
          if (frame.type !== 'Rule') return;
          const decls = declarations(frame.block, origin, dropped);
          if (decls.length) frames.push(`${csstree.generate(frame.prelude)}{${decls.join(';')}}`);
        });
        if (frames.length) out.push(`@${name} ${prelude}{${frames.join('')}}`);
        return;
      }
      if (name === 'font-face' && node.block) {
        const before = dropped.length;
        const decls = declarations(node.block, origin, dropped, true);
        const hasSrc = decls.some((d) => d.startsWith('src:'));
        if (dropped.length === before && hasSrc) out.push(`@font-face{${decls.join(';')}}`);
        else dropped.push('@font-face');
        return;
      }
      dropped.push(`@${name}`);
      return;
    }
    if (node.type === 'Raw') dropped.push(`unparsed ${node.value.slice(0, 60).trim()}`);
  });
  return out;
}

/**
 * Reduces customer CSS to the allow-list (module comment).
 * @param raw theme.stylesRaw or widgetSettings.stylesRaw (null / blank → empty result).
 * @param origin this instance's public origin (`env.publicUrl`): the only origin `url()` may name,
 *   and only under `/files/`.
 * @param scope the class selector every rule is scoped under: `.vb-player` (the player), or the
 *   widget bubble's root class for widgetSettings.stylesRaw.
 * @returns `{ css, dropped }`; never throws.
 */
export function sanitizeCustomCss(raw: string | null | undefined, origin: string, scope: string = PLAYER_SCOPE): SanitizedCss {
  const dropped: string[] = [];
  if (!raw || !raw.trim()) return { css: '', dropped };
  let text = raw;
  if (text.length > MAX_INPUT) {
    text = text.slice(0, MAX_INPUT);
    dropped.push(`everything after ${MAX_INPUT} characters`);
  }
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(text, {
      context: 'stylesheet',
      parseValue: true,
      parseRulePrelude: true,
      parseAtrulePrelude: true,
      onParseError: (error) => dropped.push(`parse error: ${error.message}`),
    });
  } catch (err) {
    return { css: '', dropped: [`parse error: ${err instanceof Error ? err.message : String(err)}`] };
  }
  if (ast.type !== 'StyleSheet') return { css: '', dropped: ['not a stylesheet'] };
  const css = rules(ast.children, origin, scope, dropped, 0).join('\n');
  return { css, dropped };
}
