/**
 * The demo account's sample vidbot (issue 10 §2 "First impression"): a published five-slide welcome
 * tour (server/src/db/sample.content.ts), created once, inside the demo seed's transaction
 * (server/src/db/seed.ts), so that a newcomer who signs in finds it in the list, opens it in the
 * editor and plays it in the preview.
 *
 * Media come from the repository, never from the network: four MP4 clips (H.264/AAC) and one PNG under
 * server/assets/sample/ (302 KB in all), rendered by `scripts/sample-media.ts`. They take the path an
 * upload takes after its bytes arrived (media.service `acceptUploadedFile`):
 * - the magic-byte check (`sniffFile`) before anything is written;
 * - the file is stored as the media's `source.<ext>` under a fresh `${accountId}/${uuid}` folder;
 * - the image is probed with ffprobe for its size and is Ready at once (its own playback file and
 *   poster); each video gets a `media.process` job (server/src/media/process.ts) that probes it, keeps
 *   it as the playback file (it is browser-playable, so not transcoded), writes the poster JPEG and sets
 *   it Ready — the same job, worker and retries as any upload; a job left over by a stopped server is
 *   picked up at the next start.
 *
 * The bot: author owner@example.com (Olivia Owner), Public, revision 1 holding the tour, Published
 * (revision Published with publishedAt; the bot points at it). The document passes the same checks a
 * `PATCH /bot/{id}` runs (the valibot `Content` schema, `contentIssues`, `mediaIssues`). Audit events
 * are written as for the same mutations made by a person (`media.create` per file, `bot.create`,
 * `bot.publish`), with no actor (system) and `details.sample = true`.
 *
 * When it cannot be made: a missing or unreadable asset file skips the sample (a warning is printed;
 * the demo account and users are still created) — the sample is all or nothing in a savepoint of the
 * seed's transaction. When ffprobe cannot run, the image ends Error ("could not be read as an image")
 * and the videos' jobs end Error ("could not be read as a video"), exactly as uploads would; the bot
 * is still there and published, the start is never stopped. The sample is not made again on later
 * starts (the seed runs once), so a person who deletes it does not see it come back.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import type { Db } from './client';
import type { MediaKind } from './schema';
import { recordAudit } from '../lib/audit';
import { enqueueJob } from '../jobs/queue';
import { ffprobe, type FfmpegPaths } from '../media/ffmpeg';
import { MEDIA_PROCESS } from '../media/process';
import { sniffFile, type AcceptedType } from '../media/sniff';
import { mediaKeys, type Storage } from '../media/storage';
import { insertMedia, updateMedia } from '../modules/media/media.repo';
import * as botRepo from '../modules/bot/bot.repo';
import { Content, contentIssues, toStoredContent, type StoredContent } from '../modules/bot/bot.schemas';
import { mediaIssues, newPublicId } from '../modules/bot/bot.service';
import { defaultBotSettings } from '../modules/bot/content.rules';
import * as widgetRepo from '../modules/widget/widget.repo';
import { defaultWidgetContent } from '../modules/widget/widget.schemas';
import { newWidgetPublicId, toStoredWidgetContent } from '../modules/widget/widget.service';
import { SAMPLE_ACTIONS, SAMPLE_BOT_NAME, SAMPLE_SLIDES, sampleDescription, type SampleSlide } from './sample.content';

/** Where the committed sample media live. */
export const SAMPLE_ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/sample');

/** What the seed needs to make the sample: file storage, the ffmpeg executables, and the assets folder. */
export interface SampleSeedOptions {
  storage: Storage;
  ffmpeg: FfmpegPaths;
  /** Default `SAMPLE_ASSETS_DIR` (tests point it elsewhere). */
  assetsDir?: string;
}

/** One checked asset, ready to be stored. */
export interface PreparedSampleMedia {
  slide: SampleSlide;
  kind: MediaKind;
  filePath: string;
  type: AcceptedType;
  /** Image size from ffprobe (images only); null when ffprobe could not read it (the media ends Error). */
  image: { width: number; height: number } | null;
}

