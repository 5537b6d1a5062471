/**
 * Google Drive import dialog (spec 001 §2 "Google Drive import", §3 "Google Drive file", §8): a thin
 * binding of the googleDrive chart. Not connected → "Connect Google Drive" (leaves for Google's
 * consent screen and comes back to `returnTo`); connected → a labelled search field (debounced by
 * the chart), the latest 20 files as a radio group (arrow keys move the choice; thumbnails have the
 * file name as alt text), Import and Disconnect. Not configured and failures say so in words.
 * The chart starts when the dialog opens and stops when it closes; `onQueued` runs once an import
 * is queued (the chart has already refreshed the lists and shown the toast).
 */
import './gdrive.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { Dialog } from '../../../ui/Dialog';
import type { DriveFile } from '../../../../machines/googleDrive/googleDrive.actors';
import type { GoogleDriveFailureKind } from '../../../../machines/googleDrive/googleDrive.machine';
import {
  selectCanDisconnect,
  selectCanImport,
  selectCanSelect,
  selectFailure,
  selectFiles,
  selectIsListing,
  selectListFailed,
  selectScreen,
  selectSelectedFileId,
} from '../../../../machines/googleDrive/googleDrive.selectors';
import { createGoogleDriveMachine, type GoogleDriveEdge } from './googleDrive.actors';
import { inspect } from '../../machines/inspection';

export interface GoogleDriveDialogProps {
  open: boolean;
  accountId: number;
  /** Same-origin path to come back to after Google (the library with gdrive=true). */
  returnTo: string;
  onClose: () => void;
  /** Called once the import is queued (the dialog is done). */
  onQueued: () => void;
  /** Tests replace the app edge (storage, navigation). */
  edge?: Partial<Omit<GoogleDriveEdge, 'queryClient' | 'announceQueued'>>;
}

/** The dialog; its content (and chart) live only while open. */
export function GoogleDriveDialog({ open, accountId, returnTo, onClose, onQueued, edge }: GoogleDriveDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} title={t`Import from Google Drive`} onClose={onClose} wide>
      <GoogleDriveImport accountId={accountId} returnTo={returnTo} onClose={onClose} onQueued={onQueued} edge={edge} />
    </Dialog>
  );
}

function GoogleDriveImport({ accountId, returnTo, onClose, onQueued, edge }: Omit<GoogleDriveDialogProps, 'open'>) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    createGoogleDriveMachine({
      queryClient,
      announceQueued: () => toast.success(t`Video upload is queued, it may take a few minutes for the video to be shown up.`),
      storage: edge?.storage ?? window.sessionStorage,
      leave: edge?.leave ?? ((url) => window.location.assign(url)),
    }),
  );
  const actor = useActorRef(machine, { input: { accountId, returnTo }, inspect });
  const screen = useSelector(actor, selectScreen);
  const failure = useSelector(actor, selectFailure);
  // Focus follows the screen: when the focused control went away (or focus is outside the
  // content, e.g. on the close button after opening), the new screen's main control gets it.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = content.current;
    if (box && !box.contains(document.activeElement)) box.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [screen]);
  // `done` is final: this runs once per import; the parent closes the dialog.
  const onQueuedRef = useRef(onQueued);
  onQueuedRef.current = onQueued;
  useEffect(() => {
    if (screen === 'done') onQueuedRef.current();
  }, [screen]);

  const failureText: Record<GoogleDriveFailureKind, string> = {
    checkFailed: t`The Google Drive connection could not be checked.`,
    connectFailed: t`Connecting to Google Drive failed. Please try again.`,
    listFailed: t`The Google Drive files could not be loaded.`,
    importFailed: t`The file could not be imported. Please try again.`,
    importForbidden: t`You are not allowed to import media into this account.`,
    disconnectFailed: t`Google Drive could not be disconnected. Please try again.`,
  };

  return (
    <div ref={content} className="gdrive-content">
      {renderScreen()}
    </div>
  );

  function renderScreen() {
    switch (screen) {
      case 'checking':
        return (
          <p role="status" className="gdrive-status">
            <Trans>Checking the Google Drive connection…</Trans>
          </p>
        );
      case 'checkFailed':
        return (
          <>
            <p className="alert alert-error" role="alert">
              {failureText.checkFailed}
            </p>
            <div className="actions end">
              <button type="button" className="button" onClick={onClose}>
                <Trans>Close</Trans>
              </button>
              <button type="button" className="button primary" data-autofocus onClick={() => actor.send({ type: 'gdrive.retry' })}>
                <Trans>Try again</Trans>
              </button>
            </div>
          </>
        );
      case 'notConfigured':
        return (
          <>
            <p className="alert alert-warning" role="alert">
              <Trans>Google Drive import is not set up on this server. Ask your administrator to configure a Google client.</Trans>
            </p>
            <div className="actions end">
              <button type="button" className="button" data-autofocus onClick={onClose}>
                <Trans>Close</Trans>
              </button>
            </div>
          </>
        );
      case 'disconnected':
      case 'connecting':
        return (
          <>
            <p>
              <Trans>Connect your Google account to choose videos from your Google Drive.</Trans>
            </p>
            {failure?.kind === 'connectFailed' && (
              <p className="alert alert-error" role="alert">
                {failureText.connectFailed}
              </p>
            )}
            <div className="actions end">
              <button type="button" className="button" onClick={onClose}>
                <Trans>Cancel</Trans>
              </button>
              <button
                type="button"
                className="button primary"
                data-autofocus
                disabled={screen === 'connecting'}
                aria-busy={screen === 'connecting'}
                onClick={() => actor.send({ type: 'gdrive.connect' })}
              >
                {screen === 'connecting' ? <Trans>Connecting…</Trans> : <Trans>Connect Google Drive</Trans>}
              </button>
            </div>
          </>
        );
      default:
        return <DriveFilePicker actor={actor} failureText={failureText} onClose={onClose} />;
    }
  }
}

