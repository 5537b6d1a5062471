/**
 * List housekeeping of a vidbot (spec 001 §2 row menu, §4, §6, §7; issue 11 "List"):
 * clone (`POST /bot/{id}/clone`), copy to another account (`POST /bot/{id}/copy-to-account`) and
 * delete (`DELETE /bot/{id}`), plus the pure helpers that find and remap the media a content
 * document references.
 *
 * A clone or copy is a new bot (new id and publicId, status Draft, author = caller, privacy kept)
 * named "<name> (Copy)" whose revision 1 holds the source's LATEST revision content. Ids inside the
 * content (slides, buttons, actions) stay: they are per bot. A copy into another account also gets
 * its own copies of the media the content references — new media rows in the target account with
 * their files (and caption files) copied to new storage keys — so deleting the source media later
 * cannot break it; the content's media ids are remapped to the new rows.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, media, mediaCaptions } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../lib/context';
import { recordAudit } from '../../lib/audit';
import { forbidden, HttpError, notFound } from '../../lib/errors';
import { canUseAccount } from '../../lib/policy';
import { keyFolder } from '../../media/storage';
import { listCaptions } from '../media/media.repo';
import * as tagRepo from '../tag/tag.repo';
import { canCreateBot, canEditBot } from './bot.policy';
import * as repo from './bot.repo';
import type { MediaRow } from './bot.repo';
import { isRecord } from './bot.schemas';
import { botDetail, newPublicId, retryOnUniqueViolation, visible, type BotDetail } from './bot.service';

// --- media references of a content document (pure) ------------------------------------------------

/**
 * Where a content document references media (spec 001 §3): slides' `videoId`/`imageId`; settings
 * `logoId`, `widgetCoverId`, `thumbnailCoverId`, `chatVideoId` (also inside `widgetSettings`, with
 * `widgetThumbnailId`); SHARE_MEDIA actions' `mediaId`.
 */
const SLIDE_MEDIA_KEYS = ['videoId', 'imageId'] as const;
const SETTINGS_MEDIA_KEYS = ['logoId', 'widgetCoverId', 'thumbnailCoverId', 'chatVideoId'] as const;
const WIDGET_MEDIA_KEYS = ['chatVideoId', 'widgetThumbnailId'] as const;

const mediaIdOf = (x: unknown): number | null => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null);

/** Calls `visit(holder, key)` for every place of `content` that may hold a media id. */
function eachMediaSlot(content: Record<string, unknown>, visit: (holder: Record<string, unknown>, key: string) => void): void {
  for (const s of Array.isArray(content.slides) ? content.slides : []) {
    if (isRecord(s)) for (const k of SLIDE_MEDIA_KEYS) visit(s, k);
  }
  for (const a of Array.isArray(content.actions) ? content.actions : []) {
    if (isRecord(a) && a.type === 'SHARE_MEDIA') visit(a, 'mediaId');
  }
  const settings = content.settings;
  if (isRecord(settings)) {
    for (const k of SETTINGS_MEDIA_KEYS) visit(settings, k);
    if (isRecord(settings.widgetSettings)) for (const k of WIDGET_MEDIA_KEYS) visit(settings.widgetSettings, k);
  }
}

/** Distinct media ids a content document references (order of first appearance). */
export function contentMediaIds(content: Record<string, unknown>): number[] {
  const ids = new Set<number>();
  eachMediaSlot(content, (holder, key) => {
    const id = mediaIdOf(holder[key]);
    if (id !== null) ids.add(id);
  });
  return [...ids];
}

/**
 * A deep copy of `content` with every media reference replaced through `map` (old id → new id);
 * a referenced id missing from `map` becomes null (media the copy cannot carry over).
 */
export function remapContentMedia(content: Record<string, unknown>, map: ReadonlyMap<number, number>): Record<string, unknown> {
  const copy = structuredClone(content);
  eachMediaSlot(copy, (holder, key) => {
    const id = mediaIdOf(holder[key]);
    if (id !== null) holder[key] = map.get(id) ?? null;
  });
  return copy;
}

/** "<name> (Copy)", cut so that it fits the 255-character name limit. */
export function copyName(name: string): string {
  const suffix = ' (Copy)';
  return name.length + suffix.length <= 255 ? `${name}${suffix}` : `${name.slice(0, 255 - suffix.length)}${suffix}`;
}

// --- media copy ------------------------------------------------------------------------------------

/** A media row, its captions, copied into `targetAccountId` storage (files only, no rows yet). */
interface CopiedFiles {
  source: MediaRow;
  keys: Map<string, string>;
  folders: string[];
}

/**
 * Copies the files of `rows` (source, playback, poster and caption files) to fresh folders
 * `${targetAccountId}/${uuid}` keeping file names. Resolves with old key → new key per media and the
 * new folders (for cleanup). A media whose playback file is missing from storage is left out (it
 * cannot play anyway); other missing files are skipped. Removes what it wrote when a copy fails.
 */
