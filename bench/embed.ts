/**
 * Embed figures for `npm run bench` (issue 12 "`npm run bench` adds"): what a host page and a viewer
 * download, how fast the widget shows next to a bare `<video>`, and Lighthouse with and without it.
 *
 * A real server runs as a child process (`node --import tsx server/src/index.ts`, fresh DATA_DIR,
 * PGlite, demo data, port `EMBED_BENCH_PORT` or 3223) serving the built `dist/` (`npm run build`
 * first); the sample bot "Welcome to Vidbot" is waited for until its widget config says `show`. A
 * host on another origin (`http://localhost:<port + 1>`) serves the host pages.
 *
 * 1. Sizes (1 KB = 1000 bytes): `dist/embed/loader.js`; the player before its first frame = what the
 *    widget's frame `/e/{publicId}?channel=widget` downloads before the video: the HTML page,
 *    `/embed/page.js` with the chunks it imports statically (es-module-lexer over the built files),
 *    `/embed/page.css`; the same for the display-ad frame `/ad/{publicId}` (`/embed/ad.js`). Each
 *    file gzip -9, and as the server sends it with `Accept-Encoding: gzip` (bytes on the wire).
 * 2. Timing in Chromium (scripts/toolchain.mjs `findChromium`), N runs (`EMBED_BENCH_RUNS`, 7), each
 *    in a fresh browser context (cold cache), the two pages taking turns: the host page with the
 *    widget script vs the same page with a bare `<video muted autoplay playsinline>` of the widget
 *    video file (`chatVideoUrl`). An inline script marks `performance.now()` just before the tag;
 *    "bubble visible" = the first animation frame in which the bubble button has a box; "first
 *    frame" = the first `requestVideoFrameCallback` of the video (the bubble's, in its shadow root,
 *    or the bare one). Medians and the ratio of medians against the bare `<video>`. Then, with the
 *    bubble shown, `Vidbot.open()` (called by script, no user gesture) → the first frame of the
 *    player's video inside the cross-origin frame (times on the shared epoch clock,
 *    `performance.timeOrigin + now`).
 * 3. Lighthouse 12 (performance category only, its default mobile emulation and simulated
 *    throttling) on the host page with and without the widget, against the same Chromium through
 *    chrome-launcher (`--headless=new --no-sandbox`), `EMBED_BENCH_LH_RUNS` (5) runs each, medians.
 *
 * Run alone: `npm run bench -- embed` or `npx tsx bench/embed.ts` (prints the markdown section).
 */
import { createServer, get, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init as lexerInit, parse as lexerParse } from 'es-module-lexer';
import { chromium, type Browser, type Page } from '@playwright/test';
import { REPO_ROOT, signIn, startServerProcess } from '../server/test/tus-resume';
import { describeTool, findChromium } from '../scripts/toolchain.mjs';

const DIST = path.join(REPO_ROOT, 'dist', 'embed');
const kb = (b: number) => (b / 1000).toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