type GoogleDriveActor = ActorRefFrom<ReturnType<typeof createGoogleDriveMachine>>;

interface DriveFilePickerProps {
  actor: GoogleDriveActor;
  failureText: Record<GoogleDriveFailureKind, string>;
  onClose: () => void;
}

/** Search, the radio group of files, Import and Disconnect. */
function DriveFilePicker({ actor, failureText, onClose }: DriveFilePickerProps) {
  const { t } = useLingui();
  const searchId = useId();
  const groupId = useId();
  const [name, setName] = useState('');
  const files = useSelector(actor, selectFiles);
  const selectedId = useSelector(actor, selectSelectedFileId);
  const listing = useSelector(actor, selectIsListing);
  const listFailed = useSelector(actor, selectListFailed);
  const canSelect = useSelector(actor, selectCanSelect);
  const canImport = useSelector(actor, selectCanImport);
  const canDisconnect = useSelector(actor, selectCanDisconnect);
  const screen = useSelector(actor, selectScreen);
  const failure = useSelector(actor, selectFailure);
  const importing = screen === 'importing';
  const selected = useMemo(() => files.find((f) => f.id === selectedId) ?? null, [files, selectedId]);

  const otherFailure = failure && failure.kind !== 'listFailed' ? failure.kind : null;

  return (
    <div className="gdrive-picker">
      <div className="field gdrive-search">
        <label htmlFor={searchId}>
          <Trans>Search Google Drive by name</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          value={name}
          maxLength={200}
          data-autofocus
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            actor.send({ type: 'gdrive.search', name: e.target.value });
          }}
        />
      </div>

      {otherFailure && (
        <p className="alert alert-error" role="alert">
          {failureText[otherFailure]}
        </p>
      )}

      {listFailed ? (
        <div className="alert alert-error" role="alert">
          <p>{failureText.listFailed}</p>
          <button type="button" className="button small" onClick={() => actor.send({ type: 'gdrive.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : listing && files.length === 0 ? (
        <p role="status" className="gdrive-status">
          <Trans>Loading files…</Trans>
        </p>
      ) : files.length === 0 ? (
        <p className="gdrive-status">{name.trim() ? <Trans>No files match “{name.trim()}”.</Trans> : <Trans>No files in your Google Drive.</Trans>}</p>
      ) : (
        <fieldset className="gdrive-files" aria-busy={listing} disabled={!canSelect}>
          <legend className="visually-hidden">
            <Trans>Latest files in Google Drive</Trans>
          </legend>
          {files.map((file) => (
            <DriveFileOption
              key={file.id}
              file={file}
              group={groupId}
              checked={file.id === selectedId}
              onChoose={() => actor.send({ type: 'gdrive.select', fileId: file.id })}
            />
          ))}
        </fieldset>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {listing ? t`Loading files…` : files.length > 0 ? t`${files.length} files listed` : ''}
      </p>

      <div className="actions gdrive-actions">
        <button
          type="button"
          className="button link danger gdrive-disconnect"
          disabled={!canDisconnect}
          onClick={() => actor.send({ type: 'gdrive.disconnect' })}
        >
          <Trans>Disconnect Google Drive</Trans>
        </button>
        <span className="gdrive-spacer" />
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className="button primary"
          disabled={!canImport}
          aria-busy={importing}
          aria-describedby={selected ? undefined : `${groupId}-hint`}
          onClick={() => actor.send({ type: 'gdrive.import' })}
        >
          {importing ? <Trans>Importing…</Trans> : <Trans>Import</Trans>}
        </button>
      </div>
      {!selected && (
        <p id={`${groupId}-hint`} className="muted gdrive-hint">
          <Trans>Choose a file to import.</Trans>
        </p>
      )}
    </div>
  );
}

interface DriveFileOptionProps {
  file: DriveFile;
  group: string;
  checked: boolean;
  onChoose: () => void;
}

/** One file as a native radio (keyboard: arrows move, Space selects) with its thumbnail. */
function DriveFileOption({ file, group, checked, onChoose }: DriveFileOptionProps) {
  const { i18n } = useLingui();
  const nameId = useId();
  const modified = Number.isNaN(Date.parse(file.modifiedTime)) ? null : i18n.date(file.modifiedTime, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <label className={checked ? 'gdrive-file checked' : 'gdrive-file'} data-file-id={file.id}>
      <input type="radio" name={group} value={file.id} checked={checked} onChange={onChoose} aria-labelledby={nameId} />
      {file.thumbnailLink ? (
        <img className="gdrive-thumb" src={file.thumbnailLink} alt={file.name} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <span className="gdrive-thumb gdrive-thumb-empty" aria-hidden="true">
          ▶
        </span>
      )}
      <span className="gdrive-file-text">
        <span id={nameId} className="gdrive-file-name">
          {file.name}
        </span>
        <span className="gdrive-file-meta muted">{[modified, formatSize(file.size)].filter(Boolean).join(' · ')}</span>
      </span>
    </label>
  );
}

/** Bytes as B / KB / MB / GB (one decimal from MB on); null when unknown. */
export function formatSize(bytes: number | null): string | null {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
