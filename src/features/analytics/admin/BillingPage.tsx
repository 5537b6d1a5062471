/**
 * Billing report (issue 13 "Staff"; spec 002 §2 "/dashboard/admin/billing", §8 'Error loading
 * billing data', §9 billing): display-ad impressions per bot over a range (presets current month —
 * the default —, last month, this quarter, last quarter; or two days), filtered by accounts (a 300 ms
 * debounced search over `GET /account?size=1000`), a paged table (10/25/50/100) with the account's
 * logo, the total impressions, and a CSV export of every row (billingCsv.ts). Accounts with the ad
 * feature and no impressions are listed once (`hasFeatureOnly`). Superuser only.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountsOptions } from '../../../api/queries';
import { Pagination } from '../../../ui/Pagination';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { toast } from '../../../ui/toast';
import { errorText } from '../../../ui/errorText';
import type { BillingSearch } from './adminSearch';
import { BILLING_EXPORT_SIZE, BILLING_PRESETS, DEFAULT_BILLING_PRESET, billingPresetRange } from './adminRanges';
import { billingAccountSearchOptions, billingOptions, fetchAllBilling } from './admin.queries';
import { billingCsv, billingCsvFilename, saveTextFile } from './billingCsv';
import { DateRangeFilter, PageSizeSelect } from './AdminFilters';
import './admin-analytics.css';

/** Account search debounce (spec 002 §9 "Search debounce 300 ms (… billing)"). */
export const BILLING_SEARCH_DEBOUNCE_MS = 300;

export function BillingPage({ search, now = new Date() }: { search: BillingSearch; now?: Date }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const list = useQuery(billingOptions(search, now));
  const [exporting, setExporting] = useState(false);

  const go = (next: Partial<BillingSearch>) => void navigate({ to: '/dashboard/admin/billing', search: { ...search, page: 1, ...next } });

  const range = search.from_date && search.to_date ? { from: search.from_date, to: search.to_date } : billingPresetRange(DEFAULT_BILLING_PRESET, now);
  const presetLabels = { currentMonth: t`Current month`, lastMonth: t`Last month`, thisQuarter: t`This quarter`, lastQuarter: t`Last quarter` };
  const presets = BILLING_PRESETS.map((key) => ({ key, label: presetLabels[key], range: billingPresetRange(key, now) }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllBilling(search, now, BILLING_EXPORT_SIZE);
      saveTextFile(await billingCsv(all.records), billingCsvFilename(all.from, all.to));
    } catch (error) {
      toast.error(errorText(error, t`Error loading billing data`));
    } finally {
      setExporting(false);
    }
  };

  const records = list.data?.records ?? [];
  const meta = list.data?.metadata;
  return (
    <div className="page admin-billing">
      <div className="page-header">
        <h1>
          <Trans>Billing</Trans>
        </h1>
        <button type="button" className="button primary" disabled={exporting || !list.data} onClick={() => void exportCsv()}>
          <Trans>Export CSV</Trans>
        </button>
      </div>

      <div className="filters">
        <DateRangeFilter value={range} presets={presets} onChange={(r) => go({ from_date: r.from, to_date: r.to })} />
        <BillingAccountFilter value={search.account_ids} onChange={(account_ids) => go({ account_ids })} />
      </div>

      {list.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>Error loading billing data</Trans>
        </p>
      ) : list.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          <p className="billing-total">
            <Trans>
              Total impressions: <strong>{i18n.number(list.data.totalImpressions)}</strong>
            </Trans>
          </p>
          {records.length === 0 ? (
            <div className="empty-state">
              <p>
                <Trans>No impressions in this range.</Trans>
              </p>
            </div>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t`Display ad impressions`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Account`}</th>
                    <th scope="col">{t`Vidbot ID`}</th>
                    <th scope="col">{t`Vidbot Name`}</th>
                    <th scope="col">{t`Impressions`}</th>
                    <th scope="col">{t`Has Ad Feature`}</th>
                  </tr>
                </thead>
                <tbody>
                  {records.map((r) => (
                    <tr key={`${r.accountId}-${r.botId ?? 'feature'}`}>
                      <td>
                        {r.logo && <img className="account-logo" src={r.logo} alt="" />}
                        {r.accountName}
                      </td>
                      <td>{r.botId ?? '–'}</td>
                      <td>{r.botName ?? '–'}</td>
                      <td>{i18n.number(r.impressions)}</td>
                      <td className="yes-no">{r.hasAdFeature ? t`Yes` : t`No`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="table-footer">
            <PageSizeSelect value={search.size} onChange={(size) => go({ size })} />
            {meta && meta.pageCount > 1 && (
              <Pagination page={search.page} pageCount={meta.pageCount} totalCount={meta.totalCount} pageSize={search.size} onPage={(page) => go({ page })} />
            )}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The account filter: chosen accounts as removable chips; a search field queries
 * `GET /account?size=1000&business_name=…` 300 ms after typing stops and lists checkboxes.
 */
function BillingAccountFilter({ value, onChange }: { value: readonly number[]; onChange: (ids: number[]) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), BILLING_SEARCH_DEBOUNCE_MS);
  const results = useQuery({ ...billingAccountSearchOptions(debounced), enabled: debounced !== '' });
  const known = useQuery(accountsOptions());
  const nameOf = (accountId: number) =>
    known.data?.records.find((a) => a.id === accountId)?.businessName ?? results.data?.records.find((a) => a.id === accountId)?.businessName ?? `#${accountId}`;
  const chosen = new Set(value);
  const toggle = (accountId: number) => onChange(chosen.has(accountId) ? value.filter((x) => x !== accountId) : [...value, accountId]);
  return (
    <div className="field account-picker">
      <label htmlFor={id}>
        <Trans>Accounts</Trans>
      </label>
      {value.length > 0 && (
        <ul className="chips" aria-label={t`Chosen accounts`}>
          {value.map((accountId) => (
            <li key={accountId} className="chip">
              {nameOf(accountId)}
              <button type="button" className="chip-remove" aria-label={t`Remove ${nameOf(accountId)}`} onClick={() => toggle(accountId)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input id={id} type="search" value={query} placeholder={t`Search accounts`} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
      {debounced !== '' && (
        <ul className="picker-results" aria-label={t`Matching accounts`}>
          {results.isPending ? (
            <li className="muted">
              <Trans>Loading…</Trans>
            </li>
          ) : (results.data?.records ?? []).length === 0 ? (
            <li className="muted">
              <Trans>No results</Trans>
            </li>
          ) : (
            results.data?.records.map((a) => (
              <li key={a.id}>
                <label>
                  <input type="checkbox" checked={chosen.has(a.id)} onChange={() => toggle(a.id)} /> {a.businessName}
                </label>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
