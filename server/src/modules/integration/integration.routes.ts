/**
 * Google Drive integration routes (spec 001 §7), mounted at `/api/integration` after authentication:
 * - `POST /google/auth/csrf` → `{ state, authorizationUrl }`;
 * - `POST /google/auth/callback` `{ code, state, token? }` → `{ connected: true }`;
 * - `POST /google/auth/logout` → 204;
 * - `GET /google/drive/list?search_name` → `{ files }`;
 * - `POST /google/drive/upload/{fileId}` `{ data: { accountId } }` → 202 `{ mediaId }`.
 * Rules in ./integration.service.ts; each route declares its contract (lib/contract.ts, shapes in
 * ./integration.schemas.ts). 409 `google_not_configured` when the server has no Google client.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { route } from '../../lib/contract';
import { validate } from '../../lib/validate';
import { CallbackBody, DriveFileList, DriveImportStarted, FileIdParam, GoogleAuthStart, GoogleConnected, ListQuery, UploadBody } from './integration.schemas';
import { completeAuth, createAuthState, disconnect, importDriveFile, listDriveFiles } from './integration.service';

export function integrationRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const tags = ['Google Drive'];
  r.post(
    '/google/auth/csrf',
    route({
      summary: 'Start connecting Google Drive',
      description: 'A one-time `state` bound to the caller (valid 10 minutes) and Google\'s consent URL carrying it.',
      tags,
      responses: { 200: GoogleAuthStart },
      errors: [401, 409],
    }),
    async (c) => c.json(await createAuthState(deps, c.get('user'))));
  r.post(
    '/google/auth/callback',
    route({
      summary: 'Finish connecting Google Drive',
      description: 'Spends the state and exchanges the code for tokens. 422 `errors.state` for an unknown, used or expired state, 422 `google_oauth_error` when Google refused the code or Drive access was not granted; 502 `google_unavailable`.',
      tags,
      responses: { 200: GoogleConnected },
      errors: [400, 401, 409, 422, 502],
    }),
    validate('json', CallbackBody), async (c) => c.json(await completeAuth(deps, c.get('user'), c.req.valid('json'))));
  r.post(
    '/google/auth/logout',
    route({ summary: 'Disconnect Google Drive', description: 'Deletes the connection and revokes its token at Google (failures ignored).', tags, responses: { 204: null }, errors: [401] }),
    async (c) => {
    await disconnect(deps, c.get('user'));
    return c.body(null, 204);
  });
  r.get(
    '/google/drive/list',
    route({
      summary: "List the caller's Google Drive videos",
      description: 'The latest 20 videos, optionally whose name contains `search_name`. 409 `google_not_connected`; 502 `google_drive_error`.',
      tags,
      responses: { 200: DriveFileList },
      errors: [401, 409, 422, 502],
    }),
    validate('query', ListQuery), async (c) => c.json(await listDriveFiles(deps, c.get('user'), c.req.valid('query').search_name)));
  r.post(
    '/google/drive/upload/:fileId',
    route({
      summary: 'Import a Google Drive video',
      description:
        'Creates a Draft SlideVideo named after the Drive file and queues its import job (the media turns Ready or Failed like an upload). 404 account or file; 403 Viewer or `feature_disabled`; 409 `google_not_connected`; 422 `unsupported_file`; 413 `too_large` (over 2 GiB); 502 `google_drive_error`.',
      tags,
      responses: { 202: DriveImportStarted },
      errors: [400, 401, 403, 404, 409, 413, 422, 502],
    }),
    validate('param', FileIdParam), validate('json', UploadBody), async (c) =>
    c.json(await importDriveFile(deps, c.get('user'), c.req.valid('param').fileId, c.req.valid('json').data.accountId), 202),
  );
  return r;
}
