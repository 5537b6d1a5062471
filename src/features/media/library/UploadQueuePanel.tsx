/**
 * The library's upload list (spec 001 §2 "Upload progress from 0 to 1 per file with a cancel button;
 * a tick shows at 100%"): one row per queue entry with its phase, a progress bar and Cancel. Entries
 * leave 1 s after they end (machines/uploadQueue); the reason of a refusal or failure is also toasted
 * by the page so it outlives the row. While the browser is offline, running uploads show as paused.
 *
 * Interrupted uploads (begun before a page reload; issue 5 "resume after a page reload") are listed
 * first with "Interrupted — choose the same file to resume", a file button that resumes the upload
 * with the chosen file (a different file is refused with the expected name and size) and Discard
 * (tus termination; the Draft media goes away).
 */
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InterruptedEntry, QueueEntry, UploadRef } from '../../../../machines/uploadQueue/uploadQueue.machine';
import { isVideoKind } from '../../../../machines/upload/upload.machine';
import './uploadQueue.css';
import { selectCanCancel, selectUploadPhase, selectUploadProgress, type UploadPhase } from '../../../../machines/upload/upload.selectors';

/** Words for each phase of one upload. */
export function usePhaseText(): (phase: UploadPhase) => string {
  const { t } = useLingui();
  return (phase) =>
    ({
      preparing: t`Preparing…`,
      uploading: t`Uploading…`,
      retrying: t`Connection problem, retrying…`,
      paused: t`Paused — offline`,
      processing: t`Processing…`,
      done: t`Uploaded`,
      failed: t`Upload failed`,
      refused: t`Not uploaded`,
      cancelled: t`Cancelled`,
    })[phase];
}

function RunningUpload({ entry, upload, onCancel }: { entry: QueueEntry; upload: UploadRef; onCancel: () => void }) {
  const { t } = useLingui();
  const phase = useSelector(upload, selectUploadPhase);
  const progress = useSelector(upload, selectUploadProgress);
  const canCancel = useSelector(upload, selectCanCancel);
  const phaseText = usePhaseText();
  const name = entry.input.file.name;
  return (
    <li className="upload-entry" data-phase={phase}>
      <div className="upload-row">
        <span className="upload-name">
          {entry.input.replaces != null && (
            <span className="muted">
              <Trans>Replacing:</Trans>{' '}
            </span>
          )}
          {name}
        </span>
        <span className="upload-phase">
          {phaseText(phase)}
          {progress >= 1 && (
            <span className="upload-tick" role="img" aria-label={t`Done`}>
              {' '}✓
            </span>
          )}
        </span>
      </div>
      <progress className="upload-progress" max={1} value={progress} aria-label={t`Upload progress of ${name}`}>
        {Math.round(progress * 100)}%
      </progress>
      {phase === 'paused' && (
        <p className="upload-note">
          <Trans>The upload continues when you are back online.</Trans>
        </p>
      )}
      {canCancel && (
        <button type="button" className="button small" onClick={onCancel}>
          <Trans>Cancel upload</Trans>
        </button>
      )}
    </li>
  );
}

/** A file size in MB (one decimal) in the active locale, e.g. 3.4 MB. */
function useFormatSize(): (bytes: number) => string {
  const { i18n } = useLingui();
  const format = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (bytes) => `${format.format(bytes / (1024 * 1024))} MB`;
}

function InterruptedUpload({
  record,
  onResume,
  onDiscard,
}: {
  record: InterruptedEntry;
  onResume: (file: File) => void;
  onDiscard: () => void;
}) {
  const { t } = useLingui();
  const formatSize = useFormatSize();
  const { name, size, kind } = record.upload;
  const discarding = record.status === 'discarding';
  const sizeText = formatSize(size);
  return (
    <li className="upload-entry upload-interrupted" data-phase={discarding ? 'discarding' : 'interrupted'}>
      <div className="upload-row">
        <span className="upload-name">{name}</span>
        <span className="upload-phase muted">{sizeText}</span>
      </div>
      <p className="upload-note" role={record.mismatch || record.discardFailed ? 'alert' : undefined}>
        {discarding ? (
          <Trans>Discarding…</Trans>
        ) : record.discardFailed ? (
          <Trans>The upload could not be discarded. Try again.</Trans>
        ) : record.mismatch ? (
          <Trans>
            That is a different file. Choose “{name}” ({sizeText}) to resume.
          </Trans>
        ) : (
          <Trans>Interrupted — choose the same file to resume.</Trans>
        )}
      </p>
      <div className="upload-actions">
        <label className={`button small${discarding ? ' disabled' : ''}`}>
          <Trans>Choose file</Trans>
          <input
            type="file"
            className="visually-hidden"
            accept={isVideoKind(kind) ? 'video/*,.mkv,.avi,.3gp' : 'image/*'}
            aria-label={t`Choose ${name} again to resume`}
            disabled={discarding}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onResume(file);
            }}
          />
        </label>
        <button type="button" className="button small" disabled={discarding} onClick={onDiscard}>
          <Trans>Discard</Trans>
        </button>
      </div>
    </li>
  );
}

/** The list of interrupted, queued, running and just-ended uploads. */
export function UploadQueuePanel({
  entries,
  onCancel,
  interrupted = [],
  onResume,
  onDiscard,
}: {
  entries: QueueEntry[];
  onCancel: (id: string) => void;
  interrupted?: InterruptedEntry[];
  onResume?: (id: string, file: File) => void;
  onDiscard?: (id: string) => void;
}) {
  const { t } = useLingui();
  if (entries.length === 0 && interrupted.length === 0) return null;
  return (
    <section className="upload-queue" aria-label={t`Uploads`} aria-live="polite">
      <ul>
        {interrupted.map((record) => (
          <InterruptedUpload
            key={record.id}
            record={record}
            onResume={(file) => onResume?.(record.id, file)}
            onDiscard={() => onDiscard?.(record.id)}
          />
        ))}
        {entries.map((entry) =>
          entry.ref ? (
            <RunningUpload key={entry.id} entry={entry} upload={entry.ref} onCancel={() => onCancel(entry.id)} />
          ) : (
            <li key={entry.id} className="upload-entry" data-phase={entry.status === 'queued' ? 'queued' : 'cancelled'}>
              <div className="upload-row">
                <span className="upload-name">{entry.input.file.name}</span>
                <span className="upload-phase">{entry.status === 'queued' ? <Trans>Waiting…</Trans> : <Trans>Cancelled</Trans>}</span>
              </div>
              {entry.status === 'queued' && (
                <button type="button" className="button small" onClick={() => onCancel(entry.id)}>
                  <Trans>Cancel upload</Trans>
                </button>
              )}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
