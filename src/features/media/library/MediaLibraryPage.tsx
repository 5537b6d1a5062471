/**
 * The media library (spec 001 §2 "Media library: /media/{type}", §4 "Media upload", §6, §8, §9):
 * video / image tabs, search by name, sortable columns, pagination (URL state: name, page, order_by,
 * order_direction), thumbnails and Play only for Ready media with a url, a pending label while
 * processing, Error as a red badge with the reason on hover, dates dd/MM/yyyy HH:mm and durations
 * HH:mm:ss; the list polls every 5 s while anything processes. Uploads go through the
 * concurrency-limited queue (2 at once); Add and the row actions are disabled for a Viewer. Row
 * actions: crop, replace (the media keeps its id), rename, subtitles (videos), delete (warns about
 * published vidbots).
 */
import './library.css';
import { useEffect, useId, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { isTusSupported } from '../upload.actors';
import { configOptions, featuresOptions, meOptions } from '../../../api/queries';
import type { Account } from '../../../api/types';
import { Pagination } from '../../../ui/Pagination';
import { SearchForm } from '../../../ui/SearchForm';
import { canCreateVidbot } from '../../vidbots/permissions';
import { activeRoleIn, canGenerateAvatarVideo } from '../../chrome/permissions';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, type UploadRefusal } from '../../../../machines/upload/upload.machine';
import { selectFailure, selectRefusal, selectUploadPhase } from '../../../../machines/upload/upload.selectors';
import type { QueueEntry } from '../../../../machines/uploadQueue/uploadQueue.machine';
import type { Media, MediaKind } from '../media.types';
import { CropDialog } from './CropDialog';
import { DeleteMediaDialog } from './DeleteMediaDialog';
import { formatDuration, formatUploadDate } from './format';
import { MEDIA_PAGE_SIZE, mediaLibraryOptions, invalidateMediaLists } from './library.queries';
import type { LibraryType, MediaLibrarySearch, MediaOrderBy } from './librarySearch';
import { PlayDialog } from './PlayDialog';
import { RenameDialog } from './RenameDialog';
import { SubtitlesDialog } from './SubtitlesDialog';
import { UploadQueuePanel } from './UploadQueuePanel';
import { GoogleDriveDialog } from '../gdrive/GoogleDriveDialog';
import { googleDriveOffered } from '../gdrive/gdriveAccess';
import { libraryReturnPath } from '../gdrive/oauthReturn';
import { useUploadQueue } from './useUploadQueue';

/** Spec 001 §9: sort input debounce. */
const SORT_DEBOUNCE_MS = 100;

/** The kind new uploads of a tab get. */
const KIND_OF_TAB: Record<LibraryType, MediaKind> = { video: 'SlideVideo', image: 'SlideImage' };

type DialogState = { kind: 'play' | 'crop' | 'rename' | 'delete' | 'subtitles'; media: Media } | null;

export interface MediaLibraryPageProps {
  account: Account;
  type: LibraryType;
  search: MediaLibrarySearch;
}

