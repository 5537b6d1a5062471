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
 * - `mainText` / `paragraphs`: Readability's article (its text, and its p / li / blockquote / dd blocks);
 *   when Readability finds no article, the page's `<main>` (or `[role=main]`, `<article>`, `<body>`)
 *   without navigation, header and footer;
 * - `links`: every `<a href>` resolved against the page URL (and `<base href>`) to an absolute http(s)
 *   URL without its #fragment (mailto:, tel:, javascript: and same-page anchors dropped), its text (or
 *   aria-label / title / image alt), its `area` (`footer` inside `<footer>` / `[role=contentinfo]`;
 *   `nav` inside `<nav>` / `<header>` / `[role=navigation]` / `[role=banner]`; else `main`) and whether
 *   it is `internal` (see `isSameSite`); one entry per URL and area, first occurrence kept.
 */
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import type { FetchedPage, PageLink, ParsedPage } from './ai.types';

const NAV_AREA = 'nav, header, [role="navigation"], [role="banner"]';
const FOOTER_AREA = 'footer, [role="contentinfo"]';
const TITLE_SEPARATORS = [' | ', ' - ', ' – ', ' — ', ' · ', ' :: ', ' // '];

/** Whitespace collapsed to single spaces, trimmed. */
export function normalizeText(text: string | null | undefined): string {
  return (text ?? '').split(/\s+/u).filter(Boolean).join(' ');
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

function meta(document: Document, selector: string): string {
  return normalizeText(document.querySelector(selector)?.getAttribute('content'));
}

function linkText(a: HTMLAnchorElement): string {
  const text = normalizeText(a.textContent);
  if (text) return text;
  const labelled = normalizeText(a.getAttribute('aria-label') ?? a.getAttribute('title'));
  if (labelled) return labelled;
  const img = a.querySelector('img[alt]');
  return normalizeText(img?.getAttribute('alt'));
}

function areaOf(element: Element): PageLink['area'] {
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
function blocksOf(root: Element): string[] {
  const blocks: string[] = [];
  for (const element of Array.from(root.querySelectorAll('p, li, blockquote, dd, pre'))) {
    if (element.querySelector('p, li, blockquote, dd, pre')) continue; // its inner blocks are listed
    const text = normalizeText(element.textContent);
    if (text) blocks.push(text);
  }
  return blocks;
}

/** The main content without Readability: <main>, [role=main], <article> or <body>, minus chrome. */
function fallbackMain(document: Document): Element | null {
  const found = document.querySelector('main, [role="main"]') ?? document.querySelector('article') ?? document.body;
  if (!found) return null;
  const copy = found.cloneNode(true) as Element;
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
      normalizeText(document.querySelector('h1')?.textContent) ||
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
      const text = normalizeText(h.textContent);
      if (text) headings.push({ level: Number(h.tagName.slice(1)) as 1 | 2 | 3, text });
    }

    const links: PageLink[] = [];
    const seen = new Set<string>();
    const self = pageUrlOf(fetched.url);
    for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
      const href = a.getAttribute('href')?.trim() ?? '';
      if (!href || href.startsWith('#')) continue; // same-page anchor
      const url = pageUrlOf(a.href);
      if (!url) continue; // mailto:, tel:, javascript:, unparsable
      const area = areaOf(a);
      const key = `${area} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      links.push({ url, text: linkText(a), area, internal: isSameSite(url, self ?? fetched.url) });
    }

    // Readability changes the document it reads: give it a copy.
    const article = new Readability(document.cloneNode(true) as Document, {
      serializer: (node: Node) => node,
    }).parse();
    const content = article?.content instanceof dom.window.Element ? article.content : null;
    let mainText = normalizeText(article?.textContent);
    let paragraphs = content ? blocksOf(content) : [];
    if (!mainText) {
      const main = fallbackMain(document);
      mainText = normalizeText(main?.textContent);
      paragraphs = main ? blocksOf(main) : [];
    }
    if (paragraphs.length === 0 && mainText) paragraphs = [mainText];

    return { url: fetched.url, title, siteName, description, lang, headings, mainText, paragraphs, links };
  } finally {
    dom.window.close();
  }
}
