/**
 * Caching and compression of the embed paths (lib/embed-cache.ts; issue 12 architecture §7), through
 * the real app: hashed bundles immutable, stable names 5 minutes, player pages and public bot data
 * 1 minute, gzip when asked for, nothing on /files or the dashboard, errors not cached.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { cacheControlFor } from './embed-cache';

let ctx: TestContext;
let dist: string;
const bigJs = `export const x = ${JSON.stringify('vidbot '.repeat(400))};\n`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'vidbot-dist-'));
  mkdirSync(path.join(dist, 'embed', 'chunks'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vidbot</title>');
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), bigJs);
  writeFileSync(path.join(dist, 'embed', 'page.js'), bigJs);
  writeFileSync(path.join(dist, 'embed', 'page.css'), `body{color:red}${' '.repeat(2000)}`);
  writeFileSync(path.join(dist, 'embed', 'chunks', 'player-Ab12Cd34.js'), bigJs);
  ctx = await createTestContext({ DIST_DIR: dist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const gz = { headers: { 'accept-encoding': 'gzip, deflate, br' } };

describe('Cache-Control by path', () => {
  it('is decided by cacheControlFor', () => {
    expect(cacheControlFor('/embed/chunks/player-x.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/embed/assets/a-x.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/embed/page.js')).toBe('public, max-age=300');
    expect(cacheControlFor('/embed/loader.js')).toBe('public, max-age=300');
    expect(cacheControlFor('/embed/sync/abc.js')).toBe('public, max-age=60');
    expect(cacheControlFor('/v/abc')).toBe('public, max-age=60');
    expect(cacheControlFor('/e/abc')).toBe('public, max-age=60');
    expect(cacheControlFor('/ad/abc')).toBe('public, max-age=60');
    expect(cacheControlFor('/api/public/bot/abc')).toBe('public, max-age=60');
    expect(cacheControlFor('/api/bot/1')).toBeNull();
    expect(cacheControlFor('/files/x.mp4')).toBeNull();
    expect(cacheControlFor('/')).toBeNull();
  });

  it('hashed chunks are immutable, stable names 300 s, both gzip-compressed when asked for', async () => {
    const chunk = await ctx.app.request('/embed/chunks/player-Ab12Cd34.js', gz);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
    expect(chunk.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await chunk.arrayBuffer())).toString()).toBe(bigJs);

    const page = await ctx.app.request('/embed/page.js', gz);
    expect(page.headers.get('cache-control')).toBe('public, max-age=300');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const css = await ctx.app.request('/embed/page.css', gz);
    expect(css.headers.get('cache-control')).toBe('public, max-age=300');
    expect(css.headers.get('content-encoding')).toBe('gzip');

    // Without Accept-Encoding: plain.
    const plain = await ctx.app.request('/embed/page.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(bigJs);
  });

  it('the dashboard assets and a missing embed file get nothing from here', async () => {
    const asset = await ctx.app.request('/assets/index-abc.js', gz);
    expect(asset.headers.get('content-encoding')).toBeNull();
    expect(asset.headers.get('cache-control')).toBeNull();
    const missing = await ctx.app.request('/embed/nope.js', gz);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
  });

  it('public bot JSON and the player pages: 60 s and gzip; their 404s are not cached', async () => {
    const token = await ctx.signIn('owner@example.com');
    const accounts = (await (await ctx.call('GET', '/api/account?page=1&size=100', { token })).json()) as { records: { id: number; publicId: string }[] };
    const accountId = accounts.records.find((a) => a.publicId === 'demo')!.id;
    const bot = (await (await ctx.call('POST', '/api/bot', { token, body: { accountId, name: 'Cached' } })).json()) as { id: number; publicId: string };
    const content = { slides: [{ id: 1, name: 'Hello', category: 'INTRO', type: 'VIDEO', videoId: null, imageId: null, options: [] }], actions: [] };
    const saved = (await (await ctx.call('PATCH', `/api/bot/${bot.id}`, { token, body: { content } })).json()) as { botRevisionId: number };
    expect((await ctx.call('PATCH', `/api/bot/${bot.id}/revision/${saved.botRevisionId}/status`, { token, body: { status: 'Published' } })).status).toBe(200);

    const data = await ctx.app.request(`/api/public/bot/${bot.publicId}`, gz);
    expect(data.status).toBe(200);
    expect(data.headers.get('cache-control')).toBe('public, max-age=60');
    expect(data.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await data.arrayBuffer())).toString())).toMatchObject({ id: bot.id, publicId: bot.publicId });

    for (const p of [`/v/${bot.publicId}`, `/e/${bot.publicId}`]) {
      const res = await ctx.app.request(p, gz);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('<title>Cached</title>');
    }

    const missingData = await ctx.app.request('/api/public/bot/not-a-bot', gz);
    expect(missingData.status).toBe(404);
    expect(missingData.headers.get('cache-control') ?? '').not.toContain('max-age');
    const missingPage = await ctx.app.request('/v/not-a-bot', gz);
    expect(missingPage.status).toBe(404);
    expect(missingPage.headers.get('cache-control')).toBe('no-store');
  });
});
