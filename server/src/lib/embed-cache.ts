/**
 * Caching and compression of what viewers load on other sites (issue 12 "long-lived immutable
 * caching for hashed assets, short caching for bot data, compression"; issue 12 architecture §7):
 *
 * | path | Cache-Control |
 * |---|---|
 * | `/embed/chunks/*`, `/embed/assets/*` (content-hashed names) | `public, max-age=31536000, immutable` |
 * | `/embed/*` other files (stable names: loader.js, page.js, player.js, *.css) | `public, max-age=300` |
 * | `/v/*`, `/e/*`, `/ad/*`, `/w/*` HTML and `/api/public/bot/*`, `/api/public/widget/*` JSON (2xx) | `public, max-age=60` |
 * | `/embed/sync/*.js` | its own route sets `max-age=60` |
 *
 * A handler's own Cache-Control always wins (the middleware only fills in a missing one), and error
 * answers get none from here. Compression: hono/compress (gzip or deflate per Accept-Encoding, at
 * least 1 KB, compressible types only: HTML, JS, CSS, JSON, SVG…) on the same paths — never on
 * `/files` (video Range requests).
 */
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Seconds: hashed files, stable-named bundles, bot data and the player pages. */
export const CACHE_SECONDS = { immutable: 31_536_000, stable: 300, data: 60 } as const;

/** The Cache-Control this module gives a successful answer on `path`, or null (leave it alone). */
export function cacheControlFor(path: string): string | null {
  if (/^\/embed\/(chunks|assets)\//.test(path)) return `public, max-age=${CACHE_SECONDS.immutable}, immutable`;
  if (path.startsWith('/embed/sync/')) return `public, max-age=${CACHE_SECONDS.data}`;
  if (path.startsWith('/embed/')) return `public, max-age=${CACHE_SECONDS.stable}`;
  if (/^\/(v|e|ad|w)\/[^/]+\/?$/.test(path) || path.startsWith('/api/public/bot/') || path.startsWith('/api/public/widget/')) return `public, max-age=${CACHE_SECONDS.data}`;
  return null;
}

/** Sets `cacheControlFor(path)` on 2xx/304 answers that have no Cache-Control of their own. */
export function embedCacheControl(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if ((status < 200 || status >= 300) && status !== 304) return;
    if (c.res.headers.has('Cache-Control')) return;
    const value = cacheControlFor(c.req.path);
    if (value) c.res.headers.set('Cache-Control', value);
  };
}

/** Path patterns (Hono `app.use`) that get `embedCacheControl` and compression. */
export const EMBED_PATHS = ['/embed/*', '/v/*', '/e/*', '/ad/*', '/w/*', '/api/public/*'] as const;

/** hono/compress for the embed paths (gzip preferred; 1 KB threshold). */
export function embedCompression(): MiddlewareHandler {
  return compress();
}
