/**
 * The account's analytics page `/dashboard/{account}/analytics` (spec 002 §2 Analytics; §3
 * Analytics row, channels; §6; §8 analytics errors and notices; §9 ranges, metrics, chart, page
 * sizes; issue 13 "Screens"):
 * - filters in the URL (analyticsSearch.ts): date range with the presets yesterday / last 7 / last
 *   30 days (end ≤ yesterday), name search (debounced 250 ms), status, tags, channel (default = the
 *   account's analyticsDefaultChannel; "All channels" = every channel);
 * - the sessions chart (slider sessions on the slider channel) with its numbers in a table;
 * - the totals with the §9 rates, average and median engagement;
 * - the per-bot table (per-slider on the slider channel): columns by the account's display fields
 *   and power-user mode (columns.ts), sortable, paged 10/25/50/100, a row opens the bot's detail,
 *   Edit opens the vidbot;
 * - the settings gear (Owner and Super_Admin) and the export menu (AnalyticsExport).
 */
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import './analytics.css';
import '../../vidbots/vidbots.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHANNELS, type Channel } from '../../../../embed/shared/analytics';
import type { AnalyticsPreset } from '../../../../server/src/modules/analytics/range';
import type { Schema } from '../../../api/contract';
import { featuresOptions, meOptions } from '../../../api/queries';
import type { Account } from '../../../api/types';
import { Pagination } from '../../../ui/Pagination';
import { errorText } from '../../../ui/errorText';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { NEW_WIDGETS_FEATURE } from '../../chrome/permissions';
import { usePowerUserMode } from '../../chrome/powerUser';
import { StatusBadge } from '../../vidbots/StatusBadge';
import { TagFilter } from '../../vidbots/TagFilter';
import { tagListOptions } from '../../vidbots/tag.queries';
import { SessionsChart } from '../chart/SessionsChart';
import { AnalyticsExport } from '../export/AnalyticsExport';
import {
  ANALYTICS_PAGE_SIZES,
  ANALYTICS_PRESETS,
  ANALYTICS_SEARCH_DEBOUNCE_MS,
  ANALYTICS_STATUSES,
  type AnalyticsOrderBy,
  type AnalyticsPageSize,
  type AnalyticsSearch,
} from '../analyticsSearch';
import { chartQuery, effectiveChannel, lastSelectableDay, listQuery, pageRange, presetOf, presetSearch } from '../analyticsQuery';
import { analyticsDailyOptions, analyticsListOptions, analyticsSettingsOptions, analyticsTotalsOptions, sliderAnalyticsOptions } from '../analytics.queries';
import { BOT_COLUMN_SORT, botColumns, hasWatermarkFeature, sliderColumns, type BotColumn, type SliderColumn } from '../columns';
import { formatCount, formatDuration, formatRate } from '../format';
import { analyticsNotices } from '../notices';
import { canDownloadAnalytics, canEditAnalyticsSettings } from '../permissions';
import { useChannelLabel, useNoticeText } from './labels';

/** The settings dialog (and its form library) loads when the gear is first pressed. */
const AnalyticsSettingsDialog = lazy(() => import('./AnalyticsSettingsDialog').then((m) => ({ default: m.AnalyticsSettingsDialog })));

/** The feature that offers the display-ad channel (spec 002 §6 "{product} as ads (display ad channel)"). */
const DISPLAY_AD_FEATURE = 'vidbot_as_ads';

/** Channels the filter offers: every channel, slider only with new_widgets, display ad only with vidbot_as_ads; the current one always. */
export function offeredChannels(features: readonly string[], current: Channel | null): Channel[] {
  const has = (name: string) => features.some((f) => f === name || f.endsWith(`:${name}`));
  return CHANNELS.filter(
    (c) => c === current || (c === 'slider' ? features.includes(NEW_WIDGETS_FEATURE) : c === 'display_ad' ? has(DISPLAY_AD_FEATURE) : true),
  );
}

export interface AnalyticsPageProps {
  account: Account;
  search: AnalyticsSearch;
}

