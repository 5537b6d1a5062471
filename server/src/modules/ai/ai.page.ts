/**
 * The page model of the AI URL wizard (issue 16 "Generation on the server": "HTML parsed with kept
 * libraries (a DOM parser plus Mozilla's Readability), never regular expressions"; spec 001 §2 AI URL
 * wizard, §9 relative links made absolute; architecture note decision 4).
 *
 * `parsePage(fetched)` builds a `ParsedPage` (ai.types.ts) from one fetched HTML document with jsdom
 * (scripts never run, no sub-resources loaded) and @mozilla/readability:
 * - `title`: `<title>`, else og:title, else the first h1, else the host name;
 * - `siteName`: og:site_name, else application-name, else the part of the title that names the site
 *   (split at ` | `, ` - `, ` – `, ` — `, ` · `, ` :: `; the part whose letters occur in the host name, else
 *   the last part), else the host name without `www.`;
 * - `description`: meta description, else og:description, else '';
 * - `lang`: `<html lang>`;
 * - `headings`: h1–h3 outside navigation and footer, in document order;
 * - `mainText` / `paragraphs`: Readability's article, read from a copy of the page without its menus
 *   and footer (its words, and its p / li / blockquote / dd / pre blocks); when Readability finds no
 *   article, the page's `<main>` (or `[role=main]`, `<article>`, `<body>`) without navigation, header and
 *   footer; texts are read with a word boundary at every block element (`textOf`);
 * - `links`: every `<a href>` resolved against the page URL (and `<base href>`) to an absolute http(s)
 *   URL without its #fragment (mailto:, tel:, javascript: and same-page anchors dropped), its text (or
 *   aria-label / title / image alt), its `area` (`footer` inside `<footer>` / `[role=contentinfo]`;
 *   `nav` inside `<nav>` / `<header>` / `[role=navigation]` / `[role=banner]`; else `main`) and whether
 *   it is `internal` (see `isSameSite`); one entry per URL and area, first occurrence kept.
 */
import { createRequire } from 'node:module';
import { Readability } from '@mozilla/readability';
import type { FetchedPage, PageLink, ParsedPage } from './ai.types';

// jsdom is loaded without its type package on purpose: @types/jsdom pulls the browser's `lib.dom` into
// the whole server program (changing `fetch`'s body types for every server file). The few DOM members
// read here are typed below.
interface DomNode {
  readonly nodeType: number;
  readonly nodeValue: string | null;
  readonly childNodes: ArrayLike<DomNode>;
}
interface DomElement extends DomNode {
  readonly localName: string;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  closest(selectors: string): DomElement | null;
  cloneNode(deep: true): DomElement;
  remove(): void;
}
interface DomDocument extends DomNode {
  readonly title: string;
  readonly baseURI: string;
  readonly documentElement: DomElement;
  readonly body: DomElement | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  cloneNode(deep: true): DomDocument;
}
interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { url: string; contentType: string; virtualConsole: unknown },
  ) => { window: { document: DomDocument; close(): void } };
  VirtualConsole: new () => unknown;
}
const { JSDOM, VirtualConsole } = createRequire(import.meta.url)('jsdom') as JsdomModule;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const DOCUMENT_NODE = 9;
const DOCUMENT_FRAGMENT_NODE = 11;

const NAV_AREA = 'nav, header, [role="navigation"], [role="banner"]';
const FOOTER_AREA = 'footer, [role="contentinfo"]';
/** Removed before Readability reads the page: menus and footers. */
const CHROME = 'nav, [role="navigation"], footer, [role="contentinfo"]';
const TITLE_SEPARATORS = [' | ', ' - ', ' – ', ' — ', ' · ', ' :: ', ' // '];

/** Whitespace collapsed to single spaces, trimmed. */
export function normalizeText(text: string | null | undefined): string {
  return (text ?? '').split(/\s+/u).filter(Boolean).join(' ');
}

/** Elements whose text runs on with their neighbours'; every other element is a word boundary. */
const INLINE = new Set(
  'a abbr b bdi bdo cite code data del dfn em font i ins kbd mark q s samp small span strong sub sup time u var wbr'.split(' '),
);

/**
 * The visible words of `root`, whitespace-normalised, with a word boundary at every block element (so
 * `<li>Rye</li><li>Wheat</li>` reads "Rye Wheat", not "RyeWheat" as `textContent` would).
 */
export function textOf(root: DomNode | null | undefined): string {
  if (!root) return '';
  const parts: string[] = [];
  const walk = (node: DomNode) => {
    if (node.nodeType === TEXT_NODE) {
      parts.push(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE && node.nodeType !== DOCUMENT_NODE && node.nodeType !== DOCUMENT_FRAGMENT_NODE) return;
    const tag = node.nodeType === ELEMENT_NODE ? (node as DomElement).localName : '';
    if (tag === 'script' || tag === 'style' || tag === 'noscript' || tag === 'template') return;
    const block = tag !== '' && !INLINE.has(tag);
    if (block) parts.push(' ');
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) parts.push(' ');
  };
  walk(root);
  return normalizeText(parts.join(''));
}

/** A host name without a leading `www.`, lower case. */
function siteHost(host: string): string {
  const h = host.toLowerCase();
  return h.startsWith('www.') ? h.slice(4) : h;
}

/**
 * True if `a` and `b` (absolute URLs) are on the same site: the same host ignoring `www.`, or one host a
 * subdomain of the other (`shop.example.fi` and `www.example.fi`). The scheme and port are ignored.
 */
export function isSameSite(a: string, b: string): boolean {
  let ha: string;
  let hb: string;
  try {
    ha = siteHost(new URL(a).hostname);
    hb = siteHost(new URL(b).hostname);
  } catch {
    return false;
  }
  return ha === hb || ha.endsWith(`.${hb}`) || hb.endsWith(`.${ha}`);
}

