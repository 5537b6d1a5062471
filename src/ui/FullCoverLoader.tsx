/**
 * The full-cover loader (spec 000 §2 loading gates): covers the page until global data, the
 * current user, accounts and feature flags are loaded. Announced politely to screen readers.
 */
import { Trans } from '@lingui/react/macro';

/** A centred spinner over the whole viewport. */
export function FullCoverLoader() {
  return (
    <div className="full-cover-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}
