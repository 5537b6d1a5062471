/**
 * Routes of the carousel (issue 15 "Widgets": carousels on host pages, widget preview; spec 002 §2
 * "Widget preview", "get play URL"; architecture note §2, §3; docs/embedding.md "Carousel"):
 *
 * - `GET /api/public/widget/{publicId}` → `CarouselConfig` (carousel.ts `publicCarousel`): no token,
 *   CORS `*`, `Cache-Control: public, max-age=60` (like the public bot config, lib/embed-cache.ts);
 *   404 unless the widget is Published (not Deactivated) in an Active account. Mount: `publicCarouselRoutes`
 *   at `/api/public/widget`.
 * - `POST /api/widget/{id}/preview-config` body `{ content: WidgetContent }` → `CarouselConfig` of that
 *   unsaved content: any Active role of the widget's account, or staff; 404 otherwise; 422 with field
 *   messages for bad content. Mount: `carouselPreviewRoutes` at `/api/widget` (after requireAuth).
 * - Pages (`carouselPageRoutes`, mounted at the root BEFORE share/widget.routes.ts `widgetPageRoutes`;
 *   route class `framed` of lib/security-headers.ts — framed by anyone, strict CSP, no cookies):
 *   - `GET /w/{publicId}` — the play URL: a page with only the carousel, filled by the same script and
 *     placeholder a host pastes (`carouselCode`); 404 page when the widget cannot be shown.
 *   - `GET /widget-preview/{publicId}` when `publicId` is a widget's, and
 *     `GET /widget-preview/current?type=carousel` — the editor's live preview (embed/carousel/preview.ts):
 *     renders the published carousel (if any), re-renders from each `{ action: 'SET_DATA', data:
 *     CarouselConfig }` of an allow-listed parent, and posts `{ action: 'VIDBOT_PREVIEW_READY' }`. Any
 *     other `/widget-preview/…` falls through to the vidbot bubble preview.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { validator } from 'hono-openapi';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { HttpError, notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { PublicIdParam } from '../bot/bot.schemas';
import { carouselCode } from '../share/embed.codes';
import { escapeHtml, scriptJson } from '../share/share.pages';
import { findWidgetByPublicId, previewCarousel, publicCarousel } from './carousel';
import { CarouselConfig, PreviewConfigBody } from './widget.schemas';

/** Caching of the public carousel config: as the public bot config (lib/embed-cache.ts `data`). */
export const CAROUSEL_CACHE_CONTROL = 'public, max-age=60';

const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `/api/public/widget/{publicId}`. */
export function publicCarouselRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('/:publicId', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
  r.get(
    '/:publicId',
    route({
      summary: 'A published carousel',
      description:
        'No token; CORS `*`; cached 60 s. The published revision of a Published widget resolved for the carousel script (embed/carousel): Published vidbots of the account in the widget\'s order (Random shuffled per request), covers, preview videos, player frames (`V/e/{botPublicId}?channel=slider&slider_id={id}`), styles. 404 unless the widget is Published (not Deactivated) in an Active account.',
      tags: ['Widgets'],
      auth: 'public',
      responses: { 200: CarouselConfig },
      errors: [404],
    }),
    validator('param', PublicIdParam, (result) => {
      if (!result.success) throw notFound('Carousel not found.');
    }),
    async (c) => {
      const config = await publicCarousel(deps.db, deps.env.publicUrl, c.req.valid('param').publicId);
      c.header('Cache-Control', CAROUSEL_CACHE_CONTROL);
      return c.json(config);
    },
  );
  return r;
}

/** `/api/widget/{id}/preview-config` (signed in). */
export function carouselPreviewRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post(
    '/:id/preview-config',
    route({
      summary: "Carousel config of a widget's unsaved content",
      description:
        'The editor\'s live preview (spec 002 §2): `{ content: WidgetContent }` resolved as the published carousel would be (only Published vidbots of the widget\'s account). Any Active role of the widget\'s account, or staff; 404 otherwise; 422 with field messages for invalid content.',
      tags: ['Widgets'],
      responses: { 200: CarouselConfig },
      errors: [401, 404, 422],
    }),
    idParams('Widget'),
    validate('json', PreviewConfigBody),
    async (c) => c.json(await previewCarousel(deps.db, deps.env.publicUrl, c.get('user'), c.req.valid('param').id, c.req.valid('json').content)),
  );
  return r;
}

function page(title: string, lang: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;
}

/** `/w/{publicId}` and the carousel previews under `/widget-preview/…` (see the module comment). */
export function carouselPageRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const origin = deps.env.publicUrl;
  r.get('/w/:publicId', async (c) => {
    const publicId = c.req.param('publicId');
    const notFoundPage = () => {
      c.header('Cache-Control', 'no-store');
      return c.html(page('Carousel not found', 'en', '<main><h1>Carousel not found</h1><p>This carousel is not available. It may have been unpublished or the link may be wrong.</p></main>'), 404);
    };
    if (!PUBLIC_ID.test(publicId)) return notFoundPage();
    let name: string;
    try {
      name = (await publicCarousel(deps.db, origin, publicId)).name;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return notFoundPage();
      throw err;
    }
    c.header('Cache-Control', 'public, max-age=60');
    return c.html(page(name, 'en', `<main>\n${carouselCode(origin, publicId)}\n</main>`));
  });

  r.get('/widget-preview/:publicId', async (c, next) => {
    const publicId = c.req.param('publicId');
    const current = publicId === 'current';
    if (current ? c.req.query('type') !== 'carousel' : !PUBLIC_ID.test(publicId)) return next();
    const found = current ? undefined : await findWidgetByPublicId(deps.db, publicId);
    if (!current && !found) return next();
    const config = current
      ? null
      : await publicCarousel(deps.db, origin, publicId).catch((err: unknown) => {
          if (err instanceof HttpError && err.status === 404) return null;
          throw err;
        });
    const data = { config, allow: [origin, ...deps.env.previewAllowedOrigins] };
    const html = page(
      `Carousel preview – ${found?.widget.name ?? 'Vidbot'}`,
      'en',
      `<main data-vidbot-carousel-preview></main>\n<script type="application/json" id="vidbot-carousel-data">${scriptJson(data)}</script>\n<script src="/embed/carousel-preview.js"></script>`,
    );
    return c.html(html, 200, { 'Cache-Control': 'no-store' });
  });
  return r;
}
