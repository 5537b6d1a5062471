/**
 * The fallback shown in place of a paginated table's rows (spec 000 §2): loading, 'No data...',
 * 'Wrong data...', 'No results'.
 */
import { Trans } from '@lingui/react/macro';
import type { TableState } from './tableState';

/** Renders the message of a non-`rows` state (nothing for `rows`). */
export function TableFallback({ state }: { state: TableState }) {
  switch (state) {
    case 'loading':
      return (
        <p role="status" className="empty-state">
          <Trans>Loading…</Trans>
        </p>
      );
    case 'noData':
      return (
        <p role="alert" className="empty-state">
          <Trans>No data...</Trans>
        </p>
      );
    case 'wrongData':
      return (
        <p role="alert" className="empty-state">
          <Trans>Wrong data...</Trans>
        </p>
      );
    case 'noResults':
      return (
        <p role="status" className="empty-state">
          <Trans>No results</Trans>
        </p>
      );
    default:
      return null;
  }
}
