/**
 * The per-bot detail (spec 002 §3 Detail; §8 detail failure; issue 13 ★ path analytics): the Sankey
 * gets an acyclic option for a looping bot, the loop is marked in the transitions table, the most
 * taken paths show their share, slides show watched as HH:mm:ss, and a failed load shows the
 * generic error.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { HttpError } from '../../../api/client';
import type { Account } from '../../../api/types';
import { BotAnalyticsPage } from './BotAnalyticsPage';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../api/contract', () => ({ typedApi: api }));
const charts = vi.hoisted(() => [] as Array<Record<string, unknown>>);
vi.mock('../chart/EChart', () => ({
  EChart: ({ option, ariaLabel }: { option: Record<string, unknown>; ariaLabel: string }) => {
    charts.push(option);
    return <div role="img" aria-label={ariaLabel} />;
  },
}));

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  charts.length = 0;
});

const detail = {
  botId: 7,
  name: 'Tour',
  from: '2026-11-01',
  to: '2026-11-07',
  channel: null,
  slides: [{ slideId: 1, name: 'Intro', played: 100, liked: 3, watched: 500 }],
  actions: [{ slideId: 1, slideName: 'Intro', optionId: 5, actionName: 'See pricing', actionClicked: 40 }],
  sources: [{ source: 'https://example.com/', session: 150, opened: 100 }],
  transitions: [
    { from: 0, fromName: 'Start', to: 1, toName: 'Intro', count: 100 },
    { from: 1, fromName: 'Intro', to: 2, toName: 'Pricing', count: 40 },
    { from: 2, fromName: 'Pricing', to: 1, toName: 'Intro', count: 10 },
  ],
  paths: [{ slides: [{ id: 1, name: 'Intro' }, { id: 2, name: 'Pricing' }], sessions: 30, share: 30 }],
  dropOff: [{ slideId: 1, name: 'Intro', reached: 100, endedHere: 40, dropOffRate: 40 }],
};

function setup(fail = false) {
  api.get.mockImplementation((path: string) => {
    if (path === '/analytics/settings/{id}') return Promise.resolve({ analyticsDefaultChannel: 'iframe', analyticsDisplayFields: { email: false, cta: false, watermark_clicked: false } });
    if (fail) return Promise.reject(new HttpError(404, 'Not Found', { detail: 'Vidbot not found.' }));
    return Promise.resolve(detail);
  });
  const account = { id: 1, publicId: 'demo', businessName: 'Demo', role: 'Viewer' } as Account;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: () => <BotAnalyticsPage account={account} botId={7} search={{ from_date: '2026-11-01', to_date: '2026-11-07' }} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('bot analytics detail', () => {
  it("asks for the range and the account's default channel; Sankey without the loop; tables beside it", async () => {
    setup();
    await screen.findByRole('heading', { name: 'Analytics: Tour' });
    const call = api.get.mock.calls.find((c) => c[0] === '/analytics/bot/{id}')!;
    expect(call[1]).toMatchObject({ path: { id: 7 }, query: { from_date: '2026-11-01', to_date: '2026-11-07', channel: 'iframe' } });
    const series = (charts.at(-1)!.series as Array<{ type: string; links: Array<{ source: string; target: string }> }>)[0]!;
    expect(series.type).toBe('sankey');
    expect(series.links.map((l) => `${l.source}>${l.target}`)).toEqual(['Start>Intro', 'Intro>Pricing']);
    const transitions = screen.getByRole('table', { name: 'Transitions' });
    expect(within(transitions).getAllByRole('row')).toHaveLength(4);
    expect(within(transitions).getByText('(return)')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Intro → Pricing' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '30.0%' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '00:08:20' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'See pricing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit vidbot' }).getAttribute('href')).toBe('/dashboard/demo/vidbots/7');
  });

  it('a failed load shows the generic error', async () => {
    setup(true);
    expect(await screen.findByText('An error occurred')).toBeTruthy();
  });
});
