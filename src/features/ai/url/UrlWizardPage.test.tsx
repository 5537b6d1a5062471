/**
 * View binding of the AI URL wizard (issue 16; spec 001 §2 "AI URL wizard", §8): the page drives the
 * urlWizard chart with fake job children and a fake create call — the step indicator marks the step
 * with aria-current, each step's heading takes focus, a bad URL shows the §8 message, Next waits for
 * a chosen option, the links and the script nodes are shown, analysis errors offer Retry, and Finish
 * opens the new vidbot's editor with the success toast.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CreatedFromScript } from '../../../../server/src/modules/ai/ai.schemas';
import type { AiJobInput, AiJobOutcome } from '../../../../machines/aiJob/aiJob.machine';
import type { CreateVidbotInput } from '../../../../machines/aiWizard/urlWizard.actors';
import { urlWizardMachine } from '../../../../machines/aiWizard/urlWizard.machine';
import { BAKERY_URL, analysisReady, bakeryAnalysis, maxPollsReached, scriptReady } from '../../../../machines/aiWizard/urlWizard.paths';
import { controllablePromise } from '../../../../machines/testing/fake-actors';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const navigate = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('react-toastify', () => ({ toast: toasts }));
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

import { UrlWizardPage } from './UrlWizardPage';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function setup() {
  const job = controllablePromise<AiJobOutcome, AiJobInput>();
  const createVidbot = controllablePromise<CreatedFromScript, CreateVidbotInput>();
  const machine = urlWizardMachine.provide({ actors: { job: job.logic as never, createVidbot: createVidbot.logic } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <UrlWizardPage accountId={1} accountSlug="demo" aiCreate={{ name: 'Aurora Bakery', privacy: 'Private', genAIType: 'url' }} machine={machine} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  const settle = async (run: { resolve: (v: never) => void } | undefined, value: unknown) => {
    await act(async () => {
      run!.resolve(value as never);
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return { job, createVidbot, settle };
}

const current = () => within(screen.getByRole('navigation', { name: 'Wizard steps' })).getByText((_, el) => el?.getAttribute('aria-current') === 'step');

describe('UrlWizardPage', () => {
  it('goes through the four steps and opens the editor of the created vidbot', async () => {
    const { job, createVidbot, settle } = setup();
    expect(current().textContent).toContain('Enter Website URL');
    const url = screen.getByLabelText('Website URL');

    fireEvent.change(url, { target: { value: 'aurora bakery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(screen.getByText('Please enter a valid URL')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(job.inputs).toEqual([]);

    fireEvent.change(url, { target: { value: BAKERY_URL } });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(job.inputs[0]?.request).toEqual({ kind: 'analyze', body: { accountId: 1, url: BAKERY_URL, scriptType: 'website', language: 'fi' } });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();

    await settle(job.pending.at(-1), analysisReady);
    const step2 = screen.getByRole('heading', { level: 2, name: 'Step 2 of 4: Parse Result' });
    expect(document.activeElement).toBe(step2);
    expect(current().textContent).toContain('Parse Result');
    expect(screen.getByText('sourdough')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Catering for your event/ }));
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Step 3 of 4: Analyze Navigation' }));
    expect(screen.getByRole('link', { name: bakeryAnalysis.navigation[0]!.url }).getAttribute('href')).toBe(bakeryAnalysis.navigation[0]!.url);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Step 4 of 4: Video Script' }));
    expect(job.inputs[1]?.request).toMatchObject({ kind: 'script', body: { details: { id: 'opt-2' }, tone: 'persuasive', language: 'fi' } });
    expect((screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement).disabled).toBe(true);
    await settle(job.pending.at(-1), scriptReady);
    const nodes = within(screen.getByRole('list', { name: 'Video script' }));
    expect(nodes.getByRole('heading', { name: /Welcome to Aurora Bakery/ }).textContent).toContain('Entry point');
    expect(nodes.getByText('Our bread → Our bread')).toBeTruthy();

    // A new tone writes the script again.
    fireEvent.change(screen.getByLabelText('Tone'), { target: { value: 'bold' } });
    expect(job.inputs[2]?.request.body).toMatchObject({ tone: 'bold' });
    await settle(job.pending.at(-1), scriptReady);

    expect((screen.getByLabelText('Vidbot name') as HTMLInputElement).value).toBe('Aurora Bakery');
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(createVidbot.inputs[0]).toMatchObject({ accountId: 1, botName: 'Aurora Bakery', genAIType: 'url' });
    await settle(createVidbot.pending.at(-1), { mainBotId: 42 });
    expect(toasts.success).toHaveBeenCalledWith('Vidbot created successfully!');
    expect(navigate).toHaveBeenCalledWith({ to: '/dashboard/$accountSlug/vidbots/$id', params: { accountSlug: 'demo', id: '42' } });
  });

  it('an analysis error shows the §8 message with Retry', async () => {
    const { job, settle } = setup();
    fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: BAKERY_URL } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    await settle(job.pending.at(-1), maxPollsReached);
    expect(screen.getByRole('alert').textContent).toContain('Maximum polling attempts reached');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(job.inputs).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
