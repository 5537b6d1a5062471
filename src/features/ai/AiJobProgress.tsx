/**
 * Progress of an AI job (issue 16: "Progress is shown as a progress bar with the current status in
 * words"; spec 001 §4 statuses). Bind it to the job chart's context (machines/aiJob: `status`,
 * `progress`): `<AiJobProgress status={ctx.status} progress={ctx.progress} />`.
 *
 * - The bar is indeterminate (no value) until the job reports progress, then shows 0..1 (clamped).
 * - The words are the §4 status in plain language; a wizard may reword statuses with `statusLabels`
 *   (the avatar generator says 'Rendering the video…' for `generating_script`).
 * - `role="status"` with polite announcements, so screen readers hear the status change.
 *
 * Also the §8 AI messages in the reader's language (spec 001 §8 "AI"): the job chart and the API speak
 * English (`AI_MESSAGES`, an `AiJobOutcome`'s `message`, a job's `error`); views show them through
 * `aiMessageText`, which translates the §8 messages it knows and leaves any other text (a server's own
 * sentence, e.g. why a website could not be fetched) as it came. (Kept in this module so every wizard
 * that shows progress reaches these messages' catalog.)
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import './aiJobProgress.css';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AiJobStatusName } from '../../../server/src/modules/ai/ai.schemas';
import { aiMessageText } from './aiWords';

export { AI_MESSAGE_WORDS, aiMessageText } from './aiWords';
import type { AiJobOutcome } from '../../../machines/aiJob/aiJob.machine';

/** Each §4 status in words. */
export const AI_STATUS_LABELS: Record<AiJobStatusName, MessageDescriptor> = {
  pending: msg`Starting…`,
  queued: msg`Waiting in line…`,
  fetching_url: msg`Reading the website…`,
  analyzing_content: msg`Analysing the content…`,
  analyzing_source: msg`Working out what the site is about…`,
  generating_suggestions: msg`Suggesting video scripts…`,
  analyzing_navigation: msg`Analysing the navigation…`,
  validating_urls: msg`Checking the links…`,
  generating_script: msg`Writing the video script…`,
  completed: msg`Finishing…`,
  ready: msg`Done`,
  failed: msg`Failed`,
  error: msg`Failed`,
};

export interface AiJobProgressProps {
  status: AiJobStatusName;
  /** 0..1 (values outside are clamped). */
  progress: number;
  /** Accessible name of the bar; default: the status in words. */
  label?: string;
  /** Words for some statuses instead of the defaults. */
  statusLabels?: Partial<Record<AiJobStatusName, MessageDescriptor>>;
}

export function AiJobProgress({ status, progress, label, statusLabels }: AiJobProgressProps) {
  const { i18n } = useLingui();
  const words = i18n._(statusLabels?.[status] ?? AI_STATUS_LABELS[status]);
  const value = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 0;
  const indeterminate = value === 0 && status !== 'ready' && status !== 'failed' && status !== 'error';
  return (
    <div className="ai-job-progress" role="status" aria-live="polite">
      <progress max={1} value={indeterminate ? undefined : value} aria-label={label ?? words} />
      <span>{words}</span>
    </div>
  );
}

/** The error text of a job outcome (`failed` / `error`), else null (ready, cancelled). */
export function aiOutcomeError(i18n: I18n, outcome: AiJobOutcome): string | null {
  return outcome.kind === 'failed' || outcome.kind === 'error' ? aiMessageText(i18n, outcome.message) : null;
}
