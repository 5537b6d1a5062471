/** SQL of the SSO module (sso_configs, sso_provisions, user_identities; spec 000 §3). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, ssoConfigs, ssoProvisions, userIdentities } from '../../db/schema';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export interface ProvisionRow {
  id: number;
  ssoConfigId: number;
  accountId: number;
  businessName: string;
  defaultRole: 'Viewer' | 'Editor';
}

export async function listConfigs(db: Db): Promise<SsoConfigRow[]> {
  return db.select().from(ssoConfigs).orderBy(asc(ssoConfigs.name), asc(ssoConfigs.id));
}

export async function findConfig(db: Db, id: number): Promise<SsoConfigRow | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.id, id)).limit(1);
  return row ?? null;
}

/** The active config serving an e-mail domain (lower case) with an upstream configured, else null. */
export async function findActiveConfigByDomain(db: Db, domain: string): Promise<SsoConfigRow | null> {
  const rows = await db
    .select()
    .from(ssoConfigs)
    .where(and(eq(ssoConfigs.domain, domain), eq(ssoConfigs.status, 'active')))
    .orderBy(asc(ssoConfigs.id));
  return rows.find((r) => r.issuerUrl && r.clientId) ?? null;
}

/** Provisions with account names for the given configs. */
export async function provisionsOf(db: Db, configIds: number[]): Promise<ProvisionRow[]> {
  if (configIds.length === 0) return [];
  return db
    .select({
      id: ssoProvisions.id,
      ssoConfigId: ssoProvisions.ssoConfigId,
      accountId: ssoProvisions.accountId,
      businessName: accounts.businessName,
      defaultRole: ssoProvisions.defaultRole,
    })
    .from(ssoProvisions)
    .innerJoin(accounts, eq(accounts.id, ssoProvisions.accountId))
    .where(inArray(ssoProvisions.ssoConfigId, configIds))
    .orderBy(asc(accounts.businessName), asc(ssoProvisions.id));
}

/** Providers of a user's federated identities. */
export async function identityProvidersOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ provider: userIdentities.provider }).from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(asc(userIdentities.id));
  return [...new Set(rows.map((r) => r.provider))];
}

/**
 * A user's Google identities as `User.userIntegrations` entries (spec 000 §3 userIntegrations:
 * id, integrationType, identifier; §2 "set up MFA hidden for users with a Google identity"):
 * `{ id: <user_identities id>, integrationType: 'google', identifier: <Google sub> }`.
 */
export async function googleIdentityIntegrations(db: Db, userId: number): Promise<{ id: number; integrationType: 'google'; identifier: string }[]> {
  const rows = await db
    .select({ id: userIdentities.id, subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, 'Google')))
    .orderBy(asc(userIdentities.id));
  return rows.map((r) => ({ id: r.id, integrationType: 'google' as const, identifier: r.subject }));
}
