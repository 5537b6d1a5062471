/**
 * Admin users list (spec 000 §2, §6; superusers and customer success): ID, e-mail, first name, last
 * name and role badges (staff flags and account roles), 10 per page with the page in the URL.
 */
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../api/types';
import { Pagination } from '../../ui/Pagination';
import { TableFallback } from '../../ui/TableFallback';
import { tableState } from '../../ui/tableState';
import { useRoleLabel } from '../users/roleLabel';
import { ADMIN_USERS_PAGE_SIZE, allUsersOptions } from './admin.api';

/** Badges of a user: Super Admin, Customer Success, Reseller flags, then distinct account roles. */
export function roleBadges(user: Pick<User, 'isSuperuser' | 'isCustomerSuccess' | 'isReseller' | 'roles'>): Array<'Super_Admin' | 'Customer_Success' | User['roles'][number]['role']> {
  const out: Array<'Super_Admin' | 'Customer_Success' | User['roles'][number]['role']> = [];
  if (user.isSuperuser) out.push('Super_Admin');
  if (user.isCustomerSuccess) out.push('Customer_Success');
  if (user.isReseller) out.push('Reseller');
  for (const r of user.roles ?? []) if (!out.includes(r.role)) out.push(r.role);
  return out;
}

export function AdminUsersPage({ page }: { page: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const roleLabel = useRoleLabel();
  const list = useQuery({ ...allUsersOptions(page), placeholderData: (prev) => prev });
  const state = tableState(list.data, list.isPending);
  const rows = state === 'rows' && list.data ? list.data.records : [];
  return (
    <div className="page">
      <h1>
        <Trans>Admin users</Trans>
      </h1>
      {state !== 'rows' ? (
        <TableFallback state={list.isError ? 'noData' : state} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`All users`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`ID`}</th>
                <th scope="col">{t`Email`}</th>
                <th scope="col">{t`First name`}</th>
                <th scope="col">{t`Last name`}</th>
                <th scope="col">{t`Roles`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id}>
                  <td>{u.id}</td>
                  <td>{u.email}</td>
                  <td>{u.firstName ?? '–'}</td>
                  <td>{u.lastName ?? '–'}</td>
                  <td>
                    {roleBadges(u).map((r) => (
                      <span key={r} className={r === 'Super_Admin' || r === 'Customer_Success' ? 'badge badge-warning' : 'badge'}>
                        {roleLabel(r)}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && state === 'rows' && (
        <Pagination
          page={page}
          pageCount={list.data.metadata.pageCount}
          totalCount={list.data.metadata.totalCount}
          pageSize={ADMIN_USERS_PAGE_SIZE}
          onPage={(p) => void navigate({ to: '/dashboard/admin/users', search: { page: p } })}
        />
      )}
    </div>
  );
}
