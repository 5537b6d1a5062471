/**
 * Google OAuth 2.0 and Drive v3 calls of the Google Drive import (spec 001 §2 "Google Drive import",
 * §3 "Google Drive file"; issue 5), through google-auth-library's `OAuth2Client`: it builds the
 * consent URL, exchanges the code, revokes tokens, and signs Drive requests (`client.request`),
 * refreshing the access token from the stored refresh token when it is (about to be) expired or a
 * request answers 401. Endpoints come from env (GOOGLE_OAUTH_*_URL, GOOGLE_DRIVE_API_URL) so tests use
 * the local fake (server/test/fakes/google.ts). Tokens never reach logs: errors are reduced to
 * status + Google's error code before they leave this file.
 */
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { OAuth2Client, type Credentials } from 'google-auth-library';
import type { Env } from '../../env';

/** The only scope asked for: read Drive files. */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

/** Fields of a Drive file the list answers (spec 001 §3 "Google Drive file": id, name, thumbnailLink). */
export interface DriveFileJson {
  id: string;
  name: string;
  thumbnailLink: string | null;
  mimeType: string;
  /** Bytes; null for files without stored content (Google Docs). */
  size: number | null;
  /** RFC 3339. */
  modifiedTime: string;
}

/** Metadata used by an import. */
export interface DriveFileMeta {
  id: string;
  name: string;
  mimeType: string;
  size: number | null;
}

/** A Google failure reduced to what callers decide on (never the request, which holds tokens). */
export class GoogleApiError extends Error {
  constructor(
    /** HTTP status Google answered, or 0 for a network failure. */
    readonly status: number,
    /** Google's error code (`invalid_grant`, `notFound`, …) when it sent one. */
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
  /** The grant is gone (revoked, expired refresh token) or the token is refused: the connection is dead. */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.code === 'invalid_grant' || this.code === 'no_refresh_token' || this.code === 'insufficientPermissions';
  }
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  response?: { status?: unknown; data?: unknown };
}

/** Turns whatever google-auth-library / gaxios threw into a GoogleApiError (no config, no headers). */
export function toGoogleError(err: unknown): GoogleApiError {
  if (err instanceof GoogleApiError) return err;
  const e = (err ?? {}) as ErrorLike;
  const status = typeof e.response?.status === 'number' ? e.response.status : 0;
  let code: string | null = null;
  let message = typeof e.message === 'string' ? e.message : 'Google request failed';
  let data = e.response?.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      /* not JSON */
    }
  }
  if (data && typeof data === 'object') {
    const d = data as { error?: unknown; error_description?: unknown };
    if (typeof d.error === 'string') {
      code = d.error;
      if (typeof d.error_description === 'string') message = d.error_description;
    } else if (d.error && typeof d.error === 'object') {
      const inner = d.error as { message?: unknown; errors?: { reason?: unknown }[]; status?: unknown };
      if (typeof inner.message === 'string') message = inner.message;
      const reason = inner.errors?.[0]?.reason;
      code = typeof reason === 'string' ? reason : typeof inner.status === 'string' ? inner.status : null;
    }
  }
  if (status === 0 && /No refresh token/i.test(message)) code = 'no_refresh_token';
  return new GoogleApiError(status, code, message.slice(0, 300));
}

/** Whether Google granted Drive read access (space-separated `scope` of a token answer; null = not said, assumed). */
export function grantsDriveRead(scope: string | null): boolean {
  if (scope === null) return true;
  const granted = scope.split(' ');
  return granted.includes(DRIVE_SCOPE) || granted.includes('https://www.googleapis.com/auth/drive');
}

/** Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. */
export function googleConfigured(env: Env): boolean {
  return Boolean(env.googleClientId && env.googleClientSecret);
}

/** The redirect URI registered at Google: the SPA route `/oauth/google` (spec 000 §2). */
export function googleRedirectUri(env: Env): string {
  return `${env.publicUrl}/oauth/google`;
}

/** An OAuth2Client for the configured Google client and endpoints. */
export function oauthClient(env: Env): OAuth2Client {
  return new OAuth2Client({
    clientId: env.googleClientId,
    clientSecret: env.googleClientSecret,
    redirectUri: googleRedirectUri(env),
    endpoints: { oauth2AuthBaseUrl: env.googleOAuthAuthUrl, oauth2TokenUrl: env.googleOAuthTokenUrl, oauth2RevokeUrl: env.googleOAuthRevokeUrl },
    // A 401 with an unexpired access token (revoked early) refreshes once before giving up.
    forceRefreshOnFailure: true,
  });
}

/** Google's consent URL: offline access (refresh token), consent every time, drive.readonly, our state. */
export function authorizationUrl(env: Env, state: string): string {
  return oauthClient(env).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: [DRIVE_SCOPE],
    state,
    redirect_uri: googleRedirectUri(env),
  });
}

/** Tokens as stored (db/schema.integration.ts). */
export interface StoredTokens {
  refreshToken: string | null;
  accessToken: string | null;
  accessTokenExpiresAt: Date | null;
  scope: string | null;
}

const fromCredentials = (c: Credentials): StoredTokens => ({
  refreshToken: c.refresh_token ?? null,
  accessToken: c.access_token ?? null,
  accessTokenExpiresAt: typeof c.expiry_date === 'number' ? new Date(c.expiry_date) : null,
  scope: c.scope ?? null,
});

/**
 * Exchanges an authorization code (OAuth2Client.getToken).
 * @throws GoogleApiError when Google refuses it (e.g. 400 invalid_grant) or cannot be reached.
 */
