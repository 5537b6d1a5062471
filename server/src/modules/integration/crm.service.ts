/**
 * CRM connections and deliveries (issue 15 "Integrations"; spec 002 §2 Integrations tab, §3
 * Integration, §4 integration states and OAuth callback, §6 rights, §7 Integrations; spec 001 §4 form
 * integrations; architecture note §5–§7). Adapters: ./crm.registry.ts; SQL: ./crm.repo.ts; the
 * delivery job: ./crm.job.ts.
 *
 * Rights: staff, or an Active Owner, Admin or Reseller role in the account (spec 002 §6 Integrations
 * tab); Editor / Viewer 403; no role 404. Features: `dashboard:integration` and
 * `dashboard:integration_<type>` for the caller in the account — connecting needs both (403
 * `featureDisabled`); listing answers `enabled` flags instead; disconnecting is always allowed.
 *
 * OAuth `state`: a JWS signed by the server (identity provider `signClaims`, purpose
 * `crm-oauth-state`, 10 minutes) with the account's publicId (`acc`, read by the SPA's callback route
 * without verification) and id (`aid`), the user (`uid`) and the CRM (`crm`). The connect call
 * verifies signature, expiry, user, account and CRM; anything else → 400 `invalidState`
 * 'Invalid authentication state'. Secrets are sealed at rest (crm.repo.ts) and never answered or logged.
 */
import type { AppDeps, AuthUser } from '../../lib/context';
import { HttpError, notFound, unauthorized, unprocessable } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { activeRole, assertAccountAccess, isStaff } from '../../lib/policy';
import type { DbOrTx } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';
import { findAccountById } from '../account/account.repo';
import { allFlags, userLanguage } from '../feature/feature.repo';
import { flagEnabled, type FlagRule } from '../feature/feature.policy';
import { GOOGLE_DRIVE_FLAG } from './integration.policy';
import { googleConfigured } from './integration.google';
import { hasConnection } from './integration.repo';
import { CRM_NAMES, crmAdapter } from './crm.registry';
import * as repo from './crm.repo';
import { CRM_AUTH, CrmAuthError, CrmRejectedError, FORM_INTEGRATIONS, type AccountIntegrations, type CrmDelivery, type CrmIntegration, type FormIntegration } from './crm.types';
import type { CrmAuthStart, CrmConnectBody } from './crm.schemas';

/** Purpose of the signed OAuth state (idp `signClaims`). */
export const CRM_STATE_PURPOSE = 'crm-oauth-state';
/** Lifetime of an OAuth state, seconds. */
export const CRM_STATE_TTL_SECONDS = 10 * 60;
/**
 * Attempts of one delivery job: with the queue's backoff (10 s, 40 s, 160 s, 640 s, then 15 min) 12
 * attempts span about two hours, so an outage of an hour or more loses nothing.
 */
export const CRM_DELIVERY_ATTEMPTS = 12;

/** The OAuth redirect URI registered with the vendor: `${PUBLIC_URL}/integration-callback/{type}` (an SPA route). */
export function crmRedirectUri(publicUrl: string, type: FormIntegration): string {
  return `${publicUrl}/integration-callback/${type}`;
}

const invalidState = () => new HttpError(400, 'Invalid authentication state', 'invalidState');
const featureDisabled = (type: FormIntegration) => new HttpError(403, `The ${CRM_NAMES[type]} integration is not enabled for this account.`, 'featureDisabled');
const notConfigured = (type: FormIntegration) =>
  new HttpError(409, `${CRM_NAMES[type]} is not configured on this server (see docs/integrations.md).`, 'notConfigured');
const unavailable = (type: FormIntegration) => new HttpError(502, `${CRM_NAMES[type]} could not be reached. Please try again.`, 'crmUnavailable');

