/**
 * Graph paths of the Google Drive import chart (`xstate/graph` TestModel, DESIGN §4) with realistic
 * payloads for the person's events, the invoked actors' done / error events and the debounce delay.
 * Used by googleDrive.test.ts (replay on a live actor + coverage).
 */
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { googleDriveMachine, type GoogleDriveInput } from './googleDrive.machine';
import type { DriveFile } from './googleDrive.actors';
import { transitionTour, type TourPath } from '../testing/graph-coverage';

type GoogleDriveSnapshot = SnapshotFrom<typeof googleDriveMachine>;

/** The account and the return path every path uses. */
export const googleDrivePathInput: GoogleDriveInput = { accountId: 1, returnTo: '/dashboard/demo/media/video?gdrive=true' };

const file = (id: string, name: string): DriveFile => ({
  id,
  name,
  thumbnailLink: `https://drive.example/thumb/${id}`,
  mimeType: 'video/mp4',
  size: 1_048_576,
  modifiedTime: '2026-11-20T10:00:00.000Z',
});
export const introFile = file('f-intro', 'intro.mp4');
export const deskFile = file('f-desk', 'video_desks.3gp');
/** The unfiltered latest files. */
export const allFiles: DriveFile[] = [introFile, deskFile];
/** The answer to search "intro". */
export const introFiles: DriveFile[] = [introFile];

export const notConnectedError = { status: 409, code: 'google_not_connected', detail: 'Google Drive is not connected.' };
export const notConfiguredError = { status: 409, code: 'google_not_configured', detail: 'Google is not configured.' };
export const forbiddenError = { status: 403, detail: 'Viewers cannot add media.' };
export const serverError = { status: 503, detail: 'Service unavailable' };

/** Every event the walk may send. */
export const googleDrivePathEvents: AnyEventObject[] = [
  { type: 'gdrive.connect' },
  { type: 'gdrive.retry' },
  { type: 'gdrive.search', name: 'intro' },
  { type: 'gdrive.select', fileId: introFile.id },
  { type: 'gdrive.select', fileId: 'not-listed' },
  { type: 'gdrive.import' },
  { type: 'gdrive.disconnect' },
  { type: 'xstate.done.actor.checkConnection', output: { connected: true } },
  { type: 'xstate.done.actor.checkConnection', output: { connected: false } },
  { type: 'xstate.error.actor.checkConnection', error: serverError },
  { type: 'xstate.done.actor.requestCsrf', output: { state: 'st-1', authorizationUrl: 'https://accounts.example/o/oauth2/auth?state=st-1' } },
  { type: 'xstate.error.actor.requestCsrf', error: notConfiguredError },
  { type: 'xstate.error.actor.requestCsrf', error: serverError },
  { type: 'xstate.error.actor.redirectToGoogle', error: new Error('sessionStorage is not available') },
  { type: 'xstate.done.actor.listFiles', output: allFiles },
  { type: 'xstate.done.actor.listFiles', output: introFiles },
  { type: 'xstate.error.actor.listFiles', error: notConnectedError },
  { type: 'xstate.error.actor.listFiles', error: notConfiguredError },
  { type: 'xstate.error.actor.listFiles', error: serverError },
  { type: 'xstate.done.actor.importFile', output: { mediaId: 77 } },
  { type: 'xstate.error.actor.importFile', error: notConnectedError },
  { type: 'xstate.error.actor.importFile', error: forbiddenError },
  { type: 'xstate.error.actor.importFile', error: serverError },
  { type: 'xstate.done.actor.announceQueued', output: undefined },
  { type: 'xstate.error.actor.announceQueued', error: new Error('refresh failed') },
  { type: 'xstate.done.actor.disconnect', output: undefined },
  { type: 'xstate.error.actor.disconnect', error: serverError },
  { type: 'xstate.after.searchDebounce.googleDrive.connected.debouncing' },
];

/** Events possible in a snapshot: an actor's events only while it runs; the delay only in its state. */
export function googleDriveEventsFor(snapshot: GoogleDriveSnapshot): AnyEventObject[] {
  const running = Object.keys(snapshot.children);
  const active = new Set(snapshot._nodes.map((n) => n.id));
  return googleDrivePathEvents.filter((event) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
    if (actor !== undefined) return running.includes(actor);
    const delayed = /^xstate\.after\.[^.]+\.(.+)$/.exec(event.type)?.[1];
    if (delayed !== undefined) return active.has(delayed);
    return true;
  });
}

/** Serialization keeping the walk finite: value + the context that steers the chart. */
export function serializeGoogleDriveState(snapshot: GoogleDriveSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.searchName, c.files.length, c.selectedFileId, c.failure?.kind ?? null]);
}

/** The test model of the chart. */
export function googleDriveTestModel() {
  return new TestModel(googleDriveMachine, {
    input: googleDrivePathInput,
    events: googleDriveEventsFor as never,
    serializeState: serializeGoogleDriveState,
    limit: 20_000,
    stopWhen: (s: GoogleDriveSnapshot) => s.status !== 'active',
  });
}

/** The transition tour: every reachable state and every event offered there. */
export function googleDrivePaths(): TourPath[] {
  return transitionTour(googleDriveTestModel(), serializeGoogleDriveState);
}
