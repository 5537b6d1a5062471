/**
 * View bindings of the Google Drive import (spec 001 §2 "Google Drive import", §8; spec 002 §4
 * "Google OAuth callback"): the dialog drives the googleDrive chart through the real app-edge
 * actors (API calls stubbed) — connect stores {state, returnTo} and leaves for Google, the files are
 * a keyboard-operable radio group with thumbnails named by the file, search is sent to the list
 * call, Import queues with the spec toast; the /oauth/google page posts code + state and returns to
 * the stored path, or toasts the spec error and goes to /dashboard?error=google_oauth_error.
 * Plus the pure helpers (feature gate, return storage, sizes).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DriveFile } from '../../../../machines/googleDrive/googleDrive.actors';

const calls = vi.hoisted(() => ({
  requestGoogleCsrf: vi.fn<() => Promise<{ state: string; authorizationUrl: string }>>(),
  completeGoogleCallback: vi.fn<(code: string, state: string) => Promise<{ connected: boolean }>>(),
  logoutGoogle: vi.fn<() => Promise<void>>(),
  listDriveFiles: vi.fn<(searchName: string) => Promise<DriveFile[]>>(),
  importDriveFile: vi.fn<(fileId: string, accountId: number) => Promise<{ mediaId: number }>>(),
}));
const apiGet = vi.hoisted(() => vi.fn<(path: string) => Promise<unknown>>());
const invalidateMediaLists = vi.hoisted(() => vi.fn(() => Promise.resolve()));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const navigate = vi.hoisted(() => vi.fn(() => Promise.resolve()));

vi.mock('./gdrive.api', () => calls);
vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  // meOptions reads GET /user/me through typedApi, i.e. api.request('GET', path, …).
  api: { get: apiGet, request: (method: string, path: string) => (method === 'GET' ? apiGet(path) : Promise.reject(new Error(`unexpected ${method} ${path}`))) },
}));
vi.mock('../library/library.queries', () => ({ invalidateMediaLists }));
vi.mock('react-toastify', () => ({ toast: toasts }));
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

import { HttpError } from '../../../api/client';
import { GoogleDriveDialog } from './GoogleDriveDialog';
import { formatSize } from './GoogleDriveDialog';
import { GoogleOAuthCallbackPage, GOOGLE_OAUTH_ERROR_HREF } from './GoogleOAuthCallbackPage';
import { googleDriveOffered, hasGoogleDriveFeature } from './gdriveAccess';
import { GOOGLE_OAUTH_RETURN_KEY, libraryReturnPath, saveGoogleOAuthReturn, takeGoogleOAuthReturn, type ReturnStorage } from './oauthReturn';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  if (!HTMLDialogElement.prototype.showModal) HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.open = true; };
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function memoryStorage(): ReturnStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const file = (id: string, name: string, thumb = true): DriveFile => ({
  id,
  name,
  thumbnailLink: thumb ? `https://drive.example/thumb/${id}` : null,
  mimeType: 'video/mp4',
  size: 2_500_000,
  modifiedTime: '2026-11-20T10:00:00.000Z',
});
const echo = file('gdEcho', 'echo-hereweare.webm');
const sample = file('gdSample', 'sample.mp4');
const desks = file('gdDesks', 'video_desks.3gp', false);

const me = (connected: boolean) => ({ id: 5, email: 'owner@example.com', hasGoogleDriveIntegration: connected });

function renderDialog(opts: { connected: boolean }) {
  apiGet.mockImplementation(async (path) => {
    if (path === '/user/me') return me(opts.connected);
    throw new Error(`unexpected GET ${path}`);
  });
  const storage = memoryStorage();
  const leave = vi.fn();
  const onClose = vi.fn();
  const onQueued = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GoogleDriveDialog open accountId={3} returnTo="/dashboard/demo/media/video?gdrive=true" onClose={onClose} onQueued={onQueued} edge={{ storage, leave }} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { storage, leave, onClose, onQueued };
}

describe('GoogleDriveDialog', () => {
  it('not connected: Connect stores {state, returnTo} and leaves for the authorization URL', async () => {
    calls.requestGoogleCsrf.mockResolvedValue({ state: 'st-9', authorizationUrl: 'https://accounts.example/auth?state=st-9' });
    const { storage, leave } = renderDialog({ connected: false });
    expect(screen.getByRole('heading', { name: 'Import from Google Drive' })).toBeTruthy();
    const connectButton = await screen.findByRole('button', { name: 'Connect Google Drive' });
    await waitFor(() => expect(document.activeElement).toBe(connectButton));
    fireEvent.click(connectButton);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://accounts.example/auth?state=st-9'));
    expect(JSON.parse(storage.map.get(GOOGLE_OAUTH_RETURN_KEY) ?? 'null')).toEqual({ state: 'st-9', returnTo: '/dashboard/demo/media/video?gdrive=true' });
    expect(calls.listDriveFiles).not.toHaveBeenCalled();
  });

  it('not configured (409 google_not_configured) says so instead of offering Connect', async () => {
    calls.requestGoogleCsrf.mockRejectedValue(new HttpError(409, 'Conflict', { detail: 'Google is not configured.', code: 'google_not_configured' }));
    const { leave } = renderDialog({ connected: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Google Drive' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Google Drive import is not set up on this server');
    expect(screen.queryByRole('button', { name: 'Connect Google Drive' })).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it('connected: radio group of files with thumbnails, search goes to the list call, Import queues with the spec toast', async () => {
    calls.listDriveFiles.mockImplementation(async (name) => (name === 'sample' ? [sample] : [echo, sample, desks]));
    calls.importDriveFile.mockResolvedValue({ mediaId: 88 });
    const { onQueued } = renderDialog({ connected: true });
    const group = await screen.findByRole('group', { name: 'Latest files in Google Drive' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'echo-hereweare.webm',
      'sample.mp4',
      'video_desks.3gp',
    ]);
    // Thumbnails carry the file name as alt text; a file without one has no broken image.
    expect(within(group).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['echo-hereweare.webm', 'sample.mp4']);
    expect(calls.listDriveFiles).toHaveBeenCalledWith('', expect.anything());
    // Focus moved from the close button to the search field once the files screen showed.
    expect(document.activeElement).toBe(screen.getByLabelText('Search Google Drive by name'));
    const importButton = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Search Google Drive by name'), { target: { value: 'sample' } });
    await waitFor(() => expect(within(screen.getByRole('group')).getAllByRole('radio')).toHaveLength(1));
    expect(calls.listDriveFiles).toHaveBeenLastCalledWith('sample', expect.anything());

    const only = within(screen.getByRole('group')).getByRole('radio') as HTMLInputElement;
    fireEvent.click(only);
    await waitFor(() => expect(only.checked).toBe(true));
    expect(importButton.disabled).toBe(false);
    fireEvent.click(importButton);
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    expect(calls.importDriveFile).toHaveBeenCalledWith('gdSample', 3);
    expect(toasts.success).toHaveBeenCalledWith('Video upload is queued, it may take a few minutes for the video to be shown up.');
    expect(invalidateMediaLists).toHaveBeenCalledTimes(1);
  });

  it('a refused import (403) explains it and keeps the choice; Disconnect offers Connect again', async () => {
    calls.listDriveFiles.mockResolvedValue([echo]);
    calls.importDriveFile.mockRejectedValue(new HttpError(403, 'Forbidden', { detail: 'Viewers cannot add media.' }));
    calls.logoutGoogle.mockResolvedValue(undefined);
    const { onQueued } = renderDialog({ connected: true });
    fireEvent.click(await screen.findByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are not allowed to import media into this account.');
    expect((screen.getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(onQueued).not.toHaveBeenCalled();
    apiGet.mockResolvedValue(me(false));
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Google Drive' }));
    expect(await screen.findByRole('button', { name: 'Connect Google Drive' })).toBeTruthy();
    expect(calls.logoutGoogle).toHaveBeenCalledTimes(1);
  });

  it('a failed list offers Try again', async () => {
    calls.listDriveFiles.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([desks]);
    renderDialog({ connected: true });
    expect((await screen.findByRole('alert')).textContent).toContain('The Google Drive files could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio')).toBeTruthy();
    expect(calls.listDriveFiles).toHaveBeenCalledTimes(2);
  });
});

function renderCallback(props: Parameters<typeof GoogleOAuthCallbackPage>[0]) {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <GoogleOAuthCallbackPage {...props} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('GoogleOAuthCallbackPage', () => {
  it('shows the spec text, posts code + state and returns to the stored path', async () => {
    const storage = memoryStorage();
    saveGoogleOAuthReturn(storage, { state: 'st-1', returnTo: '/dashboard/demo/media/video?gdrive=true' });
    const complete = vi.fn(() => Promise.resolve({ connected: true }));
    renderCallback({ code: 'c-1', state: 'st-1', complete, storage });
    expect(screen.getByRole('status').textContent).toBe('Authenticating to Google...');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ href: '/dashboard/demo/media/video?gdrive=true', replace: true }));
    expect(complete).toHaveBeenCalledWith('c-1', 'st-1');
    expect(storage.map.size).toBe(0);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('a refused callback (422 bad state) toasts the spec message and goes to /dashboard?error=google_oauth_error', async () => {
    const complete = vi.fn(() => Promise.reject(new HttpError(422, 'Unprocessable', { errors: { state: 'Invalid state.' } })));
    renderCallback({ code: 'x', state: 'bad', complete, storage: memoryStorage() });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ href: GOOGLE_OAUTH_ERROR_HREF, replace: true }));
    expect(GOOGLE_OAUTH_ERROR_HREF).toBe('/dashboard?error=google_oauth_error');
    expect(toasts.error).toHaveBeenCalledWith('There was an error with Google OAuth. Please try again or contact support.');
  });

  it("Google's ?error or a missing code fails without calling the API", async () => {
    const complete = vi.fn(() => Promise.resolve({ connected: true }));
    renderCallback({ error: 'access_denied', state: 'st', complete, storage: memoryStorage() });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ href: GOOGLE_OAUTH_ERROR_HREF, replace: true }));
    cleanup();
    renderCallback({ state: 'st', complete, storage: memoryStorage() });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(2));
    expect(complete).not.toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledTimes(2);
  });

  it('without a stored return for that state it goes to /dashboard', async () => {
    const storage = memoryStorage();
    saveGoogleOAuthReturn(storage, { state: 'other', returnTo: '/dashboard/demo/media/video?gdrive=true' });
    renderCallback({ code: 'c', state: 'st', complete: () => Promise.resolve({ connected: true }), storage });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ href: '/dashboard', replace: true }));
  });
});

describe('helpers', () => {
  it('offers the import only with config.googleDrive and the account feature (any flag type)', () => {
    expect(hasGoogleDriveFeature(['dashboard:integration_google_drive'])).toBe(true);
    expect(hasGoogleDriveFeature(['dashboard:integration_google_drive_x', 'dashboard:integration'])).toBe(false);
    expect(hasGoogleDriveFeature(undefined)).toBe(false);
    expect(googleDriveOffered({ googleDrive: true }, ['embed:integration_google_drive'])).toBe(true);
    expect(googleDriveOffered({ googleDrive: false }, ['dashboard:integration_google_drive'])).toBe(false);
    expect(googleDriveOffered(undefined, ['dashboard:integration_google_drive'])).toBe(false);
    expect(googleDriveOffered({ googleDrive: true }, [])).toBe(false);
  });

  it('takes the stored return once, only for its state, only same-origin paths', () => {
    const s = memoryStorage();
    saveGoogleOAuthReturn(s, { state: 'a', returnTo: '/dashboard/demo/media/video?gdrive=true' });
    expect(takeGoogleOAuthReturn(s, 'a')).toBe('/dashboard/demo/media/video?gdrive=true');
    expect(takeGoogleOAuthReturn(s, 'a')).toBeNull();
    saveGoogleOAuthReturn(s, { state: 'a', returnTo: 'https://evil.example/' });
    expect(takeGoogleOAuthReturn(s, 'a')).toBe('/dashboard');
    saveGoogleOAuthReturn(s, { state: 'a', returnTo: '/x' });
    expect(takeGoogleOAuthReturn(s, 'b')).toBeNull();
    expect(s.map.size).toBe(0);
    s.setItem(GOOGLE_OAUTH_RETURN_KEY, '{not json');
    expect(takeGoogleOAuthReturn(s, 'a')).toBeNull();
  });

  it('builds the library return path with gdrive=true, keeping the other search params', () => {
    expect(libraryReturnPath('/dashboard/demo/media/video', '?name=intro&page=2')).toBe('/dashboard/demo/media/video?name=intro&page=2&gdrive=true');
    expect(libraryReturnPath('/dashboard/demo/media/video', '?gdrive=true')).toBe('/dashboard/demo/media/video?gdrive=true');
  });

  it('formats sizes', () => {
    expect(formatSize(null)).toBeNull();
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(2_500_000)).toBe('2.4 MB');
    expect(formatSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
