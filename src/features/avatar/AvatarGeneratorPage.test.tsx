/**
 * View bindings of the avatar video generator (issue 16; spec 001 §2 "Avatar video generator", §5,
 * §8): the page drives the avatarGenerator chart through the real app-edge actors (API calls stubbed;
 * the job chart's poll delay provided as 0 ms) — groups are labelled buttons, 4 per page with the
 * pager; choosing one moves focus to the settings heading; the settings' controls are labelled; the
 * §5 rules show on the fields and nothing is sent; the request of §3 is posted; the job's
 * generating_script status reads 'Rendering the video…'; ready → toast, focus on "Your video is
 * ready" and a link to the video in the media library; a failed job offers Try again (a new POST).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const apiGet = vi.hoisted(() => vi.fn<(path: string, options?: { query?: Record<string, unknown> }) => Promise<unknown>>());
const apiPost = vi.hoisted(() => vi.fn<(path: string, body?: unknown) => Promise<unknown>>());
const invalidateMediaLists = vi.hoisted(() => vi.fn(() => Promise.resolve()));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: apiGet, post: apiPost },
}));
vi.mock('../media/library/library.queries', () => ({ invalidateMediaLists }));
vi.mock('react-toastify', () => ({ toast: toasts }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, params, search, ...rest }: { children: ReactNode; to: string; params?: Record<string, string>; search?: Record<string, string> }) => {
    const path = Object.entries(params ?? {}).reduce((p, [k, v]) => p.replace(`$${k}`, v), to);
    const query = search ? `?${new URLSearchParams(search).toString()}` : '';
    return (
      <a href={`${path}${query}`} {...rest}>
        {children}
      </a>
    );
  },
}));
// The job chart polls at once in these tests (its 5000 ms interval is covered by the machine tests).
vi.mock('../ai/aiJob.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../ai/aiJob.actors')>();
  return { ...original, aiJobLogic: original.aiJobLogic.provide({ delays: { pollDelay: 0 } }) };
});

import { AvatarGeneratorPage } from './AvatarGeneratorPage';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const account = { id: 7, publicId: 'demo' };
const group = (n: number) => ({ id: `g${n}`, name: `Portrait ${n}`, numLooks: n === 1 ? 2 : 1, previewImage: `/files/p${n}.jpg` });
const pages: Record<number, unknown> = {
  1: { records: [group(1), group(2), group(3), group(4)], metadata: { page: 1, pageSize: 4, pageCount: 2, totalCount: 5 } },
  2: { records: [group(5)], metadata: { page: 2, pageSize: 4, pageCount: 2, totalCount: 5 } },
};
const looks = {
  records: [
    { avatarId: 'm-11', avatarName: 'Smiling', voiceId: null, previewImageUrl: '/files/p1.jpg', previewVideoUrl: null },
    { avatarId: 'm-12', avatarName: 'Serious', voiceId: null, previewImageUrl: null, previewVideoUrl: null },
  ],
};
const voices = { records: [{ voiceId: 'fi', name: 'Finnish', language: 'fi' }] };
const job = (status: string, progress: number, extra: Record<string, unknown> = {}) => ({
  id: 'job-avatar-1',
  type: 'avatar',
  status,
  progress,
  error: null,
  result: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-11-26T12:00:05.000Z',
  ...extra,
});

function renderPage(polls: unknown[]) {
  apiGet.mockImplementation(async (path, options) => {
    if (path === '/generate/avatar-groups') return pages[Number(options?.query?.page)];
    if (path === '/generate/avatar-groups/g1/avatars') return looks;
    if (path === '/generate/voices') return voices;
    if (path.startsWith('/gen-ai/status/')) {
      const next = polls.shift();
      if (next === 'hold') return new Promise(() => undefined);
      return next;
    }
    throw new Error(`unexpected GET ${path}`);
  });
  apiPost.mockResolvedValue({ jobId: 'job-avatar-1', type: 'avatar', status: 'queued' });
  const queryClient = new QueryClient();
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AvatarGeneratorPage account={account} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

async function toSettings() {
  const list = await screen.findByRole('list', { name: 'Avatars' });
  fireEvent.click(within(list).getByRole('button', { name: /Portrait 1/ }));
  const heading = await screen.findByRole('heading', { name: 'Settings for Portrait 1' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  await screen.findByRole('group', { name: 'Look' });
}

function fillSettings() {
  fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: '  Welcome video ' } });
  fireEvent.change(screen.getByLabelText(/^Avatar style/), { target: { value: 'square' } });
  fireEvent.change(screen.getByLabelText(/^Script/), { target: { value: 'Hello there!' } });
  fireEvent.change(screen.getByLabelText('Voice'), { target: { value: 'fi' } });
}

describe('AvatarGeneratorPage', () => {
  it('lists 4 groups per page as labelled buttons and pages with the pager', async () => {
    renderPage([]);
    const list = await screen.findByRole('list', { name: 'Avatars' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Portrait 12 looks', 'Portrait 21 look', 'Portrait 31 look', 'Portrait 41 look']);
    expect(apiGet).toHaveBeenCalledWith('/generate/avatar-groups', expect.objectContaining({ query: { account_id: 7, page: 1, size: 4 } }));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Avatars' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Portrait 51 look']));
    expect(apiGet).toHaveBeenCalledWith('/generate/avatar-groups', expect.objectContaining({ query: { account_id: 7, page: 2, size: 4 } }));
  });

  it('settings: labelled controls, the §5 rules on the fields, Back to select with focus on its heading', async () => {
    renderPage([]);
    await toSettings();
    const look = screen.getByRole('group', { name: 'Look' });
    expect((within(look).getByRole('radio', { name: 'Smiling' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Voice') as HTMLSelectElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    expect(await screen.findByText('Title is required.')).toBeTruthy();
    expect(screen.getByText('Avatar style is required.')).toBeTruthy();
    expect(screen.getByText('Script is required.')).toBeTruthy();
    expect(screen.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(apiPost).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const heading = await screen.findByRole('heading', { name: 'Choose an avatar' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('posts the §3 request, words generating_script as "Rendering the video…", and links to the ready video', async () => {
    const gate: unknown[] = [job('generating_script', 0.5), 'hold'];
    renderPage(gate);
    await toSettings();
    fireEvent.click(screen.getByRole('radio', { name: 'Serious' }));
    fillSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Generating the video' })));
    expect(apiPost).toHaveBeenCalledWith(
      '/generate/avatar',
      {
        accountId: 7,
        title: 'Welcome video',
        caption: true,
        videoInputs: [{ character: { type: 'talking_photo', talkingPhotoId: 'm-12', talkingPhotoStyle: 'square' }, voice: { type: 'text', voiceId: 'fi', inputText: 'Hello there!' } }],
      },
      expect.anything(),
    );
    expect(await screen.findByText('Rendering the video…')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Rendering the video…' }) as HTMLProgressElement).value).toBe(0.5);
    cleanup();
  });

  it('ready → toast, focus on the result, link to the media library; failed → Try again posts again', async () => {
    renderPage([job('failed', 0.2, { error: 'The avatar image could not be read.' }), job('ready', 1, { result: { mediaId: 91 } })]);
    await toSettings();
    fillSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The video could not be generated. Please try again.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The video was not generated' })));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const done = await screen.findByRole('heading', { name: 'Your video is ready' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(apiPost).toHaveBeenCalledTimes(2);
    expect(toasts.success).toHaveBeenCalledWith('Your avatar video “Welcome video” is ready in the media library.');
    expect(invalidateMediaLists).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Open the video in the media library' }).getAttribute('href')).toBe('/dashboard/demo/media/video?name=Welcome+video');
  });
});
