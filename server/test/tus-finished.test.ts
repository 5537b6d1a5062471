/**
 * A finished tus upload stays answerable (media.tus.ts, `tus_finished_uploads`; spec 001 §4 "Media
 * upload"; tus 1.0.0 HEAD "even if the upload is already considered completed"): a client that lost the
 * last answer and resumes gets 200 with Upload-Offset = Upload-Length and the Media-Id, instead of a 404
 * that makes tus-js-client create a second upload (and media row). Also: creation-with-upload of a
 * whole file answers 201 (@tus/server reads the upload back after onUploadFinish removed it, which
 * answered 404). Runs on PGlite and PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';
import { FIXTURES } from './tus-resume';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let accountId = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['owner', 'viewer']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  const res = await ctx.call('GET', '/api/account', { token: tokens.owner });
  accountId = ((await res.json()) as { records: { id: number; publicId: string }[] }).records.find((a) => a.publicId === 'demo')!.id;
});

afterAll(async () => {
  await ctx.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('HEAD of a finished tus upload', () => {
  it('creation-with-upload of a whole file answers 201; HEAD then answers complete with the Media-Id (Viewer 403), and 404 once the media is deleted', async () => {
    const file = readFileSync(path.join(FIXTURES, 'sample.mp4'));
    // creation-with-upload: the whole file in the POST, so the upload finishes in this request.
    const created = await ctx.app.request('/api/media/tus', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${tokens.owner}`,
        'Account-Id': String(accountId),
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(file.length),
        'Upload-Metadata': `name ${b64('Finished')},type ${b64('SlideVideo')},filename ${b64('finished.mp4')}`,
        'Content-Type': 'application/offset+octet-stream',
      },
      body: file,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(created.headers.get('upload-offset')).toBe(String(file.length));
    const mediaId = created.headers.get('media-id');
    expect(mediaId).toMatch(/^\d+$/);
    const location = created.headers.get('location')!;

    const head = (token: string) => ctx.app.request(location, { method: 'HEAD', headers: { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' } });
    const done = await head(tokens.owner!);
    expect(done.status).toBe(200);
    expect(done.headers.get('upload-offset')).toBe(String(file.length));
    expect(done.headers.get('upload-length')).toBe(String(file.length));
    expect(done.headers.get('media-id')).toBe(mediaId);
    expect(done.headers.get('tus-resumable')).toBe('1.0.0');
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect((await head(tokens.viewer!)).status).toBe(403);
    // An id that never existed is still 404.
    expect((await ctx.app.request(`${location.slice(0, -4)}ffff`, { method: 'HEAD', headers: { Authorization: `Bearer ${tokens.owner}`, 'Tus-Resumable': '1.0.0' } })).status).toBe(404);

    expect((await ctx.call('DELETE', `/api/media/${mediaId}`, { token: tokens.owner })).status).toBe(200);
    expect((await head(tokens.owner!)).status).toBe(404);
  });
});
