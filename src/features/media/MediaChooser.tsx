/**
 * Media chooser (spec 001 §2 "Media chooser", §4 "Media upload", §8 media messages): a dialog listing
 * the account's Ready media of the mode's kinds (video: SlideVideo, LogoVideo; image: SlideImage,
 * LogoImage, CoverImage), newest first, and an Upload button that runs the upload chart with a
 * progress bar and cancel. A finished upload is chosen at once. Choosing the wrong media kind is
 * refused (an alert in the dialog) and logged as an error (`reportError`: console.error, and Sentry
 * when it runs). Viewers cannot upload.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { typedApi } from '../../api/contract';
import { Dialog } from '../../ui/Dialog';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES } from '../../../machines/upload/upload.machine';
import {
  selectCanCancel,
  selectFailure,
  selectRefusal,
  selectUploadPhase,
  selectUploadProgress,
  selectUploadedMedia,
} from '../../../machines/upload/upload.selectors';
import { chooserMediaOptions, mediaKeys } from './media.queries';
import { CHOOSER_KINDS, type Media, type MediaKind } from './media.types';
import { formatDuration } from './library/format';
import { reportError } from '../../ui/reportError';
import { useUpload, type UploadActor } from './useUpload';

export interface MediaChooserProps {
  open: boolean;
  mode: 'VIDEO' | 'IMAGE';
  accountId: number;
  /** False for a Viewer (spec 001 §6). */
  canUpload: boolean;
  onChoose: (media: Media) => void;
  onClose: () => void;
}

/**
 * Spec 001 §2 "Media chooser": whether `media` may be chosen in `mode` — its kind must be one of the
 * mode's kinds (video: SlideVideo, LogoVideo; image: SlideImage, LogoImage, CoverImage) and it must
 * be Ready. Answers null when it may, else the reason logged.
 */
export function chooserRefusal(mode: 'VIDEO' | 'IMAGE', media: Pick<Media, 'id' | 'type' | 'mediaType' | 'status'>): string | null {
  const kinds: readonly MediaKind[] = CHOOSER_KINDS[mode];
  if (!kinds.includes(media.type) || media.mediaType !== mode) {
    return `Media chooser: ${media.type} (${media.mediaType}) media ${media.id} chosen where ${mode} (${kinds.join(', ')}) is expected`;
  }
  if (media.status !== 'Ready') return `Media chooser: media ${media.id} is ${media.status}, not Ready`;
  return null;
}

/** The chooser dialog. */
export function MediaChooser({ open, mode, accountId, canUpload, onChoose, onClose }: MediaChooserProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} wide title={mode === 'VIDEO' ? t`Choose a video` : t`Choose an image`}>
      <ChooserBody mode={mode} accountId={accountId} canUpload={canUpload} onChoose={onChoose} />
    </Dialog>
  );
}

