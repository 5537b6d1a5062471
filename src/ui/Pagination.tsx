/**
 * Pagination of every paginated table (spec 000 §2 shared chrome, §9): "Showing x–y of all",
 * previous / next and page numbers with 1 sibling slot each side below the sm breakpoint (767 px),
 * 3 otherwise. Pages are 1-based; `onPage` receives the page to show.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { pageItems, shownRange } from './pagination';
import { useMediaQuery } from './useMediaQuery';

export interface PaginationProps {
  page: number;
  pageCount: number;
  totalCount: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Pager below a table. */
export function Pagination({ page, pageCount, totalCount, pageSize, onPage }: PaginationProps) {
  const { t } = useLingui();
  const narrow = useMediaQuery('(max-width: 766px)');
  const { from, to } = shownRange(page, pageSize, totalCount);
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      <p className="pagination-summary">
        <Trans>
          Showing {from}–{to} of {totalCount}
        </Trans>
      </p>
      <ul>
        <li>
          <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <Trans>Previous</Trans>
          </button>
        </li>
        {pageItems(page, pageCount, narrow ? 1 : 3).map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="pagination-gap">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={item.page === page ? 'button page-button current' : 'button page-button'}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t`Page ${item.page}`}
                onClick={() => onPage(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            <Trans>Next</Trans>
          </button>
        </li>
      </ul>
    </nav>
  );
}
