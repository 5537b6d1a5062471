/**
 * The account form on TanStack Form (issue 14; spec 000 §5, §8): client rules on submit, a 422's
 * field messages on their fields, the save button disabled while saving, values kept after a failure.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { HttpError } from '../../api/client';
import { queryKeys } from '../../api/queries';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  Link: ({ children }: { children: ReactNode }) => <a href="/dashboard/accounts">{children}</a>,
}));
const api = vi.hoisted(() => ({ createAccount: vi.fn(), updateAccount: vi.fn(), invalidateAccounts: vi.fn() }));
vi.mock('./accounts.api', () => api);

const { AccountForm } = await import('./AccountForm');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  navigate.mockReset();
  api.createAccount.mockReset();
  api.updateAccount.mockReset();
  api.invalidateAccounts.mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.me, { id: 1, email: 'me@example.org', isSuperuser: false, isCustomerSuccess: false, accounts: [] } as never);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <AccountForm mode="create" account={null} role={null} back={{} as never} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  const button = () => screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
  return { type, button, submit: () => fireEvent.click(button()) };
}

function unprocessable(errors: Record<string, string>): HttpError {
  return new HttpError(422, 'Unprocessable Entity', { detail: 'Validation failed', errors });
}

describe('AccountForm (create)', () => {
  it('checks the required fields and the e-mail shape on submit without calling the server', async () => {
    const { type, submit } = setup();
    type('Owner email', 'not-an-email');
    submit();
    await waitFor(() => expect(screen.getByText('This field is required.')).toBeTruthy());
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Business name', { exact: false }).getAttribute('aria-invalid')).toBe('true');
    expect(api.createAccount).not.toHaveBeenCalled();
  });

  it('shows a 422 field message on its field, keeps every value and the form message, and does not navigate', async () => {
    api.createAccount.mockRejectedValue(unprocessable({ ownerEmail: 'This user already owns an account', billingEmail: 'Too long' }));
    const { type, submit } = setup();
    type('Business name', 'Acme');
    type('Owner email', 'owner@example.org');
    type('Billing email', 'bill@example.org');
    type('Country', 'Finland');
    submit();
    const owner = screen.getByLabelText('Owner email', { exact: false });
    await waitFor(() => expect(owner.getAttribute('aria-invalid')).toBe('true'));
    const ownerMessage = document.getElementById(owner.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(ownerMessage?.textContent).toBe('This user already owns an account');
    expect(screen.getByText('Too long')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Validation failed');
    expect((screen.getByLabelText('Business name', { exact: false }) as HTMLInputElement).value).toBe('Acme');
    expect((owner as HTMLInputElement).value).toBe('owner@example.org');
    expect((screen.getByLabelText('Country') as HTMLInputElement).value).toBe('Finland');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('disables the button while saving (no double submit), then saves again after a failure', async () => {
    let finish!: (v: unknown) => void;
    api.createAccount.mockRejectedValueOnce(unprocessable({ ownerEmail: 'Taken' })).mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const { type, submit, button } = setup();
    type('Business name', 'Acme');
    type('Owner email', 'owner@example.org');
    submit();
    await waitFor(() => expect(screen.getByText('Taken')).toBeTruthy());
    expect(button().disabled).toBe(false);
    type('Owner email', 'other@example.org');
    submit();
    await waitFor(() => expect(button().disabled).toBe(true));
    expect(screen.queryByText('Taken')).toBeNull();
    submit();
    expect(api.createAccount).toHaveBeenCalledTimes(2);
    expect(api.createAccount).toHaveBeenLastCalledWith(expect.objectContaining({ businessName: 'Acme', ownerEmail: 'other@example.org' }));
    finish({ id: 5 });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/dashboard/accounts', search: {} }));
  });
});
