/** The feature flag form on TanStack Form (issue 14; spec 000 §5 "Create feature flag", §7, §8). */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { HttpError } from '../../api/client';
import { EMPTY_FLAG_FORM } from './flagForm';

const api = vi.hoisted(() => ({ createFlag: vi.fn(), updateFlag: vi.fn(), flagsOptions: vi.fn() }));
vi.mock('./admin.api', () => api);

const { FlagForm } = await import('./FeatureFlagsPage');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  api.createFlag.mockReset();
});
afterEach(cleanup);

function setup() {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <FlagForm mode="create" initial={EMPTY_FLAG_FORM} flagNames={['new_widgets', 'url_map']} onDone={onDone} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  const fill = () => {
    fireEvent.change(screen.getByLabelText('Flag type', { exact: false }), { target: { value: 'dashboard' } });
    fireEvent.change(screen.getByLabelText('Flag name', { exact: false }), { target: { value: 'new_widgets' } });
  };
  return { onDone, save, fill };
}

describe('FlagForm', () => {
  it('keeps Save disabled until type and name are chosen and the user ids are numbers', async () => {
    const { save, fill } = setup();
    expect(save().disabled).toBe(true);
    fill();
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('User ids'), { target: { value: '12, x' } });
    await waitFor(() => expect(screen.getByText('Use whole numbers separated by commas.')).toBeTruthy());
    expect(save().disabled).toBe(true);
  });

  it('shows a 422 message on its field, keeps the input, and is disabled while saving', async () => {
    let fail!: (e: unknown) => void;
    api.createFlag.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    const { save, fill, onDone } = setup();
    fill();
    fireEvent.change(screen.getByLabelText('User ids'), { target: { value: '12, 40' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(save().disabled).toBe(true));
    fail(new HttpError(422, 'Unprocessable Entity', { detail: 'Invalid', errors: { user_ids: 'User 40 does not exist' } }));
    await waitFor(() => expect(screen.getByText('User 40 does not exist')).toBeTruthy());
    expect(screen.getByLabelText('User ids').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('User ids') as HTMLInputElement).value).toBe('12, 40');
    expect(save().disabled).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
  });
});
