/**
 * Vidbot rules (spec 001 §2–§7; docs/api.md "Bots"): list, create, read, save drafts, publish,
 * deactivate / reactivate, and the public player read. Routes validate and delegate here; SQL is in
 * bot.repo.ts; who-may decisions are in bot.policy.ts.
 *
 * Revisions are immutable rows (DESIGN §1b): saving content inserts revision max+1 inside a
 * transaction that locks the bot row, so concurrent saves serialise and none is lost; the unique
 * index (bot_id, rev_number) is the last guard — a conflict is retried once, then answered 409.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, botRevisions, bots, type BotPrivacy, type BotStatus, type RevisionStatus } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { listMetadata, type ListMetadata } from '../../lib/list-query';
import { recordAudit } from '../../lib/audit';
import { canUseAccount } from '../../lib/policy';
import { canCreateBot, canEditBot, canReactivateBot, canStarBot, canViewBots } from './bot.policy';
import * as repo from './bot.repo';
import * as tagRepo from '../tag/tag.repo';
import { listCaptions } from '../media/media.repo';
import type { BotRow, MediaRow, RevisionRow } from './bot.repo';
import { featureGateIssues, mergeBotSettings, PRIVATE_FORM_FIELDS, valueAt, type BotSettings, type PublicAction } from './content.rules';
import { getFeatures } from '../feature/feature.service';
import {
  contentIssues,
  emptyContent,
  hasIntroSlide,
  isRecord,
  toStoredContent,
  type Action,
  type BotListQuery,
  type CreateBotBody,
  type PatchBotBody,
  type StoredContent,
  type StoredSlide,
} from './bot.schemas';

// --- answer shapes (docs/api.md) ---------------------------------------------------------------------

/** Answer shapes are declared once as valibot schemas in bot.schemas.ts (issue 10 §4). */
import type { BotDetail, BotListItem, LiveStatus, PlayerAnalytics, PlayerBot, ResolvedSlide } from './bot.schemas';
import type { AccountOptions } from '../../db/schema';
import { sanitizeCustomCss } from '../share/custom-css';
export type { BotDetail, BotListItem, LiveStatus, PlayerBot, ResolvedSlide } from './bot.schemas';

export interface ResolvedContent {
  slides: ResolvedSlide[];
  actions: Action[];
  theme: Record<string, unknown>;
  /** Complete settings (stored over the §9 defaults). */
  settings: BotSettings;
}

// --- media ---------------------------------------------------------------------------------------------

