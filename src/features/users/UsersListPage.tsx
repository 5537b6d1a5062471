/**
 * Account users list (spec 000 §2, §6; 002 §2 Users): 10 per page with the page in the URL, an
 * Invite user button (when the viewer has invite role options), and per row a menu (shown to
 * superusers, Owner viewers, or for Editor/Viewer rows) with: send reset link (non-external users),
 * set password (superusers, non-external users), resend invite (roles not Active), edit (the user's
 * profile), remove. Power-user mode adds the ID column.
 */
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { sendResetCode } from '../session/identity';
import { meOptions } from '../../api/queries';
import type { Account, RoleName } from '../../api/types';
import { canSeeUserRowMenu, inviteRoleOptions, userRowActions } from '../chrome/permissions';
import { usePowerUserMode } from '../chrome/powerUser';
import { Pagination } from '../../ui/Pagination';
import { TableFallback } from '../../ui/TableFallback';
import { tableState } from '../../ui/tableState';
import { RowMenu, type RowMenuItem } from '../../ui/RowMenu';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { errorText } from '../../ui/errorText';
import { InviteDialog } from './InviteDialog';
import { SetPasswordDialog } from './SetPasswordDialog';
import { accountUsersOptions, invalidateUsers, removeAccountUser, resendInvitation, USERS_PAGE_SIZE, type AccountUser } from './users.api';
import { useRoleLabel, useStatusLabel } from './roleLabel';

export function UsersListPage({ account, role, page }: { account: Account; role: RoleName | null; page: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions()).data;
  const power = usePowerUserMode(me);
  const list = useQuery({ ...accountUsersOptions(account.id, page), placeholderData: (prev) => prev });
  const roleLabel = useRoleLabel();
  const statusLabel = useStatusLabel();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [toRemove, setToRemove] = useState<AccountUser | null>(null);
  const [toSetPassword, setToSetPassword] = useState<AccountUser | null>(null);
  const inviteRoles = inviteRoleOptions(me, role);
  const state = tableState(list.data, list.isPending);
  const rows = state === 'rows' && list.data ? list.data.records : [];

  const goPage = (p: number) => void navigate({ to: '/dashboard/$accountSlug/users', params: { accountSlug: account.publicId }, search: { page: p } });
  const goEdit = (u: AccountUser) => void navigate({ to: '/dashboard/$accountSlug/users/$id', params: { accountSlug: account.publicId, id: String(u.id) } });

  const menuItems = (u: AccountUser): RowMenuItem[] => {
    const allowed = userRowActions(me, u);
    const items: RowMenuItem[] = [];
    if (allowed.sendResetLink)
      items.push({
        key: 'reset',
        label: t`Send reset link`,
        onSelect: () =>
          void sendResetCode(u.email).then(
            () => toast.success(t`Password reset link sent to ${u.email}`),
            (error: unknown) => toast.error(errorText(error, t`An error occurred`)),
          ),
      });
    if (allowed.setPassword) items.push({ key: 'password', label: t`Set password`, onSelect: () => setToSetPassword(u) });
    if (allowed.resendInvite)
      items.push({
        key: 'resend',
        label: t`Resend invite`,
        onSelect: () =>
          void resendInvitation(account.id, { accountId: account.id, role: u.role, userEmail: u.email }).then(
            () => toast.success(t`Invitation sent`),
            (error: unknown) => toast.error(errorText(error, t`An error occurred`)),
          ),
      });
    items.push({ key: 'edit', label: t`Edit`, onSelect: () => goEdit(u) });
    items.push({ key: 'remove', label: t`Remove`, danger: true, onSelect: () => setToRemove(u) });
    return items;
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>
          <Trans>Users</Trans>
        </h1>
        {inviteRoles.length > 0 && (
          <button type="button" className="button primary" onClick={() => setInviteOpen(true)}>
            <Trans>Invite user</Trans>
          </button>
        )}
      </div>
      {state !== 'rows' ? (
        <TableFallback state={list.isError ? 'noData' : state} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Users of ${account.businessName}`}</caption>
            <thead>
              <tr>
                {power && <th scope="col">{t`ID`}</th>}
                <th scope="col" className="hide-sm">
                  {t`Name`}
                </th>
                <th scope="col">{t`Email`}</th>
                <th scope="col">{t`Role`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col" className="actions-cell">
                  {t`Actions`}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id}>
                  {power && <td>{u.id}</td>}
                  <td className="name-cell hide-sm">
                    <Link to="/dashboard/$accountSlug/users/$id" params={{ accountSlug: account.publicId, id: String(u.id) }}>
                      {[u.firstName, u.lastName].filter(Boolean).join(' ') || '–'}
                    </Link>
                  </td>
                  <td className="wrap-cell">
                    <Link className="show-sm" to="/dashboard/$accountSlug/users/$id" params={{ accountSlug: account.publicId, id: String(u.id) }}>
                      {u.email}
                    </Link>
                    <span className="hide-sm">{u.email}</span>
                  </td>
                  <td>{roleLabel(u.role)}</td>
                  <td>
                    <span className={u.status === 'Active' ? 'badge badge-success' : 'badge badge-warning'}>{statusLabel(u.status)}</span>
                  </td>
                  <td className="actions-cell">{canSeeUserRowMenu(me, role, u) && <RowMenu label={t`Actions for ${u.email}`} items={menuItems(u)} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && state === 'rows' && (
        <Pagination page={page} pageCount={list.data.metadata.pageCount} totalCount={list.data.metadata.totalCount} pageSize={USERS_PAGE_SIZE} onPage={goPage} />
      )}

      <InviteDialog open={inviteOpen} onClose={() => setInviteOpen(false)} accountId={account.id} roles={inviteRoles} />
      <SetPasswordDialog user={toSetPassword} onClose={() => setToSetPassword(null)} />
      <ConfirmDialog
        open={toRemove !== null}
        title={<Trans>Remove user</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        onClose={() => setToRemove(null)}
        onConfirm={async () => {
          if (!toRemove) return;
          try {
            await removeAccountUser(account.id, toRemove.id);
            toast.success(t`User deleted`);
            setToRemove(null);
            await invalidateUsers(queryClient);
          } catch (error) {
            toast.error(errorText(error, t`An error occurred`));
          }
        }}
      >
        <p>
          <Trans>Remove {toRemove?.email} from {account.businessName}?</Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}
