/**
 * Selectors the Google Drive dialog binds to (DESIGN §5: views read the chart through these, never
 * through raw state names).
 */
import type { SnapshotFrom } from 'xstate';
import type { DriveFile } from './googleDrive.actors';
import type { GoogleDriveFailure, GoogleDriveMachine } from './googleDrive.machine';

type GoogleDriveSnapshot = SnapshotFrom<GoogleDriveMachine>;

/** What the dialog shows. */
export type GoogleDriveScreen =
  | 'checking'
  | 'checkFailed'
  | 'notConfigured'
  | 'disconnected'
  | 'connecting'
  | 'files'
  | 'importing'
  | 'done';

/** The screen of the dialog. */
export function selectScreen(snapshot: GoogleDriveSnapshot): GoogleDriveScreen {
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('checkingConnection')) return 'checking';
  if (snapshot.matches('checkFailed')) return 'checkFailed';
  if (snapshot.matches('notConfigured')) return 'notConfigured';
  if (snapshot.matches('requestingCsrf') || snapshot.matches('redirecting')) return 'connecting';
  if (snapshot.matches('disconnected')) return 'disconnected';
  if (snapshot.matches({ connected: 'importing' }) || snapshot.matches({ connected: 'queued' })) return 'importing';
  return 'files';
}

/** The latest listed files (≤ 20). */
export function selectFiles(snapshot: GoogleDriveSnapshot): DriveFile[] {
  return snapshot.context.files;
}

/** The id of the chosen file, or null. */
export function selectSelectedFileId(snapshot: GoogleDriveSnapshot): string | null {
  return snapshot.context.selectedFileId;
}

/** True while a list is awaited (the typed name is debouncing or the call runs). */
export function selectIsListing(snapshot: GoogleDriveSnapshot): boolean {
  return snapshot.hasTag('listing');
}

/** True when the list call failed (retry offered). */
export function selectListFailed(snapshot: GoogleDriveSnapshot): boolean {
  return snapshot.matches({ connected: 'listFailed' });
}

/** The last failure, or null. */
export function selectFailure(snapshot: GoogleDriveSnapshot): GoogleDriveFailure | null {
  return snapshot.context.failure;
}

/** True when Import would start now (a listed file is selected and nothing runs). */
export function selectCanImport(snapshot: GoogleDriveSnapshot): boolean {
  return snapshot.can({ type: 'gdrive.import' });
}

/** True when a file may be chosen now. */
export function selectCanSelect(snapshot: GoogleDriveSnapshot): boolean {
  return snapshot.matches({ connected: 'browsing' });
}

/** True when Disconnect is offered now. */
export function selectCanDisconnect(snapshot: GoogleDriveSnapshot): boolean {
  return snapshot.can({ type: 'gdrive.disconnect' });
}

/** True while any call runs. */
export function selectIsBusy(snapshot: GoogleDriveSnapshot): boolean {
  return snapshot.hasTag('pending');
}

/** The media id of a queued import, once done. */
export function selectQueuedMediaId(snapshot: GoogleDriveSnapshot): number | null {
  return snapshot.matches('done') ? snapshot.context.mediaId : null;
}
