/**
 * The website fixture of the AI wizards (issue 16 "Tests"): the static pages of
 * server/test/fixtures/website (a bakery's site: several pages, a main navigation, relative links
 * `products.html`, `./catering/`, `../contact.html`, an external Instagram link, mailto), served on
 * 127.0.0.1 by a small node:http server. `/catering/` serves `catering/index.html`. Extra routes for
 * fetcher tests: `routes` maps a path to a handler (e.g. a redirect to a private address).
 *
 * Usage: `const site = await startWebsite(); site.url('/') … await site.close();`
 * The server under test must list `127.0.0.1` in AI_FETCH_ALLOWLIST (the fetcher refuses loopback otherwise).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const WEBSITE_ROOT = path.resolve(import.meta.dirname, '../fixtures/website');

export interface Website {
  /** `http://127.0.0.1:{port}` */
  origin: string;
  url(pathname: string): string;
  /** Paths requested so far (for assertions). */
  requests: string[];
  close(): Promise<void>;
}

export async function startWebsite(
  opts: { root?: string; routes?: Record<string, (req: IncomingMessage, res: ServerResponse) => void> } = {},
): Promise<Website> {
  const root = opts.root ?? WEBSITE_ROOT;
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    const custom = opts.routes?.[pathname];
    if (custom) return custom(req, res);
    let file = path.join(root, pathname);
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (p) => new URL(p, origin).toString(),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
