/**
 * The demo account's sample vidbot (issue 10 §2 "First impression"; server/src/db/sample.ts): a real
 * first start (`startServer` on a fresh DATA_DIR — PGlite — or a fresh PostgreSQL database with
 * SEED_DEMO=1) with the media worker running real ffmpeg, read back through the API a newcomer's
 * browser uses; a restart; and the ways it can fail without stopping the start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { compileVidbot, type VidbotEvent } from '../../machines/vidbot/vidbot.machine';
import { analyzeVidbot, vidbotShortestPaths } from '../../machines/vidbot/vidbot.analysis';
import type { PlayerBot } from '../../machines/vidbot/vidbot.types';
import { createActor } from 'xstate';
import { openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed';
import { accounts, auditEvents, bots, emailOutbox, jobs, media, users } from '../src/db/schema';
import { MEDIA_SWEEP } from '../src/media/sweep';
import { SAMPLE_ACTIONS, SAMPLE_BOT_NAME, SAMPLE_SLIDES } from '../src/db/sample.content';
import { SAMPLE_CAROUSEL_NAME, type SampleSeedOptions } from '../src/db/sample';
import { loadEnv } from '../src/env';
import { createIdp } from '../src/idp';
import { LocalStorage } from '../src/media/storage';
import { startServer, type RunningServer } from '../src/server';
import { createPgDatabase, dbVariant } from './harness';

interface MediaJson {
  id: number;
  name: string;
  type: string;
  status: 'Draft' | 'Ready' | 'Error';
  url: string | null;
  thumbnailUrl: string | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  errorReason: string | null;
}
interface BotListJson {
  records: { id: number; publicId: string; name: string; status: string; revisionStatus: string; posterUrl: string | null; slideCount: number; author: { email: string } | null }[];
  metadata: { totalCount: number };
}

/** A fresh place for one server: a DATA_DIR, and on the postgres variant a fresh database. */
async function freshPlace(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-sample-'));
  const pg = dbVariant === 'postgres' ? await createPgDatabase() : undefined;
  return {
    env: { DATA_DIR: dataDir, PORT: '0', JOB_CONCURRENCY: '1', ...(pg ? { DATABASE_URL: pg.url, SEED_DEMO: '1' } : { DATABASE_URL: '' }) },
    async drop() {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function ownerToken(url: string): Promise<string> {
  const res = await fetch(`${url}/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'vidbotlocalclient', AuthParameters: { USERNAME: 'owner@example.com', PASSWORD: DEMO_PASSWORD } }),
  });
  const json = (await res.json()) as { AuthenticationResult: { IdToken: string } };
  return json.AuthenticationResult.IdToken;
}

async function getJson<T>(url: string, token?: string): Promise<T> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

/** Polls the account's media until none is Draft (the media worker finished); resolves with them. */
async function settledMedia(url: string, token: string, accountId: number): Promise<MediaJson[]> {
  const until = Date.now() + 50_000;
  for (;;) {
    const list = await getJson<{ records: MediaJson[] }>(`${url}/api/media?account_id=${accountId}&size=100`, token);
    if (list.records.length > 0 && list.records.every((m) => m.status !== 'Draft')) return list.records;
    if (Date.now() > until) throw new Error(`media still processing: ${JSON.stringify(list.records.map((m) => [m.name, m.status]))}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits for the start-up media sweep to finish before a server is closed and its DATA_DIR removed:
 * the sweep makes a tus FileStore, whose constructor creates `DATA_DIR/tus` without waiting, and a
 * folder removed under it would throw outside any test.
 */
async function sweepDone(server: RunningServer): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const [done] = await server.deps.db.select({ n: count() }).from(jobs).where(and(eq(jobs.type, MEDIA_SWEEP), eq(jobs.status, 'done')));
    if (done!.n > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the media sweep did not run');
}

describe('the sample vidbot of the demo account', () => {
  let place: Awaited<ReturnType<typeof freshPlace>>;
  let server: RunningServer;
  let token: string;
  let accountId: number;

  beforeAll(async () => {
    place = await freshPlace();
    server = await startServer(loadEnv(place.env));
    token = await ownerToken(server.url);
    const [demo] = await server.deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.publicId, 'demo'));
    accountId = demo!.id;
  });
  afterAll(async () => {
    if (server) await sweepDone(server);
    await server?.close();
    // The restarted server's tus FileStore creates DATA_DIR/tus in a callback nobody awaits; let it land.
    await new Promise((r) => setTimeout(r, 500));
    await place?.drop();
  });

  it('is in the list right after the first start: published, by the owner, five slides', async () => {
    expect(server.seeded).toBe(true);
    const list = await getJson<BotListJson>(`${server.url}/api/bot?account_id=${accountId}`, token);
    expect(list.metadata.totalCount).toBe(1);
    const [row] = list.records;
    expect(row).toMatchObject({ name: SAMPLE_BOT_NAME, status: 'Published', revisionStatus: 'Published', slideCount: 5, author: { email: 'owner@example.com' } });
  });

  it('its media end Ready like uploads: videos with a playback file, poster, duration and size; the image is its own poster', async () => {
    const records = await settledMedia(server.url, token, accountId);
    expect(records).toHaveLength(SAMPLE_SLIDES.length);
    for (const m of records) expect(m, m.name).toMatchObject({ status: 'Ready', errorReason: null, width: 1280, height: 720 });
    const videos = records.filter((m) => m.type === 'SlideVideo');
    expect(videos).toHaveLength(4);
    for (const m of videos) {
      expect(m.duration).toBeCloseTo(8, 0);
      expect(m.url).toMatch(/^\/files\/\d+\/[0-9a-f-]+\/source\.mp4$/);
      expect(m.thumbnailUrl).toMatch(/\/poster\.jpg$/);
      const poster = await fetch(`${server.url}${m.thumbnailUrl}`);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      const video = await fetch(`${server.url}${m.url}`, { headers: { range: 'bytes=0-15' } });
      expect(video.status).toBe(206);
      // An MP4 with its `moov` box first (faststart) starts with the `ftyp` box.
      expect(Buffer.from(await video.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    const [image] = records.filter((m) => m.type === 'SlideImage');
    expect(image!.url).toMatch(/\/source\.png$/);
    expect(image!.thumbnailUrl).toBe(image!.url);
  });

  it('the player loads it (published revision, media resolved) and it compiles to a chart with every slide reachable and no dead end', async () => {
    await settledMedia(server.url, token, accountId);
    const [row] = (await getJson<BotListJson>(`${server.url}/api/bot?account_id=${accountId}`, token)).records;
    const bot = await getJson<PlayerBot>(`${server.url}/api/public/bot/${row!.publicId}`);

    const intro = bot.slides.filter((s) => s.category === 'INTRO');
    expect(intro).toHaveLength(1);
    expect(bot.slides.filter((s) => s.category === 'SLIDE').length).toBeGreaterThanOrEqual(3);
    for (const s of bot.slides) {
      if (s.type === 'VIDEO') expect([s.videoUrl, s.posterUrl, s.duration], s.name).toEqual([expect.stringMatching(/\.mp4$/), expect.stringMatching(/\.jpg$/), expect.any(Number)]);
      else expect(s.imageUrl, s.name).toMatch(/\.png$/);
    }

    // Branching: a slide whose buttons lead to at least two different slides.
    const branching = bot.slides.filter((s) => new Set(s.options.filter((o) => o.type === 'SLIDE').map((o) => o.targetId)).size >= 2);
    expect(branching.map((s) => s.id)).toContain(intro[0]!.id);
    // Exactly one video-end autoplay, on a video slide, towards a video slide.
    const autoplay = bot.slides.flatMap((s) => s.options.filter((o) => o.videoEndListener && o.videoEndAutoplay).map((o) => ({ s, o })));
    expect(autoplay).toHaveLength(1);
    expect(autoplay[0]!.s.type).toBe('VIDEO');
    expect(bot.slides.find((s) => s.id === autoplay[0]!.o.targetId)?.type).toBe('VIDEO');
    // One external link: a button of type EXTERNAL_LINK naming an action with an https url.
    const links = bot.slides.flatMap((s) => s.options.filter((o) => o.type === 'EXTERNAL_LINK'));
    expect(links).toHaveLength(1);
    const action = bot.actions.find((a) => a.id === links[0]!.targetId);
    expect(action).toMatchObject({ type: 'EXTERNAL_LINK', url: SAMPLE_ACTIONS[0]!.url, linkType: 'new_tab' });
    expect(new URL(action!.url!).protocol).toBe('https:');

    const analysis = analyzeVidbot(bot);
    expect(analysis).toEqual({ unreachableSlideIds: [], deadEnds: [], deletedOptions: [] });
    // Every slide and the closed state are reached by some path of events, and replaying each path
    // on the compiled machine ends where the path says.
    const paths = vidbotShortestPaths(bot);
    const reached = paths.map((p) => JSON.stringify(p.state.value)).sort();
    expect(reached).toEqual([...bot.slides.map((s) => `"slide-${s.id}"`), '"closed"'].sort());
    for (const p of paths) {
      const actor = createActor(compileVidbot(bot)).start();
      for (const step of p.steps) actor.send(step.event as VidbotEvent);
      expect(actor.getSnapshot().value).toEqual(p.state.value);
      actor.stop();
    }
    // The video end of the autoplay slide moves on by itself.
    const actor = createActor(compileVidbot(bot, { startSlideId: autoplay[0]!.s.id })).start();
    actor.send({ type: 'video.end' });
    expect(actor.getSnapshot().context.slideId).toBe(autoplay[0]!.o.targetId);
    actor.stop();
  });

  it('"Capture leads" opens a real form (name, e-mail, consent; thank-you page to slide 5) whose answers are stored and e-mailed', async () => {
    const [row] = (await getJson<BotListJson>(`${server.url}/api/bot?account_id=${accountId}`, token)).records;
    const bot = await getJson<PlayerBot>(`${server.url}/api/public/bot/${row!.publicId}`);
    const leads = bot.slides.find((s) => s.name === 'Capture leads')!;
    const formButton = leads.options.find((o) => o.type === 'REGULAR_FORM')!;
    const form = bot.actions.find((a) => a.id === formButton.targetId) as unknown as Record<string, unknown> & { id: number; fields: { name: string; type: string; required?: boolean }[] };
    expect(form).toMatchObject({ type: 'REGULAR_FORM', button: { type: 'THANK_YOU_PAGE' }, thankYouPage: { type: 'CUSTOM', buttonType: 'SLIDE', slideId: 5 } });
    expect(form.fields.map((f) => [f.name, f.type, f.required])).toEqual([['name', 'text', true], ['email', 'email', true], ['consent', 'general_checkbox', true]]);
    // The player never sees the recipients.
    expect(form).not.toHaveProperty('email');
    expect(form).not.toHaveProperty('emailBcc');

    const submissionId = crypto.randomUUID();
    const res = await fetch(`${server.url}/api/public/bot/${row!.publicId}/form-submission`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId, revisionId: bot.revisionId, actionId: form.id, values: { name: 'Sample Lead', email: 'lead@example.org', consent: true } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [mail] = await server.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'form-submission'));
    expect(mail).toMatchObject({ to: 'owner@example.com', bcc: 'admin@example.com', subject: 'New lead from the Vidbot tour' });
    expect(mail!.text).toContain('E-mail: lead@example.org');
    const list = await getJson<{ records: { submissionId: string }[] }>(`${server.url}/api/bot/${row!.id}/form-submission`, token);
    expect(list.records.map((r) => r.submissionId)).toEqual([submissionId]);
  });

  it('its widget video is the intro slide\'s video, so the widget shows it (issue 12)', async () => {
    await settledMedia(server.url, token, accountId);
    const [row] = (await getJson<BotListJson>(`${server.url}/api/bot?account_id=${accountId}`, token)).records;
    const bot = await getJson<PlayerBot>(`${server.url}/api/public/bot/${row!.publicId}`);
    const intro = bot.slides.find((s) => s.category === 'INTRO')!;
    expect((bot as unknown as { settings: { widgetSettings: { chatVideoId: number | null } } }).settings.widgetSettings.chatVideoId).toBe(intro.videoId);
    const widget = await getJson<{ show: boolean; chatVideoUrl: string }>(`${server.url}/api/public/bot/${row!.publicId}/widget?url=${encodeURIComponent('https://host.example/')}`);
    expect(widget.show).toBe(true);
    expect(widget.chatVideoUrl).toBe(`${server.deps.env.publicUrl}${intro.videoUrl}`);
  });

  it('the editor reads it like any bot, and the audit log says the system made and published it', async () => {
    const [row] = (await getJson<BotListJson>(`${server.url}/api/bot?account_id=${accountId}`, token)).records;
    const draft = await getJson<PlayerBot & { status: string; hasDraft: boolean; publishedRevisionId: number }>(`${server.url}/api/bot/${row!.id}?mode=draft`, token);
    expect(draft).toMatchObject({ status: 'Published', hasDraft: false, publishedRevisionId: draft.revisionId ?? expect.any(Number) });
    expect(draft.slides.map((s) => s.name)).toEqual(SAMPLE_SLIDES.map((s) => s.name));

    const audit = await getJson<{ records: { type: string; userId: number | null; targetId: number | null; details: Record<string, unknown> }[] }>(
      `${server.url}/api/audit-log?account_id=${accountId}&size=100`,
      token,
    );
    const types = audit.records.map((r) => r.type).sort();
    expect(types).toEqual(['bot.create', 'bot.publish', 'widget.create', 'widget.publish', ...SAMPLE_SLIDES.map(() => 'media.create')].sort());
    for (const r of audit.records) expect(r).toMatchObject({ userId: null, details: expect.objectContaining({ sample: true }) });
  });

  it('the widgets area is on for the demo account and shows the published sample carousel of the sample vidbot (issue 15)', async () => {
    const features = await getJson<{ features: string[] }>(`${server.url}/api/feature?account_id=${accountId}`, token);
    expect(features.features).toContain('dashboard:new_widgets');
    const list = await getJson<{ records: { id: number; name: string; status: string; type: string; contentType: string; botCount: number }[] }>(
      `${server.url}/api/widget?account_id=${accountId}`,
      token,
    );
    expect(list.records.map((w) => [w.name, w.status, w.type, w.contentType, w.botCount])).toEqual([[SAMPLE_CAROUSEL_NAME, 'Published', 'Slider', 'All', 1]]);
  });

  it('a restart does not make it again (one bot, the same media)', async () => {
    await settledMedia(server.url, token, accountId);
    await sweepDone(server);
    await server.close();
    server = await startServer(loadEnv(place.env));
    expect(server.seeded).toBe(false);
    const [bots1] = await server.deps.db.select({ n: count() }).from(bots);
    const [media1] = await server.deps.db.select({ n: count() }).from(media);
    expect([bots1!.n, media1!.n]).toEqual([1, SAMPLE_SLIDES.length]);
  });
});

describe('when the sample cannot be made, the start goes on', () => {
  it('without a runnable ffprobe/ffmpeg: the bot is still published and its media end Error with the upload’s reasons', async () => {
    const place = await freshPlace();
    const server = await startServer(loadEnv({ ...place.env, FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' }));
    try {
      const token = await ownerToken(server.url);
      const [demo] = await server.deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.publicId, 'demo'));
      const list = await getJson<BotListJson>(`${server.url}/api/bot?account_id=${demo!.id}`, token);
      expect(list.records.map((r) => [r.name, r.status])).toEqual([[SAMPLE_BOT_NAME, 'Published']]);
      const records = await settledMedia(server.url, token, demo!.id);
      for (const m of records) {
        expect(m.status, m.name).toBe('Error');
        expect(m.errorReason).toMatch(m.type === 'SlideVideo' ? /could not be read as a video/ : /could not be read as an image/);
      }
    } finally {
      await sweepDone(server);
      await server.close();
      await place.drop();
    }
  });

  async function seedWith(sample: SampleSeedOptions) {
    const pg = dbVariant === 'postgres' ? await createPgDatabase() : undefined;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-sample-seed-'));
    const database = await openDatabase({ databaseUrl: pg?.url });
    try {
      const idp = await createIdp({ db: database.db, env: loadEnv({ DATA_DIR: dataDir }) });
      const created = await seedDemo(database.db, idp, { sample });
      const [u] = await database.db.select({ n: count() }).from(users);
      const [b] = await database.db.select({ n: count() }).from(bots);
      const [m] = await database.db.select({ n: count() }).from(media);
      const [a] = await database.db.select({ n: count() }).from(auditEvents);
      return { created, users: u!.n, bots: b!.n, media: m!.n, audit: a!.n };
    } finally {
      await database.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('missing asset files: the demo account and users are created without the sample', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-no-assets-'));
    try {
      const result = await seedWith({ storage: new LocalStorage(dir), ffmpeg: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' }, assetsDir: path.join(dir, 'missing') });
      expect(result).toEqual({ created: true, users: 5, bots: 0, media: 0, audit: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a storage failure half-way rolls the sample back to its savepoint and keeps the demo data', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bad-storage-'));
    try {
      const storage = new LocalStorage(dir);
      let puts = 0;
      // The third file cannot be stored: the two media rows before it and their audit rows go too.
      storage.putFile = async (key, file, opts) => {
        if (++puts === 3) throw new Error('disk full');
        return LocalStorage.prototype.putFile.call(storage, key, file, opts);
      };
      const result = await seedWith({ storage, ffmpeg: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' } });
      expect(result).toEqual({ created: true, users: 5, bots: 0, media: 0, audit: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
