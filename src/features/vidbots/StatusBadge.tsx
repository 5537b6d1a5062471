/**
 * Status badges of the vidbot list (spec 001 §2): Draft default, Deactivated red, Published shows
 * the live status (offline red, inactive muted, live green). Version badge of the editor.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { BotStatus, LiveStatus } from './vidbot.types';

/** The list's status badge. */
export function StatusBadge({ status, liveStatus }: { status: BotStatus; liveStatus: LiveStatus }) {
  const { t } = useLingui();
  if (status === 'Deactivated') return <span className="badge badge-danger">{t`Deactivated`}</span>;
  if (status === 'Draft') return <span className="badge">{t`Draft`}</span>;
  const live = { live: t`live`, offline: t`offline`, inactive: t`inactive` }[liveStatus];
  const tone = { live: 'badge-success', offline: 'badge-danger', inactive: 'badge-muted' }[liveStatus];
  return (
    <span className={`badge ${tone}`}>
      <Trans>Published · {live}</Trans>
    </span>
  );
}

/** The editor's version badge: revision number and whether that revision is a Draft or Published (nothing without a revision). */
export function VersionBadge({ revNumber, revisionStatus }: { revNumber: number | null; revisionStatus: string | null }) {
  const { t } = useLingui();
  if (revNumber === null) return null;
  const state = revisionStatus === 'Published' ? t`Published` : revisionStatus === 'Archived' ? t`Archived` : t`Draft`;
  return (
    <span className={revisionStatus === 'Published' ? 'badge badge-success' : 'badge'} aria-label={t`Version ${revNumber}, ${state}`}>
      v{revNumber} · {state}
    </span>
  );
}
