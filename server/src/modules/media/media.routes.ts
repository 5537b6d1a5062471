/**
 * Media routes under `/api/media` (docs/api.md "Media"; spec 001 §7): tus at `/media/tus[/{id}]`,
 * `POST /media`, `GET /media`, `GET|PATCH|DELETE /media/{id}`, `GET /media/{id}/usage`,
 * `POST /media/{id}/replace`, the multipart upload `POST /media/{id}/upload`, and captions
 * `PUT /media/{id}/caption`, `GET|DELETE /media/{id}/caption/{captionId}`.
 * Routes declare their contract (lib/contract.ts, schemas in media.schemas.ts; published in
 * `GET /api/openapi.json`), validate and delegate to media.service.ts; the API's auth middleware runs
 * first. Ids are matched by the path pattern `{[0-9]+}`: a non-number id is 404 "No such API endpoint".
 * tus itself is described by hand in lib/openapi.ts.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { HttpError, unprocessable } from '../../lib/errors';
import { MAX_MULTIPART_BYTES } from '../../media/sniff';
import { MAX_CAPTION_BYTES } from '../../media/vtt';
import { route } from '../../lib/contract';
import {
  CaptionQuery,
  CreatedMediaJson,
  CreateMediaBody,
  ListMediaQuery,
  MediaDeleted,
  MediaJson,
  MediaList,
  MediaUsage,
  UpdateMediaBody,
} from './media.schemas';
import {
  createMedia,
  deleteMediaFor,
  getMediaFor,
  listMediaFor,
  mediaUsageFor,
  startReplacement,
  updateMediaFor,
  uploadMultipart,
} from './media.service';
import { deleteCaption, downloadCaption, putCaption } from './media.captions';
import { createTusEndpoint } from './media.tus';

/** The `/media` sub-app; mount with `api.route('/media', mediaRoutes(deps))` after `requireAuth`. */
export function mediaRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const tus = createTusEndpoint(deps);
  const tags = ['Media'];
  const multipart = (field: string, description: string) => ({
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object' as const, required: [field], properties: { [field]: { type: 'string' as const, format: 'binary', description } } },
      },
    },
  });

  r.all('/tus', (c) => tus.handle(c.req.raw, c.get('user')));
  r.all('/tus/*', (c) => tus.handle(c.req.raw, c.get('user')));

  r.post(
    '/',
    route({
      summary: 'Create a media item',
      description: 'A Draft row with a single-use `uploadToken` for `POST /media/{id}/upload` (multipart). Videos may go through tus instead. 404 unknown account, 403 Viewer.',
      tags,
      responses: { 201: CreatedMediaJson },
    }),
    validate('json', CreateMediaBody), async (c) => {
    const created = await createMedia(deps, c.get('user'), c.req.valid('json'));
    return c.json(created, 201);
  });

  r.get(
    '/',
    route({ summary: "List an account's media", tags, responses: { 200: MediaList } }),
    validate('query', ListMediaQuery), async (c) => c.json(await listMediaFor(deps, c.get('user'), c.req.valid('query'))));

  r.get(
    '/:id{[0-9]+}',
    route({ summary: 'Read a media item', description: 'A finished replacement answers the media it replaced.', tags, responses: { 200: MediaJson } }),
    async (c) => c.json(await getMediaFor(deps, c.get('user'), Number(c.req.param('id')))));

  r.patch(
    '/:id{[0-9]+}',
    route({ summary: 'Rename or crop a media item', tags, responses: { 200: MediaJson } }),
    validate('json', UpdateMediaBody), async (c) =>
    c.json(await updateMediaFor(deps, c.get('user'), Number(c.req.param('id')), c.req.valid('json'))),
  );

  r.delete(
    '/:id{[0-9]+}',
    route({ summary: 'Delete a media item', description: 'Answers the published bots that used it.', tags, responses: { 200: MediaDeleted } }),
    async (c) => c.json(await deleteMediaFor(deps, c.get('user'), Number(c.req.param('id')))));

  r.get(
    '/:id{[0-9]+}/usage',
    route({ summary: 'Published bots that use a media item', tags, responses: { 200: MediaUsage } }),
    async (c) => c.json(await mediaUsageFor(deps, c.get('user'), Number(c.req.param('id')))));

  r.post(
    '/:id{[0-9]+}/replace',
    route({
      summary: 'Start replacing the file of a media item',
      description: 'Creates a replacement row; upload to its `uploadUrl` (or tus with Upload-Metadata `replaces`). When it is Ready the original keeps its id and takes the new file.',
      tags,
      responses: { 201: CreatedMediaJson },
    }),
    async (c) => c.json(await startReplacement(deps, c.get('user'), Number(c.req.param('id'))), 201));

  /** Subtitle files are small: 1 MiB plus form overhead. */
  const captionLimit = bodyLimit({
    maxSize: MAX_CAPTION_BYTES + 64 * 1024,
    onError: () => {
      throw new HttpError(413, 'The subtitle file is larger than 1 MiB.', 'too_large');
    },
  });

  r.put(
    '/:id{[0-9]+}/caption',
    route({
      summary: 'Add or replace the subtitles of one language',
      description: 'WebVTT file (at most 1 MiB) as multipart field `file`; answers the media with its captions.',
      tags,
      responses: { 200: MediaJson },
      requestBody: multipart('file', 'A .vtt file'),
      errors: [400, 401, 403, 404, 413, 422],
    }),
    captionLimit,
    validate('query', CaptionQuery), async (c) =>
    c.json(
      await putCaption(deps, c.get('user'), Number(c.req.param('id')), c.req.valid('query'), async () => {
        const type = c.req.header('content-type') ?? '';
        if (!type.toLowerCase().startsWith('multipart/form-data')) {
          throw unprocessable('Validation failed.', { file: 'Send the .vtt file as multipart/form-data field "file".' });
        }
        const body = await c.req.parseBody().catch(() => {
          throw unprocessable('Validation failed.', { file: 'The multipart body could not be read.' });
        });
        return body.file;
      }),
    ),
  );

  r.get(
    '/:id{[0-9]+}/caption/:captionId{[0-9]+}',
    route({ summary: 'Download a subtitle file', tags, responses: {}, rawResponses: { 200: 'text/vtt' } }),
    async (c) =>
    downloadCaption(deps, c.get('user'), Number(c.req.param('id')), Number(c.req.param('captionId'))),
  );

  r.delete(
    '/:id{[0-9]+}/caption/:captionId{[0-9]+}',
    route({ summary: 'Delete a subtitle file', tags, responses: { 200: MediaJson } }),
    async (c) =>
    c.json(await deleteCaption(deps, c.get('user'), Number(c.req.param('id')), Number(c.req.param('captionId')))),
  );

  /** Multipart bodies are parsed in memory: cap them at the largest multipart file plus form overhead. */
  const multipartLimit = bodyLimit({
    maxSize: MAX_MULTIPART_BYTES.VIDEO + 1024 * 1024,
    onError: () => {
      throw new HttpError(413, 'The file is too large for this upload; use the resumable upload (tus).', 'too_large');
    },
  });

  r.post(
    '/:id{[0-9]+}/upload',
    route({
      summary: 'Upload the file of a media item (multipart)',
      description: 'Header `Upload-Token` from `POST /media`; multipart field `file`. Images become Ready at once, videos are queued for processing.',
      tags,
      responses: { 200: MediaJson },
      requestBody: multipart('file', 'The image or video file'),
      errors: [400, 401, 403, 404, 409, 413, 422],
    }),
    multipartLimit,
    async (c) => {
    const lengthHeader = c.req.header('content-length');
    const contentLength = lengthHeader && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
    const media = await uploadMultipart(deps, c.get('user'), Number(c.req.param('id')), c.req.header('upload-token'), contentLength, async () => {
      const type = c.req.header('content-type') ?? '';
      if (!type.toLowerCase().startsWith('multipart/form-data')) {
        throw unprocessable('Validation failed.', { file: 'Send the file as multipart/form-data field "file".' });
      }
      const body = await c.req.parseBody().catch(() => {
        throw unprocessable('Validation failed.', { file: 'The multipart body could not be read.' });
      });
      return body.file;
    });
    return c.json(media);
  });

  return r;
}
