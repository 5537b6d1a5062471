/**
 * Two API nodes on one PostgreSQL and one bucket behave as one (issue 18 "Two API nodes behave as
 * one"; docs/scaling.md "What is shared where"): real server processes A and B (server/test/nodes.ts)
 * behind a round-robin proxy, s3rver as the bucket, an SMTP sink.
 *
 * - a token issued by A's /idp is accepted by B (keys in the database — the idp part of issue 18);
 * - 5 failed sign-ins split over A and B lock the user on both;
 * - a tus upload started through A, whose PATCH stalls (the client went away), resumes through B —
 *   B's request asks A to let go of the upload's lock (media/tus-lock.ts) — and ends Ready with the
 *   file's SHA-256;
 * - each media job and each e-mail runs exactly once across both nodes; a status produced by the node
 *   that ran a job is seen by a client polling the other node (live pushes are polling through the
 *   database, decision 7);
 * - a job claimed by a node killed with SIGKILL is run by the other once its lease (JOB_LEASE_MS=3000)
 *   has expired.
 *
 * PostgreSQL only: `node scripts/test-postgres.mjs -- npx vitest run server/test/nodes.test.ts --project server-pg`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { startWebsite, type Website } from './fakes/website';
import { dbVariant } from './harness';
import { nodeOfWorker, startTwoNodes, type TwoNodes } from './nodes';
import { demoAccountId, FIXTURES, getMedia, sha256, signIn, waitFor, type ServerProcess } from './tus-resume';

const DEMO_PASSWORD = 'Vidbot-demo-1';
const CLIENT_ID = 'vidbotlocalclient';

/** `InitiateAuth` (USER_PASSWORD_AUTH) on `url`/idp: the HTTP status and the Cognito error type/message. */
async function tryPassword(url: string, email: string, password: string): Promise<{ status: number; type?: string; message?: string }> {
  const res = await fetch(`${url}/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  const json = (await res.json()) as { __type?: string; message?: string };
  return { status: res.status, type: json.__type, message: json.message };
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Creates a tus upload of `size` bytes on `url` for `accountId`; returns its URL path and Media-Id. */
async function createUpload(url: string, token: string, accountId: number, name: string, type: string, size: number): Promise<{ location: string; mediaId: number }> {
  const res = await fetch(`${url}/api/media/tus`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'account-id': String(accountId),
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `name ${b64(name)},type ${b64(type)},filename ${b64(name)}`,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { location: res.headers.get('location')!, mediaId: Number(res.headers.get('media-id')) };
}

/** `HEAD` of a tus upload: its offset. */
async function headOffset(url: string, token: string, location: string): Promise<number> {
  const res = await fetch(`${url}${location}`, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

/** `PATCH` of `bytes` at `offset`. */
async function patch(url: string, token: string, location: string, offset: number, bytes: Uint8Array): Promise<Response> {
  return fetch(`${url}${location}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
}

/** Uploads a whole file in one tus request (creation-with-upload); returns the Media-Id. */
async function uploadWhole(url: string, token: string, accountId: number, file: string, type: string): Promise<number> {
  const bytes = readFileSync(path.join(FIXTURES, file));
  const res = await fetch(`${url}/api/media/tus`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'account-id': String(accountId),
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `name ${b64(file)},type ${b64(type)},filename ${b64(file)}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return Number(res.headers.get('media-id'));
}

interface JobRow {
  id: number;
  status: string;
  attempts: number;
  locked_by: string | null;
}

describe.runIf(dbVariant === 'postgres')('two API nodes on one PostgreSQL and one bucket', () => {
  let nodes: TwoNodes;
  /** An Owner's token from each node (each node accepts its own tokens on any branch). */
  const token = new Map<ServerProcess, string>();
  let accountId = 0;
  let site: Website;
  /** Answers held back by the website's `/slow` page until the test lets them go. */
  const slow: ServerResponse[] = [];
  const releaseSlow = () => {
    for (const res of slow.splice(0)) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Slow</title><h1>Slow</h1><p>At last.</p>');
  };

  const jobsOfMedia = async (mediaId: number) =>
    (await nodes.sql.query<JobRow>(`SELECT id, status, attempts, locked_by FROM jobs WHERE type = 'media.process' AND payload->>'mediaId' = $1 ORDER BY id`, [String(mediaId)])).rows;
  /** Waits until media `id` is processed, polling `node`; returns it. */
  const readyOn = (node: ServerProcess, id: number, timeoutMs = 90_000) =>
    waitFor(`media ${id} processed (polled on port ${node.port})`, async () => {
      const m = await getMedia(node.url, token.get(node)!, id);
      return m.status === 'Draft' ? undefined : m;
    }, timeoutMs);

  beforeAll(async () => {
    site = await startWebsite({ routes: { '/slow': (_req, res) => void slow.push(res) } });
    // The AI fetcher refuses loopback unless allowed (the website fixture is on 127.0.0.1).
    nodes = await startTwoNodes({ env: { AI_FETCH_ALLOWLIST: '127.0.0.1' } });
    for (const node of [nodes.a, nodes.b]) token.set(node, await signIn(node.url));
    accountId = await demoAccountId(nodes.a.url, token.get(nodes.a)!);
  }, 400_000);
  afterAll(async () => {
    releaseSlow();
    await nodes?.close();
    await site?.close();
  }, 60_000);

  it('accepts a token issued by node A on node B, and through the round-robin proxy', async () => {
    const fromA = await signIn(nodes.a.url);
    const onB = await fetch(`${nodes.b.url}/api/user/me`, { headers: { authorization: `Bearer ${fromA}` } });
    expect(onB.status).toBe(200);
    const viaProxy = await signIn(nodes.proxy.url);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await fetch(`${nodes.proxy.url}/api/user/me`, { headers: { authorization: `Bearer ${viaProxy}` } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(new Set(nodes.proxy.served.slice(-4))).toEqual(new Set([nodes.a.port, nodes.b.port]));
  });

  it('locks a user on both nodes after 5 failed sign-ins split over A and B', async () => {
    const email = 'viewer@example.com';
    for (const node of [nodes.a, nodes.b, nodes.a, nodes.b, nodes.a]) {
      const failed = await tryPassword(node.url, email, 'wrong-password-1');
      expect(failed).toMatchObject({ status: 400, type: 'NotAuthorizedException' });
      expect(failed.message).not.toMatch(/attempts exceeded/i);
    }
    // The right password now waits out the lockout on either node.
    const [onA, onB] = await Promise.all([tryPassword(nodes.a.url, email, DEMO_PASSWORD), tryPassword(nodes.b.url, email, DEMO_PASSWORD)]);
    expect(onA).toMatchObject({ status: 400, type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    expect(onB).toMatchObject({ status: 400, type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
  });

  it('finishes through B a tus upload started through A whose PATCH stalled, with the same SHA-256', async () => {
    const file = readFileSync(path.join(FIXTURES, 'sample_with_increasing_timestamps_360p.mp4'));
    const [a, b] = [nodes.a, nodes.b];
    const { location, mediaId } = await createUpload(a.url, token.get(a)!, accountId, 'across-nodes.mp4', 'SlideVideo', file.length);
    // A PATCH through A that sends about a third of the file, then stalls with the request open.
    const third = Math.floor(file.length / 3);
    let stall!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stall = controller;
        controller.enqueue(file.subarray(0, third));
      },
    });
    const stalled = fetch(`${a.url}${location}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token.get(a)}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit).catch(() => null);
    // A holds the upload's lock while the PATCH is open: wait until it shows in pg_locks.
    await waitFor('A to hold the upload lock', async () => {
      const { rows } = await nodes.sql.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 29813 AND granted`);
      return rows.length ? true : undefined;
    }, 30_000);
    // The client resumes through B: B's HEAD asks A to release the lock and answers the stored offset.
    // A's PATCH body is still open, so only the release request (NOTIFY → A cancels its PATCH) lets B
    // in before the 30 s lock timeout; with one lock per process B would not wait at all, and A's
    // lock would not show in pg_locks above.
    const started = Date.now();
    const offset = await headOffset(b.url, token.get(b)!, location);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(third);
    stall.error(new Error('client gone'));
    await stalled;
    const done = await patch(b.url, token.get(b)!, location, offset, file.subarray(offset));
    expect(done.status, await done.clone().text()).toBe(204);
    expect(Number(done.headers.get('media-id'))).toBe(mediaId);
    const media = await readyOn(b, mediaId);
    expect(media.status).toBe('Ready');
    const { rows } = await nodes.sql.query<{ source_key: string }>('SELECT source_key FROM media WHERE id = $1', [mediaId]);
    const object = await nodes.s3.client.send(new GetObjectCommand({ Bucket: nodes.s3.bucket, Key: rows[0]!.source_key }));
    const stored = await object.Body!.transformToByteArray();
    expect(sha256(stored)).toBe(sha256(file));
  });

  it('runs each media job and each e-mail exactly once across both nodes; the other node sees the result by polling', async () => {
    const [a, b] = [nodes.a, nodes.b];
    const files: [string, string][] = [['sample.mp4', 'SlideVideo'], ['sample.mkv', 'SlideVideo'], ['video_desks.3gp', 'SlideVideo'], ['sample.avi', 'SlideVideo']];
    const ids = await Promise.all(files.map(([file, type], i) => uploadWhole(i % 2 ? b.url : a.url, token.get(i % 2 ? b : a)!, accountId, file, type)));
    const invited = ['n1@example.com', 'n2@example.com', 'n3@example.com', 'n4@example.com'];
    await Promise.all(
      invited.map(async (email, i) => {
        const node = i % 2 ? b : a;
        const res = await fetch(`${node.url}/api/account/${accountId}/user`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.get(node)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email, role: 'Viewer' }),
        });
        expect(res.status, await res.clone().text()).toBe(201);
      }),
    );
    for (const id of ids) {
      // Live status across nodes: once the job is claimed, poll the node that did not run it.
      const worker = await waitFor(`media ${id} claimed`, async () => {
        const [job] = await jobsOfMedia(id);
        return job && job.status !== 'queued' ? nodeOfWorker([a, b], job.locked_by) : undefined;
      }, 60_000);
      const other = worker === a ? b : a;
      expect((await readyOn(other, id)).status).toBe('Ready');
    }
    await waitFor('4 invitations delivered', () => (nodes.mail.filter((m) => invited.some((e) => m.to.includes(e))).length >= 4 ? true : undefined), 60_000);
    // Every e-mail job and media job is done after a single attempt, and no message arrives twice.
    await new Promise((r) => setTimeout(r, 2500));
    for (const email of invited) expect(nodes.mail.filter((m) => m.to.includes(email))).toHaveLength(1);
    const { rows: outbox } = await nodes.sql.query<{ to: string; status: string; attempts: number }>(
      `SELECT "to", status, attempts FROM email_outbox WHERE "to" = ANY($1)`,
      [invited],
    );
    expect(outbox).toHaveLength(4);
    for (const row of outbox) expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    const { rows: emailJobs } = await nodes.sql.query<JobRow>(`SELECT id, status, attempts, locked_by FROM jobs WHERE type = 'email.send'`);
    expect(emailJobs.length).toBeGreaterThanOrEqual(4);
    for (const job of emailJobs) expect(job).toMatchObject({ status: 'done', attempts: 1 });
    for (const id of ids) {
      const jobs = await jobsOfMedia(id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ status: 'done', attempts: 1 });
    }
    // (That both nodes' workers take jobs is shown deterministically by the AI case below.)
  });

  it('streams on one node an AI analysis whose job runs on the other (polling through the database)', async () => {
    const [a, b] = [nodes.a, nodes.b];
    const post = (node: ServerProcess, pathname: string, body: unknown) =>
      fetch(`${node.url}${pathname}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.get(node)}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const aiJob = async (aiJobId: string) =>
      (await nodes.sql.query<JobRow>(`SELECT id, status, attempts, locked_by FROM jobs WHERE type = 'ai.run' AND payload->>'aiJobId' = $1`, [aiJobId])).rows[0];
    // Keep one node's AI worker (JOB_CONCURRENCY=1) busy on a page that does not answer yet…
    const first = await post(a, '/api/gen-ai/analyze-navigation', { accountId, url: site.url('/slow') });
    expect(first.status, await first.clone().text()).toBe(202);
    const { jobId: busyId } = (await first.json()) as { jobId: string };
    const busy = await waitFor('the slow analysis claimed', async () => {
      const job = await aiJob(busyId);
      return job?.status === 'running' ? nodeOfWorker([a, b], job.locked_by) : undefined;
    }, 60_000);
    const other = busy === a ? b : a;
    // …then stream an analysis from that busy node: only the other node's worker can run it.
    const res = await post(busy, '/api/gen-ai/analyze-navigation/stream', { accountId, url: site.url('/') });
    expect(res.status, await res.clone().text()).toBe(200);
    const text = await res.text();
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6));
    expect(events.at(-1)).toBe('[DONE]');
    const parsed = events.slice(0, -1).map((e) => JSON.parse(e) as { type: string; status?: string; jobId?: string });
    expect(parsed[0]).toMatchObject({ type: 'status', status: 'queued' });
    expect(parsed.at(-1)).toMatchObject({ type: 'status', status: 'ready' });
    expect(parsed.map((e) => e.type)).toEqual(expect.arrayContaining(['source_info', 'scripts', 'navigation']));
    const streamed = await aiJob(parsed[0]!.jobId!);
    expect(streamed).toMatchObject({ status: 'done', attempts: 1 });
    expect(nodeOfWorker([a, b], streamed!.locked_by)).toBe(other);
    releaseSlow();
  });

  it('runs a job of a node killed with SIGKILL on the other node once its lease has expired', async () => {
    const [a, b] = [nodes.a, nodes.b];
    const id = await uploadWhole(a.url, token.get(a)!, accountId, 'echo-hereweare.webm', 'SlideVideo');
    const claimed = await waitFor(`media ${id} running`, async () => {
      const [job] = await jobsOfMedia(id);
      return job?.status === 'running' ? job : job?.status === 'done' ? null : undefined;
    }, 60_000);
    expect(claimed, 'the job finished before it could be interrupted').not.toBeNull();
    const victim = nodeOfWorker([a, b], claimed!.locked_by)!;
    expect(victim).toBeDefined();
    const survivor = victim === a ? b : a;
    await victim.kill('SIGKILL');
    nodes.proxy.remove(victim);
    const killedAt = Date.now();
    const done = await waitFor(`media ${id} job done on the survivor`, async () => {
      const [job] = await jobsOfMedia(id);
      return job?.status === 'done' ? job : undefined;
    }, 120_000);
    expect(nodeOfWorker([a, b], done.locked_by)).toBe(survivor);
    expect(done.attempts).toBe(2);
    // Not before the lease (3 s from its last renewal) ran out.
    expect(Date.now() - killedAt).toBeGreaterThan(1000);
    expect((await readyOn(survivor, id)).status).toBe('Ready');
    // The proxy keeps answering through the survivor.
    const me = await fetch(`${nodes.proxy.url}/api/user/me`, { headers: { authorization: `Bearer ${token.get(survivor)}` } });
    expect(me.status).toBe(200);
  });
});
