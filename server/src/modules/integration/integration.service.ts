/**
 * Google Drive import rules (spec 001 §2 "Google Drive import", §3 "Google Drive file", §7 calls;
 * spec 000 §3 `User.hasGoogleDriveIntegration`; issue 5; docs/api.md "Google Drive import"):
 * connect through Google OAuth (one-time `state` bound to the caller, 10 minutes), list the latest
 * 20 Drive videos, import one as a Draft SlideVideo whose file a `media.gdrive_import` job downloads
 * (./integration.job.ts), disconnect (revoke at Google). A connection Google no longer honours
 * (401, invalid_grant) is deleted and answered 409 `google_not_connected`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps, AuthUser } from '../../lib/context';
import { HttpError, notFound, unauthorized } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { enqueueJob } from '../../jobs/queue';
import { MAX_BYTES } from '../../media/sniff';
import { findAccountById } from '../account/account.repo';
import { allFlags, userLanguage } from '../feature/feature.repo';
import { insertMedia } from '../media/media.repo';
import { assertMediaToolsFor } from '../media/media.service';
import { authorizationUrl, DriveClient, exchangeCode, GoogleApiError, googleConfigured, grantsDriveRead, revokeToken } from './integration.google';
import { consumeOauthState, deleteConnection, getConnection, insertOauthState, updateConnectionTokens, upsertConnection } from './integration.repo';
import { assertCanImport, assertGoogleDriveFeature } from './integration.policy';
import type { CallbackBody, DriveFileList, DriveImportStarted, GoogleAuthStart, GoogleConnected } from './integration.schemas';

/** Job type of an import (payload `{ mediaId, userId, fileId }`). */
export const GDRIVE_IMPORT = 'media.gdrive_import';

/** Lifetime of an OAuth `state`, milliseconds. */
export const STATE_TTL_MS = 10 * 60_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

const notConfigured = () =>
  new HttpError(409, 'Google Drive is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).', 'google_not_configured');
const notConnected = () => new HttpError(409, 'Google Drive is not connected.', 'google_not_connected');

function assertConfigured(deps: AppDeps): void {
  if (!googleConfigured(deps.env)) throw notConfigured();
}

/**
 * `POST /integration/google/auth/csrf`: a one-time `state` (32 random bytes, base64url) bound to the
 * caller, valid 10 minutes, and Google's consent URL carrying it.
 * @throws 409 google_not_configured.
 */
export async function createAuthState(deps: AppDeps, user: AuthUser): Promise<GoogleAuthStart> {
  assertConfigured(deps);
  const state = randomBytes(32).toString('base64url');
  await insertOauthState(deps.db, user.id, hashState(state), STATE_TTL_MS);
  return { state, authorizationUrl: authorizationUrl(deps.env, state) };
}

/**
 * `POST /integration/google/auth/callback`: spends the state, exchanges the code, stores the tokens.
 * @throws 409 google_not_configured; 422 `errors.state` (unknown, another user's, used or expired
 *   state); 422 google_oauth_error (Google refused the code, or the person did not grant Drive access —
 *   the token is revoked then); 502 google_unavailable (Google unreachable).
 */
export async function completeAuth(deps: AppDeps, user: AuthUser, body: CallbackBody): Promise<GoogleConnected> {
  assertConfigured(deps);
  const spent = await consumeOauthState(deps.db, user.id, hashState(body.state));
  if (!spent) {
    throw new HttpError(422, 'The Google sign-in state is invalid or has expired. Please try again.', 'validation_error', {
      state: 'The state is unknown, already used, expired or not yours.',
    });
  }
  let tokens;
  try {
    tokens = await exchangeCode(deps.env, body.code);
  } catch (err) {
    const e = err instanceof GoogleApiError ? err : new GoogleApiError(0, null, 'Google request failed');
    if (e.status === 0 || e.status >= 500) throw new HttpError(502, 'Google could not be reached. Please try again.', 'google_unavailable');
    throw new HttpError(422, 'There was an error with Google OAuth. Please try again or contact support.', 'google_oauth_error');
  }
  if (!grantsDriveRead(tokens.scope)) {
    const granted = tokens.refreshToken ?? tokens.accessToken;
    if (granted) await revokeToken(deps.env, granted);
    throw new HttpError(422, 'Google Drive access was not granted. Please try again and allow access to your Drive files.', 'google_oauth_error');
  }
  await upsertConnection(deps.db, deps.idp, user.id, tokens);
  return { connected: true };
}

