/**
 * The analytics page against a mocked API (spec 002 §2 Analytics, §6, §8, §9; issue 13 "Screens"):
 * the calls carry the filters and the account's default channel; totals are formatted; the settings
 * gear is the Owner's and Super_Admin's only and saves with PUT; power-user mode adds columns; the
 * chart and table failures show the §8 messages; the notices follow the range start; the slider
 * channel shows the per-slider table.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { HttpError } from '../../../api/client';
import type { Account } from '../../../api/types';
import { POWER_USER_KEY } from '../../chrome/powerUser';
import { analyticsSearchSchema } from '../analyticsSearch';
import { AnalyticsPage } from './AnalyticsPage';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../api/contract', () => ({ typedApi: api }));
const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../ui/toast', () => ({ toast: toastMock }));
// The canvas chart itself is ECharts' business; the page's part is what it hands over.
vi.mock('../chart/EChart', () => ({ EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  if (!HTMLDialogElement.prototype.showModal) HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.open = true; };
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  localStorage.clear();
});

const counters = {
  session: 200,
  opened: 25,
  engaged: 10,
  cta: 5,
  watched: 3661,
  iframeViewed: 3,
  widgetViewed: 0,
  directIntroViewed: 0,
  iframeIntroViewed: 0,
  widgetIntroViewed: 0,
  sliderIntroViewed: 0,
  sliderSession: 7,
  sliderPlayed: 0,
  introActions: 0,
  contacted: 0,
  formSubmitted: 0,
  watermarkClicked: 2,
  liked: 4,
  impressions: 0,
  adClicks: 0,
  ctr: 12.5,
  ctaRate: 20,
  engagementRate: 40,
};
const totals = { from: '2026-10-27', to: '2026-11-25', channel: null, bots: 1, ...counters, avgEngagementRate: 40, medianEngagementRate: 40 };
const row = { botId: 42, publicId: 'pub42', bot: 'Tour', accountId: 1, accountName: 'Demo', status: 'Published', liveStatus: 'live', authorEmail: 'owner@example.com', ...counters };
const viewer = { id: 1, isSuperuser: false, isCustomerSuccess: false, isReseller: false, roles: [] };

interface Setup {
  role?: Account['role'];
  me?: Partial<typeof viewer>;
  settings?: { analyticsDefaultChannel: string | null; analyticsDisplayFields: { email: boolean; cta: boolean; watermark_clicked: boolean } };
  search?: Record<string, unknown>;
  fail?: string[];
  features?: string[];
}

function setup({ role = 'Owner', me = {}, settings, search = {}, fail = [], features = [] }: Setup = {}) {
  const answers: Record<string, unknown> = {
    '/user/me': { ...viewer, ...me },
    '/feature': { features },
    '/tag': { records: [] },
    '/analytics/settings/{id}': settings ?? { analyticsDefaultChannel: 'widget', analyticsDisplayFields: { email: false, cta: true, watermark_clicked: false } },
    '/analytics/total/{id}/daily': { from: '2026-10-27', to: '2026-11-25', points: [{ day: '2026-11-25', analytics: { session: 3, sliderSession: 1, opened: 2 } }] },
    '/analytics/total/{id}': totals,
    '/analytics': { records: [row], metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 1 }, totals },
    '/analytics/widget/{id}': { from: '2026-10-27', to: '2026-11-25', records: [{ sliderId: 9, sliderName: 'Front page', bots: 3, ...counters }] },
  };
  api.get.mockImplementation((path: string) =>
    fail.includes(path) ? Promise.reject(new HttpError(500, 'Internal Server Error', { detail: 'Database down' })) : Promise.resolve(answers[path]),
  );
  api.put.mockImplementation((_path: string, init: { body: unknown }) => Promise.resolve(init.body));
  const account = { id: 1, publicId: 'demo', businessName: 'Demo', role } as Account;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const parsed = v.parse(analyticsSearchSchema, search);
  const root = createRootRoute({ component: () => <AnalyticsPage account={account} search={parsed} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** The query of the last call of `path`. */
const queryOf = (path: string) => api.get.mock.calls.filter((c) => c[0] === path).at(-1)?.[1]?.query as Record<string, string> | undefined;

