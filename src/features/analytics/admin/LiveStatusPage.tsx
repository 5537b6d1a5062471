/**
 * Live status (issue 13 "Staff"; spec 002 §2 "/dashboard/admin/live-status", §4 badge, §9 page size
 * 30): bots of every account with their status badge (Published shows the live status: offline red,
 * inactive muted, live green — the vidbot list's StatusBadge), last viewed time and sessions of the
 * last 7 days; sortable columns (order_by / order_direction in the URL), a name search (bot_name),
 * paging by 30. A row opens the bot: `/dashboard/{account publicId}/vidbots/{id}`. Staff only.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { lightFormat } from 'date-fns';
import { Pagination } from '../../../ui/Pagination';
import { SearchForm } from '../../../ui/SearchForm';
import { StatusBadge } from '../../vidbots/StatusBadge';
import { LIVE_STATUS_PAGE_SIZE, type LiveStatusOrderBy, type LiveStatusSearch } from './adminSearch';
import { liveStatusOptions } from './admin.queries';
import { useOpenBot } from './AdminFilters';
import './admin-analytics.css';

/** The next sort after a click on `column`: the same column flips direction, another starts ascending. */
export function nextSort(search: Pick<LiveStatusSearch, 'order_by' | 'order_direction'>, column: LiveStatusOrderBy): Pick<LiveStatusSearch, 'order_by' | 'order_direction'> {
  return { order_by: column, order_direction: search.order_by === column && search.order_direction === 'asc' ? 'desc' : 'asc' };
}

export function LiveStatusPage({ search }: { search: LiveStatusSearch }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const openBot = useOpenBot();
  const list = useQuery(liveStatusOptions(search));
  const go = (next: Partial<LiveStatusSearch>) => void navigate({ to: '/dashboard/admin/live-status', search: { ...search, page: 1, ...next } });

  const columns: Array<{ key: LiveStatusOrderBy | null; label: string }> = [
    { key: 'bot_name', label: t`Vidbot` },
    { key: 'account', label: t`Account` },
    { key: 'live_status', label: t`Status` },
    { key: 'last_viewed_at', label: t`Last viewed` },
    { key: null, label: t`Sessions (7 days)` },
  ];
  const records = list.data?.records ?? [];
  const meta = list.data?.metadata;

  return (
    <div className="page live-status">
      <div className="page-header">
        <h1>
          <Trans>Live status</Trans>
        </h1>
      </div>
      <div className="list-toolbar">
        <SearchForm label={<Trans>Search by name</Trans>} query={search.bot_name} onSearch={(q) => go({ bot_name: q })} />
      </div>
      {list.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>The live status could not be loaded.</Trans>
        </p>
      ) : list.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : records.length === 0 ? (
        <div className="empty-state">
          <p>{search.bot_name ? <Trans>No vidbots match “{search.bot_name}”.</Trans> : <Trans>No vidbots yet.</Trans>}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table clickable-rows">
            <caption className="visually-hidden">{t`Live status of vidbots`}</caption>
            <thead>
              <tr>
                {columns.map((c) => {
                  const active = c.key !== null && search.order_by === c.key;
                  const sort = active ? (search.order_direction === 'asc' ? 'ascending' : 'descending') : undefined;
                  return (
                    <th key={c.label} scope="col" aria-sort={sort}>
                      {c.key ? (
                        <button type="button" className="sort-button" onClick={() => c.key && go(nextSort(search, c.key))}>
                          {c.label}
                          <span aria-hidden="true" className="sort-icon">
                            {active ? (search.order_direction === 'asc' ? '▲' : '▼') : '↕'}
                          </span>
                        </button>
                      ) : (
                        c.label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.id} onClick={() => openBot(r.accountId, r.id)}>
                  <td>
                    <button type="button" className="button link" onClick={(e) => (e.stopPropagation(), openBot(r.accountId, r.id))}>
                      {r.name}
                    </button>
                  </td>
                  <td>{r.accountName}</td>
                  <td>
                    <StatusBadge status={r.status} liveStatus={r.liveStatus} />
                  </td>
                  <td className="date-cell">{r.lastViewedAt ? lightFormat(new Date(r.lastViewedAt), 'dd/MM/yyyy HH:mm') : t`Never`}</td>
                  <td>{i18n.number(r.sessions7d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {meta && meta.pageCount > 1 && (
        <Pagination page={search.page} pageCount={meta.pageCount} totalCount={meta.totalCount} pageSize={LIVE_STATUS_PAGE_SIZE} onPage={(page) => go({ page })} />
      )}
    </div>
  );
}
