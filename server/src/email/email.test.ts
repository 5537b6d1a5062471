/**
 * E-mail (issue 3), on PGlite and PostgreSQL: every message lands in `email_outbox`; with SMTP_URL
 * it is also delivered — proven against a real SMTP peer (smtp-server) listening on loopback — and
 * a failed delivery is recorded in `error`; templates; `GET /api/admin/outbox` for staff only.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness';
import { emailOutbox, users } from '../db/schema';
import { createIdp } from '../idp';
import { forgotPasswordEmail, invitationEmail, sendEmail, temporaryPasswordEmail } from './index';

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

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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

describe('sendEmail', () => {
  it('without SMTP_URL writes the outbox row only', async () => {
    const row = await sendEmail(ctx.deps, { to: 'a@example.com', subject: 'Hello', text: 'Body', kind: 'test' });
    expect(row).toMatchObject({ to: 'a@example.com', subject: 'Hello', text: 'Body', html: null, kind: 'test', sentAt: null, error: null });
    const [stored] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(stored).toMatchObject({ to: 'a@example.com', subject: 'Hello' });
  });

  it('with SMTP_URL delivers through nodemailer to the SMTP peer and records sentAt', async () => {
    const before = received.length;
    const row = await sendEmail(
      { db: ctx.deps.db, env: { smtpUrl, emailFrom: 'Vidbot <no-reply@vidbot.test>' } },
      invitationEmail({ to: 'invitee@example.com', accountName: 'Acme & Co', joinUrl: 'http://localhost:3000/join-team?token=abc' }),
    );
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
    await receivedCount(before + 1);
    const msg = received[before]!;
    expect(msg.from).toBe('no-reply@vidbot.test');
    expect(msg.to).toEqual(['invitee@example.com']);
    expect(msg.raw).toContain('Subject: You are invited to join Acme & Co on Vidbot');
    expect(msg.raw).toContain('http://localhost:3000/join-team?token=abc');
    const [stored] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(stored!.sentAt).toBeInstanceOf(Date);
  });

  it('records a failed delivery in error and keeps the row', async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const row = await sendEmail({ db: ctx.deps.db, env: { smtpUrl: `smtp://127.0.0.1:${port}`, emailFrom: 'x@example.com' } }, { to: 'b@example.com', subject: 'S', text: 'T', kind: 'test' });
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('ForgotPassword with SMTP_URL answers at once and the code e-mail reaches the SMTP peer', async () => {
    const before = received.length;
    const idp = await createIdp({ db: ctx.deps.db, env: { ...ctx.env, smtpUrl, emailFrom: 'Vidbot <no-reply@vidbot.test>' } });
    const res = await idp.routes.request('/', {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
      body: JSON.stringify({ ClientId: ctx.env.userPoolClientId, Username: 'viewer@example.com' }),
    });
    expect(res.status).toBe(200);
    await receivedCount(before + 1);
    const msg = received[before]!;
    expect(msg.to).toEqual(['viewer@example.com']);
    const [row] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'viewer@example.com'));
    const code = /\b(\d{6})\b/.exec(row!.text)![1]!;
    expect(msg.raw).toContain(code);
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
    for (let i = 0; i < 3; i++) await sendEmail(ctx.deps, { to: `page${i}@example.com`, subject: `Page ${i}`, text: 't', kind: 'test' });
    const res = await ctx.call('GET', '/api/admin/outbox?page=1&size=2', { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { records: { to: string; createdAt: string; sentAt: string | null }[]; metadata: Record<string, number> };
    expect(body.records.map((r) => r.to)).toEqual(['page2@example.com', 'page1@example.com']);
    expect(body.records[0]).toMatchObject({ subject: 'Page 2', kind: 'test', sentAt: null, error: null, html: null });
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
