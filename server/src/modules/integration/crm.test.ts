/**
 * CRM integrations (issue 15 "Integrations"; spec 002 §2, §3, §4, §6, §7; spec 001 §4 form
 * integrations) against the local fakes of HubSpot and Linear (server/test/fakes/crm-*.ts), on
 * PGlite and PostgreSQL: connect HubSpot by OAuth code + signed state (forged / expired / another
 * user's / another account's state refused), connect Linear by API key (bad key → 422), no secret in
 * any answer, disconnect with revoke; a form submission with HubSpot + Linear blocks arrives in both
 * fakes with the right fields; an outage (503 ×3) is ridden out by the job's retries; a revoked key
 * puts the connection in error and the delivery waits until the reconnect; a rejected lead fails and
 * the retry route sends it again. Jobs are driven by hand (`runNextJob`), with no real waiting.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, demoAccountId } from '../../../test/accounts';
import { startCrmFakes, type CrmFakes } from '../../../test/fakes/crm-fakes';
import { FAKE_LINEAR_API_KEY } from '../../../test/fakes/crm-linear';
import { auditEvents, crmConnections, crmDeliveries, featureFlags, jobs } from '../../db/schema';
import { runNextJob } from '../../jobs/queue';
import { crmJobHandlers } from './crm.job';
import { CRM_DELIVER, openCrmSecret } from './crm.repo';
import { CRM_STATE_PURPOSE } from './crm.service';
import type { AccountIntegrations, CrmDelivery, CrmIntegration } from './crm.types';

const PUBLIC_URL = 'http://127.0.0.1:3997';
type ErrorBody = { detail: string; code?: string; errors?: Record<string, string> };

let ctx: TestContext;
let crm: { env: Record<string, string>; fakes: CrmFakes; close(): Promise<void> };
let demoId: number;
let otherId: number;
const tok: Record<string, string> = {};

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}
const call = (method: string, url: string, token: string | undefined, body?: unknown) => ctx.call(method, url, { token, body });

beforeAll(async () => {
  crm = await startCrmFakes();
  ctx = await createTestContext({ PUBLIC_URL, ...crm.env });
  demoId = await demoAccountId(ctx);
  otherId = await createAccount(ctx, 'CRM Other');
  for (const name of ['integration', 'integration_hubspot', 'integration_linear']) {
    await ctx.deps.db.insert(featureFlags).values({ name, flagType: 'dashboard', accountIds: [demoId] });
  }
  for (const who of ['owner', 'admin', 'editor', 'viewer', 'superadmin']) tok[who] = await ctx.signIn(`${who}@example.com`);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await crm?.close();
});

const list = async (token: string, accountId = demoId) => json<AccountIntegrations>(await call('GET', `/api/account/${accountId}/integration`, token), 200);
const record = (l: AccountIntegrations, type: string) => l.records.find((r) => r.integrationType === type)!;

/** start → the fake's authorize page (installs at once) → code + state from the redirect. */
async function authorizeHubspot(token: string, accountId = demoId): Promise<{ code: string; state: string }> {
  const { authorizeUrl } = await json<{ authorizeUrl: string }>(await call('POST', `/api/integration/hubspot/auth/start/account/${accountId}`, token), 200);
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/integration-callback/hubspot`);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function connectHubspot(token = tok.owner!): Promise<CrmIntegration> {
  const { code, state } = await authorizeHubspot(token);
  return json<CrmIntegration>(await call('POST', `/api/integration/hubspot/auth/account/${demoId}`, token, { code, state }), 200);
}
const connectLinear = async (apiKey = FAKE_LINEAR_API_KEY) =>
  json<CrmIntegration>(await call('POST', `/api/integration/linear/auth/account/${demoId}`, tok.owner, { apiKey }), 200);

async function drain(max = 20): Promise<void> {
  for (let i = 0; i < max; i++) if (!(await runNextJob(ctx.deps, crmJobHandlers))) return;
}
/** Makes every queued delivery job due now (instead of waiting for its backoff). */
const makeDue = () => ctx.deps.db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.type, CRM_DELIVER), eq(jobs.status, 'queued')));
const deliveryJobs = () => ctx.deps.db.select().from(jobs).where(eq(jobs.type, CRM_DELIVER));

describe('connections', () => {
  it('lists the four CRMs and Google Drive for owners, admins and staff; editors and viewers are refused', async () => {
    const l = await list(tok.owner!);
    expect(l.enabled).toBe(true);
    expect(l.records.map((r) => r.integrationType)).toEqual(['hubspot', 'linear', 'pipedrive', 'salesforce']);
    expect(record(l, 'hubspot')).toMatchObject({ auth: 'oauth', enabled: true, configured: true, state: 'not_connected', details: { user: null }, error: null, connectedAt: null });
    expect(record(l, 'linear')).toMatchObject({ auth: 'apiKey', enabled: true, configured: true, state: 'not_connected' });
    expect(record(l, 'pipedrive').enabled).toBe(false);
    expect(l.googleDrive).toEqual({ enabled: false, configured: false, connected: false });
    await list(tok.admin!);
    await list(tok.superadmin!);
    expect((await json<ErrorBody>(await call('GET', `/api/account/${demoId}/integration`, tok.editor), 403)).code).toBe('forbidden');
    await json(await call('GET', `/api/account/${demoId}/integration`, tok.viewer), 403);
    await json(await call('GET', `/api/account/${otherId}/integration`, tok.owner), 404);
    // Another account without the flags: listed as disabled; connecting is refused.
    const other = await list(tok.superadmin!, otherId);
    expect(other.enabled).toBe(false);
    expect(other.records.every((r) => !r.enabled)).toBe(true);
    const refused = await json<ErrorBody>(await call('POST', `/api/integration/linear/auth/account/${otherId}`, tok.superadmin, { apiKey: FAKE_LINEAR_API_KEY }), 403);
    expect(refused.code).toBe('featureDisabled');
    await json(await call('POST', `/api/integration/nosuch/auth/account/${demoId}`, tok.owner, { apiKey: 'x' }), 404);
  });

  it('connects HubSpot by code + signed state; the secret is sealed and never answered', async () => {
    const { code, state } = await authorizeHubspot(tok.owner!);
    // The SPA's callback route reads the account from the (signed, not encrypted) state.
    expect(decodeJwt(state)).toMatchObject({ acc: 'demo', aid: demoId, crm: 'hubspot' });
    const authorize = crm.fakes.hubspot.state.requests.find((r) => r.path === '/oauth/authorize')!;
    expect(authorize.query).toMatchObject({ client_id: crm.fakes.hubspot.state.clientId, redirect_uri: `${PUBLIC_URL}/integration-callback/hubspot`, scope: 'crm.objects.contacts.write oauth' });
    const res = await call('POST', `/api/integration/hubspot/auth/account/${demoId}`, tok.owner, { code, state });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ integrationType: 'hubspot', state: 'connected', details: { user: 'crm-admin@example.com' }, error: null });
    const tokenCall = crm.fakes.hubspot.state.requests.find((r) => r.path === '/oauth/v1/token')!;
    expect(tokenCall.contentType).toContain('application/x-www-form-urlencoded');
    expect(tokenCall.body).toMatchObject({ grant_type: 'authorization_code', code, redirect_uri: `${PUBLIC_URL}/integration-callback/hubspot` });

    const [row] = await ctx.deps.db.select().from(crmConnections).where(and(eq(crmConnections.accountId, demoId), eq(crmConnections.integrationType, 'hubspot')));
    expect(row!.secret).toMatch(/^eyJ[\w-]*\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const secret = await openCrmSecret(ctx.deps.idp, 'hubspot', row!.secret);
    expect(crm.fakes.hubspot.issuedTokens()).toContain(secret.accessToken);
    expect(row!.secret).not.toContain(secret.accessToken!);
    expect(row!.details).toMatchObject({ hubId: '4242001', user: 'crm-admin@example.com' });
    // Sealed for its purpose: it cannot be opened as another CRM's secret.
    await expect(openCrmSecret(ctx.deps.idp, 'linear', row!.secret)).rejects.toThrow();

    const listed = JSON.stringify(await list(tok.owner!));
    expect(record(JSON.parse(listed) as AccountIntegrations, 'hubspot').state).toBe('connected');
    for (const t of crm.fakes.hubspot.issuedTokens()) expect(listed).not.toContain(t);
    expect(listed).not.toContain(row!.secret);
    expect(text).not.toContain(secret.accessToken!);
    expect(text).not.toContain(secret.refreshToken!);
    const audits = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.type, 'integration.connect'));
    expect(audits.at(-1)).toMatchObject({ accountId: demoId, targetType: 'integration', targetName: 'HubSpot', details: { integrationType: 'hubspot' } });
    expect(JSON.stringify(audits)).not.toContain(secret.accessToken!);
    // The code is single use at HubSpot: replaying it is refused with a field message.
    const replay = await json<ErrorBody>(await call('POST', `/api/integration/hubspot/auth/account/${demoId}`, tok.owner, { code, state }), 422);
    expect(replay.errors).toEqual({ code: 'HubSpot did not accept the sign-in. Please try again.' });
  });

  it("refuses a forged, expired, another user's or another account's state (400 invalidState)", async () => {
    const url = `/api/integration/hubspot/auth/account/${demoId}`;
    const invalid = async (token: string, body: unknown) => {
      const e = await json<ErrorBody>(await call('POST', url, token, body), 400);
      expect(e).toMatchObject({ code: 'invalidState', detail: 'Invalid authentication state' });
    };
    const { code, state } = await authorizeHubspot(tok.admin!);
    const [h, p, s] = state.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(state), uid: 1 })).toString('base64url');
    await invalid(tok.admin!, { code, state: `${h}.${forgedPayload}.${s}` });
    await invalid(tok.admin!, { code, state: `${h}.${p}.${s!.slice(0, -4)}AAAA` });
    await invalid(tok.admin!, { code, state: 'not-a-state' });
    // Another user's state.
    await invalid(tok.owner!, { code, state });
    // Expired: signed by this server, but 1 minute past its expiry.
    const claims = decodeJwt(state);
    const expired = await ctx.deps.idp.signClaims(CRM_STATE_PURPOSE, { acc: claims.acc, aid: claims.aid, uid: claims.uid, crm: 'hubspot' }, -60);
    await invalid(tok.admin!, { code, state: expired });
    // Another account's or another CRM's state.
    const elsewhere = await ctx.deps.idp.signClaims(CRM_STATE_PURPOSE, { acc: 'x', aid: otherId, uid: claims.uid, crm: 'hubspot' }, 600);
    await invalid(tok.admin!, { code, state: elsewhere });
    const otherCrm = await ctx.deps.idp.signClaims(CRM_STATE_PURPOSE, { ...claims, crm: 'salesforce' }, 600);
    await invalid(tok.admin!, { code, state: otherCrm });
    // A signature of another purpose is not a state.
    await invalid(tok.admin!, { code, state: await ctx.deps.idp.signClaims('something-else', { ...claims }, 600) });
    // Missing fields: 422 with field messages.
    const missing = await json<ErrorBody>(await call('POST', url, tok.admin, {}), 422);
    expect(missing.errors).toEqual({ code: 'code is required.', state: 'state is required.' });
    // The right user with the right state still connects (code unspent).
    await json(await call('POST', url, tok.admin, { code, state }), 200);
  });

  it('connects Linear by API key: a missing or refused key gets a field message; the first team is kept', async () => {
    const url = `/api/integration/linear/auth/account/${demoId}`;
    expect((await json<ErrorBody>(await call('POST', url, tok.owner, {}), 422)).errors).toEqual({ apiKey: 'apiKey is required.' });
    expect((await json<ErrorBody>(await call('POST', url, tok.owner, { apiKey: '   ' }), 422)).errors).toEqual({ apiKey: 'apiKey is required.' });
    const bad = await json<ErrorBody>(await call('POST', url, tok.owner, { apiKey: 'lin_api_wrong' }), 422);
    expect(bad.errors?.apiKey).toBe('Linear did not accept this API key. Check the key and try again.');
    expect(await json(await call('POST', `/api/integration/linear/auth/start/account/${demoId}`, tok.owner), 400)).toMatchObject({ code: 'notOAuth' });
    await json(await call('POST', url, tok.editor, { apiKey: FAKE_LINEAR_API_KEY }), 403);

    const res = await call('POST', url, tok.owner, { apiKey: FAKE_LINEAR_API_KEY });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain(FAKE_LINEAR_API_KEY);
    expect(JSON.parse(text)).toMatchObject({ integrationType: 'linear', state: 'connected', details: { user: 'lin' } });
    const sent = crm.fakes.linear.state.requests.filter((r) => r.authorization === FAKE_LINEAR_API_KEY);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    const [row] = await ctx.deps.db.select().from(crmConnections).where(and(eq(crmConnections.accountId, demoId), eq(crmConnections.integrationType, 'linear')));
    expect(row!.details).toMatchObject({ teamName: 'Engineering', teamKey: 'ENG' });
    expect(row!.secret).not.toContain(FAKE_LINEAR_API_KEY);
    expect(JSON.stringify(await list(tok.owner!))).not.toContain(FAKE_LINEAR_API_KEY);
  });
});

// --- delivery -------------------------------------------------------------------------------------------

const FORM_ID = 3;
const fields = [
  { id: 1, name: 'first-name', type: 'text', label: 'First name', required: true },
  { id: 2, name: 'last-name', type: 'text', label: 'Last name', required: true },
  { id: 3, name: 'email', type: 'email', label: 'E-mail', required: true },
  { id: 4, name: 'telephone', type: 'text', label: 'Phone', required: true },
  { id: 5, name: 'gdpr-agreement', type: 'general_checkbox', label: 'I agree', required: true },
  { id: 6, name: 'optional-info', type: 'textarea', label: 'Anything else?', required: true },
  { id: 7, name: 'source-url', type: 'text', label: 'Source', required: true },
  { id: 8, name: 'utm-source', type: 'text', label: 'utm_source', required: true },
  { id: 9, name: 'utm-medium', type: 'text', label: 'utm_medium', required: true },
  { id: 10, name: 'utm-campaign', type: 'text', label: 'utm_campaign', required: true },
  { id: 11, name: 'utm-term', type: 'text', label: 'utm_term', required: true },
  { id: 12, name: 'utm-content', type: 'text', label: 'utm_content', required: true },
  { id: 13, name: 'postal-code', type: 'postal_code_fi', label: 'Postal code', required: true },
];
const CAMPAIGN = 'b6b4a5e2-7c1f-4a55-9d0e-0c3a1c2f9e11';

let bot: { id: number; publicId: string };

async function publishedCrmBot(): Promise<{ id: number; publicId: string }> {
  const created = await json<{ id: number; publicId: string }>(await call('POST', '/api/bot', tok.owner, { accountId: demoId, name: 'CRM bot' }), 201);
  const content = {
    slides: [{ id: 1, name: 'Intro', category: 'INTRO', type: 'VIDEO', videoId: null, imageId: null, options: [{ id: 1, name: 'Contact', type: 'REGULAR_FORM', targetId: FORM_ID }] }],
    actions: [
      {
        id: FORM_ID,
        name: 'Contact us',
        type: 'REGULAR_FORM',
        description: 'Tell us about you.',
        email: 'leads@example.com',
        subject: 'New lead',
        fields,
        hubspot: { enabled: true, campaignId: CAMPAIGN },
        linear: { enabled: true },
        pipedrive: { enabled: false, titleValue: null },
        button: { type: 'THANK_YOU_PAGE' },
        thankYouPage: { type: 'DEFAULT', buttonType: 'CLOSE_FORM', buttonName: 'Close' },
      },
    ],
    settings: {},
  };
  await json(await call('PATCH', `/api/bot/${created.id}`, tok.owner, { content, status: 'Published' }), 200);
  return created;
}

const values = (email: string, extra: Record<string, unknown> = {}) => ({
  'first-name': 'Ada',
  'last-name': 'Lovelace',
  email,
  telephone: '+358 40 123 4567',
  'gdpr-agreement': true,
  'optional-info': 'Call me *after* lunch',
  'source-url': 'https://example.com/pricing',
  'utm-source': 'newsletter',
  'utm-medium': 'email',
  'utm-campaign': 'autumn',
  'utm-term': 'video',
  'utm-content': 'hero',
  'postal-code': '00100',
  ...extra,
});

async function submit(email: string): Promise<string> {
  const submissionId = randomUUID();
  await json(await call('POST', `/api/public/bot/${bot.publicId}/form-submission`, undefined, { submissionId, revisionId: null, actionId: FORM_ID, values: values(email) }), 201);
  return submissionId;
}

async function deliveriesOf(submissionId: string): Promise<Record<string, CrmDelivery>> {
  const page = await json<{ records: { submissionId: string; deliveries: CrmDelivery[] }[] }>(await call('GET', `/api/bot/${bot.id}/form-submission?size=100`, tok.viewer), 200);
  const rec = page.records.find((r) => r.submissionId === submissionId);
  expect(rec).toBeDefined();
  return Object.fromEntries(rec!.deliveries.map((d) => [d.integrationType, d]));
}

describe('delivery of form submissions', () => {
  beforeAll(async () => {
    bot = await publishedCrmBot();
  });

  it('delivers a submission to HubSpot (contact + campaign note) and Linear (issue); a retried POST creates nothing twice', async () => {
    const submissionId = randomUUID();
    const body = { submissionId, revisionId: null, actionId: FORM_ID, values: values('ada@example.com') };
    await json(await call('POST', `/api/public/bot/${bot.publicId}/form-submission`, undefined, body), 201);
    await json(await call('POST', `/api/public/bot/${bot.publicId}/form-submission`, undefined, body), 200);
    const rows = await ctx.deps.db.select().from(crmDeliveries);
    expect(rows.map((r) => r.integrationType).sort()).toEqual(['hubspot', 'linear']);
    expect(await deliveryJobs()).toHaveLength(2);
    let d = await deliveriesOf(submissionId);
    expect(d.hubspot).toMatchObject({ state: 'pending', attempts: 0, externalId: null });

    await drain();
    d = await deliveriesOf(submissionId);
    expect(d.hubspot).toMatchObject({ state: 'delivered', attempts: 1, lastError: null });
    expect(d.linear).toMatchObject({ state: 'delivered', attempts: 1, lastError: null });
    expect(d.hubspot!.deliveredAt).not.toBeNull();

    const contact = crm.fakes.hubspot.state.contacts.find((c) => c.properties.email === 'ada@example.com')!;
    expect(contact.properties).toEqual({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '+358 40 123 4567', website: 'https://example.com/pricing', zip: '00100' });
    expect(d.hubspot!.externalId).toBe(contact.id);
    const note = crm.fakes.hubspot.state.notes.find((n) => n.contactIds.includes(contact.id))!;
    expect(note.properties.hs_note_body).toContain(`Campaign: ${CAMPAIGN}`);
    expect(note.properties.hs_note_body).toContain('Form: Contact us');
    const contactCall = crm.fakes.hubspot.state.requests.find((r) => r.path === '/crm/v3/objects/contacts' && r.method === 'POST')!;
    expect(contactCall.authorization).toMatch(/^Bearer CJ/);

    const issue = crm.fakes.linear.state.issues.at(-1)!;
    expect(d.linear!.externalId).toBe(issue.id);
    expect(issue.title).toBe('Ada Lovelace (ada@example.com) — Contact us');
    expect(issue.teamId).toBe(crm.fakes.linear.state.teams.find((t) => t.key === 'ENG')!.id);
    expect(issue.description).toContain('- **first-name**: Ada');
    expect(issue.description).toContain('- **gdpr-agreement**: yes');
    expect(issue.description).toContain('- **optional-info**: Call me \\*after\\* lunch');
    expect(issue.description).toContain('Vidbot: CRM bot');
    expect(issue.apiKey).toBe(FAKE_LINEAR_API_KEY);

    // The same person again: HubSpot's 409 duplicate → the existing contact is updated.
    const again = await submit('ADA@example.com');
    await drain();
    expect((await deliveriesOf(again)).hubspot).toMatchObject({ state: 'delivered', externalId: contact.id });
    expect(crm.fakes.hubspot.state.contacts.filter((c) => c.properties.email?.toLowerCase() === 'ada@example.com')).toHaveLength(1);
  });

  it('rides out an outage: 503 three times, then delivered (retrying with a next attempt meanwhile)', async () => {
    crm.fakes.hubspot.state.switches.outage = 3;
    const submissionId = await submit('grace@example.com');
    await drain(); // linear delivered, hubspot attempt 1 fails
    let d = await deliveriesOf(submissionId);
    expect(d.linear!.state).toBe('delivered');
    expect(d.hubspot).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(d.hubspot!.lastError).toMatch(/HubSpot/);
    expect(Date.parse(d.hubspot!.nextAttemptAt!)).toBeGreaterThan(Date.now());
    expect(await runNextJob(ctx.deps, crmJobHandlers)).toBeNull(); // not due yet
    for (let i = 0; i < 3; i++) {
      await makeDue();
      await drain();
    }
    d = await deliveriesOf(submissionId);
    expect(d.hubspot).toMatchObject({ state: 'delivered', attempts: 4, lastError: null, nextAttemptAt: null });
    expect(crm.fakes.hubspot.state.contacts.some((c) => c.properties.email === 'grace@example.com')).toBe(true);
    const job = (await deliveryJobs()).find((j) => j.status === 'done' && j.attempts === 4);
    expect(job?.maxAttempts).toBeGreaterThanOrEqual(10);
  });

  it('a revoked key puts the connection in error; the delivery waits and goes out after the reconnect', async () => {
    crm.fakes.linear.state.switches.revoked = true;
    const submissionId = await submit('linus@example.com');
    await drain();
    let d = await deliveriesOf(submissionId);
    expect(d.hubspot!.state).toBe('delivered');
    expect(d.linear).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: null });
    expect(d.linear!.lastError).toMatch(/Linear/);
    const linear = record(await list(tok.owner!), 'linear');
    expect(linear.state).toBe('error');
    expect(linear.error).toMatch(/Linear/);
    expect((await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.type, 'integration.error'))).at(-1)).toMatchObject({ accountId: demoId, targetName: 'Linear' });
    // Another submission meanwhile waits too, without calling Linear.
    const before = crm.fakes.linear.state.requests.length;
    const second = await submit('linus2@example.com');
    await drain();
    expect((await deliveriesOf(second)).linear!.state).toBe('pending');
    expect(crm.fakes.linear.state.requests.length).toBe(before);
    expect(await runNextJob(ctx.deps, crmJobHandlers)).toBeNull();

    // The key works again (a new key in real life): reconnecting re-sends both.
    crm.fakes.linear.state.switches.revoked = false;
    expect((await connectLinear()).state).toBe('connected');
    await drain();
    expect((await deliveriesOf(submissionId)).linear).toMatchObject({ state: 'delivered', attempts: 2 });
    expect((await deliveriesOf(second)).linear!.state).toBe('delivered');
    expect(crm.fakes.linear.state.issues.filter((i) => i.title.includes('linus'))).toHaveLength(2);
  });

  it('a lead the CRM rejects fails; the retry route (not for viewers) sends it again', async () => {
    crm.fakes.hubspot.state.reject = true;
    const submissionId = await submit('rejected@example.com');
    await drain();
    const d = await deliveriesOf(submissionId);
    expect(d.hubspot).toMatchObject({ state: 'failed', attempts: 1 });
    expect(d.hubspot!.lastError).toMatch(/not valid/);
    const retryUrl = `/api/bot/${bot.id}/form-submission/${submissionId}/delivery/hubspot/retry`;
    await json(await call('POST', retryUrl, tok.viewer), 403);
    expect((await json<ErrorBody>(await call('POST', `/api/bot/${bot.id}/form-submission/${submissionId}/delivery/linear/retry`, tok.editor), 409)).code).toBe('notRetryable');
    await json(await call('POST', `/api/bot/${bot.id}/form-submission/${randomUUID()}/delivery/hubspot/retry`, tok.editor), 404);
    crm.fakes.hubspot.state.reject = false;
    expect(await json<CrmDelivery>(await call('POST', retryUrl, tok.editor), 200)).toMatchObject({ integrationType: 'hubspot', state: 'pending' });
    await drain();
    expect((await deliveriesOf(submissionId)).hubspot).toMatchObject({ state: 'delivered', attempts: 2, lastError: null });
  });

  it('refreshes an expiring HubSpot token before delivering and stores the new one sealed', async () => {
    const [row] = await ctx.deps.db.select().from(crmConnections).where(and(eq(crmConnections.accountId, demoId), eq(crmConnections.integrationType, 'hubspot')));
    const old = await openCrmSecret(ctx.deps.idp, 'hubspot', row!.secret);
    const { sealCrmSecret } = await import('./crm.repo');
    await ctx.deps.db.update(crmConnections).set({ secret: await sealCrmSecret(ctx.deps.idp, 'hubspot', { ...old, expiresAt: Date.now() - 1000 }) }).where(eq(crmConnections.id, row!.id));
    const submissionId = await submit('refresh@example.com');
    await drain();
    expect((await deliveriesOf(submissionId)).hubspot!.state).toBe('delivered');
    const refresh = crm.fakes.hubspot.state.requests.filter((r) => r.path === '/oauth/v1/token').at(-1)!;
    expect(refresh.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: old.refreshToken });
    const [after] = await ctx.deps.db.select().from(crmConnections).where(eq(crmConnections.id, row!.id));
    const fresh = await openCrmSecret(ctx.deps.idp, 'hubspot', after!.secret);
    expect(fresh.accessToken).not.toBe(old.accessToken);
    expect(fresh.expiresAt).toBeGreaterThan(Date.now());
  });

  it('disconnects: the connection and its secret are gone, the token revoked at HubSpot, audited; new submissions are not delivered', async () => {
    const [row] = await ctx.deps.db.select().from(crmConnections).where(and(eq(crmConnections.accountId, demoId), eq(crmConnections.integrationType, 'hubspot')));
    const secret = await openCrmSecret(ctx.deps.idp, 'hubspot', row!.secret);
    await json(await call('DELETE', `/api/integration/hubspot/account/${demoId}`, tok.editor), 403);
    expect(await call('DELETE', `/api/integration/hubspot/account/${demoId}`, tok.owner).then((r) => r.status)).toBe(204);
    expect(record(await list(tok.owner!), 'hubspot')).toMatchObject({ state: 'not_connected', details: { user: null } });
    const revoke = crm.fakes.hubspot.state.requests.filter((r) => r.method === 'DELETE').at(-1)!;
    expect(revoke.path).toBe(`/oauth/v1/refresh-tokens/${secret.refreshToken}`);
    expect((await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.type, 'integration.disconnect'))).at(-1)).toMatchObject({ targetName: 'HubSpot' });
    // Not connected again: 204 too.
    expect(await call('DELETE', `/api/integration/hubspot/account/${demoId}`, tok.owner).then((r) => r.status)).toBe(204);
    const submissionId = await submit('after@example.com');
    expect(Object.keys(await deliveriesOf(submissionId))).toEqual(['linear']);
    await drain();
  });
});