export function MediaLibraryPage({ account, type, search }: MediaLibraryPageProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions());
  const list = useQuery({ ...mediaLibraryOptions(account.id, type, search), placeholderData: (prev) => prev });
  const canEdit = canCreateVidbot(account.role, me.data);
  // Spec 001 §2 "Google Drive import": video tab, server has Google, account has the feature.
  const location = useLocation();
  const config = useQuery(configOptions());
  const features = useQuery(featuresOptions(account.id));
  const gdriveOffered = type === 'video' && googleDriveOffered(config.data, features.data?.features);
  // Issue 16: the avatar video generator (feature video_generation, not Viewer) — the route's own guard.
  const avatarOffered = !!me.data && canGenerateAvatarVideo(me.data, activeRoleIn(me.data.roles, account.id), features.data?.features ?? []);
  // Issue 10 §1: a server without ffmpeg/ffprobe refuses uploads it cannot process; say so up front.
  const processing = config.data?.mediaProcessing;
  const processingUnavailable = type === 'video' ? processing?.video === false : processing?.images === false;
  const canUpload = canEdit && !processingUnavailable;
  const [dialog, setDialog] = useState<DialogState>(null);
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replaceTarget = useRef<Media | null>(null);
  const sortTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refusalText = (refusal: UploadRefusal) =>
    refusal.code === 'noActiveAccount'
      ? t`No active account`
      : refusal.code === 'zeroLength'
        ? t`File has zero length`
        : t`${refusal.fileName} is not a supported file type.`;

  const queue = useUploadQueue((entry: QueueEntry) => {
    void invalidateMediaLists(queryClient);
    const snapshot = entry.ref?.getSnapshot();
    if (!snapshot) return;
    const refusal = selectRefusal(snapshot);
    const failure = selectFailure(snapshot);
    if (refusal) toast.error(refusalText(refusal));
    else if (failure) toast.error(failure === 'Unexpected error' ? t`Unexpected error` : failure);
    else if (selectUploadPhase(snapshot) === 'done') toast.success(t`${entry.input.file.name} is ready`);
  }, account.id, () => void invalidateMediaLists(queryClient));

  useEffect(() => () => clearTimeout(sortTimer.current), []);

  const go = (next: Partial<MediaLibrarySearch>, nextType: LibraryType = type) =>
    void navigate({
      to: '/dashboard/$accountSlug/media/$type',
      params: { accountSlug: account.publicId, type: nextType },
      search: { ...search, ...next, gdrive: undefined },
    });

  /** Opens / closes the Google Drive import through the URL (`gdrive=true`). */
  const setGdrive = (open: boolean) =>
    void navigate({
      to: '/dashboard/$accountSlug/media/$type',
      params: { accountSlug: account.publicId, type },
      search: { ...search, gdrive: open ? true : undefined },
      replace: !open,
    });

  const sortBy = (column: MediaOrderBy) => {
    const direction = search.order_by === column && search.order_direction === 'asc' ? 'desc' : 'asc';
    clearTimeout(sortTimer.current);
    sortTimer.current = setTimeout(() => go({ order_by: column, order_direction: direction, page: 1 }), SORT_DEBOUNCE_MS);
  };

  const onAddFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    // Spec 001 §8: uploads need the File API and XHR uploads (tus-js-client's check).
    if (!isTusSupported()) {
      toast.error(t`Browser does not support uploads, please use modern browsers instead.`);
      return;
    }
    queue.add(files.map((file) => ({ file, kind: KIND_OF_TAB[type], accountId: account.id })));
  };

  const onReplaceFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    const target = replaceTarget.current;
    if (!file || !target) return;
    queue.add([{ file, kind: target.type, accountId: account.id, replaces: target.id }]);
  };

  const startReplace = (media: Media) => {
    replaceTarget.current = media;
    replaceInput.current?.click();
  };

  const records = list.data?.records ?? [];
  const meta = list.data?.metadata;
  const accept = (type === 'video' ? ACCEPTED_VIDEO_TYPES : ACCEPTED_IMAGE_TYPES).join(',') + (type === 'video' ? ',.mkv,.avi,.3gp' : '');
  const columns: Array<{ key: MediaOrderBy | null; label: string; className?: string }> = [
    { key: null, label: t`Preview` },
    { key: 'name', label: t`Name` },
    { key: 'status', label: t`Status` },
    ...(type === 'video' ? [{ key: 'duration' as const, label: t`Duration`, className: 'hide-narrow' }] : []),
    { key: 'created_at', label: t`Uploaded`, className: 'hide-narrow' },
    { key: null, label: t`Actions` },
  ];

  return (
    <div className="page media-library">
      <div className="page-header">
        <h1>
          <Trans>Media library</Trans>
        </h1>
        <button type="button" className="button primary" disabled={!canUpload} onClick={() => addInput.current?.click()}>
          {type === 'video' ? <Trans>Add videos</Trans> : <Trans>Add images</Trans>}
        </button>
        {gdriveOffered && (
          <button type="button" className="button" disabled={!canUpload} onClick={() => setGdrive(true)}>
            <Trans>Import from Google Drive</Trans>
          </button>
        )}
        {avatarOffered && (
          <Link className="button" to="/dashboard/$accountSlug/generate/avatar" params={{ accountSlug: account.publicId }}>
            <Trans>Generate avatar video</Trans>
          </Link>
        )}
        <input ref={addInput} type="file" multiple hidden accept={accept} onChange={onAddFiles} data-testid="media-add-input" />
        <input ref={replaceInput} type="file" hidden accept={accept} onChange={onReplaceFile} data-testid="media-replace-input" />
      </div>
      {!canEdit && (
        <p className="muted">
          <Trans>Viewers cannot add or change media.</Trans>
        </p>
      )}
      {processingUnavailable && (
        <p className="alert alert-warning" role="alert" data-testid="media-processing-unavailable">
          {type === 'video' ? (
            <Trans>
              Video uploads are unavailable: this server cannot run ffmpeg and ffprobe. Ask the administrator to install ffmpeg (Debian/Ubuntu: apt-get install ffmpeg) or the npm packages
              @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe, then restart Vidbot.
            </Trans>
          ) : (
            <Trans>
              Image uploads are unavailable: this server cannot run ffprobe. Ask the administrator to install ffmpeg (Debian/Ubuntu: apt-get install ffmpeg) or the npm package
              @ffprobe-installer/ffprobe, then restart Vidbot.
            </Trans>
          )}
        </p>
      )}

      <nav className="tabs" aria-label={t`Media type`}>
        <Link
          to="/dashboard/$accountSlug/media/$type"
          params={{ accountSlug: account.publicId, type: 'video' }}
          search={{ page: 1 }}
          className="tab"
          aria-current={type === 'video' ? 'page' : undefined}
        >
          <Trans>Videos</Trans>
        </Link>
        <Link
          to="/dashboard/$accountSlug/media/$type"
          params={{ accountSlug: account.publicId, type: 'image' }}
          search={{ page: 1 }}
          className="tab"
          aria-current={type === 'image' ? 'page' : undefined}
        >
          <Trans>Images</Trans>
        </Link>
      </nav>

      <UploadQueuePanel
        entries={queue.entries}
        onCancel={queue.cancel}
        interrupted={queue.interrupted}
        onResume={queue.resume}
        onDiscard={queue.discard}
      />

      <SearchForm label={<Trans>Search by name</Trans>} query={search.name} onSearch={(q) => go({ name: q, page: 1 })} />

      {list.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>The media could not be loaded.</Trans>
        </p>
      ) : list.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : records.length === 0 ? (
        <div className="empty-state">
          <p>{search.name ? <Trans>No media match “{search.name}”.</Trans> : type === 'video' ? <Trans>No videos yet.</Trans> : <Trans>No images yet.</Trans>}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table media-table">
            <caption className="visually-hidden">{type === 'video' ? t`Videos of ${account.businessName}` : t`Images of ${account.businessName}`}</caption>
            <thead>
              <tr>
                {columns.map((c) => {
                  const active = c.key !== null && search.order_by === c.key;
                  const sort = active ? (search.order_direction === 'asc' ? 'ascending' : 'descending') : c.key ? 'none' : undefined;
                  return (
                    <th key={c.label} scope="col" aria-sort={sort} className={c.className}>
                      {c.key ? (
                        <button type="button" className="sort-button" onClick={() => c.key && sortBy(c.key)}>
                          {c.label}
                          <span aria-hidden="true" className="sort-icon">
                            {active ? (search.order_direction === 'asc' ? '▲' : '▼') : '↕'}
                          </span>
                        </button>
                      ) : (
                        <span className="col-label">{c.label}</span>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {records.map((m) => (
                <MediaRow
                  key={m.id}
                  media={m}
                  type={type}
                  canEdit={canEdit}
                  canUpload={canUpload}
                  onPlay={() => setDialog({ kind: 'play', media: m })}
                  onCrop={() => setDialog({ kind: 'crop', media: m })}
                  onRename={() => setDialog({ kind: 'rename', media: m })}
                  onDelete={() => setDialog({ kind: 'delete', media: m })}
                  onSubtitles={() => setDialog({ kind: 'subtitles', media: m })}
                  onReplace={() => startReplace(m)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {meta && meta.totalCount > 0 && (
        <Pagination page={search.page} pageCount={meta.pageCount} totalCount={meta.totalCount} pageSize={MEDIA_PAGE_SIZE} onPage={(page) => go({ page })} />
      )}

      <PlayDialog media={dialog?.kind === 'play' ? dialog.media : null} onClose={() => setDialog(null)} />
      <CropDialog media={dialog?.kind === 'crop' ? dialog.media : null} onClose={() => setDialog(null)} />
      <RenameDialog media={dialog?.kind === 'rename' ? dialog.media : null} onClose={() => setDialog(null)} />
      <DeleteMediaDialog media={dialog?.kind === 'delete' ? dialog.media : null} onClose={() => setDialog(null)} />
      <SubtitlesDialog media={dialog?.kind === 'subtitles' ? dialog.media : null} onClose={() => setDialog(null)} />
      <GoogleDriveDialog
        open={gdriveOffered && canEdit && search.gdrive === true}
        accountId={account.id}
        returnTo={libraryReturnPath(location.pathname, location.searchStr)}
        onClose={() => setGdrive(false)}
        onQueued={() => setGdrive(false)}
      />
    </div>
  );
}

interface MediaRowProps {
  media: Media;
  type: LibraryType;
  canEdit: boolean;
  /** canEdit, and the server can process this kind (issue 10 §1). */
  canUpload: boolean;
  onPlay: () => void;
  onCrop: () => void;
  onRename: () => void;
  onDelete: () => void;
  onSubtitles: () => void;
  onReplace: () => void;
}

/** Closes an open `<details>` menu on a press outside it or on Escape. */
function useCloseOnOutside(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const details = ref.current;
      if (details?.open && e.target instanceof Node && !details.contains(e.target)) details.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && ref.current?.open) ref.current.open = false;
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref]);
}

function MediaRow({ media: m, type, canEdit, canUpload, onPlay, onCrop, onRename, onDelete, onSubtitles, onReplace }: MediaRowProps) {
  const { t } = useLingui();
  const menu = useRef<HTMLDetailsElement>(null);
  useCloseOnOutside(menu);
  const playable = m.status === 'Ready' && m.url !== null;
  const name = m.name;
  return (
    <tr data-media-id={m.id} data-status={m.status}>
      <td className="thumb-cell">
        {playable && m.thumbnailUrl ? (
          <button type="button" className="thumb-button" onClick={onPlay} aria-label={type === 'video' ? t`Play ${name}` : t`View ${name}`}>
            <img className="thumb" src={m.thumbnailUrl} alt="" loading="lazy" />
            {type === 'video' && (
              <span className="play-icon" aria-hidden="true">
                ▶
              </span>
            )}
          </button>
        ) : (
          <span className="thumb thumb-empty" aria-hidden="true" />
        )}
      </td>
      <td className="name-cell" title={m.name}>
        {m.name}
      </td>
      <td>
        {m.status === 'Error' ? (
          <ErrorBadge reason={m.errorReason} />
        ) : m.status === 'Ready' ? (
          <span className="badge badge-success">
            <Trans>Ready</Trans>
          </span>
        ) : (
          <span className="pending-label" role="status">
            <Trans>Processing…</Trans>
          </span>
        )}
      </td>
      {type === 'video' && <td className="hide-narrow duration-cell">{formatDuration(m.duration)}</td>}
      <td className="hide-narrow date-cell">{formatUploadDate(m.createdAt)}</td>
      <td className="actions-cell">
        <details className="row-actions" ref={menu}>
          <summary className="button small" aria-label={t`Actions for ${name}`}>
            <span className="wide-only">
              <Trans>Actions</Trans>
            </span>
            <span className="narrow-only" aria-hidden="true">
              ⋯
            </span>
          </summary>
          {/* Choosing an action closes the menu. */}
          <div
            className="row-actions-menu"
            onClickCapture={() => {
              if (!menu.current) return;
              menu.current.open = false;
              // The chosen button is hidden now: the dialog returns focus to the row's menu button.
              menu.current.querySelector('summary')?.focus();
            }}
          >
            {playable && (
              <button type="button" className="button small" onClick={onPlay}>
                {type === 'video' ? <Trans>Play</Trans> : <Trans>View</Trans>}
              </button>
            )}
            {playable && (
              <button type="button" className="button small" disabled={!canEdit} onClick={onCrop}>
                <Trans>Crop</Trans>
              </button>
            )}
            <button type="button" className="button small" disabled={!canUpload || m.status === 'Draft'} onClick={onReplace}>
              <Trans>Replace</Trans>
            </button>
            <button type="button" className="button small" disabled={!canEdit} onClick={onRename}>
              <Trans>Rename</Trans>
            </button>
            {type === 'video' && (
              <button type="button" className="button small" disabled={!canEdit} onClick={onSubtitles}>
                <Trans>Subtitles</Trans>
              </button>
            )}
            <button type="button" className="button small danger" disabled={!canEdit} onClick={onDelete}>
              <Trans>Delete</Trans>
            </button>
          </div>
        </details>
      </td>
    </tr>
  );
}

/**
 * Spec 001 §2 "Error shows a red badge with the reason on hover": the badge is a focusable button
 * described by its reason (`aria-describedby`); the reason shows as a tooltip on hover and on
 * keyboard focus, placed with `position: fixed` next to the badge so the table's scroll box does
 * not clip it. Escape, blur, leaving the badge or scrolling hides it (WCAG 1.4.13).
 */
function ErrorBadge({ reason }: { reason: string | null }) {
  const tipId = useId();
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  const show = (target: HTMLElement) => {
    const r = target.getBoundingClientRect();
    setAt({ top: r.bottom + 6, left: Math.max(8, Math.min(r.left, window.innerWidth - 264)) });
  };
  const hide = () => setAt(null);
  useEffect(() => {
    if (!at) return;
    window.addEventListener('scroll', hide, true);
    window.addEventListener('resize', hide);
    return () => {
      window.removeEventListener('scroll', hide, true);
      window.removeEventListener('resize', hide);
    };
  }, [at]);
  return (
    <span className="error-badge">
      <button
        type="button"
        className="badge badge-danger"
        aria-describedby={reason ? tipId : undefined}
        onFocus={(e) => show(e.currentTarget)}
        onBlur={hide}
        onPointerEnter={(e) => show(e.currentTarget)}
        onPointerLeave={(e) => {
          if (document.activeElement !== e.currentTarget) hide();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') hide();
        }}
      >
        <Trans>Error</Trans>
      </button>
      {reason && (
        <span role="tooltip" id={tipId} className="error-tip" hidden={at === null} style={at ?? undefined}>
          {reason}
        </span>
      )}
    </span>
  );
}