/** Thrown when an asset is missing or is not the media it should be. */
export class SampleAssetError extends Error {
  override name = 'SampleAssetError';
}

/**
 * Checks every asset before the seed's transaction starts: exists, passes the upload's magic-byte
 * check for its kind (SlideVideo / SlideImage), and — for the image — its size from ffprobe.
 * @throws SampleAssetError naming the file when one is missing or refused.
 */
export async function prepareSampleMedia(opts: SampleSeedOptions): Promise<PreparedSampleMedia[]> {
  const dir = opts.assetsDir ?? SAMPLE_ASSETS_DIR;
  const out: PreparedSampleMedia[] = [];
  for (const slide of SAMPLE_SLIDES) {
    const filePath = path.join(dir, slide.file);
    const kind: MediaKind = slide.type === 'VIDEO' ? 'SlideVideo' : 'SlideImage';
    const sniff = await sniffFile(filePath, slide.file, kind).catch((err: unknown) => {
      throw new SampleAssetError(`${filePath}: ${err instanceof Error ? err.message : String(err)}`);
    });
    if (!sniff.ok) throw new SampleAssetError(`${filePath}: ${sniff.reason}`);
    let image: PreparedSampleMedia['image'] = null;
    if (slide.type === 'IMAGE') {
      const probe = await ffprobe(opts.ffmpeg, filePath).catch(() => null);
      image = probe?.video ? { width: probe.video.width, height: probe.video.height } : null;
    }
    out.push({ slide, kind, filePath, type: sniff.type, image });
  }
  return out;
}

/**
 * The tour's content document with the stored media ids (validated as a PATCH body's `content` is).
 * Its widget video (widgetSettings.chatVideoId, spec 001 §4 "a chosen widget video") is the intro
 * slide's video, so the share tab offers the embed code for the sample at once (issue 12).
 */
export function sampleContent(mediaIds: ReadonlyMap<number, number>): StoredContent {
  const intro = SAMPLE_SLIDES.find((s) => s.category === 'INTRO' && s.type === 'VIDEO');
  const input = {
    slides: SAMPLE_SLIDES.map((s) => ({
      id: s.id,
      name: s.name,
      description: sampleDescription(s),
      category: s.category,
      type: s.type,
      videoId: s.type === 'VIDEO' ? (mediaIds.get(s.id) ?? null) : null,
      imageId: s.type === 'IMAGE' ? (mediaIds.get(s.id) ?? null) : null,
      options: s.options.map((o) => ({ ...o })),
    })),
    actions: SAMPLE_ACTIONS.map((a) => ({ ...a })),
    theme: {},
    settings: { widgetSettings: { ...defaultBotSettings().widgetSettings, chatVideoId: (intro && mediaIds.get(intro.id)) ?? null } },
  };
  return toStoredContent(v.parse(Content, input));
}

/**
 * Stores the prepared media and writes the sample bot through `tx` (the caller's transaction or
 * savepoint): media rows, their files, the `media.process` jobs, the bot, revision 1, publishing,
 * audit rows. Files already stored stay behind when the transaction later fails (harmless: unreferenced
 * keys under the account's folder).
 * @param owner the bot's author and the media's creator (owner@example.com).
 * @returns the bot id and the media ids by slide id.
 * @throws whatever storage or SQL throws, or an Error when the document fails validation (a defect).
 */