/** Public URL of a stored file (docs/api.md "Files are served from /files/{key}"); path segments are encoded. */
export function fileUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  return `/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

const isVideoKind = (m: MediaRow) => (repo.VIDEO_KINDS as readonly string[]).includes(m.type);
const isImageKind = (m: MediaRow) => (repo.IMAGE_KINDS as readonly string[]).includes(m.type);

/**
 * Resolves the media of a content document — the one resolver behind `GET /bot/{id}` and
 * `GET /public/bot/{publicId}`. Loads every referenced media row of `accountId` in one query and
 * fills each slide's `videoUrl` (`/files/{playbackKey}`), `imageUrl` (`/files/{playbackKey}` of the
 * image), `posterUrl` (`/files/{posterKey}`; for IMAGE slides the image itself when it has no poster),
 * `duration` (seconds) and `captions` (the video's WebVTT tracks `{ id, languageCode, url }`), and each
 * share-media action's `media` `{ id, name, type, url, thumbnailUrl, duration }`. Media that is missing, of
 * another account, of the wrong kind or not Ready resolves to nulls. Settings come back complete (over the §9 defaults).
 */
export async function resolveContentMedia(db: Db, accountId: number, content: StoredContent): Promise<ResolvedContent> {
  const ids = new Set<number>();
  for (const s of content.slides) {
    if (s.videoId) ids.add(s.videoId);
    if (s.imageId) ids.add(s.imageId);
  }
  for (const a of content.actions) if (a.type === 'SHARE_MEDIA') ids.add(a.mediaId);
  const rows = await repo.findAccountMedia(db, accountId, [...ids]);
  const ready = new Map(rows.filter((m) => m.status === 'Ready').map((m) => [m.id, m]));
  const captionRows = await listCaptions(db, [...ready.keys()]);
  const slides = content.slides.map((s): ResolvedSlide => {
    const video = s.videoId ? ready.get(s.videoId) : undefined;
    const image = s.imageId ? ready.get(s.imageId) : undefined;
    const videoOk = video && isVideoKind(video) ? video : undefined;
    const imageOk = image && isImageKind(image) ? image : undefined;
    const imageUrl = fileUrl(imageOk?.playbackKey);
    const posterUrl = s.type === 'IMAGE' ? (fileUrl(imageOk?.posterKey) ?? imageUrl) : fileUrl(videoOk?.posterKey);
    return {
      ...s,
      videoUrl: fileUrl(videoOk?.playbackKey),
      posterUrl,
      imageUrl,
      duration: videoOk?.duration ?? null,
      captions: videoOk
        ? captionRows.filter((c) => c.mediaId === videoOk.id).map((c) => ({ id: c.id, languageCode: c.languageCode, url: `/files/${c.fileKey}` }))
        : [],
    };
  });
  const actions = content.actions.map((a): Action => {
    if (a.type !== 'SHARE_MEDIA') return a;
    const m = ready.get(a.mediaId);
    const shared = m && (isVideoKind(m) || isImageKind(m)) ? m : undefined;
    return {
      ...a,
      media: shared
        ? { id: shared.id, name: shared.name, type: shared.type, url: fileUrl(shared.playbackKey), thumbnailUrl: fileUrl(shared.posterKey), duration: shared.duration }
        : null,
    };
  });
  return { slides, actions, theme: content.theme, settings: mergeBotSettings(content.settings) };
}

/** Media a settings reference may name (spec 001 §3): kinds allowed and the message for another kind. */
const SETTINGS_MEDIA: readonly { path: string; kinds: readonly string[]; wrong: string }[] = [
  { path: 'logoId', kinds: ['LogoImage', 'LogoVideo'], wrong: 'is not a logo (LogoImage or LogoVideo)' },
  { path: 'widgetCoverId', kinds: ['CoverImage'], wrong: 'is not a cover image' },
  { path: 'thumbnailCoverId', kinds: ['CoverImage'], wrong: 'is not a cover image' },
  { path: 'widgetSettings.chatVideoId', kinds: repo.VIDEO_KINDS, wrong: 'is not a video' },
  { path: 'widgetSettings.thumbnail.widgetThumbnailId', kinds: ['CoverImage'], wrong: 'is not a cover image' },
];

/**
 * Media references of a document that are not usable, as field path → message: a slide's videoId
 * must be video media (SlideVideo, LogoVideo) of the bot's account, imageId image media of it; in
 * settings logoId a logo, widgetCoverId / thumbnailCoverId / the widget's custom thumbnail a
 * CoverImage, widgetSettings.chatVideoId a video; a share-media action's mediaId a video or image
 * of the account. Also (not media, same kind of check) each URL map's botId must be a vidbot of the account.
 */
export async function mediaIssues(db: Db, accountId: number, content: StoredContent): Promise<Record<string, string>> {
  const ids = new Set<number>();
  for (const s of content.slides) {
    if (s.videoId) ids.add(s.videoId);
    if (s.imageId) ids.add(s.imageId);
  }
  const settingsRefs = SETTINGS_MEDIA.map((ref) => ({ ...ref, id: valueAt(content.settings, ref.path) })).filter(
    (ref): ref is typeof ref & { id: number } => typeof ref.id === 'number',
  );
  for (const ref of settingsRefs) ids.add(ref.id);
  for (const a of content.actions) if (a.type === 'SHARE_MEDIA') ids.add(a.mediaId);
  const found = new Map((await repo.findAccountMedia(db, accountId, [...ids])).map((m) => [m.id, m]));
  const errors: Record<string, string> = {};
  const missing = (id: number) => `Media ${id} does not exist in this account.`;
  content.slides.forEach((s, i) => {
    if (s.videoId) {
      const m = found.get(s.videoId);
      if (!m) errors[`slides.${i}.videoId`] = missing(s.videoId);
      else if (!isVideoKind(m)) errors[`slides.${i}.videoId`] = `Media ${s.videoId} is not a video.`;
    }
    if (s.imageId) {
      const m = found.get(s.imageId);
      if (!m) errors[`slides.${i}.imageId`] = missing(s.imageId);
      else if (!isImageKind(m)) errors[`slides.${i}.imageId`] = `Media ${s.imageId} is not an image.`;
    }
  });
  for (const ref of settingsRefs) {
    const m = found.get(ref.id);
    if (!m) errors[`settings.${ref.path}`] = missing(ref.id);
    else if (!ref.kinds.includes(m.type)) errors[`settings.${ref.path}`] = `Media ${ref.id} ${ref.wrong}.`;
  }
  const mapped = [...new Set((content.settings.urlMaps ?? []).map((m) => m.botId))];
  const accountBots = mapped.length
    ? new Set(
        (await db.select({ id: bots.id }).from(bots).where(and(eq(bots.accountId, accountId), inArray(bots.id, mapped)))).map((b) => b.id),
      )
    : new Set<number>();
  (content.settings.urlMaps ?? []).forEach((m, i) => {
    if (!accountBots.has(m.botId)) errors[`settings.urlMaps.${i}.botId`] = `Vidbot ${m.botId} does not exist in this account.`;
  });
  content.actions.forEach((a, i) => {
    if (a.type !== 'SHARE_MEDIA') return;
    const m = found.get(a.mediaId);
    if (!m) errors[`actions.${i}.mediaId`] = missing(a.mediaId);
    else if (!isVideoKind(m) && !isImageKind(m)) errors[`actions.${i}.mediaId`] = `Media ${a.mediaId} cannot be shared.`;
  });
  return errors;
}

/** A stored content document as written by `toStoredContent` (validated on write; tolerant of a missing key). */
export function readContent(raw: Record<string, unknown> | undefined): StoredContent {
  if (!raw) return emptyContent();
  return {
    slides: Array.isArray(raw.slides) ? (raw.slides as StoredSlide[]) : [],
    actions: Array.isArray(raw.actions) ? (raw.actions as Action[]) : [],
    theme: isRecord(raw.theme) ? raw.theme : {},
    // revisions saved before issue 11 have no settings: they read as the defaults
    settings: isRecord(raw.settings) ? (raw.settings as StoredContent['settings']) : {},
  };
}

/** Actions as the public player gets them: REGULAR_FORM actions lose their private fields (PRIVATE_FORM_FIELDS). */
export function publicActions(actions: Action[]): PublicAction[] {
  return actions.map((a): PublicAction => {
    if (a.type !== 'REGULAR_FORM') return a;
    return Object.fromEntries(Object.entries(a).filter(([k]) => !(PRIVATE_FORM_FIELDS as readonly string[]).includes(k))) as PublicAction;
  });
}

/**
 * Settings as the public player gets them. Everything in settings is what the player or an embed
 * needs (tracking ids, URL maps, widget and share options) except the power-user `useCase`, which is
 * internal and blanked.
 */
export function publicSettings(settings: BotSettings): BotSettings {
  return { ...settings, useCase: null };
}

// --- shapes --------------------------------------------------------------------------------------------

function hasDraft(bot: BotRow): boolean {
  return bot.publishedRevisionId !== null && bot.latestRevisionId !== null && bot.latestRevisionId !== bot.publishedRevisionId;
}

/**
 * Live status of a bot at `now` — THE rule (spec 001 §2, spec 002 §2, §3; issue 13 "Live status
 * becomes real"). The source is `lastViewedAt`, fed by viewer events: the event ingest
 * (`POST /api/events`) touches it on `session` / `opened` and the player page load
 * (`getPublicBot`) on each load, both at most once a minute per bot (`repo.touchLastViewed`).
 * Published and seen within 24 h (`repo.LIVE_WINDOW_MS`) → live; seen before but not within 24 h →
 * offline; never seen → inactive. Bots that are not Published are inactive (no live status is shown
 * for them). The SQL sorts (`liveRank` in bot.repo.ts: the bot list, the analytics table, the staff
 * live status list `GET /bot/status`) apply the same rule.
 */
export function liveStatusOf(bot: Pick<BotRow, 'status' | 'lastViewedAt'>, now: Date): LiveStatus {
  if (bot.status !== 'Published' || bot.lastViewedAt === null) return 'inactive';
  return now.getTime() - bot.lastViewedAt.getTime() <= repo.LIVE_WINDOW_MS ? 'live' : 'offline';
}

function toListItem(row: repo.BotListRow, now: Date): BotListItem {
  const b = row.bot;
  return {
    id: b.id,
    publicId: b.publicId,
    accountId: b.accountId,
    name: b.name,
    status: b.status,
    privacy: b.privacy,
    isStarred: b.isStarred,
    author: b.authorId !== null && row.authorEmail !== null ? { id: b.authorId, email: row.authorEmail } : null,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    posterUrl: fileUrl(row.posterKey),
    slideCount: row.slideCount,
    hasDraft: hasDraft(b),
    revNumber: row.revNumber,
    revisionStatus: row.revisionStatus,
    botRevisionId: row.revisionId,
    liveStatus: liveStatusOf(b, now),
    tagsList: row.tagsList,
  };
}

/** The `Bot` answer for one revision of a bot (media resolved). */
export async function botDetail(db: Db, bot: BotRow, revision: RevisionRow | undefined, now = new Date()): Promise<BotDetail> {
  const author = await repo.findAuthor(db, bot.authorId);
  const tagsList = await tagRepo.tagsOfBot(db, bot.id);
  const content = await resolveContentMedia(db, bot.accountId, readContent(revision?.content));
  const intro = content.slides.find((s) => s.category === 'INTRO');
  return {
    id: bot.id,
    publicId: bot.publicId,
    accountId: bot.accountId,
    name: bot.name,
    status: bot.status,
    privacy: bot.privacy,
    isStarred: bot.isStarred,
    author,
    createdAt: bot.createdAt.toISOString(),
    updatedAt: bot.updatedAt.toISOString(),
    posterUrl: intro?.posterUrl ?? null,
    slideCount: content.slides.length,
    hasDraft: hasDraft(bot),
    revNumber: revision?.revNumber ?? null,
    revisionStatus: revision?.status ?? null,
    botRevisionId: revision?.id ?? null,
    liveStatus: liveStatusOf(bot, now),
    tagsList,
    publishedRevisionId: bot.publishedRevisionId,
    slides: content.slides,
    actions: content.actions,
    theme: content.theme,
    settings: content.settings,
  };
}

// --- helpers -------------------------------------------------------------------------------------------

const botNotFound = () => notFound('Vidbot not found.');

/** 422 `noSlidesPublish` (spec 001 §4, §8). */
export const noSlidesPublish = () =>
  new HttpError(422, 'Publishing needs a slide of category INTRO.', 'noSlidesPublish');

/**
 * 409 `revisionConflict` (issue 11 "two tabs"): the editor's base revision is no longer the latest;
 * `revNumber` is the latest revision's number.
 */
export const revisionConflict = (revNumber: number) =>
  conflict(
    `This vidbot was saved in another tab or by someone else (revision ${revNumber}). Reload to see their changes; your edits are still here.`,
    'revisionConflict',
  );

/**
 * 403 `featureRequired` (spec 001 §6): a gated setting or form integration changed without its
 * feature (or useCase without staff); `errors` maps each `content.`-prefixed path to the feature.
 */
function featureRequired(gates: readonly { feature: string; path: string }[]): HttpError {
  const errors = Object.fromEntries(
    gates.map((g) => [`content.${g.path}`, g.feature === 'staff' ? 'Only superusers and customer success can change this.' : `Needs the ${g.feature} feature.`]),
  );
  const first = gates[0]!;
  const detail =
    first.feature === 'staff'
      ? `Only superusers and customer success can change content.${first.path}.`
      : `This account does not have the ${first.feature} feature needed to change content.${first.path}.`;
  return new HttpError(403, detail, 'featureRequired', errors);
}

/** The caller's features for the bot's account (empty when the bot is not visible: the transaction answers 404). */
async function botFeatures(db: Db, user: AuthUser, botId: number): Promise<string[]> {
  const bot = await repo.findBotById(db, botId);
  if (!bot || !canViewBots(user, bot.accountId)) return [];
  return (await getFeatures(db, user, { account_id: bot.accountId })).features;
}

/** 422 for content issues; paths are prefixed with `content.` like the body schema's own paths. */
function invalidContent(issues: Record<string, string>): HttpError {
  const errors = Object.fromEntries(Object.entries(issues).map(([k, m]) => [`content.${k}`, m]));
  return new HttpError(422, 'The content is not valid.', 'validation_error', errors);
}

/** A bot the caller may see, else 404 (missing and other accounts' bots look the same). */
export function visible(user: AuthUser, bot: BotRow | undefined): BotRow {
  if (!bot || !canViewBots(user, bot.accountId)) throw botNotFound();
  return bot;
}

/** Random url-safe id of 10 characters (A–Z a–z 0–9 - _), ~60 bits. */
export function newPublicId(): string {
  return randomBytes(8).toString('base64url').slice(0, 10);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (isRecord(e) && e.code === '23505') return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** Runs `fn` (a whole transaction); on a unique violation runs it once more, then answers 409. */
export async function retryOnUniqueViolation<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another save of this vidbot happened at the same time. Reload and try again.', 'revisionConflict');
    throw err;
  }
}

/**
 * Publishes `revision` of a locked bot (spec 001 §4): the revision needs an INTRO slide (422
 * noSlidesPublish); any other Published revision of the bot becomes Archived; this one becomes
 * Published with publishedAt = now (unless it already is). Returns the bot columns to set.
 */
async function publishRevisionTx(tx: Db, bot: BotRow, revision: RevisionRow): Promise<Pick<BotRow, 'status' | 'publishedRevisionId'>> {
  if (!hasIntroSlide(revision.content)) throw noSlidesPublish();
  await tx
    .update(botRevisions)
    .set({ status: 'Archived' })
    .where(and(eq(botRevisions.botId, bot.id), eq(botRevisions.status, 'Published'), ne(botRevisions.id, revision.id)));
  if (revision.status !== 'Published') await repo.setRevisionStatus(tx, revision.id, 'Published', new Date());
  return { status: 'Published', publishedRevisionId: revision.id };
}

// --- operations ----------------------------------------------------------------------------------------

/**
 * `GET /bot` — one page of the account's bots (spec 001 §2). 404 when the caller may not use the
 * account.
 */
export async function listBots(
  db: Db,
  user: AuthUser,
  q: BotListQuery,
  now = new Date(),
): Promise<{ records: BotListItem[]; metadata: ListMetadata }> {
  if (!canViewBots(user, q.account_id)) throw notFound('Account not found.');
  const { rows, totalCount } = await repo.listBotPage(db, {
    accountId: q.account_id,
    page: q.page,
    size: q.size,
    orderBy: q.order_by,
    direction: q.order_direction,
    name: q.bot_name,
    tagIds: q.tag_ids,
    now,
  });
  return { records: rows.map((r) => toListItem(r, now)), metadata: listMetadata(q.page, q.size, totalCount) };
}

/**
 * `POST /bot` — creates the bot (Draft, author = caller, random publicId) and revision 1 (Draft,
 * empty content) in one transaction. 404 unknown / foreign account; 403 for Viewer.
 */
export async function createBot(
  db: Db,
  user: AuthUser,
  body: CreateBotBody,
  /** Revision 1's content (default empty); the AI wizards pass a generated document (ai.service.ts, issue 16). */
  opts: { content?: StoredContent; auditDetails?: Record<string, unknown> } = {},
): Promise<BotDetail> {
  if (!canUseAccount(user, body.accountId)) throw notFound('Account not found.');
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, body.accountId)).limit(1);
  if (!account) throw notFound('Account not found.');
  if (!canCreateBot(user, body.accountId)) throw forbidden('Viewers cannot create vidbots.');

  const { bot, revision } = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      let publicId = newPublicId();
      for (let i = 0; i < 5 && (await repo.publicIdExists(tx, publicId)); i++) publicId = newPublicId();
      const created = await repo.insertBot(tx, {
        publicId,
        accountId: body.accountId,
        name: body.name,
        privacy: body.privacy,
        authorId: user.id,
      });
      const rev = await repo.insertRevision(tx, {
        botId: created.id,
        revNumber: 1,
        content: { ...(opts.content ?? emptyContent()) },
        createdBy: user.id,
      });
      const updated = await repo.updateBot(tx, created.id, { latestRevisionId: rev.id });
      await recordAudit(tx, {
        accountId: body.accountId,
        actorUserId: user.id,
        type: 'bot.create',
        targetType: 'bot',
        targetId: created.id,
        targetName: created.name,
        ...(opts.auditDetails ? { details: opts.auditDetails } : {}),
      });
      return { bot: updated, revision: rev };
    }),
  );
  return botDetail(db, bot, revision);
}

/** `GET /bot/{id}?mode=` — the latest revision (draft mode) or the published one (404 if never published). */
export async function getBot(db: Db, user: AuthUser, id: number, mode: 'draft' | 'published'): Promise<BotDetail> {
  const bot = visible(user, await repo.findBotById(db, id));
  const revisionId = mode === 'published' ? bot.publishedRevisionId : bot.latestRevisionId;
  if (mode === 'published' && revisionId === null) throw notFound('This vidbot has no published revision.');
  const revision = revisionId === null ? undefined : await repo.findRevision(db, revisionId);
  return botDetail(db, bot, revision);
}

/**
 * Audit rows of one `PATCH /bot/{id}` (same transaction): `bot.save` (new revision), `bot.update`
 * (name, privacy, isStarred), and one status event — `bot.publish` (details revisionId, and
 * `reactivated` from Deactivated), or `bot.deactivate`.
 */
async function auditBotPatch(tx: Db, user: AuthUser, before: BotRow, after: BotRow, body: PatchBotBody, savedRevision: RevisionRow | undefined, tagsChanged = false): Promise<void> {
  const base = { accountId: before.accountId, actorUserId: user.id, targetType: 'bot', targetId: before.id, targetName: after.name };
  if (savedRevision) await recordAudit(tx, { ...base, type: 'bot.save', details: { revisionId: savedRevision.id, revNumber: savedRevision.revNumber } });
  const fields: string[] = (['name', 'privacy', 'isStarred'] as const).filter((k) => body[k] !== undefined && body[k] !== before[k]);
  if (tagsChanged) fields.push('tagIds');
  if (fields.length) await recordAudit(tx, { ...base, type: 'bot.update', details: { fields, ...(fields.includes('name') ? { previousName: before.name } : {}) } });
  if (body.status === 'Published' && (before.status !== 'Published' || after.publishedRevisionId !== before.publishedRevisionId)) {
    await recordAudit(tx, { ...base, type: 'bot.publish', details: { revisionId: after.publishedRevisionId, ...(before.status === 'Deactivated' ? { reactivated: true } : {}) } });
  } else if (body.status === 'Deactivated' && before.status !== 'Deactivated') {
    await recordAudit(tx, { ...base, type: 'bot.deactivate' });
  }
}

/**
 * Replaces a locked bot's tags with `tagIds` (bot-level, applies at once; issue 11 "List"). Every id
 * must be a tag of the bot's account, else 422 `{ tagIds: 'Tag 9 does not belong to this account.' }`.
 * Resolves true when the set changed.
 */
async function applyBotTags(tx: Db, bot: BotRow, tagIds: number[]): Promise<boolean> {
  const wanted = [...new Set(tagIds)];
  const found = new Set((await tagRepo.findAccountTags(tx, bot.accountId, wanted)).map((t) => t.id));
  const foreign = wanted.filter((t) => !found.has(t));
  if (foreign.length) {
    const message = `Tag ${foreign.join(', ')} does not belong to this account.`;
    throw new HttpError(422, message, 'validation_error', { tagIds: message });
  }
  const current = (await tagRepo.tagsOfBot(tx, bot.id)).map((t) => t.id).sort((a, b) => a - b);
  if (current.length === wanted.length && [...wanted].sort((a, b) => a - b).every((id, i) => id === current[i])) return false;
  await tagRepo.setBotTags(tx, bot.id, wanted);
  return true;
}

/**
 * `PATCH /bot/{id}` — in one transaction with the bot row locked:
 * 1. `content` → validated (422 with field paths; media must belong to the account) and inserted as
 *    a new Draft revision with revNumber max+1, which becomes the latest;
 * 2. `name`, `privacy`, `isStarred` (staff only: power-user star toggle), `tagIds` (tags of the
 *    bot's account, else 422; replaces the bot's tags);
 * 3. `status`: 'Published' from Draft/Published publishes the latest revision (needs INTRO, else
 *    422 noSlidesPublish); from Deactivated it reactivates (superuser / customer success only, the
 *    published revision is served again); 'Deactivated' only from Published (else 422).
 * 404 bot not visible; 403 caller may not edit (spec 001 §6).
 */
export async function patchBot(db: Db, user: AuthUser, id: number, body: PatchBotBody): Promise<BotDetail> {
  const content = body.content ? toStoredContent(body.content) : undefined;
  if (content) {
    const issues = contentIssues(content);
    if (Object.keys(issues).length) throw invalidContent(issues);
  }
  // the caller's feature list for the bot's account, as GET /feature answers it (spec 001 §6 gates)
  const features = content ? await botFeatures(db, user, id) : undefined;
  const bot = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      const locked = visible(user, await repo.lockBot(tx, id));
      if (!canEditBot(user, locked)) {
        throw forbidden('Editing this vidbot is restricted to account owners, admins or its author.');
      }
      if (body.isStarred !== undefined && body.isStarred !== locked.isStarred && !canStarBot(user)) {
        throw forbidden('Only superusers and customer success can star vidbots.');
      }
      const patch: Parameters<typeof repo.updateBot>[2] = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.privacy !== undefined) patch.privacy = body.privacy;
      if (body.isStarred !== undefined) patch.isStarred = body.isStarred;
      const tagsChanged = body.tagIds !== undefined && (await applyBotTags(tx, locked, body.tagIds));

      let latest: RevisionRow | undefined;
      if (content) {
        const previous = locked.latestRevisionId === null ? undefined : await repo.findRevision(tx, locked.latestRevisionId);
        if (body.baseRevisionId !== undefined && previous && body.baseRevisionId !== previous.id) throw revisionConflict(previous.revNumber);
        // a document without settings keeps the latest revision's (a client that knows nothing of settings loses none)
        if (body.content?.settings === undefined) content.settings = readContent(previous?.content).settings;
        const gates = featureGateIssues(readContent(previous?.content), content, features ?? [], canStarBot(user));
        if (gates.length) throw featureRequired(gates);
        const issues = await mediaIssues(tx, locked.accountId, content);
        if (Object.keys(issues).length) throw invalidContent(issues);
        latest = await repo.insertRevision(tx, {
          botId: locked.id,
          revNumber: await repo.nextRevNumber(tx, locked.id),
          content: { ...content },
          createdBy: user.id,
        });
        patch.latestRevisionId = latest.id;
      }

      if (body.status === 'Published') {
        if (locked.status === 'Deactivated') {
          if (!canReactivateBot(user)) throw forbidden('Only superusers and customer success can reactivate a vidbot.');
          if (locked.publishedRevisionId === null) {
            latest ??= locked.latestRevisionId === null ? undefined : await repo.findRevision(tx, locked.latestRevisionId);
            if (!latest) throw noSlidesPublish();
            Object.assign(patch, await publishRevisionTx(tx, locked, latest));
          } else {
            patch.status = 'Published';
          }
        } else {
          latest ??= locked.latestRevisionId === null ? undefined : await repo.findRevision(tx, locked.latestRevisionId);
          if (!latest) throw noSlidesPublish();
          Object.assign(patch, await publishRevisionTx(tx, locked, latest));
        }
      } else if (body.status === 'Deactivated' && locked.status !== 'Deactivated') {
        if (locked.status !== 'Published') {
          throw new HttpError(422, 'Only a Published vidbot can be deactivated.', 'invalidStatusTransition', {
            status: 'Only a Published vidbot can be deactivated.',
          });
        }
        patch.status = 'Deactivated';
      }
      const saved = Object.keys(patch).length || tagsChanged ? await repo.updateBot(tx, locked.id, patch) : locked;
      await auditBotPatch(tx, user, locked, saved, body, latest !== undefined && content !== undefined ? latest : undefined, tagsChanged);
      return saved;
    }),
  );
  const revision = bot.latestRevisionId === null ? undefined : await repo.findRevision(db, bot.latestRevisionId);
  return botDetail(db, bot, revision);
}

/**
 * `PATCH /bot/{id}/revision/{revisionId}/status {status:'Published'}` — publishes that revision
 * (spec 001 §4 "publishes that revision by botRevisionId"): it must belong to the bot (404) and
 * hold an INTRO slide (422 noSlidesPublish); the previously published revision becomes Archived;
 * the bot points at it with status Published. Publishing on a Deactivated bot reactivates it, so it
 * needs superuser / customer success (403). Answers the bot as `GET /bot/{id}` does.
 */
export async function publishRevision(db: Db, user: AuthUser, id: number, revisionId: number): Promise<BotDetail> {
  const bot = await db.transaction(async (tx) => {
    const locked = visible(user, await repo.lockBot(tx, id));
    if (!canEditBot(user, locked)) {
      throw forbidden('Editing this vidbot is restricted to account owners, admins or its author.');
    }
    const revision = await repo.findRevision(tx, revisionId);
    if (!revision || revision.botId !== locked.id) throw notFound('Revision not found.');
    if (locked.status === 'Deactivated' && !canReactivateBot(user)) {
      throw forbidden('Only superusers and customer success can reactivate a vidbot.');
    }
    const saved = await repo.updateBot(tx, locked.id, await publishRevisionTx(tx, locked, revision));
    await recordAudit(tx, {
      accountId: locked.accountId,
      actorUserId: user.id,
      type: 'bot.publish',
      targetType: 'bot',
      targetId: locked.id,
      targetName: saved.name,
      details: { revisionId: revision.id, revNumber: revision.revNumber, ...(locked.status === 'Deactivated' ? { reactivated: true } : {}) },
    });
    return saved;
  });
  const latest = bot.latestRevisionId === null ? undefined : await repo.findRevision(db, bot.latestRevisionId);
  return botDetail(db, bot, latest);
}

/**
 * `GET /public/bot/{publicId}` (no authentication) — the published revision of a Published bot of an
 * Active account, media resolved, form recipients and integration settings removed. 404 otherwise
 * (unknown, Draft, Deactivated, deleted, suspended account). Each answer records the view at `now`
 * for the live status (`lastViewedAt`, written at most once a minute; `liveStatusOf`).
 * `origin` (env.publicUrl) makes `directUrl`, `logoUrl` and the custom CSS's `/files/` URLs absolute (issue 12).
 * `logoUrl`: settings.logoId resolved like the slides' media — a Ready LogoImage of the bot's account
 * (`{origin}/files/{playbackKey}`), else null (the company profile then shows the name only).
 */
export async function getPublicBot(db: Db, publicId: string, now = new Date(), origin = ''): Promise<PlayerBot> {
  const found = await repo.findBotByPublicId(db, publicId);
  if (!found || found.bot.status !== 'Published' || found.accountStatus !== 'Active' || found.bot.publishedRevisionId === null) {
    throw botNotFound();
  }
  const revision = await repo.findRevision(db, found.bot.publishedRevisionId);
  if (!revision) throw botNotFound();
  await repo.touchLastViewed(db, found.bot.id, now);
  const content = await resolveContentMedia(db, found.bot.accountId, readContent(revision.content));
  const logoId = content.settings.logoId;
  const [logo] = typeof logoId === 'number' ? await repo.findAccountMedia(db, found.bot.accountId, [logoId]) : [];
  const logoPath = logo && logo.status === 'Ready' && logo.type === 'LogoImage' ? fileUrl(logo.playbackKey) : null;
  return {
    id: found.bot.id,
    publicId: found.bot.publicId,
    name: found.bot.name,
    revisionId: revision.id,
    revNumber: revision.revNumber,
    slides: content.slides,
    actions: publicActions(content.actions),
    theme: content.theme,
    settings: publicSettings(content.settings),
    customCss: sanitizeCustomCss(typeof content.theme.stylesRaw === 'string' ? content.theme.stylesRaw : null, origin).css || null,
    directUrl: `${origin}/v/${encodeURIComponent(found.bot.publicId)}`,
    logoUrl: logoPath ? `${origin}${logoPath}` : null,
    analytics: playerAnalytics(content.settings, found.accountOptions),
  };
}

/**
 * `PlayerBot.analytics` (issue 13 "Consent and privacy"): analytics are off when the account has
 * `disableAnalytics` or the bot `isAnalyticEnabled` false; consent is required when the bot or the
 * account asks for it. The Google ids are passed only in the direct_* / parent_* modes that use them.
 */
export function playerAnalytics(settings: BotSettings, account: Pick<AccountOptions, 'disableAnalytics' | 'analyticsConsentRequired'> | null | undefined): PlayerAnalytics {
  const a = settings.analyticsIntegrationSettings;
  const integration = settings.analyticsIntegration ?? 'none';
  const ga4 = integration === 'direct_ga4' || integration === 'parent_ga4';
  const gtm = integration === 'direct_gtm' || integration === 'parent_gtm';
  return {
    enabled: !account?.disableAnalytics && settings.isAnalyticEnabled !== false,
    consentRequired: Boolean(settings.isAnalyticsConsentRequired || account?.analyticsConsentRequired),
    integration,
    ga4Id: ga4 ? a.ga4Id?.trim() || null : null,
    gtmId: gtm ? a.gtmId?.trim() || null : null,
    consentDefaults: {
      ad_storage: a.adStorage,
      analytics_storage: a.analyticsStorage,
      functionality_storage: a.functionalityStorage,
      personalization_storage: a.personalizationStorage,
      security_storage: a.securityStorage,
    },
  };
}
