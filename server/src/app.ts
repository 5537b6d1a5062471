/**
 * The Hono HTTP app (DESIGN §1): `/idp` identity provider, `/api/*` REST API of the spec, and the
 * built SPA from dist/ with an index.html fallback for client routes.
 */
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { ingestRoutes } from './modules/analytics/ingest.routes';
import { liveStatusRoutes } from './modules/analytics/live-status.routes';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppDeps, AppEnv } from './lib/context';
import { errorHandler, notFound } from './lib/errors';
import { securityHeaders } from './lib/security-headers';
import { EMBED_PATHS, embedCacheControl, embedCompression } from './lib/embed-cache';
import { requireAuth } from './lib/auth';
import { dbGuard } from './lib/db-guard';
import { mediaRoutes } from './modules/media/media.routes';
import { filesRoutes } from './media/files';
import { botRoutes, publicBotRoutes } from './modules/bot/bot.routes';
import { tagRoutes } from './modules/tag/tag.routes';
import { widgetRoutes } from './modules/widget/widget.routes';
import { formRoutes, publicFormRoutes } from './modules/form/form.routes';
import { globalRoutes } from './modules/global/global.routes';
import { userRoutes } from './modules/user/user.routes';
import { accountRoutes } from './modules/account/account.routes';
import { featureRoutes } from './modules/feature/feature.routes';
import { auditRoutes } from './modules/audit/audit';
import { authFinalizeRoutes, ssoConfigRoutes, ssoDiscoverRoutes } from './modules/sso/sso.routes';
import { oauthSettings, type OAuthSettings } from './idp/oauth/routes';
import { accountUserRoutes, invitationPublicRoutes, userRoleRoutes } from './modules/invitation/invitation.routes';
import { outboxRoutes } from './email';
import { sharePageRoutes } from './modules/share/share.pages';
import { integrationRoutes } from './modules/integration/integration.routes';
import { crmAccountRoutes, crmBotRoutes, crmIntegrationRoutes } from './modules/integration/crm.routes';
import { adPackageRoutes } from './modules/share/ad.routes';
import { adPages } from './modules/share/ad.pages';
import { route } from './lib/contract';
import { mountOpenApi } from './lib/openapi';
import { RuntimeConfig } from './modules/config/config.schemas';
import { serverVersion } from './modules/global/global.service';
import { widgetConfigRoutes, widgetPageRoutes } from './modules/share/widget.routes';
import { carouselPageRoutes, carouselPreviewRoutes, publicCarouselRoutes } from './modules/widget/carousel.routes';
import { avatarRoutes } from './modules/avatar/avatar.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { aiGeneratorInfo } from './modules/ai/ai.service';
import { healthRoutes, type HealthOptions } from './lib/health';

/** The OAuth fields amplify reads (`Auth.Cognito.loginWith.oauth`). */
function pickOAuth(o: OAuthSettings): Pick<OAuthSettings, 'domain' | 'scopes' | 'redirectSignIn' | 'redirectSignOut'> {
  return { domain: o.domain, scopes: o.scopes, redirectSignIn: o.redirectSignIn, redirectSignOut: o.redirectSignOut };
}

/**
 * @param opts.health the health checks' state and job worker types (server.ts; lib/health.ts); default:
 *   never draining, no workers.
 */
