/**
 * Real actors of the Google Drive import chart (machines/googleDrive), bound at the app edge: the
 * API calls of gdrive.api.ts, the connection flag of GET /user/me (`hasGoogleDriveIntegration`),
 * sessionStorage + `location.assign` for the trip to Google, and the media-list refresh + toast of
 * a queued import (spec 001 §8).
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { meOptions } from '../../../api/queries';
import { googleDriveMachine } from '../../../../machines/googleDrive/googleDrive.machine';
import type {
  AnnounceQueuedInput,
  CheckConnectionInput,
  CheckConnectionOutput,
  CsrfOutput,
  DriveFile,
  ImportFileInput,
  ImportFileOutput,
  ListFilesInput,
  RedirectInput,
} from '../../../../machines/googleDrive/googleDrive.actors';
import { invalidateMediaLists } from '../library/library.queries';
import { importDriveFile, listDriveFiles, logoutGoogle, requestGoogleCsrf } from './gdrive.api';
import { saveGoogleOAuthReturn, type ReturnStorage } from './oauthReturn';

/** What the bindings need from the page. */
export interface GoogleDriveEdge {
  queryClient: QueryClient;
  /** Shows the spec 001 §8 "queued" toast. */
  announceQueued: (fileName: string) => void;
  /** Where `{ state, returnTo }` is kept (window.sessionStorage). */
  storage: ReturnStorage;
  /** Leaves the SPA for Google's consent screen (window.location.assign). */
  leave: (url: string) => void;
}

/** The chart with the app's actors. */
export function createGoogleDriveMachine(edge: GoogleDriveEdge) {
  const refreshMe = async () => {
    await edge.queryClient.invalidateQueries({ queryKey: meOptions().queryKey });
  };
  return googleDriveMachine.provide({
    actors: {
      checkConnection: fromPromise<CheckConnectionOutput, CheckConnectionInput>(async () => {
        const me = await edge.queryClient.fetchQuery({ ...meOptions(), staleTime: 0 });
        return { connected: me.hasGoogleDriveIntegration };
      }),
      requestCsrf: fromPromise<CsrfOutput, Record<string, never>>(() => requestGoogleCsrf()),
      redirectToGoogle: fromPromise<void, RedirectInput>(async ({ input }) => {
        saveGoogleOAuthReturn(edge.storage, { state: input.state, returnTo: input.returnTo });
        edge.leave(input.authorizationUrl);
        // The page unloads; nothing settles this.
        await new Promise<never>(() => undefined);
      }),
      listFiles: fromPromise<DriveFile[], ListFilesInput>(({ input, signal }) => listDriveFiles(input.searchName, signal)),
      importFile: fromPromise<ImportFileOutput, ImportFileInput>(({ input }) => importDriveFile(input.fileId, input.accountId)),
      announceQueued: fromPromise<void, AnnounceQueuedInput>(async ({ input }) => {
        edge.announceQueued(input.fileName);
        await invalidateMediaLists(edge.queryClient);
      }),
      disconnect: fromPromise<void, Record<string, never>>(async () => {
        await logoutGoogle();
        await refreshMe();
      }),
    },
  });
}
