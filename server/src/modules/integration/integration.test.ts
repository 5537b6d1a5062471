/**
 * Google Drive import (spec 001 §2, §3, §7; spec 000 §3 User.hasGoogleDriveIntegration; issue 5)
 * against the local fake of Google OAuth + Drive v3 (server/test/fakes/google.ts), on PGlite and
 * PostgreSQL: the whole journey csrf → consent redirect → callback → list → upload → jobs → Ready
 * media with the fixture's bytes, and the refusals (state, roles, feature, connection, Drive errors).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createAccount, demoAccountId, userIdByEmail } from '../../../test/accounts';
import { fixtureDriveFiles, startFakeGoogle, type FakeGoogle } from '../../../test/fakes/google';
import { featureFlags, googleDriveConnections, googleOauthStates, jobs, media } from '../../db/schema';
import { runNextJob, type JobHandlers } from '../../jobs/queue';
import { mediaJobHandlers } from '../../media/process';
import { integrationJobHandlers } from './integration.job';
import { escapeDriveString } from './integration.google';
import { GDRIVE_IMPORT } from './integration.service';
import { getConnection } from './integration.repo';

const MEDIA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/media');
const PUBLIC_URL = 'http://127.0.0.1:3998';
const HANDLERS: JobHandlers = { ...integrationJobHandlers, ...mediaJobHandlers };

let fake: FakeGoogle;
let ctx: TestContext;
let demoId: number;
let otherId: number;
const tok: Record<string, string> = {};

beforeAll(async () => {
  fake = await startFakeGoogle({ files: fixtureDriveFiles(MEDIA_DIR), redirectUris: [`${PUBLIC_URL}/oauth/google`] });
  ctx = await createTestContext({
    GOOGLE_CLIENT_ID: fake.state.clientId,
    GOOGLE_CLIENT_SECRET: fake.state.clientSecret,
    PUBLIC_URL,
    ...fake.env,
  });
  demoId = await demoAccountId(ctx);
  otherId = await createAccount(ctx, 'Drive Other');
  await ctx.deps.db.insert(featureFlags).values({ name: 'integration_google_drive', flagType: 'dashboard', accountIds: [demoId] });
  for (const who of ['owner', 'editor', 'viewer', 'superadmin', 'admin']) tok[who] = await ctx.signIn(`${who}@example.com`);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const call = (method: string, url: string, token: string | undefined, body?: unknown) => ctx.call(method, url, { token, body });
async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

/** csrf → the fake's consent (auto) → code + state from the redirect. */
async function authorize(token: string): Promise<{ code: string; state: string; authorizationUrl: string }> {
  const { state, authorizationUrl } = await json<{ state: string; authorizationUrl: string }>(await call('POST', '/api/integration/google/auth/csrf', token), 200);
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/oauth/google`);
  expect(back.searchParams.get('state')).toBe(state);
  return { code: back.searchParams.get('code') ?? '', state, authorizationUrl };
}

async function connect(token: string): Promise<void> {
  const { code, state } = await authorize(token);
  expect(await json(await call('POST', '/api/integration/google/auth/callback', token, { code, state, token: 'ignored' }), 200)).toEqual({ connected: true });
}

/** The user's connection with its tokens opened (as the service sees them). */
async function connectionOf(email: string) {
  return getConnection(ctx.deps.db, ctx.deps.idp, await userIdByEmail(ctx, email));
}

/** The user's connection row as stored (tokens sealed). */
async function storedConnectionOf(email: string) {
  const userId = await userIdByEmail(ctx, email);
  const [row] = await ctx.deps.db.select().from(googleDriveConnections).where(eq(googleDriveConnections.userId, userId));
  return row ?? null;
}

const me = async (token: string) => json<{ hasGoogleDriveIntegration: boolean }>(await call('GET', '/api/user/me', token), 200);

/** Runs due jobs (import, then processing) until none is left. */
async function drainJobs(): Promise<void> {
  for (let i = 0; i < 20; i++) if (!(await runNextJob(ctx.deps, HANDLERS))) return;
}

const mediaRow = async (id: number) => (await ctx.deps.db.select().from(media).where(eq(media.id, id)))[0];

describe('Google Drive connection', () => {
  it('configures the SPA and builds Google\'s consent URL with a one-time state', async () => {
    const config = await json<{ googleDrive: boolean }>(await call('GET', '/api/config', undefined), 200);
    expect(config.googleDrive).toBe(true);
    const { authorizationUrl, state } = await json<{ state: string; authorizationUrl: string }>(await call('POST', '/api/integration/google/auth/csrf', tok.editor), 200);
    const u = new URL(authorizationUrl);
    expect(`${u.origin}${u.pathname}`).toBe(fake.env.GOOGLE_OAUTH_AUTH_URL);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      client_id: fake.state.clientId,
      redirect_uri: `${PUBLIC_URL}/oauth/google`,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      scope: 'https://www.googleapis.com/auth/drive.readonly',
      state,
    });
    // Only a hash of the state is stored.
    const rows = await ctx.deps.db.select().from(googleOauthStates);
    expect(rows.some((r) => r.stateHash === createHash('sha256').update(state).digest('hex'))).toBe(true);
    expect(rows.some((r) => r.stateHash === state)).toBe(false);
  });

  it('connects through the callback; User.hasGoogleDriveIntegration follows; tokens stay out of answers', async () => {
    expect((await me(tok.editor!)).hasGoogleDriveIntegration).toBe(false);
    const { code, state } = await authorize(tok.editor!);
    const res = await call('POST', '/api/integration/google/auth/callback', tok.editor, { code, state });
    const text = await res.clone().text();
    expect(res.status).toBe(200);
    const row = await connectionOf('editor@example.com');
    expect(row?.refreshToken).toMatch(/^1\/\/0g/);
    expect(row?.accessToken).toMatch(/^ya29\./);
    expect(row?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    // At rest the tokens are sealed (compact JWE), never the plain values.
    const stored = await storedConnectionOf('editor@example.com');
    expect(stored?.refreshToken).toMatch(/^eyJ[\w-]*\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored?.refreshToken).not.toContain(row!.refreshToken!);
    expect(stored?.accessToken).not.toContain(row!.accessToken!);
    expect(text).not.toContain(row?.refreshToken ?? 'x');
    expect(text).not.toContain(row?.accessToken ?? 'x');
    const user = await me(tok.editor!);
    expect(user.hasGoogleDriveIntegration).toBe(true);
    expect(JSON.stringify(user)).not.toContain(row?.refreshToken ?? 'x');
    expect(fake.state.tokenRequests.at(-1)).toEqual({ grantType: 'authorization_code', ok: true });
  });

  it('refuses a reused, expired, unknown or another user\'s state (422 errors.state)', async () => {
    const { code, state } = await authorize(tok.admin!);
    // Another user's state.
    const foreign = await json<{ errors: Record<string, string> }>(await call('POST', '/api/integration/google/auth/callback', tok.owner, { code, state }), 422);
    expect(foreign.errors).toHaveProperty('state');
    // The owner of the state can still use it once…
    await json(await call('POST', '/api/integration/google/auth/callback', tok.admin, { code, state }), 200);
    // …but not twice.
    const reused = await json<{ errors: Record<string, string> }>(await call('POST', '/api/integration/google/auth/callback', tok.admin, { code, state }), 422);
    expect(reused.errors).toHaveProperty('state');
    // Expired (older than 10 minutes).
    const next = await authorize(tok.owner!);
    await ctx.deps.db.update(googleOauthStates).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(googleOauthStates.stateHash, createHash('sha256').update(next.state).digest('hex')));
    const expired = await json<{ errors: Record<string, string> }>(await call('POST', '/api/integration/google/auth/callback', tok.owner, { code: next.code, state: next.state }), 422);
    expect(expired.errors).toHaveProperty('state');
    expect(await connectionOf('owner@example.com')).toBeNull();
    const unknown = await json<{ errors: Record<string, string> }>(await call('POST', '/api/integration/google/auth/callback', tok.owner, { code: 'x', state: 'never-issued' }), 422);
    expect(unknown.errors).toHaveProperty('state');
    // Missing fields and unknown keys are validation errors.
    const bad = await json<{ errors: Record<string, string> }>(await call('POST', '/api/integration/google/auth/callback', tok.owner, { state: 'x', extra: 1 }), 422);
    expect(Object.keys(bad.errors)).toContain('code');
  });

  it('answers google_oauth_error when Google refuses the code', async () => {
    const { code, state } = await authorize(tok.owner!);
    const refused = await json<{ code: string }>(await call('POST', '/api/integration/google/auth/callback', tok.owner, { code: `${code}-forged`, state }), 422);
    expect(refused.code).toBe('google_oauth_error');
    expect(fake.state.tokenRequests.at(-1)).toEqual({ grantType: 'authorization_code', ok: false });
    expect(await connectionOf('owner@example.com')).toBeNull();
  });

  it('refuses a consent without Drive access (granular consent) and revokes what was granted', async () => {
    fake.state.grantOnly = ['openid'];
    try {
      const { code, state } = await authorize(tok.owner!);
      const refused = await json<{ code: string; detail: string }>(await call('POST', '/api/integration/google/auth/callback', tok.owner, { code, state }), 422);
      expect(refused.code).toBe('google_oauth_error');
      expect(refused.detail).toMatch(/Drive access was not granted/);
    } finally {
      fake.state.grantOnly = null;
    }
    expect(await connectionOf('owner@example.com')).toBeNull();
    const lastRevoked = fake.state.revokedTokens.at(-1);
    expect(lastRevoked && fake.state.refreshTokens.get(lastRevoked)?.revoked).toBe(true);
  });
});

describe('Google Drive list', () => {
  it('lists the latest 20 videos (no images, no trash), newest first, with thumbnails', async () => {
    const { files } = await json<{ files: { id: string; name: string; thumbnailLink: string | null; mimeType: string; size: number | null; modifiedTime: string }[] }>(
      await call('GET', '/api/integration/google/drive/list', tok.editor),
      200,
    );
    expect(files.map((f) => f.name)).toEqual(['echo-hereweare.webm', 'sample.mp4', "Director's cut.mkv", 'video_desks.3gp', 'sample.avi', 'not really a video.mp4']);
    const echo = files[0]!;
    expect(echo).toEqual({
      id: 'gdEchoWebm0001',
      name: 'echo-hereweare.webm',
      mimeType: 'video/webm',
      size: (await readFile(path.join(MEDIA_DIR, 'echo-hereweare.webm'))).length,
      modifiedTime: '2026-11-21T10:00:00.000Z',
      thumbnailLink: `${fake.url}/thumbnails/gdEchoWebm0001`,
    });
    expect(files[2]?.thumbnailLink).toBeNull();
    const thumb = await fetch(echo.thumbnailLink ?? '');
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const sent = fake.state.driveRequests.at(-1)!;
    expect(sent.query).toEqual({
      q: "mimeType contains 'video/' and trashed = false",
      orderBy: 'modifiedTime desc',
      pageSize: '20',
      fields: 'files(id,name,thumbnailLink,mimeType,size,modifiedTime)',
    });
  });

  it('filters by search_name (Drive name contains, quotes escaped)', async () => {
    const names = async (q: string) =>
      (await json<{ files: { name: string }[] }>(await call('GET', `/api/integration/google/drive/list?search_name=${encodeURIComponent(q)}`, tok.editor), 200)).files.map((f) => f.name);
    expect(await names('sample')).toEqual(['sample.mp4', 'sample.avi']);
    expect(await names("director's")).toEqual(["Director's cut.mkv"]);
    expect(fake.state.driveRequests.at(-1)?.query.q).toBe("mimeType contains 'video/' and trashed = false and name contains 'director\\'s'");
    expect(await names("it's \\ nothing")).toEqual([]);
    expect(escapeDriveString("a'b\\c")).toBe("a\\'b\\\\c");
  });

  it('refreshes an expired access token with the refresh token and stores the new one', async () => {
    const before = await connectionOf('editor@example.com');
    await ctx.deps.db.update(googleDriveConnections).set({ accessTokenExpiresAt: new Date(Date.now() - 60_000) }).where(eq(googleDriveConnections.userId, before!.userId));
    fake.state.expireAccessTokens();
    const refreshesBefore = fake.state.tokenRequests.filter((r) => r.grantType === 'refresh_token' && r.ok).length;
    await json(await call('GET', '/api/integration/google/drive/list', tok.editor), 200);
    expect(fake.state.tokenRequests.filter((r) => r.grantType === 'refresh_token' && r.ok).length).toBe(refreshesBefore + 1);
    const after = await connectionOf('editor@example.com');
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.refreshToken).toBe(before?.refreshToken);
    expect(after?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
  });

  it('answers 409 google_not_connected without a connection', async () => {
    const res = await json<{ code: string }>(await call('GET', '/api/integration/google/drive/list', tok.viewer), 409);
    expect(res.code).toBe('google_not_connected');
  });
});

describe('Google Drive upload', () => {
  it('imports a file: Draft media at once, then the job downloads it into the upload path → Ready with the same bytes', async () => {
    const accepted = await json<{ mediaId: number }>(
      await call('POST', '/api/integration/google/drive/upload/gdEchoWebm0001', tok.editor, { data: { accountId: demoId } }),
      202,
    );
    const draft = await json<{ status: string; name: string; type: string; accountId: number }>(await call('GET', `/api/media/${accepted.mediaId}`, tok.editor), 200);
    expect(draft).toMatchObject({ status: 'Draft', name: 'echo-hereweare.webm', type: 'SlideVideo', accountId: demoId });
    const [job] = await ctx.deps.db.select().from(jobs).where(eq(jobs.type, GDRIVE_IMPORT));
    expect(job?.payload).toEqual({ mediaId: accepted.mediaId, userId: await userIdByEmail(ctx, 'editor@example.com'), fileId: 'gdEchoWebm0001' });

    await drainJobs();
    const ready = await json<{ status: string; url: string | null; duration: number | null; errorReason: string | null }>(await call('GET', `/api/media/${accepted.mediaId}`, tok.editor), 200);
    expect(ready.errorReason).toBeNull();
    expect(ready.status).toBe('Ready');
    expect(ready.duration).toBeGreaterThan(40);
    expect(fake.state.driveRequests.some((r) => r.path === '/drive/v3/files/gdEchoWebm0001' && r.query.alt === 'media')).toBe(true);
    const row = await mediaRow(accepted.mediaId);
    const stored = await ctx.deps.storage.withLocalPath(row!.sourceKey!, (p) => readFile(p));
    const source = await readFile(path.join(MEDIA_DIR, 'echo-hereweare.webm'));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(source).digest('hex'));

    // Idempotent: the same job again (e.g. after a restart) leaves the media as it is.
    await ctx.deps.db.insert(jobs).values({ type: GDRIVE_IMPORT, payload: { mediaId: accepted.mediaId, userId: row!.createdBy, fileId: 'gdEchoWebm0001' } });
    const again = await runNextJob(ctx.deps, HANDLERS);
    expect(again?.status).toBe('done');
    expect(again?.result).toEqual({ skipped: 'already imported' });
    expect((await mediaRow(accepted.mediaId))?.sourceKey).toBe(row!.sourceKey);
  }, 120_000);

  it('runs a job interrupted by a restart again (expired lease, leftover temp files)', async () => {
    const { mediaId } = await json<{ mediaId: number }>(await call('POST', '/api/integration/google/drive/upload/gdSampleMp40002', tok.editor, { data: { accountId: demoId } }), 202);
    // A worker claimed it and died: running, lease expired.
    await ctx.deps.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedUntil: sql`now() - interval '1 second'` })
      .where(sql`${jobs.type} = ${GDRIVE_IMPORT} AND ${jobs.payload} ->> 'mediaId' = ${String(mediaId)}`);
    await drainJobs();
    const row = await mediaRow(mediaId);
    expect(row?.status).toBe('Ready');
    const stored = await ctx.deps.storage.withLocalPath(row!.sourceKey!, (p) => readFile(p));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(await readFile(path.join(MEDIA_DIR, 'sample.mp4'))).digest('hex'));
  }, 120_000);

  it('sets Error with the reason for a file refused by magic bytes', async () => {
    const { mediaId } = await json<{ mediaId: number }>(await call('POST', '/api/integration/google/drive/upload/gdNotAVideo0006', tok.editor, { data: { accountId: demoId } }), 202);
    await drainJobs();
    const row = await json<{ status: string; errorReason: string }>(await call('GET', `/api/media/${mediaId}`, tok.editor), 200);
    expect(row.status).toBe('Error');
    expect(row.errorReason).toMatch(/"not really a video\.mp4" is not a supported video file/);
  });

  it('sets Error when the download fails (file gone from Drive after the import was queued)', async () => {
    const { mediaId } = await json<{ mediaId: number }>(await call('POST', '/api/integration/google/drive/upload/gdDesks3gp00004', tok.editor, { data: { accountId: demoId } }), 202);
    const i = fake.state.files.findIndex((f) => f.id === 'gdDesks3gp00004');
    const [removed] = fake.state.files.splice(i, 1);
    try {
      await drainJobs();
    } finally {
      fake.state.files.splice(i, 0, removed!);
    }
    const row = await json<{ status: string; errorReason: string }>(await call('GET', `/api/media/${mediaId}`, tok.editor), 200);
    expect(row.status).toBe('Error');
    expect(row.errorReason).toBe('Importing "video_desks.3gp" from Google Drive failed: the file was not found in Google Drive.');
  });

  it('answers 404 for a file that is not in Drive, 422 for a non-video and a bad body', async () => {
    const missing = await call('POST', '/api/integration/google/drive/upload/gdNoSuchFile99', tok.editor, { data: { accountId: demoId } });
    expect(missing.status).toBe(404);
    expect((await json<{ code: string }>(await call('POST', '/api/integration/google/drive/upload/gdPosterJpg0007', tok.editor, { data: { accountId: demoId } }), 422)).code).toBe('unsupported_file');
    const bad = await json<{ errors: Record<string, string> }>(await call('POST', '/api/integration/google/drive/upload/gdEchoWebm0001', tok.editor, { data: { accountId: 'x' } }), 422);
    expect(bad.errors).toHaveProperty('data.accountId');
    expect((await call('POST', '/api/integration/google/drive/upload/bad%20id', tok.editor, { data: { accountId: demoId } })).status).toBe(422);
    expect((await ctx.deps.db.select().from(media).where(eq(media.name, 'poster.jpg'))).length).toBe(0);
  });

  it('applies the media upload rule and the feature flag: Viewer 403, other account 404, feature off 403, not connected 409', async () => {
    const upload = (token: string | undefined, accountId: number) => call('POST', '/api/integration/google/drive/upload/gdEchoWebm0001', token, { data: { accountId } });
    expect((await json<{ code: string }>(await upload(tok.viewer, demoId), 403)).code).toBe('forbidden');
    expect((await upload(tok.editor, otherId)).status).toBe(404);
    // Staff may use every account, but the feature is on only for the demo account.
    expect((await json<{ code: string }>(await upload(tok.superadmin, otherId), 403)).code).toBe('feature_disabled');
    expect((await json<{ code: string }>(await upload(tok.owner, demoId), 409)).code).toBe('google_not_connected');
    expect((await upload(undefined, demoId)).status).toBe(401);
  });
});

describe('Google Drive tokens at rest', () => {
  it('treats tokens that no longer open (sealed under a replaced key, or tampered) as not connected', async () => {
    await connect(tok.owner!);
    const userId = await userIdByEmail(ctx, 'owner@example.com');
    await ctx.deps.db.update(googleDriveConnections).set({ refreshToken: 'plain-or-foreign', accessToken: null }).where(eq(googleDriveConnections.userId, userId));
    expect((await json<{ code: string }>(await call('GET', '/api/integration/google/drive/list', tok.owner), 409)).code).toBe('google_not_connected');
    // Connecting again replaces the unusable row.
    await connect(tok.owner!);
    expect((await call('GET', '/api/integration/google/drive/list', tok.owner)).status).toBe(200);
    expect((await call('POST', '/api/integration/google/auth/logout', tok.owner)).status).toBe(204);
  });
});

describe('Google Drive access revoked and logout', () => {
  it('deletes a connection Google no longer honours (invalid_grant) and answers 409', async () => {
    await connect(tok.owner!);
    expect((await me(tok.owner!)).hasGoogleDriveIntegration).toBe(true);
    // The user removed the app's access in their Google account.
    const row = await connectionOf('owner@example.com');
    fake.state.refreshTokens.get(row!.refreshToken!)!.revoked = true;
    for (const t of fake.state.accessTokens.values()) if (t.refreshToken === row!.refreshToken) t.revoked = true;
    const res = await json<{ code: string }>(await call('GET', '/api/integration/google/drive/list', tok.owner), 409);
    expect(res.code).toBe('google_not_connected');
    expect(fake.state.tokenRequests.at(-1)).toEqual({ grantType: 'refresh_token', ok: false });
    expect(await connectionOf('owner@example.com')).toBeNull();
    expect((await me(tok.owner!)).hasGoogleDriveIntegration).toBe(false);
  });

  it('logout revokes the token at Google and removes the connection', async () => {
    await connect(tok.owner!);
    const row = await connectionOf('owner@example.com');
    const res = await call('POST', '/api/integration/google/auth/logout', tok.owner);
    expect(res.status).toBe(204);
    expect(fake.state.revokedTokens).toContain(row!.refreshToken);
    expect(fake.state.refreshTokens.get(row!.refreshToken!)?.revoked).toBe(true);
    expect(await connectionOf('owner@example.com')).toBeNull();
    expect((await me(tok.owner!)).hasGoogleDriveIntegration).toBe(false);
    expect((await call('GET', '/api/integration/google/drive/list', tok.owner)).status).toBe(409);
    // Logging out again (nothing to revoke) still answers 204.
    expect((await call('POST', '/api/integration/google/auth/logout', tok.owner)).status).toBe(204);
  });
});

describe('without a Google client', () => {
  it('answers 409 google_not_configured and config.googleDrive false', async () => {
    const bare = await createTestContext();
    try {
      const t = await bare.signIn('editor@example.com');
      expect(((await (await bare.call('GET', '/api/config')).json()) as { googleDrive: boolean }).googleDrive).toBe(false);
      const csrf = await bare.call('POST', '/api/integration/google/auth/csrf', { token: t });
      expect(csrf.status).toBe(409);
      expect(((await csrf.json()) as { code: string }).code).toBe('google_not_configured');
      expect((await bare.call('GET', '/api/integration/google/drive/list', { token: t })).status).toBe(409);
    } finally {
      await bare.close();
    }
  });
});
