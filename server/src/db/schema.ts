/**
 * Database schema (drizzle-orm, PostgreSQL ≥ 15 dialect; runs unchanged on PGlite).
 *
 * Entities follow spec 000 §3 (User, Account, roles, feature flags) and spec 001 §3 ({product}, Media).
 * Revisions are immutable rows (DESIGN §1b): saving a draft inserts a bot_revisions row with the next
 * revNumber; publishing marks one row Published and points `bots.published_revision_id` at it.
 * Jobs are rows of the Postgres job queue (DESIGN §1b "Every long task is a job").
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Account status, spec 000 §3. */
export type AccountStatus = 'Active' | 'Suspended';
/** Account options, spec 000 §3 (maxVideoDuration in seconds). */
export interface AccountOptions {
  maxVideoDuration?: number | null;
  disableAnalytics?: boolean;
  analyticsConsentRequired?: boolean;
}

// Migration 0016_scale_admin_lists.sql indexes it (business-name trigram and order, created_at) and counts its rows (admin_list_counts, server/src/lib/list-page.ts).
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  publicId: text('public_id').notNull().unique(),
  businessName: text('business_name').notNull(),
  status: text('status').$type<AccountStatus>().notNull().default('Active'),
  color: text('color'),
  options: jsonb('options').$type<AccountOptions>().notNull().default({}),
  billingEmail: text('billing_email'),
  phoneNumber: text('phone_number'),
  businessId: text('business_id'),
  taxId: text('tax_id'),
  address: text('address'),
  zipCode: text('zip_code'),
  country: text('country'),
  partnerId: integer('partner_id'),
  /** Business type (spec 002 §3 Account details; staff filter of admin analytics). Free text ≤ 100, or null. */
  businessType: text('business_type'),
  /** Channel the analytics page opens with (spec 002 §3 analyticsDefaultChannel); null = all channels. */
  analyticsDefaultChannel: text('analytics_default_channel').$type<'direct' | 'iframe' | 'widget' | 'slider' | 'display_ad'>(),
  /** Optional analytics columns shown (spec 002 §3 analyticsDisplayFields {email, cta, watermark_clicked}). */
  analyticsDisplayFields: jsonb('analytics_display_fields')
    .$type<{ email: boolean; cta: boolean; watermark_clicked: boolean }>()
    .notNull()
    .default({ email: true, cta: true, watermark_clicked: false }),
  /** Account profile (spec 002 §3 Profile): `appearance` {logo, chatVideo, button colours, stylesRaw} and `profile` {companyName, …}; PUT /account/{id}/profile. */
  appearance: jsonb('appearance').$type<Record<string, unknown>>().notNull().default({}),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Identity-provider user status, as Cognito names it. */
export type IdpUserStatus = 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';