async function copyMediaFiles(deps: AppDeps, targetAccountId: number, rows: MediaRow[], captionKeys: Map<number, string[]>): Promise<CopiedFiles[]> {
  const done: CopiedFiles[] = [];
  try {
    for (const row of rows) {
      if (!row.playbackKey || !(await deps.storage.stat(row.playbackKey))) continue;
      const keys = new Map<string, string>();
      const folders = new Map<string, string>();
      const all = [row.sourceKey, row.playbackKey, row.posterKey, ...(captionKeys.get(row.id) ?? [])].filter((k): k is string => !!k);
      for (const key of all) {
        if (keys.has(key) || !(await deps.storage.stat(key))) continue;
        const from = keyFolder(key);
        let to = folders.get(from);
        if (!to) {
          to = `${targetAccountId}/${randomUUID()}`;
          folders.set(from, to);
        }
        const newKey = `${to}/${key.split('/').pop()}`;
        await deps.storage.putStream(newKey, deps.storage.createReadStream(key));
        keys.set(key, newKey);
      }
      done.push({ source: row, keys, folders: [...folders.values()] });
    }
    return done;
  } catch (err) {
    await removeFolders(deps, done.flatMap((d) => d.folders));
    throw err;
  }
}

async function removeFolders(deps: AppDeps, folders: string[]): Promise<void> {
  await Promise.all(folders.map((f) => deps.storage.deletePrefix(f).catch(() => undefined)));
}

// --- operations ------------------------------------------------------------------------------------

/** 422 for a Deactivated source (spec 001 §2 "Deactivated bots have duplicate, copy … disabled"). */
const deactivatedSource = (what: string) =>
  new HttpError(422, `A deactivated vidbot cannot be ${what}.`, 'botDeactivated', { status: `A deactivated vidbot cannot be ${what}.` });

/** The latest revision's content of a bot (empty document when it has none). */
async function latestContent(db: Db, latestRevisionId: number | null): Promise<Record<string, unknown>> {
  const revision = latestRevisionId === null ? undefined : await repo.findRevision(db, latestRevisionId);
  return revision ? structuredClone(revision.content) : { slides: [], actions: [], theme: {} };
}

/** Inserts the new bot with revision 1 holding `content`, and its tags; resolves with the bot row and revision. */
async function insertCopy(
  tx: Db,
  user: AuthUser,
  values: { accountId: number; name: string; privacy: repo.BotRow['privacy']; content: Record<string, unknown>; tagIds: number[] },
) {
  let publicId = newPublicId();
  for (let i = 0; i < 5 && (await repo.publicIdExists(tx, publicId)); i++) publicId = newPublicId();
  const created = await repo.insertBot(tx, { publicId, accountId: values.accountId, name: values.name, privacy: values.privacy, authorId: user.id });
  const revision = await repo.insertRevision(tx, { botId: created.id, revNumber: 1, content: values.content, createdBy: user.id });
  const bot = await repo.updateBot(tx, created.id, { latestRevisionId: revision.id });
  await tagRepo.setBotTags(tx, bot.id, values.tagIds);
  return { bot, revision };
}

/**
 * `POST /bot/{id}/clone` — a new Draft "<name> (Copy)" in the bot's account with the latest
 * revision's content and the same tags (spec 001 §2 "duplicate (clone)"). 404 bot not visible;
 * 403 Viewer (cloning creates a bot); 422 `botDeactivated` for a Deactivated bot. Audit `bot.clone`.
 */
export async function cloneBot(db: Db, user: AuthUser, id: number): Promise<BotDetail> {
  const source = visible(user, await repo.findBotById(db, id));
  if (!canCreateBot(user, source.accountId)) throw forbidden('Viewers cannot duplicate vidbots.');
  if (source.status === 'Deactivated') throw deactivatedSource('duplicated');
  const content = await latestContent(db, source.latestRevisionId);
  const tagIds = (await tagRepo.tagsOfBot(db, source.id)).map((t) => t.id);
  const { bot, revision } = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      const made = await insertCopy(tx, user, { accountId: source.accountId, name: copyName(source.name), privacy: source.privacy, content, tagIds });
      await recordAudit(tx, {
        accountId: source.accountId,
        actorUserId: user.id,
        type: 'bot.clone',
        targetType: 'bot',
        targetId: made.bot.id,
        targetName: made.bot.name,
        details: { sourceBotId: source.id },
      });
      return made;
    }),
  );
  return botDetail(db, bot, revision);
}

/**
 * `POST /bot/{id}/copy-to-account?target_account_id=` — the same as clone, into another account
 * (spec 001 §2 "copy to account", §6). The caller must be able to create bots in both accounts
 * (Viewer of the source → 403; no role in the target → 404, Viewer there → 403); the target must
 * differ from the bot's account (422) and the bot must not be Deactivated (422 `botDeactivated`).
 * Every Ready media the content references (see `contentMediaIds`) is copied into the target
 * account — new rows, files and caption files under new keys — and the ids remapped; references
 * to media that is missing or not Ready become null. Tags are carried over by name (created in the
 * target account when missing). Audit `bot.copy` in the target account.
 */
