/**
 * Delete dialog of the media library (spec 001 §2 "delete"; issue 5 "delete (warns when published
 * vidbots use it)"): names the published vidbots from GET /media/{id}/usage before deleting, says so
 * when that check fails, and deletes on confirmation.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Media } from '../media.types';

const calls = vi.hoisted(() => ({
  mediaUsage: vi.fn<(id: number) => Promise<{ publishedBots: { id: number; publicId: string; name: string }[] }>>(),
  deleteMedia: vi.fn<(id: number) => Promise<{ id: number; publishedBots: [] }>>(),
}));
vi.mock('./library.queries', () => ({ ...calls, invalidateMediaLists: () => Promise.resolve() }));

import { DeleteMediaDialog } from './DeleteMediaDialog';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  if (!HTMLDialogElement.prototype.showModal) HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.open = true; };
});
afterEach(() => {
  cleanup();
  calls.mediaUsage.mockReset();
  calls.deleteMedia.mockReset();
});

const media = { id: 42, name: 'Intro clip' } as Media;

function renderDialog() {
  const onClose = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DeleteMediaDialog media={media} onClose={onClose} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { onClose };
}

describe('DeleteMediaDialog', () => {
  it('warns naming the published vidbots that use the media, then deletes it', async () => {
    calls.mediaUsage.mockResolvedValue({ publishedBots: [{ id: 1, publicId: 'a', name: 'Welcome bot' }, { id: 2, publicId: 'b', name: 'Sales bot' }] });
    calls.deleteMedia.mockResolvedValue({ id: 42, publishedBots: [] });
    const { onClose } = renderDialog();
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('These published vidbots use this media');
    expect([...warning.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Welcome bot', 'Sales bot']);
    expect(calls.mediaUsage).toHaveBeenCalledWith(42);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.deleteMedia).toHaveBeenCalledWith(42);
  });

  it('shows no warning when no published vidbot uses it', async () => {
    calls.mediaUsage.mockResolvedValue({ publishedBots: [] });
    renderDialog();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Delete “Intro clip”? This cannot be undone.')).toBeTruthy();
  });

  it('says so when the usage check fails instead of silently showing no warning', async () => {
    calls.mediaUsage.mockRejectedValue(new Error('offline'));
    renderDialog();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not check which published vidbots use this media.');
  });
});
