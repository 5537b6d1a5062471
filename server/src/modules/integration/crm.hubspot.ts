/**
 * HubSpot CRM adapter (issue 15 "Integrations": HubSpot, OAuth code flow with @hubspot/api-client;
 * spec 001 §4 form integrations: a form submission becomes a HubSpot contact (+ campaign)).
 *
 * - Connect: the app's authorize page `HUBSPOT_AUTHORIZE_URL?client_id&redirect_uri&scope&state`
 *   (scopes `crm.objects.contacts.write oauth`), then `oauth.tokensApi.create('authorization_code', …)`
 *   at `POST {HUBSPOT_API_BASE}/oauth/v1/token`; the portal (hub id) and the installing user come from
 *   `oauth.accessTokensApi.get(token)` (`GET /oauth/v1/access-tokens/{token}`).
 * - Deliver: `crm.contacts.basicApi.create` (`POST /crm/v3/objects/contacts`) with the HubSpot default
 *   properties mapped from the form's fields (`HUBSPOT_PROPERTIES`); a 409 "Contact already exists.
 *   Existing ID: N" (HubSpot's answer for a duplicate e-mail) updates that contact instead
 *   (`basicApi.update`). The access token (30 minutes) is refreshed first when it expires within a
 *   minute (`tokensApi.create('refresh_token', …)`), and the new secret is handed back to be stored.
 * - Campaign: HubSpot's campaigns API has no contact asset type (contacts cannot be added to a
 *   marketing campaign through the API), so the block's `campaignId` (the campaign GUID) is recorded
 *   on a note associated with the contact (`crm.objects.notes.basicApi.create`,
 *   `POST /crm/v3/objects/notes`, HubSpot-defined association type 202 note → contact), together with
 *   the vidbot, the form and the answers that have no contact property.
 * Errors: 401/403 (and `invalid_grant` on refresh) → CrmAuthError; other 4xx except 429 →
 * CrmRejectedError; anything else (5xx, 429, network) is temporary.
 */
import { Client } from '@hubspot/api-client';
import { CrmAuthError, CrmRejectedError, type CrmAdapter, type CrmEnv, type CrmGrant, type CrmLead, type CrmSecret } from './crm.types';

/** OAuth scopes the app asks for (contacts write; `oauth` is required of every HubSpot app). */
export const HUBSPOT_SCOPES = 'crm.objects.contacts.write oauth';

/** Form field name (spec 001 §4) → HubSpot default contact property. */
export const HUBSPOT_PROPERTIES: Record<string, string> = {
  'first-name': 'firstname',
  'last-name': 'lastname',
  email: 'email',
  telephone: 'phone',
  phone: 'phone',
  company: 'company',
  'job-title': 'jobtitle',
  website: 'website',
  'source-url': 'website',
  address: 'address',
  city: 'city',
  'postal-code': 'zip',
  country: 'country',
};

/** HubSpot-defined association type id of note → contact. */
const NOTE_TO_CONTACT = 202;

const client = (env: CrmEnv, accessToken?: string) => new Client({ basePath: env.hubspotApiBase, ...(accessToken ? { accessToken } : {}), numberOfApiCallRetries: 0 });

interface HubspotError {
  code?: number;
  body?: unknown;
  message?: string;
}

