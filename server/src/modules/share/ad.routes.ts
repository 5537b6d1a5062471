/**
 * Display-ad API route (issue 12 "Display ads"): `GET /api/bot/{id}/ad-package?platform=` → the
 * HTML5 zip (`application/zip`, attachment). Mounted at `/api/bot` next to the bot routes. The public
 * pages (`/ad/{publicId}`, `/ad-harness/…`) are in ad.pages.ts.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { idParams, route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import { AdPackageQuery } from './ad.schemas';
import { buildAdPackage } from './ad.service';

/** `/api/bot/:id/ad-package`. */
export function adPackageRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(
    '/:id/ad-package',
    route({
      summary: 'Download the display ad of a vidbot',
      description:
        'Issue 12 "Display ads": the HTML5 package (zip) of the **published** revision for an ad platform — `platform` adform, xandr, dv360, gam (Google Ad Manager / CM360) or custom; omitted: adSettings.adPlatform. Files: `index.html` (the platform\'s click-tag convention and an iframe of `/ad/{publicId}` at the placement size), `manifest.json` for Adform, `tag.html` (third-party tag) for gam, dv360, xandr and custom (docs/embedding.md `## Display ads`). Any role in the bot\'s account and staff (spec 001 §6 share). 403 `featureRequired` when the account lacks `vidbot_as_ads`; 422 `notPublished` when the bot is not Published; 404 unknown or another account\'s bot.',
      tags: ['Bots'],
      responses: {},
      rawResponses: { 200: 'application/zip' },
      errors: [401, 403, 404, 422],
    }),
    idParams('Vidbot'),
    validate('query', AdPackageQuery),
    async (c) => {
      const pkg = await buildAdPackage(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query').platform, deps.env.publicUrl);
      return c.body(pkg.zip as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${pkg.fileName}"`,
        'Cache-Control': 'no-store',
      });
    },
  );
  return r;
}
