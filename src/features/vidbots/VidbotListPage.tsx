/**
 * The vidbot list (spec 001 §2 "{product} list"): search by name, tag filter (multi-pick), sortable
 * columns (aria-sort; sort changes debounced 100 ms), status badges, tag chips, pagination "showing
 * x–y of all" with previous / next and page numbers (1 sibling slot each side below 767 px, else 3),
 * the Create dialog (disabled for a Viewer), and the row menu (rowActions.ts): tags, duplicate, copy
 * to account, deactivate, reactivate (staff), delete with a confirmation naming the bot. Power-user
 * mode adds the ID and starred columns with the star toggle. The URL search (order_by,
 * order_direction, page, bot_name, tag_ids) is the state.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import './vidbots.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { lightFormat } from 'date-fns';
import { accountsOptions, meOptions } from '../../api/queries';
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
import type { BotListItem, BotOrderBy } from './vidbot.types';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { RowMenu, type RowMenuItem } from '../../ui/RowMenu';
import { TagFilter } from './TagFilter';
import { canToggleStar, copyTargets, vidbotRowActions, type RowActionKey } from './rowActions';
import { tagListOptions } from './tag.queries';
import { cloneVidbot, deleteVidbot, setVidbotStatus } from './vidbot.queries';

/** The create dialog (and its form library) loads when first opened, not with the list (issue 10 §2 JavaScript budget). */
const CreateVidbotDialog = lazy(() => import('./CreateVidbotDialog').then((m) => ({ default: m.CreateVidbotDialog })));

/** The row menu's tag and copy dialogs load when one is first opened (issue 10 §2 JavaScript budget). */
const TagsDialog = lazy(() => import('./ListDialogs').then((m) => ({ default: m.TagsDialog })));
const CopyToAccountDialog = lazy(() => import('./ListDialogs').then((m) => ({ default: m.CopyToAccountDialog })));

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
  const tags = useQuery(tagListOptions(account.id));
  const accounts = useQuery(accountsOptions());
  const targets = copyTargets(accounts.data?.records ?? [], account.id, me.data);
  const [tagsBot, setTagsBot] = useState<BotListItem | null>(null);
  const [copyBot, setCopyBot] = useState<BotListItem | null>(null);
  const [deleteBot, setDeleteBot] = useState<BotListItem | null>(null);
  // Mounted from the first opening on, so that closing returns focus as Dialog does.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: vidbotKeys.all });

  const menuLabels: Record<RowActionKey, string> = {
    tags: t`Edit tags`,
    clone: t`Duplicate`,
    copy: t`Copy to account`,
    deactivate: t`Deactivate`,
    reactivate: t`Reactivate`,
    delete: t`Delete`,
  };
  /** Runs a row action: the dialogs open; the others call the server and toast (spec 001 §8). */
  const runAction = (key: RowActionKey, bot: BotListItem) => {
    switch (key) {
      case 'tags':
        setDialogsMounted(true);
        return setTagsBot(bot);
      case 'copy':
        setDialogsMounted(true);
        return setCopyBot(bot);
      case 'delete':
        return setDeleteBot(bot);
      case 'clone':
        return void cloneVidbot(bot.id).then(
          async (copy) => {
            toast.success(t`Duplicated as “${copy.name}”`);
            await refresh();
          },
          () => toast.error(t`Duplicating the vidbot failed`),
        );
      case 'deactivate':
      case 'reactivate':
        return void setVidbotStatus(bot.id, key === 'deactivate' ? 'Deactivated' : 'Published').then(
          async () => {
            toast.success(key === 'deactivate' ? t`“${bot.name}” deactivated` : t`“${bot.name}” reactivated`);
            await refresh();
          },
          (error: unknown) => toast.error(errorText(error, t`An error occurred`)),
        );
    }
  };
  const rowMenu = (bot: BotListItem): RowMenuItem[] =>
    vidbotRowActions({ bot, role: account.role, viewer: me.data, hasCopyTarget: targets.length > 0 }).map((a) => ({
      key: a.key,
      label: menuLabels[a.key],
      disabled: a.disabled,
      danger: a.key === 'delete',
      onSelect: () => runAction(a.key, bot),
    }));

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

      <div className="list-toolbar">
        <SearchForm label={<Trans>Search by name</Trans>} query={search.bot_name} onSearch={(q) => go({ bot_name: q, page: 1 })} />
        <TagFilter tags={tags.data ?? []} value={search.tag_ids} onChange={(ids) => go({ tag_ids: ids, page: 1 })} />
      </div>

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
          ) : search.tag_ids.length ? (
            <p>
              <Trans>No vidbots have the chosen tags.</Trans>
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
                <th scope="col">
                  <span className="visually-hidden">{t`Actions`}</span>
                </th>
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
                        disabled={!canToggleStar(bot)}
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
                    {bot.tagsList.length > 0 && (
                      <ul className="tag-chips" aria-label={t`Tags of ${bot.name}`}>
                        {bot.tagsList.map((tag) => (
                          <li key={tag.id} className="chip">
                            {tag.name}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <StatusBadge status={bot.status} liveStatus={bot.liveStatus} />
                  </td>
                  <td>{bot.slideCount}</td>
                  <td className="muted">{bot.author?.email ?? '–'}</td>
                  <td className="date-cell">{formatDate(bot.createdAt)}</td>
                  <td className="date-cell">{formatDate(bot.updatedAt)}</td>
                  <td>
                    <RowMenu label={t`Actions for ${bot.name}`} items={rowMenu(bot)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {meta && meta.totalCount > 0 && (
        <Pagination page={search.page} pageCount={meta.pageCount} totalCount={meta.totalCount} pageSize={BOT_PAGE_SIZE} onPage={(page) => go({ page })} />
      )}

      {dialogsMounted && (
        <Suspense fallback={null}>
          <TagsDialog
            bot={tagsBot}
            accountId={account.id}
            onClose={() => setTagsBot(null)}
            onSaved={() => {
              setTagsBot(null);
              void refresh();
            }}
          />
          <CopyToAccountDialog
            bot={copyBot}
            targets={targets}
            onClose={() => setCopyBot(null)}
            onCopied={(copy, target) => {
              setCopyBot(null);
              toast.success(t`Copied to ${target.businessName} as “${copy.name}”`);
              void refresh(); // the target account's list, when cached
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleteBot !== null}
        title={<Trans>Delete vidbot</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onClose={() => setDeleteBot(null)}
        onConfirm={async () => {
          if (!deleteBot) return;
          try {
            await deleteVidbot(deleteBot.id);
            toast.success(t`“${deleteBot.name}” deleted`);
            setDeleteBot(null);
            // The last row of a later page gone: show the page before it.
            if (records.length === 1 && search.page > 1) go({ page: search.page - 1 });
            await refresh();
          } catch {
            toast.error(t`An error occurred`);
          }
        }}
      >
        <p>
          <Trans>Delete “{deleteBot?.name ?? ''}”? It is removed for good; if it is published, it stops playing everywhere it is shared.</Trans>
        </p>
      </ConfirmDialog>

      {createMounted && (
        <Suspense fallback={null}>
          <CreateVidbotDialog open={createOpen} accountId={account.id} accountSlug={account.publicId} onClose={() => setCreateOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
