/**
 * Calls of the Google Drive integration (docs/api.md "Google Drive import"; spec 001 §2, §7). All go
 * through the SPA's API client (bearer token); errors are its `HttpError` (409 `code`
 * `google_not_configured` / `google_not_connected`, 403, 422).
 */
import { api } from '../../../api/client';
import type { DriveFile } from '../../../../machines/googleDrive/googleDrive.actors';

/** POST /integration/google/auth/csrf → `{ state, authorizationUrl }`; 409 google_not_configured. */
export const requestGoogleCsrf = () => api.post<{ state: string; authorizationUrl: string }>('/integration/google/auth/csrf', {});

/** POST /integration/google/auth/callback `{ code, state }` → `{ connected: true }`; 422 on a bad state or code. */
export const completeGoogleCallback = (code: string, state: string) =>
  api.post<{ connected: boolean }>('/integration/google/auth/callback', { code, state });

/** POST /integration/google/auth/logout → 204. */
export const logoutGoogle = () => api.post<void>('/integration/google/auth/logout', {});

/** GET /integration/google/drive/list?search_name= → the latest 20 files; 409 google_not_connected. */
export async function listDriveFiles(searchName: string, signal?: AbortSignal): Promise<DriveFile[]> {
  const answer = await api.get<{ files: DriveFile[] }>('/integration/google/drive/list', {
    query: { search_name: searchName || undefined },
    signal,
  });
  return answer.files;
}

/** POST /integration/google/drive/upload/{fileId} `{ data: { accountId } }` → 202 `{ mediaId }`. */
export const importDriveFile = (fileId: string, accountId: number) =>
  api.post<{ mediaId: number }>(`/integration/google/drive/upload/${encodeURIComponent(fileId)}`, { data: { accountId } });
