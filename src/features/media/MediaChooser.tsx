/**
 * Media chooser (spec 001 §2 "Media chooser", §3 Media kinds, §4 "Media upload", §8 media messages):
 * a dialog listing the account's Ready media of the mode's kinds (video: SlideVideo, LogoVideo;
 * image: SlideImage, LogoImage, CoverImage), newest first, and an Upload button that runs the upload
 * chart with a progress bar and cancel. A finished upload is chosen at once. Choosing the wrong media
 * kind is refused (an alert in the dialog) and logged as an error (`reportError`: console.error, and
 * Sentry when it runs). Viewers cannot upload.
 *
 * A caller may narrow what is accepted (`kinds`, a subset of the mode's kinds — e.g. CoverImage for a
 * cover, LogoImage for a logo; issue 11) and name the kind an upload creates (`uploadKind`, default
 * SlideVideo / SlideImage). A narrowed chooser still lists all of the mode's kinds, accepted ones
 * first and each tile with its kind, so a person sees why an existing image does not fit: choosing
 * another kind is refused with a message naming the accepted kinds, and logged.
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
import { useMediaKindName } from './mediaKindName';
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
  /**
   * The kinds that may be chosen: a non-empty subset of the mode's kinds (spec 001 §2). Default: all
   * of the mode's kinds.
   */
  kinds?: readonly MediaKind[];
  /** The kind an upload creates; one of `kinds`. Default: SlideVideo / SlideImage when accepted, else the first of `kinds`. */
  uploadKind?: MediaKind;
}

/**
 * The accepted kinds and the upload kind of a chooser in `mode` (issue 11): `kinds` default to the
 * mode's kinds (spec 001 §2); `uploadKind` defaults to SlideVideo / SlideImage when accepted, else to
 * the first of `kinds`.
 * @throws Error when `kinds` is empty or names a kind outside the mode, or `uploadKind` is not one of
 *   `kinds` (a programming error of the caller).
 */
export function chooserKinds(
  mode: 'VIDEO' | 'IMAGE',
  kinds?: readonly MediaKind[],
  uploadKind?: MediaKind,
): { kinds: readonly MediaKind[]; uploadKind: MediaKind } {
  const modeKinds: readonly MediaKind[] = CHOOSER_KINDS[mode];
  const accepted = kinds ?? modeKinds;
  if (accepted.length === 0 || accepted.some((k) => !modeKinds.includes(k))) {
    throw new Error(`Media chooser: kinds [${accepted.join(', ')}] must be a non-empty subset of ${mode} (${modeKinds.join(', ')})`);
  }
  const fallback: MediaKind = mode === 'VIDEO' ? 'SlideVideo' : 'SlideImage';
  const upload = uploadKind ?? (accepted.includes(fallback) ? fallback : accepted[0]!);
  if (!accepted.includes(upload)) throw new Error(`Media chooser: uploadKind ${upload} is not one of [${accepted.join(', ')}]`);
  return { kinds: accepted, uploadKind: upload };
}

/**
 * Spec 001 §2 "Media chooser": whether `media` may be chosen in `mode` — its kind must be one of the
 * mode's kinds (video: SlideVideo, LogoVideo; image: SlideImage, LogoImage, CoverImage), and one of
 * `kinds` when the caller narrowed them (issue 11), and it must be Ready. Answers null when it may,
 * else the reason logged.
 */
export function chooserRefusal(
  mode: 'VIDEO' | 'IMAGE',
  media: Pick<Media, 'id' | 'type' | 'mediaType' | 'status'>,
  kinds: readonly MediaKind[] = CHOOSER_KINDS[mode],
): string | null {
  const modeKinds: readonly MediaKind[] = CHOOSER_KINDS[mode];
  if (!modeKinds.includes(media.type) || media.mediaType !== mode) {
    return `Media chooser: ${media.type} (${media.mediaType}) media ${media.id} chosen where ${mode} (${modeKinds.join(', ')}) is expected`;
  }
  if (!kinds.includes(media.type)) return `Media chooser: ${media.type} media ${media.id} chosen where ${kinds.join(', ')} is expected`;
  if (media.status !== 'Ready') return `Media chooser: media ${media.id} is ${media.status}, not Ready`;
  return null;
}

