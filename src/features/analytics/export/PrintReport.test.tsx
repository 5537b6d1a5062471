/**
 * The print view (spec 002 §2): REPORT_READY is posted to the parent (same origin) about 250 ms
 * after the report has loaded and the chart has rendered — not before either; a failed load posts
 * REPORT_FAILED; `window.__vidbotReport` gives the chart image. The chart is a stand-in that
 * renders when the test says (ECharts needs a canvas happy-dom lacks).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useEffect } from 'react';
import { sampleReport } from '../../../../machines/analytics/export.fixtures';
import type { AnalyticsReport } from '../../../../machines/analytics/export.actors';
import { PrintReport } from './PrintReport';
import { REPORT_READY_DELAY_MS } from './printView';

const chartControl = { render: null as null | (() => void) };
vi.mock('../chart/SessionsChart', () => ({
  SessionsChart: ({ onReady }: { onReady?: (chart: unknown) => void }) => {
    useEffect(() => {
      chartControl.render = () => onReady?.({ getDataURL: () => 'data:image/png;base64,CHART' });
    }, [onReady]);
    return <div role="img" aria-label="chart" />;
  },
}));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  vi.useFakeTimers();
  chartControl.render = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const search = { account_id: 1, from_date: '2026-10-01', to_date: '2026-10-30', bot_ids: '11,12', user_ids: '3' };

function renderView(loadReport: (input: unknown) => Promise<AnalyticsReport>) {
  const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <PrintReport channel={null} search={search} loadReport={loadReport as never} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return post;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const readyPosts = (post: ReturnType<typeof renderView>) => post.mock.calls.filter(([m]) => (m as { type?: string }).type === 'REPORT_READY');

describe('print view', () => {
  it('posts REPORT_READY to the parent, same origin, 250 ms after data and chart', async () => {
    const load = vi.fn((_input: unknown) => Promise.resolve(sampleReport()));
    const post = renderView(load);
    expect(load).toHaveBeenCalledWith({ accountId: 1, channel: null, query: { from_date: '2026-10-01', to_date: '2026-10-30', bot_ids: '11,12', user_ids: '3' } }, expect.anything());
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics report' })).toBeTruthy();
    expect(screen.getByText('01/10/2026 – 30/10/2026')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Pricing' })).toBeTruthy();
    // Data is in, the chart has not rendered: nothing yet, however long.
    await advance(1000);
    expect(readyPosts(post)).toEqual([]);
    act(() => chartControl.render?.());
    await advance(REPORT_READY_DELAY_MS - 1);
    expect(readyPosts(post)).toEqual([]);
    await advance(1);
    expect(readyPosts(post)).toEqual([[{ type: 'REPORT_READY' }, window.location.origin]]);
    expect(window.__vidbotReport?.getChartImage()).toBe('data:image/png;base64,CHART');
    expect(window.__vidbotReport?.report?.from).toBe('2026-10-01');
    // Posted once, even if the chart renders again.
    act(() => chartControl.render?.());
    await advance(1000);
    expect(readyPosts(post)).toHaveLength(1);
  });

  it('waits for the data, however long it takes (the chart renders only with it)', async () => {
    let resolve: (r: AnalyticsReport) => void = () => undefined;
    const post = renderView(() => new Promise((r) => (resolve = r)));
    await advance(2000);
    expect(readyPosts(post)).toEqual([]);
    expect(chartControl.render).toBeNull();
    await act(async () => resolve(sampleReport()));
    await advance(0);
    act(() => chartControl.render?.());
    await advance(REPORT_READY_DELAY_MS);
    expect(readyPosts(post)).toHaveLength(1);
  });

  it('posts REPORT_FAILED with the server detail when the report cannot load', async () => {
    const post = renderView(() => Promise.reject(Object.assign(new Error('Forbidden'), {})));
    await advance(0);
    expect(post.mock.calls.find(([m]) => (m as { type?: string }).type === 'REPORT_FAILED')?.[0]).toEqual({ type: 'REPORT_FAILED', message: 'Forbidden' });
    expect(screen.getByRole('alert').textContent).toBe('Forbidden');
    expect(readyPosts(post)).toEqual([]);
  });
});