/** `url` without its #fragment (the same document), or null unless it is an absolute http(s) URL. */
export function pageUrlOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.toString();
  } catch {
    return null;
  }
}

function meta(document: DomDocument, selector: string): string {
  return normalizeText(document.querySelector(selector)?.getAttribute('content'));
}

function linkText(a: DomElement): string {
  const text = textOf(a);
  if (text) return text;
  const labelled = normalizeText(a.getAttribute('aria-label') ?? a.getAttribute('title'));
  if (labelled) return labelled;
  const img = a.querySelector('img[alt]');
  return normalizeText(img?.getAttribute('alt'));
}

function areaOf(element: DomElement): PageLink['area'] {
  if (element.closest(FOOTER_AREA)) return 'footer';
  if (element.closest(NAV_AREA)) return 'nav';
  return 'main';
}

function lettersOf(text: string): string {
  return Array.from(text.toLowerCase())
    .filter((ch) => /[\p{L}\p{N}]/u.test(ch))
    .join('');
}

/** The site's name from the title's parts, or '' if the title has no separator. */
function siteNameFromTitle(title: string, host: string): string {
  for (const separator of TITLE_SEPARATORS) {
    const parts = title.split(separator).map(normalizeText).filter(Boolean);
    if (parts.length < 2) continue;
    const hostLetters = lettersOf(host);
    const named = parts.find((part) => {
      const letters = lettersOf(part);
      return letters.length >= 3 && hostLetters.includes(letters);
    });
    return named ?? parts[parts.length - 1]!;
  }
  return '';
}

/** Paragraph-ish blocks under `root`, innermost first-level (a li containing p gives its p's). */
function blocksOf(root: DomElement): string[] {
  const blocks: string[] = [];
  for (const element of Array.from(root.querySelectorAll('p, li, blockquote, dd, pre'))) {
    if (element.querySelector('p, li, blockquote, dd, pre')) continue; // its inner blocks are listed
    const text = textOf(element);
    if (text) blocks.push(text);
  }
  return blocks;
}

/** The main content without Readability: <main>, [role=main], <article> or <body>, minus chrome. */
function fallbackMain(document: DomDocument): DomElement | null {
  const found = document.querySelector('main, [role="main"]') ?? document.querySelector('article') ?? document.body;
  if (!found) return null;
  const copy = found.cloneNode(true);
  for (const chrome of Array.from(copy.querySelectorAll(`${NAV_AREA}, ${FOOTER_AREA}, script, style, noscript, template`))) {
    chrome.remove();
  }
  return copy;
}

/**
 * Parses one fetched page (see the module doc for every field).
 * @param fetched `{ url, html }` of `fetchPage` (ai.fetch.ts); `url` is the final URL, the base of
 *   relative links.
 * @returns the `ParsedPage`; never throws on malformed HTML (the DOM parser repairs it).
 */
export function parsePage(fetched: Pick<FetchedPage, 'url' | 'html'>): ParsedPage {
  const dom = new JSDOM(fetched.html, { url: fetched.url, contentType: 'text/html', virtualConsole: new VirtualConsole() });
  try {
    const { document } = dom.window;
    const host = new URL(fetched.url).hostname;

    const title =
      normalizeText(document.title) ||
      meta(document, 'meta[property="og:title"]') ||
      textOf(document.querySelector('h1')) ||
      host;
    const siteName =
      meta(document, 'meta[property="og:site_name"]') ||
      meta(document, 'meta[name="application-name"]') ||
      siteNameFromTitle(title, host) ||
      siteHost(host);
    const description = meta(document, 'meta[name="description"]') || meta(document, 'meta[property="og:description"]');
    const lang = normalizeText(document.documentElement.getAttribute('lang'));

    const headings: ParsedPage['headings'] = [];
    for (const h of Array.from(document.querySelectorAll('h1, h2, h3'))) {
      if (h.closest(`${NAV_AREA}, ${FOOTER_AREA}`)) continue;
      const text = textOf(h);
      if (text) headings.push({ level: Number(h.localName.slice(1)) as 1 | 2 | 3, text });
    }

    const links: PageLink[] = [];
    const seen = new Set<string>();
    const self = pageUrlOf(fetched.url);
    for (const a of Array.from(document.querySelectorAll('a[href]'))) {
      const href = a.getAttribute('href')?.trim() ?? '';
      if (!href || href.startsWith('#')) continue; // same-page anchor
      let absolute: string;
      try {
        absolute = new URL(href, document.baseURI).toString(); // the page URL, or its <base href>
      } catch {
        continue;
      }
      const url = pageUrlOf(absolute);
      if (!url) continue; // mailto:, tel:, javascript:, unparsable
      const area = areaOf(a);
      const key = `${area} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      links.push({ url, text: linkText(a), area, internal: isSameSite(url, self ?? fetched.url) });
    }

    // Readability changes the document it reads: give it a copy, without the menus and the footer
    // (on a short page it would otherwise keep them as content).
    const copy = document.cloneNode(true);
    for (const chrome of Array.from(copy.querySelectorAll(CHROME))) chrome.remove();
    const article = new Readability<DomElement>(copy as never, { serializer: (node) => node as unknown as DomElement }).parse();
    const content = article?.content ?? null;
    let mainText = textOf(content);
    let paragraphs = content ? blocksOf(content) : [];
    if (!mainText) {
      const main = fallbackMain(document);
      mainText = textOf(main);
      paragraphs = main ? blocksOf(main) : [];
    }
    if (paragraphs.length === 0 && mainText) paragraphs = [mainText];

    return { url: fetched.url, title, siteName, description, lang, headings, mainText, paragraphs, links };
  } finally {
    dom.window.close();
  }
}