/** Throws 404 (no role in the account) or 403 (Editor, Viewer) unless the caller may manage the account's integrations. */
export function assertMayManageIntegrations(user: AuthUser, accountId: number): void {
  assertAccountAccess(user, accountId);
  if (isStaff(user)) return;
  const role = activeRole(user, accountId);
  if (role !== 'Owner' && role !== 'Admin' && role !== 'Reseller') {
    throw new HttpError(403, 'Only owners, admins and resellers of the account manage its integrations.', 'forbidden');
  }
}

interface FeatureView {
  integration: boolean;
  crm: (type: FormIntegration) => boolean;
  googleDrive: boolean;
}

async function features(deps: AppDeps, user: AuthUser, accountId: number): Promise<FeatureView> {
  const language = await userLanguage(deps.db, user.id);
  if (language === undefined) throw unauthorized('User not found.');
  const flags: FlagRule[] = await allFlags(deps.db);
  const on = (name: string) =>
    flags.some((f) => f.flagType === 'dashboard' && f.name === name && flagEnabled(f, { userId: user.id, isSuperuser: user.isSuperuser, language, accountId }));
  const integration = on('integration');
  return { integration, crm: (type) => integration && on(`integration_${type}`), googleDrive: on(GOOGLE_DRIVE_FLAG) };
}

async function accountOr404(deps: AppDeps, accountId: number) {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw notFound('Account not found.');
  return account;
}

function toIntegration(deps: AppDeps, type: FormIntegration, enabled: boolean, row: repo.CrmConnectionRow | undefined): CrmIntegration {
  const adapter = crmAdapter(type);
  return {
    integrationType: type,
    auth: CRM_AUTH[type],
    enabled,
    configured: adapter ? adapter.configured(deps.env.crm) : false,
    state: row ? row.state : 'not_connected',
    details: { user: row?.details.user ?? null },
    error: row?.state === 'error' ? (row.error ?? null) : null,
    connectedAt: row ? row.createdAt.toISOString() : null,
  };
}

/**
 * `GET /account/{accountId}/integration` → the four CRMs (state, user, error, whether enabled and
 * configured) and the caller's Google Drive state. Never a secret.
 * @throws 404 account / no role; 403 Editor, Viewer.
 */
export async function listIntegrations(deps: AppDeps, user: AuthUser, accountId: number): Promise<AccountIntegrations> {
  assertMayManageIntegrations(user, accountId);
  await accountOr404(deps, accountId);
  const f = await features(deps, user, accountId);
  const rows = await repo.listConnections(deps.db, accountId);
  return {
    enabled: f.integration,
    records: FORM_INTEGRATIONS.map((type) => toIntegration(deps, type, f.crm(type), rows.find((r) => r.integrationType === type))),
    googleDrive: { enabled: f.googleDrive, configured: googleConfigured(deps.env), connected: await hasConnection(deps.db, user.id) },
  };
}

/** Rights, account, feature and adapter checks shared by start and connect. */
async function connectable(deps: AppDeps, user: AuthUser, type: FormIntegration, accountId: number) {
  assertMayManageIntegrations(user, accountId);
  const account = await accountOr404(deps, accountId);
  if (!(await features(deps, user, accountId)).crm(type)) throw featureDisabled(type);
  const adapter = crmAdapter(type);
  if (!adapter || !adapter.configured(deps.env.crm)) throw notConfigured(type);
  return { account, adapter };
}

/**
 * `POST /integration/{type}/auth/start/account/{accountId}` → `{ authorizeUrl }`: the vendor's consent
 * page with the signed state and the redirect URI `${PUBLIC_URL}/integration-callback/{type}`.
 * @throws 404 / 403 (rights), 403 featureDisabled, 409 notConfigured, 400 `notOAuth` for an API-key CRM.
 */