/** Bytes of `url`'s body as sent with `Accept-Encoding: gzip` (compressed when the server compresses) and its encoding. */
function wireSize(url: string): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (b: Buffer) => (bytes += b.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** `file` (relative to dist/embed) and every module it imports statically, transitively, in load order. */
async function staticGraph(file: string): Promise<string[]> {
  await lexerInit;
  const seen: string[] = [];
  const visit = (f: string) => {
    if (seen.includes(f)) return;
    seen.push(f);
    const [imports] = lexerParse(readFileSync(path.join(DIST, f), 'utf8'));
    for (const i of imports) if (i.d === -1 && i.n?.startsWith('.')) visit(path.posix.join(path.posix.dirname(f), i.n));
  };
  visit(file);
  return seen;
}

interface SizeRow {
  what: string;
  raw: number;
  gz9: number;
  wire: number;
  encoding: string;
}

/** Size rows for served paths (`/…`), reading the body from the server (HTML) or dist (files). */
async function sizeRows(V: string, paths: string[]): Promise<SizeRow[]> {
  const rows: SizeRow[] = [];
  for (const p of paths) {
    const body = p.startsWith('/embed/') ? readFileSync(path.join(DIST, p.slice('/embed/'.length))) : Buffer.from(await (await fetch(V + p)).arrayBuffer());
    const wire = await wireSize(V + p);
    if (wire.status !== 200) throw new Error(`${p} answered ${wire.status}`);
    rows.push({ what: p.split('?')[0]!, raw: body.length, gz9: gzipSync(body, { level: 9 }).length, wire: wire.bytes, encoding: wire.encoding });
  }
  return rows;
}

function sizeTable(log: (s: string) => void, title: string, rows: SizeRow[]): { gz9: number; wire: number; raw: number } {
  const sum = (k: 'raw' | 'gz9' | 'wire') => rows.reduce((a, r) => a + r[k], 0);
  log(`${title}\n`);
  log('| file | raw KB | gzip -9 KB | as served KB (encoding) |\n|---|---:|---:|---:|');
  for (const r of rows) log(`| ${r.what} | ${kb(r.raw)} | ${kb(r.gz9)} | ${kb(r.wire)} (${r.encoding}) |`);
  log(`| **together** | ${kb(sum('raw'))} | **${kb(sum('gz9'))}** | **${kb(sum('wire'))}** |\n`);
  return { gz9: sum('gz9'), wire: sum('wire'), raw: sum('raw') };
}

/** A host on another origin: path → HTML. */
async function startHostAt(port: number, pages: Record<string, string>): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const html = pages[new URL(req.url ?? '/', 'http://localhost').pathname];
    if (html === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { origin: `http://localhost:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Init script of every page and frame: records shadow roots (the bubble's and the player's are open,
 * but found faster this way), and on each animation frame marks `bubble` (the bubble button has a
 * box) and registers `requestVideoFrameCallback` on every new video, recording its first frame as
 * `ff:<where>` (`bubble`, `bare`, `player`) in page time and on the epoch clock.
 */
const PROBE = `(() => {
  window.__vb = {};
  window.__vbEpoch = {};
  const roots = [];
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const r = attach.call(this, init);
    roots.push(r);
    return r;
  };
  const seen = new WeakSet();
  const mark = (k, t) => {
    if (window.__vb[k] === undefined) {
      window.__vb[k] = t;
      window.__vbEpoch[k] = performance.timeOrigin + t;
    }
  };
  const tick = () => {
    const bubble = document.querySelector('vidbot-widget')?.shadowRoot?.querySelector('.o');
    if (bubble && window.__vb.bubble === undefined) {
      const r = bubble.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) mark('bubble', performance.now());
    }
    const videos = [...document.querySelectorAll('video'), ...roots.flatMap((r) => [...r.querySelectorAll('video')])];
    for (const v of videos) {
      if (seen.has(v)) continue;
      seen.add(v);
      const where = v.closest('[data-bare]') ? 'bare' : roots.some((r) => r.host.tagName === 'VIDBOT-WIDGET' && r.contains(v)) ? 'bubble' : 'player';
      v.requestVideoFrameCallback((now) => mark('ff:' + where, now));
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const HOST_CONTENT = `<main id="content"><h1>Host page</h1>${Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i + 1} of the host's own content.</p>`).join('')}</main>`;
const hostPage = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host</title><meta name="description" content="A host page."></head><body>${HOST_CONTENT}${body}</body></html>`;
const TAG_MARK = "<script>performance.mark('vb-tag')</script>";

async function timePage(browser: Browser, url: string, want: string[], timeoutMs = 60_000): Promise<{ page: Page; marks: Record<string, number> }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction((keys) => keys.every((k) => (globalThis as unknown as { __vb: Record<string, number> }).__vb[k] !== undefined), want, { timeout: timeoutMs });
  const marks = await page.evaluate(() => {
    const tag = performance.getEntriesByName('vb-tag')[0]?.startTime ?? 0;
    const vb = (globalThis as unknown as { __vb: Record<string, number> }).__vb;
    return Object.fromEntries(Object.entries(vb).map(([k, t]) => [k, t - tag]));
  });
  return { page, marks };
}

/** The Lighthouse metrics reported beside the score (audit id → label, unit). */
const LH_METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'Speed Index', 'ms'],
] as const;

