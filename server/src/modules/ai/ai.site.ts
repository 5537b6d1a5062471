/**
 * Site capture of the AI URL wizard (issue 16; spec 001 §2 AI URL wizard, step "Analyze Navigation";
 * architecture note decision 4): the start page and a few pages its main navigation links to, fetched
 * with the SSRF-safe fetcher (ai.fetch.ts) and parsed into the page model (ai.page.ts).
 */
import { fetchPage as defaultFetchPage } from './ai.fetch';
import { isSameSite, pageUrlOf, parsePage } from './ai.page';
import type { FetchLimits, FetchPage, ParsedPage, SiteCapture } from './ai.types';

/** Navigation pages fetched besides the start page, at most. */
export const AI_SITE_MAX_PAGES = 5;
/** Navigation pages fetched at the same time. */
export const AI_SITE_CONCURRENCY = 2;

/**
 * The same-site pages the start page's navigation links to, in document order, without the start page
 * itself and without duplicates; when the page has no navigation links, its same-site content links.
 * @returns at most `max` absolute URLs.
 */
export function navigationTargets(start: ParsedPage, max = AI_SITE_MAX_PAGES, alsoExclude: string[] = []): string[] {
  const exclude = new Set([start.url, ...alsoExclude].map((u) => pageUrlOf(u) ?? u));
  const pick = (area: 'nav' | 'main') => {
    const urls: string[] = [];
    for (const link of start.links) {
      if (link.area !== area || !link.internal || exclude.has(link.url) || urls.includes(link.url)) continue;
      urls.push(link.url);
    }
    return urls;
  };
  const nav = pick('nav');
  return (nav.length > 0 ? nav : pick('main')).slice(0, max);
}

/**
 * Fetches and parses the site at `url`: the start page, then up to 5 same-site pages of its main
 * navigation (`navigationTargets`), 2 at a time, with the same `limits`. A navigation page that fails
 * (refused, 404, not HTML, unparsable) or ends, after redirects, on another site or on a page already
 * captured is left out; the start page's failure is the capture's failure.
 * @param url the website URL the user entered (absolute http(s)).
 * @param signal cancels everything (the job was cancelled or timed out).
 * @param deps.fetchPage the fetcher (default ai.fetch.ts `fetchPage`; tests inject a resolver through
 *   `createFetchPage`).
 * @returns `{ start, pages }`, pages in navigation order.
 * @throws FetchRefusedError of the start page; the signal's reason when it aborts.
 */
export async function captureSite(
  url: string,
  limits: FetchLimits,
  signal?: AbortSignal,
  deps: { fetchPage?: FetchPage } = {},
): Promise<SiteCapture> {
  const fetchPage = deps.fetchPage ?? defaultFetchPage;
  const start = parsePage(await fetchPage(url, limits, signal));
  const targets = navigationTargets(start, AI_SITE_MAX_PAGES, [url]);

  const results: Array<ParsedPage | null> = targets.map(() => null);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const index = next++;
      signal?.throwIfAborted();
      try {
        const page = parsePage(await fetchPage(targets[index]!, limits, signal));
        if (isSameSite(page.url, start.url)) results[index] = page;
      } catch {
        if (signal?.aborted) throw signal.reason;
        // an extra page that cannot be read is skipped: the start page is enough for an analysis
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AI_SITE_CONCURRENCY, targets.length) }, worker));

  const seen = new Set([pageUrlOf(start.url)]);
  const pages: ParsedPage[] = [];
  for (const page of results) {
    if (!page || seen.has(pageUrlOf(page.url))) continue;
    seen.add(pageUrlOf(page.url));
    pages.push(page);
  }
  return { start, pages };
}