export async function startAuth(deps: AppDeps, user: AuthUser, type: FormIntegration, accountId: number): Promise<CrmAuthStart> {
  const { account, adapter } = await connectable(deps, user, type, accountId);
  if (adapter.auth !== 'oauth' || !adapter.authorizeUrl) throw new HttpError(400, `${CRM_NAMES[type]} connects with an API key, not a sign-in.`, 'notOAuth');
  const state = await deps.idp.signClaims(CRM_STATE_PURPOSE, { acc: account.publicId, aid: account.id, uid: user.id, crm: type }, CRM_STATE_TTL_SECONDS);
  return { authorizeUrl: adapter.authorizeUrl(deps.env.crm, { state, redirectUri: crmRedirectUri(deps.env.crm.publicUrl, type) }) };
}

/**
 * `POST /integration/{type}/auth/account/{accountId}` `{ code, state }` | `{ apiKey }` → the connected
 * `CrmIntegration`. Replaces an earlier connection (a reconnect after `error`), audits
 * `integration.connect`, and re-enqueues the deliveries that waited for it — all in one transaction.
 * @throws 404 / 403 (rights), 403 featureDisabled, 409 notConfigured; 422 `errors.code|state|apiKey`
 *   (missing, or refused by the vendor); 400 invalidState; 502 crmUnavailable (vendor unreachable).
 */
