/**
 * E-mail (issue 3, issue 10 §3), on PGlite and PostgreSQL: every message lands in `email_outbox`,
 * written in the caller's transaction; with SMTP_URL an `email.send` job delivers it — proven
 * against a real SMTP peer (smtp-server) on loopback — retrying a refused or failed attempt with
 * backoff and recording status, attempts and the error; requests answer without waiting for SMTP;
 * templates; `GET /api/admin/outbox` for staff only.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness';
import { demoAccountId } from '../../test/accounts';
import { emailOutbox, jobs, users } from '../db/schema';
import { createIdp } from '../idp';
import { runNextJob, type JobRow } from '../jobs/queue';
import { startJobWorker } from '../jobs/worker';
import type { AppDeps } from '../lib/context';
import {
  EMAIL_JOB,
  EMAIL_MAX_ATTEMPTS,
  emailJobHandlers,
  forgotPasswordEmail,
  formSubmissionEmail,
  invitationEmail,
  queueEmail,
  temporaryPasswordEmail,
  type OutboxRow,
} from './index';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let ctx: TestContext;
let smtp: SMTPServer;
let smtpUrl: string;
const received: Received[] = [];
let waiters: (() => void)[] = [];
/** Recipients the SMTP peer refuses, with the reply code, once each (then accepts them). */
const refuseOnce = new Map<string, number>();
/** Recipients the SMTP peer always refuses with 550. */
const refuseAlways = new Set<string>();

/** Resolves once `n` messages have arrived at the SMTP peer. */
function receivedCount(n: number): Promise<void> {
  if (received.length >= n) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (received.length >= n) resolve();
      else waiters.push(check);
    };
    waiters.push(check);
  });
}

