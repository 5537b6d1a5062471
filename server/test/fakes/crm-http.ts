/**
 * Small helpers shared by the CRM fakes (server/test/fakes/crm-*.ts): a node:http server on
 * 127.0.0.1 with a free port, body reading (JSON and form-encoded) and JSON answers. No
 * test-framework imports, so e2e/server.mjs can start the fakes through tsx.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received (tests assert on these). Authorization headers are kept as sent. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  contentType: string | null;
  /** Parsed JSON or form body; raw text when neither parses; null without a body. */
  body: unknown;
}

/** The switches every CRM fake has. */
export interface FakeSwitches {
  /** Answer the next N API calls with 503 (an outage), then work again. `Infinity` = until reset. */
  outage: number;
  /** Every credential is revoked: API calls answer 401 (token / key no longer valid). */
  revoked: boolean;
}

export async function readBody(req: IncomingMessage): Promise<{ text: string; parsed: unknown }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return { text, parsed: null };
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return { text, parsed: Object.fromEntries(new URLSearchParams(text)) };
  try {
    return { text, parsed: JSON.parse(text) as unknown };
  } catch {
    return { text, parsed: text };
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * Starts `handler` on 127.0.0.1:`port` (0 = any free port).
 * @returns the origin (`http://127.0.0.1:N`) and close().
 */
export async function listen(
  port: number,
  handler: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    handler(req, res, url).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: err instanceof Error ? err.message : String(err) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
