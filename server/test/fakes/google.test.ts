/**
 * The local Google fake (./google.ts) follows Google's documented behaviour where the Drive import
 * relies on it: consent-screen refusals, token endpoint errors and client authentication, refresh,
 * revocation, Drive query parsing, partial responses, Range downloads and Google's error shapes.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDriveFiles, parseDriveQuery, parseFields, startFakeGoogle, type FakeGoogle } from './google';

const MEDIA_DIR = path.resolve(import.meta.dirname, '../../../../shared/fixtures/media');
const REDIRECT = 'http://127.0.0.1:3997/oauth/google';
let g: FakeGoogle;

beforeAll(async () => {
  g = await startFakeGoogle({ files: fixtureDriveFiles(MEDIA_DIR), redirectUris: [REDIRECT] });
});
afterAll(async () => {
  await g?.close();
});

const authUrl = (over: Record<string, string> = {}) => {
  const u = new URL(g.env.GOOGLE_OAUTH_AUTH_URL);
  const p = { client_id: g.state.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'https://www.googleapis.com/auth/drive.readonly', state: 's1', access_type: 'offline', ...over };
  for (const [k, v] of Object.entries(p)) if (v !== '') u.searchParams.set(k, v);
  return u.toString();
};
const form = (o: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(o).toString() });

async function code(over: Record<string, string> = {}): Promise<string> {
  const res = await fetch(authUrl(over), { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

describe('fake Google OAuth', () => {
  it('shows error pages for a bad client, redirect_uri, response_type or scope; redirects access_denied on refusal', async () => {
    expect((await fetch(authUrl({ client_id: 'nope' }), { redirect: 'manual' })).status).toBe(401);
    expect((await fetch(authUrl({ redirect_uri: 'http://evil.example/cb' }), { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(authUrl({ response_type: 'token' }), { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(authUrl({ scope: 'drive' }), { redirect: 'manual' })).status).toBe(400);
    g.state.consent = 'deny';
    try {
      const res = await fetch(authUrl(), { redirect: 'manual' });
      const back = new URL(res.headers.get('location') ?? '');
      expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 's1' });
    } finally {
      g.state.consent = 'allow';
    }
  });

  it('exchanges a code once (body or Basic client auth), refreshes, and revokes', async () => {
    const c = await code();
    const bad = await fetch(g.env.GOOGLE_OAUTH_TOKEN_URL, form({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: g.state.clientId, client_secret: 'wrong' }));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: 'invalid_client' });
    const basic = `Basic ${Buffer.from(`${g.state.clientId}:${g.state.clientSecret}`).toString('base64')}`;
    const ok = await fetch(g.env.GOOGLE_OAUTH_TOKEN_URL, { ...form({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic } });
    const tokens = (await ok.json()) as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    const again = await fetch(g.env.GOOGLE_OAUTH_TOKEN_URL, form({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: g.state.clientId, client_secret: g.state.clientSecret }));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    // Without access_type=offline there is no refresh token.
    const online = await fetch(g.env.GOOGLE_OAUTH_TOKEN_URL, form({ grant_type: 'authorization_code', code: await code({ access_type: '' }), redirect_uri: REDIRECT, client_id: g.state.clientId, client_secret: g.state.clientSecret }));
    expect(await online.json()).not.toHaveProperty('refresh_token');

    const refreshed = await fetch(g.env.GOOGLE_OAUTH_TOKEN_URL, form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: g.state.clientId, client_secret: g.state.clientSecret }));
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect(access_token).not.toBe(tokens.access_token);

    // Revoking the access token revokes its refresh token too.
    expect((await fetch(`${g.env.GOOGLE_OAUTH_REVOKE_URL}?token=${encodeURIComponent(access_token)}`, { method: 'POST' })).status).toBe(200);
    const dead = await fetch(g.env.GOOGLE_OAUTH_TOKEN_URL, form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: g.state.clientId, client_secret: g.state.clientSecret }));
    expect(await dead.json()).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    expect((await fetch(g.env.GOOGLE_OAUTH_REVOKE_URL, form({ token: 'unknown' }))).status).toBe(400);
  });
});

describe('fake Drive v3', () => {
  let bearer: Record<string, string>;
  beforeAll(async () => {
    const res = await fetch(g.env.GOOGLE_OAUTH_TOKEN_URL, form({ grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT, client_id: g.state.clientId, client_secret: g.state.clientSecret }));
    bearer = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  });

  it('answers 401 in Google\'s error shape without a valid token', async () => {
    const res = await fetch(`${g.url}/drive/v3/files`, { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError', location: 'Authorization' }] } });
  });

  it('parses q (escapes, and), pages, sorts and filters fields; 400 for unsupported queries', async () => {
    expect(parseDriveQuery("name contains 'it\\'s \\\\ x' and trashed = false")).toEqual([
      { field: 'name', op: 'contains', value: "it's \\ x" },
      { field: 'trashed', op: '=', value: false },
    ]);
    expect(() => parseDriveQuery("fullText contains 'x'")).toThrow();
    expect(() => parseDriveQuery("name contains 'x' or name contains 'y'")).toThrow();
    expect([...parseFields('files(id,name),nextPageToken').keys()]).toEqual(['files', 'nextPageToken']);
    const q = new URLSearchParams({ q: "mimeType contains 'video/' and trashed = false", orderBy: 'modifiedTime desc', pageSize: '2', fields: 'nextPageToken,files(id,size)' });
    const first = (await (await fetch(`${g.url}/drive/v3/files?${q}`, { headers: bearer })).json()) as { files: { id: string; size: string }[]; nextPageToken: string };
    expect(first.files).toEqual([
      { id: 'gdEchoWebm0001', size: String((await readFile(path.join(MEDIA_DIR, 'echo-hereweare.webm'))).length) },
      { id: 'gdSampleMp40002', size: String((await readFile(path.join(MEDIA_DIR, 'sample.mp4'))).length) },
    ]);
    q.set('pageToken', first.nextPageToken);
    const second = (await (await fetch(`${g.url}/drive/v3/files?${q}`, { headers: bearer })).json()) as { files: { id: string }[] };
    expect(second.files.map((f) => f.id)).toEqual(['gdDirectorsCut3', 'gdDesks3gp00004']);
    const bad = await fetch(`${g.url}/drive/v3/files?q=${encodeURIComponent("name ~ 'x'")}`, { headers: bearer });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 400, errors: [{ reason: 'invalid', location: 'q' }] } });
  });

  it('gets metadata, streams bytes with Range support, and answers 404 as Google', async () => {
    const meta = await (await fetch(`${g.url}/drive/v3/files/gdSampleMp40002?fields=id,name`, { headers: bearer })).json();
    expect(meta).toEqual({ id: 'gdSampleMp40002', name: 'sample.mp4' });
    const bytes = await readFile(path.join(MEDIA_DIR, 'sample.mp4'));
    const whole = await fetch(`${g.url}/drive/v3/files/gdSampleMp40002?alt=media`, { headers: bearer });
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(`${g.url}/drive/v3/files/gdSampleMp40002?alt=media`, { headers: { ...bearer, range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    expect((await fetch(`${g.url}/drive/v3/files/gdSampleMp40002?alt=media`, { headers: { ...bearer, range: `bytes=${bytes.length}-` } })).status).toBe(416);
    const missing = await fetch(`${g.url}/drive/v3/files/nope?alt=media`, { headers: bearer });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 404, message: 'File not found: nope.', errors: [{ reason: 'notFound', location: 'fileId' }] } });
  });
});
