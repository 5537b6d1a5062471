/**
 * Public routes of the widget script (issue 12 architecture §1, §5, §7; issue 12 "Widget script",
 * "sync variant"; spec 002 §2 widget preview, §9 embed code):
 * - `GET /api/public/bot/{publicId}/widget?url=<page URL>` → `WidgetConfig` (widget.config.ts): CORS `*`,
 *   `Cache-Control: public, max-age=60`; 404 for a bot that cannot be shown, 400 with field messages
 *   for a missing or bad `url`. Mounted by `widgetConfigRoutes` at `/api/public/bot`.
 * - `GET /embed/sync/{publicId}.js` (feature `widget_sync`) → one classic script: the built loader
 *   (dist/embed/loader.js) wrapped as `(function(__vidbotConfig){…loader…})(<WidgetConfig>)`, so the
 *   bubble appears while the page parses with no second request. The page URL for URL maps is the
 *   request's `Referer` (see docs/embedding.md: send it with `referrerpolicy`). `max-age=60`,
 *   `Vary: Referer`. 404 (a JS comment body) when the bot cannot be shown or the feature is off.
 * - `GET /widget-preview/{publicId}` → the share tab's live preview page (spec 002 §2): the bubble
 *   of the bot's published widget (or none for `current`), re-rendered from each `SET_DATA`
 *   (`{ action: 'SET_DATA', data: { widgetSettings, chatVideoUrl?, posterUrl?, name? } }`) sent by an
 *   allow-listed dashboard origin; announces `{ action: 'VIDBOT_PREVIEW_READY' }`. Loop limit 1000,
 *   mobile breakpoint 768 (embed/loader/preview.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../lib/context';
import { route } from '../../lib/contract';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { issuesToFields, REQUEST_SCHEMA_OPTIONS } from '../../lib/validate';
import { PublicIdParam } from '../bot/bot.schemas';
import { accountFeatureNames, getWidgetConfig } from './widget.config';
import { WidgetConfig, WidgetQuery } from './widget.schemas';
import * as repo from '../bot/bot.repo';

/** Caching of the widget config and the sync script (issue 12 architecture §7). */
export const WIDGET_CACHE_CONTROL = 'public, max-age=60';

/** `/api/public/bot/{publicId}/widget`. */
export function widgetConfigRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('/:publicId/widget', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
  r.get(
    '/:publicId/widget',
    route({
      summary: 'The widget to show on a page',
      description:
        'No token; CORS `*`; cached 60 s. Resolves URL maps (exact, prefix, wildcard, regex in that priority; feature url_map), the scheduler window (server time; feature vidbot_scheduler) and the widget video, and answers `{ show: false, reason }` or the bubble to render (docs/embedding.md "Widget"). 404 when the bot is not Published; 400 with field messages for a bad `url`.',
      tags: ['Share'],
      auth: 'public',
      responses: { 200: WidgetConfig },
      errors: [400, 404],
    }),
    validator('param', PublicIdParam, (result) => {
      if (!result.success) throw notFound('Vidbot not found.');
    }),
    validator(
      'query',
      WidgetQuery,
      (result) => {
        if (!result.success) throw badRequest('Bad widget query.', issuesToFields(result.error as readonly v.BaseIssue<unknown>[]), 'bad_query');
      },
      REQUEST_SCHEMA_OPTIONS,
    ),
    async (c) => {
      const config = await getWidgetConfig(deps.db, deps.env.publicUrl, c.req.valid('param').publicId, c.req.valid('query').url);
      c.header('Cache-Control', WIDGET_CACHE_CONTROL);
      return c.json(config);
    },
  );
  return r;
}

const loaderCache = new Map<string, { mtimeMs: number; code: string }>();

/** The built loader (dist/embed/loader.js), re-read when the file changes; undefined when not built. */
export function builtLoader(distDir: string): string | undefined {
  const file = path.resolve(distDir, 'embed', 'loader.js');
  try {
    const { mtimeMs } = statSync(file);
    const hit = loaderCache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.code;
    const code = readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
    loaderCache.set(file, { mtimeMs, code });
    return code;
  } catch {
    return undefined;
  }
}

/** JSON for a `<script>` body or a JS expression: `<`, U+2028 and U+2029 escaped. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The sync variant's script: the loader with the config injected as the free variable `__vidbotConfig`. */
export function syncScript(loader: string, config: WidgetConfig): string {
  return `/* Vidbot widget (sync) */(function(__vidbotConfig){\n${loader}\n})(${scriptJson(config)});\n`;
}

const JS = 'text/javascript; charset=utf-8';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** `/embed/sync/{publicId}.js` and `/widget-preview/{publicId}` (mounted on the app root, before static files). */
export function widgetPageRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/embed/sync/:file', async (c) => {
    const m = /^([A-Za-z0-9_-]{1,64})\.js$/.exec(c.req.param('file'));
    const jsError = (status: 404 | 503, text: string) => c.body(`/* Vidbot: ${text} */\n`, status, { 'Content-Type': JS, 'Cache-Control': 'no-store' });
    if (!m) return jsError(404, 'no such widget.');
    const publicId = m[1]!;
    const found = await repo.findBotByPublicId(deps.db, publicId);
    if (!found) return jsError(404, 'no such widget.');
    if (!(await accountFeatureNames(deps.db, found.bot.accountId)).has('widget_sync')) return jsError(404, 'the sync widget needs the widget_sync feature.');
    const loader = builtLoader(deps.env.distDir);
    if (!loader) return jsError(503, 'the loader is not built (npm run build).');
    const referer = c.req.header('referer');
    const pageUrl = referer && /^https?:\/\//.test(referer) ? referer : '';
    let config: WidgetConfig;
    try {
      config = await getWidgetConfig(deps.db, deps.env.publicUrl, publicId, pageUrl);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return jsError(404, 'no such widget.');
      throw err;
    }
    return c.body(syncScript(loader, config), 200, {
      'Content-Type': JS,
      'Cache-Control': WIDGET_CACHE_CONTROL,
      Vary: 'Referer',
      'Access-Control-Allow-Origin': '*',
    });
  });

  r.get('/widget-preview/:publicId', async (c) => {
    const publicId = c.req.param('publicId');
    let config: WidgetConfig | null = null;
    if (publicId !== 'current' && v.is(PublicIdParam, { publicId })) {
      config = await getWidgetConfig(deps.db, deps.env.publicUrl, publicId, '').catch((err: unknown) => {
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      });
    }
    const data = { config, allow: [deps.env.publicUrl, ...deps.env.previewAllowedOrigins] };
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Widget preview – ${escapeHtml(config?.show ? config.name : 'Vidbot')}</title>
</head>
<body>
<script type="application/json" id="vidbot-widget-data">${scriptJson(data)}</script>
<script src="/embed/widget-preview.js"></script>
</body>
</html>
`;
    return c.html(html, 200, { 'Cache-Control': 'no-store' });
  });
  return r;
}
