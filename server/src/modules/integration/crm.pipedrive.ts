/**
 * Pipedrive as a CRM of the form integrations (issue 15 "Integrations": Pipedrive person and lead
 * with the chosen title field; spec 001 §4 Form integrations, spec 002 §2 Integrations tab), through
 * the official `pipedrive` client (v33): API token auth (`x-api-token` header), base URL from
 * `CrmEnv.pipedriveApiBase` (default https://api.pipedrive.com; the local fake in tests,
 * server/test/fakes/crm-pipedrive.ts).
 *
 * - verifyApiKey: `GET /v1/users/me` → the user's name is the connection's display name; details
 *   `companyId`, `companyDomain`, `userId`.
 * - deliver: `POST /api/v2/persons` (name = first-name + last-name, email, phone — the SDK has
 *   person creation only in its v2 namespace) unless the form block names an existing person
 *   (`block.personId`), then `POST /v1/leads` titled by the value of the form field the block chose
 *   (`block.titleValue` names the field), linked to that person. Returns the lead id.
 *
 * Errors: the client rejects with Pipedrive's JSON body (`{ success: false, error, errorCode }`);
 * 401/403 → CrmAuthError (token revoked or lacking rights), other 4xx except 429 → CrmRejectedError,
 * anything else (429, 5xx, network) is thrown as a plain Error (temporary; the job retries). The
 * token never appears in a thrown message (errors are reduced to status + Pipedrive's message).
 */
import { Configuration as ConfigurationV1, LeadsApi, UsersApi } from 'pipedrive/v1';
import { Configuration as ConfigurationV2, PersonsApi } from 'pipedrive/v2';
import { CrmAuthError, CrmRejectedError, type CrmAdapter, type CrmEnv, type CrmGrant, type CrmLead } from './crm.types';

function base(env: CrmEnv): string {
  return env.pipedriveApiBase.replace(/\/+$/, '');
}

function v1(env: CrmEnv, apiKey: string): ConfigurationV1 {
  return new ConfigurationV1({ apiKey, basePath: `${base(env)}/v1` });
}

function v2(env: CrmEnv, apiKey: string): ConfigurationV2 {
  return new ConfigurationV2({ apiKey, basePath: `${base(env)}/api/v2` });
}

/** A Pipedrive rejection (the body the client rejects with, or an axios / network error) → our error classes. */
export function pipedriveError(err: unknown, what: string): Error {
  const body = err && typeof err === 'object' ? (err as Record<string, unknown>) : null;
  const status = body && typeof body.errorCode === 'number' ? body.errorCode : body && typeof body.status === 'number' ? body.status : null;
  const vendorMessage = body && typeof body.error === 'string' ? body.error : null;
  if (status === null || vendorMessage === null) {
    // Network failure, a non-JSON answer (gateway page): temporary. Only the message; an axios error holds the token in its config.
    const code = body && typeof body.code === 'string' ? ` (${body.code})` : '';
    return new Error(`Pipedrive ${what} failed${code}`);
  }
  const message = `Pipedrive: ${vendorMessage}`;
  if (status === 401 || status === 403) return new CrmAuthError(message);
  if (status >= 400 && status < 500 && status !== 429) return new CrmRejectedError(message);
  return new Error(`${message} (HTTP ${status})`);
}

function text(values: CrmLead['values'], name: string): string {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** The person's name from the form: first-name + last-name, else the email, else the form's name. */
export function pipedrivePersonName(lead: CrmLead): string {
  const name = [text(lead.values, 'first-name'), text(lead.values, 'last-name')].filter(Boolean).join(' ');
  return name || text(lead.values, 'email') || lead.formName;
}

/** The lead title: the value of the form field the block chose (`titleValue`), else the form's name. */
export function pipedriveLeadTitle(lead: CrmLead, titleField: string | null | undefined): string {
  const value = titleField ? lead.values[titleField] : undefined;
  const title = typeof value === 'string' ? value.trim() : typeof value === 'boolean' ? String(value) : '';
  return title || `${lead.formName} (${lead.botName})`;
}

/** Pipedrive (API token). Implements CrmAdapter; see the module comment for calls and errors. */
export const pipedriveAdapter: CrmAdapter = {
  type: 'pipedrive',
  auth: 'apiKey',
  configured: () => true,

  async verifyApiKey(env, apiKey): Promise<CrmGrant> {
    const key = apiKey.trim();
    if (!key) throw new CrmAuthError('Pipedrive: the API token is empty');
    let res;
    try {
      res = await new UsersApi(v1(env, key)).getCurrentUser();
    } catch (err) {
      throw pipedriveError(err, 'user lookup');
    }
    const user = res.data;
    if (!res.success || !user) throw new Error('Pipedrive user lookup answered no user');
    const details: Record<string, string> = {};
    if (user.company_id != null) details.companyId = String(user.company_id);
    if (user.company_domain) details.companyDomain = String(user.company_domain);
    if (user.id != null) details.userId = String(user.id);
    return { secret: { apiKey: key }, user: user.name ?? user.email ?? null, details };
  },

  async deliver(env, { secret, lead, block }) {
    const apiKey = secret.apiKey;
    if (!apiKey) throw new CrmAuthError('Pipedrive: no API token stored');
    let personId = block.personId ?? null;
    if (personId == null) {
      const email = text(lead.values, 'email');
      const phone = text(lead.values, 'telephone') || text(lead.values, 'phone');
      try {
        const res = await new PersonsApi(v2(env, apiKey)).addPerson({
          AddPersonRequest: {
            name: pipedrivePersonName(lead),
            ...(email ? { emails: [{ value: email, primary: true, label: 'work' }] } : {}),
            ...(phone ? { phones: [{ value: phone, primary: true, label: 'work' }] } : {}),
          },
        });
        personId = res.data?.id ?? null;
      } catch (err) {
        throw pipedriveError(err, 'person creation');
      }
      if (personId == null) throw new Error('Pipedrive person creation answered no id');
    }
    try {
      const res = await new LeadsApi(v1(env, apiKey)).addLead({
        AddLeadRequest: { title: pipedriveLeadTitle(lead, block.titleValue), person_id: personId, origin_id: `vidbot:${lead.submissionId}` },
      });
      const id = res.data?.id;
      if (!id) throw new Error('Pipedrive lead creation answered no id');
      return { externalId: String(id) };
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('Pipedrive lead creation answered')) throw err;
      throw pipedriveError(err, 'lead creation');
    }
  },
};
