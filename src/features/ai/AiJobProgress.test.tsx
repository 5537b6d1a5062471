/**
 * AiJobProgress and the §8 message wording (issue 16 "Progress is shown as a progress bar with the
 * current status in words"; spec 001 §8): the bar follows the job chart's progress, is indeterminate
 * until there is some, names the status in the active language; §8 messages are translated and other
 * server text is shown as it came.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { AI_MESSAGES } from '../../../server/src/modules/ai/ai.schemas';
import { AI_MESSAGE_WORDS, AI_STATUS_LABELS, AiJobProgress, aiMessageText, aiOutcomeError, type AiJobProgressProps } from './AiJobProgress';

beforeEach(() => {
  i18n.load('en', {});
  i18n.load('fi', { [AI_STATUS_LABELS.fetching_url.id!]: 'Luetaan verkkosivustoa…', [AI_MESSAGE_WORDS[AI_MESSAGES.maxAttempts]!.id!]: 'Tilakyselyjen enimmäismäärä täyttyi' });
  i18n.activate('en');
});
afterEach(cleanup);

const show = (props: AiJobProgressProps) =>
  render(
    <I18nProvider i18n={i18n}>
      <AiJobProgress {...props} />
    </I18nProvider>,
  );

describe('AiJobProgress', () => {
  it('shows the status in words and the progress as a 0..1 bar named by it', () => {
    show({ status: 'analyzing_navigation', progress: 0.7 });
    const bar = screen.getByRole('progressbar', { name: 'Analysing the navigation…' });
    expect(bar.getAttribute('value')).toBe('0.7');
    expect(screen.getByRole('status').textContent).toContain('Analysing the navigation…');
  });

  it('is indeterminate before any progress, full when ready, and clamps odd figures', () => {
    show({ status: 'queued', progress: 0 });
    expect(screen.getByRole('progressbar').hasAttribute('value')).toBe(false);
    cleanup();
    show({ status: 'ready', progress: 1 });
    expect(screen.getByRole('progressbar', { name: 'Done' }).getAttribute('value')).toBe('1');
    cleanup();
    show({ status: 'completed', progress: 1.7 });
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('1');
  });

  it('takes a wizard’s own words for a status and its own accessible name', () => {
    show({ status: 'generating_script', progress: 0.4, statusLabels: { generating_script: msg`Rendering the video…` }, label: 'Avatar video progress' });
    expect(screen.getByRole('progressbar', { name: 'Avatar video progress' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Rendering the video…');
  });

  it('speaks the active language', () => {
    i18n.activate('fi');
    show({ status: 'fetching_url', progress: 0.1 });
    expect(screen.getByRole('status').textContent).toBe('Luetaan verkkosivustoa…');
  });
});

describe('aiMessageText', () => {
  it('words every §8 message, translated when the language has it; other text as it came', () => {
    for (const message of Object.values(AI_MESSAGES)) expect(aiMessageText(i18n, message)).toBe(message);
    i18n.activate('fi');
    expect(aiMessageText(i18n, AI_MESSAGES.maxAttempts)).toBe('Tilakyselyjen enimmäismäärä täyttyi');
    expect(aiMessageText(i18n, 'Could not fetch http://10.0.0.1/: the address is private.')).toBe('Could not fetch http://10.0.0.1/: the address is private.');
    expect(aiMessageText(i18n, 'toString')).toBe('toString');
  });

  it('gives the error text of failed and error outcomes only', () => {
    expect(aiOutcomeError(i18n, { kind: 'error', message: AI_MESSAGES.pollFailed })).toBe('Failed to poll job status');
    expect(aiOutcomeError(i18n, { kind: 'failed', message: 'The model’s answer was not a valid analysis.' })).toBe('The model’s answer was not a valid analysis.');
    expect(aiOutcomeError(i18n, { kind: 'cancelled' })).toBeNull();
  });
});
