/**
 * Settings audit log tab (spec 002 §2 "Audit log tab: table with columns date, user, type, target",
 * §3 "Audit event", §6 Super_Admin, Owner, Admin; issue 15 "paged; filter by type", "in en and fi").
 * Newest first, `AUDIT_PAGE_SIZE` a page; the page and the type filter live in the URL (the route
 * passes them in and `onSearch` changes them). The date is formatted by date-fns in the active
 * language, the type by ./auditTypes.ts (raw type when unknown), the target as its type's label and
 * the name copied at write time. The filter offers every catalogue type, grouped by resource with an
 * "all events of …" choice per resource (a `widget.` prefix).
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { format } from 'date-fns';
import { enGB, fi } from 'date-fns/locale';
import type { Account } from '../../../api/types';
import { Pagination } from '../../../ui/Pagination';
import { TableFallback } from '../../../ui/TableFallback';
import { tableState } from '../../../ui/tableState';
import { AUDIT_PAGE_SIZE, auditLogOptions, type AuditEvent } from './audit.api';
import { AUDIT_RESOURCES, AUDIT_TYPES, useAuditResourceLabel, useAuditTargetLabel, useAuditTypeLabel } from './auditTypes';

/** `createdAt` (ISO) as a date and time in `locale` (en, fi). */
export function formatAuditDate(createdAt: string, locale: string): string {
  return format(new Date(createdAt), 'PPp', { locale: locale === 'fi' ? fi : enGB });
}

export interface AuditLogTabProps {
  account: Pick<Account, 'id' | 'businessName'>;
  page: number;
  /** The type filter: a catalogue type, a `<resource>.` prefix, or undefined for every event. */
  type: string | undefined;
  onSearch: (search: { page: number; type: string | undefined }) => void;
}

export function AuditLogTab({ account, page, type, onSearch }: AuditLogTabProps) {
  const { t, i18n } = useLingui();
  const filterId = useId();
  const typeLabel = useAuditTypeLabel();
  const resourceLabel = useAuditResourceLabel();
  const targetLabel = useAuditTargetLabel();
  const list = useQuery({ ...auditLogOptions(account.id, page, type), placeholderData: (prev) => prev });
  const state = tableState(list.data, list.isPending);
  const rows: AuditEvent[] = state === 'rows' && list.data ? list.data.records : [];

  return (
    <div className="settings-tab-panel">
      <div className="page-header">
        <h2>
          <Trans>Audit log</Trans>
        </h2>
        <div className="field inline-field">
          <label htmlFor={filterId}>
            <Trans>Type</Trans>
          </label>
          <select id={filterId} value={type ?? ''} onChange={(e) => onSearch({ page: 1, type: e.target.value || undefined })}>
            <option value="">{t`All types`}</option>
            {AUDIT_RESOURCES.map((resource) => (
              <optgroup key={resource} label={resourceLabel(resource)}>
                <option value={`${resource}.`}>{resourceLabel(resource)}</option>
                {AUDIT_TYPES.filter((x) => x.startsWith(`${resource}.`)).map((x) => (
                  <option key={x} value={x}>
                    {typeLabel(x)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>
      {state !== 'rows' ? (
        <TableFallback state={list.isError ? 'noData' : state} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t`Audit log of ${account.businessName}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Date`}</th>
                <th scope="col">{t`User`}</th>
                <th scope="col">{t`Type`}</th>
                <th scope="col">{t`Target`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td>
                    <time dateTime={e.createdAt}>{formatAuditDate(e.createdAt, i18n.locale)}</time>
                  </td>
                  <td className="wrap-cell" title={e.userEmail ?? undefined}>
                    {e.userName ?? (e.userId === null ? t`System` : t`Deleted user`)}
                  </td>
                  <td>{typeLabel(e.type)}</td>
                  <td className="wrap-cell">
                    <span className="muted">{targetLabel(e.target)}</span>
                    {e.targetName ? <>: {e.targetName}</> : null}
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
          pageSize={AUDIT_PAGE_SIZE}
          onPage={(p) => onSearch({ page: p, type })}
        />
      )}
    </div>
  );
}