export function AnalyticsPage({ account, search }: AnalyticsPageProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  // "Now" is fixed for the page's life, so the default range does not move under the person.
  const [now] = useState(() => new Date());
  const me = useQuery(meOptions());
  const features = useQuery(featuresOptions(account.id));
  const settings = useQuery(analyticsSettingsOptions(account.id));
  const tags = useQuery(tagListOptions(account.id));
  const power = usePowerUserMode(me.data);
  const channelLabel = useChannelLabel();
  const noticeText = useNoticeText();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsMounted, setSettingsMounted] = useState(false);

  // The account's default channel applies once known (or unknown for good: the settings failed).
  const channelKnown = search.channel !== undefined || !settings.isPending;
  const channel = effectiveChannel(search, settings.data?.analyticsDefaultChannel);
  const slider = channel === 'slider';
  const range = pageRange(search, now);
  const lastDay = lastSelectableDay(now);
  const cq = useMemo(() => chartQuery(search, channel, now), [search, channel, now]);
  const lq = useMemo(() => listQuery(account.id, search, channel, now), [account.id, search, channel, now]);

  const daily = useQuery({ ...analyticsDailyOptions(account.id, cq), enabled: channelKnown, placeholderData: (prev) => prev });
  const totals = useQuery({ ...analyticsTotalsOptions(account.id, cq), enabled: channelKnown, placeholderData: (prev) => prev });
  const list = useQuery({ ...analyticsListOptions(lq), enabled: channelKnown && !slider, placeholderData: (prev) => prev });
  const sliders = useQuery({ ...sliderAnalyticsOptions(account.id, cq), enabled: channelKnown && slider, placeholderData: (prev) => prev });

  const go = (next: Partial<AnalyticsSearch>, replace = false) =>
    void navigate({ to: '/dashboard/$accountSlug/analytics', params: { accountSlug: account.publicId }, search: { ...search, ...next }, replace });

  // Name search: typed text reaches the URL (and the queries) 250 ms after the last key (spec 002 §9).
  const [name, setName] = useState(search.bot_name);
  useEffect(() => setName(search.bot_name), [search.bot_name]);
  const debouncedName = useDebouncedValue(name.trim(), ANALYTICS_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedName !== search.bot_name) go({ bot_name: debouncedName, page: 1 }, true);
    // Only a settled new text navigates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedName]);

  const setDay = (which: 'from' | 'to', value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    const day = value > lastDay ? lastDay : value;
    const from = which === 'from' ? day : range.from;
    const to = which === 'to' ? day : range.to;
    // Moving one end past the other moves both.
    go(which === 'from' ? { from_date: from, to_date: to < from ? from : to, page: 1 } : { from_date: from > to ? to : from, to_date: to, page: 1 });
  };

  const presetLabels: Record<AnalyticsPreset, string> = { yesterday: t`Yesterday`, last7: t`Last 7 days`, last30: t`Last 30 days` };
  const activePreset = presetOf(range, now);
  const channels = offeredChannels(features.data?.features ?? [], channel);
  const role = account.role;
  const canSettings = canEditAnalyticsSettings(me.data, role);
  const notices = analyticsNotices(range.from);
  const displayFields = settings.data?.analyticsDisplayFields;
  const detailSearch = { from_date: range.from, to_date: range.to, channel: search.channel };

  return (
    <div className="page analytics-page">
      <div className="page-header">
        <h1>
          <Trans>Analytics</Trans>
        </h1>
        <div className="analytics-header-actions">
          <AnalyticsExport accountId={account.id} channel={channel} query={cq} canDownload={canDownloadAnalytics(role)} />
          {canSettings && (
            <button
              type="button"
              className="button"
              aria-label={t`Analytics settings`}
              title={t`Analytics settings`}
              onClick={() => {
                setSettingsMounted(true);
                setSettingsOpen(true);
              }}
            >
              <span aria-hidden="true">⚙</span>
            </button>
          )}
        </div>
      </div>

      <form className="analytics-filters" role="search" aria-label={t`Analytics filters`} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="analytics-from">
            <Trans>From</Trans>
          </label>
          <input id="analytics-from" type="date" value={range.from} max={range.to} onChange={(e) => setDay('from', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="analytics-to">
            <Trans>To</Trans>
          </label>
          <input id="analytics-to" type="date" value={range.to} min={range.from} max={lastDay} onChange={(e) => setDay('to', e.target.value)} />
        </div>
        <div className="analytics-presets" role="group" aria-label={t`Date range presets`}>
          {ANALYTICS_PRESETS.map((p) => (
            <button key={p} type="button" className="button" aria-pressed={activePreset === p} onClick={() => go(presetSearch(p, now))}>
              {presetLabels[p]}
            </button>
          ))}
        </div>
        <div className="field">
          <label htmlFor="analytics-channel">
            <Trans>Channel</Trans>
          </label>
          <select id="analytics-channel" value={channel ?? 'all'} onChange={(e) => go({ channel: e.target.value as Channel | 'all', page: 1 })}>
            <option value="all">{t`All channels`}</option>
            {channels.map((c) => (
              <option key={c} value={c}>
                {channelLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="analytics-name">
            <Trans>Search by name</Trans>
          </label>
          <input id="analytics-name" type="search" value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="analytics-status">
            <Trans>Status</Trans>
          </label>
          <select
            id="analytics-status"
            value={search.status ?? ''}
            onChange={(e) => go({ status: (e.target.value || undefined) as AnalyticsSearch['status'], page: 1 })}
          >
            <option value="">{t`All statuses`}</option>
            {ANALYTICS_STATUSES.map((s) => (
              <option key={s} value={s}>
                {{ Published: t`Published`, Draft: t`Draft`, Deactivated: t`Deactivated` }[s]}
              </option>
            ))}
          </select>
        </div>
        <TagFilter tags={tags.data ?? []} value={search.tag_ids} onChange={(ids) => go({ tag_ids: ids, page: 1 })} />
      </form>

      {notices.map((n) => (
        <p key={n} className="alert alert-warning" role="status">
          {noticeText(n)}
        </p>
      ))}

      <section className="analytics-section" aria-labelledby="analytics-chart-heading">
        <h2 id="analytics-chart-heading">{slider ? t`Slider sessions and opens per day` : t`Sessions and opens per day`}</h2>
        {daily.isError ? (
          <p className="alert alert-error" role="alert">
            <Trans>Cannot load analytics chart.</Trans> {errorText(daily.error, '')}
          </p>
        ) : daily.data ? (
          <>
            <div className="analytics-chart-box">
              <SessionsChart points={daily.data.points} slider={slider} />
            </div>
            <PointsTable points={daily.data.points} slider={slider} />
          </>
        ) : (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
      </section>

      <section className="analytics-section" aria-labelledby="analytics-totals-heading">
        <h2 id="analytics-totals-heading">
          <Trans>Totals</Trans>
        </h2>
        {totals.isError ? (
          <p className="alert alert-error" role="alert">
            <Trans>Error loading analytics</Trans>
          </p>
        ) : totals.data ? (
          <TotalsList totals={totals.data} slider={slider} locale={i18n.locale} />
        ) : (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
      </section>

      <section className="analytics-section" aria-labelledby="analytics-table-heading">
        <h2 id="analytics-table-heading">{slider ? t`Sliders` : t`Vidbots`}</h2>
        {slider ? (
          sliders.isError ? (
            <p className="alert alert-error" role="alert">
              <Trans>Error loading analytics</Trans>
            </p>
          ) : sliders.data ? (
            <SliderTable rows={sliders.data.records} columns={sliderColumns({ displayFields, power })} locale={i18n.locale} />
          ) : (
            <p role="status">
              <Trans>Loading…</Trans>
            </p>
          )
        ) : list.isError ? (
          <p className="alert alert-error" role="alert">
            <Trans>Error loading analytics</Trans>
          </p>
        ) : list.data ? (
          <>
            <BotTable
              account={account}
              rows={list.data.records}
              columns={botColumns({ displayFields, power, watermarkFeature: hasWatermarkFeature(features.data?.features) })}
              search={search}
              detailSearch={detailSearch}
              locale={i18n.locale}
              onSort={(order_by, order_direction) => go({ order_by, order_direction, page: 1 })}
            />
            <div className="analytics-table-footer">
              {list.data.metadata.totalCount > 0 && (
                <Pagination
                  page={search.page}
                  pageCount={list.data.metadata.pageCount}
                  totalCount={list.data.metadata.totalCount}
                  pageSize={search.size}
                  onPage={(page) => go({ page })}
                />
              )}
              <div className="field">
                <label htmlFor="analytics-size">
                  <Trans>Rows per page</Trans>
                </label>
                <select id="analytics-size" value={search.size} onChange={(e) => go({ size: Number(e.target.value) as AnalyticsPageSize, page: 1 })}>
                  {ANALYTICS_PAGE_SIZES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </>
        ) : (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
      </section>

      {settingsMounted && (
        <Suspense fallback={null}>
          <AnalyticsSettingsDialog open={settingsOpen} accountId={account.id} settings={settings.data} features={features.data?.features ?? []} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** The chart's numbers as a table (accessible alternative to the canvas), folded by default. */
function PointsTable({ points, slider }: { points: readonly Schema<'AnalyticsChartPoint'>[]; slider: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <details className="details">
      <summary>
        <Trans>Chart data as a table</Trans>
      </summary>
      <div className="table-wrap">
        <table className="table analytics-table">
          <caption className="visually-hidden">{t`Sessions and opens per day`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Day`}</th>
              <th scope="col" className="num">
                {slider ? t`Slider sessions` : t`Sessions`}
              </th>
              <th scope="col" className="num">{t`Opens`}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <td>{p.day}</td>
                <td className="num">{formatCount(slider ? p.analytics.sliderSession : p.analytics.session, i18n.locale)}</td>
                <td className="num">{formatCount(p.analytics.opened, i18n.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The totals with the §9 rates (CTR, CTA rate, engagement rate; average and median engagement). */
export function TotalsList({ totals, slider, locale }: { totals: Schema<'AnalyticsTotals'>; slider: boolean; locale: string }) {
  const { t } = useLingui();
  const items: Array<[string, string]> = [
    [slider ? t`Slider sessions` : t`Sessions`, formatCount(slider ? totals.sliderSession : totals.session, locale)],
    [t`Opens`, formatCount(totals.opened, locale)],
    [t`Engaged`, formatCount(totals.engaged, locale)],
    [t`CTA clicks`, formatCount(totals.cta, locale)],
    [t`Watched`, formatDuration(totals.watched)],
    [t`CTR`, formatRate(totals.ctr, locale)],
    [t`CTA rate`, formatRate(totals.ctaRate, locale)],
    [t`Engagement rate`, formatRate(totals.engagementRate, locale)],
    [t`Average engagement`, formatRate(totals.avgEngagementRate, locale)],
    [t`Median engagement`, formatRate(totals.medianEngagementRate, locale)],
  ];
  return (
    <dl className="analytics-totals">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Column headings of both tables. */
function useColumnLabels(): Record<BotColumn | SliderColumn, string> {
  const { t } = useLingui();
  return {
    id: t`ID`,
    publicId: t`Public ID`,
    bot: t`Vidbot`,
    author: t`Author`,
    liveStatus: t`Status`,
    session: t`Sessions`,
    opened: t`Opens`,
    ctr: t`CTR`,
    engaged: t`Engaged`,
    engagementRate: t`Engagement rate`,
    cta: t`CTA clicks`,
    ctaRate: t`CTA rate`,
    watched: t`Watched`,
    iframeViewed: t`Iframe views`,
    watermarkClicked: t`Watermark clicks`,
    liked: t`Likes`,
    sliderId: t`ID`,
    slider: t`Slider`,
    bots: t`Vidbots`,
    sliderSession: t`Slider sessions`,
  };
}

const TEXT_COLUMNS = new Set<string>(['publicId', 'bot', 'author', 'liveStatus', 'slider']);

/** One cell of a counter or rate column. */
function metricCell(col: string, row: Record<string, unknown>, locale: string): string {
  const value = row[col];
  if (col === 'watched') return formatDuration(value as number);
  if (col === 'ctr' || col === 'ctaRate' || col === 'engagementRate') return formatRate(value as number | null, locale);
  return typeof value === 'number' ? formatCount(value, locale) : String(value ?? '');
}

interface BotTableProps {
  account: Account;
  rows: readonly Schema<'AnalyticsRow'>[];
  columns: BotColumn[];
  search: AnalyticsSearch;
  detailSearch: { from_date: string; to_date: string; channel?: Channel | 'all' };
  locale: string;
  onSort: (orderBy: AnalyticsOrderBy, direction: 'asc' | 'desc') => void;
}

/** The per-bot table: sortable headings (aria-sort), the name opens the detail, Edit opens the vidbot. */
export function BotTable({ account, rows, columns, search, detailSearch, locale, onSort }: BotTableProps) {
  const { t } = useLingui();
  const labels = useColumnLabels();
  if (rows.length === 0)
    return (
      <p role="status" className="empty-state">
        <Trans>No analytics for these filters.</Trans>
      </p>
    );
  return (
    <div className="table-wrap">
      <table className="table analytics-table">
        <caption className="visually-hidden">{t`Analytics per vidbot of ${account.businessName}`}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const key = BOT_COLUMN_SORT[c];
              const active = key !== undefined && search.order_by === key;
              const sort = active ? (search.order_direction === 'asc' ? 'ascending' : 'descending') : key ? 'none' : undefined;
              return (
                <th key={c} scope="col" aria-sort={sort} className={TEXT_COLUMNS.has(c) || c === 'id' ? undefined : 'num'}>
                  {key ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => onSort(key, active && search.order_direction === 'desc' ? 'asc' : 'desc')}
                    >
                      {labels[c]}
                      <span aria-hidden="true" className="sort-icon">
                        {active ? (search.order_direction === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    labels[c]
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
          {rows.map((row) => (
            <tr key={row.botId}>
              {columns.map((c) => {
                switch (c) {
                  case 'id':
                    return <td key={c}>{row.botId}</td>;
                  case 'publicId':
                    return (
                      <td key={c} className="muted">
                        {row.publicId}
                      </td>
                    );
                  case 'bot':
                    return (
                      <td key={c} className="name-cell">
                        <Link
                          to="/dashboard/$accountSlug/analytics/$botId"
                          params={{ accountSlug: account.publicId, botId: String(row.botId) }}
                          search={detailSearch}
                        >
                          {row.bot}
                        </Link>
                      </td>
                    );
                  case 'author':
                    return (
                      <td key={c} className="muted">
                        {row.authorEmail ?? '–'}
                      </td>
                    );
                  case 'liveStatus':
                    return (
                      <td key={c}>
                        <StatusBadge status={row.status} liveStatus={row.liveStatus} />
                      </td>
                    );
                  default:
                    return (
                      <td key={c} className="num">
                        {metricCell(c, row, locale)}
                      </td>
                    );
                }
              })}
              <td>
                <Link className="button small" to="/dashboard/$accountSlug/vidbots/$id" params={{ accountSlug: account.publicId, id: String(row.botId) }} aria-label={t`Edit ${row.bot}`}>
                  <Trans>Edit</Trans>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The per-slider table of the slider channel (GET /analytics/widget/{id}). */
export function SliderTable({ rows, columns, locale }: { rows: readonly Schema<'AnalyticsSliderRow'>[]; columns: SliderColumn[]; locale: string }) {
  const { t } = useLingui();
  const labels = useColumnLabels();
  if (rows.length === 0)
    return (
      <p role="status" className="empty-state">
        <Trans>No analytics for these filters.</Trans>
      </p>
    );
  return (
    <div className="table-wrap">
      <table className="table analytics-table">
        <caption className="visually-hidden">{t`Analytics per slider`}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={c === 'slider' || c === 'sliderId' ? undefined : 'num'}>
                {labels[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.sliderId}>
              {columns.map((c) =>
                c === 'sliderId' ? (
                  <td key={c}>{row.sliderId}</td>
                ) : c === 'slider' ? (
                  <td key={c} className="name-cell">
                    {row.sliderName}
                  </td>
                ) : (
                  <td key={c} className="num">
                    {metricCell(c, row, locale)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
