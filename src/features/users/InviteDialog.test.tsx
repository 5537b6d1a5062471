/** The invite form on TanStack Form (issue 14; spec 000 §5 Invite, §8): a 422 on its field, values kept, no double send. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { HttpError } from '../../api/client';

const api = vi.hoisted(() => ({ inviteUser: vi.fn(), invalidateUsers: vi.fn() }));
vi.mock('./users.api', () => api);

const { InviteForm } = await import('./InviteDialog');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  api.inviteUser.mockReset();
  api.invalidateUsers.mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);

function setup() {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <InviteForm accountId={7} roles={['Admin', 'Editor', 'Viewer']} onDone={onDone} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  const email = () => screen.getByLabelText('Email', { exact: false }) as HTMLInputElement;
  const role = () => screen.getByLabelText('Role', { exact: false }) as HTMLSelectElement;
  const button = () => screen.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement;
  return { onDone, email, role, button };
}

describe('InviteForm', () => {
  it('puts the server field messages on the e-mail and role fields and keeps the input', async () => {
    api.inviteUser.mockRejectedValue(new HttpError(422, 'Unprocessable Entity', { detail: 'Invalid', errors: { email: 'Already a member', role: 'Not allowed' } }));
    const { onDone, email, role, button } = setup();
    fireEvent.change(email(), { target: { value: 'a@example.org' } });
    fireEvent.change(role(), { target: { value: 'Admin' } });
    fireEvent.click(button());
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email().getAttribute('aria-describedby')!)?.textContent).toBe('Already a member');
    expect(document.getElementById(role().getAttribute('aria-describedby')!)?.textContent).toBe('Not allowed');
    expect(email().value).toBe('a@example.org');
    expect(role().value).toBe('Admin');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('disables Send while the invitation is on its way; one click is one request', async () => {
    let finish!: (v: unknown) => void;
    api.inviteUser.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { onDone, email, button } = setup();
    fireEvent.change(email(), { target: { value: 'a@example.org' } });
    fireEvent.click(button());
    await waitFor(() => expect(button().disabled).toBe(true));
    fireEvent.click(button());
    expect(api.inviteUser).toHaveBeenCalledTimes(1);
    expect(api.inviteUser).toHaveBeenCalledWith(7, { email: 'a@example.org', role: 'Editor' });
    finish(undefined);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('checks the e-mail before sending', async () => {
    const { email, button } = setup();
    fireEvent.change(email(), { target: { value: 'nope' } });
    fireEvent.click(button());
    await waitFor(() => expect(screen.getByText('Enter a valid email address.')).toBeTruthy());
    expect(api.inviteUser).not.toHaveBeenCalled();
  });
});
