/**
 * Display ads on the server (issue 12 "Display ads"; spec 001 §3 adSettings, §6 share permissions and
 * the `vidbot_as_ads` feature): the published bot of an ad frame, and the downloadable HTML5 package
 * per platform (`GET /api/bot/{id}/ad-package`). The files are built by ad.rules.ts (pure).
 *
 * The feature is the **account's**: a `vidbot_as_ads` flag (either flag type) that is on for everyone
 * or lists the bot's account (feature.policy.ts `flagEnabled` without a caller — the ad frame has
 * none). The package endpoint uses the same rule, so a package is only handed out when its frame
 * answers.
 */
import { zipSync, strToU8 } from 'fflate';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { featureFlags } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { HttpError, notFound } from '../../lib/errors';
import * as repo from '../bot/bot.repo';
import { getPublicBot, readContent, visible, type PlayerBot } from '../bot/bot.service';
import { mergeBotSettings, type BotSettings } from '../bot/content.rules';
import { adPackageFileName, adPackageFiles, type AdPackageInput, type AdPackagePlatform, type AdSettings } from './ad.rules';

/** The feature flag name that gates display ads (spec 001 §6). */
export const ADS_FEATURE = 'vidbot_as_ads';

/** Whether flag `name` is on for account `accountId` (on for everyone, or the account is listed). */
export async function accountHasFeature(db: Db, accountId: number, name: string): Promise<boolean> {
  const rows = await db.select({ isEveryone: featureFlags.isEveryone, accountIds: featureFlags.accountIds }).from(featureFlags).where(eq(featureFlags.name, name));
  return rows.some((r) => r.isEveryone === true || r.accountIds.includes(accountId));
}

/** 403 `featureRequired` for display ads (the code patchBot uses for gated settings). */
export const adsFeatureRequired = () =>
  new HttpError(403, `This account does not have the ${ADS_FEATURE} feature needed for display ads.`, 'featureRequired', { platform: `Needs the ${ADS_FEATURE} feature.` });

/** The bot an ad frame plays: its PlayerBot (published revision) and complete adSettings. */
export interface AdBot {
  bot: PlayerBot;
  accountId: number;
  ad: AdSettings;
}

/**
 * The published bot behind `V/ad/{publicId}`, or 404 when it is not served publicly (unknown, not
 * Published, Deactivated, suspended account) or its account lacks `vidbot_as_ads` — a missing feature
 * looks the same as a missing bot to a page on someone else's site.
 * @throws HttpError 404
 */
export async function loadAdBot(db: Db, publicId: string): Promise<AdBot> {
  const found = await repo.findBotByPublicId(db, publicId);
  if (!found || !(await accountHasFeature(db, found.bot.accountId, ADS_FEATURE))) throw notFound('Vidbot not found.');
  const bot = await getPublicBot(db, publicId);
  return { bot, accountId: found.bot.accountId, ad: (bot.settings as BotSettings).adSettings };
}

/** The landing page Adform's manifest declares: the first http(s) EXTERNAL_LINK, else the direct link `V/v/{publicId}`. */
export function landingUrlOf(actions: readonly { type: string; url?: unknown }[], origin: string, publicId: string): string {
  const link = actions.find((a) => a.type === 'EXTERNAL_LINK' && typeof a.url === 'string' && /^https?:\/\//i.test(a.url));
  return (link?.url as string | undefined) ?? `${origin}/v/${encodeURIComponent(publicId)}`;
}

/** A built package. */
export interface AdPackage {
  fileName: string;
  /** The zip file's bytes. */
  zip: Uint8Array;
  /** Path → text of the files inside (tests, harness). */
  files: Record<string, string>;
}

/**
 * `GET /bot/{id}/ad-package?platform=` — the HTML5 zip of the bot's **published** revision for the
 * platform (default: adSettings.adPlatform), built with fflate.
 * @param origin V (`env.publicUrl`): the package's iframe points at `V/ad/{publicId}`.
 * @throws HttpError 404 bot not visible to the caller (any role in its account, or staff — spec 001
 *   §6 share); 403 `featureRequired` without `vidbot_as_ads`; 422 `notPublished` when the bot is not
 *   Published.
 */
export async function buildAdPackage(db: Db, user: AuthUser, botId: number, platform: AdPackagePlatform | undefined, origin: string): Promise<AdPackage> {
  const bot = visible(user, await repo.findBotById(db, botId));
  if (!(await accountHasFeature(db, bot.accountId, ADS_FEATURE))) throw adsFeatureRequired();
  if (bot.status !== 'Published' || bot.publishedRevisionId === null) {
    throw new HttpError(422, 'Publish the vidbot before downloading its display ad.', 'notPublished', { id: 'The vidbot is not Published.' });
  }
  const revision = await repo.findRevision(db, bot.publishedRevisionId);
  const content = readContent(revision?.content);
  const settings = mergeBotSettings(content.settings);
  const chosen = platform ?? settings.adSettings.adPlatform;
  const input: AdPackageInput = {
    origin,
    publicId: bot.publicId,
    name: bot.name,
    settings: settings.adSettings,
    landingUrl: landingUrlOf(content.actions, origin, bot.publicId),
  };
  const files = adPackageFiles(chosen, input);
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6, mtime: new Date('2024-01-01T00:00:00Z') });
  return { fileName: adPackageFileName(chosen, bot.publicId, settings.adSettings), zip, files };
}
