/** Tag create / edit form (spec 002 §5 tag name non-empty after trimming; §8 tag toasts, 400 detail). */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { HttpError } from '../../../api/client';

const api = vi.hoisted(() => ({ createTag: vi.fn(), renameTag: vi.fn() }));
vi.mock('../../vidbots/tag.queries', async (orig) => ({ ...(await orig<typeof import('../../vidbots/tag.queries')>()), ...api }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../ui/toast', () => ({ toast }));

const { TagForm } = await import('./TagDialog');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  api.createTag.mockReset();
  api.renameTag.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(cleanup);

function setup(tag: { id: number; name: string } | null) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <TagForm tag={tag} accountId={7} onDone={onDone} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  const name = () => screen.getByLabelText('Name', { exact: false }) as HTMLInputElement;
  const errorOf = () => document.getElementById(name().getAttribute('aria-describedby') ?? '')?.textContent;
  return { onDone, name, errorOf };
}

describe('TagForm', () => {
  it('refuses a blank name (after trimming) without calling the server', async () => {
    const { name, errorOf } = setup(null);
    fireEvent.change(name(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(errorOf()).toBe('This field is required.'));
    expect(api.createTag).not.toHaveBeenCalled();
  });

  it('creates a trimmed tag, toasts and closes', async () => {
    api.createTag.mockResolvedValue({ id: 1, name: 'Sales', account_id: 7 });
    const { name, onDone } = setup(null);
    fireEvent.change(name(), { target: { value: '  Sales ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.createTag).toHaveBeenCalledWith(7, 'Sales');
    expect(toast.success).toHaveBeenCalledWith('Tag created successfully');
  });

  it('shows the server detail of a 400 on the field, toasts the failure and keeps the dialog', async () => {
    api.createTag.mockRejectedValue(new HttpError(400, 'Bad Request', { detail: 'A tag named "Sales" already exists in this account.', code: 'tagExists', errors: { name: 'A tag with this name already exists.' } }));
    const { name, onDone, errorOf } = setup(null);
    fireEvent.change(name(), { target: { value: 'Sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(errorOf()).toBe('A tag named "Sales" already exists in this account.'));
    expect(toast.error).toHaveBeenCalledWith('Failed to create tag');
    expect(onDone).not.toHaveBeenCalled();
    expect(name().value).toBe('Sales');
  });

  it("shows 'Creating tag failed' for other failures", async () => {
    api.createTag.mockRejectedValue(new HttpError(500, 'Internal Server Error', { detail: 'boom' }));
    const { name, errorOf } = setup(null);
    fireEvent.change(name(), { target: { value: 'Sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(errorOf()).toBe('Creating tag failed'));
  });

  it('renames an existing tag; a failure toasts Failed to update tag', async () => {
    api.renameTag.mockRejectedValueOnce(new HttpError(503, 'Service Unavailable', {})).mockResolvedValueOnce({ id: 3, name: 'New', account_id: 7 });
    const { name, onDone } = setup({ id: 3, name: 'Old' });
    expect(name().value).toBe('Old');
    fireEvent.change(name(), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update tag'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.renameTag).toHaveBeenLastCalledWith(3, 'New');
    expect(toast.success).toHaveBeenCalledWith('Tag updated successfully');
  });
});
