/**
 * The widgets list (spec 002 §2 Widgets list, §6, §8) with the widget calls mocked: rows, Viewer
 * cannot create (with the reason), the row menu by rights, duplicate and remove with their toasts,
 * copy to account only with another account, the generic error toast on failure.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import type { Account } from '../../api/types';
import type { WidgetListItem } from './widgets.api';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../ui/toast', () => ({ toast }));
const calls = vi.hoisted(() => ({ list: vi.fn(), clone: vi.fn(), remove: vi.fn(), status: vi.fn(), me: vi.fn(), accounts: vi.fn() }));
vi.mock('./widgets.api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./widgets.api')>();
  return {
    ...actual,
    widgetListOptions: (accountId: number, page: number) => ({ queryKey: ['widget', 'list', accountId, page], queryFn: () => calls.list(accountId, page) }),
    cloneWidget: calls.clone,
    deleteWidget: calls.remove,
    setWidgetStatus: calls.status,
  };
});
vi.mock('../../api/queries', () => ({
  meOptions: () => ({ queryKey: ['user', 'me'], queryFn: () => calls.me() }),
  accountsOptions: () => ({ queryKey: ['account', 'list'], queryFn: () => calls.accounts() }),
}));

const { WidgetsListPage } = await import('./WidgetsListPage');

const account = (role: Account['role'], id = 1): Account => ({ id, publicId: `acc${id}`, businessName: `Account ${id}`, role, roleStatus: 'Active' }) as Account;
const me = { id: 5, email: 'me@example.org', isSuperuser: false, isCustomerSuccess: false, isReseller: false, roles: [] };
const row = (over: Partial<WidgetListItem>): WidgetListItem => ({
  id: 11,
  publicId: 'w11',
  accountId: 1,
  name: 'Spring carousel',
  type: 'Slider',
  status: 'Published',
  privacy: 'Private',
  author: { id: 5, email: 'me@example.org' },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T11:30:00.000Z',
  revNumber: 2,
  revisionStatus: 'Published',
  widgetRevisionId: 21,
  hasDraft: false,
  contentType: 'Selected',
  botCount: 3,
  ...over,
});

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
beforeEach(() => {
  vi.clearAllMocks();
  calls.me.mockResolvedValue(me);
  calls.accounts.mockResolvedValue({ records: [account('Editor', 1)], metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 1 } });
  calls.list.mockResolvedValue({ records: [row({}), row({ id: 12, name: 'Tag wall', contentType: 'ByTags', status: 'Draft', author: { id: 9, email: 'x@example.org' } })], metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 2 } });
});
afterEach(cleanup);

function setup(role: Account['role'] = 'Editor', page = 1) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <WidgetsListPage account={account(role)} page={page} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}
const openMenu = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.getByRole('menu');
};

describe('WidgetsListPage', () => {
  it('lists the page of widgets with type, status, content, updated and author; asks for the page in the URL', async () => {
    setup('Editor', 2);
    const table = await screen.findByRole('table');
    expect(calls.list).toHaveBeenCalledWith(1, 2);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Spring carousel');
    expect(rows[1]!.textContent).toContain('Slider');
    expect(rows[1]!.textContent).toContain('Published');
    expect(rows[1]!.textContent).toContain('Selected vidbots · 3');
    expect(rows[1]!.textContent).toContain('02/11/2026');
    expect(rows[2]!.textContent).toContain('Draft');
    expect(screen.getByRole('link', { name: 'Spring carousel' }).getAttribute('href')).toBe('/dashboard/acc1/widget/11');
  });

  it('a row click opens the editor', async () => {
    setup();
    fireEvent.click(await screen.findByText('Selected vidbots · 3'));
    expect(navigate).toHaveBeenCalledWith({ to: '/dashboard/acc1/widget/11' });
  });

  it('Viewer cannot create, and is told why', async () => {
    setup('Viewer');
    const create = screen.getByRole('button', { name: 'Create new' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(document.getElementById(create.getAttribute('aria-describedby')!)?.textContent).toBe('Viewers cannot create widgets.');
    const menu = await openMenu('Spring carousel');
    expect(within(menu).getByRole('menuitem', { name: 'Duplicate' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('an Editor may create; the menu offers duplicate, edit, remove and no staff or copy entries with one account', async () => {
    setup('Editor');
    expect((screen.getByRole('button', { name: 'Create new' }) as HTMLButtonElement).disabled).toBe(false);
    const menu = await openMenu('Spring carousel');
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Duplicate', 'Edit', 'Remove']);
  });

  it('copy to account appears with another account, not for a Deactivated widget', async () => {
    calls.accounts.mockResolvedValue({ records: [account('Editor', 1), account('Editor', 2)], metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 2 } });
    calls.list.mockResolvedValue({ records: [row({}), row({ id: 13, name: 'Off', status: 'Deactivated' })], metadata: { page: 1, pageSize: 10, pageCount: 1, totalCount: 2 } });
    setup('Editor');
    await waitFor(() => expect(calls.accounts).toHaveBeenCalled());
    await waitFor(async () => expect(within(await openMenu('Spring carousel')).queryByRole('menuitem', { name: 'Copy to account' })).not.toBeNull());
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(within(await openMenu('Off')).queryByRole('menuitem', { name: 'Copy to account' })).toBeNull();
  });

  it('duplicate toasts the copy; a failure toasts the generic error', async () => {
    calls.clone.mockResolvedValueOnce(row({ id: 99, name: 'Spring carousel (copy)' }));
    setup();
    fireEvent.click(within(await openMenu('Spring carousel')).getByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Duplicated as “Spring carousel (copy)”'));
    expect(calls.clone).toHaveBeenCalledWith(11);
    calls.clone.mockRejectedValueOnce(new Error('boom'));
    fireEvent.click(within(await openMenu('Spring carousel')).getByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An error occurred'));
  });

  it('remove asks first, then deletes; a failure toasts the generic error', async () => {
    calls.remove.mockRejectedValueOnce(new Error('nope')).mockResolvedValueOnce({ id: 11 });
    setup('Owner');
    fireEvent.click(within(await openMenu('Spring carousel')).getByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove widget' });
    expect(calls.remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An error occurred'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('“Spring carousel” removed'));
    expect(calls.remove).toHaveBeenCalledWith(11);
  });

  it('power users deactivate and reactivate', async () => {
    calls.me.mockResolvedValue({ ...me, isCustomerSuccess: true });
    calls.status.mockResolvedValue(row({}));
    setup(null);
    await waitFor(() => expect(calls.me).toHaveBeenCalled());
    await waitFor(async () => expect(within(await openMenu('Spring carousel')).queryByRole('menuitem', { name: 'Deactivate' })).not.toBeNull());
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.status).toHaveBeenCalledWith(11, 'Deactivated'));
  });
});