describe('analytics page', () => {
  it("queries with the account's default channel and shows the chart, totals and the per-bot table", async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    expect(queryOf('/analytics')).toMatchObject({ account_id: '1', channel: 'widget', page: '1', size: '10', order_by: 'session', order_direction: 'desc' });
    expect(queryOf('/analytics/total/{id}/daily')).toMatchObject({ channel: 'widget' });
    expect((screen.getByLabelText('Channel') as HTMLSelectElement).value).toBe('widget');
    expect(screen.getByRole('img', { name: 'Sessions and opens per day' })).toBeTruthy();
    const totalsList = document.querySelector('.analytics-totals') as HTMLElement;
    expect(within(totalsList).getByText('12.5%')).toBeTruthy(); // CTR
    expect(within(totalsList).getByText('01:01:01')).toBeTruthy(); // watched
    expect(within(table).getByRole('link', { name: 'Tour' }).getAttribute('href')).toContain('/dashboard/demo/analytics/42');
    expect(within(table).getByRole('link', { name: 'Edit Tour' }).getAttribute('href')).toBe('/dashboard/demo/vidbots/42');
    // Display field cta on: the CTA columns; email off: no author; no power-user columns.
    expect(within(table).getByRole('columnheader', { name: /CTA clicks/ })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Author' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'ID' })).toBeNull();
  });

  it("'All channels' in the URL overrides the default channel: no channel parameter", async () => {
    setup({ search: { channel: 'all', tag_ids: [4], status: 'Draft' } });
    await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    const q = queryOf('/analytics')!;
    expect(q.channel).toBeUndefined();
    expect(q).toMatchObject({ tag_ids: '4', status: 'Draft' });
  });

  it('power-user mode (staff) adds the ids and likes columns', async () => {
    localStorage.setItem(POWER_USER_KEY, '1');
    setup({ role: null, me: { isCustomerSuccess: true } });
    const table = await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    expect(within(table).getByRole('columnheader', { name: 'ID' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Public ID' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Likes' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'pub42' })).toBeTruthy();
  });

  it('the stored toggle alone does nothing for a non-staff viewer', async () => {
    localStorage.setItem(POWER_USER_KEY, '1');
    setup({ role: 'Owner' });
    const table = await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    expect(within(table).queryByRole('columnheader', { name: 'ID' })).toBeNull();
  });

  it.each([
    ['Owner', {}, true],
    ['Admin', {}, false],
    ['Editor', {}, false],
    ['Viewer', {}, false],
    [null, { isSuperuser: true }, true],
    [null, { isCustomerSuccess: true }, false],
  ] as const)('settings gear for role %s %o: %s', async (role, me, shown) => {
    setup({ role, me });
    await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    await waitFor(() => expect(api.get.mock.calls.some((c) => c[0] === '/user/me')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Analytics settings' }) !== null).toBe(shown));
  });

  it('the gear opens the settings dialog; Save sends PUT /analytics/settings/{id} and toasts', async () => {
    setup({ role: 'Owner' });
    fireEvent.click(await screen.findByRole('button', { name: 'Analytics settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Analytics settings' }, { timeout: 15_000 });
    fireEvent.change(within(dialog).getByLabelText('Default channel'), { target: { value: 'all' } });
    fireEvent.click(within(dialog).getByLabelText('Author email'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(api.put.mock.calls[0]![0]).toBe('/analytics/settings/{id}');
    expect(api.put.mock.calls[0]![1]).toMatchObject({
      path: { id: 1 },
      body: { analyticsDefaultChannel: null, analyticsDisplayFields: { email: true, cta: true, watermark_clicked: false } },
    });
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Analytics settings saved'));
  });

  it('a failed save toasts the error', async () => {
    setup({ role: 'Owner' });
    api.put.mockRejectedValueOnce(new HttpError(403, 'Forbidden', { detail: 'Only the account owner may change this.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Analytics settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Analytics settings' }, { timeout: 15_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Only the account owner may change this.'));
  });

  it("chart failure: 'Cannot load analytics chart.' with the message; table and totals failure: 'Error loading analytics'", async () => {
    setup({ fail: ['/analytics/total/{id}/daily', '/analytics', '/analytics/total/{id}'] });
    expect((await screen.findByText(/Cannot load analytics chart\./)).textContent).toContain('Database down');
    await waitFor(() => expect(screen.getAllByText('Error loading analytics')).toHaveLength(2));
  });

  it('settings failing to load: all channels, the page still works', async () => {
    setup({ fail: ['/analytics/settings/{id}'] });
    await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    expect(queryOf('/analytics')!.channel).toBeUndefined();
  });

  it('notices by the range start (§8)', async () => {
    setup({ search: { from_date: '2023-07-01', to_date: '2023-08-01' } });
    await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    expect(screen.getByText(/^CTR calculation changed on 3 July 2023/)).toBeTruthy();
    expect(screen.getByText(/^CTR and engagement rate calculation changed on 4 September 2024/)).toBeTruthy();
    expect(screen.getByText(/^Actions are recorded from 20 July 2023/)).toBeTruthy();
    cleanup();
    setup({ search: { from_date: '2024-09-04', to_date: '2024-09-10' } });
    await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    expect(screen.queryByText(/calculation changed/)).toBeNull();
  });

  it('the date inputs end at yesterday (§6)', async () => {
    setup();
    await screen.findByRole('table', { name: 'Analytics per vidbot of Demo' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((screen.getByLabelText('To') as HTMLInputElement).max).toBe(yesterday);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(yesterday);
  });

  it('the slider channel shows the per-slider table from /analytics/widget/{id}', async () => {
    setup({ search: { channel: 'slider' }, features: ['dashboard:new_widgets'] });
    const table = await screen.findByRole('table', { name: 'Analytics per slider' });
    expect(within(table).getByRole('cell', { name: 'Front page' })).toBeTruthy();
    expect(queryOf('/analytics/widget/{id}')).toMatchObject({ channel: 'slider' });
    expect(api.get.mock.calls.some((c) => c[0] === '/analytics')).toBe(false);
    expect(screen.getByRole('img', { name: 'Sessions and opens per day' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Slider sessions and opens per day' })).toBeTruthy();
  });
});
