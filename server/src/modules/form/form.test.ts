/**
 * Form submissions over HTTP (issue 12; docs/api.md "Form submissions"): every field type's rules
 * with field messages, idempotent retries (same submissionId → 200, one row, one e-mail), the e-mail
 * to the recipient + bcc in the outbox with an `email.send` job (SMTP configured), en/fi, earlier
 * published revisions, unpublished bots, the body limit, and the authenticated paginated list.
 * PGlite; PostgreSQL with TEST_DATABASE_URL (server-pg).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId } from '../../../test/accounts';
import { emailOutbox, formSubmissions, jobs } from '../../db/schema';
import { EMAIL_JOB } from '../../email';
import { fieldValueIssue } from './form.values';

let ctx: TestContext;
let demoId: number;
const tokens: Record<string, string> = {};
let bot: { id: number; publicId: string; revisionId: number };

type ErrorBody = { detail: string; code?: string; errors?: Record<string, string> };

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const FORM_ID = 3;
const fields = [
  { id: 1, name: 'name', type: 'text', label: 'Your name', required: true },
  { id: 2, name: 'email', type: 'email', label: 'E-mail', required: true },
  { id: 3, name: 'message', type: 'textarea', label: 'Message', required: false },
  { id: 4, name: 'consent', type: 'general_checkbox', label: 'I agree to be contacted', required: true },
  { id: 5, name: 'size', type: 'radio_button', label: 'Company size', options: [{ id: 1, label: '1–10' }, { id: 2, label: '11+' }] },
  { id: 6, name: 'postal', type: 'postal_code_fi', label: 'Postal code', required: false },
  { id: 7, name: 'terms', type: 'external_link', label: 'Read the terms', externalLinkType: 'url', url: 'https://example.com/terms', linkType: 'new_tab' },
  { id: 8, name: 'newsletter', type: 'general_checkbox', label: 'Send me news', required: false },
];

function content(formName = 'Contact us', settings: Record<string, unknown> = {}) {
  return {
    slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', videoId: null, imageId: null, options: [{ id: 1, name: 'Contact', type: 'REGULAR_FORM', targetId: FORM_ID }] }],
    actions: [
      { id: 2, name: 'Docs', type: 'EXTERNAL_LINK', url: 'https://example.com/', externalLinkType: 'url', linkType: 'new_tab' },
      {
        id: FORM_ID,
        name: formName,
        type: 'REGULAR_FORM',
        description: 'Tell us about you.',
        email: 'leads@example.com',
        emailBcc: 'crm@example.com',
        subject: 'New lead from the vidbot',
        fields,
        button: { type: 'THANK_YOU_PAGE' },
        thankYouPage: { type: 'DEFAULT', buttonType: 'CLOSE_FORM', buttonName: 'Close' },
      },
    ],
    settings,
  };
}

async function publishedBot(name: string, settings: Record<string, unknown> = {}): Promise<{ id: number; publicId: string; revisionId: number }> {
  const created = await json<{ id: number; publicId: string }>(await ctx.call('POST', '/api/bot', { token: tokens.owner, body: { accountId: demoId, name } }), 201);
  const saved = await json<{ botRevisionId: number }>(
    await ctx.call('PATCH', `/api/bot/${created.id}`, { token: tokens.owner, body: { content: content('Contact us', settings), status: 'Published' } }),
    200,
  );
  return { id: created.id, publicId: created.publicId, revisionId: saved.botRevisionId };
}

const good = () => ({ name: '  Ada Lovelace ', email: 'ada@example.com', consent: true, size: '2', message: '', postal: '00100' });
const submit = (publicId: string, body: unknown, headers?: Record<string, string>) =>
  ctx.call('POST', `/api/public/bot/${publicId}/form-submission`, { body, headers });

beforeAll(async () => {
  // SMTP configured (nothing listens; JOB_CONCURRENCY=0 so no worker runs): e-mails are queued as jobs.
  ctx = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' });
  demoId = await demoAccountId(ctx);
  for (const who of ['owner', 'viewer']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  bot = await publishedBot('Form bot');
});
afterAll(async () => {
  await ctx?.close();
});

describe('form.values rules (shared with the player)', () => {
  it('judges each field type', () => {
    const f = (type: string, extra: Record<string, unknown> = {}) => ({ name: 'x', type, required: true, ...extra }) as Parameters<typeof fieldValueIssue>[0];
    expect(fieldValueIssue(f('text'), '  ')).toBe('required');
    expect(fieldValueIssue(f('text', { required: false }), '')).toBeUndefined();
    expect(fieldValueIssue(f('text'), 5)).toBe('type');
    expect(fieldValueIssue(f('text'), 'x'.repeat(1001))).toBe('tooLong');
    expect(fieldValueIssue(f('email'), 'ada@example')).toBe('email');
    expect(fieldValueIssue(f('email'), ' ada@example.com ')).toBeUndefined();
    expect(fieldValueIssue(f('postal_code_fi'), '0010')).toBe('postalCode');
    expect(fieldValueIssue(f('postal_code_fi'), '00100')).toBeUndefined();
    expect(fieldValueIssue(f('general_checkbox'), false)).toBe('required');
    expect(fieldValueIssue(f('general_checkbox', { required: false }), false)).toBeUndefined();
    expect(fieldValueIssue(f('general_checkbox'), 'yes')).toBe('type');
    const radio = f('radio_button', { required: false, options: [{ id: 4, label: 'A' }] });
    expect(fieldValueIssue(radio, undefined)).toBe('required');
    expect(fieldValueIssue(radio, '5')).toBe('option');
    expect(fieldValueIssue(radio, '4')).toBeUndefined();
    expect(fieldValueIssue(f('external_link'), 'x')).toBe('noValue');
    expect(fieldValueIssue(f('external_link'), undefined)).toBeUndefined();
  });
});

describe('POST /api/public/bot/{publicId}/form-submission', () => {
  it('stores the answers and queues one e-mail to the recipient with bcc; a retry answers 200 and stores nothing twice', async () => {
    const submissionId = randomUUID();
    const body = { submissionId, revisionId: bot.revisionId, actionId: FORM_ID, values: good() };
    expect(await json(await submit(bot.publicId, body), 201)).toEqual({ submissionId });
    expect(await json(await submit(bot.publicId, body), 200)).toEqual({ submissionId });
    // The retry may even differ (the first answer stands).
    expect(await json(await submit(bot.publicId, { ...body, values: {} }), 200)).toEqual({ submissionId });

    const rows = await ctx.deps.db.select().from(formSubmissions).where(eq(formSubmissions.submissionId, submissionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      botId: bot.id,
      revisionId: bot.revisionId,
      actionId: FORM_ID,
      formName: 'Contact us',
      language: 'en',
      values: { name: 'Ada Lovelace', email: 'ada@example.com', consent: true, size: '11+', postal: '00100', newsletter: false },
    });
    const mails = await ctx.deps.db.select().from(emailOutbox).where(sql`${emailOutbox.text} like ${`%${submissionId}%`}`);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ to: 'leads@example.com', bcc: 'crm@example.com', subject: 'New lead from the vidbot', kind: 'form-submission', status: 'queued' });
    expect(mail.text).toContain('Your name: Ada Lovelace');
    expect(mail.text).toContain('I agree to be contacted: Yes');
    expect(mail.text).toContain('Company size: 11+');
    expect(mail.text).toContain('Message: (no answer)');
    expect(mail.text).not.toContain('Read the terms');
    expect(mail.html).toContain('Form bot');
    const queued = await ctx.deps.db.select().from(jobs).where(and(eq(jobs.type, EMAIL_JOB), sql`(${jobs.payload}->>'outboxId')::int = ${mail.id}`));
    expect(queued).toHaveLength(1);
  });

  it('settles concurrent retries of one fill: one 201, the others 200, one row, one e-mail', async () => {
    const submissionId = randomUUID();
    const body = { submissionId, revisionId: null, actionId: FORM_ID, values: good() };
    const statuses = (await Promise.all([1, 2, 3].map(() => submit(bot.publicId, body)))).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 201]);
    expect(await ctx.deps.db.select().from(formSubmissions).where(eq(formSubmissions.submissionId, submissionId))).toHaveLength(1);
    expect(await ctx.deps.db.select().from(emailOutbox).where(sql`${emailOutbox.text} like ${`%${submissionId}%`}`)).toHaveLength(1);
  });

  it('answers 422 with a message per field name, and stores nothing', async () => {
    const submissionId = randomUUID();
    const res = await submit(bot.publicId, {
      submissionId,
      revisionId: bot.revisionId,
      actionId: FORM_ID,
      values: { name: ' ', email: 'not-an-email', consent: false, size: '9', postal: '123', terms: 'x', extra: 'y', newsletter: 'yes' },
    });
    const err = await json<ErrorBody>(res, 422);
    expect(err.errors).toEqual({
      'values.name': 'This field is required.',
      'values.email': 'Must be an email address.',
      'values.consent': 'This box must be ticked.',
      'values.size': 'Choose one of the options.',
      'values.postal': 'Must be a Finnish postal code of five digits.',
      'values.terms': 'This field takes no value.',
      'values.extra': 'This form has no such field.',
      'values.newsletter': 'Must be true or false.',
    });
    expect(await ctx.deps.db.select().from(formSubmissions).where(eq(formSubmissions.submissionId, submissionId))).toEqual([]);
    // A required radio group left unanswered.
    const missing = await json<ErrorBody>(await submit(bot.publicId, { submissionId, revisionId: null, actionId: FORM_ID, values: { ...good(), size: undefined } }), 422);
    expect(missing.errors).toEqual({ 'values.size': 'Choose one of the options.' });
  });

  it('checks the body shape, the form and the revision', async () => {
    const base = { submissionId: randomUUID(), revisionId: bot.revisionId, actionId: FORM_ID, values: good() };
    expect((await json<ErrorBody>(await submit(bot.publicId, { ...base, submissionId: 'abc' }), 422)).errors).toEqual({ submissionId: 'submissionId must be a UUID.' });
    expect((await json<ErrorBody>(await submit(bot.publicId, { ...base, actionId: 2 }), 422)).errors).toEqual({ actionId: 'This vidbot has no form with this id.' });
    expect((await json<ErrorBody>(await submit(bot.publicId, { ...base, actionId: 99 }), 422)).errors).toEqual({ actionId: 'This vidbot has no form with this id.' });
    const other = await publishedBot('Other form bot');
    expect((await json<ErrorBody>(await submit(bot.publicId, { ...base, revisionId: other.revisionId }), 422)).errors).toEqual({ revisionId: 'This vidbot has no such published revision.' });
    expect((await json<ErrorBody>(await submit(bot.publicId, { ...base, values: { name: { a: 1 } } }), 422)).errors).toHaveProperty(['values.name']);
    expect((await submit(bot.publicId, '{"submissionId":')).status).toBe(400);
    expect((await json<ErrorBody>(await submit('no-such-bot', base), 404)).detail).toBe('Vidbot not found.');
    // The same key for another bot's form: 409.
    const taken = randomUUID();
    await json(await submit(bot.publicId, { ...base, submissionId: taken }), 201);
    expect((await json<ErrorBody>(await submit(other.publicId, { ...base, submissionId: taken, revisionId: other.revisionId }), 409)).code).toBe('submission_conflict');
  });

  it('refuses bodies over 64 KiB with 413', async () => {
    const body = JSON.stringify({ submissionId: randomUUID(), revisionId: null, actionId: FORM_ID, values: { message: 'x'.repeat(70_000) } });
    const res = await submit(bot.publicId, body, { 'content-length': String(Buffer.byteLength(body)) });
    expect((await json<ErrorBody>(res, 413)).code).toBe('too_large');
  });

  it('keeps answers for an earlier published revision after a republish, and 404s for a draft-only bot', async () => {
    const b = await publishedBot('Republished form bot');
    const again = await json<{ botRevisionId: number }>(
      await ctx.call('PATCH', `/api/bot/${b.id}`, { token: tokens.owner, body: { content: content('Contact us v2'), status: 'Published' } }),
      200,
    );
    expect(again.botRevisionId).not.toBe(b.revisionId);
    const submissionId = randomUUID();
    await json(await submit(b.publicId, { submissionId, revisionId: b.revisionId, actionId: FORM_ID, values: good() }), 201);
    const [row] = await ctx.deps.db.select().from(formSubmissions).where(eq(formSubmissions.submissionId, submissionId));
    expect(row).toMatchObject({ revisionId: b.revisionId, formName: 'Contact us' });
    // A draft revision (saved, never published) is not accepted.
    const draft = await json<{ botRevisionId: number }>(await ctx.call('PATCH', `/api/bot/${b.id}`, { token: tokens.owner, body: { content: content('Draft form') } }), 200);
    expect((await json<ErrorBody>(await submit(b.publicId, { submissionId: randomUUID(), revisionId: draft.botRevisionId, actionId: FORM_ID, values: good() }), 422)).errors).toEqual({
      revisionId: 'This vidbot has no such published revision.',
    });

    const unpublished = await json<{ id: number; publicId: string }>(await ctx.call('POST', '/api/bot', { token: tokens.owner, body: { accountId: demoId, name: 'Draft bot' } }), 201);
    await json(await ctx.call('PATCH', `/api/bot/${unpublished.id}`, { token: tokens.owner, body: { content: content() } }), 200);
    expect((await submit(unpublished.publicId, { submissionId: randomUUID(), revisionId: null, actionId: FORM_ID, values: good() })).status).toBe(404);
  });

  it('writes the e-mail in the viewer\'s language, else the bot\'s', async () => {
    const fiBot = await publishedBot('Suomibotti', { language: 'fi' });
    const ids = [randomUUID(), randomUUID()];
    await json(await submit(fiBot.publicId, { submissionId: ids[0], revisionId: null, actionId: FORM_ID, values: good() }), 201);
    await json(await submit(fiBot.publicId, { submissionId: ids[1], revisionId: null, actionId: FORM_ID, values: good(), lang: 'en' }), 201);
    const [fi] = await ctx.deps.db.select().from(emailOutbox).where(sql`${emailOutbox.text} like ${`%${ids[0]}%`}`);
    const [en] = await ctx.deps.db.select().from(emailOutbox).where(sql`${emailOutbox.text} like ${`%${ids[1]}%`}`);
    expect(fi!.text).toContain('Vidbotin Suomibotti lomakkeeseen Contact us on vastattu.');
    expect(fi!.text).toContain('I agree to be contacted: Kyllä');
    expect(en!.text).toContain('Someone filled in the form Contact us of the vidbot Suomibotti.');
  });

  it('answers CORS preflights from any origin (display-ad packages post from the ad platform)', async () => {
    const res = await ctx.app.request(`/api/public/bot/${bot.publicId}/form-submission`, {
      method: 'OPTIONS',
      headers: { origin: 'https://ads.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('GET /api/bot/{id}/form-submission', () => {
  it('lists the bot\'s submissions newest first, paginated, for members (Viewer too)', async () => {
    const b = await publishedBot('Listed form bot');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const submissionId = randomUUID();
      ids.push(submissionId);
      await json(await submit(b.publicId, { submissionId, revisionId: null, actionId: FORM_ID, values: { ...good(), name: `Person ${i}` } }), 201);
    }
    type List = { records: { submissionId: string; values: Record<string, unknown>; formName: string }[]; metadata: { page: number; pageSize: number; pageCount: number; totalCount: number } };
    const first = await json<List>(await ctx.call('GET', `/api/bot/${b.id}/form-submission?page=1&size=2`, { token: tokens.viewer }), 200);
    expect(first.metadata).toEqual({ page: 1, pageSize: 2, pageCount: 2, totalCount: 3 });
    expect(first.records.map((r) => r.values.name)).toEqual(['Person 2', 'Person 1']);
    const second = await json<List>(await ctx.call('GET', `/api/bot/${b.id}/form-submission?page=2&size=2`, { token: tokens.owner }), 200);
    expect(second.records.map((r) => r.submissionId)).toEqual([ids[0]]);
    expect((await ctx.call('GET', `/api/bot/${b.id}/form-submission?size=500`, { token: tokens.owner })).status).toBe(422);
    expect((await ctx.call('GET', `/api/bot/${b.id}/form-submission`)).status).toBe(401);
    expect((await ctx.call('GET', '/api/bot/999999/form-submission', { token: tokens.owner })).status).toBe(404);
  });
});
