/**
 * `GET|HEAD /files/{key}` (docs/api.md "Media"): serves stored media files with the right
 * Content-Type and HTTP Range support (single ranges: `bytes=a-b`, `bytes=a-`, `bytes=-n`), so
 * browsers can seek in videos. Keys hold a random UUID (capability URLs) and never change content,
 * so answers are cacheable for a year. Every answer allows any origin (CORS `*`, no credentials;
 * `OPTIONS` preflight → 204) so a player embedded on another site loads videos and `<track>`
 * captions with `crossorigin="anonymous"` (spec 001 §4; docs/api.md "Media").
 */
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../lib/context';
import { isValidKey, type ByteRange } from './storage';
import { mimeForKey } from './sniff';

/**
 * Parses a `Range` header against a file of `size` bytes.
 * @returns the inclusive range, `'unsatisfiable'` (→ 416), or null to send the whole file (no or
 *   unparsable header, or several ranges, which we answer with the full body as RFC 9110 allows).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * CORS headers of every `/files` answer: any origin may read (capability URLs, no cookies), and the
 * headers a cross-origin media element or fetch needs for seeking are exposed.
 */
export const FILES_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range, Accept-Ranges, Content-Length, ETag',
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;

/** The `/files` sub-app; mount with `app.route('/files', filesRoutes(deps))` before the SPA fallback. */
export function filesRoutes(deps: AppDeps): Hono<AppEnv> {
  const files = new Hono<AppEnv>();
  files.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(FILES_CORS_HEADERS)) c.res.headers.set(name, value);
  });
  // CORS preflight (a Range header is not CORS-safelisted for every value, e.g. `bytes=-500`).
  files.options('/*', () =>
    new Response(null, {
      status: 204,
      headers: {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': 'Range, If-Range, If-None-Match, If-Modified-Since',
        'Access-Control-Max-Age': '86400',
      },
    }),
  );
  files.on(['GET', 'HEAD'], '/*', async (c) => {
    const key = decodeURIComponent(c.req.path.replace(/^.*?\/files\//, ''));
    const info = isValidKey(key) ? await deps.storage.stat(key) : null;
    if (!info) return c.json({ detail: 'File not found.', code: 'not_found' }, 404);
    const etag = `"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
    const headers: Record<string, string> = {
      'Content-Type': mimeForKey(key),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'Last-Modified': info.modifiedAt.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const ifRange = c.req.header('if-range');
    const range = ifRange && ifRange !== etag ? null : parseRange(c.req.header('range'), info.size);
    if (range === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${info.size}` } });
    }
    const status = range ? 206 : 200;
    const length = range ? range.end - range.start + 1 : info.size;
    headers['Content-Length'] = String(length);
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${info.size}`;
    if (c.req.method === 'HEAD' || length === 0) return new Response(null, { status, headers });
    const stream = deps.storage.createReadStream(key, range ?? undefined);
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
  });
  return files;
}