/** `POST /integration/google/auth/logout`: deletes the connection and revokes its token at Google (failures ignored). */
export async function disconnect(deps: AppDeps, user: AuthUser): Promise<void> {
  const row = await deleteConnection(deps.db, deps.idp, user.id);
  const token = row?.refreshToken ?? row?.accessToken;
  if (token && googleConfigured(deps.env)) await revokeToken(deps.env, token);
}

/**
 * Runs `fn` with a Drive client of `userId`'s connection. Refreshed tokens are stored; a dead grant
 * (401 / invalid_grant / no refresh token) deletes the connection.
 * @throws 409 google_not_connected; 502 google_drive_error for other Google failures.
 */
export async function withDrive<T>(deps: AppDeps, userId: number, fn: (client: DriveClient) => Promise<T>): Promise<T> {
  const conn = await getConnection(deps.db, deps.idp, userId);
  if (!conn) throw notConnected();
  const client = new DriveClient(deps.env, conn, (t) => updateConnectionTokens(deps.db, deps.idp, userId, t));
  try {
    return await fn(client);
  } catch (err) {
    if (err instanceof GoogleApiError) {
      if (err.isAuthFailure) {
        await deleteConnection(deps.db, deps.idp, userId);
        throw notConnected();
      }
      throw new HttpError(502, `Google Drive answered an error: ${err.message}`, 'google_drive_error');
    }
    throw err;
  }
}

/**
 * `GET /integration/google/drive/list?search_name`: the caller's latest 20 Drive videos.
 * @throws 409 google_not_configured / google_not_connected; 502 google_drive_error.
 */
export async function listDriveFiles(deps: AppDeps, user: AuthUser, searchName: string | undefined): Promise<DriveFileList> {
  assertConfigured(deps);
  return { files: await withDrive(deps, user.id, (c) => c.listVideos(searchName || undefined)) };
}

/**
 * `POST /integration/google/drive/upload/{fileId}` `{ data: { accountId } }`: creates a Draft
 * SlideVideo named after the Drive file (audited as `media.create` with `source: 'googleDrive'`) and
 * queues its `media.gdrive_import` job in the same transaction.
 * @throws 404 account (no role) / 403 Viewer; 403 feature_disabled; 409 google_not_configured;
 *   409 google_not_connected; 404 the file is not in the caller's Drive; 422 unsupported_file (not a
 *   video); 413 too_large (over 2 GiB); 422 media_tools_missing (no runnable ffmpeg; issue 10 §1).
 */
export async function importDriveFile(deps: AppDeps, user: AuthUser, fileId: string, accountId: number): Promise<DriveImportStarted> {
  assertCanImport(user, accountId);
  if (!(await findAccountById(deps.db, accountId))) throw notFound('Account not found.');
  const language = await userLanguage(deps.db, user.id);
  if (language === undefined) throw unauthorized('User not found.');
  assertGoogleDriveFeature(await allFlags(deps.db), user, language, accountId);
  assertConfigured(deps);
  assertMediaToolsFor(deps.env, 'SlideVideo');
  const meta = await withDrive(deps, user.id, (c) => c.getFile(fileId));
  if (!meta) throw notFound('File not found in Google Drive.');
  if (!meta.mimeType.startsWith('video/')) throw new HttpError(422, `"${meta.name}" is not a video file.`, 'unsupported_file');
  if (meta.size !== null && meta.size > MAX_BYTES.VIDEO) throw new HttpError(413, `The file is larger than ${MAX_BYTES.VIDEO / 1024 ** 3} GiB.`, 'too_large');
  const name = meta.name.trim().slice(0, 255) || 'Google Drive video';
  const mediaId = await deps.db.transaction(async (tx) => {
    const row = await insertMedia(tx, { accountId, name, type: 'SlideVideo', createdBy: user.id, uploadToken: null });
    await recordAudit(tx, {
      accountId,
      actorUserId: user.id,
      type: 'media.create',
      targetType: 'media',
      targetId: row.id,
      targetName: row.name,
      details: { kind: row.type, source: 'googleDrive', fileName: meta.name, size: meta.size },
    });
    await enqueueJob(tx, GDRIVE_IMPORT, { mediaId: row.id, userId: user.id, fileId: meta.id });
    return row.id;
  });
  return { mediaId };
}
