/** "My profile" (issue 15): names required, PATCH /user/me with names and language, the UI language switches on save. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { HttpError } from '../../api/client';

const api = vi.hoisted(() => ({ updateProfile: vi.fn() }));
vi.mock('./users.api', () => api);
const locale = vi.hoisted(() => ({ activateLocale: vi.fn() }));
vi.mock('../../i18n', () => locale);
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../ui/toast', () => ({ toast }));
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: unknown }) => <a href="#x">{children as never}</a> }));

const { MyProfileForm } = await import('./MyProfilePage');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  api.updateProfile.mockReset();
  locale.activateLocale.mockReset().mockResolvedValue(undefined);
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(cleanup);

function setup() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <MyProfileForm me={{ id: 5, email: 'owner@example.com', firstName: 'Olli', lastName: 'Owner', language: 'en' }} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
  return { field };
}

describe('MyProfileForm', () => {
  it('saves trimmed names and the language through PATCH /user/me and switches the UI language', async () => {
    api.updateProfile.mockResolvedValue({});
    const { field } = setup();
    fireEvent.change(field('First name'), { target: { value: ' Oona ' } });
    fireEvent.change(field('Language'), { target: { value: 'fi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(locale.activateLocale).toHaveBeenCalledWith('fi'));
    expect(api.updateProfile).toHaveBeenCalledWith(5, true, { firstName: 'Oona', lastName: 'Owner', language: 'fi' });
    expect(toast.success).toHaveBeenCalled();
  });

  it('requires the names and keeps the language when the save fails', async () => {
    const { field } = setup();
    fireEvent.change(field('Last name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('This field is required.')).toBeTruthy());
    expect(api.updateProfile).not.toHaveBeenCalled();

    api.updateProfile.mockRejectedValue(new HttpError(422, 'Unprocessable Entity', { detail: 'Invalid', errors: { lastName: 'Too long' } }));
    fireEvent.change(field('Last name'), { target: { value: 'X' } });
    fireEvent.change(field('Language'), { target: { value: 'fi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Too long')).toBeTruthy());
    expect(locale.activateLocale).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalled();
  });
});
