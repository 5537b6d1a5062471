/**
 * Accounts list (spec 000 §2 admin screens, §6): search by business name, page size 10, sort by
 * business name (ascending by default) or creation date; superusers and customer success see every
 * account, a reseller only the accounts they joined (filter Joined), others 'No permission!'. Row
 * actions: 'Log in to account' for all, Edit for superusers and customer success, Delete with a
 * confirmation. Power-user mode adds the ID and public id columns.
 */
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { lightFormat } from 'date-fns';
import { meOptions } from '../../api/queries';
import { accountsListScope, canCreateAccount, canEditAccount } from '../chrome/permissions';
import { usePowerUserMode } from '../chrome/powerUser';
import { ACCOUNTS_PAGE_SIZE, accountsPageOptions, deleteAccount, invalidateAccounts, type AccountDetail } from './accounts.api';
import type { AccountsSearch } from './accountsSearch';
import { Pagination } from '../../ui/Pagination';
import { SearchForm } from '../../ui/SearchForm';
import { TableFallback } from '../../ui/TableFallback';
import { tableState } from '../../ui/tableState';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { errorText } from '../../ui/errorText';
import { BackToDashboard } from '../../ui/ErrorPage';

export function AccountsListPage({ search }: { search: AccountsSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions()).data;
  const scope = accountsListScope(me);
  const power = usePowerUserMode(me);
  const list = useQuery({
    ...accountsPageOptions({ ...search, filter: scope === 'joined' ? 'Joined' : undefined }),
    enabled: scope !== 'none',
    placeholderData: (prev) => prev,
  });
  const [toDelete, setToDelete] = useState<AccountDetail | null>(null);

  if (scope === 'none') {
    return (
      <div className="page">
        <h1>
          <Trans>Accounts</Trans>
        </h1>
        <p className="alert alert-error" role="alert">
          <Trans>No permission!</Trans>
        </p>
        <BackToDashboard />
      </div>
    );
  }

  const go = (next: Partial<AccountsSearch>) => void navigate({ to: '/dashboard/accounts', search: { ...search, ...next } });
  const sortBy = (column: AccountsSearch['order_by']) =>
    go({ order_by: column, order_direction: search.order_by === column && search.order_direction === 'asc' ? 'desc' : 'asc', page: 1 });
  const state = tableState(list.data, list.isPending);
  const records = state === 'rows' && list.data ? list.data.records : [];
  const editable = canEditAccount(me);

  const sortHeader = (column: AccountsSearch['order_by'], label: string, className?: string) => {
    const active = search.order_by === column;
    return (
      <th scope="col" className={className} aria-sort={active ? (search.order_direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button type="button" className="sort-button" onClick={() => sortBy(column)}>
          {label}
          <span aria-hidden="true" className="sort-icon">
            {active ? (search.order_direction === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>
          <Trans>Accounts</Trans>
        </h1>
        {canCreateAccount(me) && (
          <Link to="/dashboard/accounts/create" search={search} className="button primary">
            <Trans>Create account</Trans>
          </Link>
        )}
      </div>
      {scope === 'joined' && (
        <p className="muted">
          <Trans>Showing the accounts you have joined.</Trans>
        </p>
      )}
      <SearchForm label={<Trans>Search by business name</Trans>} query={search.business_name} maxLength={200} onSearch={(q) => go({ business_name: q, page: 1 })} />

      {state !== 'rows' ? (
        <TableFallback state={list.isError ? 'noData' : state} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Accounts`}</caption>
            <thead>
              <tr>
                {power && <th scope="col">{t`ID`}</th>}
                {sortHeader('business_name', t`Business name`)}
                {power && editable && <th scope="col">{t`Public id`}</th>}
                <th scope="col" className="hide-sm">
                  {t`Owner`}
                </th>
                <th scope="col">{t`Status`}</th>
                {sortHeader('created_at', t`Created`, 'hide-sm')}
                <th scope="col" className="actions-cell">
                  {t`Actions`}
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((a) => (
                <tr key={a.id}>
                  {power && <td>{a.id}</td>}
                  <td className="name-cell" title={a.businessName}>
                    {a.businessName}
                  </td>
                  {power && editable && <td>{a.publicId}</td>}
                  <td className="muted hide-sm">{a.owner?.email ?? '–'}</td>
                  <td>
                    <span className={a.status === 'Active' ? 'badge badge-success' : 'badge badge-danger'}>{a.status === 'Active' ? t`Active` : t`Suspended`}</span>
                  </td>
                  <td className="date-cell hide-sm">{lightFormat(new Date(a.createdAt), 'dd/MM/yyyy')}</td>
                  <td className="actions-cell">
                    <div className="row-actions">
                      <Link to="/dashboard/$accountSlug" params={{ accountSlug: a.publicId }} className="button small" aria-label={t`Log in to account ${a.businessName}`}>
                        <Trans>Log in to account</Trans>
                      </Link>
                      {editable && (
                        <Link
                          to="/dashboard/$accountSlug/edit"
                          params={{ accountSlug: a.publicId }}
                          search={search}
                          className="button small"
                          aria-label={t`Edit ${a.businessName}`}
                        >
                          <Trans>Edit</Trans>
                        </Link>
                      )}
                      <button type="button" className="button small danger" aria-label={t`Delete ${a.businessName}`} onClick={() => setToDelete(a)}>
                        <Trans>Delete</Trans>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && state === 'rows' && (
        <Pagination page={search.page} pageCount={list.data.metadata.pageCount} totalCount={list.data.metadata.totalCount} pageSize={ACCOUNTS_PAGE_SIZE} onPage={(page) => go({ page })} />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={<Trans>Delete account</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await deleteAccount(toDelete.id);
            toast.success(t`Account deleted`);
            setToDelete(null);
            await invalidateAccounts(queryClient);
          } catch (error) {
            toast.error(errorText(error, t`An error occurred`));
          }
        }}
      >
        <p>
          <Trans>Delete the account “{toDelete?.businessName}” with its vidbots and media? This cannot be undone.</Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}
