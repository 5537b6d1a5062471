/**
 * The analytics print view (spec 002 §2 "analytics-report/{channel}: a print view loaded in a hidden
 * frame … About 250 ms after all data has loaded it posts REPORT_READY to the parent"): title,
 * range, channel, filters (bots, users), totals, the sessions chart (SessionsChart) and the table
 * (per-bot rows; per-slider rows on the slider channel), styled for printing (Ctrl+P works too).
 *
 * When the report has loaded and the chart has rendered (`onReady`), it waits REPORT_READY_DELAY_MS
 * (250 ms) and posts `{ type: 'REPORT_READY' }` to `window.parent` with the target origin set to
 * its own origin (only a same-origin parent receives it); if the report cannot load it posts
 * `{ type: 'REPORT_FAILED', message }`. It exposes `window.__vidbotReport` (`report`,
 * `getChartImage()` — the chart as a PNG data URL) for the export chart's PDF step.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Channel } from '../../../../embed/shared/analytics';
import type { AnalyticsReport } from '../../../../machines/analytics/export.actors';
import type { EChartsType } from '../chart/echarts.setup';
import { SessionsChart } from '../chart/SessionsChart';
import { errorText } from '../../../ui/errorText';
import { PDF_ROW_COLUMNS, cellText, headerLines, rowTable, sliderTable, totalLines } from './columns';
import { useExportLabels } from './labels';
import { REPORT_FAILED, REPORT_READY, REPORT_READY_DELAY_MS, type PrintViewMessage, type PrintViewSearch } from './printView';
import { fetchAnalyticsReport } from './reportQuery';
import './print.css';

export interface PrintReportProps {
  channel: Channel | null;
  search: PrintViewSearch;
  /** The report loader (tests inject one); defaults to `GET /analytics/report`. */
  loadReport?: typeof fetchAnalyticsReport;
}

/** Posts a print view message to the parent, same origin only. */
function postToParent(message: PrintViewMessage): void {
  window.parent.postMessage(message, window.location.origin);
}

export function PrintReport({ channel, search, loadReport = fetchAnalyticsReport }: PrintReportProps) {
  const { t } = useLingui();
  const labels = useExportLabels();
  const { account_id: accountId, ...filters } = search;
  const query = useQuery({
    queryKey: ['analytics', 'report', accountId, channel, filters],
    queryFn: ({ signal }) =>
      loadReport(
        {
          accountId: accountId!,
          channel,
          query: { ...filters, from_date: filters.from_date ?? '', to_date: filters.to_date ?? '' },
        },
        signal,
      ),
    enabled: accountId !== undefined,
    retry: false,
    staleTime: Infinity,
  });
  const report: AnalyticsReport | undefined = query.data;
  const chart = useRef<EChartsType | null>(null);
  const [chartReady, setChartReady] = useState(false);
  const posted = useRef(false);

  useEffect(() => {
    window.__vidbotReport = {
      report: null,
      getChartImage: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' }) ?? null,
    };
    return () => {
      delete window.__vidbotReport;
    };
  }, []);

  useEffect(() => {
    if (!report || !chartReady || posted.current) return;
    const timer = setTimeout(() => {
      posted.current = true;
      if (window.__vidbotReport) window.__vidbotReport.report = report;
      postToParent({ type: REPORT_READY });
    }, REPORT_READY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [report, chartReady]);

  useEffect(() => {
    if (query.isError) postToParent({ type: REPORT_FAILED, message: errorText(query.error, t`Error loading analytics`) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError, query.error]);

  useEffect(() => {
    document.title = t`Analytics report`;
  }, [t]);

  if (accountId === undefined) {
    return (
      <main className="print-report">
        <p role="alert">
          <Trans>The report needs an account (account_id).</Trans>
        </p>
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="print-report">
        <p role="alert">{errorText(query.error, t`Error loading analytics`)}</p>
      </main>
    );
  }
  if (!report) {
    return (
      <main className="print-report" aria-busy="true">
        <p role="status">
          <Trans>Loading the report…</Trans>
        </p>
      </main>
    );
  }
  const slider = report.channel === 'slider';
  const table = slider ? sliderTable(report, labels) : rowTable(report, labels, PDF_ROW_COLUMNS);
  return (
    <main className="print-report">
      <header className="print-report-header">
        <h1>{labels.title}</h1>
        <button type="button" className="button print-report-print" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
      </header>
      <dl className="print-report-filters">
        {headerLines(report, labels).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="print-report-totals">
        <h2 id="print-report-totals">{labels.totals}</h2>
        <dl className="print-report-totals">
          {totalLines(report, labels).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value === null ? '–' : cellText(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="print-report-chart" className="print-report-chart">
        <h2 id="print-report-chart">{labels.chart}</h2>
        <SessionsChart
          points={report.points}
          slider={slider}
          onReady={(c) => {
            chart.current = c;
            setChartReady(true);
          }}
        />
      </section>
      <section aria-labelledby="print-report-table">
        <h2 id="print-report-table">{slider ? t`Sliders` : labels.bots}</h2>
        <table className="print-report-table">
          <thead>
            <tr>
              {table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.body.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cellText(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {table.body.length === 0 && (
          <p>
            <Trans>No data for this range.</Trans>
          </p>
        )}
      </section>
    </main>
  );
}
