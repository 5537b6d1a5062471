/**
 * Progress of an AI job (issue 16: "Progress is shown as a progress bar with the current status in
 * words"; spec 001 §4 statuses). SEAM (lead): the ai-machine helper owns and may refine it.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import type { AiJobStatusName } from '../../../server/src/modules/ai/ai.schemas';

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

/**
 * `labels` words a status differently for one flow (the avatar generator: generating_script =
 * 'Rendering the video…', issue 16 decision 2).
 */
export function AiJobProgress({ status, progress, label, labels }: { status: AiJobStatusName; progress: number; label?: string; labels?: Partial<Record<AiJobStatusName, MessageDescriptor>> }) {
  const { i18n } = useLingui();
  const words = i18n._(labels?.[status] ?? AI_STATUS_LABELS[status]);
  return (
    <div className="ai-job-progress" role="status" aria-live="polite">
      <progress max={1} value={Math.min(1, Math.max(0, progress))} aria-label={label ?? words} />
      <span>{words}</span>
    </div>
  );
}
