/**
 * Single sign-on tables (spec 000 §3 "SSO config", "SSO provision"; §4 federated sign-in; issue 3).
 *
 * - `sso_configs`: one upstream OpenID Connect provider per row. `provider` is the Cognito
 *   identity-provider name the SPA passes to aws-amplify as `customProvider` (and the identity
 *   provider receives as `identity_provider`); `domain` (lower case, e.g. `sso-corp.example`) decides
 *   discovery by e-mail domain. The client secret is stored encrypted (A256GCM under the identity
 *   provider's secret; see idp/oauth/secrets.ts), never in clear.
 * - `sso_provisions`: accounts a config's users join on arrival, with the default role.
 * - `user_identities`: (provider, upstream `sub`) → user, so a returning federated user is found even
 *   if the upstream e-mail changes.
 * - `idp_oauth_codes`: authorization codes of the local identity provider's OAuth endpoints — single
 *   use, 5 minutes, bound to client, redirect_uri and PKCE challenge; only a SHA-256 hash is stored.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema';

export type SsoConfigStatus = 'active' | 'disabled';
export type SsoDefaultRole = 'Viewer' | 'Editor';

export const ssoConfigs = pgTable(
  'sso_configs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    provider: text('provider').notNull().unique(),
    status: text('status').$type<SsoConfigStatus>().notNull().default('active'),
    issuerUrl: text('issuer_url'),
    clientId: text('client_id'),
    /** `v1.<base64url JWE compact>` of the client secret; null for public clients. */
    clientSecretEnc: text('client_secret_enc'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sso_configs_domain_idx').on(t.domain)],
);

export const ssoProvisions = pgTable(
  'sso_provisions',
  {
    id: serial('id').primaryKey(),
    ssoConfigId: integer('sso_config_id').notNull().references(() => ssoConfigs.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    defaultRole: text('default_role').$type<SsoDefaultRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_provisions_config_account_uq').on(t.ssoConfigId, t.accountId)],
);

export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_uq').on(t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
);

export const idpOauthCodes = pgTable('idp_oauth_codes', {
  id: serial('id').primaryKey(),
  codeHash: text('code_hash').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scope: text('scope').notNull(),
  /** Upstream provider name the user signed in with (recorded on the ID token as `identities`). */
  provider: text('provider').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