export function createApp(deps: AppDeps, opts: { health?: HealthOptions } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler);
  // Security headers of every answer, chosen by route class (issue 10 §3; lib/security-headers.ts).
  app.use('*', securityHeaders(deps.env));
  // Caching and compression of the player pages, embed bundles and public bot data (issue 12 §7; lib/embed-cache.ts).
  for (const p of EMBED_PATHS) app.use(p, embedCompression(), embedCacheControl());
  // /healthz and /readyz (issue 18; lib/health.ts): no token, no database admission, before the SPA.
  app.route('/', healthRoutes(deps, opts.health));
  // Lanes, admission, statement timeout and cancellation of database work (issue 18; lib/db-guard.ts).
  app.use('*', dbGuard(deps.env.scale));

  app.route('/idp', deps.idp.routes);

  const api = new Hono<AppEnv>();
  api.onError(errorHandler);

  /** Runtime configuration for the SPA (DESIGN §1): one build serves every deployment. */
  api.get('/config', route({ summary: 'Runtime configuration of the SPA', tags: ['Config'], auth: 'public', responses: { 200: RuntimeConfig }, errors: [] }), (c) =>
    c.json({
      userPoolId: deps.env.userPoolId,
      userPoolClientId: deps.env.userPoolClientId,
      // Relative: the SPA resolves it against its own origin (localhost vs 127.0.0.1, Vite's dev proxy).
      userPoolEndpoint: '/idp',
      region: 'eu-west-1',
      sentryDsn: deps.env.sentryDsn ?? null,
      previewAllowedOrigins: [deps.env.publicUrl, ...deps.env.previewAllowedOrigins],
      // The origin embed codes name (share tab, server/src/modules/share/embed.codes.ts).
      publicUrl: deps.env.publicUrl,
      // Federated sign-in (issue 3): amplify's `loginWith.oauth`; Google button only when configured.
      oauth: { ...pickOAuth(oauthSettings(deps.env)), responseType: 'code' },
      google: !!(deps.env.googleClientId && deps.env.googleClientSecret),
      // Google Drive import (issue 5): same Google client as sign-in.
      googleDrive: !!(deps.env.googleClientId && deps.env.googleClientSecret),
      // Issue 10 §1: whether this server can process video (ffmpeg + ffprobe) and images (ffprobe);
      // `message` (English, names what to install) when it cannot. Paths and versions stay in the
      // start banner: this endpoint is public.
      mediaProcessing: {
        video: deps.env.mediaTools.video,
        images: deps.env.mediaTools.ffprobe.ok,
        ...(deps.env.mediaTools.message ? { message: deps.env.mediaTools.message } : {}),
      },
      // Issue 16: which AI generator (extractive offline, or an OpenAI-compatible model) and avatar provider answer.
      ai: aiGeneratorInfo(deps.env),
    } satisfies RuntimeConfig),
  );

  // The contract: GET /api/openapi.json and the reference at /api/docs (issue 10 §4), public.
  mountOpenApi(api, serverVersion());

  // --- public (no token) API routes: mount here -------------------------------------------------
  // PUBLIC_ROUTES
  api.route('/auth/sso', ssoDiscoverRoutes(deps));
  api.route('/auth', invitationPublicRoutes(deps));
  api.route('/public/bot', publicBotRoutes(deps));
  api.route('/public/bot', publicFormRoutes(deps));
  api.route('/public/bot', widgetConfigRoutes(deps));
  // Carousel config (issue 15; modules/widget/carousel.routes.ts).
  api.route('/public/widget', publicCarouselRoutes(deps));
  api.route('/events', ingestRoutes(deps));

  api.use('*', requireAuth(deps));

  // --- authenticated API routes: mount here -----------------------------------------------------
  // AUTH_ROUTES
  api.route('/integration', integrationRoutes(deps));
  // CRM integrations (issue 15): connect / list / disconnect, and the delivery retry of a form submission.
  api.route('/integration', crmIntegrationRoutes(deps));
  api.route('/account', crmAccountRoutes(deps));
  api.route('/bot', crmBotRoutes(deps));
  api.route('/admin/outbox', outboxRoutes(deps));
  api.route('/audit-log', auditRoutes(deps));
  api.route('/auth', authFinalizeRoutes(deps));
  api.route('/sso', ssoConfigRoutes(deps));
  api.route('/account', accountUserRoutes(deps));
  api.route('/user', userRoleRoutes(deps));
  api.route('/media', mediaRoutes(deps));
  api.route('/analytics', analyticsRoutes(deps));
  // Carousel preview config (issue 15; modules/widget/carousel.routes.ts).
  api.route('/widget', carouselPreviewRoutes(deps));
  api.route('/bot', liveStatusRoutes(deps));
  api.route('/bot', botRoutes(deps));
  api.route('/bot', formRoutes(deps));
  api.route('/bot', adPackageRoutes(deps));
  api.route('/tag', tagRoutes(deps));
  // Widgets (carousels), issue 15 (modules/widget/widget.routes.ts).
  api.route('/widget', widgetRoutes(deps));
  api.route('/global', globalRoutes());
  api.route('/user', userRoutes(deps));
  api.route('/account', accountRoutes(deps));
  api.route('/feature', featureRoutes(deps));
  // Avatar video generator (issue 16; modules/avatar/avatar.routes.ts).
  api.route('/generate', avatarRoutes(deps));
  // AI wizards (issue 16; modules/ai/ai.routes.ts): analysis (+ streaming), scripts, prompts, job status, vidbot from a script.
  api.route('/gen-ai', aiRoutes(deps));

  api.all('*', () => {
    throw notFound('No such API endpoint.');
  });
  app.route('/api', api);

  // --- stored media files (capability URLs, Range support) ---------------------------------------
  app.route('/files', filesRoutes(deps));

  // --- display ad frame and harness (issue 12; share/ad.pages.ts) ----------------------------------
  app.route('/', adPages(deps));
  // --- server-rendered player pages: /v/{publicId} direct link, /e/{publicId} frame (issue 12) ----
  app.route('/', sharePageRoutes(deps));
  // --- carousel play page /w/{publicId} and carousel previews (issue 15; before widgetPageRoutes) ---
  app.route('/', carouselPageRoutes(deps));
  // --- widget sync script and widget preview page (issue 12; before the static files) ------------
  app.route('/', widgetPageRoutes(deps));

  // --- built SPA --------------------------------------------------------------------------------
  const distDir = path.resolve(deps.env.distDir);
  const indexHtml = path.join(distDir, 'index.html');
  if (existsSync(indexHtml)) {
    const html = readFileSync(indexHtml, 'utf8');
    app.use('/assets/*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.' }));
    // Host pages on other sites import the embed bundles as ES modules, which are fetched with CORS.
    app.use('/embed/*', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
    app.use('/embed/*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.' }));
    app.use('*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.' }));
    // A missing embed file is a 404, not the SPA's index.html (which would be cached as a bundle).
    app.get('/embed/*', (c) => c.text('Not found', 404));
    app.get('*', (c) => c.html(html));
  } else {
    app.get('/', (c) => c.text('The SPA is not built: run `npm run build` (npm start does it for you).', 503));
  }
  return app;
}
