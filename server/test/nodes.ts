/**
 * Two API nodes on one PostgreSQL and one bucket (issue 18 "Two API nodes behave as one"; decision 9
 * of the architecture brief), for server/test/nodes.test.ts:
 *
 * - a fresh PostgreSQL database (`createPgDatabase`, harness.ts) and s3rver (`startTestS3`, s3.ts);
 * - a tiny SMTP sink (smtp-server on loopback) that records every message it receives;
 * - nodes A and B: `node --import tsx server/src/index.ts` (tus-resume.ts `startServerProcess`), each
 *   with its own PORT and DATA_DIR and the same PUBLIC_URL (the proxy's: tokens name it as their
 *   issuer), DATABASE_URL, S3_* and SMTP_URL, SEED_DEMO=1,
 *   JOB_CONCURRENCY=1 and a short JOB_LEASE_MS. A starts first (it runs the migrations and seeds the
 *   demo data), then B (which finds both done): drizzle's migrator is not safe for two first starts
 *   at once;
 * - a round-robin HTTP proxy (node:http) in front of the nodes that are up (`proxy.url`), as a load
 *   balancer would be; `proxy.remove(node)` takes a killed node out.
 *
 * `close()` stops everything (nodes with SIGTERM, then the proxy, SMTP sink, bucket, database).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createPgDatabase } from './harness';
import { startTestS3, type TestS3 } from './s3';
import { freePort, startServerProcess, type ServerProcess } from './tus-resume';

/** One message as the SMTP sink received it. */
export interface SinkMessage {
  to: string[];
  /** The raw message (headers and body). */
  raw: string;
}

/** A round-robin HTTP proxy in front of some nodes. */
export interface RoundRobinProxy {
  url: string;
  /** Nodes that answered each proxied request, in order (their ports). */
  served: number[];
  /** Puts `node` into the rotation. */
  add(node: ServerProcess): void;
  /** Takes `node` out of the rotation (e.g. once it was killed). */
  remove(node: ServerProcess): void;
  close(): Promise<void>;
}

export interface TwoNodes {
  a: ServerProcess;
  b: ServerProcess;
  proxy: RoundRobinProxy;
  s3: TestS3;
  /** A client of the shared database (for checks on jobs and the outbox). */
  sql: pg.Pool;
  /** Every message the SMTP sink received so far. */
  mail: SinkMessage[];
  close(): Promise<void>;
}

/**
 * Starts a round-robin proxy on 127.0.0.1 in front of `nodes`: request n goes to node n mod N
 * (bodies streamed both ways, so a stalled upload stays stalled). An unreachable node answers 502.
 */
export async function startRoundRobinProxy(nodes: ServerProcess[]): Promise<RoundRobinProxy> {
  const targets = [...nodes];
  const served: number[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = targets.length ? targets[next++ % targets.length] : undefined;
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    served.push(target.port);
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    add(node) {
      targets.push(node);
    },
    remove(node) {
      const i = targets.indexOf(node);
      if (i >= 0) targets.splice(i, 1);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts an SMTP sink on loopback (no TLS, no AUTH) that appends every message to `mail`. */
async function startSmtpSink(mail: SinkMessage[]): Promise<{ url: string; close(): Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (b: Buffer) => (raw += b.toString()));
      stream.on('end', () => {
        mail.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/**
 * Starts the two-node setup described in the module comment.
 * @param opts.env extra variables for both nodes.
 * @param opts.bootTimeoutMs limit for one node's start (default 180 s: the shared cores can be busy).
 */
export async function startTwoNodes(opts: { env?: Record<string, string>; bootTimeoutMs?: number } = {}): Promise<TwoNodes> {
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  };
  try {
    const database = await createPgDatabase();
    cleanups.push(() => database.drop());
    const s3 = await startTestS3();
    cleanups.push(() => s3.close());
    const mail: SinkMessage[] = [];
    const smtp = await startSmtpSink(mail);
    cleanups.push(() => smtp.close());
    // The load balancer first: its address is every node's PUBLIC_URL (the tokens' issuer).
    const proxy = await startRoundRobinProxy([]);
    cleanups.push(() => proxy.close());
    const env = {
      PUBLIC_URL: proxy.url,
      DATABASE_URL: database.url,
      ...s3.env,
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'Vidbot <no-reply@vidbot.test>',
      JOB_CONCURRENCY: '1',
      JOB_LEASE_MS: '3000',
      ...opts.env,
    };
    const start = async (name: string) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `vidbot-node-${name}-`));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const node = await startServerProcess({ dataDir, port: await freePort(), env, timeoutMs: opts.bootTimeoutMs ?? 180_000 });
      cleanups.push(() => node.kill('SIGTERM'));
      return node;
    };
    const a = await start('a');
    const b = await start('b');
    proxy.add(a);
    proxy.add(b);
    const sql = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(() => sql.end());
    return { a, b, proxy, s3, sql, mail, close: cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** The node among `nodes` whose process id appears in a job's `locked_by` (`host:pid:…`), if any. */
export function nodeOfWorker<T extends { pid: number }>(nodes: T[], lockedBy: string | null): T | undefined {
  const pid = Number(lockedBy?.split(':')[1]);
  return nodes.find((n) => n.pid === pid);
}