function ChooserBody({ mode, accountId, canUpload, onChoose }: Omit<MediaChooserProps, 'open' | 'onClose'>) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const kinds = CHOOSER_KINDS[mode];
  const [name, setName] = useState('');
  const list = useQuery(chooserMediaOptions(accountId, kinds, name));
  const upload = useUpload(mode === 'VIDEO' ? 'SlideVideo' : 'SlideImage', accountId);
  const fileInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const ready = (list.data?.records ?? []).filter((m) => m.status === 'Ready');

  const [refused, setRefused] = useState<Media | null>(null);
  const refusedName = refused?.name ?? '';

  const choose = (media: Media) => {
    const refusal = chooserRefusal(mode, media);
    if (refusal) {
      // Spec 001 §2, §8: the wrong type is rejected and logged as an error (console + Sentry).
      reportError(refusal, { mediaId: media.id, kind: media.type, mediaType: media.mediaType, mode });
      setRefused(media);
      return;
    }
    setRefused(null);
    onChoose(media);
  };

  const onUploaded = async (mediaId: number) => {
    await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    const media = await typedApi.get('/media/{id}', { path: { id: mediaId } });
    choose(media);
  };

  return (
    <>
      <div className="chooser-toolbar">
        <div className="field inline">
          <label htmlFor={searchId}>
            <Trans>Search by name</Trans>
          </label>
          <input id={searchId} type="search" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <input
          ref={fileInput}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          accept={(mode === 'VIDEO' ? ACCEPTED_VIDEO_TYPES : ACCEPTED_IMAGE_TYPES).join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.start(file);
          }}
        />
        <button
          type="button"
          className="button primary"
          disabled={!canUpload || upload.active}
          onClick={() => fileInput.current?.click()}
        >
          {mode === 'VIDEO' ? <Trans>Upload video</Trans> : <Trans>Upload image</Trans>}
        </button>
      </div>
      {!canUpload && (
        <p className="muted">
          <Trans>Viewers cannot upload media.</Trans>
        </p>
      )}
      {refused && (
        <p className="alert alert-error" role="alert">
          {mode === 'VIDEO' ? <Trans>“{refusedName}” cannot be used here: choose a video.</Trans> : <Trans>“{refusedName}” cannot be used here: choose an image.</Trans>}
        </p>
      )}
      {upload.actor && <UploadStatus key={upload.actor.id} actor={upload.actor} onCancel={upload.cancel} onDone={onUploaded} onDismiss={upload.clear} />}
      {list.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : list.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>The media could not be loaded.</Trans>
        </p>
      ) : ready.length === 0 ? (
        <p className="muted">{mode === 'VIDEO' ? <Trans>No videos yet. Upload one.</Trans> : <Trans>No images yet. Upload one.</Trans>}</p>
      ) : (
        <ul className="media-grid" aria-label={mode === 'VIDEO' ? t`Videos` : t`Images`}>
          {ready.map((m) => (
            <li key={m.id}>
              <button type="button" className="media-tile" onClick={() => choose(m)}>
                {m.thumbnailUrl || (m.mediaType === 'IMAGE' && m.url) ? (
                  <img src={m.thumbnailUrl ?? m.url ?? ''} alt="" loading="lazy" />
                ) : (
                  <span className="media-tile-placeholder" aria-hidden="true">
                    {m.mediaType === 'VIDEO' ? '▶' : '▣'}
                  </span>
                )}
                <span className="media-tile-name">{m.name}</span>
                {m.duration !== null && <span className="media-tile-meta">{formatDuration(m.duration)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function UploadStatus({
  actor,
  onCancel,
  onDone,
  onDismiss,
}: {
  actor: UploadActor;
  onCancel: () => void;
  onDone: (mediaId: number) => Promise<void>;
  onDismiss: () => void;
}) {
  const { t } = useLingui();
  const phase = useSelector(actor, selectUploadPhase);
  const progress = useSelector(actor, selectUploadProgress);
  const canCancel = useSelector(actor, selectCanCancel);
  const refusal = useSelector(actor, selectRefusal);
  const failure = useSelector(actor, selectFailure);
  const uploaded = useSelector(actor, selectUploadedMedia);
  const fileName = actor.getSnapshot().context.file.name;
  const handled = useRef(false);

  useEffect(() => {
    if (uploaded && !handled.current) {
      handled.current = true;
      void onDone(uploaded.id).catch(() => undefined);
    }
  }, [uploaded, onDone]);

  useEffect(() => {
    // Spec 001 §4: the entry is removed 1 s after finishing (a failure stays until dismissed).
    if (phase !== 'done' && phase !== 'cancelled') return;
    const timer = setTimeout(onDismiss, 1000);
    return () => clearTimeout(timer);
  }, [phase, onDismiss]);

  const phaseText = {
    preparing: t`Preparing…`,
    uploading: t`Uploading…`,
    retrying: t`Connection problem, retrying…`,
    paused: t`Offline, the upload continues when you are back online.`,
    processing: t`Processing…`,
    done: t`Uploaded`,
    failed: t`Upload failed`,
    refused: t`Not uploaded`,
    cancelled: t`Cancelled`,
  }[phase];

  const refusalText =
    refusal === null
      ? null
      : refusal.code === 'noActiveAccount'
        ? t`No active account`
        : refusal.code === 'zeroLength'
          ? t`File has zero length`
          : t`${refusal.fileName} is not a supported file type.`;

  return (
    <div className="upload-status" aria-live="polite">
      <div className="upload-row">
        <span className="upload-name">{fileName}</span>
        <span className="upload-phase">
          {phaseText}
          {phase === 'done' && <span aria-hidden="true"> ✓</span>}
        </span>
      </div>
      {phase !== 'refused' && phase !== 'failed' && phase !== 'cancelled' && (
        <progress className="upload-progress" max={1} value={progress} aria-label={t`Upload progress of ${fileName}`}>
          {Math.round(progress * 100)}%
        </progress>
      )}
      {refusalText && (
        <p className="alert alert-error" role="alert">
          {refusalText}
        </p>
      )}
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      <div className="actions">
        {canCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            <Trans>Cancel upload</Trans>
          </button>
        ) : (
          (phase === 'failed' || phase === 'refused') && (
            <button type="button" className="button" onClick={onDismiss}>
              <Trans>Dismiss</Trans>
            </button>
          )
        )}
      </div>
    </div>
  );
}
