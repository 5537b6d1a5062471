/**
 * Google Drive integration tables (spec 001 §2 "Google Drive import", §3 "Google Drive file";
 * spec 000 §3 `User.hasGoogleDriveIntegration`; issue 5).
 *
 * - `google_drive_connections`: one Google OAuth connection per user — the refresh token (offline
 *   access, scope drive.readonly), the latest access token and its expiry. Secrets: both tokens are
 *   stored sealed (compact JWE, A256GCM under the identity provider's secret, purpose
 *   'google-drive-token'; see modules/integration/integration.repo.ts), never answered by the API and
 *   never logged.
 * - `google_oauth_states`: one-time `state` tokens of `POST /integration/google/auth/csrf`, bound to
 *   the caller, valid 10 minutes; only a SHA-256 hash (hex) of the token is stored. `used_at` is set
 *   when a callback spends it.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

export const googleDriveConnections = pgTable('google_drive_connections', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  refreshToken: text('refresh_token'),
  accessToken: text('access_token'),
  /** When `access_token` expires; null when Google did not say. */
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
  /** Space-separated scopes Google granted. */
  scope: text('scope'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const googleOauthStates = pgTable(
  'google_oauth_states',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the state token. */
    stateHash: text('state_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('google_oauth_states_user_idx').on(t.userId)],
);