export async function exchangeCode(env: Env, code: string): Promise<StoredTokens> {
  try {
    const { tokens } = await oauthClient(env).getToken({ code, redirect_uri: googleRedirectUri(env) });
    return fromCredentials(tokens);
  } catch (err) {
    throw toGoogleError(err);
  }
}

/** Revokes a token at Google (its refresh token with it). Failures — network, already revoked — are ignored. */
export async function revokeToken(env: Env, token: string): Promise<void> {
  await oauthClient(env)
    .revokeToken(token)
    .then(
      () => undefined,
      () => undefined,
    );
}

/** A Drive client signed with a user's tokens; `onTokens` receives refreshed tokens to store. */
export class DriveClient {
  readonly #client: OAuth2Client;
  readonly #env: Env;
  readonly #pending: Promise<void>[] = [];

  constructor(env: Env, tokens: StoredTokens, onTokens: (t: StoredTokens) => Promise<void>) {
    this.#env = env;
    this.#client = oauthClient(env);
    this.#client.setCredentials({
      refresh_token: tokens.refreshToken,
      access_token: tokens.accessToken,
      expiry_date: tokens.accessTokenExpiresAt?.getTime() ?? null,
    });
    this.#client.on('tokens', (c: Credentials) => {
      this.#pending.push(onTokens(fromCredentials(c)).catch(() => undefined));
    });
  }

  async #request<T>(opts: { path: string; params?: Record<string, string | number>; stream?: boolean; signal?: AbortSignal }): Promise<T> {
    try {
      const res = await this.#client.request<T>({
        url: `${this.#env.googleDriveApiUrl}/drive/v3${opts.path}`,
        params: opts.params,
        responseType: opts.stream ? 'stream' : 'json',
        signal: opts.signal,
      });
      return res.data;
    } catch (err) {
      throw toGoogleError(err);
    } finally {
      await Promise.all(this.#pending.splice(0));
    }
  }

  /**
   * files.list: the latest 20 videos (not trashed) by modifiedTime desc, optionally whose name
   * contains `searchName` (Drive's `name contains`, quotes and backslashes escaped).
   * @throws GoogleApiError
   */
  async listVideos(searchName: string | undefined): Promise<DriveFileJson[]> {
    let q = "mimeType contains 'video/' and trashed = false";
    if (searchName) q += ` and name contains '${escapeDriveString(searchName)}'`;
    const data = await this.#request<{ files?: RawDriveFile[] }>({
      path: '/files',
      params: { q, orderBy: 'modifiedTime desc', pageSize: 20, fields: 'files(id,name,thumbnailLink,mimeType,size,modifiedTime)' },
    });
    return (data.files ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      thumbnailLink: f.thumbnailLink ?? null,
      mimeType: f.mimeType,
      size: toSize(f.size),
      modifiedTime: f.modifiedTime ?? '',
    }));
  }

  /**
   * files.get metadata (id, name, mimeType, size).
   * @returns null when Drive answers 404. @throws GoogleApiError otherwise.
   */
  async getFile(fileId: string): Promise<DriveFileMeta | null> {
    try {
      const f = await this.#request<RawDriveFile>({ path: `/files/${encodeURIComponent(fileId)}`, params: { fields: 'id,name,mimeType,size', supportsAllDrives: 'true' } });
      return { id: f.id, name: f.name, mimeType: f.mimeType, size: toSize(f.size) };
    } catch (err) {
      const e = toGoogleError(err);
      if (e.status === 404) return null;
      throw e;
    }
  }

  /**
   * files.get?alt=media streamed into `dest` (never the whole file in memory).
   * @param opts.maxBytes aborts with an Error when more bytes arrive.
   * @param opts.onProgress called with the bytes written so far, after each chunk.
   * @returns bytes written. @throws GoogleApiError for Google's answers, Error for the size limit / I/O.
   */
  async download(fileId: string, dest: string, opts: { maxBytes: number; signal?: AbortSignal; onProgress?: (bytes: number) => void }): Promise<number> {
    const body = await this.#request<unknown>({ path: `/files/${encodeURIComponent(fileId)}`, params: { alt: 'media', supportsAllDrives: 'true' }, stream: true, signal: opts.signal });
    const source = isWebStream(body) ? Readable.fromWeb(body) : body instanceof Readable ? body : null;
    if (!source) throw new Error('Google Drive answered no file body');
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        if (bytes > opts.maxBytes) cb(new Error(`the file is larger than ${Math.round(opts.maxBytes / 1024 ** 3)} GiB`));
        else {
          opts.onProgress?.(bytes);
          cb(null, chunk);
        }
      },
    });
    await pipeline(source, limit, createWriteStream(dest), { signal: opts.signal });
    return bytes;
  }
}

interface RawDriveFile {
  id: string;
  name: string;
  mimeType: string;
  size?: string | number;
  thumbnailLink?: string;
  modifiedTime?: string;
}

function toSize(size: string | number | undefined): number | null {
  if (size === undefined) return null;
  const n = Number(size);
  return Number.isFinite(n) ? n : null;
}

function isWebStream(x: unknown): x is WebReadableStream<Uint8Array> {
  return typeof x === 'object' && x !== null && typeof (x as { getReader?: unknown }).getReader === 'function';
}

/** Escapes a value for a single-quoted Drive query string: `\` → `\\`, `'` → `\'`. */
export function escapeDriveString(s: string): string {
  return s.replace(/[\\']/g, (m) => `\\${m}`);
}
