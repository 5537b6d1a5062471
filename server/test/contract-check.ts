/**
 * Response check of the server tests (issue 10 §4): every answer a test receives through the harness's
 * `call` is validated against the contract its route declares (lib/contract.ts `route()`): a
 * declared success status must carry a body matching its valibot schema, an error status one of
 * `{ detail, code?, errors? }`, and a status the route does not declare fails the test.
 *
 * Routes not converted yet are listed in CONTRACT_EXEMPT (method + path prefix); issue 10 §4 phase 2
 * removes entries until the list is empty. A `/api` route that is neither declared nor exempt fails.
 */
import { findTargetHandler } from 'hono/utils/handler';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { contractOf, ErrorBody, type RouteContract } from '../src/lib/contract';

/**
 * Routes without a contract yet: `'<METHOD> <path prefix>'` (METHOD `*` = any). Phase 2 of issue 10 §4
 * deletes a line when it converts the module; the goal is an empty list.
 */
export const CONTRACT_EXEMPT: readonly string[] = [
  '* /api/media/tus', // tus protocol (@tus/server), described by hand in lib/openapi.ts (stays)
  'GET /api/openapi.json', // the contract itself (stays)
  'GET /api/docs', // its reference page, HTML (stays)
];

interface Declared {
  method: string;
  re: RegExp;
  path: string;
  contract: RouteContract;
}

/** `/api/media/:id{[0-9]+}/caption/:captionId` → a RegExp matching concrete paths. */
function pathRegExp(path: string): RegExp {
  const src = path
    .split('/')
    .map((seg) => {
      const m = /^:[^{?]+(?:\{(.+)\})?(\?)?$/.exec(seg);
      if (m) return m[1] ? `(?:${m[1]})` : '[^/]+';
      if (seg === '*') return '.*';
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${src}/?$`);
}

/** Collects the declared routes of an app (its `app.routes`, sub-apps included). */
export function declaredRoutes(app: Hono<any, any, any>): Declared[] {
  const out: Declared[] = [];
  for (const r of app.routes) {
    const contract = contractOf.get(findTargetHandler(r.handler));
    if (contract) out.push({ method: r.method, path: r.path, re: pathRegExp(r.path), contract });
  }
  return out;
}

function isExempt(method: string, pathname: string): boolean {
  return CONTRACT_EXEMPT.some((entry) => {
    const [m, prefix] = entry.split(' ') as [string, string];
    return (m === '*' || m === method) && pathname.startsWith(prefix);
  });
}

const fmt = (issues: readonly v.BaseIssue<unknown>[]) =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path?.map((p) => String(p.key)).join('.') || '(root)'}: ${i.message}`)
    .join('; ');

/**
 * Throws when `res` (the answer to `method url`) breaks its route's contract. The body is read from a
 * clone, so the caller can still read `res`.
 */
export async function checkResponse(routes: Declared[], method: string, url: string, res: Response): Promise<void> {
  const pathname = new URL(url, 'http://test').pathname;
  if (!pathname.startsWith('/api/') || method === 'HEAD' || method === 'OPTIONS') return;
  const where = `${method} ${pathname} → ${res.status}`;
  const route = routes.find((r) => r.method === method && r.re.test(pathname));
  if (!route) {
    if (isExempt(method, pathname)) return;
    // Unmatched: the API's catch-all 404 (or 401 before it) with an error body.
    if (res.status === 404 || res.status === 401) return void (await expectBody(ErrorBody, res, where));
    throw new Error(`contract: ${where}: the route declares no contract (lib/contract.ts route()) and is not in CONTRACT_EXEMPT`);
  }
  const c = route.contract;
  const status = res.status as keyof typeof c.responses;
  if (status in c.responses) {
    const schema = c.responses[status];
    if (schema) await expectBody(schema, res, where);
    return;
  }
  if (c.rawResponses && status in c.rawResponses) return;
  if (res.status >= 400 && res.status < 500) return void (await expectBody(ErrorBody, res, where));
  // Any route may answer 503 under overload (issue 18: admission refused, statement timeout; lib/db-guard.ts).
  if (res.status === 503) return void (await expectBody(ErrorBody, res, where));
  throw new Error(`contract: ${where}: status not declared by ${route.method} ${route.path} (declared: ${Object.keys(c.responses).join(', ')})`);
}

async function expectBody(schema: v.GenericSchema, res: Response, where: string): Promise<void> {
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`contract: ${where}: body is not JSON: ${text.slice(0, 200)}`);
  }
  const r = v.safeParse(schema, body);
  if (!r.success) throw new Error(`contract: ${where}: body does not match its schema: ${fmt(r.issues)}`);
}
