/**
 * Calls of the Google Drive integration (spec 001 §2, §7; shapes in the server's contract, issue 10 §4).
 * All go through the SPA's typed API client (bearer token); errors are its `HttpError` (409 `code`
 * `google_not_configured` / `google_not_connected`, 403, 422).
 */
import { typedApi } from '../../../api/contract';
import type { DriveFile } from '../../../../machines/googleDrive/googleDrive.actors';

/** POST /integration/google/auth/csrf → `{ state, authorizationUrl }`; 409 google_not_configured. */
export const requestGoogleCsrf = () => typedApi.post('/integration/google/auth/csrf');

/** POST /integration/google/auth/callback `{ code, state }` → `{ connected: true }`; 422 on a bad state or code. */
export const completeGoogleCallback = (code: string, state: string) =>
  typedApi.post('/integration/google/auth/callback', { body: { code, state } });

/** POST /integration/google/auth/logout → 204. */
export const logoutGoogle = () => typedApi.post('/integration/google/auth/logout');

/** GET /integration/google/drive/list?search_name= → the latest 20 files; 409 google_not_connected. */
export async function listDriveFiles(searchName: string, signal?: AbortSignal): Promise<DriveFile[]> {
  const answer = await typedApi.get('/integration/google/drive/list', { query: { search_name: searchName || undefined }, signal });
  return answer.files;
}

/** POST /integration/google/drive/upload/{fileId} `{ data: { accountId } }` → 202 `{ mediaId }`. */
export const importDriveFile = (fileId: string, accountId: number) =>
  typedApi.post('/integration/google/drive/upload/{fileId}', { path: { fileId }, body: { data: { accountId } } });
