/**
 * Google Drive integration routes (spec 001 §7), mounted at `/api/integration` after authentication:
 * - `POST /google/auth/csrf` → `{ state, authorizationUrl }`;
 * - `POST /google/auth/callback` `{ code, state, token? }` → `{ connected: true }`;
 * - `POST /google/auth/logout` → 204;
 * - `GET /google/drive/list?search_name` → `{ files }`;
 * - `POST /google/drive/upload/{fileId}` `{ data: { accountId } }` → 202 `{ mediaId }`.
 * Rules in ./integration.service.ts.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { CallbackBody, FileIdParam, ListQuery, UploadBody } from './integration.schemas';
import { completeAuth, createAuthState, disconnect, importDriveFile, listDriveFiles } from './integration.service';

export function integrationRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/google/auth/csrf', async (c) => c.json(await createAuthState(deps, c.get('user'))));
  r.post('/google/auth/callback', validate('json', CallbackBody), async (c) => c.json(await completeAuth(deps, c.get('user'), c.req.valid('json'))));
  r.post('/google/auth/logout', async (c) => {
    await disconnect(deps, c.get('user'));
    return c.body(null, 204);
  });
  r.get('/google/drive/list', validate('query', ListQuery), async (c) => c.json(await listDriveFiles(deps, c.get('user'), c.req.valid('query').search_name)));
  r.post('/google/drive/upload/:fileId', validate('param', FileIdParam), validate('json', UploadBody), async (c) =>
    c.json(await importDriveFile(deps, c.get('user'), c.req.valid('param').fileId, c.req.valid('json').data.accountId), 202),
  );
  return r;
}
