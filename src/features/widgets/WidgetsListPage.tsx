/**
 * The widgets list (issue 15 "Widgets"; spec 002 §2 Widgets list, §6, §8, §9): title Widgets, a
 * Create new button (disabled for a Viewer, with the reason), a table of 10 rows per page (page in
 * the URL) with name, type, status badge, content, updated and author; a row click or Edit opens the
 * editor `/dashboard/{account}/widget/{id}`; the row menu (widgetRowActions.ts) duplicates, edits,
 * removes (after a confirmation), copies to another account (with the §5 warning for All / ByTags
 * content) and, for power users, deactivates or reactivates. Failures toast the generic error
 * (spec 002 §8); copying toasts its own success or error.
 */
import { Suspense, lazy, useState, type MouseEvent } from 'react';
import './widgets.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { lightFormat } from 'date-fns';
import { accountsOptions, meOptions } from '../../api/queries';
import type { Account } from '../../api/types';
import { Pagination } from '../../ui/Pagination';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { RowMenu, type RowMenuItem } from '../../ui/RowMenu';
import { toast } from '../../ui/toast';
import { WidgetStatusBadge, useWidgetLabels } from './widgetLabels';
import { canCreateWidget, widgetCopyTargets, widgetRowActions, type WidgetRowActionKey } from './widgetRowActions';
import { WIDGETS_PAGE_SIZE, cloneWidget, deleteWidget, invalidateWidgets, setWidgetStatus, widgetListOptions, type WidgetListItem } from './widgets.api';

/** The create and copy dialogs (and the form library) load when first opened (issue 10 §2 JavaScript budget). */
const CreateWidgetDialog = lazy(() => import('./WidgetListDialogs').then((m) => ({ default: m.CreateWidgetDialog })));
const CopyWidgetDialog = lazy(() => import('./WidgetListDialogs').then((m) => ({ default: m.CopyWidgetDialog })));

/**
 * The editor's path `/dashboard/{accountSlug}/widget/{id}` (route `widget.$id.tsx`, built by the
 * editor helper; a plain path so this page does not depend on that route's types).
 */
export function widgetEditorPath(accountSlug: string, id: number): string {
  return `/dashboard/${accountSlug}/widget/${id}`;
}

/** Spec 002 §9 date format dd/MM/yyyy HH:mm. */
function formatDate(iso: string): string {
  return lightFormat(new Date(iso), 'dd/MM/yyyy HH:mm');
}

export interface WidgetsListPageProps {
  account: Account;
  page: number;
}