export async function connect(deps: AppDeps, user: AuthUser, type: FormIntegration, accountId: number, body: CrmConnectBody): Promise<CrmIntegration> {
  const { adapter } = await connectable(deps, user, type, accountId);
  const name = CRM_NAMES[type];
  let grant;
  try {
    if (adapter.auth === 'oauth') {
      const missing: Record<string, string> = {};
      if (!body.code) missing.code = 'code is required.';
      if (!body.state) missing.state = 'state is required.';
      if (Object.keys(missing).length) throw unprocessable('Validation failed.', missing);
      const claims = await deps.idp.verifyClaims(CRM_STATE_PURPOSE, body.state ?? '');
      if (!claims || claims.aid !== accountId || claims.uid !== user.id || claims.crm !== type) throw invalidState();
      if (!adapter.exchangeCode) throw notConfigured(type);
      grant = await adapter.exchangeCode(deps.env.crm, { code: body.code ?? '', redirectUri: crmRedirectUri(deps.env.crm.publicUrl, type) });
    } else {
      if (!body.apiKey) throw unprocessable('Validation failed.', { apiKey: 'apiKey is required.' });
      if (!adapter.verifyApiKey) throw notConfigured(type);
      grant = await adapter.verifyApiKey(deps.env.crm, body.apiKey);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const field = adapter.auth === 'oauth' ? 'code' : 'apiKey';
    if (err instanceof CrmAuthError) {
      throw unprocessable(`${name} refused the connection.`, {
        [field]: adapter.auth === 'oauth' ? `${name} did not accept the sign-in. Please try again.` : `${name} did not accept this API key. Check the key and try again.`,
      });
    }
    if (err instanceof CrmRejectedError) throw unprocessable(`${name} refused the connection.`, { [field]: err.message });
    console.warn(`[crm] ${type} connect failed: ${err instanceof Error ? err.message : String(err)}`);
    throw unavailable(type);
  }
  const details: Record<string, string> = { ...grant.details, ...(grant.user ? { user: grant.user } : {}) };
  const row = await deps.db.transaction(async (tx) => {
    const saved = await repo.upsertConnection(tx, deps.idp, { accountId, type, secret: grant.secret, details, connectedBy: user.id });
    await recordAudit(tx, {
      accountId,
      actorUserId: user.id,
      type: 'integration.connect',
      targetType: 'integration',
      targetId: saved.id,
      targetName: name,
      details: { integrationType: type, user: grant.user },
    });
    for (const d of await repo.waitingDeliveries(tx, accountId, type)) await enqueueDelivery(tx, d.id);
    return saved;
  });
  return toIntegration(deps, type, true, row);
}

/**
 * `DELETE /integration/{type}/account/{accountId}` → 204: deletes the connection (audited
 * `integration.disconnect`), then revokes its token at the vendor, best effort (failures ignored).
 * Deliveries not yet made wait; they go out if the account connects again.
 * @throws 404 / 403 (rights).
 */
export async function disconnect(deps: AppDeps, user: AuthUser, type: FormIntegration, accountId: number): Promise<void> {
  assertMayManageIntegrations(user, accountId);
  await accountOr404(deps, accountId);
  const row = await deps.db.transaction(async (tx) => {
    const deleted = await repo.deleteConnection(tx, accountId, type);
    if (deleted) {
      await recordAudit(tx, {
        accountId,
        actorUserId: user.id,
        type: 'integration.disconnect',
        targetType: 'integration',
        targetId: deleted.id,
        targetName: CRM_NAMES[type],
        details: { integrationType: type },
      });
    }
    return deleted;
  });
  const adapter = crmAdapter(type);
  if (!row || !adapter?.revoke) return;
  try {
    await adapter.revoke(deps.env.crm, await repo.openCrmSecret(deps.idp, type, row.secret));
  } catch (err) {
    console.warn(`[crm] ${type} revoke failed (ignored): ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Queues one delivery attempt chain (`crm.deliver { deliveryId }`, CRM_DELIVERY_ATTEMPTS attempts). */
export async function enqueueDelivery(tx: DbOrTx, deliveryId: number): Promise<void> {
  await enqueueJob(tx, repo.CRM_DELIVER, { deliveryId }, { maxAttempts: CRM_DELIVERY_ATTEMPTS });
}

/**
 * Called by form.service in the submission's transaction: one `crm_deliveries` row and one
 * `crm.deliver` job per enabled integration block whose CRM the bot's account has a connection to
 * (connected, or in error — then the delivery waits for the reconnect).
 * @param blocks the form action's `hubspot` / `linear` / `pipedrive` / `salesforce` blocks.
 * @returns the number of deliveries created.
 */
export async function scheduleDeliveries(
  tx: DbOrTx,
  p: { submissionRowId: number; accountId: number; blocks: Partial<Record<FormIntegration, { enabled?: boolean } | null | undefined>> },
): Promise<number> {
  const wanted = FORM_INTEGRATIONS.filter((t) => p.blocks[t]?.enabled === true);
  if (wanted.length === 0) return 0;
  const connected = new Set((await repo.listConnections(tx, p.accountId)).map((c) => c.integrationType));
  const rows = await repo.insertDeliveries(
    tx,
    wanted.filter((t) => connected.has(t)).map((integrationType) => ({ submissionId: p.submissionRowId, accountId: p.accountId, integrationType })),
  );
  for (const row of rows) await enqueueDelivery(tx, row.id);
  return rows.length;
}

/** A delivery row as the API answers it (`FormSubmission.deliveries`). */
export function toCrmDelivery(row: repo.CrmDeliveryRow): CrmDelivery {
  return {
    integrationType: row.integrationType,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    externalId: row.externalId,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    nextAttemptAt: row.state === 'retrying' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
  };
}

/**
 * `POST /bot/{id}/form-submission/{submissionId}/delivery/{type}/retry` (after the checks of the
 * route): a `failed` delivery goes back to `pending` and gets a new job chain.
 * @throws 404 no such delivery; 409 `notRetryable` when it is not failed.
 */
export async function retryDelivery(deps: AppDeps, submissionRowId: number, type: FormIntegration): Promise<CrmDelivery> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findSubmissionDelivery(tx, submissionRowId, type);
    if (!row) throw notFound(`This submission has no ${CRM_NAMES[type]} delivery.`);
    if (row.state !== 'failed') throw new HttpError(409, `Only a failed delivery can be retried (this one is ${row.state}).`, 'notRetryable');
    await repo.updateDelivery(tx, row.id, { state: 'pending', nextAttemptAt: null });
    await enqueueDelivery(tx, row.id);
    return toCrmDelivery({ ...row, state: 'pending', nextAttemptAt: null });
  });
}
