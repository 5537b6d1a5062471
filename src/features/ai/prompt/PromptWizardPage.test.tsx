/**
 * View bindings of the AI prompt wizard (issue 16 "Prompt wizard"; spec 001 §2, §5, §8, §9) with the
 * API client mocked and fake timers: labelled controls, the name from the create dialog, 'Please
 * enter a prompt' on the field (focused, nothing sent), Generate → progress → polled every 3000 ms
 * → the script with the heading focused, an edited node text sent by Finish (genAIType 'prompt'),
 * the success toast and the trip to the editor; a failed job with Retry focused.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const api = vi.hoisted(() => ({
  get: vi.fn<(path: string, opts?: unknown) => Promise<unknown>>(),
  post: vi.fn<(path: string, body?: unknown, opts?: unknown) => Promise<unknown>>(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const navigate = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../api/client')>()), api }));
vi.mock('react-toastify', () => ({ toast: toasts }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a href="#vidbots" className={className}>
      {children}
    </a>
  ),
  useNavigate: () => navigate,
}));

import { AI_PROMPT_POLL_INTERVAL_MS } from '../../../../server/src/modules/ai/ai.schemas';
import { bakeryPrompt, bakeryScript, bakerySourceInfo, readyJob } from '../../../../machines/aiWizard/promptWizard.paths';
import { withNodeText } from '../../../../machines/aiWizard/promptWizard.machine';
import { PromptWizardPage } from './PromptWizardPage';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.resetAllMocks();
});

function renderPage(initialName?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <PromptWizardPage accountId={7} accountSlug="demo" initialName={initialName} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const created = { jobId: 'job-prompt-0001', type: 'prompt', status: 'queued' };
const settle = async (ms = 0) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('PromptWizardPage', () => {
  it('labels every control and takes the name from the create dialog', () => {
    renderPage('Aurora Bakery');
    expect(screen.getByRole('heading', { level: 1, name: 'Create a vidbot from a prompt' })).toBeTruthy();
    expect(screen.getByLabelText(/^Prompt/)).toBeTruthy();
    expect((screen.getByLabelText('Tone') as HTMLSelectElement).value).toBe('persuasive');
    expect((screen.getByLabelText('Script language') as HTMLSelectElement).value).toBe('en');
    expect((screen.getByLabelText(/^Vidbot name/) as HTMLInputElement).value).toBe('Aurora Bakery');
  });

  it('a blank prompt says ‘Please enter a prompt’ on the field, focuses it and sends nothing', async () => {
    renderPage('Aurora Bakery');
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    await settle();
    const prompt = screen.getByLabelText(/^Prompt/);
    expect(screen.getByText('Please enter a prompt')).toBeTruthy();
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(prompt);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('Generate polls every 3000 ms, shows the script; an edited text is what Finish sends; success toasts and opens the editor', async () => {
    api.post.mockImplementation(async (path) => (path === '/gen-ai/prompt' ? created : { mainBotId: 42 }));
    api.get.mockResolvedValueOnce({ ...readyJob(), status: 'generating_script', progress: 0.5, result: null }).mockResolvedValueOnce(readyJob());
    renderPage('Aurora Bakery');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: bakeryPrompt } });
    fireEvent.change(screen.getByLabelText('Tone'), { target: { value: 'bold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    await settle();
    expect(api.post).toHaveBeenCalledWith(
      '/gen-ai/prompt',
      { accountId: 7, prompt: bakeryPrompt, tone: 'bold', language: 'en', botName: 'Aurora Bakery' },
      expect.anything(),
    );
    expect(screen.getByRole('status').textContent).toContain('Waiting in line…');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await settle(AI_PROMPT_POLL_INTERVAL_MS - 10);
    expect(api.get).not.toHaveBeenCalled();
    await settle(10);
    expect(api.get).toHaveBeenCalledWith('/gen-ai/status/job-prompt-0001', expect.anything());
    expect(screen.getByRole('status').textContent).toContain('Writing the video script…');
    await settle(AI_PROMPT_POLL_INTERVAL_MS);
    expect(api.get).toHaveBeenCalledTimes(2);

    const heading = screen.getByRole('heading', { level: 2, name: 'Video script' });
    expect(document.activeElement).toBe(heading);
    const welcome = screen.getByRole('listitem', { name: /Welcome to Aurora Bakery/ });
    expect(within(welcome).getByText('Entry point')).toBeTruthy();
    expect(within(welcome).getByText(/goes to “Our breads”/)).toBeTruthy();
    const text = within(welcome).getByLabelText('Text of “Welcome to Aurora Bakery”');
    fireEvent.change(text, { target: { value: 'Fresh sourdough from 6 am.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await settle();
    expect(api.post).toHaveBeenLastCalledWith(
      '/gen-ai',
      { accountId: 7, botName: 'Aurora Bakery', sourceInfo: bakerySourceInfo, script: withNodeText(bakeryScript, 'welcome', 'Fresh sourdough from 6 am.'), genAIType: 'prompt' },
      expect.anything(),
    );
    await settle();
    expect(toasts.success).toHaveBeenCalledWith('Vidbot created successfully!');
    expect(navigate).toHaveBeenCalledWith({ to: '/dashboard/$accountSlug/vidbots/$id', params: { accountSlug: 'demo', id: '42' } });
  });

  it('a failed job says ‘Failed to generate script from prompt’ with the reason and focuses Retry, which sends again', async () => {
    api.post.mockResolvedValue(created);
    api.get.mockResolvedValue({ ...readyJob(), status: 'failed', result: null, error: 'Job failed' });
    renderPage();
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: bakeryPrompt } });
    fireEvent.change(screen.getByLabelText(/^Vidbot name/), { target: { value: 'Bakery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    await settle(AI_PROMPT_POLL_INTERVAL_MS);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to generate script from prompt');
    expect(alert.textContent).toContain('Job failed');
    const retry = within(alert).getByRole('button', { name: 'Retry' });
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    await settle();
    expect(api.post).toHaveBeenCalledTimes(2);
  });
});