/** HubSpot's message of an SDK error (`body.message` / `error_description`), else the error's. */
function vendorMessage(err: unknown): string {
  const e = err as HubspotError;
  const body = e?.body as { message?: unknown; error_description?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : typeof body?.error_description === 'string' ? body.error_description : (e?.message ?? String(err));
  // A network error names the URL; the token-info and revoke URLs carry a token in their path.
  return text.replace(/(access|refresh)-tokens\/[^\s/?'"]+/g, '$1-tokens/…').slice(0, 500);
}

/** Maps an SDK error to the adapter contract's kinds (see the module comment). */
function classify(err: unknown, what: string): Error {
  const code = (err as HubspotError)?.code;
  const body = (err as HubspotError)?.body as { error?: unknown } | undefined;
  const message = `HubSpot ${what}: ${vendorMessage(err)}`;
  if (code === 401 || code === 403 || body?.error === 'invalid_grant' || body?.error === 'invalid_client') return new CrmAuthError(message);
  if (typeof code === 'number' && code >= 400 && code < 500 && code !== 429 && code !== 408) return new CrmRejectedError(message);
  return err instanceof Error ? new Error(message) : new Error(message);
}

function secretOf(t: { accessToken: string; refreshToken: string; expiresIn: number }, nowMs: number): CrmSecret {
  return { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAt: nowMs + t.expiresIn * 1000 };
}

/** A valid access token: the stored one, or a refreshed one (returned as `refreshed`). */
async function freshSecret(env: CrmEnv, secret: CrmSecret): Promise<{ secret: CrmSecret; refreshed: boolean }> {
  if (secret.accessToken && (secret.expiresAt === undefined || secret.expiresAt > Date.now() + 60_000)) return { secret, refreshed: false };
  if (!secret.refreshToken) throw new CrmAuthError('HubSpot: the connection has no refresh token; connect again.');
  try {
    const t = await client(env).oauth.tokensApi.create('refresh_token', undefined, undefined, env.hubspotClientId, env.hubspotClientSecret, secret.refreshToken);
    return { secret: { ...secretOf(t, Date.now()), refreshToken: t.refreshToken || secret.refreshToken, instanceUrl: secret.instanceUrl }, refreshed: true };
  } catch (err) {
    const e = classify(err, 'token refresh');
    // A refused refresh (400 invalid_grant: revoked app) is an auth failure, not a rejected lead.
    throw e instanceof CrmRejectedError ? new CrmAuthError(e.message) : e;
  }
}

/** The contact's properties: mapped fields with a value, strings only. */
export function hubspotContactProperties(lead: CrmLead): Record<string, string> {
  const props: Record<string, string> = {};
  for (const [field, value] of Object.entries(lead.values)) {
    const prop = HUBSPOT_PROPERTIES[field];
    if (!prop || typeof value !== 'string' || value === '' || props[prop]) continue;
    props[prop] = value;
  }
  return props;
}

/** The note's text: campaign, vidbot, form, and every answer (HTML, as HubSpot notes are). */
export function hubspotNoteBody(lead: CrmLead, campaignId: string | null | undefined): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines = [
    ...(campaignId ? [`Campaign: ${esc(campaignId)}`] : []),
    `Vidbot: ${esc(lead.botName)}`,
    `Form: ${esc(lead.formName)}`,
    ...Object.entries(lead.values).map(([k, v]) => `${esc(k)}: ${esc(typeof v === 'boolean' ? (v ? 'yes' : 'no') : v)}`),
  ];
  return `<p>${lines.join('<br>')}</p>`;
}

/** The existing contact's id in HubSpot's 409 answer ("Contact already exists. Existing ID: 123"). */
function existingId(err: unknown): string | null {
  const m = /Existing ID:\s*(\d+)/.exec(vendorMessage(err));
  return m?.[1] ?? null;
}

export const hubspotAdapter: CrmAdapter = {
  type: 'hubspot',
  auth: 'oauth',
  configured: (env) => Boolean(env.hubspotClientId && env.hubspotClientSecret),
  authorizeUrl(env, { state, redirectUri }) {
    const u = new URL(env.hubspotAuthorizeUrl);
    u.searchParams.set('client_id', env.hubspotClientId ?? '');
    u.searchParams.set('redirect_uri', redirectUri);
    u.searchParams.set('scope', HUBSPOT_SCOPES);
    u.searchParams.set('state', state);
    return u.toString();
  },
  async exchangeCode(env, { code, redirectUri }): Promise<CrmGrant> {
    const hs = client(env);
    let secret: CrmSecret;
    try {
      const t = await hs.oauth.tokensApi.create('authorization_code', code, redirectUri, env.hubspotClientId, env.hubspotClientSecret);
      secret = secretOf(t, Date.now());
    } catch (err) {
      const e = classify(err, 'sign-in');
      throw e instanceof CrmRejectedError ? new CrmAuthError(e.message) : e;
    }
    try {
      const info = await hs.oauth.accessTokensApi.get(secret.accessToken ?? '');
      return {
        secret: { ...secret, instanceUrl: String(info.hubId) },
        user: info.user ?? null,
        details: { hubId: String(info.hubId), ...(info.hubDomain ? { hubDomain: info.hubDomain } : {}) },
      };
    } catch (err) {
      throw classify(err, 'token information');
    }
  },
  async deliver(env, { secret, lead, block }) {
    const { secret: live, refreshed } = await freshSecret(env, secret);
    const hs = client(env, live.accessToken);
    const properties = hubspotContactProperties(lead);
    let contactId: string;
    try {
      contactId = (await hs.crm.contacts.basicApi.create({ properties, associations: [] })).id;
    } catch (err) {
      const id = (err as HubspotError)?.code === 409 ? existingId(err) : null;
      if (!id) throw classify(err, 'contact');
      try {
        await hs.crm.contacts.basicApi.update(id, { properties });
      } catch (e2) {
        throw classify(e2, 'contact update');
      }
      contactId = id;
    }
    try {
      await hs.crm.objects.notes.basicApi.create({
        properties: { hs_timestamp: lead.createdAt, hs_note_body: hubspotNoteBody(lead, block.campaignId) },
        associations: [{ to: { id: contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId: NOTE_TO_CONTACT }] }],
      });
    } catch (err) {
      throw classify(err, 'note');
    }
    return { externalId: contactId, ...(refreshed ? { secret: live } : {}) };
  },
  async revoke(env, secret) {
    // HubSpot revokes an app's access by deleting its refresh token (DELETE /oauth/v1/refresh-tokens/{token}).
    if (!secret.refreshToken) return;
    try {
      await client(env).oauth.refreshTokensApi.archive(secret.refreshToken);
    } catch (err) {
      throw classify(err, 'revoke');
    }
  },
};
