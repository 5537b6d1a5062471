/**
 * Settings tags tab (spec 002 §2 "Tags tab: list with create and edit dialogs", §3 Tag, §7 `GET /tag`
 * (account_id, size 100), §9 "tags 100"; issue 15): the account's tags by name with how many vidbots
 * carry each (`botCount` of `GET /tag`), a New tag button and an Edit button per row opening
 * ./TagDialog.tsx. The tab itself is for Super_Admin, Owner, Admin (route guard, spec 002 §6); the
 * server lets any non-Viewer create and rename.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Account } from '../../../api/types';
import { TableFallback } from '../../../ui/TableFallback';
import { tableState } from '../../../ui/tableState';
import { tagListOptions } from '../../vidbots/tag.queries';
import { TagDialog, type EditedTag } from './TagDialog';

export function TagsTab({ account }: { account: Pick<Account, 'id' | 'businessName'> }) {
  const { t } = useLingui();
  const list = useQuery(tagListOptions(account.id));
  const [dialog, setDialog] = useState<{ tag: EditedTag | null } | null>(null);
  const data = list.data ? { records: list.data } : undefined;
  const state = tableState(data, list.isPending);
  return (
    <div className="settings-tab-panel">
      <div className="page-header">
        <h2>
          <Trans>Tags</Trans>
        </h2>
        <button type="button" className="button primary" onClick={() => setDialog({ tag: null })}>
          <Trans>New tag</Trans>
        </button>
      </div>
      {state !== 'rows' ? (
        <TableFallback state={list.isError ? 'noData' : state} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Tags of ${account.businessName}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Vidbots`}</th>
                <th scope="col" className="actions-cell">
                  {t`Actions`}
                </th>
              </tr>
            </thead>
            <tbody>
              {(list.data ?? []).map((tag) => (
                <tr key={tag.id}>
                  <td className="wrap-cell">{tag.name}</td>
                  <td>
                    <Plural value={tag.botCount} one="# vidbot" other="# vidbots" />
                  </td>
                  <td className="actions-cell">
                    <button type="button" className="button" aria-label={t`Edit tag ${tag.name}`} onClick={() => setDialog({ tag: { id: tag.id, name: tag.name } })}>
                      <Trans>Edit</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TagDialog open={dialog !== null} tag={dialog?.tag ?? null} accountId={account.id} onClose={() => setDialog(null)} />
    </div>
  );
}