/** A port on loopback where nothing listens (connection refused). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Polls `check` every 50 ms until it returns a truthy value (or throws after `ms`). */
async function until<T>(check: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const smtpDeps = (): AppDeps => ({ ...ctx.deps, env: { ...ctx.env, smtpUrl, emailFrom: 'Vidbot <no-reply@vidbot.test>' } });
const outboxRow = async (id: number): Promise<OutboxRow> => (await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const emailJobOf = async (outboxId: number): Promise<JobRow | undefined> =>
  (await ctx.deps.db.select().from(jobs).where(and(eq(jobs.type, EMAIL_JOB), sql`(${jobs.payload} ->> 'outboxId')::int = ${outboxId}`)))[0];
const makeDue = (id: number) => ctx.deps.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const once = refuseOnce.get(address.address);
      if (once !== undefined) {
        refuseOnce.delete(address.address);
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: once }));
      }
      if (refuseAlways.has(address.address)) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        const pending = waiters;
        waiters = [];
        for (const w of pending) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address() as AddressInfo;
  smtpUrl = `smtp://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await ctx?.close();
});
beforeEach(async () => {
  // Each test runs only the e-mail jobs it queued.
  await ctx.deps.db.delete(jobs).where(eq(jobs.type, EMAIL_JOB));
});

describe('queueEmail', () => {
  it('without SMTP_URL keeps the message in the outbox only (captured, no job)', async () => {
    const row = await queueEmail(ctx.deps, { to: 'a@example.com', subject: 'Hello', text: 'Body', kind: 'test' });
    expect(row).toMatchObject({ to: 'a@example.com', subject: 'Hello', text: 'Body', html: null, kind: 'test', sentAt: null, error: null, status: 'captured', attempts: 0 });
    expect(await outboxRow(row.id)).toMatchObject({ to: 'a@example.com', subject: 'Hello', status: 'captured' });
    expect(await emailJobOf(row.id)).toBeUndefined();
  });

  it('with SMTP_URL writes the row as queued and its email.send job, and sends nothing itself', async () => {
    const before = received.length;
    const row = await queueEmail(smtpDeps(), { to: 'queued@example.com', subject: 'Q', text: 'T', kind: 'test' });
    expect(row).toMatchObject({ status: 'queued', attempts: 0, sentAt: null });
    expect(await emailJobOf(row.id)).toMatchObject({ status: 'queued', maxAttempts: EMAIL_MAX_ATTEMPTS, payload: { outboxId: row.id } });
    await new Promise((r) => setTimeout(r, 200));
    expect(received.length).toBe(before);
  });

  it('writes in the caller\'s transaction: a rollback leaves neither the message nor its job', async () => {
    let id = 0;
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        id = (await queueEmail({ db: tx, env: smtpDeps().env }, { to: 'rolled-back@example.com', subject: 'R', text: 'T', kind: 'test' })).id;
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    expect(id).toBeGreaterThan(0);
    expect(await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'rolled-back@example.com'))).toEqual([]);
    expect(await emailJobOf(id)).toBeUndefined();
  });
});

describe('the email.send job', () => {
  it('delivers a queued message through nodemailer to the SMTP peer and records it sent', async () => {
    const before = received.length;
    const row = await queueEmail(smtpDeps(), invitationEmail({ to: 'invitee@example.com', accountName: 'Acme & Co', joinUrl: 'http://localhost:3000/join-team?token=abc' }));
    const job = await runNextJob(smtpDeps(), emailJobHandlers);
    expect(job).toMatchObject({ type: EMAIL_JOB, status: 'done', attempts: 1 });
    await receivedCount(before + 1);
    const msg = received[before]!;
    expect(msg.from).toBe('no-reply@vidbot.test');
    expect(msg.to).toEqual(['invitee@example.com']);
    expect(msg.raw).toContain('Subject: You are invited to join Acme & Co on Vidbot');
    expect(msg.raw).toContain('http://localhost:3000/join-team?token=abc');
    const stored = await outboxRow(row.id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
    // Run again (e.g. a duplicate job): a sent message is not sent twice.
    await ctx.deps.db.update(jobs).set({ status: 'queued', runAt: sql`now()` }).where(eq(jobs.id, job!.id));
    expect(await runNextJob(smtpDeps(), emailJobHandlers)).toMatchObject({ status: 'done', result: { alreadySent: true } });
    expect(received.length).toBe(before + 1);
  });

  it('delivers a form-submission e-mail to the recipient and its bcc, the bcc kept out of the headers', async () => {
    const before = received.length;
    const row = await queueEmail(
      smtpDeps(),
      formSubmissionEmail({
        to: 'leads@example.com',
        bcc: 'crm@example.com',
        subject: 'New lead',
        botName: 'Tour',
        formName: 'Contact',
        lines: [{ label: 'E-mail', value: 'ada@example.com' }],
        submittedAt: new Date('2026-01-02T03:04:05Z'),
        submissionId: '6f1c2f4e-1b7a-4d2c-9d1e-2a3b4c5d6e7f',
      }),
    );
    expect(await runNextJob(smtpDeps(), emailJobHandlers)).toMatchObject({ type: EMAIL_JOB, status: 'done' });
    await receivedCount(before + 1);
    const msg = received[before]!;
    expect(msg.to).toEqual(['leads@example.com', 'crm@example.com']);
    expect(msg.raw).toContain('Subject: New lead');
    expect(msg.raw).not.toMatch(/^bcc:/im);
    expect(msg.raw).toContain('E-mail: ada@example.com');
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', bcc: 'crm@example.com' });
  });

  it('records a refused attempt, retries it after the backoff, and then sends it', async () => {
    const before = received.length;
    refuseOnce.set('busy@example.com', 451);
    const row = await queueEmail(smtpDeps(), { to: 'busy@example.com', subject: 'Retry me', text: 'T', kind: 'test' });
    const first = await runNextJob(smtpDeps(), emailJobHandlers);
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first!.lastError).toMatch(/451|try again/i);
    // Backoff: the retry is due about 10 s later (jobs/queue.ts backoffMs(1)).
    expect(first!.runAt.getTime() - Date.now()).toBeGreaterThan(5_000);
    expect(await runNextJob(smtpDeps(), emailJobHandlers)).toBeNull();
    const waiting = await outboxRow(row.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(waiting.error).toMatch(/451|try again/i);
    expect(received.length).toBe(before);

    await makeDue(first!.id);
    expect(await runNextJob(smtpDeps(), emailJobHandlers)).toMatchObject({ status: 'done', attempts: 2 });
    await receivedCount(before + 1);
    expect(received[before]!.to).toEqual(['busy@example.com']);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('a permanent refusal (5xx) fails at once and is recorded', async () => {
    refuseAlways.add('nobody@example.com');
    const row = await queueEmail(smtpDeps(), { to: 'nobody@example.com', subject: 'S', text: 'T', kind: 'test' });
    expect(await runNextJob(smtpDeps(), emailJobHandlers)).toMatchObject({ status: 'failed', attempts: 1 });
    const stored = await outboxRow(row.id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(stored.error).toMatch(/550|No such mailbox/);
  });

  it('an unreachable SMTP server is retried EMAIL_MAX_ATTEMPTS times, then the message is failed', async () => {
    const deps: AppDeps = { ...ctx.deps, env: { ...ctx.env, smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, emailFrom: 'x@example.com' } };
    const row = await queueEmail(deps, { to: 'b@example.com', subject: 'S', text: 'T', kind: 'test' });
    let job: JobRow | null = null;
    for (let attempt = 1; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
      job = await runNextJob(deps, emailJobHandlers);
      expect(job).toMatchObject({ attempts: attempt, status: attempt < EMAIL_MAX_ATTEMPTS ? 'queued' : 'failed' });
      expect(await outboxRow(row.id)).toMatchObject({ attempts: attempt, status: attempt < EMAIL_MAX_ATTEMPTS ? 'queued' : 'failed' });
      await makeDue(job!.id);
    }
    const stored = await outboxRow(row.id);
    expect(stored.sentAt).toBeNull();
    expect(stored.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('requests do not wait for SMTP', () => {
  it('an invitation answers while the SMTP server has not even greeted; the worker delivers in the background', async () => {
    // An SMTP "server" that accepts connections and says nothing: a send waits on it.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const slow = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    const worker = startJobWorker(slow.deps, emailJobHandlers, { concurrency: 1, pollMs: 50 });
    try {
      const token = await slow.signIn('owner@example.com');
      const answered = slow.call('POST', `/api/account/${await demoAccountId(slow)}/user`, { token, body: { email: 'patient@example.com', role: 'Editor' } });
      const res = await Promise.race([answered, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000))]);
      expect(res).not.toBe('timeout');
      expect((res as Response).status).toBe(201);
      const [row] = await slow.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'patient@example.com'));
      expect(row).toMatchObject({ kind: 'invitation', sentAt: null });
      // The worker is talking to the silent server now, after the request has answered.
      await until(async () => sockets.length > 0);
      expect(await slow.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id))).toMatchObject([{ status: 'queued', attempts: 0 }]);
      // The server hangs up: the attempt is recorded and the job waits for its retry.
      for (const s of sockets) s.destroy();
      const failed = await until(async () => {
        const [r] = await slow.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
        return r && r.attempts === 1 ? r : null;
      });
      expect(failed).toMatchObject({ status: 'queued', sentAt: null });
      expect(failed.error).toBeTruthy();
    } finally {
      await worker.stop();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await slow.close();
    }
  });

  it('ForgotPassword answers at once; the job delivers the code e-mail to the SMTP peer', async () => {
    const before = received.length;
    const idp = await createIdp({ db: ctx.deps.db, env: { ...ctx.env, smtpUrl, emailFrom: 'Vidbot <no-reply@vidbot.test>' } });
    const res = await idp.routes.request('/', {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
      body: JSON.stringify({ ClientId: ctx.env.userPoolClientId, Username: 'viewer@example.com' }),
    });
    expect(res.status).toBe(200);
    const [row] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'viewer@example.com'));
    expect(row).toMatchObject({ kind: 'forgot-password', status: 'queued', attempts: 0 });
    expect(received.length).toBe(before);
    expect(await runNextJob(smtpDeps(), emailJobHandlers)).toMatchObject({ status: 'done' });
    await receivedCount(before + 1);
    const msg = received[before]!;
    expect(msg.to).toEqual(['viewer@example.com']);
    const code = /\b(\d{6})\b/.exec(row!.text)![1]!;
    expect(msg.raw).toContain(code);
    expect(await outboxRow(row!.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('templates', () => {
  it('escape HTML, carry the link or code, and speak Finnish when asked', () => {
    const inv = invitationEmail({ to: 'x@example.com', accountName: '<b>Evil</b>', joinUrl: 'https://app.example/join-team?token=t&x="1"' });
    expect(inv.kind).toBe('invitation');
    expect(inv.html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(inv.html).not.toContain('<b>Evil</b>');
    expect(inv.html).toContain('href="https://app.example/join-team?token=t&amp;x=&quot;1&quot;"');
    expect(inv.text).toContain('https://app.example/join-team?token=t&x="1"');

    const code = forgotPasswordEmail({ to: 'x@example.com', code: '012345', language: 'fi' });
    expect(code).toMatchObject({ kind: 'forgot-password', subject: 'Vidbot-salasanan palautuskoodi' });
    expect(code.text).toContain('012345');
    expect(code.html).toContain('012345');

    const temp = temporaryPasswordEmail({ to: 'new@example.com', temporaryPassword: 'Vb<x>1', loginUrl: 'https://app.example/login' });
    expect(temp).toMatchObject({ kind: 'temporary-password', subject: 'Your Vidbot account' });
    expect(temp.text).toContain('Vb<x>1');
    expect(temp.html).toContain('Vb&lt;x&gt;1');
    expect(temp.text).toContain('7 days');
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists the outbox newest first for superusers and customer success, with pagination', async () => {
    const token = await ctx.signIn('superadmin@example.com');
    for (let i = 0; i < 3; i++) await queueEmail(ctx.deps, { to: `page${i}@example.com`, subject: `Page ${i}`, text: 't', kind: 'test' });
    const res = await ctx.call('GET', '/api/admin/outbox?page=1&size=2', { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { records: { to: string; createdAt: string; sentAt: string | null }[]; metadata: Record<string, number> };
    expect(body.records.map((r) => r.to)).toEqual(['page2@example.com', 'page1@example.com']);
    expect(body.records[0]).toMatchObject({ subject: 'Page 2', kind: 'test', sentAt: null, error: null, html: null, status: 'captured', attempts: 0 });
    expect(Date.parse(body.records[0]!.createdAt)).not.toBeNaN();
    const total = (await ctx.deps.db.select().from(emailOutbox)).length;
    expect(body.metadata).toEqual({ page: 1, pageSize: 2, pageCount: Math.ceil(total / 2), totalCount: total });
    const page2 = (await (await ctx.call('GET', '/api/admin/outbox?page=2&size=2', { token })).json()) as { records: { to: string }[] };
    expect(page2.records[0]!.to).toBe('page0@example.com');

    await ctx.deps.db.update(users).set({ isCustomerSuccess: true }).where(eq(users.email, 'viewer@example.com'));
    try {
      expect((await ctx.call('GET', '/api/admin/outbox', { token: await ctx.signIn('viewer@example.com') })).status).toBe(200);
    } finally {
      await ctx.deps.db.update(users).set({ isCustomerSuccess: false }).where(eq(users.email, 'viewer@example.com'));
    }
  });

  it('refuses everyone else with 403, no token with 401, and a bad page or size with 422', async () => {
    const owner = await ctx.call('GET', '/api/admin/outbox', { token: await ctx.signIn('owner@example.com') });
    expect(owner.status).toBe(403);
    expect((await ctx.call('GET', '/api/admin/outbox')).status).toBe(401);
    const token = await ctx.signIn('superadmin@example.com');
    const bad = await ctx.call('GET', '/api/admin/outbox?page=0&size=500', { token });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      page: 'page must be an integer ≥ 1.',
      size: 'size must be an integer between 1 and 100.',
    });
  });
});
