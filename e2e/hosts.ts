/**
 * Host pages on another origin for the embed journeys (issue 12 "Cross-origin e2e", issue 20 strict
 * CSP). The Vidbot server under test is `http://127.0.0.1:E2E_PORT` (playwright.config.ts); a host
 * started here listens on `http://localhost:<free port>` — another origin (host and port differ) —
 * and serves the given pages with the given headers, e.g. a strict Content-Security-Policy.
 *
 *   const host = await startHost({ '/widget.html': { html, csp: strictHostCsp(vidbotOrigin) } });
 *   await page.goto(host.url('/widget.html'));
 *   await host.close();
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One page the host serves: its HTML and optional response headers. */
export interface HostPage {
  html: string;
  /** Content-Security-Policy header value (none when omitted). */
  csp?: string;
  headers?: Record<string, string>;
}

/** A running host. */
export interface Host {
  /** `http://localhost:<port>` */
  origin: string;
  url(path: string): string;
  close(): Promise<void>;
}

/** The Vidbot origin the journeys run against (`baseURL` of playwright.config.ts). */
export function vidbotOrigin(): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3199)}`;
}

/**
 * The strict host policy of issue 20, where `v` is the Vidbot origin: no 'unsafe-inline', no
 * 'unsafe-eval', no hashes, Trusted Types required with the one policy name `vidbot`.
 */
export function strictHostCsp(v: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${v}`,
    `style-src 'self' ${v}`,
    `img-src 'self' ${v} data:`,
    `media-src ${v} blob:`,
    `font-src 'self' ${v}`,
    `frame-src ${v}`,
    `connect-src ${v}`,
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types vidbot',
  ].join('; ');
}

/** The nonce-based host policy of issue 20 (`script-src 'nonce-N' 'strict-dynamic'`). */
export function nonceHostCsp(v: string, nonce: string): string {
  return strictHostCsp(v).replace(`script-src 'self' ${v}`, `script-src 'nonce-${nonce}' 'strict-dynamic'`);
}

/** Starts a host serving `pages` (path → page); other paths answer 404. */
export async function startHost(pages: Record<string, HostPage>): Promise<Host> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const page = pages[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...(page.csp ? { 'content-security-policy': page.csp } : {}),
      ...page.headers,
    });
    res.end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