export async function copyBotToAccount(deps: AppDeps, user: AuthUser, id: number, targetAccountId: number): Promise<BotDetail> {
  const { db } = deps;
  const source = visible(user, await repo.findBotById(db, id));
  if (!canCreateBot(user, source.accountId)) throw forbidden('Viewers cannot copy vidbots.');
  if (source.status === 'Deactivated') throw deactivatedSource('copied');
  if (!canUseAccount(user, targetAccountId)) throw notFound('Account not found.');
  const [target] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, targetAccountId)).limit(1);
  if (!target) throw notFound('Account not found.');
  if (!canCreateBot(user, targetAccountId)) throw forbidden('Viewers cannot create vidbots in the target account.');
  if (targetAccountId === source.accountId) {
    throw new HttpError(422, 'The target account is the vidbot\'s own account; duplicate it instead.', 'validation_error', {
      target_account_id: 'Choose another account.',
    });
  }

  const content = await latestContent(db, source.latestRevisionId);
  const referenced = await repo.findAccountMedia(db, source.accountId, contentMediaIds(content));
  const ready = referenced.filter((m) => m.status === 'Ready');
  const captions = await listCaptions(db, ready.map((m) => m.id));
  const captionKeys = new Map<number, string[]>();
  for (const c of captions) captionKeys.set(c.mediaId, [...(captionKeys.get(c.mediaId) ?? []), c.fileKey]);
  const copied = await copyMediaFiles(deps, targetAccountId, ready, captionKeys);
  const tagNames = (await tagRepo.tagsOfBot(db, source.id)).map((t) => t.name);

  try {
    const { bot, revision } = await retryOnUniqueViolation(() =>
      db.transaction(async (tx) => {
        const idMap = new Map<number, number>();
        for (const c of copied) {
          const m = c.source;
          const key = (k: string | null) => (k ? (c.keys.get(k) ?? null) : null);
          const [row] = await tx
            .insert(media)
            .values({
              accountId: targetAccountId,
              name: m.name,
              type: m.type,
              status: m.status,
              sourceKey: key(m.sourceKey),
              sourceMime: m.sourceMime,
              playbackKey: key(m.playbackKey),
              playbackMime: m.playbackMime,
              posterKey: key(m.posterKey),
              size: m.size,
              duration: m.duration,
              width: m.width,
              height: m.height,
              crop: m.crop,
              createdBy: user.id,
            })
            .returning();
          if (!row) throw new Error('insert into media returned no row');
          idMap.set(m.id, row.id);
          const own = captions.flatMap((x) => {
            const fileKey = x.mediaId === m.id ? c.keys.get(x.fileKey) : undefined;
            return fileKey ? [{ mediaId: row.id, languageCode: x.languageCode, fileKey, size: x.size }] : [];
          });
          if (own.length) await tx.insert(mediaCaptions).values(own);
        }
        const tagIds = await tagRepo.ensureTagsByName(tx, targetAccountId, tagNames);
        const made = await insertCopy(tx, user, {
          accountId: targetAccountId,
          name: copyName(source.name),
          privacy: source.privacy,
          content: remapContentMedia(content, idMap),
          tagIds,
        });
        await recordAudit(tx, {
          accountId: targetAccountId,
          actorUserId: user.id,
          type: 'bot.copy',
          targetType: 'bot',
          targetId: made.bot.id,
          targetName: made.bot.name,
          details: { sourceBotId: source.id, sourceAccountId: source.accountId, mediaCopied: idMap.size },
        });
        return made;
      }),
    );
    return botDetail(db, bot, revision);
  } catch (err) {
    await removeFolders(deps, copied.flatMap((c) => c.folders));
    throw err;
  }
}

/**
 * `DELETE /bot/{id}` — deletes the bot with its revisions and tag links (spec 001 §2 row menu
 * "delete", §7); a published bot stops serving at once (`GET /public/bot/{publicId}` → 404). Media
 * stays in the library. Editors only (spec 001 §6; 403 otherwise, 404 not visible). Audit
 * `bot.delete` (the row keeps the name). Resolves with the deleted bot's id.
 */
export async function deleteBot(db: Db, user: AuthUser, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const bot = visible(user, await repo.lockBot(tx, id));
    if (!canEditBot(user, bot)) throw forbidden('Deleting this vidbot is restricted to account owners, admins or its author.');
    await repo.deleteBotRow(tx, bot.id);
    await recordAudit(tx, {
      accountId: bot.accountId,
      actorUserId: user.id,
      type: 'bot.delete',
      targetType: 'bot',
      targetId: bot.id,
      targetName: bot.name,
      details: { status: bot.status, publicId: bot.publicId },
    });
    return { id: bot.id };
  });
}
