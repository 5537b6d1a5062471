/**
 * Per-client-IP rate limit for `/idp` (issue 3): a token bucket per IP holding up to `burst`
 * requests, refilled at `perSecond` tokens a second (env IDP_RATE_LIMIT_BURST, default 300, and
 * IDP_RATE_LIMIT_PER_SECOND, default 10; burst 0 turns it off). An empty bucket answers HTTP 429
 * with the Cognito error `TooManyRequestsException` and `Retry-After` (seconds).
 *
 * The client IP is the socket's remote address, or with TRUST_PROXY=1 the first X-Forwarded-For
 * address; in-process requests without either (`app.request` in tests) are not limited. Buckets live
 * in memory and full ones are dropped when the table grows past 10,000 entries.
 *
 * Per API node, by decision (issue 18; docs/scaling.md "Identity provider keys"): with N nodes behind a
 * load balancer one IP may make up to N × burst requests at once and N × perSecond a second in total.
 * Sharing the buckets through the database would add a write to every `/idp` request, the hottest
 * unauthenticated path; the brute-force defence that must hold across nodes — the per-user lockout
 * (./lockout.ts) — is already in the database. Operators wanting a cluster-wide figure divide the
 * settings by N or limit at the load balancer. Behind one, TRUST_PROXY=1 is needed, or every client
 * shares the balancer's address and bucket.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export interface RateLimitOptions {
  burst: number;
  perSecond: number;
  trustProxy: boolean;
  /** Clock in epoch ms. */
  now: () => number;
}

/**
 * The client IP of a request, or null when there is none to key on: the runtime gives no socket
 * (in-process `app.request`, as the server tests use) and no trusted X-Forwarded-For.
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** Hono middleware applying the token bucket; the answer for a refused request is built by `refuse`. */
export function rateLimit(opts: RateLimitOptions, refuse: (c: Context, retryAfterSeconds: number) => Response): MiddlewareHandler {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const MAX_BUCKETS = 10_000;
  return async (c, next) => {
    if (opts.burst <= 0) return next();
    const t = opts.now();
    const ip = clientIp(c, opts.trustProxy);
    // In-process calls have no client address: nothing to limit (every socket request has one).
    if (ip === null) return next();
    const bucket = buckets.get(ip) ?? { tokens: opts.burst, at: t };
    bucket.tokens = Math.min(opts.burst, bucket.tokens + ((t - bucket.at) / 1000) * opts.perSecond);
    bucket.at = t;
    if (bucket.tokens < 1) {
      buckets.set(ip, bucket);
      const wait = opts.perSecond > 0 ? Math.ceil((1 - bucket.tokens) / opts.perSecond) : 60;
      return refuse(c, Math.max(1, wait));
    }
    bucket.tokens -= 1;
    buckets.set(ip, bucket);
    if (buckets.size > MAX_BUCKETS) {
      for (const [key, b] of buckets) {
        if (b.tokens + ((t - b.at) / 1000) * opts.perSecond >= opts.burst) buckets.delete(key);
      }
    }
    return next();
  };
}
