/**
 * Abstract side effects of the Google Drive import chart (spec 001 §2 "Google Drive import", §3
 * "Google Drive file", §8).
 *
 * The machine only knows these shapes; the app edge (src/features/media/gdrive/googleDrive.actors.ts)
 * supplies the API calls with `googleDriveMachine.provide({ actors })`. The defaults throw
 * "must be provided" so a forgotten binding fails loudly. Errors are the API client's `HttpError`
 * (`status`, `code`, `detail`), read structurally by the chart.
 */
import { fromPromise } from 'xstate';
import type { Schema } from '../../src/api/contract';

/**
 * One file of GET /api/integration/google/drive/list (spec 001 §3 "Google Drive file"), as the
 * server's contract declares it (issue 10 §4): `size` in bytes or null, `modifiedTime` ISO 8601.
 */
export type DriveFile = Schema<'DriveFile'>;

/** checkConnection: is the signed-in user connected (User.hasGoogleDriveIntegration)? */
export interface CheckConnectionInput {
  accountId: number;
}
export interface CheckConnectionOutput {
  connected: boolean;
}

/** requestCsrf: POST /integration/google/auth/csrf → `{ state, authorizationUrl }`. */
export interface CsrfOutput {
  state: string;
  authorizationUrl: string;
}

/**
 * redirectToGoogle: persists `{ state, returnTo }` (sessionStorage) and leaves for the authorization
 * URL. In the browser it never settles (the page unloads); it rejects when storage or navigation fail.
 */
export interface RedirectInput {
  state: string;
  authorizationUrl: string;
  /** Same-origin path (with search) to come back to after the callback. */
  returnTo: string;
}

/** listFiles: GET /integration/google/drive/list?search_name= → the latest 20 files. */
export interface ListFilesInput {
  accountId: number;
  searchName: string;
}

/** importFile: POST /integration/google/drive/upload/{fileId} `{ data: { accountId } }` → 202 `{ mediaId }`. */
export interface ImportFileInput {
  accountId: number;
  fileId: string;
}
export interface ImportFileOutput {
  mediaId: number;
}

/** announceQueued: after a 202, refresh the media lists and tell the person (spec 001 §8 toast). */
export interface AnnounceQueuedInput {
  accountId: number;
  mediaId: number;
  fileName: string;
}

/** Default actors: each throws "… must be provided" when started. */
export const missingGoogleDriveActors = {
  checkConnection: fromPromise<CheckConnectionOutput, CheckConnectionInput>(async () => {
    throw new Error('checkConnection must be provided');
  }),
  requestCsrf: fromPromise<CsrfOutput, Record<string, never>>(async () => {
    throw new Error('requestCsrf must be provided');
  }),
  redirectToGoogle: fromPromise<void, RedirectInput>(async () => {
    throw new Error('redirectToGoogle must be provided');
  }),
  listFiles: fromPromise<DriveFile[], ListFilesInput>(async () => {
    throw new Error('listFiles must be provided');
  }),
  importFile: fromPromise<ImportFileOutput, ImportFileInput>(async () => {
    throw new Error('importFile must be provided');
  }),
  announceQueued: fromPromise<void, AnnounceQueuedInput>(async () => {
    throw new Error('announceQueued must be provided');
  }),
  disconnect: fromPromise<void, Record<string, never>>(async () => {
    throw new Error('disconnect must be provided');
  }),
};
