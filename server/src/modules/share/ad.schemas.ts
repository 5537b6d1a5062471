/**
 * Request shapes of the display-ad routes (issue 12 "Display ads"; docs/api.md, docs/embedding.md
 * `## Display ads`). The ad frame's and harness's query strings are parsed with the same schemas, so a
 * bad value answers 400/422 with field messages, never 500.
 */
import * as v from 'valibot';
import { AD_PACKAGE_PLATFORMS } from './ad.rules';

const platform = v.picklist(AD_PACKAGE_PLATFORMS, `platform must be one of ${AD_PACKAGE_PLATFORMS.join(', ')}.`);

/** `GET /bot/{id}/ad-package?platform=` — omitted: the bot's adSettings.adPlatform. */
export const AdPackageQuery = v.object({ platform: v.optional(platform) });
export type AdPackageQuery = v.InferOutput<typeof AdPackageQuery>;

/**
 * `GET /ad/{publicId}?platform=&click=&gdpr=&gdpr_consent=` — `click` is the platform's click
 * tracking prefix (http or https); `gdpr` 0 or 1; `gdpr_consent` the TCF string, passed on as is.
 * Values that are still unexpanded macros (a preview outside the ad server) are ignored by the page.
 */
export const AdFrameQuery = v.object({
  platform: v.optional(platform),
  click: v.optional(v.pipe(v.string(), v.maxLength(2000, 'click must be at most 2000 characters.'))),
  gdpr: v.optional(v.pipe(v.string(), v.maxLength(40, 'gdpr must be 0 or 1.'))),
  gdpr_consent: v.optional(v.pipe(v.string(), v.maxLength(4000, 'gdpr_consent must be at most 4000 characters.'))),
  /** Cache buster of third-party tags; ignored. */
  cb: v.optional(v.string()),
});
export type AdFrameQuery = v.InferOutput<typeof AdFrameQuery>;

/** `GET /ad-harness/{publicId}?platform=` — default gam. */
export const AdHarnessQuery = v.object({ platform: v.optional(platform, 'gam') });
