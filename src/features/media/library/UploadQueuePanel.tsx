/**
 * The library's upload list (spec 001 §2 "Upload progress from 0 to 1 per file with a cancel button;
 * a tick shows at 100%"): one row per queue entry with its phase, a progress bar and Cancel. Entries
 * leave 1 s after they end (machines/uploadQueue); the reason of a refusal or failure is also toasted
 * by the page so it outlives the row.
 */
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QueueEntry, UploadRef } from '../../../../machines/uploadQueue/uploadQueue.machine';
import { selectCanCancel, selectUploadPhase, selectUploadProgress, type UploadPhase } from '../../../../machines/upload/upload.selectors';

/** Words for each phase of one upload. */
export function usePhaseText(): (phase: UploadPhase) => string {
  const { t } = useLingui();
  return (phase) =>
    ({
      preparing: t`Preparing…`,
      uploading: t`Uploading…`,
      retrying: t`Connection problem, retrying…`,
      paused: t`Offline, the upload continues when you are back online.`,
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
      {canCancel && (
        <button type="button" className="button small" onClick={onCancel}>
          <Trans>Cancel upload</Trans>
        </button>
      )}
    </li>
  );
}

/** The list of queued, running and just-ended uploads. */
export function UploadQueuePanel({ entries, onCancel }: { entries: QueueEntry[]; onCancel: (id: string) => void }) {
  const { t } = useLingui();
  if (entries.length === 0) return null;
  return (
    <section className="upload-queue" aria-label={t`Uploads`} aria-live="polite">
      <ul>
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
