/**
 * The Pipedrive and Salesforce adapters (issue 15 "Integrations") against their local fakes
 * (server/test/fakes/crm-pipedrive.ts, crm-salesforce.ts): what arrives in the CRM, and how refusals,
 * revoked credentials, outages and an expired Salesforce session are classified.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePipedrive, FAKE_PIPEDRIVE_USER, type FakePipedrive } from '../../../test/fakes/crm-pipedrive';
import { startFakeSalesforce, FAKE_SALESFORCE_USER, type FakeSalesforce } from '../../../test/fakes/crm-salesforce';
import { pipedriveAdapter } from './crm.pipedrive';
import { salesforceAdapter } from './crm.salesforce';
import { CrmAuthError, CrmRejectedError, type CrmEnv, type CrmLead, type CrmSecret } from './crm.types';

let pd: FakePipedrive;
let sf: FakeSalesforce;
let env: CrmEnv;
const REDIRECT = 'http://127.0.0.1:9/integration-callback/salesforce';

beforeAll(async () => {
  pd = await startFakePipedrive();
  sf = await startFakeSalesforce();
  env = {
    publicUrl: 'http://127.0.0.1:9',
    hubspotApiBase: 'http://127.0.0.1:9',
    hubspotAuthorizeUrl: 'http://127.0.0.1:9/oauth/authorize',
    linearApiUrl: 'http://127.0.0.1:9/graphql',
    pipedriveApiBase: pd.url,
    salesforceClientId: sf.state.clientId,
    salesforceClientSecret: sf.state.clientSecret,
    salesforceLoginUrl: sf.url,
  };
});
afterAll(async () => {
  await pd.close();
  await sf.close();
});

const lead = (values: CrmLead['values']): CrmLead => ({
  submissionId: '42',
  botName: 'Sales bot',
  formName: 'Contact us',
  values,
  language: 'en',
  createdAt: '2026-11-26T10:00:00.000Z',
});
const connection = { accountId: 1, details: {} };

describe('Pipedrive adapter', () => {
  beforeEach(() => {
    pd.state.outage = false;
    pd.state.revoked = false;
    pd.state.persons.length = 0;
    pd.state.leads.length = 0;
    pd.state.requests.length = 0;
  });

  it('verifies the API token with the current user and keeps only the token as secret', async () => {
    const grant = await pipedriveAdapter.verifyApiKey!(env, ' pd-test-token ');
    expect(grant.user).toBe(FAKE_PIPEDRIVE_USER.name);
    expect(grant.secret).toEqual({ apiKey: 'pd-test-token' });
    expect(grant.details).toEqual({ companyId: String(FAKE_PIPEDRIVE_USER.company_id), companyDomain: FAKE_PIPEDRIVE_USER.company_domain, userId: String(FAKE_PIPEDRIVE_USER.id) });
    expect(pd.state.requests).toEqual([{ method: 'GET', path: '/v1/users/me', auth: 'header', status: 200 }]);
  });

  it('refuses an unknown token with CrmAuthError, and an outage is temporary', async () => {
    await expect(pipedriveAdapter.verifyApiKey!(env, 'nope')).rejects.toBeInstanceOf(CrmAuthError);
    pd.state.outage = true;
    const err = await pipedriveAdapter.verifyApiKey!(env, 'pd-test-token').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(CrmAuthError);
    expect(err).not.toBeInstanceOf(CrmRejectedError);
    expect(String((err as Error).message)).not.toContain('pd-test-token');
  });

  it('delivers a person and a lead titled by the chosen field, linked to that person', async () => {
    const out = await pipedriveAdapter.deliver(env, {
      secret: { apiKey: 'pd-test-token' },
      connection,
      lead: lead({ 'first-name': 'Ada', 'last-name': 'Lovelace', email: 'ada@example.com', telephone: '+358401234567', topic: 'Demo request' }),
      block: { enabled: true, titleValue: 'topic' },
    });
    expect(pd.state.persons).toHaveLength(1);
    const person = pd.state.persons[0]!;
    expect(person.name).toBe('Ada Lovelace');
    expect(person.emails).toEqual([{ value: 'ada@example.com', primary: true, label: 'work' }]);
    expect(person.phones).toEqual([{ value: '+358401234567', primary: true, label: 'work' }]);
    expect(pd.state.leads).toHaveLength(1);
    expect(pd.state.leads[0]).toMatchObject({ id: out.externalId, title: 'Demo request', person_id: person.id, origin_id: 'vidbot:42' });
    expect(out.secret).toBeUndefined();
  });

  it('links the lead to the block’s person when one is set (no new person)', async () => {
    await pipedriveAdapter.deliver(env, { secret: { apiKey: 'pd-test-token' }, connection, lead: lead({ 'first-name': 'Ada' }), block: { enabled: true, titleValue: 'first-name' } });
    const existing = pd.state.persons[0]!.id;
    await pipedriveAdapter.deliver(env, { secret: { apiKey: 'pd-test-token' }, connection, lead: lead({ 'first-name': 'Bob' }), block: { enabled: true, titleValue: 'first-name', personId: existing } });
    expect(pd.state.persons).toHaveLength(1);
    expect(pd.state.leads.map((l) => [l.title, l.person_id])).toEqual([
      ['Ada', existing],
      ['Bob', existing],
    ]);
  });

  it('a lead Pipedrive refuses (unknown person) is CrmRejectedError; a revoked token is CrmAuthError', async () => {
    await expect(
      pipedriveAdapter.deliver(env, { secret: { apiKey: 'pd-test-token' }, connection, lead: lead({ topic: 'x' }), block: { enabled: true, titleValue: 'topic', personId: 999999 } }),
    ).rejects.toBeInstanceOf(CrmRejectedError);
    pd.state.revoked = true;
    await expect(pipedriveAdapter.deliver(env, { secret: { apiKey: 'pd-test-token' }, connection, lead: lead({ topic: 'x' }), block: { enabled: true, titleValue: 'topic' } })).rejects.toBeInstanceOf(CrmAuthError);
    expect(pd.state.leads).toHaveLength(0);
  });
});

describe('Salesforce adapter', () => {
  beforeEach(() => {
    sf.state.outage = false;
    sf.state.consent = 'allow';
    sf.state.leads.length = 0;
    sf.state.tokenRequests.length = 0;
  });

  /** Goes through the fake authorize page as a browser would, returning the callback's code. */
  async function authorizeCode(state: string): Promise<string> {
    const url = new URL(salesforceAdapter.authorizeUrl!(env, { state, redirectUri: REDIRECT }));
    expect(url.origin + url.pathname).toBe(`${sf.url}/services/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: sf.state.clientId, redirect_uri: REDIRECT, state, scope: 'api id refresh_token' });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code') ?? '';
  }

  async function connect(): Promise<CrmSecret> {
    const grant = await salesforceAdapter.exchangeCode!(env, { code: await authorizeCode('signed-state'), redirectUri: REDIRECT });
    return grant.secret;
  }

  it('is configured only with a client id and secret', () => {
    expect(salesforceAdapter.configured(env)).toBe(true);
    expect(salesforceAdapter.configured({ ...env, salesforceClientSecret: undefined })).toBe(false);
  });

  it('exchanges the code for tokens and the instance URL, and names the user from userinfo', async () => {
    const grant = await salesforceAdapter.exchangeCode!(env, { code: await authorizeCode('s1'), redirectUri: REDIRECT });
    expect(grant.user).toBe(FAKE_SALESFORCE_USER.name);
    expect(grant.secret.instanceUrl).toBe(sf.url);
    expect(sf.state.accessTokens.has(grant.secret.accessToken!)).toBe(true);
    expect(sf.state.refreshTokens.has(grant.secret.refreshToken!)).toBe(true);
    expect(grant.details).toEqual({ organizationId: FAKE_SALESFORCE_USER.organizationId, userId: FAKE_SALESFORCE_USER.userId, instanceHost: new URL(sf.url).host });
    // A code is single use: the vendor refuses it → CrmAuthError.
    await expect(salesforceAdapter.exchangeCode!(env, { code: 'used-or-unknown', redirectUri: REDIRECT })).rejects.toBeInstanceOf(CrmAuthError);
  });

  it('delivers a Lead with the form’s fields, status and lead source', async () => {
    const secret = await connect();
    const out = await salesforceAdapter.deliver(env, {
      secret,
      connection,
      lead: lead({ 'first-name': 'Ada', 'last-name': 'Lovelace', company: 'Analytical Engines', email: 'ada@example.com', telephone: '+358401234567', 'gdpr-agreement': true }),
      block: { enabled: true, status: 'Open - Not Contacted', leadSource: 'Web' },
    });
    expect(sf.state.leads).toHaveLength(1);
    const created = sf.state.leads[0]!;
    expect(out.externalId).toBe(created.id);
    expect(created.fields).toMatchObject({ LastName: 'Lovelace', FirstName: 'Ada', Company: 'Analytical Engines', Email: 'ada@example.com', Phone: '+358401234567', Status: 'Open - Not Contacted', LeadSource: 'Web' });
    expect(created.fields.Description).toContain('gdpr-agreement: yes');
    expect(out.secret).toBeUndefined();
  });

  it('a validation error (missing LastName / Company, bad status) is CrmRejectedError with Salesforce’s message', async () => {
    const secret = await connect();
    const missing = await salesforceAdapter.deliver(env, { secret, connection, lead: lead({ 'first-name': 'Ada' }), block: { enabled: true, status: 'Open - Not Contacted' } }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CrmRejectedError);
    expect((missing as Error).message).toContain('REQUIRED_FIELD_MISSING');
    await expect(
      salesforceAdapter.deliver(env, { secret, connection, lead: lead({ 'last-name': 'L', company: 'C' }), block: { enabled: true, status: 'Nonsense' } }),
    ).rejects.toBeInstanceOf(CrmRejectedError);
    expect(sf.state.leads).toHaveLength(0);
  });

  it('refreshes an expired access token with the refresh token, retries, and hands back the new secret', async () => {
    const secret = await connect();
    sf.state.expireAccessTokens();
    const out = await salesforceAdapter.deliver(env, { secret, connection, lead: lead({ 'last-name': 'Lovelace', company: 'AE' }), block: { enabled: true } });
    expect(sf.state.leads).toHaveLength(1);
    expect(sf.state.tokenRequests.map((r) => r.grantType)).toEqual(['authorization_code', 'refresh_token']);
    expect(out.secret?.accessToken).toBeDefined();
    expect(out.secret?.accessToken).not.toBe(secret.accessToken);
    expect(out.secret?.refreshToken).toBe(secret.refreshToken);
    expect(out.secret?.instanceUrl).toBe(secret.instanceUrl);
  });

  it('revoked credentials (refresh refused) are CrmAuthError; an outage is temporary', async () => {
    const secret = await connect();
    sf.state.outage = true;
    const outage = await salesforceAdapter.deliver(env, { secret, connection, lead: lead({ 'last-name': 'L', company: 'C' }), block: { enabled: true } }).catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(Error);
    expect(outage).not.toBeInstanceOf(CrmAuthError);
    expect(outage).not.toBeInstanceOf(CrmRejectedError);
    sf.state.outage = false;
    sf.state.revokeAll();
    const revoked = await salesforceAdapter.deliver(env, { secret, connection, lead: lead({ 'last-name': 'L', company: 'C' }), block: { enabled: true } }).catch((e: unknown) => e);
    expect(revoked).toBeInstanceOf(CrmAuthError);
    expect((revoked as Error).message).not.toContain(secret.refreshToken!);
    expect(sf.state.leads).toHaveLength(0);
  });

  it('an expired session without a refresh token is CrmAuthError (reconnect needed)', async () => {
    const { refreshToken: _r, ...secret } = await connect();
    sf.state.expireAccessTokens();
    await expect(salesforceAdapter.deliver(env, { secret, connection, lead: lead({ 'last-name': 'L', company: 'C' }), block: { enabled: true } })).rejects.toBeInstanceOf(CrmAuthError);
    expect(sf.state.tokenRequests.map((r) => r.grantType)).toEqual(['authorization_code']);
  });

  it('revokes the refresh token at Salesforce on disconnect', async () => {
    const secret = await connect();
    await salesforceAdapter.revoke!(env, secret);
    expect(sf.state.refreshTokens.get(secret.refreshToken!)?.revoked).toBe(true);
  });
});

describe('the fakes follow the vendors’ REST', () => {
  it('Pipedrive: api_token query or x-api-token header, the { success, data } envelope, 401 / 400 / 503 errors', async () => {
    pd.state.outage = false;
    pd.state.revoked = false;
    const me = await fetch(`${pd.url}/v1/users/me?api_token=pd-test-token`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ success: true, data: { id: FAKE_PIPEDRIVE_USER.id, name: FAKE_PIPEDRIVE_USER.name } });
    const bad = await fetch(`${pd.url}/v1/users/me`, { headers: { 'x-api-token': 'nope' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ success: false, error: 'unauthorized access', errorCode: 401 });
    const noTitle = await fetch(`${pd.url}/v1/leads`, { method: 'POST', headers: { 'x-api-token': 'pd-test-token', 'content-type': 'application/json' }, body: JSON.stringify({ person_id: 1 }) });
    expect(noTitle.status).toBe(400);
    expect(await noTitle.json()).toMatchObject({ success: false, errorCode: 400 });
    pd.state.outage = true;
    expect((await fetch(`${pd.url}/v1/users/me?api_token=pd-test-token`)).status).toBe(503);
    pd.state.outage = false;
  });

  it('Salesforce: form-encoded token grants, 400 error arrays on the Lead, 401 INVALID_SESSION_ID', async () => {
    const grant = await fetch(`${sf.url}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'unknown', client_id: sf.state.clientId, client_secret: sf.state.clientSecret, redirect_uri: REDIRECT }),
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual({ error: 'invalid_grant', error_description: 'authentication failure' });
    const badClient = await fetch(`${sf.url}/services/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token&refresh_token=x&client_id=nope' });
    expect(((await badClient.json()) as { error: string }).error).toBe('invalid_client');
    const noSession = await fetch(`${sf.url}/services/data/v62.0/sobjects/Lead`, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{}' });
    expect(noSession.status).toBe(401);
    expect(await noSession.json()).toEqual([{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    const secret = await salesforceAdapter.exchangeCode!(env, {
      code: new URL((await fetch(salesforceAdapter.authorizeUrl!(env, { state: 's', redirectUri: REDIRECT }), { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!,
      redirectUri: REDIRECT,
    });
    const missing = await fetch(`${sf.url}/services/data/v62.0/sobjects/Lead`, { method: 'POST', headers: { authorization: `Bearer ${secret.secret.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ FirstName: 'Ada' }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual([{ message: 'Required fields are missing: [LastName, Company]', errorCode: 'REQUIRED_FIELD_MISSING', fields: ['LastName', 'Company'] }]);
    sf.state.consent = 'deny';
    const denied = await fetch(salesforceAdapter.authorizeUrl!(env, { state: 's2', redirectUri: REDIRECT }), { redirect: 'manual' });
    expect(Object.fromEntries(new URL(denied.headers.get('location')!).searchParams)).toEqual({ error: 'access_denied', error_description: 'end-user denied authorization', state: 's2' });
    sf.state.consent = 'allow';
  });
});
