/**
 * Audit log tab (spec 002 §2 columns date, user, type, target; issue 15 paged, filter by type, en
 * and fi): rows from the server page, labels of the catalogue (raw type when unknown), the date in
 * the active language, the filter and the pager report the new search.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { AUDIT_TYPES } from '../../../../server/src/lib/audit.types';

const typedApi = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../api/contract', () => ({ typedApi }));

const { AuditLogTab, formatAuditDate } = await import('./AuditLogTab');
const { useAuditTypeLabel } = await import('./auditTypes');

const event = (id: number, type: string, over: Record<string, unknown> = {}) => ({
  id,
  createdAt: '2026-03-04T10:05:00.000Z',
  accountId: 7,
  userId: 3,
  userName: 'Olli Owner',
  userEmail: 'owner@example.com',
  type,
  target: 'tag',
  targetId: 9,
  targetName: 'Sales',
  details: {},
  ...over,
});

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  typedApi.get.mockReset();
});
afterEach(cleanup);

function setup(page = 1, type: string | undefined = undefined) {
  const onSearch = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <AuditLogTab account={{ id: 7, businessName: 'Demo' }} page={page} type={type} onSearch={onSearch} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { onSearch };
}

describe('AuditLogTab', () => {
  it('shows date, user, translated type and target of each event, and asks the server for the page and type', async () => {
    typedApi.get.mockResolvedValue({
      records: [event(2, 'tag.update'), event(1, 'legacy.thing', { userName: null, userId: null, target: 'bot', targetName: null })],
      metadata: { page: 2, pageSize: 20, pageCount: 3, totalCount: 42 },
    });
    setup(2, 'tag.');
    const rows = await screen.findAllByRole('row');
    expect(typedApi.get).toHaveBeenCalledWith('/audit-log', expect.objectContaining({ query: { account_id: 7, page: 2, size: 20, type: 'tag.' } }));
    const cells = (i: number) => within(rows[i]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(1)).toEqual([formatAuditDate('2026-03-04T10:05:00.000Z', 'en'), 'Olli Owner', 'Tag renamed', 'Tag: Sales']);
    expect(cells(2)).toEqual([formatAuditDate('2026-03-04T10:05:00.000Z', 'en'), 'System', 'legacy.thing', 'Vidbot']);
    expect(screen.getByText(/Showing 21–40 of 42/)).toBeTruthy();
  });

  it('changes the type filter from the first page, and pages with the filter kept', async () => {
    typedApi.get.mockResolvedValue({ records: [event(1, 'tag.create')], metadata: { page: 2, pageSize: 20, pageCount: 3, totalCount: 41 } });
    const { onSearch } = setup(2, 'tag.');
    await screen.findAllByRole('row');
    const filter = screen.getByLabelText('Type') as HTMLSelectElement;
    expect(filter.value).toBe('tag.');
    fireEvent.change(filter, { target: { value: 'widget.publish' } });
    expect(onSearch).toHaveBeenLastCalledWith({ page: 1, type: 'widget.publish' });
    fireEvent.change(filter, { target: { value: '' } });
    expect(onSearch).toHaveBeenLastCalledWith({ page: 1, type: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onSearch).toHaveBeenLastCalledWith({ page: 3, type: 'tag.' });
    // every catalogue type and one "all" choice per resource
    expect(filter.querySelectorAll('option[value$="."]').length).toBeGreaterThan(5);
    for (const type of AUDIT_TYPES) expect(filter.querySelector(`option[value="${type}"]`)).not.toBeNull();
  });

  it('shows the empty state when nothing matches', async () => {
    typedApi.get.mockResolvedValue({ records: [], metadata: { page: 1, pageSize: 20, pageCount: 0, totalCount: 0 } });
    setup();
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(typedApi.get).toHaveBeenCalledWith('/audit-log', expect.objectContaining({ query: { account_id: 7, page: 1, size: 20 } }));
  });

  it('formats the date in the active language', () => {
    expect(formatAuditDate('2026-03-04T10:05:00.000Z', 'fi')).toMatch(/^4\. maalis 2026/);
    expect(formatAuditDate('2026-03-04T10:05:00.000Z', 'en')).toMatch(/^4 Mar 2026/);
  });
});

describe('audit type labels', () => {
  it('label every catalogue type (none falls back to the raw type) with distinct texts', () => {
    let label!: (type: string) => string;
    function Probe() {
      label = useAuditTypeLabel();
      return null;
    }
    render(
      <I18nProvider i18n={i18n}>
        <Probe />
      </I18nProvider>,
    );
    const labels = AUDIT_TYPES.map((type) => label(type));
    for (const [i, type] of AUDIT_TYPES.entries()) expect(labels[i], type).not.toBe(type);
    expect(new Set(labels).size).toBe(AUDIT_TYPES.length);
    expect(label('something.else')).toBe('something.else');
  });
});