/** The chooser dialog. */
export function MediaChooser({ open, mode, accountId, canUpload, onChoose, onClose, kinds, uploadKind }: MediaChooserProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} wide title={mode === 'VIDEO' ? t`Choose a video` : t`Choose an image`}>
      <ChooserBody mode={mode} accountId={accountId} canUpload={canUpload} onChoose={onChoose} kinds={kinds} uploadKind={uploadKind} />
    </Dialog>
  );
}

function ChooserBody({ mode, accountId, canUpload, onChoose, kinds: wanted, uploadKind: wantedUpload }: Omit<MediaChooserProps, 'open' | 'onClose'>) {
  const { t } = useLingui();
  const kindName = useMediaKindName();
  const queryClient = useQueryClient();
  const modeKinds: readonly MediaKind[] = CHOOSER_KINDS[mode];
  const { kinds, uploadKind } = chooserKinds(mode, wanted, wantedUpload);
  const narrowed = kinds.length < modeKinds.length;
  const [name, setName] = useState('');
  // Always the mode's kinds: a narrowed chooser shows the others too, to explain a refusal.
  const list = useQuery(chooserMediaOptions(accountId, modeKinds, name));
  const upload = useUpload(uploadKind, accountId);
  const fileInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const hintId = useId();
  const readyAll = (list.data?.records ?? []).filter((m) => m.status === 'Ready');
  // Accepted kinds first, newest first within each group.
  const ready = narrowed ? [...readyAll.filter((m) => kinds.includes(m.type)), ...readyAll.filter((m) => !kinds.includes(m.type))] : readyAll;
  const acceptedList = kinds.map(kindName).join(', ');
  const uploadName = kindName(uploadKind);

  const [refused, setRefused] = useState<Media | null>(null);
  const refusedName = refused?.name ?? '';
  const refusedKind = refused ? kindName(refused.type) : '';

  const choose = (media: Media) => {
    const refusal = chooserRefusal(mode, media, kinds);
    if (refusal) {
      // Spec 001 §2, §8: the wrong type is rejected and logged as an error (console + Sentry).
      reportError(refusal, { mediaId: media.id, kind: media.type, mediaType: media.mediaType, mode, ...(narrowed ? { kinds: kinds.join(',') } : {}) });
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
      {narrowed && (
        <p className="muted" id={hintId}>
          <Trans>
            Accepted here: {acceptedList}. An upload is stored as {uploadName}.
          </Trans>
        </p>
      )}
      {refused && (
        <p className="alert alert-error" role="alert">
          {refused.mediaType === mode && modeKinds.includes(refused.type) ? (
            <Trans>
              “{refusedName}” ({refusedKind}) cannot be used here. Accepted here: {acceptedList}.
            </Trans>
          ) : mode === 'VIDEO' ? (
            <Trans>“{refusedName}” cannot be used here: choose a video.</Trans>
          ) : (
            <Trans>“{refusedName}” cannot be used here: choose an image.</Trans>
          )}
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
              <button type="button" className="media-tile" onClick={() => choose(m)} aria-describedby={narrowed ? hintId : undefined}>
                {m.thumbnailUrl || (m.mediaType === 'IMAGE' && m.url) ? (
                  <img src={m.thumbnailUrl ?? m.url ?? ''} alt="" loading="lazy" />
                ) : (
                  <span className="media-tile-placeholder" aria-hidden="true">
                    {m.mediaType === 'VIDEO' ? '▶' : '▣'}
                  </span>
                )}
                <span className="media-tile-name">{m.name}</span>
                {narrowed && <span className="media-tile-meta">{kindName(m.type)}</span>}
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
