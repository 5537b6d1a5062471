/**
 * Admin analytics (issue 13 "Staff"; spec 002 §2 "/dashboard/admin/analytics", §8, §9): bots of
 * every account over a date range (presets yesterday, last 7 days, last 30 days; default last 30
 * days up to yesterday), filtered by website tier (sessions of a bot in the range: lower ≤ sessions <
 * upper), business types, use cases and bot ids; the sessions chart (`/analytics/admin-daily`), the
 * totals and a paged table (10/25/50/100) whose row opens the bot in its account. The URL search is
 * the state (adminSearch.ts). Staff only (the route guards it; the server answers 403 otherwise).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pagination } from '../../../ui/Pagination';
import { errorText } from '../../../ui/errorText';
import { SessionsChart } from '../chart/SessionsChart';
import { StatusBadge } from '../../vidbots/StatusBadge';
import { WEBSITE_TIERS, parseIdList, tierBounds, tierIndex, type AdminAnalyticsSearch } from './adminSearch';
import { ANALYTICS_PRESETS, presetRange } from './adminRanges';
import { adminAnalyticsOptions, adminDailyOptions } from './admin.queries';
import { DateRangeFilter, PageSizeSelect, TextListFilter, useOpenBot } from './AdminFilters';
import './admin-analytics.css';

export function AdminAnalyticsPage({ search, now = new Date() }: { search: AdminAnalyticsSearch; now?: Date }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const openBot = useOpenBot();
  const list = useQuery(adminAnalyticsOptions(search));
  const daily = useQuery(adminDailyOptions(search));
  const tierId = useId();

  const go = (next: Partial<AdminAnalyticsSearch>) => void navigate({ to: '/dashboard/admin/analytics', search: { ...search, page: 1, ...next } });

  const fallback = presetRange('last30', now);
  // The requested range (the server clamps its end to yesterday and answers the resolved one in totals).
  const range = search.from_date && search.to_date ? { from: search.from_date, to: search.to_date } : fallback;
  const presets = [
    { key: 'yesterday', label: t`Yesterday` },
    { key: 'last7', label: t`Last 7 days` },
    { key: 'last30', label: t`Last 30 days` },
  ].map((p, i) => ({ ...p, range: presetRange(ANALYTICS_PRESETS[i]!, now) }));
  const tierLabels = [t`0–5,000`, t`5,000–25,000`, t`25,000–100,000`, t`100,000–500,000`, t`500,000+`];
  const tier = tierIndex(search.lower, search.upper);
  const customTier = tier === -1 && (search.lower !== undefined || search.upper !== undefined);

  const records = list.data?.records ?? [];
  const suggestions = useMemo(
    () => ({
      businessType: [...new Set(records.map((r) => r.businessType).filter((x): x is string => !!x))].sort(),
      useCase: [...new Set(records.map((r) => r.useCase).filter((x): x is string => !!x))].sort(),
    }),
    [records],
  );
  const num = (n: number) => i18n.number(n);
  const pct = (n: number | null) => (n === null ? '–' : `${i18n.number(n, { maximumFractionDigits: 1 })} %`);
  const totals = list.data?.totals;
  const meta = list.data?.metadata;

  return (
    <div className="page admin-analytics">
      <div className="page-header">
        <h1>
          <Trans>Admin analytics</Trans>
        </h1>
      </div>

      <div className="filters">
        <DateRangeFilter value={range} presets={presets} onChange={(r) => go({ from_date: r.from, to_date: r.to })} />
        <div className="field">
          <label htmlFor={tierId}>
            <Trans>Website tier</Trans>
          </label>
          <select id={tierId} value={customTier ? 'custom' : String(tier)} onChange={(e) => e.target.value !== 'custom' && go(tierBounds(Number(e.target.value)))}>
            <option value="-1">{t`All tiers`}</option>
            {WEBSITE_TIERS.map((_, i) => (
              <option key={i} value={String(i)}>
                {tierLabels[i]}
              </option>
            ))}
            {customTier && <option value="custom">{`${search.lower ?? 0}–${search.upper ?? ''}`}</option>}
          </select>
        </div>
        <TextListFilter label={<Trans>Business type</Trans>} value={search.business_type} suggestions={suggestions.businessType} onChange={(business_type) => go({ business_type })} />
        <TextListFilter label={<Trans>Use case</Trans>} value={search.use_case} suggestions={suggestions.useCase} onChange={(use_case) => go({ use_case })} />
        <BotIdsFilter value={search.bot_ids} onChange={(bot_ids) => go({ bot_ids })} />
      </div>

      <section className="card admin-chart" aria-label={t`Sessions chart`}>
        {daily.isError ? (
          <p className="alert alert-error" role="alert">
            <Trans>Cannot load analytics chart.</Trans> {errorText(daily.error, '')}
          </p>
        ) : daily.data ? (
          <SessionsChart points={daily.data.points} />
        ) : (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
      </section>

      {list.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>Error loading analytics</Trans>
        </p>
      ) : list.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          {totals && (
            <dl className="analytics-totals" aria-label={t`Totals`}>
              <div>
                <dt>{t`Vidbots`}</dt>
                <dd>{num(totals.bots)}</dd>
              </div>
              <div>
                <dt>{t`Sessions`}</dt>
                <dd>{num(totals.session)}</dd>
              </div>
              <div>
                <dt>{t`Opens`}</dt>
                <dd>{num(totals.opened)}</dd>
              </div>
              <div>
                <dt>{t`CTR`}</dt>
                <dd>{pct(totals.ctr)}</dd>
              </div>
              <div>
                <dt>{t`Engaged`}</dt>
                <dd>{num(totals.engaged)}</dd>
              </div>
              <div>
                <dt>{t`Average engagement rate`}</dt>
                <dd>{pct(totals.avgEngagementRate)}</dd>
              </div>
              <div>
                <dt>{t`Median engagement rate`}</dt>
                <dd>{pct(totals.medianEngagementRate)}</dd>
              </div>
              <div>
                <dt>{t`CTA clicks`}</dt>
                <dd>{num(totals.cta)}</dd>
              </div>
            </dl>
          )}
          {records.length === 0 ? (
            <div className="empty-state">
              <p>
                <Trans>No vidbots match the filters.</Trans>
              </p>
            </div>
          ) : (
            <div className="table-wrap">
              <table className="table clickable-rows">
                <caption className="visually-hidden">{t`Vidbots of all accounts`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Vidbot`}</th>
                    <th scope="col">{t`Account`}</th>
                    <th scope="col">{t`Business type`}</th>
                    <th scope="col">{t`Use case`}</th>
                    <th scope="col">{t`Status`}</th>
                    <th scope="col">{t`Sessions`}</th>
                    <th scope="col">{t`Opens`}</th>
                    <th scope="col">{t`CTR`}</th>
                    <th scope="col">{t`Engagement rate`}</th>
                    <th scope="col">{t`CTA clicks`}</th>
                  </tr>
                </thead>
                <tbody>
                  {records.map((r) => (
                    <tr key={r.botId} onClick={() => openBot(r.accountId, r.botId)}>
                      <td>
                        <button type="button" className="button link" onClick={(e) => (e.stopPropagation(), openBot(r.accountId, r.botId))}>
                          {r.bot}
                        </button>
                      </td>
                      <td>{r.accountName}</td>
                      <td>{r.businessType ?? '–'}</td>
                      <td>{r.useCase ?? '–'}</td>
                      <td>
                        <StatusBadge status={r.status} liveStatus={r.liveStatus} />
                      </td>
                      <td>{num(r.session)}</td>
                      <td>{num(r.opened)}</td>
                      <td>{pct(r.ctr)}</td>
                      <td>{pct(r.engagementRate)}</td>
                      <td>{num(r.cta)}</td>
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

/** Bot ids as a comma list (spec 002 §2 `bot_ids`), applied with Enter or Apply. */
function BotIdsFilter({ value, onChange }: { value: string; onChange: (ids: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const ids = parseIdList(text).join(',');
    setText(ids);
    onChange(ids);
  };
  return (
    <form className="field" onSubmit={apply}>
      <label htmlFor={id}>
        <Trans>Vidbot IDs</Trans>
      </label>
      <span className="text-list-input">
        <input id={id} type="text" inputMode="numeric" placeholder={t`e.g. 12, 15`} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button small">
          <Trans>Apply</Trans>
        </button>
      </span>
    </form>
  );
}
