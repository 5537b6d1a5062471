/**
 * `GET /global` (spec 000 §7 "Global and users"; docs/api.md *(design)*): the enumerations the SPA
 * needs before anything else loads (spec 000 §4 "Loading gates") — languages, role values, media
 * kinds, feature-flag names — and the server version.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaKind, RoleName } from '../../db/schema';
import type { Global } from './global.schemas';

/** Dashboard languages (spec 000 §3 User.language; default en). */
export const LANGUAGES = ['en', 'fi'] as const;
/** Account role values (spec 000 §3). */
export const ROLE_NAMES: readonly RoleName[] = ['Owner', 'Admin', 'Editor', 'Viewer', 'Reseller'];
/** Staff role values as the spec writes them (spec 000 §3); held as user flags, not account roles. */
export const STAFF_ROLE_NAMES = ['Super_Admin', 'Customer_Success'] as const;
/** Media kinds (spec 000 §3, spec 001 §3). */
export const MEDIA_KINDS: readonly MediaKind[] = ['SlideVideo', 'LogoVideo', 'SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage'];
/** Feature-flag names (spec 000 §3, `{product}` = vidbot). */
export const FLAG_NAMES = [
  'integration',
  'integration_hubspot',
  'integration_linear',
  'integration_pipedrive',
  'integration_salesforce',
  'integration_google_drive',
  'google_analytics_cookies',
  'vidbot_as_ads',
  'new_widgets',
  'widget_sync',
  'no_cookies',
  'url_map',
  'company_profile',
  'vidbot_scheduler',
  'button_outline',
  'likes',
  'close_button',
  'hide_share_button',
  'hide_watermark',
  'hide_widget_on_scroll',
  'generative_ai',
  'video_generation',
] as const;

function readVersion(): string {
  try {
    const pkgPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') return pkg.version;
  } catch {
    // fall through: a bundled deployment without package.json beside the sources
  }
  return process.env.npm_package_version ?? '0.0.0';
}

const version = readVersion();

/** package.json version of the running server. */
export const serverVersion = (): string => version;

/** The `GET /global` answer; the same for every caller. */
export function getGlobal(): Global {
  return {
    languages: [...LANGUAGES],
    roles: [...ROLE_NAMES],
    staffRoles: [...STAFF_ROLE_NAMES],
    mediaKinds: [...MEDIA_KINDS],
    flagNames: [...FLAG_NAMES],
    version,
  };
}
