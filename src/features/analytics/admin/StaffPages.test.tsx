/**
 * The billing and live status pages against a mocked API and a real router (issue 13 "Staff"; spec
 * 002 §2, §8, §9): the billing table, total and 'Error loading billing data'; the CSV export reads
 * every row and saves `billing_{from}_to_{to}.csv` with the §9 columns; live status rows, sorting in
 * the URL and a row click into the bot's account.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import * as XLSX from 'xlsx';
import { HttpError } from '../../../api/client';
import { billingSearchSchema, liveStatusSearchSchema } from './adminSearch';
import { BillingPage } from './BillingPage';
import { LiveStatusPage } from './LiveStatusPage';
import { stringifySearch } from './repeatedSearch';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../api/contract', () => ({ typedApi: api }));
const saved = vi.hoisted(() => ({ saveTextFile: vi.fn() }));
vi.mock('./billingCsv', async (importOriginal) => ({ ...(await importOriginal<typeof import('./billingCsv')>()), saveTextFile: saved.saveTextFile }));
vi.mock('../../../ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const NOW = new Date('2026-11-26T03:00:00Z');
const meta = (totalCount: number, pageSize: number) => ({ page: 1, pageSize, pageCount: Math.ceil(totalCount / pageSize), totalCount });
const accounts = { records: [{ id: 1, publicId: 'demo', businessName: 'Demo' }, { id: 2, publicId: 'acme', businessName: 'Acme' }], metadata: meta(2, 10000) };
const billingRows = [
  { accountId: 2, accountName: 'Acme', logo: '/files/logo.png', botId: 12, publicId: 'p12', botName: 'Spring sale', impressions: 1500, hasAdFeature: true, hasFeatureOnly: false },
  { accountId: 1, accountName: 'Demo', logo: null, botId: null, publicId: null, botName: null, impressions: 0, hasAdFeature: true, hasFeatureOnly: true },
];

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: Outlet });
  const billing = createRoute({
    getParentRoute: () => root,
    path: '/dashboard/admin/billing',
    validateSearch: billingSearchSchema,
    component: () => <BillingPage search={billing.useSearch()} now={NOW} />,
  });
  const live = createRoute({
    getParentRoute: () => root,
    path: '/dashboard/admin/live-status',
    validateSearch: liveStatusSearchSchema,
    component: () => <LiveStatusPage search={live.useSearch()} />,
  });
  const bot = createRoute({ getParentRoute: () => root, path: '/dashboard/$accountSlug/vidbots/$id', component: () => <p>Bot page</p> });
  const router = createRouter({ routeTree: root.addChildren([billing, live, bot]), history: createMemoryHistory({ initialEntries: [url] }), stringifySearch });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

describe('billing page', () => {
  it('asks for the current month by default, shows rows with logos, the total, and exports every row as CSV', async () => {
    api.get.mockImplementation((path: string, init: { query: Record<string, unknown> }) => {
      if (path === '/account') return Promise.resolve(accounts);
      if (path === '/analytics/admin-billing')
        return Promise.resolve({ from: '2026-11-01', to: '2026-11-25', records: billingRows, metadata: meta(2, Number(init.query.size)), totalImpressions: 1500 });
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    renderAt('/dashboard/admin/billing?account_ids=2&account_ids=1');
    const table = await screen.findByRole('table');
    expect(api.get).toHaveBeenCalledWith('/analytics/admin-billing', expect.objectContaining({ query: { from_date: '2026-11-01', to_date: '2026-11-26', account_ids: ['1', '2'], page: '1', size: '10' } }));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Spring sale');
    expect(rows[1]!.querySelector('img')?.getAttribute('src')).toBe('/files/logo.png');
    expect(rows[2]!.textContent).toContain('Demo');
    expect(screen.getByText(/Total impressions/).textContent).toContain('1,500');
    expect(screen.getByLabelText('Date range')).toHaveProperty('value', 'currentMonth');

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.saveTextFile).toHaveBeenCalled());
    expect(api.get).toHaveBeenCalledWith('/analytics/admin-billing', expect.objectContaining({ query: expect.objectContaining({ page: '1', size: '10000' }) }));
    const [csv, filename] = saved.saveTextFile.mock.calls[0] as [string, string];
    expect(filename).toBe('billing_2026-11-01_to_2026-11-25.csv');
    const parsed = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(csv, { type: 'string' }).Sheets.Sheet1!, { header: 1, defval: '' });
    expect(parsed).toEqual([
      ['Account', 'Vidbot ID', 'Vidbot Name', 'Impressions', 'Has Ad Feature'],
      ['Acme', 12, 'Spring sale', 1500, 'Yes'],
      ['Demo', '', '', 0, 'Yes'],
    ]);
  });

  it('a preset and the page size go to the URL', async () => {
    api.get.mockImplementation((path: string) =>
      path === '/account' ? Promise.resolve(accounts) : Promise.resolve({ from: 'x', to: 'y', records: billingRows, metadata: meta(2, 10), totalImpressions: 1500 }),
    );
    const router = renderAt('/dashboard/admin/billing');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: 'lastQuarter' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from_date: '2026-07-01', to_date: '2026-09-30' }));
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ size: 50, from_date: '2026-07-01' }));
  });

  it("shows 'Error loading billing data' when the report fails", async () => {
    api.get.mockImplementation((path: string) => (path === '/account' ? Promise.resolve(accounts) : Promise.reject(new HttpError(500, 'Internal Server Error', { message: 'boom' }))));
    renderAt('/dashboard/admin/billing');
    expect(await screen.findByText('Error loading billing data')).toBeTruthy();
  });
});

describe('live status page', () => {
  const liveRows = [
    { id: 7, publicId: 'b7', name: 'Tour', accountId: 2, accountName: 'Acme', status: 'Published', liveStatus: 'offline', lastViewedAt: '2026-11-20T10:00:00Z', sessions7d: 42 },
    { id: 8, publicId: 'b8', name: 'Draft one', accountId: 1, accountName: 'Demo', status: 'Draft', liveStatus: 'inactive', lastViewedAt: null, sessions7d: 0 },
  ];
  it('lists bots with their badges, sorts by a column through the URL, and a row opens the bot in its account', async () => {
    api.get.mockImplementation((path: string) => (path === '/account' ? Promise.resolve(accounts) : Promise.resolve({ records: liveRows, metadata: meta(2, 30) })));
    const router = renderAt('/dashboard/admin/live-status');
    const table = await screen.findByRole('table');
    expect(api.get).toHaveBeenCalledWith('/bot/status', expect.objectContaining({ query: { order_by: 'last_viewed_at', order_direction: 'desc', page: '1', size: '30', bot_name: undefined } }));
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Published · offline').className).toContain('badge-danger');
    expect(within(rows[2]!).getByText('Draft')).toBeTruthy();
    expect(rows[2]!.textContent).toContain('Never');

    fireEvent.click(within(table).getByRole('button', { name: /Account/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ order_by: 'account', order_direction: 'asc' }));

    fireEvent.click(within(table).getByText('Acme'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/acme/vidbots/7'));
  });
});
