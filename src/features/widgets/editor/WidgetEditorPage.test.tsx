/**
 * The widget editor page with a mocked API (spec 002 §2 Widget editor, §4 widget status, §6, §8;
 * issue 15): the top bar shows the name and "Version N · Draft"; an edit in the settings panel makes
 * the page dirty; Save draft PATCHes `{ content, baseRevisionId }` and says "Draft saved"; Publish of
 * a Draft widget sets the status and then publishes its revision (no slide check); a 409 opens the
 * conflict choice; a person without edit rights sees the red restriction and read-only controls; the
 * inline title PATCHes the name; the embed dialog shows the embed code and the carousel's CSP line.
 * The settings panel (the sections helper's) is stubbed: this page only passes it content, onChange,
 * readOnly and errors.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { Account } from '../../../api/types';
import { HttpError } from '../../../api/client';
import { queryKeys } from '../../../api/queries';
import { cspLine } from '../../../../server/src/modules/share/embed.codes';
import { widgetAnswer, editedWidgetContent } from '../../../../machines/editor/editor.paths';
import type { WidgetDetail } from '../../../../server/src/modules/widget/widget.schemas';
import { WidgetEditorPage } from './WidgetEditorPage';
import { widgetOptions } from './widgetEditor.api';

const api = vi.hoisted(() => ({ get: vi.fn(), patch: vi.fn(), post: vi.fn() }));
vi.mock('../../../api/client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../api/client')>()), api }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../ui/toast', () => ({ toast: toasts }));
vi.mock('../sections/WidgetSettingsPanel', () => ({
  WidgetSettingsPanel: ({ content, onChange, readOnly, errors }: { content: { type: string }; onChange: (c: unknown) => void; readOnly: boolean; errors?: Record<string, string> }) => (
    <div>
      <p>Type: {content.type}</p>
      <button type="button" disabled={readOnly} onClick={() => onChange({ ...content, type: 'Card' })}>
        Make it a Card
      </button>
      {errors && <p>Errors: {Object.values(errors).join(', ')}</p>}
    </div>
  ),
}));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  if (!HTMLDialogElement.prototype.showModal) HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.open = true; };
});
afterEach(() => {
  cleanup();
  // Also drops unanswered once-answers, so no test sees another's.
  vi.resetAllMocks();
});

const account = { id: 1, publicId: 'demo', businessName: 'Demo', role: 'Owner' } as Account;

function setup(widget: WidgetDetail = widgetAnswer({})) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(widgetOptions(widget.id).queryKey, widget);
  client.setQueryData(queryKeys.config, { publicUrl: 'https://vidbot.example.com' } as never);
  const root = createRootRoute({ component: () => <WidgetEditorPage account={account} widgetId={widget.id} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/dashboard/demo/widget/7'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { client };
}

async function fromSaveMenu(item: 'Save draft' | 'Publish') {
  fireEvent.click(await screen.findByRole('button', { name: 'Save or publish' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('WidgetEditorPage', () => {
  it('shows the name and version; an edit makes it dirty; Save draft sends the content with its base revision', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Carousel' })).toBeTruthy();
    expect(screen.getByTestId('version-badge').textContent).toBe('Version 1 · Draft');
    // Clean: nothing to save (spec 002 §4); a Draft widget can be published.
    fireEvent.click(screen.getByRole('button', { name: 'Save or publish' }));
    expect(screen.getByRole('menuitem', { name: 'Save draft' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Publish' }).getAttribute('aria-disabled')).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Make it a Card' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(screen.getByText('Type: Card')).toBeTruthy();
    api.patch.mockResolvedValueOnce(widgetAnswer({ widgetRevisionId: 32, revNumber: 2, updatedAt: '2026-11-02T00:00:00.000Z' }, editedWidgetContent));
    await fromSaveMenu('Save draft');
    expect(api.patch).toHaveBeenCalledWith('/widget/7', { content: editedWidgetContent, baseRevisionId: 31 });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Draft saved'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByTestId('version-badge').textContent).toBe('Version 2 · Draft');
  });

  it('publishes a Draft widget: status Published with its revision, then the revision (no slide check)', async () => {
    setup();
    api.patch
      .mockResolvedValueOnce(widgetAnswer({ status: 'Published', revisionStatus: 'Published', publishedRevisionId: 31, updatedAt: '2026-11-02T00:00:00.000Z' }))
      .mockResolvedValueOnce(widgetAnswer({ status: 'Published', revisionStatus: 'Published', publishedRevisionId: 31, updatedAt: '2026-11-02T00:00:01.000Z' }));
    await fromSaveMenu('Publish');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Published'));
    expect(api.patch.mock.calls).toEqual([
      ['/widget/7', { status: 'Published', revisionStatus: 'Published' }],
      ['/widget/7/revision/31/status', { status: 'Published' }],
    ]);
    expect(screen.getByTestId('version-badge').textContent).toBe('Version 1 · Published');
  });

  it('a 409 on save opens the conflict choice; Keep editing keeps the edits', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Make it a Card' }));
    api.patch.mockRejectedValueOnce(new HttpError(409, 'Conflict', { code: 'revisionConflict', detail: 'Saved elsewhere.' }));
    api.get.mockResolvedValueOnce(widgetAnswer({ widgetRevisionId: 41, revNumber: 2, updatedAt: '2026-11-02T00:00:00.000Z' }));
    await fromSaveMenu('Save draft');
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this widget' });
    expect(api.get).toHaveBeenCalledWith('/widget/7', expect.objectContaining({ query: undefined }));
    const keep = within(dialog).getByRole('button', { name: 'Keep editing' }) as HTMLButtonElement;
    await waitFor(() => expect(keep.disabled).toBe(false));
    fireEvent.click(keep);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    api.patch.mockResolvedValueOnce(widgetAnswer({ widgetRevisionId: 42, revNumber: 3, updatedAt: '2026-11-03T00:00:00.000Z' }, editedWidgetContent));
    await fromSaveMenu('Save draft');
    expect(api.patch).toHaveBeenLastCalledWith('/widget/7', { content: editedWidgetContent, baseRevisionId: 41 });
  });

  it('a refused save keeps the edits, toasts the save failure and hands the field messages to the panel', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Make it a Card' }));
    api.patch.mockRejectedValueOnce(new HttpError(422, 'Unprocessable', { detail: 'Invalid content', errors: { 'content.cardsVisible.mobile': 'Card shows at most 4 on mobile.' } }));
    await fromSaveMenu('Save draft');
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Saving the new draft failed.'));
    expect(screen.getByText('Errors: Card shows at most 4 on mobile.')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('without edit rights: the red restriction message and read-only controls (spec 002 §6)', async () => {
    setup(widgetAnswer({ canEdit: false, privacy: 'Private' }));
    expect(await screen.findByText('Editing is restricted to account owners, admins or the author.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Make it a Card' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save or publish' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit name' })).toBeNull();
    // Reading and copying the codes stays possible.
    expect((screen.getByRole('button', { name: 'Get embed code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('renames inline: Enter saves the trimmed name; Escape cancels', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit name' }));
    const field = screen.getByRole('textbox', { name: 'Widget name' });
    fireEvent.change(field, { target: { value: '  Spring carousel ' } });
    api.patch.mockResolvedValueOnce(widgetAnswer({ name: 'Spring carousel', updatedAt: '2026-11-02T00:00:00.000Z' }));
    fireEvent.submit(field.closest('form')!);
    await screen.findByRole('heading', { name: 'Spring carousel' });
    expect(api.patch).toHaveBeenCalledWith('/widget/7', { name: 'Spring carousel' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Widget name' }), { key: 'Escape' });
    expect(screen.getByRole('heading', { name: 'Spring carousel' })).toBeTruthy();
    expect(api.patch).toHaveBeenCalledTimes(1);
  });

  it('the embed dialog shows the embed code and the carousel CSP line of the public origin', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Get embed code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed code' });
    expect((within(dialog).getByLabelText('Embed code') as HTMLTextAreaElement).value).toBe('<div data-vidbot-carousel="w7"></div>');
    const csp = within(dialog).getByLabelText('Content-Security-Policy additions for a page with a strict policy') as HTMLTextAreaElement;
    expect(csp.value).toBe(cspLine('carousel', 'https://vidbot.example.com'));
    expect(csp.value).toContain('https://vidbot.example.com');
  });
});
