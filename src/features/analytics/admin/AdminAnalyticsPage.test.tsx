/**
 * Admin analytics page against a mocked API and a real router (issue 13 "Staff"; spec 002 §2, §8,
 * §9): the filters' API query, totals and rows; tier, business type and bot ids go to the URL under
 * §2's names and reach the API (repeated params); a row opens the bot in its account; 'Error loading
 * analytics' when the table fails and 'Cannot load analytics chart.' when the chart fails.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { HttpError } from '../../../api/client';
import { adminAnalyticsSearchSchema } from './adminSearch';
import { AdminAnalyticsPage } from './AdminAnalyticsPage';
import { stringifySearch } from './repeatedSearch';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../api/contract', () => ({ typedApi: api }));
vi.mock('../chart/SessionsChart', () => ({ SessionsChart: ({ points }: { points: unknown[] }) => <p>chart of {points.length} days</p> }));
vi.mock('../../../ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const NOW = new Date('2026-11-26T03:00:00Z');
const zero = { session: 0, opened: 0, engaged: 0, cta: 0, watched: 0, iframeViewed: 0, widgetViewed: 0, directIntroViewed: 0, iframeIntroViewed: 0, widgetIntroViewed: 0, sliderIntroViewed: 0, sliderSession: 0, sliderPlayed: 0, introActions: 0, contacted: 0, formSubmitted: 0, watermarkClicked: 0, liked: 0, impressions: 0, adClicks: 0, ctr: null, ctaRate: null, engagementRate: null };
const row = { ...zero, botId: 7, publicId: 'b7', bot: 'Tour', accountId: 2, accountName: 'Acme', status: 'Published', liveStatus: 'live', authorEmail: null, session: 6000, opened: 600, ctr: 10, engagementRate: 25.5, businessType: 'Retail', useCase: 'Sales' };
const totals = { ...zero, from: '2026-10-27', to: '2026-11-25', channel: null, bots: 1, session: 6000, opened: 600, ctr: 10, avgEngagementRate: 25.5, medianEngagementRate: 25.5 };
const accounts = { records: [{ id: 2, publicId: 'acme', businessName: 'Acme' }], metadata: { page: 1, pageSize: 10000, pageCount: 1, totalCount: 1 } };

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/dashboard/admin/analytics',
    validateSearch: adminAnalyticsSearchSchema,
    component: () => <AdminAnalyticsPage search={page.useSearch()} now={NOW} />,
  });
  const bot = createRoute({ getParentRoute: () => root, path: '/dashboard/$accountSlug/vidbots/$id', component: () => <p>Bot page</p> });
  const router = createRouter({ routeTree: root.addChildren([page, bot]), history: createMemoryHistory({ initialEntries: [url] }), stringifySearch });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

const answer = (path: string) => {
  if (path === '/account') return Promise.resolve(accounts);
  if (path === '/analytics/admin') return Promise.resolve({ records: [row], metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 1 }, totals });
  if (path === '/analytics/admin-daily') return Promise.resolve({ from: totals.from, to: totals.to, points: new Array(30).fill({ day: 'd', analytics: { session: 0, sliderSession: 0, opened: 0 } }) });
  return Promise.reject(new Error(path));
};
const lastQuery = (path: string) => (api.get.mock.calls.filter((c) => c[0] === path).at(-1)![1] as { query: Record<string, unknown> }).query;

describe('admin analytics page', () => {
  it('shows the chart, totals and rows; filters go to the URL and to the API; a row opens the bot', async () => {
    api.get.mockImplementation(answer);
    const router = renderAt('/dashboard/admin/analytics?use_case=Sales&use_case=Support');
    const table = await screen.findByRole('table');
    expect(await screen.findByText('chart of 30 days')).toBeTruthy();
    expect(lastQuery('/analytics/admin')).toMatchObject({ use_case: ['Sales', 'Support'], page: '1', size: '10' });
    expect(lastQuery('/analytics/admin-daily')).toMatchObject({ use_case: ['Sales', 'Support'] });
    expect(lastQuery('/analytics/admin-daily')).not.toHaveProperty('page');
    const totalsList = screen.getByLabelText('Totals');
    expect(totalsList.textContent).toContain('6,000');
    expect(totalsList.textContent).toContain('25.5 %');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Retail');
    expect(screen.getByLabelText('Date range')).toHaveProperty('value', 'last30');

    fireEvent.change(screen.getByLabelText('Website tier'), { target: { value: '1' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ lower: 5000, upper: 25000 }));
    await waitFor(() => expect(lastQuery('/analytics/admin')).toMatchObject({ lower: '5000', upper: '25000' }));

    fireEvent.change(screen.getByLabelText('Business type'), { target: { value: ' Retail ' } });
    fireEvent.submit(screen.getByLabelText('Business type').closest('form')!);
    // Repeatable params as repeated keys (spec 002 §2); one value reads back as a one-item list.
    await waitFor(() => expect(router.state.location.searchStr).toContain('lower=5000&upper=25000&business_type=Retail&use_case=Sales&use_case=Support'));
    await waitFor(() => expect(lastQuery('/analytics/admin')).toMatchObject({ business_type: ['Retail'], use_case: ['Sales', 'Support'], lower: '5000' }));

    fireEvent.change(screen.getByLabelText('Vidbot IDs'), { target: { value: '9, 4,x' } });
    fireEvent.submit(screen.getByLabelText('Vidbot IDs').closest('form')!);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ bot_ids: '4,9' }));
    await waitFor(() => expect(lastQuery('/analytics/admin')).toMatchObject({ bot_ids: '4,9', business_type: ['Retail'] }));

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    await waitFor(() => expect(lastQuery('/analytics/admin')).toMatchObject({ size: '100', page: '1' }));

    fireEvent.click(within(await screen.findByRole('table')).getByText('Acme'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/acme/vidbots/7'));
  });

  it("shows 'Error loading analytics' and 'Cannot load analytics chart.' with the message on failures", async () => {
    api.get.mockImplementation((path: string) =>
      path.startsWith('/analytics/admin') ? Promise.reject(new HttpError(500, 'Internal Server Error', { detail: 'Database down' })) : answer(path),
    );
    renderAt('/dashboard/admin/analytics');
    expect(await screen.findByText('Error loading analytics')).toBeTruthy();
    const chartError = await screen.findByText(/Cannot load analytics chart\./);
    expect(chartError.textContent).toContain('Database down');
  });
});
