/**
 * SSO rules (spec 000 §3 SSO config / provision, §4 SSO login, §5, §7; issue 3):
 * - config CRUD for superusers: provider names and domains are unique (409), client secrets are
 *   stored encrypted and never answered (only `hasClientSecret`);
 * - provision: (config, account) → default role, created or updated;
 * - discovery: e-mail → the active, fully configured config of its domain → `{ ssoProvider }`, else
 *   404 `ssoProviderNotFound`;
 * - finalize: the signed-in user (after an OAuth redirect sign-in) with roles and identities.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, ssoConfigs, ssoProvisions } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../lib/context';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { getMe } from '../user/user.service';
import { assertCanManageSso } from './sso.policy';
import { findActiveConfigByDomain, findConfig, identityProvidersOf, listConfigs, provisionsOf, type SsoConfigRow } from './sso.repo';
import type { CreateSsoConfigBody, FinalizedUser, PatchSsoConfigBody, ProvisionBody, SsoConfig, SsoDiscovery } from './sso.schemas';

async function toDtos(db: Db, rows: SsoConfigRow[]): Promise<SsoConfig[]> {
  const provisions = await provisionsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    domain: r.domain,
    provider: r.provider,
    status: r.status,
    issuerUrl: r.issuerUrl,
    clientId: r.clientId,
    hasClientSecret: r.clientSecretEnc !== null,
    createdAt: r.createdAt.toISOString(),
    ssoProvisions: provisions
      .filter((p) => p.ssoConfigId === r.id)
      .map((p) => ({ id: p.id, accountId: p.accountId, account: { businessName: p.businessName }, defaultRole: p.defaultRole })),
  }));
}

async function dtoOf(db: Db, id: number): Promise<SsoConfig> {
  const row = await findConfig(db, id);
  if (!row) throw notFound('SSO config not found.');
  const [dto] = await toDtos(db, [row]);
  if (!dto) throw notFound('SSO config not found.');
  return dto;
}

async function assertUnique(db: Db, fields: { provider?: string; domain?: string }, exceptId: number | null): Promise<void> {
  if (fields.provider) {
    const [p] = await db.select({ id: ssoConfigs.id }).from(ssoConfigs).where(sql`lower(${ssoConfigs.provider}) = ${fields.provider.toLowerCase()}`);
    if (p && p.id !== exceptId) throw conflict(`The provider ${fields.provider} is already used by another SSO config.`, 'ssoProviderExists');
  }
  if (fields.domain) {
    const [d] = await db.select({ id: ssoConfigs.id }).from(ssoConfigs).where(eq(ssoConfigs.domain, fields.domain));
    if (d && d.id !== exceptId) throw conflict(`The domain ${fields.domain} already has an SSO config.`, 'ssoDomainExists');
  }
}

/** GET /sso/config: every config with provisions (superusers). */
export async function listSsoConfigs(deps: AppDeps, user: AuthUser): Promise<SsoConfig[]> {
  assertCanManageSso(user);
  return toDtos(deps.db, await listConfigs(deps.db));
}

/** GET /sso/config/{id}. 404 when missing. */
export async function getSsoConfig(deps: AppDeps, user: AuthUser, id: number): Promise<SsoConfig> {
  assertCanManageSso(user);
  return dtoOf(deps.db, id);
}

/** POST /sso/config → 201 config. 409 duplicate provider or domain. */
export async function createSsoConfig(deps: AppDeps, user: AuthUser, body: CreateSsoConfigBody): Promise<SsoConfig> {
  assertCanManageSso(user);
  await assertUnique(deps.db, body, null);
  const clientSecretEnc = body.clientSecret ? await deps.idp.sealClientSecret(body.clientSecret) : null;
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(ssoConfigs)
      .values({
        name: body.name,
        domain: body.domain,
        provider: body.provider,
        status: body.status,
        issuerUrl: body.issuerUrl ?? null,
        clientId: body.clientId ?? null,
        clientSecretEnc,
      })
      .returning();
    if (!created) throw new HttpError(500, 'Error creating SSO Config');
    await recordAudit(tx, { accountId: null, actorUserId: user.id, type: 'sso.create', targetType: 'sso_config', targetId: created.id, targetName: created.name, details: { domain: created.domain, provider: created.provider } });
    return created;
  });
  return dtoOf(deps.db, row.id);
}

/** PATCH /sso/config/{id}: status and upstream settings; `clientSecret: null` removes the secret. */
export async function patchSsoConfig(deps: AppDeps, user: AuthUser, id: number, body: PatchSsoConfigBody): Promise<SsoConfig> {
  assertCanManageSso(user);
  if (!(await findConfig(deps.db, id))) throw notFound('SSO config not found.');
  await assertUnique(deps.db, { domain: body.domain }, id);
  const set: Partial<typeof ssoConfigs.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.domain !== undefined) set.domain = body.domain;
  if (body.status !== undefined) set.status = body.status;
  if (body.issuerUrl !== undefined) set.issuerUrl = body.issuerUrl;
  if (body.clientId !== undefined) set.clientId = body.clientId;
  if (body.clientSecret !== undefined) set.clientSecretEnc = body.clientSecret ? await deps.idp.sealClientSecret(body.clientSecret) : null;
  if (Object.keys(set).length > 0) {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.update(ssoConfigs).set(set).where(eq(ssoConfigs.id, id)).returning();
      // field names only: never the client secret
      await recordAudit(tx, { accountId: null, actorUserId: user.id, type: 'sso.update', targetType: 'sso_config', targetId: id, targetName: row?.name ?? null, details: { fields: Object.keys(set) } });
    });
  }
  return dtoOf(deps.db, id);
}

/** POST /sso/config/{id}/provision → 201 config: creates or updates the account's default role. 404 config/account. */
export async function provisionSsoConfig(deps: AppDeps, user: AuthUser, id: number, body: ProvisionBody): Promise<SsoConfig> {
  assertCanManageSso(user);
  if (!(await findConfig(deps.db, id))) throw notFound('SSO config not found.');
  const [account] = await deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, body.accountId)).limit(1);
  if (!account) throw notFound('Account not found.');
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(ssoProvisions)
      .values({ ssoConfigId: id, accountId: body.accountId, defaultRole: body.defaultRole })
      .onConflictDoUpdate({ target: [ssoProvisions.ssoConfigId, ssoProvisions.accountId], set: { defaultRole: body.defaultRole } });
    await recordAudit(tx, { accountId: body.accountId, actorUserId: user.id, type: 'sso.provision', targetType: 'sso_config', targetId: id, details: { defaultRole: body.defaultRole } });
  });
  return dtoOf(deps.db, id);
}

/** POST /auth/sso/discover: `{ ssoProvider }` for the e-mail's domain; 404 `ssoProviderNotFound`. */
export async function discoverSsoProvider(deps: AppDeps, email: string): Promise<SsoDiscovery> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const config = await findActiveConfigByDomain(deps.db, domain);
  if (!config) throw new HttpError(404, 'No SSO provider found for this e-mail address.', 'ssoProviderNotFound');
  return { ssoProvider: config.provider };
}

/** POST /auth/finalize: the caller (`User` of GET /user/me) plus `identities: [{ provider }]`. */
export async function finalizeSignIn(deps: AppDeps, user: AuthUser): Promise<FinalizedUser> {
  const me = await getMe(deps.db, user);
  const providers = await identityProvidersOf(deps.db, user.id);
  return { ...me, createdAt: new Date(me.createdAt).toISOString(), identities: providers.map((provider) => ({ provider })) };
}