/** Lighthouse performance score (0–100) of `url` and its metrics (LH_METRICS order), or throws with the reason. */
async function lighthouseScore(url: string, chromePath: string, env: Record<string, string> | undefined): Promise<{ score: number; metrics: number[]; lcpElement: string }> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  if (env) Object.assign(process.env, env);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const score = result?.lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`no performance score (${result?.lhr.runtimeError?.message ?? 'unknown'})`);
    // The LCP element's HTML snippet: the first `snippet` inside the audit's details.
    const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(JSON.stringify(result!.lhr.audits['largest-contentful-paint-element']?.details ?? {}));
    return {
      score: Math.round(score * 100),
      metrics: LH_METRICS.map(([id]) => result!.lhr.audits[id]?.numericValue ?? NaN),
      lcpElement: snippet ? (JSON.parse(`"${snippet[1]}"`) as string) : 'unknown',
    };
  } finally {
    await chrome.kill();
  }
}

/** Runs the embed benchmarks and logs a markdown section "Embeds (issue 12)". */
export async function benchEmbed(log: (s: string) => void): Promise<void> {
  log('## Embeds (issue 12)\n');
  try {
    statSync(path.join(DIST, 'loader.js'));
    statSync(path.join(DIST, 'page.js'));
  } catch {
    log('skipped: dist/embed is not built (run `npm run build` first)\n');
    return;
  }
  const port = Number(process.env.EMBED_BENCH_PORT ?? 3223);
  const runs = Number(process.env.EMBED_BENCH_RUNS ?? 7);
  const lhRuns = Number(process.env.EMBED_BENCH_LH_RUNS ?? 5);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidbot-bench-embed-'));
  const server = await startServerProcess({ dataDir, port, env: { JOB_CONCURRENCY: '1' } });
  const V = server.url;
  let host: Awaited<ReturnType<typeof startHostAt>> | undefined;
  let browser: Browser | undefined;
  try {
    // The sample bot and its widget video (Ready once the media worker has processed it).
    const token = await signIn(V);
    const headers = { authorization: `Bearer ${token}` };
    const accounts = (await (await fetch(`${V}/api/account`, { headers })).json()) as { records: { id: number; publicId: string }[] };
    const demoId = accounts.records.find((a) => a.publicId === 'demo')!.id;
    const bots = (await (await fetch(`${V}/api/bot?account_id=${demoId}&size=100`, { headers })).json()) as { records: { name: string; publicId: string }[] };
    const publicId = bots.records.find((b) => b.name === 'Welcome to Vidbot')!.publicId;
    let config: { show: boolean; chatVideoUrl?: string | null } = { show: false };
    const until = Date.now() + 180_000;
    while (!config.show && Date.now() < until) {
      config = (await (await fetch(`${V}/api/public/bot/${publicId}/widget?url=${encodeURIComponent('http://localhost/')}`)).json()) as typeof config;
      if (!config.show) await new Promise((r) => setTimeout(r, 1000));
    }
    if (!config.show || !config.chatVideoUrl) throw new Error(`the sample bot's widget does not show: ${JSON.stringify(config)}`);
    const videoUrl = new URL(config.chatVideoUrl, V).toString();

    // 1. Sizes
    log(`Sample bot "Welcome to Vidbot" (\`${publicId}\`) on a server process with a fresh DATA_DIR; built dist/embed. 1 KB = 1000 bytes; "gzip -9" = each file compressed at level 9, "as served" = the bytes the server sends with \`Accept-Encoding: gzip\`.\n`);
    const loaderRows = await sizeRows(V, ['/embed/loader.js']);
    const loader = sizeTable(log, '### Loader', loaderRows);
    log(`Exactly ${loaderRows[0]!.gz9} B gzip -9, ${loaderRows[0]!.wire} B as served (budget 2048 B gzip, embed/loader/loader.size.test.ts).\n`);
    const pageGraph = (await staticGraph('page.js')).map((f) => `/embed/${f}`);
    const player = sizeTable(
      log,
      `### Player before the first frame (widget frame \`/e/{publicId}?channel=widget\`)\n\nThe HTML page (the PlayerBot inline), \`/embed/page.js\` with the modules it imports statically (${pageGraph.length - 1}), \`/embed/page.css\`; the video itself and the poster are not counted.`,
      await sizeRows(V, [`/e/${publicId}?channel=widget&lang=en&autoplay=1`, ...pageGraph, '/embed/page.css']),
    );
    // The display-ad frame needs feature vidbot_as_ads on the bot's account (staff turns it on).
    const staff = { authorization: `Bearer ${await signIn(V, 'superadmin@example.com')}`, 'content-type': 'application/json' };
    await fetch(`${V}/api/feature/flags`, { method: 'POST', headers: staff, body: JSON.stringify({ name: 'vidbot_as_ads', flag_type: 'dashboard', account_ids: [demoId] }) });
    const adGraph = (await staticGraph('ad.js')).map((f) => `/embed/${f}`);
    let ad: { gz9: number; wire: number };
    const adPage = await wireSize(`${V}/ad/${publicId}?platform=gam`);
    const adTitle = '### Display-ad frame before the first frame (`/ad/{publicId}?platform=gam`)';
    if (adPage.status === 200) ad = sizeTable(log, `${adTitle}\n\nThe HTML page, \`/embed/ad.js\` with the modules it imports statically (${adGraph.length - 1}).`, await sizeRows(V, [`/ad/${publicId}?platform=gam`, ...adGraph]));
    else ad = sizeTable(log, `${adTitle}\n\nThe page answered ${adPage.status} for the sample bot; \`/embed/ad.js\` with its static imports alone:`, await sizeRows(V, adGraph));

    // 2. Timing
    const found = await findChromium();
    if (!found.ok || !found.path) throw new Error(describeTool(found));
    host = await startHostAt(port + 1, {
      '/widget.html': hostPage(`${TAG_MARK}<script async src="${V}/embed/loader.js" data-vidbot-id="${publicId}"></script>`),
      '/bare.html': hostPage(`${TAG_MARK}<div data-bare><video muted autoplay playsinline src="${videoUrl}" width="120" height="120"></video></div>`),
      '/plain.html': hostPage(TAG_MARK),
    });
    browser = await chromium.launch({
      executablePath: found.path,
      ...(found.env ? { env: { ...process.env, ...found.env } as Record<string, string> } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
    const widgetBubble: number[] = [];
    const widgetFf: number[] = [];
    const bareFf: number[] = [];
    const openFf: number[] = [];
    let frameDownloads: { url: string; bytes: number }[] = [];
    // One warm-up pair (server-side caches, the OS page cache), not counted.
    for (let i = -1; i < runs; i++) {
      const bare = await timePage(browser, `${host.origin}/bare.html`, ['ff:bare']);
      await bare.page.context().close();
      const widget = await timePage(browser, `${host.origin}/widget.html`, ['bubble', 'ff:bubble']);
      // What the frame downloads (encoded bodies, video and images left out), until its first frame.
      const got: Promise<{ url: string; bytes: number }>[] = [];
      widget.page.on('response', (res) => {
        if (!(res.frame().url().includes(`/e/${publicId}`) || res.url().includes(`/e/${publicId}`)) || ['media', 'image'].includes(res.request().resourceType())) return;
        got.push(res.request().sizes().then((z) => ({ url: new URL(res.url()).pathname, bytes: z.responseBodySize })));
      });
      // Vidbot.open() by script → the first frame of the player's video in the cross-origin frame.
      const opened = await widget.page.evaluate(() => {
        const t = performance.timeOrigin + performance.now();
        (globalThis as unknown as { Vidbot: { open(): void } }).Vidbot.open();
        return t;
      });
      const frame = await (async () => {
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline) {
          const f = widget.page.frames().find((x) => x.url().includes(`/e/${publicId}`));
          if (f) return f;
          await new Promise((r) => setTimeout(r, 20));
        }
        throw new Error('the player frame did not appear after Vidbot.open()');
      })();
      const handle = await frame.waitForFunction(() => (globalThis as unknown as { __vbEpoch?: Record<string, number> }).__vbEpoch?.['ff:player'], undefined, { timeout: 60_000 });
      const playerEpoch = (await handle.jsonValue()) as number;
      frameDownloads = await Promise.all(got);
      await widget.page.context().close();
      if (i < 0) continue;
      bareFf.push(bare.marks['ff:bare']!);
      widgetBubble.push(widget.marks.bubble!);
      widgetFf.push(widget.marks['ff:bubble']!);
      openFf.push(playerEpoch - opened);
    }
    await browser.close();
    browser = undefined;
    const mb = median(bareFf);
    log(`### Script tag → bubble → first frame (Chromium ${found.version ?? ''}, ${runs} runs, cold cache each, medians)\n`);
    log(`Host page \`${host.origin}/…\` (another origin than the server \`${V}\`): 60 paragraphs, then an inline \`performance.mark\` and either the widget code or a bare \`<video muted autoplay playsinline>\` of the same widget video file (\`${new URL(videoUrl).pathname}\`). Times from the mark; "first frame" = first \`requestVideoFrameCallback\`.\n`);
    log('| figure | median ms | range ms | ratio to the bare `<video>` first frame |\n|---|---:|---:|---:|');
    log(`| bare \`<video>\`: first frame | ${mb.toFixed(0)} | ${range(bareFf)} | 1.00 |`);
    log(`| widget: bubble visible | ${median(widgetBubble).toFixed(0)} | ${range(widgetBubble)} | **${(median(widgetBubble) / mb).toFixed(2)}** |`);
    log(`| widget: bubble video first frame | ${median(widgetFf).toFixed(0)} | ${range(widgetFf)} | **${(median(widgetFf) / mb).toFixed(2)}** |`);
    log(`| \`Vidbot.open()\` (by script, no user gesture) → player's first frame in the frame | ${median(openFf).toFixed(0)} | ${range(openFf)} | — |\n`);
    const seenBytes = frameDownloads.reduce((a, d) => a + d.bytes, 0);
    log(`Observed in Chromium (last run): up to the player's first frame the frame fetched ${frameDownloads.length} responses other than video and images, **${kb(seenBytes)} KB** of encoded bodies (${frameDownloads.map((d) => `${d.url.replace(/^\/e\/.*/, '/e/{publicId}')} ${kb(d.bytes)}`).join(', ')}).\n`);

    // 3. Lighthouse
    log(`### Lighthouse performance (host page with and without the widget)\n`);
    try {
      const lh = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
      type Lh = Awaited<ReturnType<typeof lighthouseScore>>;
      const withRuns: Lh[] = [];
      const withoutRuns: Lh[] = [];
      for (let i = 0; i < lhRuns; i++) {
        withoutRuns.push(await lighthouseScore(`${host.origin}/plain.html`, found.path, found.env));
        withRuns.push(await lighthouseScore(`${host.origin}/widget.html`, found.path, found.env));
      }
      const without = withoutRuns.map((r) => r.score);
      const withW = withRuns.map((r) => r.score);
      const a = median(without);
      const b = median(withW);
      const metric = (list: Lh[], i: number) => {
        const m = median(list.map((r) => r.metrics[i]!));
        return LH_METRICS[i]![2] ? `${m.toFixed(0)} ms` : m.toFixed(3);
      };
      const metricCells = (list: Lh[]) => LH_METRICS.map((_, i) => metric(list, i)).join(' | ');
      log(`Lighthouse ${lh}, performance category only, default (mobile emulation, simulated throttling), Chromium \`--headless=new --no-sandbox\` via chrome-launcher; ${lhRuns} runs each, alternating, medians. Issue 12 asks for at most 1 point apart.\n`);
      log(`| host page | score (median) | runs | ${LH_METRICS.map(([, l]) => `${l} (median, simulated)`).join(' | ')} |\n|---|---:|---|${LH_METRICS.map(() => '---:').join('|')}|`);
      log(`| without the widget | **${a}** | ${without.join(', ')} | ${metricCells(withoutRuns)} |`);
      log(`| with the widget | **${b}** | ${withW.join(', ')} | ${metricCells(withRuns)} |`);
      const lcpOf = (list: Lh[]) => [...new Set(list.map((r) => `\`${r.lcpElement.replace(/\s+/g, ' ').slice(0, 120)}\``))].join(', ');
      log(`| difference | **${a - b}** | ${Math.abs(a - b) <= 1 ? 'within 1 point' : 'MORE than 1 point apart'} |${LH_METRICS.map(() => '').join(' |')} |\n`);
      log(`Largest Contentful Paint element: without the widget ${lcpOf(withoutRuns)}; with the widget ${lcpOf(withRuns)}.\n`);
    } catch (err) {
      log(`Lighthouse could not run: ${String(err instanceof Error ? err.stack ?? err.message : err)}\n`);
    }
    log(
      `Summary: loader **${kb(loader.gz9)} KB gz**; player before the first frame **${kb(player.gz9)} KB gz** (${kb(player.wire)} KB as served); display-ad frame **${kb(ad.gz9)} KB gz**; bubble visible / first frame at **${(median(widgetBubble) / mb).toFixed(2)}× / ${(median(widgetFf) / mb).toFixed(2)}×** the bare \`<video>\`'s first frame.\n`,
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await host?.close();
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `results` (bench/RESULTS.md text) with its "## Embeds (issue 12)" section replaced by `section`
 * (up to the next `## ` heading), or with `section` inserted before "## Machine load" / appended.
 */
export function replaceEmbedSection(results: string, section: string): string {
  const head = '## Embeds (issue 12)';
  const body = section.endsWith('\n') ? section : `${section}\n`;
  const at = results.indexOf(head);
  if (at >= 0) {
    const next = results.indexOf('\n## ', at + head.length);
    return results.slice(0, at) + body + (next >= 0 ? results.slice(next + 1) : '');
  }
  const load = results.indexOf('## Machine load');
  return load >= 0 ? results.slice(0, load) + body + '\n' + results.slice(load) : `${results}\n${body}`;
}

/** Alone (`npx tsx bench/embed.ts`, `npm run bench -- embed`): prints the section and puts it into bench/RESULTS.md. */
export async function runEmbedAlone(): Promise<void> {
  const lines: string[] = [];
  const loadBefore = os.loadavg()[0]!;
  await benchEmbed((s) => {
    console.log(s);
    lines.push(s);
  });
  lines.push(
    `Run ${new Date().toISOString()} alone (\`npm run bench -- embed\`) on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; 1-minute load average ${loadBefore.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at end (the machine is shared: absolute times are noisy, the ratios less so).\n`,
  );
  console.log(lines.at(-1));
  const file = path.join(import.meta.dirname, 'RESULTS.md');
  writeFileSync(file, replaceEmbedSection(readFileSync(file, 'utf8'), lines.join('\n')));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runEmbedAlone();
  process.exit(0);
}