export async function insertSampleVidbot(
  tx: Db,
  storage: Storage,
  prepared: PreparedSampleMedia[],
  where: { accountId: number; ownerId: number },
): Promise<{ botId: number; mediaIds: Map<number, number> }> {
  const { accountId, ownerId } = where;
  const system = { accountId, actorUserId: null } as const;
  const mediaIds = new Map<number, number>();
  for (const item of prepared) {
    const row = await insertMedia(tx, { accountId, name: item.slide.mediaName, type: item.kind, createdBy: ownerId, uploadToken: null });
    await recordAudit(tx, { ...system, type: 'media.create', targetType: 'media', targetId: row.id, targetName: row.name, details: { kind: row.type, sample: true } });
    const keys = mediaKeys(accountId, item.type.ext);
    const { size } = await storage.putFile(keys.source, item.filePath, { move: false });
    await updateMedia(tx, row.id, { sourceKey: keys.source, sourceMime: item.type.mime, size });
    if (item.kind === 'SlideImage') {
      await updateMedia(
        tx,
        row.id,
        item.image
          ? { status: 'Ready', errorReason: null, playbackKey: keys.source, playbackMime: item.type.mime, posterKey: keys.source, width: item.image.width, height: item.image.height, duration: null }
          : { status: 'Error', errorReason: `"${item.slide.file}" could not be read as an image.` },
      );
    } else {
      await enqueueJob(tx, MEDIA_PROCESS, { mediaId: row.id });
    }
    mediaIds.set(item.slide.id, row.id);
  }

  const content = sampleContent(mediaIds);
  const issues = { ...contentIssues(content), ...(await mediaIssues(tx, accountId, content)) };
  if (Object.keys(issues).length) throw new Error(`the sample vidbot's content is not valid: ${JSON.stringify(issues)}`);

  let publicId = newPublicId();
  for (let i = 0; i < 5 && (await botRepo.publicIdExists(tx, publicId)); i++) publicId = newPublicId();
  const bot = await botRepo.insertBot(tx, { publicId, accountId, name: SAMPLE_BOT_NAME, privacy: 'Public', authorId: ownerId });
  const revision = await botRepo.insertRevision(tx, { botId: bot.id, revNumber: 1, content: { ...content }, createdBy: ownerId });
  await recordAudit(tx, { ...system, type: 'bot.create', targetType: 'bot', targetId: bot.id, targetName: bot.name, details: { sample: true } });
  await botRepo.setRevisionStatus(tx, revision.id, 'Published', new Date());
  await botRepo.updateBot(tx, bot.id, { latestRevisionId: revision.id, publishedRevisionId: revision.id, status: 'Published' });
  await recordAudit(tx, {
    ...system,
    type: 'bot.publish',
    targetType: 'bot',
    targetId: bot.id,
    targetName: bot.name,
    details: { revisionId: revision.id, revNumber: revision.revNumber, sample: true },
  });
  return { botId: bot.id, mediaIds };
}

/** Name of the demo account's sample carousel (issue 15 "Widgets"). */
export const SAMPLE_CAROUSEL_NAME = 'Sample carousel';

/**
 * The demo account's sample carousel (issue 15 "Widgets": a newcomer finds one in the widgets list):
 * a Public Slider showing All content (so the sample vidbot and every vidbot published later), with
 * the §9 defaults, author = the owner, revision 1 Published — the rows and audit events
 * (`widget.create`, `widget.publish`; no actor, `details.sample = true`) a person's create and
 * publish would write. Written through `tx` (the seed's savepoint, after the sample vidbot).
 * @returns the widget id.
 */
export async function insertSampleCarousel(tx: Db, where: { accountId: number; ownerId: number }): Promise<number> {
  const { accountId, ownerId } = where;
  const system = { accountId, actorUserId: null, targetType: 'widget' } as const;
  const widget = await widgetRepo.insertWidget(tx, { publicId: await newWidgetPublicId(tx), accountId, name: SAMPLE_CAROUSEL_NAME, type: 'Slider', privacy: 'Public', authorId: ownerId });
  const revision = await widgetRepo.insertRevision(tx, { widgetId: widget.id, revNumber: 1, content: toStoredWidgetContent(defaultWidgetContent('Slider'), ''), createdBy: ownerId });
  await recordAudit(tx, { ...system, type: 'widget.create', targetId: widget.id, targetName: widget.name, details: { type: 'Slider', sample: true } });
  await widgetRepo.publishRevisionRows(tx, widget.id, revision);
  await widgetRepo.updateWidget(tx, widget.id, { latestRevisionId: revision.id, publishedRevisionId: revision.id, status: 'Published' });
  await recordAudit(tx, { ...system, type: 'widget.publish', targetId: widget.id, targetName: widget.name, details: { revisionId: revision.id, revNumber: 1, sample: true } });
  return widget.id;
}
