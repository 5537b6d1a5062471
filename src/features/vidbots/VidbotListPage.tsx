/**
 * The vidbot list (spec 001 §2 "{product} list"): search by name, sortable columns (aria-sort; sort
 * changes debounced 100 ms), status badges, pagination "showing x–y of all" with previous / next and
 * page numbers (1 sibling slot each side below 767 px, else 3), and the Create dialog (disabled for
 * a Viewer). The URL search (order_by, order_direction, page, bot_name) is the state.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import './vidbots.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { lightFormat } from 'date-fns';
import { meOptions } from '../../api/queries';
import type { Account } from '../../api/types';
import { StatusBadge } from './StatusBadge';
import { rememberListSearch } from './listMemory';
import type { VidbotListSearch } from './listSearch';
import { Pagination } from '../../ui/Pagination';
import { SearchForm } from '../../ui/SearchForm';
import { canCreateVidbot } from './permissions';
import { BOT_PAGE_SIZE, botListOptions, vidbotKeys } from './vidbot.queries';
import { usePowerUserMode } from '../chrome/powerUser';
import { toast } from '../../ui/toast';
import { errorText } from '../../ui/errorText';
import { typedApi } from '../../api/contract';
import type { BotOrderBy } from './vidbot.types';

/** The create dialog (and its form library) loads when first opened, not with the list (issue 10 §2 JavaScript budget). */
const CreateVidbotDialog = lazy(() => import('./CreateVidbotDialog').then((m) => ({ default: m.CreateVidbotDialog })));

/** Spec 001 §9: sort input debounce. */
export const SORT_DEBOUNCE_MS = 100;

/** Spec 001 §9 date format. */
export function formatDate(iso: string): string {
  return lightFormat(new Date(iso), 'dd/MM/yyyy HH:mm');
}

export interface VidbotListPageProps {
  account: Account;
  search: VidbotListSearch;
}

/** The list page. */
export function VidbotListPage({ account, search }: VidbotListPageProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const me = useQuery(meOptions());
  const list = useQuery({ ...botListOptions({ accountId: account.id, ...search }), placeholderData: (prev) => prev });
  const [createOpen, setCreateOpen] = useState(false);
  // Mounted from the first opening on, so that closing it returns focus as Dialog does.
  const [createMounted, setCreateMounted] = useState(false);
  const sortTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const canCreate = canCreateVidbot(account.role, me.data);
  // Power-user mode (spec 001 §2): an ID column and the star toggle / starred column.
  const power = usePowerUserMode(me.data);
  const queryClient = useQueryClient();
  const toggleStar = async (botId: number, isStarred: boolean) => {
    await typedApi.patch('/bot/{id}', { path: { id: botId }, body: { isStarred } });
    await queryClient.invalidateQueries({ queryKey: vidbotKeys.all });
  };

  useEffect(() => rememberListSearch(account.publicId, search), [account.publicId, search]);
  useEffect(() => () => clearTimeout(sortTimer.current), []);

  const go = (next: Partial<VidbotListSearch>) =>
    void navigate({ to: '/dashboard/$accountSlug/vidbots', params: { accountSlug: account.publicId }, search: { ...search, ...next } });

  const sortBy = (column: BotOrderBy) => {
    const direction = search.order_by === column && search.order_direction === 'asc' ? 'desc' : 'asc';
    clearTimeout(sortTimer.current);
    sortTimer.current = setTimeout(() => go({ order_by: column, order_direction: direction, page: 1 }), SORT_DEBOUNCE_MS);
  };

  const records = list.data?.records ?? [];
  const meta = list.data?.metadata;
  const columns: Array<{ key: BotOrderBy | null; label: string }> = [
    { key: 'name', label: t`Name` },
    { key: 'status', label: t`Status` },
    { key: null, label: t`Slides` },
    { key: null, label: t`Author` },
    { key: 'created_at', label: t`Created` },
    { key: 'updated_at', label: t`Updated` },
  ];

  return (
    <div className="page">
      <div className="page-header">
        <h1>
          <Trans>Vidbots</Trans>
        </h1>
        <button
          type="button"
          className="button primary"
          disabled={!canCreate}
          onClick={() => {
            setCreateMounted(true);
            setCreateOpen(true);
          }}
        >
          <Trans>Create new</Trans>
        </button>
      </div>
      {!canCreate && (
        <p className="muted">
          <Trans>Viewers cannot create vidbots.</Trans>
        </p>
      )}

      <SearchForm label={<Trans>Search by name</Trans>} query={search.bot_name} onSearch={(q) => go({ bot_name: q, page: 1 })} />

      {list.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>The vidbots could not be loaded.</Trans>
        </p>
      ) : list.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : records.length === 0 ? (
        <div className="empty-state">
          {search.bot_name ? (
            <p>
              <Trans>No vidbots match “{search.bot_name}”.</Trans>
            </p>
          ) : (
            <p>
              <Trans>No vidbots yet.</Trans> {canCreate && <Trans>Create your first one with “Create new”.</Trans>}
            </p>
          )}
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Vidbots of ${account.businessName}`}</caption>
            <thead>
              <tr>
                {power && <th scope="col">{t`ID`}</th>}
                {power && <th scope="col">{t`Starred`}</th>}
                {columns.map((c) => {
                  const active = c.key !== null && search.order_by === c.key;
                  const sort = active ? (search.order_direction === 'asc' ? 'ascending' : 'descending') : c.key ? 'none' : undefined;
                  return (
                    <th key={c.label} scope="col" aria-sort={sort}>
                      {c.key ? (
                        <button type="button" className="sort-button" onClick={() => c.key && sortBy(c.key)}>
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
              {records.map((bot) => (
                <tr key={bot.id}>
                  {power && <td>{bot.id}</td>}
                  {power && (
                    <td>
                      <button
                        type="button"
                        className="button small star-toggle"
                        aria-pressed={bot.isStarred}
                        aria-label={t`Starred: ${bot.name}`}
                        onClick={() => void toggleStar(bot.id, !bot.isStarred).catch((error: unknown) => toast.error(errorText(error, t`An error occurred`)))}
                      >
                        <span aria-hidden="true">{bot.isStarred ? '★' : '☆'}</span>
                      </button>
                    </td>
                  )}
                  <td className="name-cell">
                    <Link to="/dashboard/$accountSlug/vidbots/$id" params={{ accountSlug: account.publicId, id: String(bot.id) }}>
                      {bot.name}
                    </Link>
                  </td>
                  <td>
                    <StatusBadge status={bot.status} liveStatus={bot.liveStatus} />
                  </td>
                  <td>{bot.slideCount}</td>
                  <td className="muted">{bot.author?.email ?? '–'}</td>
                  <td className="date-cell">{formatDate(bot.createdAt)}</td>
                  <td className="date-cell">{formatDate(bot.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {meta && meta.totalCount > 0 && (
        <Pagination page={search.page} pageCount={meta.pageCount} totalCount={meta.totalCount} pageSize={BOT_PAGE_SIZE} onPage={(page) => go({ page })} />
      )}

      {createMounted && (
        <Suspense fallback={null}>
          <CreateVidbotDialog open={createOpen} accountId={account.id} accountSlug={account.publicId} onClose={() => setCreateOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
