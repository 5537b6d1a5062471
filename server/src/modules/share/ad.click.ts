/**
 * The two rules the display-ad frame applies in the browser (issue 12 "Display ads"; ad.rules.ts has
 * the rest). No imports, so embed/ad/ad.ts bundles only these few lines.
 */
import type { BotSettings } from '../bot/content.rules';

type AdSettings = BotSettings['adSettings'];

/** The ad options the frame page hands to embed/ad/ad.ts (`<script id="vidbot-ad">`). */
export interface AdFrameConfig {
  publicId: string;
  platform: 'adform' | 'xandr' | 'dv360' | 'gam' | 'custom';
  /** Click tracking prefix (http/https) or null: destinations then open directly. */
  click: string | null;
  /** TCF: `gdpr` ("0"/"1") and the consent string, passed on to the impression tag. */
  gdpr: string | null;
  gdprConsent: string | null;
  /** GVL vendor id whose consent the string carries for this platform (1219 for dv360), else null. */
  consentVendorId: number | null;
  /** Pixel URL fired once when ≥ 50 % of the ad is visible (macros expanded by the frame). */
  impressionTag: string | null;
  placement: AdSettings['placement'];
  width: number;
  height: number;
  horizontalDesktopLayout: boolean;
  language: AdSettings['language'];
  thumbnail: AdSettings['thumbnail'];
  autoplayOnScroll: boolean;
  loopIntroSlide: boolean;
}

/** IAB TCF Global Vendor List id of Videobot Ltd (spec 001 §9): the DV360 consent macro names it. */
export const AD_CONSENT_VENDOR_ID = 1219;

/**
 * The URL the ad frame opens for a destination: `click + encodeURIComponent(destination)` when a
 * click tracking prefix is known (the platform's redirect; Adform's ends in `;cpdir=`), else the
 * destination itself.
 */
export function clickThroughUrl(click: string | null, destination: string): string {
  return click ? click + encodeURIComponent(destination) : destination;
}

/**
 * Expands the macros of an impression pixel URL (adSettings.impressionTag): cache busters
 * (`[timestamp]`, `[CACHEBUSTER]`, `%%CACHEBUSTER%%`, `${CACHEBUSTER}`) → `random`; `${GDPR}` → gdpr;
 * `${GDPR_CONSENT_1219}` and `${GDPR_CONSENT}` → the consent string. Values are URL-encoded.
 */
export function expandImpressionTag(tag: string, values: { random: string; gdpr: string | null; gdprConsent: string | null }): string {
  return tag
    .replace(/\[timestamp\]|\[CACHEBUSTER\]|%%CACHEBUSTER%%|\$\{CACHEBUSTER\}/gi, values.random)
    .replace(/\$\{GDPR\}/g, encodeURIComponent(values.gdpr ?? ''))
    .replace(new RegExp(`\\$\\{GDPR_CONSENT(?:_${AD_CONSENT_VENDOR_ID})?\\}`, 'g'), encodeURIComponent(values.gdprConsent ?? ''));
}
