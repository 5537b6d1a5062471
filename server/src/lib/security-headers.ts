/**
 * Security headers of every answer (issue 10 §3 "Secure by default"; the reasons for each directive
 * are in docs/security.md). This module is the one place that decides which policy a path gets:
 * `routeClass(path)` names the class, `policyFor(class, …)` gives Hono's `secureHeaders` options,
 * and `securityHeaders(…)` is the middleware createApp mounts first, so API errors, 404s and static
 * files get the headers too.
 *
 * Route classes:
 * - `app` — the dashboard HTML (`/`, every client route, the index.html fallback) and `/assets/*`:
 *   scripts only from our origin (no inline script), framed only by our own pages.
 * - `api` — `/api/*` and `/idp/*` JSON: `default-src 'none'`, framed only by our own pages.
 * - `docs` — `/api/docs` (the API reference, issue 10 §4): Scalar's bundle, init script and theme,
 *   all served from our origin (lib/openapi.ts), no inline script; it fetches /api/openapi.json.
 * - `framed` — `/preview/*`, `/widget-preview/*`, `/embed/*`, the player pages `/v/*`, `/e/*` and the
 *   carousel's play page `/w/*` (issue 15):
 *   meant to be framed by other sites (`frame-ancestors *`), their own strict CSP, no cookies, no
 *   opener isolation (an allow-listed opener may message a preview), resources loadable cross-origin.
 * - `ad` — `/ad/*`, the display-ad frame (issue 12): as `framed`, plus images from any https (and
 *   http) origin, because the frame fires the customer's impression pixel (adSettings.impressionTag).
 * - `creative` — `/ad-harness/{publicId}/creative`, the HTML5 package's `index.html` as the display-ad
 *   harness serves it (the rest of `/ad-harness/*` is class `ad`): it has inline script (the
 *   platforms' clickTag conventions), so inline script is allowed here, and the answer is `sandbox`ed
 *   into an opaque origin (scripts and popups only) so nothing on it can reach our origin's storage.
 * - `files` — `/files/*` stored media: `default-src 'none'` + `sandbox` (an uploaded file opened
 *   directly can run nothing), loadable cross-origin by embedded players.
 *
 * `Strict-Transport-Security` is sent only over TLS: the request URL is https (TLS_CERT_FILE), or
 * with TRUST_PROXY the first `X-Forwarded-Proto` value is `https`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env';

/** The classes of routes that get different header policies (see the module comment). */
export const ROUTE_CLASSES = ['app', 'api', 'docs', 'framed', 'ad', 'creative', 'files'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

/** Options of `secureHeaders` (hono/secure-headers), as its first parameter declares them. */
export type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** The parts of the environment the policies depend on. */
export type SecurityHeadersEnv = Pick<
  Env,
  'publicUrl' | 'sentryDsn' | 'trustProxy' | 'googleClientId' | 'googleClientSecret' | 'googleDriveApiUrl'
>;

const SELF = "'self'";
const NONE = "'none'";
const UNSAFE_INLINE = "'unsafe-inline'";

/** `max-age` of Strict-Transport-Security: one year, in seconds; no includeSubDomains (sibling hosts are not ours to pin). */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** Path prefixes of pages that other sites may frame (the `framed` class). */
const FRAMED_PREFIXES = ['/preview', '/widget-preview', '/embed', '/v', '/e', '/w'];

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The route class of a request path (e.g. `/api/bot` → `api`, `/preview/12` → `framed`). */
export function routeClass(path: string): RouteClass {
  if (underPrefix(path, '/api/docs')) return 'docs';
  if (underPrefix(path, '/api') || underPrefix(path, '/idp')) return 'api';
  if (underPrefix(path, '/files')) return 'files';
  if (underPrefix(path, '/ad')) return 'ad';
  if (underPrefix(path, '/ad-harness')) return path.endsWith('/creative') ? 'creative' : 'ad';
  if (FRAMED_PREFIXES.some((p) => underPrefix(path, p))) return 'framed';
  return 'app';
}

/** The origin of a URL string, or null when it does not parse (e.g. a malformed SENTRY_DSN). */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Origins the SPA talks to besides its own: the Sentry ingest origin of SENTRY_DSN (the DSN's
 * scheme + host + port, without the key), and PUBLIC_URL's origin (aws-amplify posts the OAuth code
 * exchange to `https://{oauth domain}/oauth2/token`, built from PUBLIC_URL, which differs from the
 * page's origin when the app is reached under another name, e.g. localhost vs 127.0.0.1).
 */
export function connectOrigins(env: SecurityHeadersEnv): string[] {
  const out = new Set<string>();
  const sentry = originOf(env.sentryDsn);
  if (sentry) out.add(sentry);
  const pub = originOf(env.publicUrl);
  if (pub) out.add(pub);
  return [...out];
}

/**
 * Image origins of the dashboard besides its own: with Google configured, the Google Drive import
 * dialog shows Drive's `thumbnailLink` images (googleusercontent.com, drive/docs.google.com, or the
 * GOOGLE_DRIVE_API_URL origin when it points at a stand-in such as the e2e fake).
 */
export function imageOrigins(env: SecurityHeadersEnv): string[] {
  if (!(env.googleClientId && env.googleClientSecret)) return [];
  const out = new Set(['https://*.googleusercontent.com', 'https://drive.google.com', 'https://docs.google.com']);
  const drive = originOf(env.googleDriveApiUrl);
  if (drive) out.add(drive);
  return [...out];
}

/**
 * The `secureHeaders` options of one route class.
 * @param https whether the request came over TLS (adds Strict-Transport-Security).
 */
export function policyFor(cls: RouteClass, env: SecurityHeadersEnv, https: boolean): SecureHeadersOptions {
  const common: SecureHeadersOptions = {
    xContentTypeOptions: true,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: https ? `max-age=${HSTS_MAX_AGE_SECONDS}` : false,
    removePoweredBy: true,
  };
  switch (cls) {
    case 'app':
      return {
        ...common,
        crossOriginOpenerPolicy: 'same-origin',
        crossOriginResourcePolicy: 'same-origin',
        xFrameOptions: 'SAMEORIGIN',
        contentSecurityPolicy: {
          defaultSrc: [SELF],
          scriptSrc: [SELF],
          styleSrc: [SELF, UNSAFE_INLINE],
          imgSrc: [SELF, 'data:', 'blob:', ...imageOrigins(env)],
          mediaSrc: [SELF, 'blob:'],
          fontSrc: [SELF, 'data:'],
          connectSrc: [SELF, ...connectOrigins(env)],
          frameSrc: [SELF],
          objectSrc: [NONE],
          baseUri: [SELF],
          formAction: [SELF],
          frameAncestors: [SELF],
        },
      };
    case 'api':
      return {
        ...common,
        crossOriginOpenerPolicy: 'same-origin',
        crossOriginResourcePolicy: 'same-origin',
        xFrameOptions: 'SAMEORIGIN',
        contentSecurityPolicy: { defaultSrc: [NONE], frameAncestors: [SELF] },
      };
    case 'docs':
      return {
        ...common,
        crossOriginOpenerPolicy: 'same-origin',
        crossOriginResourcePolicy: 'same-origin',
        xFrameOptions: 'SAMEORIGIN',
        contentSecurityPolicy: {
          defaultSrc: [NONE],
          scriptSrc: [SELF],
          // Scalar (Vue) sets element styles at run time.
          styleSrc: [SELF, UNSAFE_INLINE],
          imgSrc: [SELF, 'data:', 'blob:'],
          fontSrc: [SELF, 'data:'],
          connectSrc: [SELF],
          workerSrc: [SELF, 'blob:'],
          objectSrc: [NONE],
          baseUri: [NONE],
          formAction: [NONE],
          frameAncestors: [SELF],
        },
      };
    case 'framed':
      return {
        ...common,
        // Framed by any site; opened by allow-listed sites that keep talking to it (window.opener).
        crossOriginOpenerPolicy: false,
        crossOriginResourcePolicy: 'cross-origin',
        xFrameOptions: false,
        contentSecurityPolicy: {
          defaultSrc: [NONE],
          scriptSrc: [SELF],
          styleSrc: [SELF, UNSAFE_INLINE],
          imgSrc: [SELF, 'data:', 'blob:'],
          mediaSrc: [SELF, 'blob:'],
          fontSrc: [SELF, 'data:'],
          connectSrc: [SELF, ...connectOrigins(env)],
          // An EXTERNAL_LINK button of link type `embed` shows the link in an iframe (spec 002 §2).
          frameSrc: [SELF, 'https:'],
          objectSrc: [NONE],
          baseUri: [NONE],
          formAction: [NONE],
          // Any site may frame a vidbot; the bot's allowed domains replace `*` once bots have them.
          frameAncestors: ['*'],
        },
      };
    case 'ad': {
      const framed = policyFor('framed', env, https);
      const csp = framed.contentSecurityPolicy as Record<string, string[]>;
      // The impression pixel (adSettings.impressionTag) is any ad server's URL.
      // Ad servers frame creatives in sandboxed iframes (opaque origin, inherited by our frame inside
      // the creative); no `frame-ancestors` source matches an opaque ancestor (Chromium blocks even
      // `* http: https:`), so this class sends none: any page may frame the ad, as `*` intends.
      const { frameAncestors: _any, ...rest } = csp;
      return { ...framed, contentSecurityPolicy: { ...rest, imgSrc: [...csp.imgSrc!, 'https:', 'http:'] } };
    }
    case 'creative': {
      const v = originOf(env.publicUrl);
      const ours = v ? [SELF, v] : [SELF];
      return {
        ...common,
        crossOriginOpenerPolicy: false,
        crossOriginResourcePolicy: 'cross-origin',
        xFrameOptions: false,
        contentSecurityPolicy: {
          defaultSrc: [NONE],
          // The HTML5 package's inline clickTag script and the harness's platform simulations.
          scriptSrc: [...ours, UNSAFE_INLINE],
          styleSrc: [...ours, UNSAFE_INLINE],
          imgSrc: [...ours, 'data:'],
          frameSrc: ours,
          objectSrc: [NONE],
          baseUri: [NONE],
          formAction: [NONE],
          // No frame-ancestors (any page may frame it; see `ad`).
          // Opaque origin: scripts run, popups (the click tracker) open unsandboxed, nothing else.
          sandbox: ['allow-scripts', 'allow-popups', 'allow-popups-to-escape-sandbox'],
        },
      };
    }
    case 'files':
      return {
        ...common,
        crossOriginOpenerPolicy: 'same-origin',
        crossOriginResourcePolicy: 'cross-origin',
        xFrameOptions: 'SAMEORIGIN',
        contentSecurityPolicy: {
          defaultSrc: [NONE],
          // Opened directly, Chromium shows a file in a media/image document of its own.
          mediaSrc: [SELF],
          imgSrc: [SELF],
          styleSrc: [UNSAFE_INLINE],
          sandbox: [],
        },
      };
  }
}

/**
 * Whether a request came over TLS: its URL is https (the server listens with TLS_CERT_FILE), or
 * with `trustProxy` the first `X-Forwarded-Proto` value (set by the TLS-terminating proxy) is https.
 */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-proto');
    if (forwarded) return forwarded.split(',')[0]!.trim().toLowerCase() === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** CSP sources a route adds to its class's policy for one answer (directive name as in the header → sources). */
export type CspAdditions = Partial<Record<'script-src' | 'connect-src' | 'img-src' | 'frame-src', string[]>>;

/**
 * Google's tag (gtag.js / GTM) in a player frame whose bot uses the direct_ga4 / direct_gtm analytics
 * integration (issue 13; Google's "Use a Content Security Policy" guide for GA4 and GTM). Only those
 * frames get these sources (share.pages.ts sets them per answer through `cspAdditions`).
 */
export const GOOGLE_TAG_CSP: CspAdditions = {
  'script-src': ['https://www.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** `header` (a Content-Security-Policy value) with `additions` appended to their directives (added when missing). */
export function extendCsp(header: string, additions: CspAdditions): string {
  const parts = header.split(';').map((x) => x.trim()).filter(Boolean);
  for (const [name, sources] of Object.entries(additions)) {
    if (!sources?.length) continue;
    const i = parts.findIndex((p) => p.split(/\s+/)[0] === name);
    if (i >= 0) parts[i] = `${parts[i]} ${sources.join(' ')}`;
    else parts.push(`${name} ${sources.join(' ')}`);
  }
  return parts.join('; ');
}

/**
 * The middleware that sets the security headers of every answer by route class (mount it first).
 * Answers of the `framed` class lose any Set-Cookie: pages on other sites must not get cookies.
 * A route may widen its answer's CSP with `c.set('cspAdditions', …)` (CspAdditions; the player
 * pages do for direct_ga4 / direct_gtm bots).
 */
export function securityHeaders(env: SecurityHeadersEnv): MiddlewareHandler {
  const table = Object.fromEntries(
    ROUTE_CLASSES.map((cls) => [cls, { http: secureHeaders(policyFor(cls, env, false)), https: secureHeaders(policyFor(cls, env, true)) }]),
  ) as Record<RouteClass, { http: MiddlewareHandler; https: MiddlewareHandler }>;
  return async (c, next) => {
    const cls = routeClass(c.req.path);
    await table[cls][isHttps(c, env.trustProxy) ? 'https' : 'http'](c, next);
    const additions = c.get('cspAdditions' as never) as CspAdditions | undefined;
    const csp = c.res.headers.get('Content-Security-Policy');
    if (additions && csp) c.res.headers.set('Content-Security-Policy', extendCsp(csp, additions));
    if (cls === 'framed' || cls === 'ad' || cls === 'creative') c.res.headers.delete('Set-Cookie');
  };
}