// Migration 0016_scale_admin_lists.sql indexes it (e-mail trigram and lower(email), resellers) and counts its rows (admin_list_counts, server/src/lib/list-page.ts).
/**
 * Users (spec 000 §3) plus the local identity provider's credentials: an SRP salt and verifier
 * (hex strings, RFC 5054 3072-bit group), never a password. `username` is the Cognito `sub` (UUID).
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  language: text('language').$type<'en' | 'fi'>().notNull().default('en'),
  isSuperuser: boolean('is_superuser').notNull().default(false),
  isCustomerSuccess: boolean('is_customer_success').notNull().default(false),
  isReseller: boolean('is_reseller').notNull().default(false),
  external: boolean('external').notNull().default(false),
  multifactor: boolean('multifactor').notNull().default(false),
  srpSalt: text('srp_salt'),
  srpVerifier: text('srp_verifier'),
  idpStatus: text('idp_status').$type<IdpUserStatus>().notNull().default('CONFIRMED'),
  tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true, mode: 'date' }),
  /** TOTP secret (AES-256-GCM under the idp secret, server/src/idp/totp.ts) once verified. */
  totpSecret: text('totp_secret'),
  /** TOTP secret handed out by AssociateSoftwareToken, not yet verified (encrypted like totpSecret). */
  totpPendingSecret: text('totp_pending_secret'),
  /** SOFTWARE_TOKEN_MFA enabled (SetUserMFAPreference, or MFA_SETUP at sign-in). */
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The last accepted TOTP time step (unix seconds / 30): a code of this step or earlier is refused. */
  totpLastStep: integer('totp_last_step'),
  /** FriendlyDeviceName given to VerifySoftwareToken. */
  totpDeviceName: text('totp_device_name'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Role values, spec 000 §3. */
export type RoleName = 'Owner' | 'Admin' | 'Editor' | 'Viewer' | 'Reseller';
export type RoleStatus = 'Active' | 'Invited';

// Migration 0016_scale_admin_lists.sql counts its rows per account (admin_list_counts 'members', server/src/lib/list-page.ts).
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role').$type<RoleName>().notNull(),
    status: text('status').$type<RoleStatus>().notNull().default('Invited'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_user_account_uq').on(t.userId, t.accountId), index('roles_account_idx').on(t.accountId)],
);

/** Refresh tokens of the local identity provider; only a SHA-256 hash of the token is stored. */
export const idpRefreshTokens = pgTable(
  'idp_refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('idp_refresh_tokens_user_idx').on(t.userId)],
);

// Migration 0016_scale_admin_lists.sql indexes it (name trigram).
/** Feature flag, spec 000 §3. */
export const featureFlags = pgTable('feature_flags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  flagType: text('flag_type').$type<'embed' | 'dashboard'>().notNull(),
  isEveryone: boolean('is_everyone'),
  isSuperadmin: boolean('is_superadmin'),
  userIds: integer('user_ids').array().notNull().default(sql`'{}'::integer[]`),
  accountIds: integer('account_ids').array().notNull().default(sql`'{}'::integer[]`),
  languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

export type BotStatus = 'Draft' | 'Published' | 'Deactivated';
export type BotPrivacy = 'Public' | 'Private';

// List indexes (order keys, trigram name search) and the list_counts triggers: migration 0015_scale_lists.sql.
// Staff live status partial indexes, (account_id, id), and the admin_list_counts 'published_bots' / 'all_bots' triggers: migration 0018_scale_lists_fix.sql.
export const bots = pgTable(
  'bots',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<BotStatus>().notNull().default('Draft'),
    privacy: text('privacy').$type<BotPrivacy>().notNull().default('Public'),
    isStarred: boolean('is_starred').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Newest revision (draft or published). */
    latestRevisionId: integer('latest_revision_id'),
    /** The revision the player serves; null until first publish. */
    publishedRevisionId: integer('published_revision_id'),
    /**
     * When the player last loaded the published bot (`GET /public/bot/{publicId}`), written at most
     * once a minute; the source of the live status until analytics exists (issue 11; docs/api.md).
     */
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bots_account_idx').on(t.accountId, t.createdAt)],
);

export type RevisionStatus = 'Draft' | 'Published' | 'Archived';

/**
 * Immutable bot revisions. `content` holds the vidbot document (slides, actions, theme, settings;
 * spec 001 §3). Only `status` and `published_at` change after insert.
 */
// Index on bot_id: migration 0015_scale_lists.sql.
export const botRevisions = pgTable(
  'bot_revisions',
  {
    id: serial('id').primaryKey(),
    botId: integer('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    revNumber: integer('rev_number').notNull(),
    status: text('status').$type<RevisionStatus>().notNull().default('Draft'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('bot_revisions_bot_rev_uq').on(t.botId, t.revNumber)],
);

/** Media kinds, spec 000 §3. */
export type MediaKind = 'SlideVideo' | 'LogoVideo' | 'SlideImage' | 'LogoImage' | 'CoverImage' | 'ProfileImage';
export type MediaStatus = 'Draft' | 'Ready' | 'Error';
/** Media crop (spec 001 §3 "Crop"): x, y percentages 0..100, scale 0.5..5. */
export interface MediaCrop {
  x: number;
  y: number;
  scale: number;
}

/**
 * Media (spec 001 §3). Files live in storage under server-generated keys: `sourceKey` is the
 * uploaded original, `playbackKey` the browser-playable file (the original or an H.264/AAC MP4),
 * `posterKey` a JPEG frame. `duration` in seconds, `size` in bytes.
 */
// List indexes (order keys, trigram name search) and the list_counts triggers: migration 0015_scale_lists.sql.
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<MediaKind>().notNull(),
    status: text('status').$type<MediaStatus>().notNull().default('Draft'),
    errorReason: text('error_reason'),
    uploadToken: text('upload_token'),
    sourceKey: text('source_key'),
    sourceMime: text('source_mime'),
    playbackKey: text('playback_key'),
    playbackMime: text('playback_mime'),
    posterKey: text('poster_key'),
    /** Bytes; bigint because the tus maximum (2 GiB) does not fit a 32-bit integer. */
    size: bigint('size', { mode: 'number' }),
    duration: doublePrecision('duration'),
    width: integer('width'),
    height: integer('height'),
    /** Crop of spec 001 §3 (x, y in percent 0..100, scale 0.5..5); null = the default 50, 50, 1. */
    crop: jsonb('crop').$type<MediaCrop>(),
    /**
     * Set on a replacement upload (POST /media/{id}/replace, tus metadata `replaces`): the media whose
     * files this row's file takes over once Ready. Such rows are hidden from lists.
     */
    replacesId: integer('replaces_id').references((): AnyPgColumn => media.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('media_account_idx').on(t.accountId, t.createdAt)],
);

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * The Postgres job queue (DESIGN §1b). Workers claim rows with `FOR UPDATE SKIP LOCKED`; a row left
 * `running` with an expired `lockedUntil` (crash, restart) is claimed again. `progress` is 0..1.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lockedBy: text('locked_by'),
    progress: doublePrecision('progress').notNull().default(0),
    lastError: text('last_error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt)],
);
export * from './schema.audit';
export * from './schema.invitation';
export * from './schema.sso';
export * from './schema.idp';
export * from './schema.email';
export * from './schema.media';
export * from './schema.integration';
export * from './schema.tus';
export * from './schema.tag';
export * from './schema.form';
export * from './schema.analytics';
export * from './schema.widget';
export * from './schema.crm';
export * from './schema.ai';
export * from './schema.scale';