/** The list page. */
export function WidgetsListPage({ account, page }: WidgetsListPageProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meOptions()).data;
  const accounts = useQuery(accountsOptions());
  const list = useQuery({ ...widgetListOptions(account.id, page), placeholderData: (prev) => prev });
  const labels = useWidgetLabels();
  const canCreate = canCreateWidget(account.role, me);
  const targets = widgetCopyTargets(accounts.data?.records ?? [], account.id, me);
  const [createOpen, setCreateOpen] = useState(false);
  const [copyWidget, setCopyWidget] = useState<WidgetListItem | null>(null);
  const [removeWidget, setRemoveWidget] = useState<WidgetListItem | null>(null);
  // Mounted from the first opening on, so that closing returns focus as Dialog does.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  const refresh = () => invalidateWidgets(queryClient);
  const records = list.data?.records ?? [];
  const meta = list.data?.metadata;

  const goPage = (p: number) => void navigate({ to: '/dashboard/$accountSlug/widget', params: { accountSlug: account.publicId }, search: { page: p } });
  const goEdit = (w: Pick<WidgetListItem, 'id'>) => void navigate({ to: widgetEditorPath(account.publicId, w.id) as never });

  const menuLabels: Record<WidgetRowActionKey, string> = {
    clone: t`Duplicate`,
    edit: t`Edit`,
    delete: t`Remove`,
    copy: t`Copy to account`,
    deactivate: t`Deactivate`,
    reactivate: t`Reactivate`,
  };
  const runAction = (key: WidgetRowActionKey, widget: WidgetListItem) => {
    switch (key) {
      case 'edit':
        return goEdit(widget);
      case 'delete':
        return setRemoveWidget(widget);
      case 'copy':
        setDialogsMounted(true);
        return setCopyWidget(widget);
      case 'clone':
        return void cloneWidget(widget.id).then(
          async (copy) => {
            toast.success(t`Duplicated as “${copy.name}”`);
            await refresh();
          },
          () => toast.error(t`An error occurred`),
        );
      case 'deactivate':
      case 'reactivate':
        return void setWidgetStatus(widget.id, key === 'deactivate' ? 'Deactivated' : 'Published').then(
          async () => {
            toast.success(key === 'deactivate' ? t`“${widget.name}” deactivated` : t`“${widget.name}” reactivated`);
            await refresh();
          },
          () => toast.error(t`An error occurred`),
        );
    }
  };
  const rowMenu = (widget: WidgetListItem): RowMenuItem[] =>
    widgetRowActions({ widget, role: account.role, viewer: me, hasCopyTarget: targets.length > 0 }).map((a) => ({
      key: a.key,
      label: menuLabels[a.key],
      disabled: a.disabled,
      danger: a.key === 'delete',
      onSelect: () => runAction(a.key, widget),
    }));

  /** A click anywhere on a row opens the editor, except on its link and menu (they act themselves). */
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, widget: WidgetListItem) => {
    if ((e.target as Element).closest('a, button, [role="menu"]')) return;
    goEdit(widget);
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>
          <Trans>Widgets</Trans>
        </h1>
        <button
          type="button"
          className="button primary"
          disabled={!canCreate}
          aria-describedby={canCreate ? undefined : 'widgets-create-reason'}
          onClick={() => {
            setDialogsMounted(true);
            setCreateOpen(true);
          }}
        >
          <Trans>Create new</Trans>
        </button>
      </div>
      {!canCreate && (
        <p className="muted" id="widgets-create-reason">
          <Trans>Viewers cannot create widgets.</Trans>
        </p>
      )}

      {list.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>The widgets could not be loaded.</Trans>
        </p>
      ) : list.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : records.length === 0 ? (
        <div className="empty-state">
          <p>
            <Trans>No widgets yet.</Trans> {canCreate && <Trans>Create your first carousel with “Create new”.</Trans>}
          </p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table widgets-table">
            <caption className="visually-hidden">{t`Widgets of ${account.businessName}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Type`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col" className="hide-sm">
                  {t`Content`}
                </th>
                <th scope="col">{t`Updated`}</th>
                <th scope="col" className="hide-sm">
                  {t`Author`}
                </th>
                <th scope="col" className="actions-cell">
                  <span className="visually-hidden">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((widget) => (
                <tr key={widget.id} onClick={(e) => onRowClick(e, widget)}>
                  <td className="name-cell">
                    <Link to={widgetEditorPath(account.publicId, widget.id) as never}>{widget.name}</Link>
                  </td>
                  <td>{labels.type(widget.type)}</td>
                  <td>
                    <WidgetStatusBadge status={widget.status} hasDraft={widget.hasDraft} />
                  </td>
                  <td className="hide-sm">{labels.content(widget.contentType, widget.botCount)}</td>
                  <td className="date-cell">{formatDate(widget.updatedAt)}</td>
                  <td className="muted hide-sm">{widget.author?.email ?? '–'}</td>
                  <td className="actions-cell">
                    <RowMenu label={t`Actions for ${widget.name}`} items={rowMenu(widget)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {meta && meta.totalCount > 0 && <Pagination page={page} pageCount={meta.pageCount} totalCount={meta.totalCount} pageSize={WIDGETS_PAGE_SIZE} onPage={goPage} />}

      {dialogsMounted && (
        <Suspense fallback={null}>
          <CreateWidgetDialog
            open={createOpen}
            accountId={account.id}
            onClose={() => setCreateOpen(false)}
            onCreated={(widget) => {
              setCreateOpen(false);
              void refresh();
              goEdit(widget);
            }}
          />
          <CopyWidgetDialog
            widget={copyWidget}
            targets={targets}
            onClose={() => setCopyWidget(null)}
            onCopied={(copy, target) => {
              setCopyWidget(null);
              toast.success(t`Copied to ${target.businessName} as “${copy.name}”`);
              void refresh();
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={removeWidget !== null}
        title={<Trans>Remove widget</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        onClose={() => setRemoveWidget(null)}
        onConfirm={async () => {
          if (!removeWidget) return;
          try {
            await deleteWidget(removeWidget.id);
            toast.success(t`“${removeWidget.name}” removed`);
            setRemoveWidget(null);
            // The last row of a later page gone: show the page before it.
            if (records.length === 1 && page > 1) goPage(page - 1);
            await refresh();
          } catch {
            toast.error(t`An error occurred`);
          }
        }}
      >
        <p>
          <Trans>Remove the widget “{removeWidget?.name}”? Pages that embed it stop showing the carousel.</Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}
